//! `with (object) body` rewritten away: the output is strict code, where `with` does not exist,
//! so each name in `body` that the statement could capture becomes an explicit lookup on its
//! object first, falling back to the binding the name has outside. No power is added: the
//! lookups are the `in`, `[Symbol.unscopables]` and property accesses the engine would do on
//! an object the script already holds. `docs/output-contract.md` gives the forms.
//!
//! A name is captured when its binding lies outside the statement: a free name, a top-level
//! one, a local of an enclosing function (a `var` written in the body is one too, for it hoists
//! out), and `arguments` unless a function inside the body owns it. Names declared inside the
//! body (block-scoped declarations, parameters and `var`s of functions in it, catch
//! parameters) are not. The resolver has given every identifier the syntax context of its
//! scope, so the test is whether that context belongs to a scope inside the body.
//!
//! Runs after the resolver and before the global rewrite (`rewrite.rs`), which then turns the
//! outer bindings this pass leaves in place (`x` in `withHas(w, "x") ? w.x : x`) into scope
//! properties as everywhere else.

use std::collections::HashSet;

use swc_atoms::Atom;
use swc_common::{Span, SyntaxContext, DUMMY_SP};
use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitMut, VisitMutWith, VisitWith};

use crate::factory::{
    accessors, assign, conditional, const_decl, expr_stmt, ident, member, property_key,
    seq_or_single, var_without_init, void_zero, with_has, with_object, with_this,
};
use crate::policy::reserved::{
    is_reserved_identifier, SCOPE, WITH_OBJECT_PREFIX, WITH_OUTER_PREFIX,
};
use crate::rewrite::{keep_name, shorthand_written_out};

/// Rewrites every `with` statement of `script` (resolved: `unresolved` and `top_level` are the
/// contexts of free and top-level names).
pub(crate) fn rewrite_with(
    script: &mut Script,
    unresolved: SyntaxContext,
    top_level: SyntaxContext,
) {
    let mut pass = WithPass {
        frames: Vec::new(),
        next: 0,
        unresolved,
        top_level,
    };
    script.visit_mut_with(&mut pass);
}

/// One `with` statement whose body is being rewritten.
struct Frame {
    /// The constant that holds the statement's object.
    object: Atom,
    /// The constant that holds the accessors of `locals`.
    outer: Atom,
    /// Syntax contexts of the scopes inside the body: names bound there are not captured.
    inner: HashSet<SyntaxContext>,
    /// Non-arrow functions between the statement and the current node (`arguments` is theirs).
    function_depth: u32,
    /// Var scopes (functions, arrows, static blocks) between the statement and the node.
    var_depth: u32,
    /// `var`s declared at depth 0: their declarations move to the statement's block, their
    /// initialisers become assignments through the object.
    vars: Vec<Ident>,
    /// Local bindings of enclosing functions that the body writes.
    locals: Vec<Ident>,
}

struct WithPass {
    /// Enclosing `with` statements, innermost last.
    frames: Vec<Frame>,
    next: u32,
    unresolved: SyntaxContext,
    top_level: SyntaxContext,
}

fn push_unique(list: &mut Vec<Ident>, id: &Ident) {
    if !list.iter().any(|x| x.sym == id.sym && x.ctxt == id.ctxt) {
        list.push(id.clone());
    }
}

impl WithPass {
    /// The frames (innermost first) whose object is asked for `id`, empty when none is.
    fn chain(&self, id: &Ident) -> Vec<usize> {
        if self.frames.is_empty() || is_reserved_identifier(&id.sym) {
            return Vec::new();
        }
        (0..self.frames.len())
            .rev()
            .filter(|&i| {
                // Bound inside the body, or the `arguments` of a function inside it.
                let f = &self.frames[i];
                let owned = &*id.sym == "arguments" && f.function_depth > 0;
                !(f.inner.contains(&id.ctxt) || owned)
            })
            .collect()
    }

    /// Builds `(has(wN, "x") ? on(wN) : … : outer)` over `chain`, innermost test first.
    fn lookup(&self, chain: &[usize], id: &Ident, outer: Expr, on: impl Fn(&Atom) -> Expr) -> Expr {
        chain.iter().rev().fold(outer, |alt, &i| {
            let object = &self.frames[i].object;
            conditional(with_has(object, &id.sym), on(object), alt, id.span)
        })
    }

    /// A read of `id`, or `None` when no `with` captures it.
    fn read(&self, id: &Ident) -> Option<Expr> {
        let chain = self.chain(id);
        (!chain.is_empty()).then(|| {
            self.lookup(&chain, id, Expr::Ident(id.clone()), |w| {
                Expr::Member(member(Expr::Ident(ident(w)), &id.sym, id.span))
            })
        })
    }

    /// `typeof id`.
    fn type_of(&self, id: &Ident, span: Span) -> Option<Expr> {
        let chain = self.chain(id);
        let type_of = |arg: Expr| {
            Expr::Unary(UnaryExpr {
                span,
                op: UnaryOp::TypeOf,
                arg: Box::new(arg),
            })
        };
        (!chain.is_empty()).then(|| {
            self.lookup(&chain, id, type_of(Expr::Ident(id.clone())), |w| {
                type_of(Expr::Member(member(
                    Expr::Ident(ident(w)),
                    &id.sym,
                    id.span,
                )))
            })
        })
    }

    /// The callee of a call of `id`: the object's function gets the object as `this`.
    fn callee(&self, id: &Ident) -> Option<Expr> {
        let chain = self.chain(id);
        (!chain.is_empty()).then(|| {
            self.lookup(&chain, id, Expr::Ident(id.clone()), |w| {
                with_this(w, &id.sym, id.span)
            })
        })
    }

    /// `id` as an assignment target: `(has(wN, "x") ? wN : … : holder).x`, where the holder
    /// is the scope object for a global and the accessors of the outermost frame for a local.
    fn target(&mut self, id: &Ident) -> Option<MemberExpr> {
        let chain = self.chain(id);
        let &outermost = chain.last()?;
        let holder = if id.ctxt == self.unresolved || id.ctxt == self.top_level {
            ident(SCOPE)
        } else {
            let frame = &mut self.frames[outermost];
            push_unique(&mut frame.locals, id);
            ident(&frame.outer)
        };
        let object = self.lookup(&chain, id, Expr::Ident(holder), |w| Expr::Ident(ident(w)));
        Some(member(object, &id.sym, id.span))
    }

    fn hoists_to_frame(&self) -> bool {
        self.frames.last().is_some_and(|f| f.var_depth == 0)
    }

    fn note_vars(&mut self, pat: &Pat) {
        let mut ids = Vec::new();
        crate::pattern::binding_idents(pat, &mut ids);
        let frame = self.frames.last_mut().expect("a frame");
        for id in ids {
            push_unique(&mut frame.vars, id);
        }
    }

    /// In a function (or at depth 0 of a frame), `f` runs with every frame one deeper.
    fn deeper<T>(&mut self, function: bool, f: impl FnOnce(&mut Self) -> T) -> T {
        for frame in &mut self.frames {
            frame.var_depth += 1;
            frame.function_depth += u32::from(function);
        }
        let result = f(self);
        for frame in &mut self.frames {
            frame.var_depth -= 1;
            frame.function_depth -= u32::from(function);
        }
        result
    }

    /// `with (obj) body` → `{ const wN = R.withObject(obj); var …; const outerN = {…}; body }`.
    fn statement(&mut self, mut with: WithStmt) -> Stmt {
        with.obj.visit_mut_with(self);
        let mut inner = InnerScopes::default();
        with.body.visit_with(&mut inner);
        let n = self.next;
        self.next += 1;
        self.frames.push(Frame {
            object: format!("{WITH_OBJECT_PREFIX}{n}__").into(),
            outer: format!("{WITH_OUTER_PREFIX}{n}__").into(),
            inner: inner.found,
            function_depth: 0,
            var_depth: 0,
            vars: Vec::new(),
            locals: Vec::new(),
        });
        with.body.visit_mut_with(self);
        let frame = self.frames.pop().expect("the frame pushed above");
        let mut stmts = vec![const_decl(&frame.object, with_object(*with.obj))];
        if !frame.vars.is_empty() {
            stmts.push(var_without_init(frame.vars));
        }
        if !frame.locals.is_empty() {
            stmts.push(const_decl(&frame.outer, accessors(&frame.locals)));
        }
        stmts.push(*with.body);
        Stmt::Block(BlockStmt {
            span: with.span,
            ctxt: SyntaxContext::empty(),
            stmts,
        })
    }

    /// A `var` declaration at depth 0 of a frame: its names are declared at the frame, its
    /// initialisers assign through the object.
    fn var_assignments(&mut self, decl: VarDecl) -> Option<Box<Expr>> {
        let mut exprs = Vec::new();
        for d in decl.decls {
            self.note_vars(&d.name);
            let Some(mut init) = d.init else { continue };
            init.visit_mut_with(self);
            let mut pat = d.name;
            if let Pat::Ident(b) = &pat {
                if !self.chain(&b.id).is_empty() {
                    keep_name(&b.id.sym, &mut init);
                }
            }
            self.target_pat(&mut pat);
            exprs.push(Box::new(assign(pat, init)));
        }
        seq_or_single(exprs)
    }

    fn simple_target(&mut self, target: &mut SimpleAssignTarget) {
        let id = match target {
            SimpleAssignTarget::Ident(b) => Some(b.id.clone()),
            SimpleAssignTarget::Paren(p) => match p.expr.unwrap_parens() {
                Expr::Ident(id) => Some(id.clone()),
                _ => None,
            },
            _ => None,
        };
        if let Some(m) = id.and_then(|id| self.target(&id)) {
            *target = SimpleAssignTarget::Member(m);
        } else {
            target.visit_mut_children_with(self);
        }
    }

    /// An assignment pattern (never a binding pattern): its names become targets.
    fn target_pat(&mut self, pat: &mut Pat) {
        match pat {
            Pat::Ident(b) => {
                if let Some(m) = self.target(&b.id.clone()) {
                    *pat = Pat::Expr(Box::new(Expr::Member(m)));
                }
            }
            Pat::Array(a) => self.target_array(a),
            Pat::Object(o) => self.target_object(o),
            Pat::Rest(r) => self.target_pat(&mut r.arg),
            Pat::Assign(a) => {
                let named = match &*a.left {
                    Pat::Ident(b) if !self.chain(&b.id).is_empty() => Some(b.id.sym.clone()),
                    _ => None,
                };
                self.target_pat(&mut a.left);
                a.right.visit_mut_with(self);
                if let Some(name) = named {
                    keep_name(&name, &mut a.right);
                }
            }
            Pat::Expr(e) => e.visit_mut_with(self),
            Pat::Invalid(_) => {}
        }
    }

    fn target_array(&mut self, array: &mut ArrayPat) {
        for element in array.elems.iter_mut().flatten() {
            self.target_pat(element);
        }
    }

    fn target_object(&mut self, object: &mut ObjectPat) {
        for prop in &mut object.props {
            match prop {
                ObjectPatProp::KeyValue(kv) => {
                    kv.key.visit_mut_with(self);
                    self.target_pat(&mut kv.value);
                }
                ObjectPatProp::Assign(a) => {
                    let id = a.key.id.clone();
                    match self.target(&id) {
                        Some(m) => {
                            let mut default = a.value.take();
                            if let Some(default) = &mut default {
                                default.visit_mut_with(self);
                            }
                            let target = Pat::Expr(Box::new(Expr::Member(m)));
                            let written = shorthand_written_out(a, target, default);
                            *prop = written;
                        }
                        None => a.value.visit_mut_with(self),
                    }
                }
                ObjectPatProp::Rest(r) => self.target_pat(&mut r.arg),
            }
        }
    }

    /// An expression inside a `with` body (kept out of `visit_mut_expr`, whose frame every
    /// level of nesting pays).
    #[inline(never)]
    fn expr_in_with(&mut self, expr: &mut Expr) {
        match expr {
            Expr::Ident(id) => {
                if let Some(read) = self.read(id) {
                    *expr = read;
                }
            }
            Expr::Unary(u) if u.op == UnaryOp::TypeOf => {
                let replacement = match u.arg.unwrap_parens() {
                    Expr::Ident(id) => self.type_of(id, u.span),
                    _ => None,
                };
                match replacement {
                    Some(r) => *expr = r,
                    None => u.visit_mut_children_with(self),
                }
            }
            Expr::Update(u) => {
                let target = match u.arg.unwrap_parens() {
                    Expr::Ident(id) => self.target(&id.clone()),
                    _ => None,
                };
                match target {
                    Some(m) => *u.arg = Expr::Member(m),
                    None => u.visit_mut_children_with(self),
                }
            }
            Expr::Call(call) => {
                let replaced = match &mut call.callee {
                    Callee::Expr(callee) => self.replace_callee(callee),
                    _ => false,
                };
                if replaced {
                    call.args.visit_mut_with(self);
                } else {
                    call.visit_mut_children_with(self);
                }
            }
            Expr::TaggedTpl(tagged) => {
                if self.replace_callee(&mut tagged.tag) {
                    tagged.tpl.visit_mut_with(self);
                } else {
                    tagged.visit_mut_children_with(self);
                }
            }
            Expr::OptChain(chain) => {
                if let OptChainBase::Call(call) = &mut *chain.base {
                    if self.replace_callee(&mut call.callee) {
                        call.args.visit_mut_with(self);
                        return;
                    }
                }
                chain.visit_mut_children_with(self);
            }
            Expr::Assign(a) => {
                let named = match &a.left {
                    AssignTarget::Simple(SimpleAssignTarget::Ident(b))
                        if !self.chain(&b.id).is_empty() =>
                    {
                        Some(b.id.sym.clone())
                    }
                    _ => None,
                };
                match &mut a.left {
                    AssignTarget::Simple(s) => self.simple_target(s),
                    AssignTarget::Pat(AssignTargetPat::Array(p)) => self.target_array(p),
                    AssignTarget::Pat(AssignTargetPat::Object(p)) => self.target_object(p),
                    AssignTarget::Pat(AssignTargetPat::Invalid(_)) => {}
                }
                a.right.visit_mut_with(self);
                let names = matches!(
                    a.op,
                    AssignOp::Assign
                        | AssignOp::AndAssign
                        | AssignOp::OrAssign
                        | AssignOp::NullishAssign
                );
                if let (Some(name), true) = (named, names) {
                    keep_name(&name, &mut a.right);
                }
            }
            _ => expr.visit_mut_children_with(self),
        }
    }

    /// Replaces a callee that is a captured name; true when it did.
    fn replace_callee(&mut self, callee: &mut Expr) -> bool {
        let replacement = match callee.unwrap_parens() {
            Expr::Ident(id) => self.callee(id),
            _ => None,
        };
        match replacement {
            Some(r) => {
                *callee = r;
                true
            }
            None => false,
        }
    }
}

impl VisitMut for WithPass {
    fn visit_mut_stmt(&mut self, stmt: &mut Stmt) {
        match stmt {
            Stmt::With(with) => {
                let with = std::mem::replace(
                    with,
                    WithStmt {
                        span: DUMMY_SP,
                        obj: Box::new(Expr::Invalid(Invalid { span: DUMMY_SP })),
                        body: Box::new(Stmt::Empty(EmptyStmt { span: DUMMY_SP })),
                    },
                );
                *stmt = self.statement(with);
            }
            Stmt::Decl(Decl::Var(decl))
                if decl.kind == VarDeclKind::Var && self.hoists_to_frame() =>
            {
                let decl = *std::mem::take(decl);
                *stmt = match self.var_assignments(decl) {
                    Some(expr) => expr_stmt(*expr),
                    None => Stmt::Empty(EmptyStmt { span: DUMMY_SP }),
                };
            }
            _ => stmt.visit_mut_children_with(self),
        }
    }

    fn visit_mut_var_decl_or_expr(&mut self, n: &mut VarDeclOrExpr) {
        if let VarDeclOrExpr::VarDecl(decl) = n {
            if decl.kind == VarDeclKind::Var && self.hoists_to_frame() {
                let decl = *std::mem::take(decl);
                let span = decl.span;
                // `for (var i;;)` with no initialiser still needs an expression here.
                let expr = self
                    .var_assignments(decl)
                    .unwrap_or_else(|| Box::new(void_zero(span)));
                *n = VarDeclOrExpr::Expr(expr);
                return;
            }
        }
        n.visit_mut_children_with(self);
    }

    fn visit_mut_for_head(&mut self, n: &mut ForHead) {
        match n {
            ForHead::VarDecl(decl) if decl.kind == VarDeclKind::Var && self.hoists_to_frame() => {
                let mut decl = *std::mem::take(decl);
                let mut pat = decl.decls.remove(0).name;
                self.note_vars(&pat);
                self.target_pat(&mut pat);
                *n = ForHead::Pat(Box::new(pat));
            }
            ForHead::Pat(pat) if !self.frames.is_empty() => self.target_pat(pat),
            _ => n.visit_mut_children_with(self),
        }
    }

    fn visit_mut_expr(&mut self, expr: &mut Expr) {
        // Outside every `with`, and for the expressions that hold no name of their own, this
        // pass only descends: a small frame per level of nesting (a `1+y+y…` chain is as deep
        // as it is long).
        let is_name = |e: &Expr| matches!(e.unwrap_parens(), Expr::Ident(_));
        let names = match &*expr {
            Expr::Ident(_) | Expr::Assign(_) => true,
            Expr::Unary(u) => u.op == UnaryOp::TypeOf && is_name(&u.arg),
            Expr::Update(u) => is_name(&u.arg),
            Expr::Call(c) => matches!(&c.callee, Callee::Expr(e) if is_name(e)),
            Expr::TaggedTpl(t) => is_name(&t.tag),
            Expr::OptChain(o) => matches!(&*o.base, OptChainBase::Call(c) if is_name(&c.callee)),
            _ => false,
        };
        if self.frames.is_empty() || !names {
            expr.visit_mut_children_with(self);
        } else {
            self.expr_in_with(expr);
        }
    }

    fn visit_mut_prop(&mut self, n: &mut Prop) {
        if let Prop::Shorthand(id) = n {
            if let Some(value) = self.read(id) {
                let key = property_key(&id.sym, id.span);
                *n = Prop::KeyValue(KeyValueProp {
                    key,
                    value: Box::new(value),
                });
                return;
            }
        }
        n.visit_mut_children_with(self);
    }

    fn visit_mut_function(&mut self, n: &mut Function) {
        self.deeper(true, |p| n.visit_mut_children_with(p));
    }

    fn visit_mut_constructor(&mut self, n: &mut Constructor) {
        n.key.visit_mut_with(self);
        self.deeper(true, |p| {
            n.params.visit_mut_with(p);
            n.body.visit_mut_with(p);
        });
    }

    fn visit_mut_arrow_expr(&mut self, n: &mut ArrowExpr) {
        self.deeper(false, |p| n.visit_mut_children_with(p));
    }

    fn visit_mut_static_block(&mut self, n: &mut StaticBlock) {
        self.deeper(true, |p| n.visit_mut_children_with(p));
    }

    fn visit_mut_class_prop(&mut self, n: &mut ClassProp) {
        // A field's initialiser is a method body of its own (`arguments` is an error there).
        n.key.visit_mut_with(self);
        self.deeper(true, |p| n.value.visit_mut_with(p));
    }

    fn visit_mut_private_prop(&mut self, n: &mut PrivateProp) {
        self.deeper(true, |p| n.value.visit_mut_with(p));
    }
}

/// The syntax contexts of the scopes inside a `with` body, found from the names declared in
/// it: every binding but the `var`s that hoist out of the body (outside any function in it).
#[derive(Default)]
struct InnerScopes {
    var_depth: u32,
    /// Inside an assignment target, where swc writes names as binding identifiers too.
    in_target: bool,
    found: HashSet<SyntaxContext>,
}

impl InnerScopes {
    /// A hoisted `var`'s pattern: its defaults and computed keys are visited, its names are
    /// not inner.
    fn hoisted(&mut self, pat: &Pat) {
        match pat {
            Pat::Ident(_) | Pat::Invalid(_) => {}
            Pat::Array(a) => a.elems.iter().flatten().for_each(|p| self.hoisted(p)),
            Pat::Rest(r) => self.hoisted(&r.arg),
            Pat::Object(o) => {
                for prop in &o.props {
                    match prop {
                        ObjectPatProp::KeyValue(kv) => {
                            kv.key.visit_with(self);
                            self.hoisted(&kv.value);
                        }
                        ObjectPatProp::Assign(a) => a.value.visit_with(self),
                        ObjectPatProp::Rest(r) => self.hoisted(&r.arg),
                    }
                }
            }
            Pat::Assign(a) => {
                self.hoisted(&a.left);
                a.right.visit_with(self);
            }
            Pat::Expr(e) => e.visit_with(self),
        }
    }

    fn deeper(&mut self, f: impl FnOnce(&mut Self)) {
        let in_target = std::mem::replace(&mut self.in_target, false);
        self.var_depth += 1;
        f(self);
        self.var_depth -= 1;
        self.in_target = in_target;
    }

    fn target(&mut self, f: impl FnOnce(&mut Self)) {
        let in_target = std::mem::replace(&mut self.in_target, true);
        f(self);
        self.in_target = in_target;
    }
}

impl Visit for InnerScopes {
    fn visit_binding_ident(&mut self, n: &BindingIdent) {
        if !self.in_target {
            self.found.insert(n.id.ctxt);
        }
    }

    fn visit_assign_target(&mut self, n: &AssignTarget) {
        self.target(|s| n.visit_children_with(s));
    }

    fn visit_for_head(&mut self, n: &ForHead) {
        match n {
            ForHead::Pat(p) => self.target(|s| p.visit_with(s)),
            _ => n.visit_children_with(self),
        }
    }

    fn visit_fn_decl(&mut self, n: &FnDecl) {
        self.found.insert(n.ident.ctxt);
        n.function.visit_with(self);
    }

    fn visit_fn_expr(&mut self, n: &FnExpr) {
        if let Some(id) = &n.ident {
            self.found.insert(id.ctxt);
        }
        n.function.visit_with(self);
    }

    fn visit_class_decl(&mut self, n: &ClassDecl) {
        self.found.insert(n.ident.ctxt);
        n.class.visit_with(self);
    }

    fn visit_class_expr(&mut self, n: &ClassExpr) {
        if let Some(id) = &n.ident {
            self.found.insert(id.ctxt);
        }
        n.class.visit_with(self);
    }

    fn visit_var_decl(&mut self, n: &VarDecl) {
        if n.kind == VarDeclKind::Var && self.var_depth == 0 {
            for d in &n.decls {
                self.hoisted(&d.name);
                d.init.visit_with(self);
            }
        } else {
            n.visit_children_with(self);
        }
    }

    fn visit_function(&mut self, n: &Function) {
        self.deeper(|s| n.visit_children_with(s));
    }

    fn visit_constructor(&mut self, n: &Constructor) {
        self.deeper(|s| n.visit_children_with(s));
    }

    fn visit_arrow_expr(&mut self, n: &ArrowExpr) {
        self.deeper(|s| n.visit_children_with(s));
    }

    fn visit_static_block(&mut self, n: &StaticBlock) {
        self.deeper(|s| n.visit_children_with(s));
    }
}
