//! The project's automation entry point: `cargo xtask <command>` (alias in `.cargo/config.toml`).
//!
//! Why an xtask: the build and the tests need more than cargo alone (a rustup target, the
//! cargo-fuzz, geckodriver, browsers, npm packages), and a Rust program runs wherever cargo
//! does. One module per command; `util` holds the plumbing.

mod bench;
mod build;
mod demo;
mod extension;
mod lint;
mod sandbox_run;
mod setup;
mod test;
mod tidy;
mod util;

use std::process::ExitCode;

/// Every command `main` dispatches, as the docs may name them (`cargo xtask NAME`); tidy checks
/// that the docs name no other, and a test that USAGE lists exactly these.
pub const COMMANDS: &[&str] = &[
    "setup",
    "build",
    "extension",
    "sandbox-run",
    "bench",
    "tidy",
    "lint",
    "test",
    "demo",
    "help",
];

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  setup   install what is missing (rustup target, cargo-fuzz, geckodriver, browsers, npm packages)
  build   build the native CLI (target/release/paranoid) and the wasm core (target/wasm/)
  extension  build the extensions: dist/{chrome,firefox}/, .zip/.xpi, and the test builds
  sandbox-run [--browser chromium|firefox] [--layers LIST] [--cpu-ms N] [--wait-ms N]
              [--es LEVEL] [--report NAME]... [--shared] [--prelude FILE]... [--replica] FILE...
          run files in sandboxes of the real extension in a headless browser; one JSON line each
  bench [--browser chromium|firefox] [--quick]
          Paranoid against native and its peers in one browser run: target/bench/results.json
  lint    ESLint over the JavaScript, with the kernel's captured-calls rule (eslint.config.mjs)
  tidy    check that the docs name only paths and commands that exist, the kernel files their
          threat, each Rust module its purpose, and nothing outside the repository
  test    setup, then every check: fmt, clippy, tidy, lint, build, cargo test, node tests, browser
          tests, fuzz, bench --quick
  demo    setup, build, then the core on demo/*.js and the extension on the demo page
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = util::root();
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["setup"] => setup::setup(&root),
        ["build"] => build::build(&root).map(|_| ()),
        ["test"] => test::test(&root),
        ["extension"] => extension::extension(&root),
        ["sandbox-run", rest @ ..] => {
            let rest: Vec<String> = rest.iter().map(|s| s.to_string()).collect();
            sandbox_run::sandbox_run(&root, &rest)
        }
        ["demo"] => demo::demo(&root),
        ["tidy"] => tidy::tidy(&root),
        ["lint"] => lint::lint(&root),
        ["bench", rest @ ..] => {
            let rest: Vec<String> = rest.iter().map(|s| s.to_string()).collect();
            bench::bench(&root, &rest)
        }
        ["help"] | ["-h"] | ["--help"] => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        [] => {
            eprint!("{USAGE}");
            return ExitCode::from(2);
        }
        _ => {
            eprint!("xtask: unknown arguments {args:?}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("\nxtask: {failure}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{COMMANDS, USAGE};

    /// The commands USAGE lists: the first word of each line indented by exactly two spaces.
    fn listed() -> Vec<&'static str> {
        USAGE
            .lines()
            .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
            .filter_map(|l| l.split_whitespace().next())
            .collect()
    }

    #[test]
    fn usage_lists_every_command_and_no_other() {
        let mut listed = listed();
        listed.sort_unstable();
        let mut commands: Vec<&str> = COMMANDS.iter().copied().filter(|c| *c != "help").collect();
        commands.sort_unstable();
        assert_eq!(listed, commands);
    }
}
