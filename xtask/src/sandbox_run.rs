//! `cargo xtask sandbox-run`: builds what is stale, then runs files in sandboxes of the real test
//! extension in a headless browser (`tests/harness/sandbox-run.mjs` drives it). The interface is
//! stable: tests, benchmarks and reviewers use it as it is (README.md, "Test harness").

use std::path::Path;

use crate::extension::{self, Browser};
use crate::util::{cmd, run, Failure, Result};

pub fn sandbox_run(root: &Path, args: &[String]) -> Result {
    run("sandbox-run", &mut harness(root, args)?)
}

/// Builds what is stale and returns the harness command for `args`.
fn harness(root: &Path, args: &[String]) -> Result<std::process::Command> {
    let mut browser = Browser::Chrome;
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--browser" {
            browser = Browser::from_flag(args.get(i + 1).map(String::as_str))
                .map_err(|e| Failure::new("sandbox-run", e))?;
            i += 1;
        }
        i += 1;
    }
    extension::extension(root)?;
    let ext = extension::test_dir(root, browser);
    let mut forwarded: Vec<String> = Vec::new();
    let mut skip = false;
    for (n, a) in args.iter().enumerate() {
        if skip {
            skip = false;
            continue;
        }
        if a == "--browser" {
            skip = true;
            let _ = n;
            continue;
        }
        forwarded.push(a.clone());
    }
    let mut c = cmd("node", root);
    c.arg("tests/harness/sandbox-run.mjs")
        .args(["--browser", browser.harness_flag(), "--ext"])
        .arg(&ext)
        .args(&forwarded);
    Ok(c)
}
