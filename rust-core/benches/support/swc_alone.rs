//! The yardstick of the transpile benchmark: swc's parse, resolver and minified print, nothing of
//! ours (no pre-scan, vetting, rewrite or source map). Shared by `benches/transpile.rs`,
//! `examples/phase_times.rs --swc-alone` (for instruction counts under callgrind) and the CLI's
//! `throughput` (the ratio `cargo xtask bench` reports).

use swc_common::{sync::Lrc, FileName, Globals, Mark, SourceMap, GLOBALS};
use swc_ecma_codegen::{text_writer::JsWriter, Config, Emitter};
use swc_ecma_parser::{EsSyntax, Parser, StringInput, Syntax};
use swc_ecma_visit::VisitMutWith;

pub fn swc_alone(source: &str) -> Vec<u8> {
    GLOBALS.set(&Globals::new(), || {
        let cm: Lrc<SourceMap> = Default::default();
        let file = cm.new_source_file(Lrc::new(FileName::Anon), source.to_string());
        let mut parser = Parser::new(
            Syntax::Es(EsSyntax::default()),
            StringInput::from(&*file),
            None,
        );
        let mut script = parser.parse_script().expect("the library parses");
        script.visit_mut_with(&mut swc_ecma_transforms_base::resolver(
            Mark::new(),
            Mark::new(),
            false,
        ));
        let mut code = Vec::with_capacity(source.len());
        let mut emitter = Emitter {
            cfg: Config::default().with_minify(true).with_ascii_only(true),
            cm: cm.clone(),
            comments: None,
            wr: JsWriter::new(cm.clone(), "\n", &mut code, None),
        };
        emitter.emit_script(&script).expect("writing to a Vec");
        code
    })
}
