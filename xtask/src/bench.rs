//! `cargo xtask bench [--browser chromium|firefox] [--quick]`: Paranoid against native and its
//! peers (SES, sandboxjs, QuickJS), measured side by side in one browser run, as ratios.
//!
//! Why here and not in tests: these machines are noisy, so figures are printed and written to
//! `target/bench/results.json`, never asserted. `--quick` (part of `cargo xtask test`) only
//! checks that every measurement runs and gives a sane number.
//! 1. Build what is stale (the CLI, the wasm core, the test builds).
//! 2. Native transpile throughput: `paranoid throughput` on the four libraries, each paired
//!    with swc alone on the same text.
//! 3. The browser half: `tests/harness/bench-run.mjs` (start-up, round trips, transpile in the
//!    worker, workloads, scale), which writes the results and prints the table.

use std::path::Path;

use crate::extension::{self, Browser};
use crate::util::{self, cmd, run, Failure, Result};

const STEP: &str = "bench";

/// The libraries of the transpile figures, as in the core's tests (`tests/node_modules/`).
const LIBRARIES: &[&str] = &[
    "lodash/lodash.js",
    "jquery/dist/jquery.js",
    "three/build/three.cjs",
    "react-dom/umd/react-dom.development.js",
];

pub fn bench(root: &Path, args: &[String]) -> Result {
    let mut browser = Browser::Chrome;
    let mut quick = false;
    let mut rest = args.iter();
    while let Some(a) = rest.next() {
        match a.as_str() {
            "--quick" => quick = true,
            "--browser" => {
                browser = Browser::from_flag(rest.next().map(String::as_str))
                    .map_err(|e| Failure::new(STEP, e))?
            }
            other => return Err(Failure::new(STEP, format!("unknown argument {other}"))),
        }
    }
    extension::extension(root)?;
    let out = util::target_dir(root).join("bench");
    std::fs::create_dir_all(&out)
        .map_err(|e| Failure::new(STEP, format!("cannot create {}: {e}", out.display())))?;

    let modules = root.join("tests/node_modules");
    let libraries: &[&str] = if quick { &LIBRARIES[..1] } else { LIBRARIES };
    let cli = util::target_dir(root).join("release/paranoid");
    let mut c = cmd(&cli, root);
    c.args(["throughput", "--iterations", if quick { "2" } else { "7" }])
        .args(libraries.iter().map(|l| modules.join(l)));
    println!("$ {}", util::display(&c));
    let native = c.output().map_err(|e| util::spawn_failure(STEP, &c, e))?;
    if !native.status.success() {
        return Err(Failure::new(
            STEP,
            format!(
                "the native transpile measurement failed: {}",
                String::from_utf8_lossy(&native.stderr)
            ),
        ));
    }
    let native_json = out.join("native.json");
    std::fs::write(&native_json, &native.stdout)
        .map_err(|e| Failure::new(STEP, format!("cannot write {}: {e}", native_json.display())))?;

    let mut c = cmd("node", root);
    c.arg("tests/harness/bench-run.mjs")
        .arg("--ext")
        .arg(extension::test_dir(root, browser))
        .args(["--browser", browser.harness_flag()])
        .arg("--native")
        .arg(&native_json)
        .arg("--wasm")
        .arg(util::target_dir(root).join("wasm/paranoid_core.wasm"))
        .arg("--out")
        .arg(&out);
    if quick {
        c.arg("--quick");
    }
    run(STEP, &mut c)
}
