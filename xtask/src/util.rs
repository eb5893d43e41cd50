//! Shared plumbing for every subcommand: where the workspace is, how a step runs a command, and
//! how a failure names the step that failed. Kept in one place so that every subcommand prints
//! and fails the same way (`$ command` before it runs, `step failed: ...` and a non-zero exit after).

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A failed step: which one, and why. `main` prints it and exits non-zero.
#[derive(Debug)]
pub struct Failure {
    pub step: String,
    pub detail: String,
}

impl Failure {
    pub fn new(step: impl Into<String>, detail: impl Into<String>) -> Self {
        Failure {
            step: step.into(),
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step `{}` failed: {}", self.step, self.detail)
    }
}

pub type Result<T = ()> = std::result::Result<T, Failure>;

/// The workspace root: the parent of this crate's directory (`xtask/`).
pub fn root() -> PathBuf {
    let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest_dir
        .parent()
        .expect("xtask/ has a parent directory")
        .to_path_buf()
}

/// Cargo's target directory, honouring `CARGO_TARGET_DIR` as cargo itself does.
pub fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => root.join(dir),
        _ => root.join("target"),
    }
}

/// The cargo that started us (same toolchain), falling back to the one on PATH.
/// Commands that need a `+toolchain` override must use plain `"cargo"` (the rustup proxy) instead.
pub fn cargo() -> OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

/// A `Command` for `program` that runs in `dir`.
pub fn cmd(program: impl Into<OsString>, dir: &Path) -> Command {
    let mut c = Command::new(program.into());
    c.current_dir(dir);
    c
}

/// The command line as a person would type it (for `$ ...` lines and error messages).
pub fn display(c: &Command) -> String {
    let mut words = vec![c.get_program().to_string_lossy().into_owned()];
    words.extend(c.get_args().map(|a| a.to_string_lossy().into_owned()));
    words
        .iter()
        .map(|w| {
            if w.is_empty() || w.contains(|ch: char| ch.is_whitespace() || ch == '\'') {
                format!("'{}'", w.replace('\'', r"'\''"))
            } else {
                w.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `c` with inherited stdio, printing it first; any non-zero exit is a failure of `step`.
pub fn run(step: &str, c: &mut Command) -> Result {
    let line = display(c);
    println!("$ {line}");
    let status = c.status().map_err(|e| spawn_failure(step, c, e))?;
    if status.success() {
        Ok(())
    } else {
        Err(Failure::new(step, format!("`{line}` exited with {status}")))
    }
}

/// Runs `c` quietly and returns its stdout when it exits 0 (`None` if it cannot start or fails).
/// For checks ("is this tool there, which version"), never for real work.
pub fn probe(c: &mut Command) -> Option<String> {
    let out = c.stdin(Stdio::null()).stderr(Stdio::null()).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

pub fn spawn_failure(step: &str, c: &Command, e: std::io::Error) -> Failure {
    let program = c.get_program().to_string_lossy().into_owned();
    let hint = if e.kind() == std::io::ErrorKind::NotFound {
        format!(" (`{program}` is not on PATH; `cargo xtask setup` installs the tools it knows)")
    } else {
        String::new()
    };
    Failure::new(step, format!("cannot start `{}`: {e}{hint}", display(c)))
}

/// Prints a section heading so that long logs (CI) show where each step starts.
pub fn heading(title: &str) {
    println!("\n==> {title}");
}

/// Runs `f` as a named step: prints a heading before it and its duration after it.
pub fn step<T>(title: &str, f: impl FnOnce() -> Result<T>) -> Result<T> {
    heading(title);
    let start = Instant::now();
    let value = f()?;
    println!("--- {title}: done in {}", human(start.elapsed()));
    Ok(value)
}

pub fn human(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 60.0 {
        format!("{s:.1} s")
    } else {
        format!("{}m {:02}s", (s / 60.0) as u64, (s % 60.0) as u64)
    }
}
