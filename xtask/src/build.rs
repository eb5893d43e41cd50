//! `cargo xtask build`: the native CLI and both wasm-bindgen packages of the core.
//!
//! Why here and not in a build script: the wasm build is a second cargo invocation for another
//! target followed by `wasm-bindgen`, which cargo cannot express; the Node tests load
//! `target/wasm/node/`, the browser issues load `target/wasm/web/`.

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
    /// The wasm-bindgen package for Node (`--target nodejs`).
    pub wasm_node: PathBuf,
    /// The wasm-bindgen package for browsers (`--target web`).
    pub wasm_web: PathBuf,
}

pub fn outputs(root: &Path) -> Outputs {
    let target = util::target_dir(root);
    Outputs {
        cli: target
            .join("release")
            .join(format!("paranoid{}", std::env::consts::EXE_SUFFIX)),
        wasm_node: target.join("wasm").join("node"),
        wasm_web: target.join("wasm").join("web"),
    }
}

pub fn build(root: &Path) -> Result<Outputs> {
    let out = outputs(root);
    let target = util::target_dir(root);

    run(
        STEP,
        cmd(util::cargo(), root).args(["build", "--release", "-p", "paranoid-core"]),
    )?;

    run(
        STEP,
        cmd(util::cargo(), root).args([
            "build",
            "--profile",
            "wasm",
            "--target",
            WASM_TARGET,
            "-p",
            "paranoid-core",
            "--lib",
        ]),
    )?;

    let wasm = target
        .join(WASM_TARGET)
        .join("wasm")
        .join("paranoid_core.wasm");
    for (bindgen_target, dir) in [("web", &out.wasm_web), ("nodejs", &out.wasm_node)] {
        run(
            STEP,
            cmd("wasm-bindgen", root)
                .args(["--target", bindgen_target, "--out-dir"])
                .arg(dir)
                .arg(&wasm),
        )?;
    }

    let bg = out.wasm_web.join("paranoid_core_bg.wasm");
    let raw = fs::metadata(&bg)
        .map_err(|e| Failure::new(STEP, format!("cannot read {}: {e}", bg.display())))?
        .len();
    let gz = gzip_size(root, &bg)?;
    println!(
        "wasm size: {} bytes raw, {} bytes gzip -9 ({})",
        raw,
        gz,
        bg.strip_prefix(root).unwrap_or(&bg).display()
    );
    Ok(out)
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
