//! Walks over binding patterns, shared by the vetter (duplicate parameters) and the rewrite
//! (which names a top-level declaration binds).

use swc_ecma_ast::{Ident, ObjectPatProp, Pat};

/// The identifiers a binding pattern binds.
pub fn binding_idents<'p>(pat: &'p Pat, out: &mut Vec<&'p Ident>) {
    match pat {
        Pat::Ident(b) => out.push(&b.id),
        Pat::Array(a) => a
            .elems
            .iter()
            .flatten()
            .for_each(|p| binding_idents(p, out)),
        Pat::Rest(r) => binding_idents(&r.arg, out),
        Pat::Object(o) => {
            for prop in &o.props {
                match prop {
                    ObjectPatProp::KeyValue(kv) => binding_idents(&kv.value, out),
                    ObjectPatProp::Assign(a) => out.push(&a.key.id),
                    ObjectPatProp::Rest(r) => binding_idents(&r.arg, out),
                }
            }
        }
        Pat::Assign(a) => binding_idents(&a.left, out),
        Pat::Invalid(_) | Pat::Expr(_) => {}
    }
}
