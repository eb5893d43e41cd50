//! A class expression's own name is in scope in its heritage (`class C extends (() => C) {}`:
//! ECMA-262 ClassDefinitionEvaluation makes the class scope, holding the name's binding, the
//! running context before it evaluates `extends`), but swc's resolver resolves the heritage in
//! the enclosing scope. Left so, the rewrite would take such a `C` for the outer (often the
//! global) binding and turn it into a scope lookup: a closure in the heritage would then see
//! the global `C` where the engine shows the class. This pass, run right after the resolver,
//! gives each reference to the name in the heritage the name's own context, unless a binding
//! inside the heritage declares it. It only ever makes a name local where the engine finds a
//! binding of that name before the global one, so it never lets a free name reach the engine
//! unrewritten.

use std::collections::HashSet;
use swc_atoms::Atom;
use swc_common::SyntaxContext;
use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitMut, VisitMutWith, VisitWith};

use crate::pattern::binding_idents;

/// Rewrites the contexts of `script`'s class-expression heritages in place.
pub fn scope_class_names_in_heritage(script: &mut Script) {
    script.visit_mut_with(&mut Heritages);
}

struct Heritages;

impl VisitMut for Heritages {
    fn visit_mut_class_expr(&mut self, n: &mut ClassExpr) {
        n.visit_mut_children_with(self);
        let (Some(name), Some(heritage)) = (&n.ident, &mut n.class.super_class) else {
            return;
        };
        let mut declared = Declared::default();
        heritage.visit_with(&mut declared);
        heritage.visit_mut_with(&mut Retarget {
            sym: name.sym.clone(),
            ctxt: name.ctxt,
            declared: declared.0,
        });
    }
}

/// Every binding a subtree declares, with its context: declarations, parameters, catch
/// parameters and the names of functions and classes (an assignment's target declares nothing).
#[derive(Default)]
struct Declared(HashSet<(Atom, SyntaxContext)>);

impl Declared {
    fn add(&mut self, i: &Ident) {
        self.0.insert((i.sym.clone(), i.ctxt));
    }
    fn pattern(&mut self, p: &Pat) {
        let mut names = Vec::new();
        binding_idents(p, &mut names);
        for i in names {
            self.add(i);
        }
    }
}

impl Visit for Declared {
    fn visit_var_declarator(&mut self, n: &VarDeclarator) {
        self.pattern(&n.name);
        n.visit_children_with(self);
    }
    fn visit_param(&mut self, n: &Param) {
        self.pattern(&n.pat);
        n.visit_children_with(self);
    }
    fn visit_arrow_expr(&mut self, n: &ArrowExpr) {
        for p in &n.params {
            self.pattern(p);
        }
        n.visit_children_with(self);
    }
    fn visit_catch_clause(&mut self, n: &CatchClause) {
        if let Some(p) = &n.param {
            self.pattern(p);
        }
        n.visit_children_with(self);
    }
    fn visit_fn_decl(&mut self, n: &FnDecl) {
        self.add(&n.ident);
        n.visit_children_with(self);
    }
    fn visit_class_decl(&mut self, n: &ClassDecl) {
        self.add(&n.ident);
        n.visit_children_with(self);
    }
    fn visit_fn_expr(&mut self, n: &FnExpr) {
        if let Some(i) = &n.ident {
            self.add(i);
        }
        n.visit_children_with(self);
    }
    fn visit_class_expr(&mut self, n: &ClassExpr) {
        if let Some(i) = &n.ident {
            self.add(i);
        }
        n.visit_children_with(self);
    }
}

struct Retarget {
    sym: Atom,
    ctxt: SyntaxContext,
    declared: HashSet<(Atom, SyntaxContext)>,
}

impl VisitMut for Retarget {
    fn visit_mut_ident(&mut self, i: &mut Ident) {
        if i.sym == self.sym && !self.declared.contains(&(i.sym.clone(), i.ctxt)) {
            i.ctxt = self.ctxt;
        }
    }
}
