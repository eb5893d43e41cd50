//! `cargo xtask build`: the native CLI, the wasm core (for the sandbox worker) and the meta wasm
//! (match patterns and userscript metadata, for the extension's pages and background).
//!
//! Why here and not in a build script: the wasm build is a second cargo invocation for another
//! target, which cargo cannot express. The wasm has no wasm-bindgen glue (see
//! `rust-core/src/abi.rs` for why); the Node tests and the extension load the same file.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::util::{self, cmd, run, Failure, Result};

const STEP: &str = "build";
const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Where `build` puts things, for the steps that use them.
pub struct Outputs {
    /// The native CLI, `target/release/paranoid`.
    pub cli: PathBuf,
    /// The core for the worker kernel: `target/wasm/paranoid_core.wasm` (no imports; its glue is
    /// `sandbox-page/kernel/core-glue.js`).
    pub wasm: PathBuf,
    /// `rust-meta` for the extension's trusted pages and background:
    /// `target/wasm/paranoid_meta.wasm` (same ABI; its glue is `shared/wasm-call.js`).
    pub meta_wasm: PathBuf,
}

pub fn outputs(root: &Path) -> Outputs {
    let target = util::target_dir(root);
    Outputs {
        cli: target
            .join("release")
            .join(format!("paranoid{}", std::env::consts::EXE_SUFFIX)),
        wasm: target.join("wasm").join("paranoid_core.wasm"),
        meta_wasm: target.join("wasm").join("paranoid_meta.wasm"),
    }
}

pub fn build(root: &Path) -> Result<Outputs> {
    let out = outputs(root);

    run(
        STEP,
        cmd(util::cargo(), root).args(["build", "--release", "-p", "paranoid-core"]),
    )?;

    for (package, file) in [
        ("paranoid-core", &out.wasm),
        ("paranoid-meta", &out.meta_wasm),
    ] {
        build_wasm(root, package, file)?;
    }
    Ok(out)
}

/// Builds one package's cdylib for the browser and copies it to `file`; prints its size.
fn build_wasm(root: &Path, package: &str, file: &Path) -> Result {
    run(
        STEP,
        cmd(util::cargo(), root).args([
            "build",
            "--profile",
            "wasm",
            "--target",
            WASM_TARGET,
            "-p",
            package,
            "--lib",
        ]),
    )?;
    let built = util::target_dir(root)
        .join(WASM_TARGET)
        .join("wasm")
        .join(format!("{}.wasm", package.replace('-', "_")));
    let dir = file.parent().expect("a parent");
    fs::create_dir_all(dir)
        .map_err(|e| Failure::new(STEP, format!("cannot create {}: {e}", dir.display())))?;
    fs::copy(&built, file).map_err(|e| {
        Failure::new(
            STEP,
            format!("cannot copy {} to {}: {e}", built.display(), file.display()),
        )
    })?;
    let raw = fs::metadata(file)
        .map_err(|e| Failure::new(STEP, format!("cannot read {}: {e}", file.display())))?
        .len();
    let gz = gzip_size(root, file)?;
    println!(
        "wasm size: {} bytes raw, {} bytes gzip -9 ({})",
        raw,
        gz,
        file.strip_prefix(root).unwrap_or(file).display()
    );
    Ok(())
}

/// The size of `gzip -9 -c FILE`, counted here instead of piping through `wc -c`.
fn gzip_size(root: &Path, file: &Path) -> Result<u64> {
    let mut c = cmd("gzip", root);
    c.args(["-9", "-c"]).arg(file).stderr(Stdio::inherit());
    let out = c.output().map_err(|e| util::spawn_failure(STEP, &c, e))?;
    if !out.status.success() {
        return Err(Failure::new(
            STEP,
            format!("`{}` exited with {}", util::display(&c), out.status),
        ));
    }
    Ok(out.stdout.len() as u64)
}
