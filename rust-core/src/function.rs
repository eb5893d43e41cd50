//! The entry for the `Function` stand-ins (`Function`, and the constructors of async functions,
//! generators and async generators): CreateDynamicFunction (ECMA-262 §20.2.1.1.1), vetted.
//!
//! Threat: `Function("a", "}); steal(); (function(){")` — text that closes the function early.
//! Steps, as the spec does them:
//! 1. Parse the parameters alone: `(function (PARAMS\n) {})` must be exactly one parenthesized
//!    function whose empty body starts at the `{` we wrote.
//! 2. Parse the body alone: `(function () {\nBODY\n})` must be exactly one parenthesized
//!    function without parameters whose body is the braces we wrote.
//! 3. Parse the assembled source the spec builds, `(function anonymous(PARAMS\n) {\nBODY\n})`,
//!    check the same shape again, then vet and rewrite it like any script.
//!
//! The output is a strict script: the directive and one expression statement,
//! `__paranoid_rt__.functionResult(() => (function anonymous(…) {…}))`. The runtime's
//! `functionResult` receives the factory (a script loaded with `importScripts` has no
//! completion value) and returns it; each call of the factory makes a new function object, so a
//! runtime may load the code once and answer every later call with the same text from it.

use swc_ecma_ast::{
    ArrowFunctionBody, Callee, Class, Expr, ExprStmt, Function, Lit, MemberProp, Script, Stmt,
};
use swc_ecma_visit::{VisitMut, VisitMutWith};

use crate::factory::sloppy_this;

use crate::diagnostic::{Code, Diagnostic};
use crate::parse::{parse, Parsed};
use crate::policy::reserved::{FUNCTION_RESULT, RUNTIME};
use crate::source::LineIndex;
use crate::{guarded, transpile_parsed_then, Options, Transpiled};

/// Which constructor is being stood in for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionKind {
    Normal,
    Async,
    Generator,
    AsyncGenerator,
}

impl FunctionKind {
    /// Every kind, in the order the wasm ABI and the generated policy number them.
    pub const ALL: [FunctionKind; 4] = [
        FunctionKind::Normal,
        FunctionKind::Async,
        FunctionKind::Generator,
        FunctionKind::AsyncGenerator,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FunctionKind::Normal => "normal",
            FunctionKind::Async => "async",
            FunctionKind::Generator => "generator",
            FunctionKind::AsyncGenerator => "async-generator",
        }
    }

    fn prefix(self) -> &'static str {
        match self {
            FunctionKind::Normal => "function",
            FunctionKind::Async => "async function",
            FunctionKind::Generator => "function*",
            FunctionKind::AsyncGenerator => "async function*",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "normal" | "function" => FunctionKind::Normal,
            "async" => FunctionKind::Async,
            "generator" => FunctionKind::Generator,
            "async-generator" => FunctionKind::AsyncGenerator,
            _ => return None,
        })
    }
}

/// Where, in a wrapper's text, the function's body braces must be.
struct Shape {
    body_open: usize,
    body_close: usize,
    expect_params: bool,
}

/// Checks that `parsed` is exactly `(FUNCTION)` with its body at the offsets we wrote.
fn has_shape(parsed: &Parsed, shape: &Shape) -> bool {
    let Script { body, .. } = &parsed.script;
    let [Stmt::Expr(stmt)] = body.as_slice() else {
        return false;
    };
    let Expr::Paren(paren) = &*stmt.expr else {
        return false;
    };
    let Expr::Fn(f) = &*paren.expr else {
        return false;
    };
    let Some(block) = &f.function.body else {
        return false;
    };
    if !shape.expect_params && !f.function.params.is_empty() {
        return false;
    }
    parsed.offset(block.span.lo) == shape.body_open
        && parsed.offset(block.span.hi) == shape.body_close + 1
}

fn refuse(what: &str) -> Vec<Diagnostic> {
    vec![Diagnostic {
        code: Code::BadFunctionParts,
        message: format!(
            "the {what} does not stand on its own (text that closes the function early or \
             reaches outside it is refused)"
        ),
        line: 1,
        column: 1,
        offset: 0,
    }]
}

/// Vets and transpiles `new Function(...params, body)` of the given kind.
pub fn transpile_function(
    params: &[&str],
    body: &str,
    kind: FunctionKind,
    options: &Options,
) -> Result<Transpiled, Vec<Diagnostic>> {
    let params = params.join(",");
    let lines = LineIndex::new(&params);
    guarded(&lines, || assemble(&params, body, kind, options))
}

/// The expression a `transpile_function` output statement hands over: `e` in
/// `__paranoid_rt__.functionResult(() => e)`, or `None` for any other shape. The inverse of what
/// the output is built with, so that tests and the fuzz target check the shape in one way.
pub fn handed_over(statement: &Expr) -> Option<&Expr> {
    let Expr::Call(call) = statement else {
        return None;
    };
    let Callee::Expr(callee) = &call.callee else {
        return None;
    };
    let Expr::Member(member) = &**callee else {
        return None;
    };
    let (Expr::Ident(obj), MemberProp::Ident(prop)) = (&*member.obj, &member.prop) else {
        return None;
    };
    if &*obj.sym != RUNTIME || &*prop.sym != FUNCTION_RESULT || call.args.len() != 1 {
        return None;
    }
    let arg = &call.args[0];
    if arg.spread.is_some() {
        return None;
    }
    let Expr::Arrow(arrow) = &*arg.expr else {
        return None;
    };
    if !arrow.params.is_empty() || arrow.is_async || arrow.is_generator {
        return None;
    }
    match &*arrow.body {
        ArrowFunctionBody::Expr(body) => Some(body),
        ArrowFunctionBody::FunctionBody(_) => None,
    }
}

fn assemble(
    params: &str,
    body: &str,
    kind: FunctionKind,
    options: &Options,
) -> Result<Transpiled, Vec<Diagnostic>> {
    let prefix = kind.prefix();

    // 1. The parameters alone.
    let head = format!("({prefix} (");
    let wrapped = format!("{head}{params}\n) {{}})");
    let lines = LineIndex::new(&wrapped);
    let shape = Shape {
        body_open: head.len() + params.len() + 3,
        body_close: head.len() + params.len() + 4,
        expect_params: true,
    };
    match parse(&wrapped, &lines) {
        Ok(parsed) if has_shape(&parsed, &shape) => {}
        Ok(_) => return Err(refuse("parameter list")),
        Err(diagnostics) => return Err(diagnostics),
    }

    // 2. The body alone.
    let head = format!("({prefix} () {{\n");
    let wrapped = format!("{head}{body}\n}})");
    let lines = LineIndex::new(&wrapped);
    let shape = Shape {
        body_open: head.len() - 2,
        body_close: head.len() + body.len() + 1,
        expect_params: false,
    };
    match parse(&wrapped, &lines) {
        Ok(parsed) if has_shape(&parsed, &shape) => {}
        Ok(_) => return Err(refuse("function body")),
        Err(diagnostics) => return Err(diagnostics),
    }

    // 3. The source text the spec assembles.
    let head = format!("({prefix} anonymous({params}\n) {{\n");
    let source = format!("{head}{body}\n}})");
    let lines = LineIndex::new(&source);
    let shape = Shape {
        body_open: head.len() - 2,
        body_close: head.len() + body.len() + 1,
        expect_params: true,
    };
    let parsed = parse(&source, &lines)?;
    if !has_shape(&parsed, &shape) {
        return Err(refuse("assembled function"));
    }
    let transpiled = transpile_parsed_then(parsed, &lines, options, |script| {
        // A function `Function` makes is sloppy code unless its body says `"use strict"`: its
        // `this` is the global when it is called plainly (`Function('return this')()`).
        if let Some(Stmt::Expr(stmt)) = script.body.last_mut() {
            stmt.expr.visit_mut_with(&mut SloppyThis);
        }
        match crate::rewrite::hand_over_function(script) {
            true => Ok(()),
            false => Err(refuse("transpiled function")),
        }
    })?;
    // Its `toString` is this text's function, as the spec assembles it.
    Ok(Transpiled {
        source_text: Some(source),
        ..transpiled
    })
}

/// `this` in a sloppy function's code becomes `__paranoid_rt__.sloppyThis(this)` (the stand-in
/// global for `undefined` or `null`, an object for a primitive), in arrows too; not in a class
/// (class code is strict) or a function whose body starts with `"use strict"`.
struct SloppyThis;

impl VisitMut for SloppyThis {
    fn visit_mut_expr(&mut self, e: &mut Expr) {
        if let Expr::This(t) = e {
            *e = sloppy_this(t.span);
            return;
        }
        e.visit_mut_children_with(self);
    }

    fn visit_mut_class(&mut self, _: &mut Class) {}

    fn visit_mut_function(&mut self, f: &mut Function) {
        if f.body.as_ref().is_some_and(|b| starts_strict(&b.stmts)) {
            return;
        }
        f.visit_mut_children_with(self);
    }
}

/// Whether a body's directive prologue holds `"use strict"`.
fn starts_strict(stmts: &[Stmt]) -> bool {
    for stmt in stmts {
        let Stmt::Expr(ExprStmt { expr, .. }) = stmt else {
            return false;
        };
        let Expr::Lit(Lit::Str(s)) = &**expr else {
            return false;
        };
        if s.value == *"use strict" {
            return true;
        }
    }
    false
}
