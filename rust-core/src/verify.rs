//! Checks on transpiled output, for tests and fuzzing: it must parse again as a strict script,
//! and its only free identifiers must be the reserved ones.

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
    let lines = LineIndex::new(code);
    crate::guarded(&lines, || {
        let mut parsed = crate::parse::parse_with(code, &lines, crate::parse::Limits::output())?;
        if !parsed.early.is_empty() {
            return Err(parsed.early);
        }
        let unresolved_mark = Mark::new();
        parsed
            .script
            .visit_mut_with(&mut resolver(unresolved_mark, Mark::new(), false));
        let mut collector = FreeNames {
            unresolved: SyntaxContext::empty().apply_mark(unresolved_mark),
            function_depth: 0,
            names: BTreeSet::new(),
        };
        parsed.script.visit_with(&mut collector);
        Ok(collector.names)
    })
}

/// Fails with a message unless `code` re-parses and names no free identifier but the
/// reserved ones.
pub fn check_output(code: &str) -> Result<(), String> {
    let names = free_identifiers(code).map_err(|d| {
        let first = d.first().map(ToString::to_string).unwrap_or_default();
        format!("the output does not parse again: {first}")
    })?;
    let stray: Vec<_> = names
        .iter()
        .filter(|n| !OUTPUT_FREE_NAMES.contains(&n.as_str()))
        .collect();
    if stray.is_empty() {
        Ok(())
    } else {
        Err(format!("the output has free identifiers {stray:?}"))
    }
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
