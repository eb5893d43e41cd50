//! Code generation: the output is printed from the rewritten tree (never spliced from the input
//! text), minified so that its size stays linear in the input's nesting, ASCII-only so that no
//! line terminator or lone surrogate can change meaning on the way, with a source map back to
//! the original. One exception to ASCII: a template's raw text is printed as written, since
//! `String.raw` and tag functions observe it. A regular expression whose pattern is not ASCII
//! is made by the runtime from its text (`R.regExp`), with the literal kept for its early
//! errors. The only comments printed are the source-text marks (`source_text`).

use swc_common::{sync::Lrc, SourceFile, SourceMap};
use swc_ecma_ast::*;
use swc_ecma_codegen::{Config, Emitter};
use swc_ecma_visit::{VisitMut, VisitMutWith};

use crate::source_text::Marks;
use crate::sourcemap::Mappings;
use crate::writer::MappedWriter;

pub struct Emitted {
    pub code: String,
    pub source_map: String,
}

pub fn emit(cm: &Lrc<SourceMap>, file: &SourceFile, script: &mut Script, marks: &Marks) -> Emitted {
    // Literals are printed from their values, not from the input's raw text.
    script.visit_mut_with(&mut DropRaw);
    // The output is about as long as the input (minified, plus the scope prefixes).
    let writer = MappedWriter::new(Mappings::new(file), file.src.len() + file.src.len() / 4);
    let mut emitter = Emitter {
        cfg: Config::default()
            .with_minify(true)
            .with_ascii_only(true)
            .with_target(EsVersion::latest()),
        cm: cm.clone(),
        comments: Some(marks),
        wr: writer,
    };
    emitter
        .emit_script(script)
        .expect("writing to a Vec<u8> cannot fail");
    let (code, mappings) = emitter.wr.finish();
    Emitted {
        code: String::from_utf8(code).expect("the emitter writes UTF-8"),
        source_map: mappings.finish("script.js"),
    }
}

struct DropRaw;

impl VisitMut for DropRaw {
    fn visit_mut_expr(&mut self, e: &mut Expr) {
        // A regular expression whose pattern is not ASCII would print escaped (`source` shows
        // `\u…`): it is made from its text instead (`R.regExp`).
        if let Expr::Lit(Lit::Regex(r)) = e {
            if !r.exp.is_ascii() {
                let literal = std::mem::replace(
                    r,
                    Regex {
                        span: r.span,
                        exp: "".into(),
                        flags: "".into(),
                    },
                );
                *e = crate::factory::reg_exp(literal);
            }
            return;
        }
        e.visit_mut_children_with(self);
    }

    fn visit_mut_str(&mut self, n: &mut Str) {
        n.raw = None;
    }

    fn visit_mut_number(&mut self, n: &mut Number) {
        n.raw = None;
    }

    fn visit_mut_big_int(&mut self, n: &mut BigInt) {
        n.raw = None;
    }
}
