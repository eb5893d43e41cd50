//! Real libraries from npm (fetched by `cargo xtask setup` into `tests/node_modules`): each must
//! pass vetting at the default level, and its output must parse again with no free identifier
//! but the reserved ones. Behaviour is compared in Node (`tests/node/libraries.test.mjs`).

use std::path::PathBuf;

use paranoid_core::{check_output, nesting_depth, transpile, vet, Options};

const LIBRARIES: &[&str] = &[
    "lodash/lodash.js",
    "lodash/lodash.min.js",
    "underscore/underscore-umd.js",
    "underscore/underscore-umd-min.js",
    "jquery/dist/jquery.js",
    "jquery/dist/jquery.min.js",
    "three/build/three.cjs",
    "three/build/three.min.js",
    "react-dom/umd/react-dom.development.js",
    "react-dom/umd/react-dom.production.min.js",
];

fn testdata() -> PathBuf {
    let dir = std::env::var_os("PARANOID_TESTDATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/node_modules"));
    assert!(
        dir.join("lodash").exists(),
        "test data missing at {}: run `cargo xtask setup`",
        dir.display()
    );
    dir
}

fn read(lib: &str) -> String {
    std::fs::read_to_string(testdata().join(lib)).unwrap_or_else(|e| panic!("{lib}: {e}"))
}

#[test]
fn real_libraries_pass_vetting() {
    for lib in LIBRARIES {
        let diagnostics = vet(&read(lib), &Options::default());
        assert!(
            diagnostics.is_empty(),
            "{lib}: {:#?}",
            &diagnostics[..diagnostics.len().min(5)]
        );
    }
}

#[test]
fn real_library_output_reparses_with_only_reserved_free_names() {
    for lib in LIBRARIES {
        let out =
            transpile(&read(lib), &Options::default()).unwrap_or_else(|d| panic!("{lib}: {d:?}"));
        check_output(&out.code).unwrap_or_else(|e| panic!("{lib}: {e}"));
        assert!(
            out.source_map.contains("\"mappings\""),
            "{lib}: no source map"
        );
    }
}

#[test]
fn real_libraries_stay_well_under_the_nesting_limit() {
    let limit = paranoid_core::policy::limits::MAX_NESTING;
    for lib in LIBRARIES {
        let depth = nesting_depth(&read(lib)).unwrap_or_else(|d| panic!("{lib}: {d:?}"));
        eprintln!("{lib}: nesting {depth}");
        assert!(
            depth * 2 <= limit,
            "{lib}: nesting {depth} is over half the limit {limit}"
        );
    }
}
