//! A userscript's own text, read as the managers run it: wrapped in a function
//! (`(function () { … }).call(this);`), so that a top-level `return` ends the script and its
//! top-level declarations are its own. The wrapper is made in the tree; these pin what it lets
//! through (only what that text would), and that the output still passes `check_output`. The
//! Node tests (`tests/node/semantics.test.mjs`) run it.

use paranoid_core::{
    check_output, page_use, transpile, vet, without_marks, Body, Code, EsLevel, Options,
};

fn userscript() -> Options {
    Options {
        level: EsLevel::DEFAULT,
        body: Body::Userscript,
    }
}

fn out(source: &str) -> String {
    let t = transpile(source, &userscript())
        .unwrap_or_else(|d| panic!("{source:?} was refused: {d:#?}"));
    check_output(&t.code).unwrap_or_else(|e| panic!("{source:?}: {e}\n{}", t.code));
    without_marks(&t.code)
}

#[test]
fn a_top_level_return_is_a_userscripts_only() {
    for source in [
        "return;",
        "if (location.host !== 'a.example') return;\nrun();",
        "for (;;) { try { return 1; } finally { done(); } }",
        "switch (x) { case 1: return; }",
        "label: { return; }",
    ] {
        let script = vet(source, &Options::default());
        assert!(
            script.iter().any(|d| d.code == Code::SyntaxError),
            "{source:?} as a classic script: {script:?}"
        );
        assert!(vet(source, &userscript()).is_empty(), "{source:?}");
        out(source);
    }
}

#[test]
fn the_script_runs_inside_one_function_called_with_the_top_level_this() {
    let code = out("var v = 1;\nfunction f() { return v; }\nlet l = f();");
    // After the output's own prologue, one statement: the call of the wrapper.
    let body = code.trim_start_matches("\"use strict\";");
    assert!(body.starts_with("(function(){"), "{code}");
    assert!(
        body.trim_end().ends_with("}).call(__paranoid_global__);"),
        "{code}"
    );
    // Its declarations are the function's: none goes to the scope object.
    assert!(!code.contains("__paranoid_scope__.v"), "{code}");
    assert!(!code.contains("__paranoid_scope__.f"), "{code}");
    // A global it reads is still one.
    assert!(out("document.title;").contains("__paranoid_scope__.document"));
}

#[test]
fn everything_a_classic_script_may_not_do_it_may_not_either() {
    // The wrapper adds no way around vetting: what is refused in a script is refused here.
    for source in [
        "eval('1');",
        "'use strict'; with (a) {}",
        "var __paranoid_scope__ = 1;",
        "import('x');",
        "}).call(this); (function () {",
        "return; }",
        "new.target;",
        "await x;",
        // A static block is no function: its `return` is not the wrapper's.
        "class A { static { return; } }",
        "function g() { class A { static { return 1; } } }",
        "(() => class { static { if (x) return; } })();",
    ] {
        assert!(
            !vet(source, &userscript()).is_empty(),
            "{source:?} was accepted as a userscript"
        );
    }
}

#[test]
fn a_return_in_a_function_inside_a_static_block_is_that_functions() {
    for source in [
        "class A { static { function f() { return 1; } } }",
        "class A { static { const f = () => { return 1; }; } }",
        "class A { static { const o = { get x() { return 1; }, set x(v) { return; }, m() { return; } }; } }",
        "class A { static { class B { constructor() { return; } } } }",
    ] {
        assert!(vet(source, &userscript()).is_empty(), "{source:?}");
        out(source);
    }
}

#[test]
fn its_lines_stay_its_own_in_the_source_map() {
    let t = transpile(
        "// ==UserScript==\n// ==/UserScript==\nreturn;\n",
        &userscript(),
    )
    .expect("transpiles");
    let map: serde_json::Value = serde_json::from_str(&t.source_map).expect("a source map");
    assert_eq!(map["version"], 3);
    assert!(map["mappings"].as_str().is_some_and(|m| !m.is_empty()));
}

#[test]
fn what_it_asks_of_the_page_is_read_with_a_top_level_return_too() {
    let u = page_use("if (!document.querySelector('#x')) return;\ndocument.body.append('y');")
        .expect("parses");
    assert!(u.reads && u.writes, "{u:?}");
}
