//! `cargo xtask setup`: installs what the build and the tests need and is missing, idempotently.
//!
//! Why a list of items: a new machine (a newcomer's, CI's) must get everything from the project's
//! own files, and a machine that already has it must not pay for it again. Each item checks first
//! and prints one line, `ok: ...` or `installing: ...`; new needs add items to [`ITEMS`] (and to
//! [`DEBIAN_PACKAGES`]) instead of writing new install code.

use std::fs;
use std::path::Path;
use std::time::SystemTime;

use crate::util::{self, cmd, probe, run, Failure, Result};

/// What one setup item is. Checks are cheap and quiet; installs print the command they run.
enum Item {
    /// A command that must already be on the machine; setup cannot install it, only say so.
    Command {
        program: &'static str,
        args: &'static [&'static str],
        hint: &'static str,
    },
    /// A component of the active rustup toolchain (`rustup component add`).
    RustupComponent(&'static str),
    /// A target of the active rustup toolchain (`rustup target add`).
    RustupTarget(&'static str),
    /// A toolchain that must be present; it cannot be downloaded on these machines.
    RustupToolchain {
        name: &'static str,
        why: &'static str,
    },
    /// A binary crate from crates.io (`cargo install`), checked by running `check`.
    CargoTool {
        krate: &'static str,
        check: &'static [&'static str],
        /// `--locked`: only where the crate's own lockfile resolves against the registry here
        /// (geckodriver's does: docs/design.md, "Measured: Firefox").
        locked: bool,
    },
    /// Debian packages (`apt-get install`), all of [`DEBIAN_PACKAGES`].
    DebianPackages,
    /// An npm project installed with `npm ci` when its lockfile is newer than its `node_modules`.
    NpmCi {
        dir: &'static str,
        what: &'static str,
    },
}

/// Everything `setup` takes care of, in order.
const ITEMS: &[Item] = &[
    Item::Command {
        program: "node",
        args: &["--version"],
        hint: "Node.js 20 or newer runs the Node tests (Debian: apt-get install nodejs npm)",
    },
    Item::Command {
        program: "npm",
        args: &["--version"],
        hint: "npm installs the test data (Debian: apt-get install npm)",
    },
    Item::RustupComponent("rustfmt"),
    Item::RustupComponent("clippy"),
    Item::RustupTarget("wasm32-unknown-unknown"),
    Item::RustupToolchain {
        name: "nightly",
        why: "`cargo fuzz` needs it",
    },
    Item::CargoTool {
        krate: "cargo-fuzz",
        check: &["cargo", "fuzz", "--version"],
        locked: false,
    },
    // Firefox's WebDriver (~100 s to build once); its lockfile resolves here (docs/design.md).
    Item::CargoTool {
        krate: "geckodriver",
        check: &["geckodriver", "--version"],
        locked: true,
    },
    Item::DebianPackages,
    // The replica's DOM library: `cargo xtask extension` bundles it into every build.
    Item::NpmCi {
        dir: "dom-library",
        what: "npm domino and wicked-good-xpath (the DOM library of the userscripts' page replica)",
    },
    Item::NpmCi {
        dir: "tests",
        what: "npm test data (lodash, underscore, jquery, three, react-dom) and selenium-webdriver",
    },
];

/// Debian packages the project needs: the two browsers the end-to-end tests run in, and
/// Chromium's WebDriver (Debian builds it with the browser, so their versions match).
const DEBIAN_PACKAGES: &[&str] = &["chromium", "chromium-driver", "firefox-esr"];

const STEP: &str = "setup";

pub fn setup(root: &Path) -> Result {
    for item in ITEMS {
        ensure(root, item)?;
    }
    Ok(())
}

fn ensure(root: &Path, item: &Item) -> Result {
    match item {
        Item::Command {
            program,
            args,
            hint,
        } => match probe(cmd(*program, root).args(*args)) {
            Some(out) => ok(&format!("{program} {}", out.trim())),
            None => Err(Failure::new(
                STEP,
                format!("`{program}` is missing and setup cannot install it: {hint}"),
            )),
        },

        Item::RustupComponent(name) => {
            let installed = probe(cmd("rustup", root).args(["component", "list", "--installed"]))
                .ok_or_else(|| {
                Failure::new(
                    STEP,
                    "`rustup component list --installed` failed (is rustup installed?)",
                )
            })?;
            if installed
                .lines()
                .any(|l| l.trim() == *name || l.trim().starts_with(&format!("{name}-")))
            {
                ok(&format!("rustup component {name}"))
            } else {
                installing(&format!("rustup component {name}"));
                run(STEP, cmd("rustup", root).args(["component", "add", name]))
            }
        }

        Item::RustupTarget(target) => {
            let installed = probe(cmd("rustup", root).args(["target", "list", "--installed"]))
                .ok_or_else(|| {
                    Failure::new(
                        STEP,
                        "`rustup target list --installed` failed (is rustup installed?)",
                    )
                })?;
            if installed.lines().any(|l| l.trim() == *target) {
                ok(&format!("rustup target {target}"))
            } else {
                installing(&format!("rustup target {target}"));
                run(STEP, cmd("rustup", root).args(["target", "add", target]))
            }
        }

        Item::RustupToolchain { name, why } => {
            let list = probe(cmd("rustup", root).args(["toolchain", "list"])).ok_or_else(|| {
                Failure::new(
                    STEP,
                    "`rustup toolchain list` failed (is rustup installed?)",
                )
            })?;
            let present = list.lines().any(|l| {
                let first = l.split_whitespace().next().unwrap_or("");
                first == *name || first.starts_with(&format!("{name}-"))
            });
            if present {
                ok(&format!("rustup toolchain {name}"))
            } else {
                Err(Failure::new(
                    STEP,
                    format!(
                        "the `{name}` rustup toolchain is missing ({why}); it cannot be downloaded \
                         on this machine, so setup will not try. Where rustup can reach its \
                         servers: `rustup toolchain install {name}`"
                    ),
                ))
            }
        }

        Item::CargoTool {
            krate,
            check,
            locked,
        } => {
            // Any installed version will do: nothing pins these tools to a crate of ours.
            let found = probe(cmd(check[0], root).args(&check[1..]));
            if let Some(out) = &found {
                return ok(&format!("{krate} ({})", out.trim()));
            }
            installing(&format!("{krate} (not found)"));
            let mut c = cmd(util::cargo(), root);
            c.args(["install", krate]);
            if *locked {
                c.arg("--locked");
            }
            run(STEP, &mut c)?;
            match probe(cmd(check[0], root).args(&check[1..])) {
                Some(_) => Ok(()),
                None => Err(Failure::new(
                    STEP,
                    format!(
                        "installed {krate}, but `{}` still fails: is cargo's bin directory \
                         (~/.cargo/bin) on PATH?",
                        check.join(" ")
                    ),
                )),
            }
        }

        Item::DebianPackages => {
            if DEBIAN_PACKAGES.is_empty() {
                return ok("Debian packages (none needed yet)");
            }
            let missing: Vec<&str> = DEBIAN_PACKAGES
                .iter()
                .copied()
                .filter(|p| {
                    let status = probe(cmd("dpkg-query", root).args(["-W", "-f=${Status}", p]));
                    !status.is_some_and(|s| s.contains("install ok installed"))
                })
                .collect();
            if missing.is_empty() {
                return ok(&format!("Debian packages {}", DEBIAN_PACKAGES.join(" ")));
            }
            installing(&format!("Debian packages {}", missing.join(" ")));
            run(STEP, cmd("apt-get", root).arg("update"))?;
            run(
                STEP,
                cmd("apt-get", root)
                    .args(["install", "-y", "--no-install-recommends"])
                    .args(&missing)
                    .env("DEBIAN_FRONTEND", "noninteractive"),
            )
        }

        Item::NpmCi { dir, what } => {
            let dir = root.join(dir);
            let lock = dir.join("package-lock.json");
            let manifest = dir.join("package.json");
            let installed = dir.join("node_modules").join(".package-lock.json");
            let wanted = newest(&[&lock, &manifest])
                .ok_or_else(|| Failure::new(STEP, format!("{} is missing", lock.display())))?;
            match mtime(&installed) {
                Some(t) if t >= wanted => ok(what),
                Some(_) => {
                    installing(&format!("{what} (package-lock.json changed)"));
                    npm_ci(&dir)
                }
                None => {
                    installing(&format!("{what} (not installed)"));
                    npm_ci(&dir)
                }
            }
        }
    }
}

fn npm_ci(dir: &Path) -> Result {
    // Test data only: no install scripts need to run, and none should.
    run(
        STEP,
        cmd("npm", dir).args(["ci", "--ignore-scripts", "--no-audit", "--no-fund"]),
    )
}

fn ok(what: &str) -> Result {
    println!("ok: {what}");
    Ok(())
}

fn installing(what: &str) {
    println!("installing: {what}");
}

fn mtime(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// The newest modification time of the files that exist, `None` if the first does not.
fn newest(paths: &[&Path]) -> Option<SystemTime> {
    let first = mtime(paths.first()?)?;
    Some(
        paths
            .iter()
            .filter_map(|p| mtime(p))
            .fold(first, SystemTime::max),
    )
}
