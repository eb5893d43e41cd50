//! `cargo xtask lint`: ESLint over the repository's JavaScript (`eslint.config.mjs`).
//!
//! Why ESLint runs from xtask: it is installed with the other npm test tools in
//! `tests/node_modules/` (setup does it), so there is no `npx` and no root `node_modules`; and the
//! test command runs this step so that the kernel's rule (`tools/eslint/captured-calls.mjs`: no
//! call the kernel did not capture) and `no-undef` against each classic script's `/* global */`
//! header hold on every change, before any browser starts.

use std::path::Path;

use crate::util::{cmd, run, Failure, Result};

pub fn lint(root: &Path) -> Result {
    let eslint = root
        .join("tests")
        .join("node_modules")
        .join("eslint")
        .join("bin")
        .join("eslint.js");
    if !eslint.is_file() {
        return Err(Failure::new(
            "lint",
            format!(
                "{} is missing: run `cargo xtask setup` (it installs the npm test tools)",
                eslint.display()
            ),
        ));
    }
    run(
        "lint",
        cmd("node", root)
            .arg(&eslint)
            .args(["--max-warnings", "0", "."]),
    )
}
