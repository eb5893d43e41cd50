//! The DOM library a userscript's page replica is built with: domino (installed from npm into
//! `dom-library/node_modules` by `cargo xtask setup`, at the version its lockfile pins),
//! bundled with the replica's layer (`content/replica-layer.js`) into one script that runs
//! *inside the sandbox*, put through the vetting transpiler here, once, by the native CLI
//! (`replica/domino.js`); the kernel loads it untranspiled only because its SHA-256 is in the
//! policy's `prebuilt` list. It is not trusted code: a script that tampers with it spoils only
//! its own replica, and every change it asks of the page is checked by the content script
//! (`content/replica-host.js`).
//!
//! Bundling is a small CommonJS loader, not a bundler from npm: domino's `lib/` is flat and
//! requires only its own files by relative name, so each file becomes one function in a table.
//! Nothing is minified (the transpiler's output is). The patches below are exact replacements
//! that must each match once, so a new domino that moves them stops the build instead of
//! shipping unpatched.

use std::fs;
use std::path::Path;

/// Where the bundle lands in the extension: the native transpiler's output for it (see
/// [`prebuild`]), with domino's license beside it.
pub const BUNDLE: &str = "replica/domino.js";
pub const BUNDLE_LICENSE: &str = "replica/LICENSE-domino.txt";

/// The library as the extension ships it: transpiled by the build, and the SHA-256 (hex) of
/// that text, which goes into the policy's `prebuilt` list.
pub struct Prebuilt {
    pub code: String,
    pub digest: String,
    /// The key its source-text marks name ([`super::prebuilt::Transpiled::source_key`]).
    pub source_key: String,
    pub license: String,
}

/// Bundles domino and puts the bundle through the native CLI's transpiler (the same vetting
/// transpiler the sandbox runs), once per build rather than in every page's sandbox. The kernel
/// loads a text marked `prebuilt` without transpiling it only if its digest is this one.
pub fn prebuild(root: &Path, cli: &Path) -> Result<Prebuilt, String> {
    let mut bundle = bundle(root)?;
    // The replica's layer over the library (content/replica-layer.js) rides along, so that only
    // the call with the page's data is transpiled in the sandbox.
    let layer = fs::read_to_string(root.join(LAYER)).map_err(|e| format!("{LAYER}: {e}"))?;
    bundle.push_str(&format!(
        "(function () {{\n{layer}\nglobalThis.paranoidReplicaLayer = paranoidReplicaLayer;\n}})();\n"
    ));
    let out = super::prebuilt::transpile(root, cli, "domino.js", &bundle)?;
    let license = fs::read_to_string(root.join(LICENSE)).map_err(|e| format!("{LICENSE}: {e}"))?;
    Ok(Prebuilt {
        code: out.code,
        digest: out.digest,
        source_key: out.source_key,
        license,
    })
}

/// The layer the bundle ends with, relative to the repository.
const LAYER: &str = "content/replica-layer.js";

/// domino's sources, relative to the repository.
const LIB: &str = "dom-library/node_modules/domino/lib";
const LICENSE: &str = "dom-library/node_modules/domino/LICENSE";
const PACKAGE: &str = "dom-library/node_modules/domino/package.json";
/// The version the patches were written against.
const VERSION: &str = "2.1.8";

/// (file, text, replacement). Each must match exactly once.
const PATCHES: &[(&str, &str, &str)] = &[
    // domino runs scripts and compiles inline `on*=` handlers with `new Function` and `with`.
    // A replica never runs page code: both become inert (the transpiler would refuse them
    // anyway; inert, they cannot fail later in a way a script could rely on).
    (
        "sloppy.js",
        "new Function(\"code\", \"with(this) eval(code)\").call(this, code);",
        "throw new Error('a replica runs no scripts');",
    ),
    (
        "sloppy.js",
        "return new Function(\"defaultView\", \"document\", \"form\", \"element\", \"event\", \"with(defaultView)with(document)with(form)with(element){\"+this.body+\"};\").bind(this, this.document.defaultView || Object.create(null), this.document, this.form, this.element);",
        "return function () {};",
    ),
    // Removing all of an element's children (innerHTML, textContent) left each child linked to
    // its old siblings, so that moving them on, as jQuery does with markup of several nodes,
    // lost all but the first: unlink each, as removing one child does.
    (
        "ContainerNode.js",
        "      if (root) root.mutateRemove(kid);\n      kid.parentNode = null;",
        "      if (root) root.mutateRemove(kid);\n      kid.parentNode = null;\n      kid._nextSibling = kid._previousSibling = kid;",
    ),
    // A removed attribute's mutation event names no element (the attribute is already
    // detached): pass the element, so the replica knows what changed.
    (
        "Document.js",
        "mutateRemoveAttr: { value: function(attr) {",
        "mutateRemoveAttr: { value: function(attr, element) {",
    ),
    (
        "Document.js",
        "type: MUTATE.REMOVE_ATTR,\n        target: attr.ownerElement,",
        "type: MUTATE.REMOVE_ATTR,\n        target: element || attr.ownerElement,",
    ),
    // `:where()` matches as `:is()` does (they differ only in specificity, which a replica
    // without a cascade never uses); domino knows only the second.
    (
        "select.js",
        "  ':is': function(sel) {\n    return compileGroup(sel);\n  },",
        "  ':is': function(sel) {\n    return compileGroup(sel);\n  },\n  ':where': function(sel) {\n    return compileGroup(sel);\n  },",
    ),
];

/// Patches that occur more than once, each occurrence replaced (count, file, text, replacement).
const PATCHES_ALL: &[(usize, &str, &str, &str)] = &[(
    2,
    "Element.js",
    "if (this.rooted) this.ownerDocument.mutateRemoveAttr(attr);",
    "if (this.rooted) this.ownerDocument.mutateRemoveAttr(attr, this);",
)];

/// The bundle's text, or why it cannot be made.
fn bundle(root: &Path) -> Result<String, String> {
    let package = fs::read_to_string(root.join(PACKAGE))
        .map_err(|e| format!("{PACKAGE}: {e} (run `cargo xtask setup`)"))?;
    let package: serde_json::Value =
        serde_json::from_str(&package).map_err(|e| format!("{PACKAGE}: {e}"))?;
    if package["version"] != VERSION {
        return Err(format!(
            "domino {} is installed; the replica's patches are for {VERSION}",
            package["version"]
        ));
    }
    let license = fs::read_to_string(root.join(LICENSE)).map_err(|e| format!("{LICENSE}: {e}"))?;
    let mut names: Vec<String> = fs::read_dir(root.join(LIB))
        .map_err(|e| format!("{LIB}: {e}"))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".js"))
        .collect();
    names.sort();
    let mut out = String::new();
    out.push_str("// Generated by `cargo xtask extension` from domino ");
    out.push_str(VERSION);
    out.push_str(" (npm), patched (xtask/src/extension/dom_library.rs): edit that, not this.\n");
    out.push_str(
        "// It runs inside a userscript's sandbox and defines paranoidDomino there.\n/*\n",
    );
    out.push_str(&license.replace("*/", "* /"));
    out.push_str("\n*/\n(function () {\n  var files = {\n");
    let mut applied = vec![0usize; PATCHES.len()];
    for name in &names {
        let mut text = fs::read_to_string(root.join(LIB).join(name))
            .map_err(|e| format!("{LIB}/{name}: {e}"))?;
        for (i, (file, from, to)) in PATCHES.iter().enumerate() {
            if file == name {
                let count = text.matches(from).count();
                if count != 1 {
                    return Err(format!(
                        "the patch of {file} matches {count} times, not once: {from}"
                    ));
                }
                text = text.replacen(from, to, 1);
                applied[i] += 1;
            }
        }
        for (want, file, from, to) in PATCHES_ALL {
            if file == name {
                let count = text.matches(from).count();
                if count != *want {
                    return Err(format!(
                        "the patch of {file} matches {count} times, not {want}: {from}"
                    ));
                }
                text = text.replace(from, to);
            }
        }
        let key = name.trim_end_matches(".js");
        out.push_str(&format!(
            "    {}: function (module, exports, require, global) {{\n{text}\n    }},\n",
            serde_json::to_string(key).expect("JSON")
        ));
    }
    if let Some(i) = applied.iter().position(|&n| n == 0) {
        return Err(format!("the patch of {} found no file", PATCHES[i].0));
    }
    out.push_str(
        r#"  };
  var cache = Object.create(null);
  var global = { Symbol: Symbol };
  function load(name) {
    var key = String(name).replace(/^\.\//, '').replace(/\.js$/, '');
    if (!Object.prototype.hasOwnProperty.call(files, key)) throw new Error('domino: no module ' + name);
    if (key in cache) return cache[key].exports;
    var module = { exports: {} };
    cache[key] = module;
    files[key].call(module.exports, module, module.exports, load, global);
    return module.exports;
  }
  globalThis.paranoidDomino = load('index');
})();
"#,
    );
    Ok(out)
}
