//! `transpile_function` (the `Function` stand-ins' entry). Input: the first byte picks the kind;
//! the rest is split at 0xFF bytes (never part of UTF-8): every part but the last is one
//! parameter string, the last is the body. Invariants: no internal failure; on success the output
//! is exactly `"use strict";__paranoid_rt__.functionResult(()=>(function anonymous(...){...}));` of the requested kind, and it passes
//! `check_output`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use paranoid_core::{check_output, handed_over, transpile_function, FunctionKind, Options};
use paranoid_core_fuzz::assert_no_internal;
use swc_common::BytePos;
use swc_ecma_ast::{EsVersion, Expr, Lit, Stmt};
use swc_ecma_parser::{EsSyntax, Lexer, Parser, StringInput, Syntax};

const SEPARATOR: u8 = 0xFF;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let kind = match first % 4 {
        0 => FunctionKind::Normal,
        1 => FunctionKind::Async,
        2 => FunctionKind::Generator,
        _ => FunctionKind::AsyncGenerator,
    };
    let mut parts = Vec::new();
    for part in rest.split(|&b| b == SEPARATOR) {
        match std::str::from_utf8(part) {
            Ok(text) => parts.push(text),
            Err(_) => return,
        }
    }
    let (body, params) = parts.split_last().expect("split yields at least one part");

    match transpile_function(params, body, kind, &Options::default()) {
        Ok(out) => {
            if let Err(message) = check_shape(&out.code, kind) {
                panic!("{message}\n--- params ---\n{params:?}\n--- body ---\n{body}\n--- output ---\n{}", out.code);
            }
            if let Err(message) = check_output(&out.code) {
                panic!("bad output: {message}\n--- params ---\n{params:?}\n--- body ---\n{body}\n--- output ---\n{}", out.code);
            }
        }
        Err(diagnostics) => assert_no_internal(&diagnostics, "transpile_function"),
    }
});

/// The output parses (with swc, independently of the core's own parse) to exactly two
/// statements: the `"use strict"` directive and
/// `__paranoid_rt__.functionResult(() => (function anonymous(...) {...}));`.
fn check_shape(code: &str, kind: FunctionKind) -> Result<(), String> {
    let end = BytePos(1 + u32::try_from(code.len()).map_err(|_| "output too large")?);
    let input = StringInput::new(code, BytePos(1), end);
    let lexer = Lexer::new(
        Syntax::Es(EsSyntax::default()),
        EsVersion::latest(),
        input,
        None,
    );
    let mut parser = Parser::new_from(lexer);
    let script = parser
        .parse_script()
        .map_err(|e| format!("the output does not parse: {:?}", e.kind()))?;
    let errors = parser.take_errors();
    if !errors.is_empty() {
        return Err(format!(
            "the output parses with errors: {:?}",
            errors[0].kind()
        ));
    }
    let [Stmt::Expr(directive), Stmt::Expr(function)] = script.body.as_slice() else {
        return Err(format!(
            "{} statements, not the directive and one expression",
            script.body.len()
        ));
    };
    let Expr::Lit(Lit::Str(directive)) = &*directive.expr else {
        return Err("the first statement is not a string literal".into());
    };
    if directive.raw.as_deref() != Some("\"use strict\"")
        && directive.raw.as_deref() != Some("'use strict'")
    {
        return Err(format!(
            "the first statement is {:?}, not the directive",
            directive.raw
        ));
    }
    let Some(Expr::Paren(paren)) = handed_over(&function.expr) else {
        return Err("the second statement is not `__paranoid_rt__.functionResult(() => (…))`".into());
    };
    let Expr::Fn(f) = &*paren.expr else {
        return Err("the parenthesized expression is not a function expression".into());
    };
    if f.ident.as_ref().map(|i| &*i.sym) != Some("anonymous") {
        return Err(format!(
            "the function is named {:?}, not anonymous",
            f.ident.as_ref().map(|i| i.sym.to_string())
        ));
    }
    let want = (
        matches!(kind, FunctionKind::Async | FunctionKind::AsyncGenerator),
        matches!(kind, FunctionKind::Generator | FunctionKind::AsyncGenerator),
    );
    let got = (f.function.is_async, f.function.is_generator);
    if want != got {
        return Err(format!(
            "(async, generator) is {got:?}, expected {want:?} for {kind:?}"
        ));
    }
    if f.function.body.is_none() {
        return Err("the function has no body".into());
    }
    Ok(())
}
