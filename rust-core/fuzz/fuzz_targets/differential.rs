//! THE SLOW TARGET. Generates a small program from the input (`paranoid_core_fuzz::generate`),
//! transpiles it, and runs the original and the transpiled code in Node
//! (`differential-driver.mjs`, on the reference runtime of `rust-core/tests/node/`): both must
//! end the same way, and a refusal by paranoid must match an original that does not compile.
//!
//! Node (`PARANOID_NODE`, default `node`) is started once and serves every input over a pipe;
//! without Node only the core's own invariants are checked. Expect hundreds, not hundreds of
//! thousands, of executions per second:
//!
//!     cargo +nightly fuzz run differential -- -max_total_time=300
//!
//! Seed it (`seed-corpus.sh` writes random 512-byte inputs) or pass `-len_control=0`: the
//! generator needs a few hundred bytes to build more than a trivial program.
//! `PARANOID_DIFF_PRINT=1` prints every generated program to stderr;
//! `PARANOID_DIFF_IGNORE=function-names` (read by the driver) compares functions without names.

#![no_main]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;

use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use paranoid_core::{check_output, transpile, Code, Options};
use paranoid_core_fuzz::{assert_no_internal, generate};

const DRIVER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/differential-driver.mjs");

struct Node {
    _child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// `None` inside: Node could not be started (checked once).
static NODE: Mutex<Option<Option<Node>>> = Mutex::new(None);

fn start_node() -> Option<Node> {
    let program = std::env::var("PARANOID_NODE").unwrap_or_else(|_| "node".to_string());
    match Command::new(&program)
        .arg(DRIVER)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
    {
        Ok(mut child) => {
            let stdin = child.stdin.take().expect("piped stdin");
            let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
            Some(Node {
                _child: child,
                stdin,
                stdout,
            })
        }
        Err(error) => {
            eprintln!("differential: cannot start {program} ({error}); checking the core only");
            None
        }
    }
}

/// Sends one request to the driver and returns its answer.
fn ask(request: &serde_json::Value) -> Option<serde_json::Value> {
    let mut guard = NODE.lock().unwrap_or_else(|e| e.into_inner());
    let node = guard.get_or_insert_with(start_node).as_mut()?;
    let mut line = request.to_string();
    line.push('\n');
    node.stdin
        .write_all(line.as_bytes())
        .and_then(|()| node.stdin.flush())
        .expect("the Node driver died (stdin closed)");
    let mut answer = String::new();
    let read = node
        .stdout
        .read_line(&mut answer)
        .expect("the Node driver died (stdout)");
    assert!(read > 0, "the Node driver exited");
    Some(serde_json::from_str(&answer).expect("the Node driver answered no JSON"))
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(program) = generate::program(&mut u) else {
        return;
    };
    if std::env::var_os("PARANOID_DIFF_PRINT").is_some() {
        eprintln!("--- program ---\n{}", program.source);
    }
    let options = Options::default();
    let request = match transpile(&program.source, &options) {
        Ok(out) => {
            if let Err(message) = check_output(&out.code) {
                panic!(
                    "bad output: {message}\n--- source ---\n{}\n--- output ---\n{}",
                    program.source, out.code
                );
            }
            let probe = transpile(&program.probe, &options)
                .unwrap_or_else(|d| panic!("the probe does not transpile: {d:?}"));
            serde_json::json!({
                "original": program.source,
                "probeOriginal": program.probe,
                "transpiled": out.code,
                "probeTranspiled": probe.code,
            })
        }
        Err(diagnostics) => {
            assert_no_internal(&diagnostics, "transpile");
            // Limits are no verdict on the generated syntax.
            if diagnostics
                .iter()
                .any(|d| matches!(d.code, Code::TooDeep | Code::TooLarge))
            {
                return;
            }
            let rejected: Vec<String> = diagnostics.iter().map(ToString::to_string).collect();
            serde_json::json!({
                "original": program.source,
                "transpiled": null,
                "rejected": rejected.join("; "),
            })
        }
    };
    let Some(answer) = ask(&request) else {
        return;
    };
    if answer["match"] != serde_json::Value::Bool(true) {
        panic!(
            "original and transpiled differ: {}\n--- source ---\n{}\n--- transpiled ---\n{}\n--- outcomes ---\n{}",
            answer["why"],
            program.source,
            request["transpiled"].as_str().unwrap_or("(refused)"),
            serde_json::to_string_pretty(&answer).unwrap_or_default()
        );
    }
});
