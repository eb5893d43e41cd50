//! The rewrite: every free (global) identifier and every top-level declaration becomes a
//! property of the stand-in scope object, top-level `this` becomes the stand-in global, and the
//! script gets a strict-mode directive and a hoisting prologue. `docs/output-contract.md` is the
//! specification; each row of its table is one arm here.
//!
//! Scopes come from swc's resolver: an identifier whose syntax context is the unresolved mark
//! is free, one with the top-level mark is declared at the top level. Everything else is local
//! and left alone.
//!
//! The nodes written in their place are built by `factory.rs`: this file decides which, where.

use swc_atoms::Atom;
use swc_common::{Mark, Span, SyntaxContext, DUMMY_SP};
use swc_ecma_ast::*;
use swc_ecma_transforms_base::resolver;
use swc_ecma_visit::{VisitMut, VisitMutWith};

use crate::factory::{
    assign, check_global_declarations, class_on_scope, const_decl, declare_function,
    declare_lexical, declare_vars, detached, divided_by_zero, function_result, global, ident,
    init_lexical, lexical_initializer, member, named_by_property, property_key, scope_member,
    scope_member_pat, seq_or_single, typeof_if_in_scope, use_strict, void_zero,
};
use crate::pattern::binding_idents;
use crate::policy::reserved::{LEXICAL_INIT, SCOPE};

/// A name declared twice where the spec forbids it (`let x; let x;`, `var x; let x;` at the top
/// level; the clashes of `hoisting.rs`): the engine would refuse the whole script before running
/// any of it, and so do we.
pub struct Redeclaration {
    pub name: Atom,
    pub span: Span,
    pub clash: Clash,
}

/// Which declarations clash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clash {
    /// Two top-level declarations, at least one of them lexical.
    TopLevel,
    /// A `var` hoisted out of a block (or `switch`, or `for (let …)`) that declares the name
    /// lexically.
    VarOverLexical,
    /// A `var` hoisted out of a catch block whose destructuring parameter binds the name.
    VarOverCatchPattern,
    /// A catch parameter that binds the name twice.
    CatchParameterTwice,
    /// A catch parameter whose block declares the name lexically.
    CatchParameterInBlock,
}

impl Redeclaration {
    pub fn message(&self) -> String {
        let name = &self.name;
        match self.clash {
            Clash::TopLevel => format!("`{name}` is declared more than once at the top level"),
            Clash::VarOverLexical => format!(
                "`var {name}` hoists out of a block that declares `{name}` with `let`, `const`, \
                 `class` or `function`"
            ),
            Clash::VarOverCatchPattern => format!(
                "`var {name}` redeclares a name of a destructuring catch parameter (only a \
                 catch parameter that is a plain name may be redeclared with `var`)"
            ),
            Clash::CatchParameterTwice => {
                format!("the catch parameter binds `{name}` more than once")
            }
            Clash::CatchParameterInBlock => {
                format!("`{name}` is both the catch parameter and declared in the catch block")
            }
        }
    }
}

/// Rewrites `script` in place; `may_have_with` false skips the `with` pass.
pub fn rewrite(script: &mut Script, may_have_with: bool) -> Result<(), Vec<Redeclaration>> {
    // A hashbang is a comment: the output starts with the directive, as the contract says.
    script.shebang = None;
    // Annex B.3.4's `var` in a catch block, which the resolver does not model, is rewritten
    // first (and the early errors of `var` hoisting are refused).
    crate::hoisting::settle(script)?;
    // The directive first, so that the resolver scopes the script as strict code (block-level
    // functions belong to their block).
    script.body.insert(0, use_strict());
    let unresolved_mark = Mark::new();
    let top_level_mark = Mark::new();
    script.visit_mut_with(&mut resolver(unresolved_mark, top_level_mark, false));
    let unresolved = SyntaxContext::empty().apply_mark(unresolved_mark);
    let top_level = SyntaxContext::empty().apply_mark(top_level_mark);
    // A class expression's name in its own heritage, which the resolver scopes outside.
    crate::heritage::scope_class_names_in_heritage(script);
    // `with` first: what it leaves of a captured name is the outer binding, rewritten below.
    if may_have_with {
        crate::with::rewrite_with(script, unresolved, top_level);
    }
    let mut rewriter = Rewriter {
        unresolved,
        top_level,
        function_depth: 0,
        vars: Vec::new(),
        lexicals: Vec::new(),
        classes: Vec::new(),
    };
    rewriter.rewrite_script(script)
}

struct Rewriter {
    unresolved: SyntaxContext,
    top_level: SyntaxContext,
    /// How many non-arrow functions (or class bodies) enclose the current node: `this` and
    /// `arguments` are the script's own only at depth 0.
    function_depth: u32,
    /// Names of top-level `var`s, in first-seen order, for the hoisting prologue.
    vars: Vec<Atom>,
    /// Top-level `let`, `const` and `class` names, with where they are declared and whether
    /// they are constants.
    lexicals: Vec<(Atom, Span, bool)>,
    /// The names of the top-level classes whose body is being rewritten: there the name is the
    /// class's own binding, not the global one.
    classes: Vec<Atom>,
}

/// For the `Function` stand-ins: the one function expression statement becomes
/// `__paranoid_rt__.functionResult(() => (function anonymous(…) {…}))`, so that a runtime that
/// loads the output as a script (which has no completion value, e.g. `importScripts`) receives a
/// factory of the function, which it may keep to make a fresh one for each call with that text.
/// Returns false when the script is not that shape (the caller refuses it).
pub fn hand_over_function(script: &mut Script) -> bool {
    let Some(Stmt::Expr(stmt)) = script.body.last_mut() else {
        return false;
    };
    if !matches!(&*stmt.expr, Expr::Paren(p) if matches!(&*p.expr, Expr::Fn(_))) {
        return false;
    }
    let function = std::mem::replace(&mut *stmt.expr, Expr::Invalid(Invalid { span: DUMMY_SP }));
    *stmt.expr = function_result(function);
    true
}

/// Collects the names a binding pattern binds (the hoisting pass's too).
pub(crate) fn bound_names(pat: &Pat, out: &mut Vec<Atom>) {
    let mut idents = Vec::new();
    binding_idents(pat, &mut idents);
    out.extend(idents.into_iter().map(|id| id.sym.clone()));
}

impl Rewriter {
    fn is_global(&self, id: &Ident) -> bool {
        id.ctxt == self.unresolved || (id.ctxt == self.top_level && !self.classes.contains(&id.sym))
    }

    fn declares_top_level(&self, decl: &VarDecl) -> bool {
        // Inside a function nothing is top-level: skip the binding walk for every local `var`.
        // A declaration that binds no name at all (`var {} = o`) is rewritten too: the output
        // keeps no declaration outside functions, whatever it binds.
        if self.function_depth > 0 {
            return false;
        }
        let firsts: Vec<Option<&Ident>> =
            decl.decls.iter().map(|d| first_binding(&d.name)).collect();
        firsts.iter().all(Option::is_none)
            || firsts
                .iter()
                .any(|id| id.is_some_and(|id| id.ctxt == self.top_level))
    }

    fn with_function<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.function_depth += 1;
        let result = f(self);
        self.function_depth -= 1;
        result
    }

    fn rewrite_script(&mut self, script: &mut Script) -> Result<(), Vec<Redeclaration>> {
        // Function declarations hoist: pull them out (in order) before rewriting the rest.
        let mut functions = Vec::new();
        let mut body = Vec::with_capacity(script.body.len());
        for stmt in script.body.drain(..) {
            match stmt {
                Stmt::Decl(Decl::Fn(f)) if f.ident.ctxt == self.top_level => functions.push(f),
                other => body.push(other),
            }
        }
        body.visit_mut_with(self);
        // What is left of the `var` that `hoisting::settle` wrote (its names are in the prologue).
        body.retain(|s| !matches!(s, Stmt::Empty(e) if e.span.is_dummy()));

        let function_names: Vec<(Atom, Span)> = functions
            .iter()
            .map(|f| (f.ident.sym.clone(), f.ident.span))
            .collect();
        let mut redeclared = Vec::new();
        for (i, (name, span, _)) in self.lexicals.iter().enumerate() {
            let twice = self.lexicals[..i].iter().any(|(n, _, _)| n == name)
                || self.vars.contains(name)
                || function_names.iter().any(|(n, _)| n == name);
            if twice {
                redeclared.push(Redeclaration {
                    name: name.clone(),
                    span: *span,
                    clash: Clash::TopLevel,
                });
            }
        }
        if !redeclared.is_empty() {
            return Err(redeclared);
        }

        // `rewrite` put the directive first; it stays first.
        let mut prologue = vec![body.remove(0)];
        // Conflicts with earlier scripts of the sandbox are checked before anything runs, as
        // GlobalDeclarationInstantiation does.
        let mut var_like: Vec<Atom> = self.vars.clone();
        var_like.extend(function_names.iter().map(|(n, _)| n.clone()));
        let lexical_names: Vec<Atom> = self.lexicals.iter().map(|(n, _, _)| n.clone()).collect();
        if !var_like.is_empty() || !lexical_names.is_empty() {
            prologue.push(check_global_declarations(&lexical_names, &var_like));
        }
        // The bindings exist, uninitialised, before any statement runs (reading one before
        // its declaration throws), as GlobalDeclarationInstantiation creates them.
        if !lexical_names.is_empty() {
            let constants: Vec<Atom> = self
                .lexicals
                .iter()
                .filter(|(_, _, constant)| *constant)
                .map(|(n, _, _)| n.clone())
                .collect();
            prologue.push(declare_lexical(&lexical_names, &constants));
        }
        if !self.vars.is_empty() {
            prologue.push(declare_vars(&self.vars));
        }
        for mut f in functions {
            f.function.visit_mut_with(self);
            prologue.push(declare_function(&f.ident.sym, f.ident.span, f.function));
        }
        prologue.extend(body);
        script.body = prologue;
        Ok(())
    }

    fn note_vars(&mut self, decl: &VarDecl) {
        for d in &decl.decls {
            let mut names = Vec::new();
            bound_names(&d.name, &mut names);
            for name in names {
                if !self.vars.contains(&name) {
                    self.vars.push(name);
                }
            }
        }
    }

    /// A top-level `var` as assignments to the scope (the names are hoisted by the prologue).
    fn var_as_assignments(&mut self, decl: VarDecl) -> Option<Box<Expr>> {
        self.note_vars(&decl);
        let exprs = decl
            .decls
            .into_iter()
            .filter_map(|d| {
                let init = d.init?;
                Some(Box::new(assign(d.name, init)))
            })
            .collect();
        seq_or_single(exprs)
    }

    /// A top-level `let`/`const` (declared by the prologue): each binding initialised where
    /// it stands, `R.initLexical("x", value)`; a destructuring pattern assigns the setters of
    /// `R.lexicalInitializer`, which initialise its names in the pattern's order.
    fn lexical_as_statement(&mut self, decl: VarDecl) -> Stmt {
        let constant = decl.kind == VarDeclKind::Const;
        let mut names = Vec::new();
        let mut in_patterns = Vec::new();
        for d in &decl.decls {
            bound_names(&d.name, &mut names);
            if !matches!(d.name, Pat::Ident(_)) {
                bound_names(&d.name, &mut in_patterns);
            }
        }
        self.lexicals
            .extend(names.iter().map(|n| (n.clone(), decl.span, constant)));
        let mut exprs = Vec::new();
        for d in decl.decls {
            match d.name {
                Pat::Ident(b) => {
                    let mut value = d.init.unwrap_or_else(|| Box::new(void_zero(DUMMY_SP)));
                    keep_name(&b.id.sym, &mut value);
                    exprs.push(Box::new(init_lexical(&b.id.sym, *value)));
                }
                mut pattern => {
                    initializer_targets(&mut pattern);
                    let init = d
                        .init
                        .expect("a destructuring declaration has an initialiser");
                    exprs.push(Box::new(assign(pattern, init)));
                }
            }
        }
        let mut stmt = Stmt::Expr(ExprStmt {
            span: decl.span,
            expr: seq_or_single(exprs).expect("a declaration declares something"),
        });
        stmt.visit_mut_with(self);
        if in_patterns.is_empty() {
            return stmt;
        }
        Stmt::Block(BlockStmt {
            span: DUMMY_SP,
            ctxt: SyntaxContext::empty(),
            stmts: vec![
                const_decl(&LEXICAL_INIT.into(), lexical_initializer(&in_patterns)),
                stmt,
            ],
        })
    }
}

/// The names a top-level destructuring declaration binds become members of the initialiser
/// (`{a, b: [c]} = o` → `{a: __paranoid_init__.a, b: [__paranoid_init__.c]} = o`); defaults and
/// computed keys stay for the rewrite.
fn initializer_targets(pat: &mut Pat) {
    let target = |id: &Ident| {
        Pat::Expr(Box::new(Expr::Member(member(
            Expr::Ident(ident(LEXICAL_INIT)),
            &id.sym,
            id.span,
        ))))
    };
    match pat {
        Pat::Ident(b) => *pat = target(&b.id),
        Pat::Array(a) => a.elems.iter_mut().flatten().for_each(initializer_targets),
        Pat::Rest(r) => initializer_targets(&mut r.arg),
        Pat::Assign(a) => {
            let name = match &*a.left {
                Pat::Ident(b) => Some(b.id.sym.clone()),
                _ => None,
            };
            if let Some(name) = name {
                keep_name(&name, &mut a.right);
            }
            initializer_targets(&mut a.left);
        }
        Pat::Object(o) => {
            for prop in &mut o.props {
                match prop {
                    ObjectPatProp::KeyValue(kv) => initializer_targets(&mut kv.value),
                    ObjectPatProp::Rest(r) => initializer_targets(&mut r.arg),
                    ObjectPatProp::Assign(a) => {
                        let default = a.value.take();
                        let written = shorthand_written_out(a, target(&a.key.id), default);
                        *prop = written;
                    }
                }
            }
        }
        Pat::Expr(_) | Pat::Invalid(_) => {}
    }
}

fn first_binding(pat: &Pat) -> Option<&Ident> {
    let mut idents = Vec::new();
    binding_idents(pat, &mut idents);
    idents.first().copied()
}

/// An anonymous function, arrow or class takes the name of the binding it initialises
/// (NamedEvaluation). A property of the scope does not give it one, so the value is passed
/// through an object literal's property of that name: `({a: function () {}}).a`.
pub(crate) fn keep_name(name: &Atom, value: &mut Box<Expr>) {
    let anonymous = match unparenthesized(value) {
        Expr::Fn(f) => f.ident.is_none(),
        Expr::Class(c) => c.ident.is_none(),
        Expr::Arrow(_) => true,
        _ => false,
    };
    if !anonymous {
        return;
    }
    let inner = std::mem::replace(&mut **value, Expr::Invalid(Invalid { span: DUMMY_SP }));
    **value = named_by_property(name, inner);
}

/// `{x}` or `{x = d}` of an object pattern written out as `{x: TARGET}` or `{x: TARGET = d}`,
/// `d` keeping its name `x` (NamedEvaluation): the one form for each pass that moves a
/// shorthand's binding elsewhere. `default` is the pattern's default, taken out of `a` and
/// already rewritten as the caller needs. (In a pattern `__proto__` is a plain key.)
pub(crate) fn shorthand_written_out(
    a: &AssignPatProp,
    target: Pat,
    default: Option<Box<Expr>>,
) -> ObjectPatProp {
    let key = PropName::Ident(IdentName::new(a.key.id.sym.clone(), a.key.id.span));
    let target = Box::new(target);
    let value = match default {
        Some(mut default) => {
            keep_name(&a.key.id.sym, &mut default);
            Box::new(Pat::Assign(AssignPat {
                span: a.span,
                left: target,
                right: default,
            }))
        }
        None => target,
    };
    ObjectPatProp::KeyValue(KeyValuePatProp { key, value })
}

fn unparenthesized(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => unparenthesized(&p.expr),
        other => other,
    }
}

impl VisitMut for Rewriter {
    fn visit_mut_stmt(&mut self, stmt: &mut Stmt) {
        match stmt {
            Stmt::Decl(Decl::Var(decl)) if self.declares_top_level(decl) => {
                let decl = *std::mem::take(decl);
                *stmt = match decl.kind {
                    VarDeclKind::Var => {
                        let span = decl.span;
                        match self.var_as_assignments(decl) {
                            Some(mut expr) => {
                                expr.visit_mut_with(self);
                                Stmt::Expr(ExprStmt { span, expr })
                            }
                            None => Stmt::Empty(EmptyStmt { span }),
                        }
                    }
                    VarDeclKind::Let | VarDeclKind::Const => self.lexical_as_statement(decl),
                };
            }
            Stmt::Decl(Decl::Class(class)) if class.ident.ctxt == self.top_level => {
                let ClassDecl {
                    ident: name, class, ..
                } = std::mem::replace(
                    class,
                    ClassDecl {
                        ident: ident("_"),
                        declare: false,
                        class: Box::default(),
                    },
                );
                self.lexicals.push((name.sym.clone(), name.span, false));
                let mut expr = class_on_scope(&name.sym, name.span, class);
                // Inside its body the name is the class's own binding.
                self.classes.push(name.sym.clone());
                expr.visit_mut_with(self);
                self.classes.pop();
                *stmt = Stmt::Expr(ExprStmt {
                    span: DUMMY_SP,
                    expr,
                });
            }
            _ => stmt.visit_mut_children_with(self),
        }
    }

    fn visit_mut_var_decl_or_expr(&mut self, n: &mut VarDeclOrExpr) {
        if let VarDeclOrExpr::VarDecl(decl) = n {
            if decl.kind == VarDeclKind::Var && self.declares_top_level(decl) {
                let decl = *std::mem::take(decl);
                let span = decl.span;
                // `for (var i;;)` with no initialiser still needs an expression here.
                let mut expr = self
                    .var_as_assignments(decl)
                    .unwrap_or_else(|| Box::new(void_zero(span)));
                expr.visit_mut_with(self);
                *n = VarDeclOrExpr::Expr(expr);
                return;
            }
        }
        n.visit_mut_children_with(self);
    }

    fn visit_mut_for_head(&mut self, n: &mut ForHead) {
        if let ForHead::VarDecl(decl) = n {
            if decl.kind == VarDeclKind::Var && self.declares_top_level(decl) {
                self.note_vars(decl);
                let mut decl = *std::mem::take(decl);
                let mut pat = decl.decls.remove(0).name;
                pat.visit_mut_with(self);
                *n = ForHead::Pat(Box::new(pat));
                return;
            }
        }
        n.visit_mut_children_with(self);
    }

    fn visit_mut_expr(&mut self, expr: &mut Expr) {
        match expr {
            Expr::Ident(id) if self.is_global(id) => {
                if &*id.sym == "arguments" && self.function_depth > 0 {
                    return;
                }
                *expr = match &*id.sym {
                    "undefined" if id.ctxt == self.unresolved => void_zero(id.span),
                    "NaN" if id.ctxt == self.unresolved => divided_by_zero(0.0, id.span),
                    "Infinity" if id.ctxt == self.unresolved => divided_by_zero(1.0, id.span),
                    _ => Expr::Member(scope_member(&id.sym, id.span)),
                };
            }
            // `undefined++` must stay a property update (which then fails as on a browser's
            // non-writable global), not become `void 0++`.
            Expr::Update(update) if matches!(&*update.arg, Expr::Ident(id) if self.is_global(id)) =>
            {
                let Expr::Ident(id) = &*update.arg else {
                    unreachable!()
                };
                if !(&*id.sym == "arguments" && self.function_depth > 0) {
                    *update.arg = Expr::Member(scope_member(&id.sym, id.span));
                }
            }
            Expr::This(this) if self.function_depth == 0 => {
                *expr = global(this.span);
            }
            // `delete this` deletes nothing and gives true; `delete __paranoid_global__` would
            // be the deletion of a name, which strict code may not write.
            Expr::Unary(UnaryExpr {
                op: UnaryOp::Delete,
                arg,
                span,
            }) if self.function_depth == 0 && matches!(unparenthesized(arg), Expr::This(_)) => {
                *expr = Expr::Lit(Lit::Bool(Bool {
                    span: *span,
                    value: true,
                }));
            }
            Expr::Unary(UnaryExpr {
                op: UnaryOp::TypeOf,
                arg,
                span,
            }) if matches!(unparenthesized(arg), Expr::Ident(id) if self.is_global(id)
                && !(&*id.sym == "arguments" && self.function_depth > 0)) =>
            {
                let Expr::Ident(id) = unparenthesized(arg) else {
                    unreachable!()
                };
                let span = *span;
                let name = id.sym.clone();
                let mut read = Box::new(Expr::Ident(id.clone()));
                read.visit_mut_with(self);
                // `"x" in scope ? typeof scope.x : "undefined"`: typeof of a missing name
                // must not throw.
                *expr = typeof_if_in_scope(&name, read, span);
            }
            Expr::Assign(a)
                if matches!(
                    a.op,
                    AssignOp::Assign
                        | AssignOp::AndAssign
                        | AssignOp::OrAssign
                        | AssignOp::NullishAssign
                ) && matches!(&a.left, AssignTarget::Simple(SimpleAssignTarget::Ident(b)) if self.is_global(&b.id)) =>
            {
                let AssignTarget::Simple(SimpleAssignTarget::Ident(b)) = &a.left else {
                    unreachable!()
                };
                let name = b.id.sym.clone();
                a.visit_mut_children_with(self);
                keep_name(&name, &mut a.right);
            }
            Expr::Call(call) => {
                call.visit_mut_children_with(self);
                if let Callee::Expr(callee) = &mut call.callee {
                    detach_if_scope_member(callee);
                }
            }
            Expr::TaggedTpl(tagged) => {
                tagged.visit_mut_children_with(self);
                detach_if_scope_member(&mut tagged.tag);
            }
            Expr::OptChain(chain) => {
                chain.visit_mut_children_with(self);
                if let OptChainBase::Call(call) = &mut *chain.base {
                    detach_if_scope_member(&mut call.callee);
                }
            }
            _ => expr.visit_mut_children_with(self),
        }
    }

    fn visit_mut_simple_assign_target(&mut self, n: &mut SimpleAssignTarget) {
        if let SimpleAssignTarget::Ident(b) = n {
            if self.is_global(&b.id) {
                *n = SimpleAssignTarget::Member(scope_member(&b.id.sym, b.id.span));
                return;
            }
        }
        n.visit_mut_children_with(self);
    }

    fn visit_mut_pat(&mut self, n: &mut Pat) {
        if let Pat::Assign(a) = n {
            if let Pat::Ident(b) = &*a.left {
                if self.is_global(&b.id) {
                    let name = b.id.sym.clone();
                    a.visit_mut_children_with(self);
                    keep_name(&name, &mut a.right);
                    return;
                }
            }
        }
        if let Pat::Ident(b) = n {
            if self.is_global(&b.id) {
                *n = scope_member_pat(&b.id.sym, b.id.span);
                return;
            }
        }
        n.visit_mut_children_with(self);
    }

    fn visit_mut_object_pat_prop(&mut self, n: &mut ObjectPatProp) {
        if let ObjectPatProp::Assign(a) = n {
            if self.is_global(&a.key.id) {
                let mut default = a.value.take();
                if let Some(default) = &mut default {
                    default.visit_mut_with(self);
                }
                let target = scope_member_pat(&a.key.id.sym, a.key.id.span);
                let written = shorthand_written_out(a, target, default);
                *n = written;
                return;
            }
        }
        n.visit_mut_children_with(self);
    }

    fn visit_mut_prop(&mut self, n: &mut Prop) {
        if let Prop::Shorthand(id) = n {
            if self.is_global(id) {
                // `{__proto__}` makes an own property; `{__proto__: v}` would set the prototype.
                let key = property_key(&id.sym, id.span);
                let mut value = Box::new(Expr::Ident(id.clone()));
                value.visit_mut_with(self);
                *n = Prop::KeyValue(KeyValueProp { key, value });
                return;
            }
        }
        n.visit_mut_children_with(self);
    }

    fn visit_mut_function(&mut self, n: &mut Function) {
        self.with_function(|r| n.visit_mut_children_with(r));
    }

    fn visit_mut_constructor(&mut self, n: &mut Constructor) {
        n.key.visit_mut_with(self);
        self.with_function(|r| {
            n.params.visit_mut_with(r);
            n.body.visit_mut_with(r);
        });
    }

    fn visit_mut_class_prop(&mut self, n: &mut ClassProp) {
        // A computed key is evaluated outside the class body; the value inside it.
        n.key.visit_mut_with(self);
        self.with_function(|r| n.value.visit_mut_with(r));
    }

    fn visit_mut_private_prop(&mut self, n: &mut PrivateProp) {
        self.with_function(|r| n.value.visit_mut_with(r));
    }

    fn visit_mut_static_block(&mut self, n: &mut StaticBlock) {
        self.with_function(|r| n.body.visit_mut_with(r));
    }

    fn visit_mut_auto_accessor(&mut self, n: &mut AutoAccessor) {
        n.key.visit_mut_with(self);
        self.with_function(|r| n.value.visit_mut_with(r));
    }

    fn visit_mut_labeled_stmt(&mut self, n: &mut LabeledStmt) {
        // The label is not a reference.
        n.body.visit_mut_with(self);
    }

    fn visit_mut_break_stmt(&mut self, _: &mut BreakStmt) {}

    fn visit_mut_continue_stmt(&mut self, _: &mut ContinueStmt) {}
}

/// Whether `e` (under any parentheses) reads a property of the scope object: a call of it
/// would otherwise pass the scope as `this`.
fn is_scope_member(e: &Expr) -> bool {
    match e {
        Expr::Paren(p) => is_scope_member(&p.expr),
        Expr::Member(m) => matches!(&*m.obj, Expr::Ident(id) if &*id.sym == SCOPE),
        _ => false,
    }
}

fn detach_if_scope_member(callee: &mut Expr) {
    if is_scope_member(callee) {
        let inner = std::mem::replace(callee, Expr::Invalid(Invalid { span: DUMMY_SP }));
        *callee = detached(inner);
    }
}
