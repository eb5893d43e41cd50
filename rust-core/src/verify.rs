//! Checks on transpiled output, for tests and fuzzing: it must parse again as a strict script
//! that starts with the `"use strict"` directive, its only free identifiers must be the reserved
//! ones, and nothing in it may declare a name on the real global object: no declaration in the
//! top-level statement list, no `var` outside every function (it hoists to the global), and no
//! binding position (a catch parameter, a declarator, a parameter) that holds anything but
//! plain binding names (`catch (__paranoid_scope__.e)` is not a binding).

use std::collections::BTreeSet;

use swc_common::{Mark, SyntaxContext};
use swc_ecma_ast::*;
use swc_ecma_transforms_base::resolver;
use swc_ecma_visit::{Visit, VisitMutWith, VisitWith};

use crate::diagnostic::Diagnostic;
use crate::policy::reserved::OUTPUT_FREE_NAMES;
use crate::source::LineIndex;

/// The free identifiers of `code` (a script), other than `arguments` inside functions.
pub fn free_identifiers(code: &str) -> Result<BTreeSet<String>, Vec<Diagnostic>> {
    inspect(code).map(|found| found.free)
}

/// What `check_output` looks at in one parse of the output.
struct Inspection {
    free: BTreeSet<String>,
    /// Declarations that would bind a name outside the scope object, described.
    declarations: Vec<String>,
}

fn inspect(code: &str) -> Result<Inspection, Vec<Diagnostic>> {
    let lines = LineIndex::new(code);
    crate::guarded(&lines, || {
        let mut parsed = crate::parse::parse_with(code, &lines, crate::parse::Limits::output())?;
        if !parsed.early.is_empty() {
            return Err(parsed.early);
        }
        let mut declarations = top_level_declarations(&parsed.script);
        let mut bindings = Bindings {
            var_scope_depth: 0,
            found: Vec::new(),
        };
        parsed.script.visit_with(&mut bindings);
        declarations.extend(bindings.found);

        Ok(Inspection {
            free: free_names(&mut parsed.script),
            declarations,
        })
    })
}

/// Fails with a message unless `code` re-parses, names no free identifier but the reserved
/// ones, and declares nothing on the real global object.
pub fn check_output(code: &str) -> Result<(), String> {
    let found = inspect(code).map_err(|d| {
        let first = d.first().map(ToString::to_string).unwrap_or_default();
        format!("the output does not parse again: {first}")
    })?;
    let stray: Vec<_> = found
        .free
        .iter()
        .filter(|n| !OUTPUT_FREE_NAMES.contains(&n.as_str()))
        .collect();
    let mut problems = Vec::new();
    if !stray.is_empty() {
        problems.push(format!("the output has free identifiers {stray:?}"));
    }
    if !found.declarations.is_empty() {
        problems.push(format!(
            "the output declares outside the scope object: {}",
            found.declarations.join("; ")
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// The directive must come first (a script without it runs sloppy, where block functions and
/// assignments to missing names reach the global), and no statement of the top-level list may
/// be a declaration: every top-level declaration of the input is a runtime call in the output.
fn top_level_declarations(script: &Script) -> Vec<String> {
    let mut found = Vec::new();
    let directive = match script.body.first() {
        Some(Stmt::Expr(ExprStmt { expr, .. })) => match &**expr {
            Expr::Lit(Lit::Str(s)) => {
                matches!(s.raw.as_deref(), Some("\"use strict\"" | "'use strict'"))
            }
            _ => false,
        },
        _ => false,
    };
    if !directive {
        found.push("the first statement is not the \"use strict\" directive".to_string());
    }
    for stmt in &script.body {
        let Stmt::Decl(decl) = stmt else { continue };
        let (kind, names) = match decl {
            Decl::Var(v) => (
                match v.kind {
                    VarDeclKind::Var => "var",
                    VarDeclKind::Let => "let",
                    VarDeclKind::Const => "const",
                },
                declarator_names(&v.decls),
            ),
            Decl::Fn(f) => ("function", vec![f.ident.sym.to_string()]),
            Decl::Class(c) => ("class", vec![c.ident.sym.to_string()]),
            Decl::Using(u) => ("using", declarator_names(&u.decls)),
            _ => ("declaration", Vec::new()),
        };
        found.push(format!("a top-level `{kind}` declaration of {names:?}"));
    }
    found
}

fn declarator_names(decls: &[VarDeclarator]) -> Vec<String> {
    let mut idents = Vec::new();
    for d in decls {
        crate::pattern::binding_idents(&d.name, &mut idents);
    }
    idents.iter().map(|id| id.sym.to_string()).collect()
}

/// Whether every leaf of a binding pattern is a name (not an expression such as a member).
fn binds_only_names(pat: &Pat) -> bool {
    match pat {
        Pat::Ident(_) => true,
        Pat::Array(a) => a.elems.iter().flatten().all(binds_only_names),
        Pat::Rest(r) => binds_only_names(&r.arg),
        Pat::Object(o) => o.props.iter().all(|p| match p {
            ObjectPatProp::KeyValue(kv) => binds_only_names(&kv.value),
            ObjectPatProp::Assign(_) => true,
            ObjectPatProp::Rest(r) => binds_only_names(&r.arg),
        }),
        Pat::Assign(a) => binds_only_names(&a.left),
        Pat::Expr(_) | Pat::Invalid(_) => false,
    }
}

/// `var` outside every function (a script's `var` declares a property of the real global
/// object, wherever it stands in blocks), and binding positions that do not bind names.
struct Bindings {
    /// How many var scopes (functions, arrows, constructors, static blocks) enclose the node.
    var_scope_depth: u32,
    found: Vec<String>,
}

impl Bindings {
    fn in_var_scope(&mut self, f: impl FnOnce(&mut Self)) {
        self.var_scope_depth += 1;
        f(self);
        self.var_scope_depth -= 1;
    }

    fn check_binding(&mut self, what: &str, pat: &Pat) {
        if !binds_only_names(pat) {
            self.found
                .push(format!("a {what} that is not a binding pattern"));
        }
    }
}

impl Visit for Bindings {
    fn visit_var_decl(&mut self, n: &VarDecl) {
        if n.kind == VarDeclKind::Var && self.var_scope_depth == 0 {
            self.found.push(format!(
                "`var` of {:?} outside every function",
                declarator_names(&n.decls)
            ));
        }
        n.visit_children_with(self);
    }

    fn visit_var_declarator(&mut self, n: &VarDeclarator) {
        self.check_binding("declarator", &n.name);
        n.visit_children_with(self);
    }

    fn visit_catch_clause(&mut self, n: &CatchClause) {
        if let Some(param) = &n.param {
            self.check_binding("catch parameter", param);
        }
        n.visit_children_with(self);
    }

    fn visit_param(&mut self, n: &Param) {
        self.check_binding("parameter", &n.pat);
        n.visit_children_with(self);
    }

    fn visit_function(&mut self, n: &Function) {
        self.in_var_scope(|b| n.visit_children_with(b));
    }

    fn visit_constructor(&mut self, n: &Constructor) {
        self.in_var_scope(|b| n.visit_children_with(b));
    }

    fn visit_arrow_expr(&mut self, n: &ArrowExpr) {
        for p in &n.params {
            self.check_binding("parameter", p);
        }
        self.in_var_scope(|b| n.visit_children_with(b));
    }

    fn visit_static_block(&mut self, n: &StaticBlock) {
        self.in_var_scope(|b| n.visit_children_with(b));
    }
}

/// The free identifiers of a parsed script (resolved in place), other than `arguments` inside
/// functions: what it reads from or writes to the global scope.
pub(crate) fn free_names(script: &mut Script) -> BTreeSet<String> {
    let unresolved = resolve(script);
    free_names_resolved(script, unresolved)
}

/// Marks `script`'s identifiers by scope; returns the context of those bound nowhere in it.
pub(crate) fn resolve(script: &mut Script) -> SyntaxContext {
    let unresolved_mark = Mark::new();
    script.visit_mut_with(&mut resolver(unresolved_mark, Mark::new(), false));
    // The engine's scope for a class expression's heritage, which the resolver gets wrong.
    crate::heritage::scope_class_names_in_heritage(script);
    SyntaxContext::empty().apply_mark(unresolved_mark)
}

/// [`free_names`] of a script already [`resolve`]d.
pub(crate) fn free_names_resolved(script: &Script, unresolved: SyntaxContext) -> BTreeSet<String> {
    let mut collector = FreeNames {
        unresolved,
        function_depth: 0,
        names: BTreeSet::new(),
    };
    script.visit_with(&mut collector);
    collector.names
}

struct FreeNames {
    unresolved: SyntaxContext,
    function_depth: u32,
    names: BTreeSet<String>,
}

impl Visit for FreeNames {
    fn visit_ident(&mut self, n: &Ident) {
        if n.ctxt == self.unresolved && !(&*n.sym == "arguments" && self.function_depth > 0) {
            self.names.insert(n.sym.to_string());
        }
    }

    fn visit_function(&mut self, n: &Function) {
        self.function_depth += 1;
        n.visit_children_with(self);
        self.function_depth -= 1;
    }

    fn visit_constructor(&mut self, n: &Constructor) {
        self.function_depth += 1;
        n.visit_children_with(self);
        self.function_depth -= 1;
    }

    // Labels are not references.
    fn visit_labeled_stmt(&mut self, n: &LabeledStmt) {
        n.body.visit_with(self);
    }

    fn visit_break_stmt(&mut self, _: &BreakStmt) {}

    fn visit_continue_stmt(&mut self, _: &ContinueStmt) {}
}

#[cfg(test)]
mod tests {
    use super::{check_output, free_identifiers};

    #[track_caller]
    fn refused(code: &str, expect: &str) {
        match check_output(code) {
            Ok(()) => panic!("check_output passed:\n{code}"),
            Err(message) => assert!(
                message.contains(expect),
                "expected {expect:?} in the message {message:?} for\n{code}"
            ),
        }
    }

    #[test]
    fn good_output_passes() {
        for code in [
            "\"use strict\";__paranoid_scope__.x=1;",
            "\"use strict\";__paranoid_rt__.declareVars([\"e\"]);try{throw 1;}catch(e){e=2;}",
            "\"use strict\";{let a=1;class B{}function f(){var v;}}",
            "\"use strict\";__paranoid_scope__.f=function(){var v;for(var i of[]);};",
            "\"use strict\";__paranoid_scope__.g=()=>{var v;};",
            "\"use strict\";(class{static{var v;}});",
            "\"use strict\";try{}catch({a,b:[c]}){}",
        ] {
            check_output(code).unwrap_or_else(|e| panic!("{e}\n{code}"));
        }
    }

    // What the rewrite emitted for `var q; try{throw 0}catch(q){var q=1}` before Annex B.3.4
    // was handled: the `var q` in the catch block declares `q` on the worker's real global.
    #[test]
    fn a_var_left_in_a_top_level_catch_block_is_refused() {
        let code = "\"use strict\";__paranoid_rt__.checkGlobalDeclarations([],[\"q\"]);\
                    __paranoid_rt__.declareVars([\"q\"]);;try{throw 0;}catch(q){var q=1;}";
        // The free-name check alone passed it: `q` is declared, so it is not free.
        let free = free_identifiers(code).unwrap();
        assert!(free.iter().all(|n| n.starts_with("__paranoid")), "{free:?}");
        refused(code, "`var` of [\"q\"] outside every function");
    }

    // And for `try{throw 1}catch(e){var e=2}`: a member expression as the catch parameter.
    // swc's parser already refuses it; the binding check is there should it ever be lenient.
    #[test]
    fn a_scope_property_as_catch_parameter_is_refused() {
        let code = "\"use strict\";__paranoid_rt__.checkGlobalDeclarations([],[\"e\"]);\
                    __paranoid_rt__.declareVars([\"e\"]);try{throw 1;}\
                    catch(__paranoid_scope__.e){__paranoid_scope__.e=2;}";
        assert!(check_output(code).is_err(), "passed:\n{code}");
    }

    #[test]
    fn vars_outside_functions_are_refused_wherever_they_stand() {
        for code in [
            "\"use strict\";{var v;}",
            "\"use strict\";if(1)var v=1;",
            "\"use strict\";l:var v;",
            "\"use strict\";for(var i=0;;)break;",
            "\"use strict\";for(var k in{});",
            "\"use strict\";for(var k of[]);",
            "\"use strict\";try{}finally{var v;}",
            "\"use strict\";switch(1){case 1:var v;}",
            "\"use strict\";(class{[(()=>1)()]=1;static x={}});{var w;}",
        ] {
            refused(code, "outside every function");
        }
    }

    #[test]
    fn top_level_declarations_are_refused() {
        for (code, kind) in [
            ("\"use strict\";let a;", "`let`"),
            ("\"use strict\";const a=1;", "`const`"),
            ("\"use strict\";class A{}", "`class`"),
            ("\"use strict\";function f(){}", "`function`"),
            ("\"use strict\";var a;", "`var`"),
        ] {
            refused(code, kind);
        }
    }

    #[test]
    fn output_without_the_directive_is_refused() {
        refused("__paranoid_scope__.x=1;", "directive");
        refused("'use\\x20strict';__paranoid_scope__.x=1;", "directive");
        refused("__paranoid_scope__.x=1;\"use strict\";", "directive");
    }

    #[test]
    fn binding_positions_that_are_not_names_are_refused() {
        for code in [
            "\"use strict\";try{}catch({a:__paranoid_scope__.a}){}",
            "\"use strict\";try{}catch([__paranoid_scope__.a]){}",
        ] {
            assert!(check_output(code).is_err(), "passed:\n{code}");
        }
    }
}
