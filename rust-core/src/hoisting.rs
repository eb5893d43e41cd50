//! Where each `var` goes, settled before swc's resolver runs.
//!
//! Annex B.3.4 (VariableStatements in Catch Blocks) lets a `var` in a catch block redeclare a
//! catch parameter that is a plain name, in strict code too: `try {} catch (e) { var e = 1; }`.
//! The `var` declares `e` in the enclosing function or script, but its initialiser (like a
//! `for (var e of …)` head) assigns to the catch parameter, which it does not shadow. swc's
//! resolver does not model this: it either merged the two bindings (the catch parameter then
//! became a scope property, `catch (__paranoid_scope__.e)`, which does not parse) or kept the
//! `var` in the catch block, where in the output it declared `e` on the worker's real global.
//!
//! This pass rewrites such a declaration into what it means without Annex B: the names it
//! declares go into one `var` statement at the start of the function or script (after its
//! directives), and in place the initialisers become assignments (a `for (var e of …)` head a
//! `for (e of …)` head). Afterwards no `var` redeclares a catch parameter, and the resolver
//! scopes the tree as the engine does.
//!
//! The same walk refuses the early errors of this kind that swc does not report and that the
//! rewrite would otherwise hide (a `var` that becomes a scope property no longer clashes with
//! anything the engine could see):
//! - a `var` of a name that a block, `switch` or `for (let …)` it hoists out of declares
//!   lexically, `{ let b; { var b; } }`;
//! - a `var` of a name bound by a destructuring catch parameter it hoists out of,
//!   `catch ({ e }) { var e; }`;
//! - a catch parameter that binds a name twice, `catch ([e, e])`, or a name its block declares
//!   lexically, `catch (e) { let e; }`.
//!
//! A clash with the lexical declarations of the function or script body itself is left where it
//! was: the rewrite refuses it at the top level, and inside a function the output keeps both
//! declarations, so the engine refuses it when it loads the script
//! (`tests/corpus/engine-rejects/`).

use swc_atoms::Atom;
use swc_common::Span;
use swc_ecma_ast::*;
use swc_ecma_visit::{VisitMut, VisitMutWith};

use crate::factory::{assign, seq_or_single, var_names};
use crate::pattern::binding_idents;
use crate::rewrite::{bound_names, Clash, Redeclaration};

/// Rewrites every `var` that redeclares a catch parameter, or refuses the script.
pub fn settle(script: &mut Script) -> Result<(), Vec<Redeclaration>> {
    let mut walker = Walker {
        frames: Vec::new(),
        hoisted: Vec::new(),
        refused: Vec::new(),
    };
    let names = walker.var_scope(|w| script.body.visit_mut_with(w));
    if !walker.refused.is_empty() {
        return Err(walker.refused);
    }
    declare_first(&mut script.body, names);
    Ok(())
}

/// What binds names between a `var` and the function or script it belongs to.
enum Frame {
    /// The lexical declarations of a block, a `switch`'s cases or a `for (let …)` head.
    Lexical(Vec<Atom>),
    /// A catch clause's parameter; `pattern` when it is not a plain name.
    Catch { names: Vec<Atom>, pattern: bool },
}

struct Walker {
    /// The frames of the current function or script, innermost last.
    frames: Vec<Frame>,
    /// The names that the current function or script must declare with a `var` of its own.
    hoisted: Vec<Atom>,
    refused: Vec<Redeclaration>,
}

/// The names a statement list declares lexically (in strict code a function declaration in a
/// block is lexical too).
fn lexically_declared<'s>(stmts: impl IntoIterator<Item = &'s Stmt>) -> Vec<Atom> {
    let mut names = Vec::new();
    for stmt in stmts {
        match stmt {
            Stmt::Decl(Decl::Var(v)) if v.kind != VarDeclKind::Var => {
                v.decls
                    .iter()
                    .for_each(|d| bound_names(&d.name, &mut names));
            }
            Stmt::Decl(Decl::Using(u)) => u
                .decls
                .iter()
                .for_each(|d| bound_names(&d.name, &mut names)),
            Stmt::Decl(Decl::Fn(f)) => names.push(f.ident.sym.clone()),
            Stmt::Decl(Decl::Class(c)) => names.push(c.ident.sym.clone()),
            _ => {}
        }
    }
    names
}

/// Puts `var NAMES;` at the start of `stmts`, after its directive prologue.
fn declare_first(stmts: &mut Vec<Stmt>, names: Vec<Atom>) {
    if names.is_empty() {
        return;
    }
    let directives = stmts
        .iter()
        .take_while(|s| matches!(s, Stmt::Expr(e) if matches!(&*e.expr, Expr::Lit(Lit::Str(_)))))
        .count();
    stmts.insert(directives, var_names(names));
}

impl Walker {
    /// A function's or a constructor's parameters and body (a `Param` list or a
    /// `ParamOrTsParamProp` list: whatever visits with the walker) as a var scope of their own.
    fn function_like<P: VisitMutWith<Self>>(
        &mut self,
        params: &mut P,
        body: &mut Option<FunctionBody>,
    ) {
        let names = self.var_scope(|w| {
            params.visit_mut_with(w);
            if let Some(body) = body {
                body.stmts.visit_mut_with(w);
            }
        });
        if let Some(body) = body {
            declare_first(&mut body.stmts, names);
        }
    }

    /// Runs `f` as a new function or script: no frame of the enclosing one applies. Returns the
    /// names the new one must declare.
    fn var_scope(&mut self, f: impl FnOnce(&mut Self)) -> Vec<Atom> {
        let frames = std::mem::take(&mut self.frames);
        let hoisted = std::mem::take(&mut self.hoisted);
        f(self);
        self.frames = frames;
        std::mem::replace(&mut self.hoisted, hoisted)
    }

    /// Runs `f` inside a frame (none when it binds nothing: most blocks).
    fn in_frame(&mut self, frame: Frame, f: impl FnOnce(&mut Self)) {
        let empty = match &frame {
            Frame::Lexical(names) => names.is_empty(),
            Frame::Catch { .. } => false,
        };
        if empty {
            return f(self);
        }
        self.frames.push(frame);
        f(self);
        self.frames.pop();
    }

    fn refuse(&mut self, name: &Atom, span: Span, clash: Clash) {
        self.refused.push(Redeclaration {
            name: name.clone(),
            span,
            clash,
        });
    }

    /// Checks where the names of a `var` declaration hoist to; true when one of them
    /// redeclares a catch parameter (the declaration must then be rewritten).
    fn redeclares_catch_parameter(&mut self, decl: &VarDecl) -> bool {
        if self.frames.is_empty() {
            // Directly in the function or script body: the common case.
            return false;
        }
        let mut idents = Vec::new();
        for d in &decl.decls {
            binding_idents(&d.name, &mut idents);
        }
        let mut found = false;
        for id in idents {
            for frame in self.frames.iter().rev() {
                let clash = match frame {
                    Frame::Lexical(names) if names.contains(&id.sym) => Clash::VarOverLexical,
                    Frame::Catch { names, pattern } if names.contains(&id.sym) => {
                        if !*pattern {
                            // Allowed; a block further out may still declare it lexically.
                            found = true;
                            continue;
                        }
                        Clash::VarOverCatchPattern
                    }
                    _ => continue,
                };
                self.refused.push(Redeclaration {
                    name: id.sym.clone(),
                    span: id.span,
                    clash,
                });
                break;
            }
        }
        found
    }

    /// The names of `decl` become the function's or script's own; `decl` is left to its
    /// initialisers.
    fn hoist(&mut self, decl: &VarDecl) {
        let mut names = Vec::new();
        decl.decls
            .iter()
            .for_each(|d| bound_names(&d.name, &mut names));
        for name in names {
            if !self.hoisted.contains(&name) {
                self.hoisted.push(name);
            }
        }
    }

    /// `var a = 1, [b] = c, d` as `a = 1, [b] = c`, or `None` when nothing is initialised.
    fn assignments(&mut self, decl: VarDecl) -> Option<Box<Expr>> {
        self.hoist(&decl);
        let exprs = decl
            .decls
            .into_iter()
            .filter_map(|d| Some(Box::new(assign(d.name, d.init?))))
            .collect();
        seq_or_single(exprs)
    }
}

impl VisitMut for Walker {
    fn visit_mut_function(&mut self, n: &mut Function) {
        self.function_like(&mut n.params, &mut n.body);
    }

    fn visit_mut_constructor(&mut self, n: &mut Constructor) {
        n.key.visit_mut_with(self);
        self.function_like(&mut n.params, &mut n.body);
    }

    fn visit_mut_arrow_expr(&mut self, n: &mut ArrowExpr) {
        let names = self.var_scope(|w| {
            n.params.visit_mut_with(w);
            match &mut *n.body {
                ArrowFunctionBody::FunctionBody(body) => body.stmts.visit_mut_with(w),
                body => body.visit_mut_with(w),
            }
        });
        if let ArrowFunctionBody::FunctionBody(body) = &mut *n.body {
            declare_first(&mut body.stmts, names);
        }
    }

    fn visit_mut_static_block(&mut self, n: &mut StaticBlock) {
        let names = self.var_scope(|w| n.body.stmts.visit_mut_with(w));
        declare_first(&mut n.body.stmts, names);
    }

    fn visit_mut_block_stmt(&mut self, n: &mut BlockStmt) {
        let names = lexically_declared(&n.stmts);
        self.in_frame(Frame::Lexical(names), |w| n.stmts.visit_mut_with(w));
    }

    fn visit_mut_switch_stmt(&mut self, n: &mut SwitchStmt) {
        n.discriminant.visit_mut_with(self);
        let names = lexically_declared(n.cases.iter().flat_map(|c| &c.cons));
        self.in_frame(Frame::Lexical(names), |w| n.cases.visit_mut_with(w));
    }

    fn visit_mut_catch_clause(&mut self, n: &mut CatchClause) {
        let Some(param) = &mut n.param else {
            return n.body.visit_mut_with(self);
        };
        let mut idents = Vec::new();
        binding_idents(param, &mut idents);
        let names: Vec<Atom> = idents.iter().map(|id| id.sym.clone()).collect();
        let in_block = lexically_declared(&n.body.stmts);
        for (i, id) in idents.iter().enumerate() {
            if names[..i].contains(&id.sym) {
                self.refuse(&id.sym, id.span, Clash::CatchParameterTwice);
            } else if in_block.contains(&id.sym) {
                self.refuse(&id.sym, id.span, Clash::CatchParameterInBlock);
            }
        }
        let pattern = !matches!(param, Pat::Ident(_));
        param.visit_mut_with(self);
        self.in_frame(Frame::Catch { names, pattern }, |w| {
            n.body.visit_mut_with(w)
        });
    }

    fn visit_mut_for_stmt(&mut self, n: &mut ForStmt) {
        // The head's expressions hold no `var` of this function (only nested functions, which
        // start afresh), so they are visited before the head's lexical frame is entered.
        let mut names = Vec::new();
        match &mut n.init {
            Some(VarDeclOrExpr::VarDecl(decl)) if decl.kind == VarDeclKind::Var => {
                decl.visit_mut_children_with(self);
                if self.redeclares_catch_parameter(decl) {
                    let decl = *std::mem::take(decl);
                    n.init = self.assignments(decl).map(VarDeclOrExpr::Expr);
                }
            }
            Some(VarDeclOrExpr::VarDecl(decl)) => {
                decl.visit_mut_children_with(self);
                decl.decls
                    .iter()
                    .for_each(|d| bound_names(&d.name, &mut names));
            }
            init => init.visit_mut_with(self),
        }
        self.in_frame(Frame::Lexical(names), |w| {
            n.test.visit_mut_with(w);
            n.update.visit_mut_with(w);
            n.body.visit_mut_with(w);
        });
    }

    fn visit_mut_for_in_stmt(&mut self, n: &mut ForInStmt) {
        n.right.visit_mut_with(self);
        let names = self.for_head(&mut n.left, false);
        self.in_frame(Frame::Lexical(names), |w| n.body.visit_mut_with(w));
    }

    fn visit_mut_for_of_stmt(&mut self, n: &mut ForOfStmt) {
        n.right.visit_mut_with(self);
        let names = self.for_head(&mut n.left, true);
        self.in_frame(Frame::Lexical(names), |w| n.body.visit_mut_with(w));
    }

    fn visit_mut_stmt(&mut self, n: &mut Stmt) {
        let Stmt::Decl(Decl::Var(decl)) = n else {
            return n.visit_mut_children_with(self);
        };
        if decl.kind != VarDeclKind::Var {
            return n.visit_mut_children_with(self);
        }
        decl.visit_mut_children_with(self);
        if self.redeclares_catch_parameter(decl) {
            let decl = *std::mem::take(decl);
            let span = decl.span;
            *n = match self.assignments(decl) {
                Some(expr) => Stmt::Expr(ExprStmt { span, expr }),
                None => Stmt::Empty(EmptyStmt { span }),
            };
        }
    }
}

impl Walker {
    /// A `for (… in/of …)` head: a `var` that redeclares a catch parameter becomes a plain
    /// assignment target; a `let`/`const` head returns the names its body sees.
    fn for_head(&mut self, head: &mut ForHead, of: bool) -> Vec<Atom> {
        let ForHead::VarDecl(decl) = head else {
            head.visit_mut_with(self);
            return Vec::new();
        };
        decl.visit_mut_children_with(self);
        if decl.kind != VarDeclKind::Var {
            let mut names = Vec::new();
            decl.decls
                .iter()
                .for_each(|d| bound_names(&d.name, &mut names));
            return names;
        }
        if self.redeclares_catch_parameter(decl) {
            let mut decl = *std::mem::take(decl);
            self.hoist(&decl);
            let target = match decl.decls.swap_remove(0).name {
                // `for (async of …)` is not a for-of head; `for ((async) of …)` is.
                Pat::Ident(b) if of && &*b.id.sym == "async" => {
                    Pat::Expr(Box::new(Expr::Paren(ParenExpr {
                        span: b.id.span,
                        expr: Box::new(Expr::Ident(b.id)),
                    })))
                }
                pat => pat,
            };
            *head = ForHead::Pat(Box::new(target));
        }
        Vec::new()
    }
}
