//! `cargo xtask extension`: the unpacked extensions and their packages.
//!
//! Shipped: `dist/chrome/`, `dist/firefox/`, `dist/paranoid-chrome.zip`, `dist/paranoid-firefox.xpi`.
//! Test builds (the `paranoid-test:run` hook and the layer switches, never shipped):
//! `target/extension-test/{chrome,firefox}/`.
//!
//! What is generated: `sandbox-page/policy.js` (the policy tables from `paranoid policy`) and
//! `sandbox-page/kernel.js` (the kernel files wrapped into one function expression, so the
//! kernel leaves no global binding in the worker, and the kernel's scrub again, on its own, for
//! the frame). Everything else is copied as it is.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::build;
use crate::util::{self, cmd, Failure, Result};

const STEP: &str = "extension";

/// The kernel's files in the order they are wrapped (each declares one function; `main.js`
/// last). The layer-switch file differs between shipped and test builds.
const KERNEL_FILES: &[&str] = &[
    "commons.js",
    "core-glue.js",
    "scope.js",
    "clock.js",
    "function-constructors.js",
    "scrub.js",
    "turns.js",
    "loader.js",
    "host-text.js",
    "console.js",
    "host-api.js",
    "report.js",
    "main.js",
];

/// The kernel file the frame runs too (on its own window), wrapped on its own into
/// `paranoidScrubGlobal` beside the kernel: one scrub for both.
const FRAME_SCRUB_FILE: &str = "scrub.js";

/// Copied as they are, relative to the repository root.
const STATIC_FILES: &[&str] = &[
    "background/background.js",
    "background/userscripts.js",
    "background/userscript-updates.js",
    "background/frames.js",
    "background/commands.js",
    "background/clipboard.js",
    "background/clipboard-page.html",
    "background/clipboard-page.js",
    "shared/site-settings.js",
    "shared/read-text.js",
    "shared/wasm-call.js",
    "shared/userscript-store.js",
    "content/sandbox-host.js",
    "content/script-registry.js",
    "content/page-scripts.js",
    "content/quarantine.js",
    "content/userscript-prelude.js",
    "content/userscript-dom.js",
    "content/userscript-css.js",
    "content/userscripts.js",
    "content/main.js",
    "ui/style.css",
    "ui/popup.html",
    "ui/popup.js",
    "ui/report.html",
    "ui/report.js",
    "ui/options.html",
    "ui/options.js",
    "ui/status-view.js",
    "ui/site-store.js",
    "ui/install.html",
    "ui/install.js",
    "ui/userscript-analysis.js",
    "ui/userscripts-options.js",
    "sandbox-page/sandbox.html",
    "sandbox-page/frame.js",
    "sandbox-page/source-map.js",
    "sandbox-page/worker-driver.js",
];

/// Files copied byte for byte.
const BINARY_FILES: &[&str] = &["ui/icon-48.png", "ui/icon-128.png"];

/// Test builds only: content scripts after the shipped ones (the harness's hook, the bench's
/// measurements), in this order.
const TEST_FILES: &[&str] = &["content/test-bench.js", "content/test-hook.js"];
/// Test builds only: the background's hook (notification events the harness cannot click), after
/// the shipped background. Chrome's service worker is one file, so a test build's worker is a
/// generated one that imports both.
const BACKGROUND_TEST_FILE: &str = "background/test-hook.js";
const TEST_SERVICE_WORKER: &str = "background/test-service-worker.js";

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
    let policy = policy_json(root, &out.cli)?;
    let wasm = Wasm {
        core: fs::read(&out.wasm).map_err(|e| fail(format!("cannot read the core: {e}")))?,
        meta: fs::read(&out.meta_wasm)
            .map_err(|e| fail(format!("cannot read the meta wasm: {e}")))?,
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

/// The two wasm modules every build ships.
struct Wasm {
    core: Vec<u8>,
    meta: Vec<u8>,
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
    for file in STATIC_FILES {
        let mut text = read(&root.join(file))?;
        if browser == Browser::Firefox && *file == "sandbox-page/sandbox.html" {
            // Firefox's worker in a moz-extension sandbox frame cannot importScripts(blob:)
            // (measured, ARCHITECTURE.md); the kernel falls back to data: URLs there.
            let strict = "script-src 'self' blob:";
            if !text.contains(strict) {
                return Err(fail("sandbox.html lost its script-src"));
            }
            text = text.replace(strict, "script-src 'self' blob: data:");
        }
        write(&dir.join(file), text.as_bytes())?;
    }
    for file in BINARY_FILES {
        let bytes =
            fs::read(root.join(file)).map_err(|e| fail(format!("cannot read {file}: {e}")))?;
        write(&dir.join(file), &bytes)?;
    }
    if test {
        for hook in TEST_FILES.iter().chain([&BACKGROUND_TEST_FILE]) {
            write(&dir.join(hook), read(&root.join(hook))?.as_bytes())?;
        }
        write(
            &dir.join(TEST_SERVICE_WORKER),
            format!(
                "'use strict';\n// Generated for test builds by `cargo xtask extension`.\nimportScripts('/background/background.js', '/{BACKGROUND_TEST_FILE}');\n"
            )
            .as_bytes(),
        )?;
    }
    write(&dir.join("core/paranoid_core.wasm"), &wasm.core)?;
    write(&dir.join("core/paranoid_meta.wasm"), &wasm.meta)?;

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
        "layers-test.js"
    } else {
        "layers-shipped.js"
    };
    let mut files: Vec<&str> = KERNEL_FILES.to_vec();
    files.insert(files.len() - 1, layers);
    for file in files {
        let path = root.join("sandbox-page/kernel").join(file);
        let text = read(&path)?;
        let body = text.strip_prefix("'use strict';\n").unwrap_or(&text);
        kernel.push_str(&format!("// --- sandbox-page/kernel/{file} ---\n{body}\n"));
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
    let manifest = derive_manifest(manifest, browser, test);
    write(
        &dir.join("manifest.json"),
        serde_json::to_string_pretty(&manifest)
            .expect("JSON")
            .as_bytes(),
    )
}

/// One manifest serves both browsers; each copy drops what its browser ignores or warns about.
fn derive_manifest(mut m: Value, browser: Browser, test: bool) -> Value {
    let obj = m.as_object_mut().expect("the manifest is an object");
    match browser {
        Browser::Chrome => {
            obj.remove("browser_specific_settings");
            if let Some(bg) = obj.get_mut("background").and_then(Value::as_object_mut) {
                bg.remove("scripts");
            }
        }
        Browser::Firefox => {
            // Firefox before 154 ignores `sandbox`; the frame's meta CSP carries the policy.
            obj.remove("sandbox");
            if let Some(csp) = obj
                .get_mut("content_security_policy")
                .and_then(Value::as_object_mut)
            {
                csp.remove("sandbox");
            }
            if let Some(bg) = obj.get_mut("background").and_then(Value::as_object_mut) {
                bg.remove("service_worker");
            }
            // Firefox's background page writes the clipboard itself (background/clipboard.js).
            if let Some(permissions) = obj.get_mut("permissions").and_then(Value::as_array_mut) {
                permissions.retain(|p| p != "offscreen");
            }
        }
    }
    if test {
        obj.insert("name".into(), Value::from("Paranoid (test build)"));
        if let Some(scripts) = obj.get_mut("content_scripts").and_then(Value::as_array_mut) {
            for script in scripts {
                if let Some(js) = script.get_mut("js").and_then(Value::as_array_mut) {
                    js.extend(TEST_FILES.iter().map(|f| Value::from(*f)));
                }
            }
        }
        if let Some(bg) = obj.get_mut("background").and_then(Value::as_object_mut) {
            if bg.contains_key("service_worker") {
                bg.insert("service_worker".into(), Value::from(TEST_SERVICE_WORKER));
            }
            if let Some(scripts) = bg.get_mut("scripts").and_then(Value::as_array_mut) {
                scripts.push(Value::from(BACKGROUND_TEST_FILE));
            }
        }
    }
    m
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
