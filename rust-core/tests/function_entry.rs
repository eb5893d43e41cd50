//! The `Function` stand-in entry (`transpile_function`): parameters and body are parsed
//! separately, as CreateDynamicFunction does, so no text can close the function early. Every
//! success must be exactly `"use strict";` plus one parenthesized function expression of the
//! requested kind, with no free identifier but the reserved ones.

use std::collections::BTreeSet;

use paranoid_core::policy::reserved::OUTPUT_FREE_NAMES;
use paranoid_core::{
    check_output, free_identifiers, handed_over, transpile_function, FunctionKind, Options,
};
use swc_common::sync::Lrc;
use swc_common::{FileName, SourceMap};
use swc_ecma_ast::{EsVersion, Expr, Lit, Stmt};
use swc_ecma_parser::{EsSyntax, Lexer, Parser, StringInput, Syntax};

const KINDS: [FunctionKind; 4] = [
    FunctionKind::Normal,
    FunctionKind::Async,
    FunctionKind::Generator,
    FunctionKind::AsyncGenerator,
];

fn flags(kind: FunctionKind) -> (bool, bool) {
    match kind {
        FunctionKind::Normal => (false, false),
        FunctionKind::Async => (true, false),
        FunctionKind::Generator => (false, true),
        FunctionKind::AsyncGenerator => (true, true),
    }
}

/// Parses `code` with swc (independently of the crate) and checks that it is the directive and
/// one parenthesized function expression of `kind` with `params` parameters.
fn assert_one_function(code: &str, kind: FunctionKind, params: usize) {
    let cm: Lrc<SourceMap> = Default::default();
    let file = cm.new_source_file(Lrc::new(FileName::Anon), code.to_string());
    let lexer = Lexer::new(
        Syntax::Es(EsSyntax::default()),
        EsVersion::latest(),
        StringInput::from(&*file),
        None,
    );
    let mut parser = Parser::new_from(lexer);
    let script = parser
        .parse_script()
        .unwrap_or_else(|e| panic!("the output does not parse: {e:?}\n{code}"));
    assert!(
        parser.take_errors().is_empty(),
        "the output has parse errors:\n{code}"
    );
    let [Stmt::Expr(directive), Stmt::Expr(function)] = script.body.as_slice() else {
        panic!("the output is not the directive plus one statement:\n{code}");
    };
    assert!(
        matches!(&*directive.expr, Expr::Lit(Lit::Str(s)) if s.value == *"use strict"),
        "the first statement is not \"use strict\":\n{code}"
    );
    let Some(Expr::Paren(paren)) = handed_over(&function.expr) else {
        panic!("the statement is not `__paranoid_rt__.functionResult(() => (…))`:\n{code}");
    };
    let Expr::Fn(f) = &*paren.expr else {
        panic!("the parenthesized expression is not a function expression:\n{code}");
    };
    assert_eq!(
        (f.function.is_async, f.function.is_generator),
        flags(kind),
        "wrong kind of function:\n{code}"
    );
    assert_eq!(
        f.function.params.len(),
        params,
        "wrong parameter count:\n{code}"
    );
}

/// Transpiles and checks everything a success must satisfy; returns the code.
fn ok(params: &[&str], body: &str, kind: FunctionKind, param_count: usize) -> String {
    let out = transpile_function(params, body, kind, &Options::default())
        .unwrap_or_else(|d| panic!("{kind:?} Function({params:?}, {body:?}) was refused: {d:#?}"));
    let code = out.code;
    assert!(
        code.starts_with("\"use strict\";__paranoid_rt__.functionResult(()=>("),
        "{kind:?}: wrong start:\n{code}"
    );
    assert!(
        code.trim_end().ends_with(");") || code.trim_end().ends_with(')'),
        "{kind:?}: wrong end:\n{code}"
    );
    check_output(&code).unwrap_or_else(|e| panic!("{kind:?}: {e}\n{code}"));
    let free: BTreeSet<String> = free_identifiers(&code).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(
        free.iter().all(|n| OUTPUT_FREE_NAMES.contains(&n.as_str())),
        "{kind:?}: free identifiers {free:?}\n{code}"
    );
    assert!(code.is_ascii(), "{kind:?}: non-ASCII output:\n{code}");
    assert_one_function(&code, kind, param_count);
    code
}

/// Must be refused, for every kind, with well-formed diagnostics.
fn refused(params: &[&str], body: &str) {
    for kind in KINDS {
        refused_as(kind, params, body);
    }
}

fn refused_as(kind: FunctionKind, params: &[&str], body: &str) {
    match transpile_function(params, body, kind, &Options::default()) {
        Ok(out) => panic!(
            "{kind:?} Function({params:?}, {body:?}) was accepted; output:\n{}",
            out.code
        ),
        Err(d) => {
            assert!(!d.is_empty(), "refused without a diagnostic");
            for d in &d {
                assert!(d.line >= 1 && d.column >= 1, "bad position: {d:?}");
                assert!(!d.message.is_empty(), "empty message: {d:?}");
            }
        }
    }
}

// ---- injection attempts -------------------------------------------------------------------

#[test]
fn params_that_close_the_function_are_refused() {
    refused(&["a) { evil() } (function ("], "");
    refused(&["a = 1) {}); evil(); (function ("], "");
    refused(&["a", "b) { evil(); } (function (c"], "return 1");
    refused(&["a = (1)) { evil() }; (function ("], "");
}

/// Parameter lists of bare words that strict code may not declare (reserved words, `eval`,
/// `arguments`, a name twice, `await`/`yield` where they are keywords; all code is held to
/// strict rules, see `parse.rs`) and malformed lists are refused in every kind.
#[test]
fn parameter_names_strict_code_may_not_declare_are_refused() {
    for names in [
        &["if"][..],
        &["class"],
        &["a", "let"],
        &["static"],
        &["implements"],
        &["yield"],
        &["eval"],
        &["arguments"],
        &["a", "a"],
        &["a, b, a"],
        &["null"],
        &["true"],
        &["1a"],
        &["a b"],
        &[",a"],
        &["a,,b"],
        &[" ", ""],
    ] {
        refused(names, "return 1");
    }
    refused_as(FunctionKind::Async, &["await"], "return 1");
    refused_as(FunctionKind::AsyncGenerator, &["await"], "return 1");
    refused_as(FunctionKind::Generator, &["yield"], "return 1");
    // Simple parameters with a body that says "use strict" are allowed.
    for kind in KINDS {
        ok(&["a", " b ", "\t$_c9"], "'use strict'; return a", kind, 3);
        ok(&[" \t"], "return 1", kind, 0);
        // A trailing comma, as ES2017 allows.
        ok(&["a,"], "return a", kind, 1);
    }
}

#[test]
fn params_that_open_or_close_a_comment_are_refused() {
    refused(&["/*"], "*/ evil(); (function () {");
    refused(&["/*"], "");
    refused(&["*/"], "");
    refused(&["a /*"], "*/ ) { evil(); } (function () {");
    refused(&[""], "*/");
    refused(&["a"], "/*");
}

#[test]
fn bodies_that_close_the_function_are_refused() {
    refused(&[], "}); evil(); (function () {");
    refused(&[], "} function g() {");
    refused(&[], "}); evil(); /*");
    refused(&[], "} /*");
    refused(&["a"], "return a }, evil(), function () {");
    refused(&[], "})\nevil()\n;(function () {");
}

#[test]
fn params_with_a_newline_and_a_closing_paren_are_refused() {
    refused(&["a\n) {\nevil();\n}, (function (b"], "");
    refused(&["a\n) {}); evil(); (function (b"], "");
    refused(&["a\n) {"], "}");
}

#[test]
fn templates_spanning_params_and_body_are_refused() {
    refused(&["a = `"], "` }); evil(); (function () {");
    refused(&["a = `"], "`");
    refused(&["a = `${"], "}`");
    refused(&[], "`");
    refused(&["a = '"], "'");
}

#[test]
fn html_comment_tricks_are_refused_or_harmless() {
    // HTML-like comments are refused outright (Annex B syntax swc also mis-positions after),
    // so none of these tricks gets as far as the shape checks.
    refused(&["a <!-- ) { evil() }"], "}");
    for kind in KINDS {
        assert!(transpile_function(
            &[],
            "<!-- }); evil(); (function () {",
            kind,
            &Options::default()
        )
        .is_err());
        assert!(transpile_function(
            &[],
            "--> }); evil(); (function () {",
            kind,
            &Options::default()
        )
        .is_err());
        assert!(transpile_function(
            &["a\n--> ) { evil() }"],
            "return a",
            kind,
            &Options::default()
        )
        .is_err());
    }
}

#[test]
fn the_body_may_not_be_a_parameter_trick() {
    // Default values that are functions are fine, but not ones that escape the list.
    refused(&["a = function () {"], "}");
    refused(&["...a, b"], "");
    refused(&[")"], "");
    refused(&["("], "");
}

/// A `Function` body is sloppy code unless it says otherwise: `with` is rewritten there.
#[test]
fn a_with_in_a_sloppy_body_is_rewritten() {
    for kind in KINDS {
        let code = transpile_function(&["o"], "with (o) { return x; }", kind, &Options::default())
            .unwrap_or_else(|d| panic!("{kind:?}: {d:?}"))
            .code;
        assert!(
            code.contains("__paranoid_rt__.withHas("),
            "{kind:?}: {code}"
        );
        assert!(!code.contains("with("), "{kind:?}: {code}");
    }
}

#[test]
fn refusals_of_the_vetter_apply_to_functions_too() {
    refused(&[], "eval('1')");
    refused(&[], "'use strict'; with (o) {}");
    refused(&[], "return import('x')");
    refused(&["__paranoid_scope__"], "");
    refused(&[], "return __paranoid_global__");
    refused(&[], "return 017");
    refused(&[], "\\u0074his");
    refused(&["a = 1"], "'use strict'");
}

// ---- legitimate uses ----------------------------------------------------------------------

#[test]
fn every_kind_with_an_empty_body() {
    for kind in KINDS {
        ok(&[], "", kind, 0);
        ok(&[""], "", kind, 0);
    }
}

#[test]
fn every_kind_with_several_params() {
    for kind in KINDS {
        ok(&["a", "b", "c"], "return a + b + c", kind, 3);
        // The spec joins the parameter strings with commas: one string may hold several.
        ok(&["a, b", "c"], "return a + b + c", kind, 3);
        ok(&["a //"], "return a", kind, 1);
        ok(&["a /* x */"], "return a", kind, 1);
    }
}

#[test]
fn every_kind_with_defaults_destructuring_and_rest() {
    for kind in KINDS {
        let code = ok(
            &["a = 1", "{ b, c: [d] = [] } = {}", "[e, ...f]", "...g"],
            "return [a, b, d, e, f, g]",
            kind,
            4,
        );
        assert!(
            !code.contains("__paranoid_scope__.b"),
            "params are local:\n{code}"
        );
    }
}

#[test]
fn yield_in_generators_and_await_in_async_functions() {
    ok(
        &["a"],
        "var x = yield a; yield* x;",
        FunctionKind::Generator,
        1,
    );
    ok(
        &["a"],
        "var x = yield a; yield* x; await x;",
        FunctionKind::AsyncGenerator,
        1,
    );
    ok(&["a"], "return await a;", FunctionKind::Async, 1);
    ok(
        &["a"],
        "for await (const x of a) yield x;",
        FunctionKind::AsyncGenerator,
        1,
    );
    // `yield` and `await` mean nothing special in a normal function: both are refused there
    // (strict mode reserves `yield`; the vetter refuses `await` as an identifier).
    refused_as(FunctionKind::Normal, &[], "yield 1");
    refused_as(FunctionKind::Async, &[], "yield 1");
    refused_as(FunctionKind::Normal, &[], "await 1");
    refused_as(FunctionKind::Generator, &[], "await 1");
    // Nor in parameters of their own kind (an early error in the spec).
    refused_as(FunctionKind::Generator, &["a = yield"], "");
    refused_as(FunctionKind::Async, &["a = await 1"], "");
}

#[test]
fn free_names_in_the_body_go_to_the_scope_and_locals_stay() {
    let code = ok(
        &["a"],
        "var b = a; return [b, c, arguments, this];",
        FunctionKind::Normal,
        1,
    );
    assert!(code.contains("__paranoid_scope__.c"), "{code}");
    assert!(!code.contains("__paranoid_scope__.a"), "{code}");
    assert!(!code.contains("__paranoid_scope__.b"), "{code}");
    assert!(code.contains("arguments"), "{code}");
    assert!(
        code.contains("this"),
        "`this` inside the function stays:\n{code}"
    );
    assert!(!code.contains("__paranoid_global__"), "{code}");
}

#[test]
fn a_var_redeclaring_a_catch_parameter_in_a_body() {
    // Annex B.3.4, as in a script: the `var` belongs to the function, its initialiser assigns
    // the catch parameter.
    for kind in KINDS {
        let code = ok(
            &["a"],
            "try { throw a; } catch (e) { var e = 2; for (var e of [3]); } return e;",
            kind,
            1,
        );
        assert!(
            code.contains("{\nvar e;try{throw a;}catch(e){e=2;for(e of[3]);}return e;")
                || code.contains("{var e;try{throw a;}catch(e){e=2;for(e of[3]);}return e;"),
            "{kind:?}:\n{code}"
        );
    }
    // A destructuring catch parameter may not be redeclared.
    refused(&[], "try {} catch ({ e }) { var e; }");
    refused(&[], "try {} catch ([e]) { for (var e in o); }");
    refused(&[], "try {} catch (e) { let e; }");
    refused(&[], "{ let b; var b; }");
}

#[test]
fn line_comments_and_multiline_bodies() {
    for kind in KINDS {
        ok(&["a"], "// comment\nreturn a // trailing", kind, 1);
        ok(&["a"], "\n\n  return a\n\n", kind, 1);
        ok(&["a"], "return a\n/* block\ncomment */", kind, 1);
    }
}
