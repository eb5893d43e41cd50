//! `cargo xtask demo`: the main job, shown on the bundled scripts in `demo/`.
//!
//! Why: a newcomer's first command should show what the project does, not only that it builds.
//! First the Rust core through its native CLI: vet each demo script, transpile the ones that
//! pass, and check that each outcome is the expected one (so the demo doubles as a smoke test).
//! Then the shipped extension (`dist/chrome`) in Chromium on the bundled demo page
//! (`demo/page/`, driven by `tests/harness/demo-run.mjs`), which fails unless every widget
//! reaches its expected outcome.

use std::path::Path;
use std::process::Command;

use crate::build;
use crate::extension;
use crate::setup;
use crate::util::{self, cmd, heading, run, step, Failure, Result};

const STEP: &str = "demo";

/// A bundled script and whether the core should let it through.
struct Script {
    file: &'static str,
    passes: bool,
    about: &'static str,
}

const SCRIPTS: &[Script] = &[
    Script {
        file: "demo/good.js",
        passes: true,
        about: "a small computation using Math, JSON and a top-level function",
    },
    Script {
        file: "demo/escape.js",
        passes: false,
        about: "tries `with`, direct `eval` and `import()`",
    },
    Script {
        file: "demo/sneaky.js",
        passes: false,
        about: "spells eval with a unicode escape: `\\u0065val`",
    },
];

/// `paranoid function ARG...`: what the `Function` stand-ins do with `new Function(...)`.
struct FunctionCall {
    args: &'static [&'static str],
    passes: bool,
    about: &'static str,
}

const FUNCTION_CALLS: &[FunctionCall] = &[
    FunctionCall {
        args: &["a", "b", "return Math.max(a, b) * 2;"],
        passes: true,
        about: "new Function(\"a\", \"b\", body): parameters and body vetted and rewritten",
    },
    FunctionCall {
        args: &["x", "}); eval('1'); (function () {"],
        passes: false,
        about: "a body that tries to close the function early: parsed on its own, so rejected",
    },
];

pub fn demo(root: &Path) -> Result {
    step("setup", || setup::setup(root))?;
    let out = step("build", || build::build(root))?;
    let cli = &out.cli;

    heading("demo: the core on the scripts in demo/ (see demo/README.md)");
    for script in SCRIPTS {
        println!("\n### {} — {}", script.file, script.about);
        let passed = show(cmd(cli, root).args(["vet", script.file]))?;
        expect(script.file, passed, script.passes)?;
        if passed {
            println!("\nvetting passed; the transpiled script:");
            if !show(cmd(cli, root).args(["transpile", script.file]))? {
                return Err(Failure::new(
                    STEP,
                    format!("{} passed vetting but `transpile` rejected it", script.file),
                ));
            }
        }
    }

    for call in FUNCTION_CALLS {
        println!("\n### paranoid function — {}", call.about);
        let passed = show(cmd(cli, root).arg("function").args(call.args))?;
        expect("paranoid function", passed, call.passes)?;
    }

    heading("demo: the extension on the bundled demo page (demo/page/)");
    println!(
        "the page opts in with <script type=\"text/x-paranoid\"> tags; each widget runs in its own\n\
         sandbox: a computation, a fetch that is stopped, an endless loop that is killed, a script\n\
         rejected at vetting, the fake clock. A window opens where there is a display (close it to\n\
         end); headless, what each widget showed is printed and screenshots are saved"
    );
    extension::extension(root)?;
    let mut c = cmd("node", root);
    c.arg("tests/harness/demo-run.mjs")
        .arg("--ext")
        .arg(root.join("dist/chrome"))
        .arg("--out")
        .arg(root.join("target/demo"));
    run(STEP, &mut c)?;
    println!("\ndemo finished: every script and widget got the expected outcome");
    Ok(())
}

/// Runs the CLI with inherited output. `Ok(true)`: exit 0 (passed), `Ok(false)`: exit 1
/// (rejected); anything else (usage or I/O error, a crash) is a failure of the demo.
fn show(c: &mut Command) -> Result<bool> {
    let line = util::display(c);
    println!("$ {line}");
    let status = c.status().map_err(|e| {
        let mut f = util::spawn_failure(STEP, c, e);
        f.detail.push_str(" (has `cargo xtask build` run?)");
        f
    })?;
    match status.code() {
        Some(0) => Ok(true),
        Some(1) => {
            println!("(exit 1: rejected)");
            Ok(false)
        }
        _ => Err(Failure::new(STEP, format!("`{line}` exited with {status}"))),
    }
}

fn expect(what: &str, passed: bool, should_pass: bool) -> Result {
    match (passed, should_pass) {
        (true, true) | (false, false) => Ok(()),
        (true, false) => Err(Failure::new(
            STEP,
            format!("{what} should have been rejected but passed"),
        )),
        (false, true) => Err(Failure::new(
            STEP,
            format!("{what} should have passed but was rejected"),
        )),
    }
}
