//! The DOM library a userscript's page replica is built with: domino, and wicked-good-xpath for
//! `document.evaluate` (installed from npm into `dom-library/node_modules` by `cargo xtask
//! setup`, at the versions its lockfile pins),
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
/// [`prebuild`]), with both libraries' licenses beside it.
pub const BUNDLE: &str = "replica/domino.js";
pub const BUNDLE_LICENSE: &str = "replica/LICENSES.txt";

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
    let license = licenses(root)?;
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
/// `document.evaluate` (XPath 1.0) over domino's documents: Google's wicked-good-xpath, built
/// for exactly this (a DOM without XPath), 29 KB compiled, its CommonJS build.
const XPATH: &str = "dom-library/node_modules/wicked-good-xpath/dist/wgxpath.install-node.js";
const XPATH_LICENSE: &str = "dom-library/node_modules/wicked-good-xpath/LICENSE";

/// Both libraries' licenses, as the bundle's header and its license file carry them.
fn licenses(root: &Path) -> Result<String, String> {
    let domino = fs::read_to_string(root.join(LICENSE)).map_err(|e| format!("{LICENSE}: {e}"))?;
    let xpath = fs::read_to_string(root.join(XPATH_LICENSE))
        .map_err(|e| format!("{XPATH_LICENSE}: {e}"))?;
    Ok(format!(
        "domino:\n\n{domino}\n\nwicked-good-xpath:\n\n{xpath}"
    ))
}
const PACKAGE: &str = "dom-library/node_modules/domino/package.json";
/// The version the patches were written against.
const VERSION: &str = "2.1.8";

/// (file, text, replacement). Each must match exactly once.
const PATCHES: &[(&str, &str, &str)] = &[
    // An event's `timeStamp` is a high-resolution time from the time origin, as
    // `performance.now()` gives it (the sandbox's virtual one), not an epoch time.
    (
        "Event.js",
        "this.timeStamp = Date.now();",
        "this.timeStamp = performance.now();",
    ),
    // The replica's layer replaces `click`, `focus` and `blur` (a press of the page's element,
    // content/replica-layer.js): domino defines them fixed.
    (
        "htmlelts.js",
        "    blur: { value: function() {}},\n    focus: { value: function() {}},",
        "    blur: { value: function() {}, configurable: true, writable: true},\n    focus: { value: function() {}, configurable: true, writable: true},",
    ),
    (
        "htmlelts.js",
        "      finally {\n        this._click_in_progress = false;\n      }\n    }},",
        "      finally {\n        this._click_in_progress = false;\n      }\n    }, configurable: true, writable: true},",
    ),
    // domino runs scripts and compiles inline `on*=` handlers with `new Function` and `with`.
    // A replica never runs page code: scripts throw, and an `on…` attribute makes no handler
    // at all (null: neither a listener the page would be asked for nor code; the transpiler
    // would refuse both anyway).
    (
        "sloppy.js",
        "new Function(\"code\", \"with(this) eval(code)\").call(this, code);",
        "throw new Error('a replica runs no scripts');",
    ),
    (
        "sloppy.js",
        "return new Function(\"defaultView\", \"document\", \"form\", \"element\", \"event\", \"with(defaultView)with(document)with(form)with(element){\"+this.body+\"};\").bind(this, this.document.defaultView || Object.create(null), this.document, this.form, this.element);",
        "return null;",
    ),
    // Removing all of an element's children (innerHTML, textContent) left each child linked to
    // its old siblings, so that moving them on, as jQuery does with markup of several nodes,
    // lost all but the first: unlink each, as removing one child does.
    (
        "ContainerNode.js",
        "      if (root) root.mutateRemove(kid);\n      kid.parentNode = null;",
        "      if (root) root.mutateRemove(kid);\n      kid.parentNode = null;\n      kid._nextSibling = kid._previousSibling = kid;",
    ),
    // An event's path ends at the window, as in browsers: a script's `window.addEventListener`
    // hears what bubbles from the page's elements (keyboard shortcuts, clicks, a site's own
    // events). `load` stops at the document, as in browsers.
    (
        "EventTarget.js",
        "    for(var n = this.parentNode; n; n = n.parentNode)\n      ancestors.push(n);\n",
        "    for(var n = this.parentNode; n; n = n.parentNode)\n      ancestors.push(n);\n    var last = ancestors.length ? ancestors[ancestors.length - 1] : this;\n    if (last.nodeType === 9 && last.defaultView && event.type !== 'load') ancestors.push(last.defaultView);\n",
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
    // `:scope` is the node a query was asked of (`querySelectorAll`'s element, `matches`'s and
    // `closest`'s element, a `:has()`'s subject). domino took the document's root for every
    // query, so that `el.querySelectorAll(':scope > li')` found nothing and jQuery's
    // `$(el).find('> li')` and `$(el).find('div span')` (which it prefixes with `:scope`) gave
    // silently wrong answers.
    (
        "select.js",
        "  ':scope': function(el, con) {\n    var context = con || el.ownerDocument;",
        "  ':scope': function(el) {\n    var context = scopeNode || el.ownerDocument;",
    ),
    (
        "select.js",
        "  /* do things the hard/slow way */\n  return find(sel, context);",
        "  /* do things the hard/slow way */\n  return withScope(context, function() { return find(sel, context); });",
    ),
    (
        "select.js",
        "exports.matches = function(el, sel) {\n  var test = { sel: sel };\n  do {\n    test = compile(test.sel);\n    if (test(el)) { return true; }\n  } while (test.sel);\n  return false;\n};",
        "exports.matches = function(el, sel, scope) {\n  return withScope(scope || el, function() {\n    var test = { sel: sel };\n    do {\n      test = compile(test.sel);\n      if (test(el)) { return true; }\n    } while (test.sel);\n    return false;\n  });\n};",
    ),
    (
        "Element.js",
        "if (el.matches && el.matches(selector)) { return el; }",
        "if (el.matches && select.matches(el, selector, this)) { return el; }",
    ),
    // `:has()` takes relative selectors (`> a`, `+ b`, `~ c`, `d`), as userscripts that hide a
    // card by what it holds write them; domino read its argument as a plain selector, so each of
    // those threw. Each is now read as `:scope` followed by it, with the element as the scope,
    // over the element's subtree (its parent's, for a sibling combinator).
    (
        "select.js",
        "  ':has': function(param) {\n    return function(el) {\n      return find(param, el).length > 0;\n    };\n  }",
        "  ':has': function(param) {\n    var tests = splitList(param).map(function(part) {\n      if (!part) throw new SyntaxError('Invalid selector.');\n      // domino reads a combinator with spaces on both sides or none: `>a` becomes `> a`.\n      var test = compile(':scope ' + part.replace(/^([>+~])\\s*/, '$1 '));\n      if (test.sel) throw new SyntaxError('Invalid selector.');\n      return { test: test, sibling: part[0] === '+' || part[0] === '~' };\n    });\n    return function(el) {\n      return tests.some(function(t) {\n        var root = t.sibling ? el.parentNode : el;\n        if (!root) return false;\n        return withScope(el, function() { return someDescendant(root, t.test); });\n      });\n    };\n  }",
    ),
    // An unknown pseudo-class threw "selectors[…] is not a function", and one that takes an
    // argument written without it ran its factory as the test; a browser throws a SyntaxError
    // for both, which is what a script (or jQuery, which then uses its own engine) expects.
    // Pseudo-class names are matched without regard to case, as CSS does.
    (
        "select.js",
        "  if (cap[2]) {\n    return cap[3]\n      ? selectors[decodeid(cap[2])](unquote(cap[3]))\n      : selectors[decodeid(cap[2])];\n  }",
        "  if (cap[2]) {\n    var pseudo = decodeid(cap[2]).toLowerCase();\n    if (!Object.prototype.hasOwnProperty.call(selectors, pseudo)) {\n      throw new SyntaxError(pseudo + ' is not a selector the replica knows.');\n    }\n    if ((cap[3] === undefined || !cap[3].trim()) && /^:(not|is|where|matches|has|nth-child|nth-last-child|nth-of-type|nth-last-of-type|nth-match|nth-last-match|lang|dir|contains)$/.test(pseudo)) {\n      throw new SyntaxError(pseudo + ' needs an argument.');\n    }\n    return cap[3] !== undefined\n      ? selectors[pseudo](unquote(cap[3]))\n      : selectors[pseudo];\n  }",
    ),
    (
        "select.js",
        "var find = function(sel, node) {",
        "// Whether an element under `root` (an element, a document or a fragment) passes `test`.\nvar someDescendant = function(root, test) {\n  var n = root.firstChild;\n  while (n) {\n    if (n.nodeType === 1 && test(n)) return true;\n    if (n.firstChild) { n = n.firstChild; continue; }\n    while (n !== root && !n.nextSibling) n = n.parentNode;\n    if (n === root) return false;\n    n = n.nextSibling;\n  }\n  return false;\n};\n\n// The node a query was asked of, for `:scope` (null: the document's root).\nvar scopeNode = null;\nvar withScope = function(node, run) {\n  var outer = scopeNode;\n  scopeNode = node;\n  try { return run(); } finally { scopeNode = outer; }\n};\n\n// A selector list's selectors, split at its top-level commas (not those in parentheses,\n// brackets or strings), trimmed.\nvar splitList = function(list) {\n  var parts = [], depth = 0, quote = '', start = 0, i, ch;\n  for (i = 0; i < list.length; i++) {\n    ch = list[i];\n    if (ch === '\\\\') { i++; continue; }\n    if (quote) { if (ch === quote) quote = ''; continue; }\n    if (ch === '\"' || ch === '\\'') quote = ch;\n    else if (ch === '(' || ch === '[') depth++;\n    else if (ch === ')' || ch === ']') depth--;\n    else if (ch === ',' && depth === 0) { parts.push(list.slice(start, i)); start = i + 1; }\n  }\n  parts.push(list.slice(start));\n  return parts.map(function(part) { return part.trim(); });\n};\n\nvar find = function(sel, node) {",
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
    let license = licenses(root)?;
    let mut names: Vec<String> = fs::read_dir(root.join(LIB))
        .map_err(|e| format!("{LIB}: {e}"))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".js"))
        .collect();
    names.sort();
    let mut out = String::new();
    out.push_str("// Generated by `cargo xtask extension` from domino (and wicked-good-xpath) ");
    out.push_str(VERSION);
    out.push_str(" (npm), patched (xtask/src/extension/dom_library.rs): edit that, not this.\n");
    out.push_str(
        "// It runs inside a userscript's sandbox and defines paranoidDomino and paranoidXPath there.\n/*\n",
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
    // wicked-good-xpath's build reads `module` and `global`: its own, here. The layer calls its
    // `install` on the replica's window.
    let xpath = fs::read_to_string(root.join(XPATH)).map_err(|e| format!("{XPATH}: {e}"))?;
    out.push_str(&format!(
        "(function () {{\n  var module = {{ exports: {{}} }};\n  (function (module, global) {{\n{xpath}\n  }})(module, {{}});\n  globalThis.paranoidXPath = module.exports.install;\n}})();\n"
    ));
    Ok(out)
}
