//! `cargo xtask extension`: the unpacked extensions and their packages.
//!
//! Shipped: `dist/chrome/`, `dist/firefox/`, `dist/paranoid-chrome.zip`, `dist/paranoid-firefox.xpi`.
//! Test builds (the `paranoid-test:run` hook and the layer switches, never shipped):
//! `target/extension-test/{chrome,firefox}/`.
//!
//! What is generated: `sandbox-page/policy.js` (the policy tables from `paranoid policy`),
//! `replica/domino.js` (the replica's DOM library, transpiled by the build: [`dom_library`]),
//! `prebuilt/gm-prelude.js` (the GM API a userscript's sandbox builds, transpiled: [`prebuilt`]),
//! `sandbox-page/kernel.js` (the kernel files wrapped into one function expression, so the
//! kernel leaves no global binding in the worker), and Chrome's service worker. The manifest's
//! file lists and CSPs and the sandbox page's are written in from [`layout`], the one place
//! that lists them; test builds add the files of `test-build/`. Everything else is copied as it is.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::build;
use crate::util::{self, cmd, Failure, Result};

mod dom_library;
mod layout;
mod prebuilt;

const STEP: &str = "extension";

/// The kernel's files in the order they are wrapped (each declares one function; `main.js`
/// last). The layer-switch file differs between shipped and test builds.
const KERNEL_FILES: &[&str] = &[
    "commons.js",
    "core-glue.js",
    "scope.js",
    "clock.js",
    "web-apis.js",
    "events.js",
    "function-constructors.js",
    "function-cache.js",
    "source-text.js",
    "scrub.js",
    "turns.js",
    "loader.js",
    "host-text.js",
    "console.js",
    "host-api.js",
    "report.js",
    "eval.js",
    "temporal.js",
    "main.js",
];

/// The kernel file the frame runs too (on its own window), wrapped on its own into
/// `paranoidScrubGlobal` beside the kernel: one scrub for both.
const FRAME_SCRUB_FILE: &str = "scrub.js";

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Browser {
    Chrome,
    Firefox,
}

impl Browser {
    pub const ALL: [Browser; 2] = [Browser::Chrome, Browser::Firefox];
    pub fn name(self) -> &'static str {
        match self {
            Browser::Chrome => "chrome",
            Browser::Firefox => "firefox",
        }
    }

    /// The value of a command's `--browser` flag (`chromium`, `chrome` or `firefox`).
    pub fn from_flag(value: Option<&str>) -> std::result::Result<Browser, String> {
        match value {
            Some("chromium") | Some("chrome") => Ok(Browser::Chrome),
            Some("firefox") => Ok(Browser::Firefox),
            other => Err(format!(
                "--browser takes chromium or firefox, not {other:?}"
            )),
        }
    }

    /// How the Node harnesses name the browser (`--browser` of tests/harness/*.mjs).
    pub fn harness_flag(self) -> &'static str {
        match self {
            Browser::Chrome => "chromium",
            Browser::Firefox => "firefox",
        }
    }
}

/// Where the test build for `browser` goes.
pub fn test_dir(root: &Path, browser: Browser) -> PathBuf {
    util::target_dir(root)
        .join("extension-test")
        .join(browser.name())
}

fn fail(what: impl std::fmt::Display) -> Failure {
    Failure::new(STEP, what.to_string())
}

fn read(path: &Path) -> Result<String> {
    fs::read_to_string(path).map_err(|e| fail(format!("cannot read {}: {e}", path.display())))
}

fn write(path: &Path, bytes: &[u8]) -> Result {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)
            .map_err(|e| fail(format!("cannot create {}: {e}", dir.display())))?;
    }
    fs::write(path, bytes).map_err(|e| fail(format!("cannot write {}: {e}", path.display())))
}

pub fn extension(root: &Path) -> Result {
    let out = build::build(root)?;
    let mut policy = policy_json(root, &out.cli)?;
    let dom_library = dom_library::prebuild(root, &out.cli).map_err(fail)?;
    let gm_prelude = prebuilt::prebuild_gm_prelude(root, &out.cli).map_err(fail)?;
    // The texts the build transpiled, which the kernel may load as they are (by SHA-256).
    policy["prebuilt"] = serde_json::json!([dom_library.digest, gm_prelude.digest]);
    // Their functions stand in for the browser's DOM and the managers' API: `toString` shows
    // them in the native form (sandbox-page/kernel/source-text.js).
    policy["nativeSourceKeys"] = serde_json::json!([dom_library.source_key, gm_prelude.source_key]);
    let core = fs::read(&out.wasm).map_err(|e| fail(format!("cannot read the core: {e}")))?;
    // What a userscript's stored build records (shared/userscript-build.js): a new core, a new build.
    policy["coreDigest"] = serde_json::json!(prebuilt::sha256_hex(&core));
    let wasm = Wasm {
        core,
        meta: fs::read(&out.meta_wasm)
            .map_err(|e| fail(format!("cannot read the meta wasm: {e}")))?,
        dom_library,
        gm_prelude: gm_prelude.code,
    };
    let dist = root.join("dist");
    for browser in Browser::ALL {
        let dir = dist.join(browser.name());
        lay_out(root, &dir, browser, false, &policy, &wasm)?;
        let package = dist.join(match browser {
            Browser::Chrome => "paranoid-chrome.zip",
            Browser::Firefox => "paranoid-firefox.xpi",
        });
        zip_dir(&dir, &package)?;
        println!(
            "{}: {} and {} ({} bytes)",
            browser.name(),
            dir.strip_prefix(root).unwrap_or(&dir).display(),
            package.strip_prefix(root).unwrap_or(&package).display(),
            fs::metadata(&package).map(|m| m.len()).unwrap_or(0)
        );
        let test = test_dir(root, browser);
        lay_out(root, &test, browser, true, &policy, &wasm)?;
        // Firefox installs temporary add-ons from a package most reliably.
        zip_dir(&test, &test.with_extension("zip"))?;
    }
    Ok(())
}

/// What every build ships that is built, not copied: the two wasm modules and the replica's
/// DOM library.
struct Wasm {
    core: Vec<u8>,
    meta: Vec<u8>,
    dom_library: dom_library::Prebuilt,
    /// The GM prelude, transpiled ([`prebuilt::GM_PRELUDE`]).
    gm_prelude: String,
}

fn policy_json(root: &Path, cli: &Path) -> Result<Value> {
    let mut c = cmd(cli, root);
    c.arg("policy");
    let output = c.output().map_err(|e| util::spawn_failure(STEP, &c, e))?;
    if !output.status.success() {
        return Err(fail(format!(
            "`paranoid policy` exited with {}",
            output.status
        )));
    }
    serde_json::from_slice(&output.stdout).map_err(|e| fail(format!("`paranoid policy`: {e}")))
}

fn lay_out(
    root: &Path,
    dir: &Path,
    browser: Browser,
    test: bool,
    policy: &Value,
    wasm: &Wasm,
) -> Result {
    if dir.exists() {
        fs::remove_dir_all(dir)
            .map_err(|e| fail(format!("cannot clear {}: {e}", dir.display())))?;
    }
    for file in layout::copied_files() {
        write(&dir.join(file), read(&root.join(file))?.as_bytes())?;
    }
    for file in layout::BINARY_FILES {
        let bytes =
            fs::read(root.join(file)).map_err(|e| fail(format!("cannot read {file}: {e}")))?;
        write(&dir.join(file), &bytes)?;
    }
    if test {
        for (source, built) in layout::test_files() {
            write(&dir.join(built), read(&root.join(source))?.as_bytes())?;
        }
    }
    let page = layout::sandbox_page(&read(&root.join(layout::SANDBOX_PAGE))?).map_err(fail)?;
    write(&dir.join(layout::SANDBOX_PAGE), page.as_bytes())?;
    if browser == Browser::Chrome {
        write(
            &dir.join(layout::SERVICE_WORKER),
            layout::service_worker(test).as_bytes(),
        )?;
    }
    write(&dir.join("core/paranoid_core.wasm"), &wasm.core)?;
    write(&dir.join("core/paranoid_meta.wasm"), &wasm.meta)?;
    write(
        &dir.join(dom_library::BUNDLE),
        wasm.dom_library.code.as_bytes(),
    )?;
    write(
        &dir.join(dom_library::BUNDLE_LICENSE),
        wasm.dom_library.license.as_bytes(),
    )?;
    write(&dir.join(prebuilt::GM_PRELUDE), wasm.gm_prelude.as_bytes())?;

    let policy_text = serde_json::to_string(policy).expect("JSON");
    write(
        &dir.join("sandbox-page/policy.js"),
        format!(
            "'use strict';\n// Generated by `cargo xtask extension` from `paranoid policy`: edit rust-core/src/policy/, not this.\nglobalThis.paranoidPolicy = function paranoidPolicy() {{ return {policy_text}; }};\n"
        )
        .as_bytes(),
    )?;

    let mut kernel = String::from(
        "'use strict';\n// Generated by `cargo xtask extension` from sandbox-page/kernel/: edit those files, not this.\nglobalThis.paranoidKernel = function paranoidKernel(g) {\n'use strict';\n",
    );
    kernel.push_str(&format!(
        "function paranoidPolicy() {{ return {policy_text}; }}\n"
    ));
    let layers = if test {
        format!(
            "{}/sandbox-page/kernel/layers-test.js",
            layout::TEST_BUILD_DIR
        )
    } else {
        "sandbox-page/kernel/layers-shipped.js".to_string()
    };
    let mut files: Vec<String> = KERNEL_FILES
        .iter()
        .map(|file| format!("sandbox-page/kernel/{file}"))
        .collect();
    files.insert(files.len() - 1, layers);
    for file in files {
        let text = read(&root.join(&file))?;
        let body = text.strip_prefix("'use strict';\n").unwrap_or(&text);
        kernel.push_str(&format!("// --- {file} ---\n{body}\n"));
    }
    kernel.push_str("return kernelMain(g);\n};\n");
    let scrub = read(&root.join("sandbox-page/kernel").join(FRAME_SCRUB_FILE))?;
    let scrub = scrub.strip_prefix("'use strict';\n").unwrap_or(&scrub);
    kernel.push_str(&format!(
        "// --- sandbox-page/kernel/{FRAME_SCRUB_FILE}, for the frame (frame.js) ---\nglobalThis.paranoidScrubGlobal = (function () {{\n'use strict';\n{scrub}\nreturn scrubGlobal;\n}})();\n"
    ));
    write(&dir.join("sandbox-page/kernel.js"), kernel.as_bytes())?;

    let manifest: Value = serde_json::from_str(&read(&root.join("manifest.json"))?)
        .map_err(|e| fail(format!("manifest.json: {e}")))?;
    let manifest = derive_manifest(manifest, browser, test)?;
    write(
        &dir.join("manifest.json"),
        serde_json::to_string_pretty(&manifest)
            .expect("JSON")
            .as_bytes(),
    )
}

/// One manifest serves both browsers: the file lists and CSPs come from [`layout`] (the
/// checked-in manifest has none), and each copy drops what its browser ignores or warns about.
fn derive_manifest(mut m: Value, browser: Browser, test: bool) -> Result<Value> {
    let obj = m
        .as_object_mut()
        .ok_or_else(|| fail("manifest.json is not an object"))?;
    let written_here = |what: &str| {
        fail(format!(
            "manifest.json has {what}, which xtask/src/extension/layout.rs writes: remove it"
        ))
    };
    for key in ["background", "content_security_policy"] {
        if obj.contains_key(key) {
            return Err(written_here(&format!("`{key}`")));
        }
    }
    let content = match obj.get_mut("content_scripts").and_then(Value::as_array_mut) {
        Some(entries) if entries.len() == 1 => entries[0].as_object_mut(),
        _ => None,
    }
    .ok_or_else(|| fail("manifest.json must have one `content_scripts` entry"))?;
    if content.contains_key("js") {
        return Err(written_here("the content scripts' `js`"));
    }
    content.insert("js".into(), Value::from(layout::content_scripts(test)));

    let mut csp = serde_json::Map::new();
    csp.insert(
        "extension_pages".into(),
        Value::from(layout::EXTENSION_PAGES_CSP),
    );
    match browser {
        Browser::Chrome => {
            obj.remove("browser_specific_settings");
            obj.insert(
                "background".into(),
                serde_json::json!({ "service_worker": layout::SERVICE_WORKER }),
            );
            csp.insert(
                "sandbox".into(),
                Value::from(format!(
                    "{}; {}",
                    layout::SANDBOX_DIRECTIVE,
                    layout::SANDBOX_CSP
                )),
            );
        }
        Browser::Firefox => {
            // Firefox before 154 ignores `sandbox`; the frame's meta CSP carries the policy.
            obj.remove("sandbox");
            obj.insert(
                "background".into(),
                serde_json::json!({ "scripts": layout::background_scripts(test) }),
            );
            // Firefox's background page writes the clipboard itself (background/clipboard.js).
            if let Some(permissions) = obj.get_mut("permissions").and_then(Value::as_array_mut) {
                permissions.retain(|p| p != "offscreen");
            }
        }
    }
    obj.insert("content_security_policy".into(), Value::Object(csp));
    if test {
        obj.insert("name".into(), Value::from("Paranoid (test build)"));
    }
    Ok(m)
}

fn zip_dir(dir: &Path, package: &Path) -> Result {
    let file = fs::File::create(package)
        .map_err(|e| fail(format!("cannot create {}: {e}", package.display())))?;
    let mut zip = zip::ZipWriter::new(file);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let mut files = Vec::new();
    collect(dir, &mut files)?;
    files.sort();
    for path in files {
        let name = path
            .strip_prefix(dir)
            .expect("inside")
            .to_string_lossy()
            .replace('\\', "/");
        zip.start_file(name, options)
            .map_err(|e| fail(format!("zip: {e}")))?;
        let bytes =
            fs::read(&path).map_err(|e| fail(format!("cannot read {}: {e}", path.display())))?;
        zip.write_all(&bytes)
            .map_err(|e| fail(format!("zip: {e}")))?;
    }
    zip.finish().map_err(|e| fail(format!("zip: {e}")))?;
    Ok(())
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> Result {
    for entry in
        fs::read_dir(dir).map_err(|e| fail(format!("cannot list {}: {e}", dir.display())))?
    {
        let path = entry.map_err(|e| fail(e.to_string()))?.path();
        if path.is_dir() {
            collect(&path, files)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}
