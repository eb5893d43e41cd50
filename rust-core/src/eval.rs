//! The entry for the indirect `eval` stand-in (`(0, eval)(src)`, `window.eval(src)`): PerformEval
//! (ECMA-262 §19.2.1.1) of a global script, vetted. A direct `eval(…)` call never gets here: the
//! vetter refuses it, since it would see the caller's local variables.
//!
//! The text is vetted and rewritten as any script is, so that its declarations and free names
//! go through the stand-in scope; what differs is its completion value, which a script loaded
//! with `importScripts` does not give. Each statement whose completion value the spec would keep
//! (an expression statement, outside every function and every `finally` block) hands its value
//! to `__paranoid_rt__.evalValue`, and each statement whose completion is `undefined` when its
//! body gives none (`if`, the loops, `switch`, `try`: the spec's UpdateEmpty(…, undefined)) sets
//! `undefined` first. Declarations, blocks and empty statements keep the value before them, as
//! the spec's statement lists do. The sites are found in the input's tree and found again, by
//! their spans, in the rewritten one: the rewrite turns `var x = 1` into an expression
//! statement, whose value the spec does not keep.

use std::collections::BTreeSet;

use swc_common::{Span, Spanned, DUMMY_SP};
use swc_ecma_ast::*;

use crate::factory::{eval_value, void_zero};
use crate::parse::parse;
use crate::source::LineIndex;
use crate::{guarded, transpile_parsed_then, Diagnostic, Options, Transpiled};

/// Vets and transpiles `source` as the text of an indirect `eval`.
pub fn transpile_eval(source: &str, options: &Options) -> Result<Transpiled, Vec<Diagnostic>> {
    let lines = LineIndex::new(source);
    guarded(&lines, || {
        let parsed = parse(source, &lines)?;
        let mut sites = Sites::default();
        sites.statements(&parsed.script.body);
        transpile_parsed_then(parsed, &lines, options, |script| {
            record(&mut script.body, &sites);
            Ok(())
        })
    })
}

/// Where the input's completion values are decided, by span.
#[derive(Default)]
struct Sites {
    /// Expression statements: their value is the completion value.
    values: BTreeSet<(u32, u32)>,
    /// Statements whose completion is `undefined` when their body gives none.
    resets: BTreeSet<(u32, u32)>,
}

fn key(span: Span) -> (u32, u32) {
    (span.lo.0, span.hi.0)
}

impl Sites {
    fn statements(&mut self, list: &[Stmt]) {
        for statement in list {
            self.statement(statement);
        }
    }

    fn statement(&mut self, statement: &Stmt) {
        match statement {
            Stmt::Expr(e) => {
                self.values.insert(key(e.span));
            }
            Stmt::Block(b) => self.statements(&b.stmts),
            Stmt::Labeled(l) => self.statement(&l.body),
            Stmt::If(i) => {
                self.resets.insert(key(i.span));
                self.statement(&i.cons);
                if let Some(alt) = &i.alt {
                    self.statement(alt);
                }
            }
            Stmt::While(w) => {
                self.resets.insert(key(w.span));
                self.statement(&w.body);
            }
            Stmt::DoWhile(d) => {
                self.resets.insert(key(d.span));
                self.statement(&d.body);
            }
            Stmt::For(f) => {
                self.resets.insert(key(f.span));
                self.statement(&f.body);
            }
            Stmt::ForIn(f) => {
                self.resets.insert(key(f.span));
                self.statement(&f.body);
            }
            Stmt::ForOf(f) => {
                self.resets.insert(key(f.span));
                self.statement(&f.body);
            }
            Stmt::Switch(s) => {
                self.resets.insert(key(s.span));
                for case in &s.cases {
                    self.statements(&case.cons);
                }
            }
            Stmt::Try(t) => {
                // A `finally` block's normal completion is dropped: its statements keep nothing.
                self.resets.insert(key(t.span));
                self.statements(&t.block.stmts);
                if let Some(handler) = &t.handler {
                    self.statements(&handler.body.stmts);
                }
            }
            // `with` becomes a block of the same span (`with.rs`): the reset goes before it.
            Stmt::With(w) => {
                self.resets.insert(key(w.span));
                self.statement(&w.body);
            }
            // Declarations, `return`-less jumps, `debugger` and empty statements give no value.
            _ => {}
        }
    }
}

/// Puts the completion calls into the rewritten statement list, at the sites found before.
fn record(list: &mut Vec<Stmt>, sites: &Sites) {
    let mut out = Vec::with_capacity(list.len());
    for mut statement in list.drain(..) {
        if needs_reset(&statement, sites) {
            out.push(Stmt::Expr(ExprStmt {
                span: DUMMY_SP,
                expr: Box::new(eval_value(void_zero(DUMMY_SP))),
            }));
        }
        record_in(&mut statement, sites);
        out.push(statement);
    }
    *list = out;
}

/// One statement: an expression statement at a site hands its value over; a compound statement
/// is searched as [`Sites::statement`] searched it.
fn record_in(statement: &mut Stmt, sites: &Sites) {
    match statement {
        Stmt::Expr(e) if e.span != DUMMY_SP && sites.values.contains(&key(e.span)) => {
            let value = std::mem::replace(&mut *e.expr, void_zero(DUMMY_SP));
            *e.expr = eval_value(value);
        }
        Stmt::Block(b) => record(&mut b.stmts, sites),
        // The reset goes before the label (`continue l` needs the loop right after `l:`).
        Stmt::Labeled(l) => record_in(&mut l.body, sites),
        Stmt::If(i) => {
            record_body(&mut i.cons, sites);
            if let Some(alt) = &mut i.alt {
                record_body(alt, sites);
            }
        }
        Stmt::While(w) => record_body(&mut w.body, sites),
        Stmt::DoWhile(d) => record_body(&mut d.body, sites),
        Stmt::For(f) => record_body(&mut f.body, sites),
        Stmt::ForIn(f) => record_body(&mut f.body, sites),
        Stmt::ForOf(f) => record_body(&mut f.body, sites),
        Stmt::Switch(s) => {
            for case in &mut s.cases {
                record(&mut case.cons, sites);
            }
        }
        Stmt::Try(t) => {
            record(&mut t.block.stmts, sites);
            if let Some(handler) = &mut t.handler {
                record(&mut handler.body.stmts, sites);
            }
        }
        _ => {}
    }
}

/// A statement in a body position (`if (x) a;`): a site that needs a reset becomes a block, so
/// that the reset runs only when the body does.
fn record_body(body: &mut Box<Stmt>, sites: &Sites) {
    if needs_reset(body, sites) {
        let inner = std::mem::replace(&mut **body, Stmt::Empty(EmptyStmt { span: DUMMY_SP }));
        let mut list = vec![inner];
        record(&mut list, sites);
        **body = Stmt::Block(BlockStmt {
            span: DUMMY_SP,
            ctxt: Default::default(),
            stmts: list,
        });
    } else {
        record_in(body, sites);
    }
}

/// Whether `statement` (through its labels) is a site that sets `undefined` first.
fn needs_reset(statement: &Stmt, sites: &Sites) -> bool {
    let mut inner = statement;
    while let Stmt::Labeled(l) = inner {
        inner = &l.body;
    }
    let span = inner.span();
    span != DUMMY_SP && sites.resets.contains(&key(span))
}
