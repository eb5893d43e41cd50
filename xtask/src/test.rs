//! `cargo xtask test`: every check the project has, in one command, stopping at the first failure.
//!
//! Why one command: README.md gives it to newcomers and `.ci/run` runs exactly it, so what a
//! person runs and what CI runs cannot drift apart. Cheap checks (fmt, clippy, tidy) go first so
//! that a typo fails in seconds, not after the release builds.

use std::fs;
use std::path::Path;
use std::time::Instant;

use crate::build;
use crate::extension;
use crate::lint;
use crate::setup;
use crate::tidy;
use crate::util::{self, cmd, run, step, Failure, Result};

/// How long the fuzz smoke run lasts, in seconds (libFuzzer's `-max_total_time`).
const FUZZ_SECONDS: u32 = 30;

pub fn test(root: &Path) -> Result {
    let start = Instant::now();

    step("setup", || setup::setup(root))?;

    step("cargo fmt --check", || {
        run(
            "cargo fmt --check",
            cmd(util::cargo(), root).args(["fmt", "--all", "--", "--check"]),
        )
    })?;

    step("cargo clippy", || {
        run(
            "cargo clippy",
            cmd(util::cargo(), root).args([
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ]),
        )
    })?;

    // Seconds, and before the long builds: a doc naming a moved file fails here.
    step("tidy", || tidy::tidy(root))?;

    // Seconds too: ESLint, with the kernel's captured-calls rule.
    step("lint", || lint::lint(root))?;

    let out = step("build", || build::build(root))?;

    // Release: the real-library tests are slow in debug.
    step("cargo test", || {
        run(
            "cargo test",
            cmd(util::cargo(), root).args(["test", "--workspace", "--release"]),
        )
    })?;

    step("node tests", || {
        let dir = root.join("rust-core").join("tests").join("node");
        let found = node_test_files(&dir);
        if found == 0 {
            return Err(Failure::new(
                "node tests",
                format!(
                    "no test files in {}: `node --test DIR` only runs files named like \
                     `*.test.mjs`, `*.test.js`, `test-*.js` or `*_test.js`, and would pass \
                     with zero tests",
                    dir.display()
                ),
            ));
        }
        run(
            "node tests",
            cmd("node", root)
                .args(["--test", "rust-core/tests/node/"])
                .env("PARANOID_BIN", &out.cli)
                .env("PARANOID_WASM", &out.wasm)
                .env("PARANOID_TESTDATA", root.join("tests").join("node_modules")),
        )
    })?;

    // The extension's shared readers in Node (storage as hostile input, docs/bad-input.md),
    // which need the policy tables from the CLI, the meta wasm's `@include` regexes against
    // JavaScript's `RegExp`, and one test per worker-kernel file (`tests/unit/kernel/`, whose
    // core glue test runs the core's wasm). Node 20's `--test DIR` searches subfolders too.
    step("extension unit tests", || {
        run(
            "extension unit tests",
            cmd("node", root)
                .args(["--test", "tests/unit/"])
                .env("PARANOID_BIN", &out.cli)
                .env("PARANOID_META_WASM", &out.meta_wasm)
                .env("PARANOID_WASM", &out.wasm),
        )
    })?;

    step("browser tests (Chromium and Firefox ESR)", || {
        extension::extension(root)?;
        run(
            "browser tests",
            cmd("node", root)
                .args(["--test", "tests/browser/"])
                .env(
                    "PARANOID_EXT_CHROME",
                    extension::test_dir(root, extension::Browser::Chrome),
                )
                .env(
                    "PARANOID_EXT_FIREFOX",
                    extension::test_dir(root, extension::Browser::Firefox),
                )
                .env("PARANOID_DIST_FIREFOX", root.join("dist").join("firefox")),
        )
    })?;

    step("fuzz (short run)", || {
        let core = root.join("rust-core");
        // Seed the (gitignored) corpora from the demo and test corpus first, so a short run
        // starts from real scripts rather than from nothing.
        run(
            "fuzz",
            cmd("sh", root).arg(core.join("fuzz").join("seed-corpus.sh")),
        )?;
        for (target, seconds) in [
            ("transpile", FUZZ_SECONDS),
            ("function", FUZZ_SECONDS / 2),
            ("metadata", FUZZ_SECONDS / 3),
            ("match_pattern", FUZZ_SECONDS / 3),
        ] {
            // Plain `cargo` (the rustup proxy), not $CARGO: `+nightly` only works through the
            // proxy. The toolchain variables that `cargo xtask` inherited name stable: drop them.
            run(
                "fuzz",
                cmd("cargo", &core)
                    .env_remove("RUSTUP_TOOLCHAIN")
                    .env_remove("CARGO")
                    .args([
                        "+nightly",
                        "fuzz",
                        "run",
                        // Release without debug assertions, as the core ships: swc 47 has
                        // debug-only assertions that malformed input trips (one found here,
                        // kept in tests/corpus/reject/fuzz-arrow-after-call-in-parens.js).
                        "-O",
                        target,
                        "--",
                        &format!("-max_total_time={seconds}"),
                        "-rss_limit_mb=4096",
                    ]),
            )?;
        }
        Ok(())
    })?;

    step("cargo bench --no-run", || {
        run(
            "cargo bench --no-run",
            cmd(util::cargo(), root).args(["bench", "-p", "paranoid-core", "--no-run"]),
        )
    })?;

    // No thresholds (the machine is noisy): every measurement must run and give a sane number.
    step("bench --quick", || {
        crate::bench::bench(root, &["--quick".to_string()])
    })?;

    println!(
        "\nall test steps passed in {}",
        util::human(start.elapsed())
    );
    Ok(())
}

/// How many files under `dir` Node 20's `--test DIR` would pick up (its default name patterns).
fn node_test_files(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut count = 0;
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "node_modules" {
                count += node_test_files(&path);
            }
            continue;
        }
        let Some(stem) = [".js", ".mjs", ".cjs"]
            .iter()
            .find_map(|ext| name.strip_suffix(ext))
        else {
            continue;
        };
        let in_test_dir = dir.file_name().is_some_and(|d| d == "test");
        if in_test_dir
            || stem == "test"
            || stem.starts_with("test-")
            || stem.ends_with(".test")
            || stem.ends_with("-test")
            || stem.ends_with("_test")
        {
            count += 1;
        }
    }
    count
}
