//! Texts the build puts through the vetting transpiler once, so that no page's sandbox
//! transpiles them again: the DOM library ([`super::dom_library`]) and the GM prelude. The kernel
//! loads such a text as it is only because its SHA-256 is in the policy's `prebuilt` list. None
//! of them is trusted code: a script that tampers with what they made spoils only its own
//! sandbox, and every call they make is checked outside it.

use std::fs;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::util::cmd;

/// A text the build transpiled.
pub struct Transpiled {
    pub code: String,
    /// The SHA-256 (hex) of `code`: the policy's `prebuilt` list.
    pub digest: String,
    /// The key its source-text marks name (the CLI's `source-key`: the core computes it, so
    /// that the formula lives in one place): the policy's `nativeSourceKeys`, whose functions'
    /// `toString` answers in the native form, as the browser's own DOM and the managers' API
    /// would.
    pub source_key: String,
}

/// Puts `text` through the native CLI's transpiler (the same vetting transpiler the sandbox
/// runs), by way of `target/prebuilt/NAME`.
pub fn transpile(root: &Path, cli: &Path, name: &str, text: &str) -> Result<Transpiled, String> {
    let dir = root.join("target").join("prebuilt");
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let source = dir.join(name);
    fs::write(&source, text).map_err(|e| format!("{}: {e}", source.display()))?;
    let mut c = cmd(cli, root);
    c.arg("transpile").arg(&source);
    let output = c.output().map_err(|e| format!("cannot run the CLI: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "the transpiler refused {name} ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
                .chars()
                .take(2000)
                .collect::<String>()
        ));
    }
    let code =
        String::from_utf8(output.stdout).map_err(|e| format!("the transpiler's output: {e}"))?;
    let digest = sha256_hex(code.as_bytes());
    let source_key = source_key(root, cli, &source)?;
    Ok(Transpiled {
        code,
        digest,
        source_key,
    })
}

/// The key the core gives the text in `path`'s source-text marks.
fn source_key(root: &Path, cli: &Path, path: &Path) -> Result<String, String> {
    let mut c = cmd(cli, root);
    c.arg("source-key").arg(path);
    let output = c.output().map_err(|e| format!("cannot run the CLI: {e}"))?;
    let key = String::from_utf8_lossy(&output.stdout).trim().to_string();
    if !output.status.success() || key.len() != 16 || !key.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("the CLI gave no source key for {}", path.display()));
    }
    Ok(key)
}

/// Where the GM prelude lands in the extension, transpiled like the DOM library.
pub const GM_PRELUDE: &str = "prebuilt/gm-prelude.js";
/// The prelude's source, relative to the repository.
const GM_PRELUDE_SOURCE: &str = "content/userscript-prelude.js";

/// The GM API a userscript's sandbox builds for it (`content/userscript-prelude.js`, which
/// declares `paranoidUserscriptPrelude`), transpiled once here: a page load then transpiles only
/// the call with the script's own data.
pub fn prebuild_gm_prelude(root: &Path, cli: &Path) -> Result<Transpiled, String> {
    let text = fs::read_to_string(root.join(GM_PRELUDE_SOURCE))
        .map_err(|e| format!("{GM_PRELUDE_SOURCE}: {e}"))?;
    transpile(root, cli, "gm-prelude.js", &text)
}

/// The SHA-256 of `bytes`, in lowercase hex (as the core's `paranoid_sha256` writes it).
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
