//! `cargo xtask sandbox-run`: builds what is stale, then runs files in sandboxes of the real test
//! extension in a headless browser (`tests/harness/sandbox-run.mjs` drives it). The interface is
//! stable: later issues, benchmarks and reviewers use it as it is (README.md, "Test harness").

use std::path::Path;

use crate::extension::{self, Browser};
use crate::util::{cmd, run, Failure, Result};

pub fn sandbox_run(root: &Path, args: &[String]) -> Result {
    run("sandbox-run", &mut harness(root, args)?)
}

/// Like [`sandbox_run`], but returns the JSON lines (each also printed) for the caller to check.
pub fn sandbox_run_lines(root: &Path, args: &[String]) -> Result<Vec<serde_json::Value>> {
    let mut c = harness(root, args)?;
    c.stderr(std::process::Stdio::inherit());
    println!("$ {}", crate::util::display(&c));
    let out = c
        .output()
        .map_err(|e| crate::util::spawn_failure("sandbox-run", &c, e))?;
    if !out.status.success() {
        return Err(Failure::new(
            "sandbox-run",
            format!("the harness exited with {}", out.status),
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    print!("{text}");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            serde_json::from_str(l)
                .map_err(|e| Failure::new("sandbox-run", format!("not JSON ({e}): {l}")))
        })
        .collect()
}

/// Builds what is stale and returns the harness command for `args`.
fn harness(root: &Path, args: &[String]) -> Result<std::process::Command> {
    let mut browser = Browser::Chrome;
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--browser" {
            browser = match args.get(i + 1).map(String::as_str) {
                Some("chromium") | Some("chrome") => Browser::Chrome,
                Some("firefox") => Browser::Firefox,
                other => {
                    return Err(Failure::new(
                        "sandbox-run",
                        format!("--browser takes chromium or firefox, not {other:?}"),
                    ))
                }
            };
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
    let browser_flag = match browser {
        Browser::Chrome => "chromium",
        Browser::Firefox => "firefox",
    };
    let mut c = cmd("node", root);
    c.arg("tests/harness/sandbox-run.mjs")
        .args(["--browser", browser_flag, "--ext"])
        .arg(&ext)
        .args(&forwarded);
    Ok(c)
}
