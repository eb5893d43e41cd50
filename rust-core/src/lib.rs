//! Paranoid's core: vets untrusted classic scripts against a syntax allowlist and transpiles
//! them so that every global reference goes through a stand-in scope object. See
//! `ARCHITECTURE.md` for how this fits the sandbox and `docs/output-contract.md` for what the
//! output expects of its runtime.
//!
//! Pipeline: [`parse`](parse::parse) (size limit, nesting pre-scan, strict parse, tree-depth
//! check) → [`vet`](vet::vet) (allowlist) → [`rewrite`](rewrite::rewrite) (resolver, `with`
//! rewrite, global rewrite, hoisting) → [`emit`](emit::emit) (codegen from the tree, source map).

// Natively only its tests use it; the wasm build exports it.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod abi;
mod diagnostic;
mod emit;
mod eval;
mod factory;
mod function;
mod heritage;
mod hoisting;
mod level;
mod page_use;
mod parse;
mod pattern;
pub mod policy;
mod prescan;
mod rewrite;
mod source;
mod source_text;
mod sourcemap;
mod verify;
mod vet;
mod with;
mod writer;

use swc_common::{Globals, GLOBALS};

pub use diagnostic::{Code, Diagnostic};
pub use eval::transpile_eval;
pub use function::{handed_over, transpile_function, FunctionKind};
pub use level::EsLevel;
pub use page_use::{page_use, PageUse};
pub use parse::Body;
pub use source::LineIndex;
pub use source_text::{source_key, without_marks, MARK_MAX_LEN};
pub use verify::{check_output, free_identifiers};

/// What the caller may choose.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The newest syntax allowed (default: ES2023).
    pub level: EsLevel,
    /// What the text is the body of: a classic script (the default), or a userscript, run as
    /// the managers run one, wrapped in a function.
    pub body: Body,
}

/// A transpiled script and its source map (JSON) back to the original text.
#[derive(Clone, Debug)]
pub struct Transpiled {
    pub code: String,
    pub source_map: String,
    /// The key the output's source-text comments name the input by (see `source_text`).
    pub source_key: String,
    /// The text those comments' ranges point into, when it is not the caller's input (the
    /// source a `Function` stand-in assembles).
    pub source_text: Option<String>,
}

/// Vets `source`: the diagnostics that refuse it, or none when it may run.
pub fn vet(source: &str, options: &Options) -> Vec<Diagnostic> {
    let lines = LineIndex::new(source);
    // The rewrite finds some refusals too (top-level redeclarations), so vetting runs it.
    let outcome = guarded(&lines, || {
        let parsed = parse_as(source, &lines, options.body)?;
        vet_and_rewrite(parsed, &lines, options).map(drop)
    });
    outcome.err().unwrap_or_default()
}

/// The nesting depth the pre-scan measures for `source` (what `MAX_NESTING` limits), for
/// calibrating the limit against real code.
pub fn nesting_depth(source: &str) -> Result<u32, Vec<Diagnostic>> {
    let lines = LineIndex::new(source);
    guarded(&lines, || parse::parse(source, &lines).map(|p| p.nesting))
}

/// Vets and transpiles `source`.
pub fn transpile(source: &str, options: &Options) -> Result<Transpiled, Vec<Diagnostic>> {
    let lines = LineIndex::new(source);
    guarded(&lines, || {
        let parsed = parse_as(source, &lines, options.body)?;
        transpile_parsed(parsed, &lines, options)
    })
}

fn parse_as(source: &str, lines: &LineIndex, body: Body) -> Result<parse::Parsed, Vec<Diagnostic>> {
    match body {
        Body::Script => parse::parse(source, lines),
        Body::Userscript => parse::parse_userscript(source, lines),
    }
}

fn transpile_parsed(
    parsed: parse::Parsed,
    lines: &LineIndex,
    options: &Options,
) -> Result<Transpiled, Vec<Diagnostic>> {
    transpile_parsed_then(parsed, lines, options, |_| Ok(()))
}

/// Like `transpile_parsed`, with `finish` run on the rewritten tree before it is printed.
fn transpile_parsed_then(
    parsed: parse::Parsed,
    lines: &LineIndex,
    options: &Options,
    finish: impl FnOnce(&mut swc_ecma_ast::Script) -> Result<(), Vec<Diagnostic>>,
) -> Result<Transpiled, Vec<Diagnostic>> {
    let mut parsed = vet_and_rewrite(parsed, lines, options)?;
    finish(&mut parsed.script)?;
    let (source_key, marks) = source_text::mark(&mut parsed.script, &parsed.file);
    let emitted = emit::emit(&parsed.cm, &parsed.file, &mut parsed.script, &marks);
    Ok(Transpiled {
        code: emitted.code,
        source_map: emitted.source_map,
        source_key,
        source_text: None,
    })
}

/// Everything but printing: the allowlist, then the rewrite (which refuses redeclarations).
fn vet_and_rewrite(
    mut parsed: parse::Parsed,
    lines: &LineIndex,
    options: &Options,
) -> Result<parse::Parsed, Vec<Diagnostic>> {
    let diagnostics = vet::vet(&parsed, lines, options.level);
    if !diagnostics.is_empty() {
        return Err(diagnostics);
    }
    // Only a script with the keyword `with` among its tokens can hold a `with` statement (the
    // keyword cannot be escaped): the others skip that pass, and its stack.
    if let Err(redeclared) = rewrite::rewrite(&mut parsed.script, parsed.has_with) {
        return Err(redeclared
            .into_iter()
            .map(|r| lines.diagnostic(Code::SyntaxError, r.message(), parsed.offset(r.span.lo)))
            .collect());
    }
    Ok(parsed)
}

/// Runs `f` inside swc's globals (marks for scopes). Natively a panic in swc or in our code is
/// caught and becomes a diagnostic: a crash means nothing runs. In wasm a panic aborts, which
/// traps, and the host discards the instance.
fn guarded<T>(
    lines: &LineIndex,
    f: impl FnOnce() -> Result<T, Vec<Diagnostic>>,
) -> Result<T, Vec<Diagnostic>> {
    let run = || GLOBALS.set(&Globals::new(), f);
    #[cfg(not(target_arch = "wasm32"))]
    {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
            Ok(outcome) => outcome,
            Err(_) => Err(vec![lines.diagnostic(
                Code::Internal,
                "the transpiler failed internally; nothing will run",
                0,
            )]),
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = lines;
        run()
    }
}
