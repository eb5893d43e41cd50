//! The emitter's text sink: the output bytes, with source-map segments recorded as they are
//! written. swc's own `JsWriter` collects every position into a vector, dedups them through a
//! hash set and leaves the encoding to a second pass over that vector; this writer hands each
//! position straight to the encoder ([`Mappings`]), which is most of what a source map used to
//! cost (about a third of emitting).
//!
//! Where text, indentation and positions go follows `JsWriter` call by call, so the emitter sees
//! the same sink. Lines are counted as JavaScript counts them (LF, CR, CRLF, U+2028, U+2029),
//! which is what an engine's error positions use, and columns in UTF-16 units.

use swc_common::{BytePos, Span};
use swc_ecma_codegen::text_writer::WriteJs;

use crate::sourcemap::Mappings;

type Result = std::io::Result<()>;

const INDENT: &str = "    ";

pub struct MappedWriter<'a> {
    out: Vec<u8>,
    indent: usize,
    line_start: bool,
    /// Generated position of the next byte: 0-based line, UTF-16 column.
    line: u32,
    column: u32,
    /// A position announced at a line's start, recorded after the indentation.
    pending: Option<BytePos>,
    mappings: Mappings<'a>,
}

impl<'a> MappedWriter<'a> {
    pub fn new(mappings: Mappings<'a>, capacity: usize) -> Self {
        MappedWriter {
            out: Vec::with_capacity(capacity),
            indent: 0,
            line_start: true,
            line: 0,
            column: 0,
            pending: None,
            mappings,
        }
    }

    /// The output text and the mappings.
    pub fn finish(self) -> (Vec<u8>, Mappings<'a>) {
        (self.out, self.mappings)
    }

    fn map(&mut self, pos: BytePos) {
        if !pos.is_dummy() {
            self.mappings.add(pos, self.line, self.column);
        }
    }

    fn write(&mut self, span: Option<Span>, data: &str) -> Result {
        if data.is_empty() {
            return Ok(());
        }
        if self.line_start {
            for _ in 0..self.indent {
                self.out.extend_from_slice(INDENT.as_bytes());
            }
            self.column += (INDENT.len() * self.indent) as u32;
            self.line_start = false;
            if let Some(pending) = self.pending.take() {
                self.map(pending);
            }
        }
        if let Some(span) = span {
            self.map(span.lo);
        }
        self.out.extend_from_slice(data.as_bytes());
        self.advance(data);
        if let Some(span) = span {
            self.map(span.hi);
        }
        Ok(())
    }

    /// Moves the generated position past `data`.
    fn advance(&mut self, data: &str) {
        let bytes = data.as_bytes();
        // Nearly every write is a short ASCII token without a line break: one plain loop, no
        // call into a search routine per token.
        if bytes.iter().all(|&b| b < 0x80 && b != b'\n' && b != b'\r') {
            self.column += bytes.len() as u32;
            return;
        }
        let mut chars = data.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\r' if chars.peek() == Some(&'\n') => {}
                '\n' | '\r' | '\u{2028}' | '\u{2029}' => {
                    self.line += 1;
                    self.column = 0;
                }
                c => self.column += c.len_utf16() as u32,
            }
        }
    }
}

impl WriteJs for MappedWriter<'_> {
    fn increase_indent(&mut self) -> Result {
        self.indent += 1;
        Ok(())
    }

    fn decrease_indent(&mut self) -> Result {
        self.indent -= 1;
        Ok(())
    }

    fn write_semi(&mut self, span: Option<Span>) -> Result {
        self.write(span, ";")
    }

    fn write_space(&mut self) -> Result {
        self.write(None, " ")
    }

    fn write_keyword(&mut self, span: Option<Span>, s: &'static str) -> Result {
        self.write(span, s)
    }

    fn write_operator(&mut self, span: Option<Span>, s: &str) -> Result {
        self.write(span, s)
    }

    fn write_param(&mut self, s: &str) -> Result {
        self.write(None, s)
    }

    fn write_property(&mut self, s: &str) -> Result {
        self.write(None, s)
    }

    fn write_line(&mut self) -> Result {
        let pending = self.pending.take();
        if !self.line_start {
            self.out.push(b'\n');
            self.line += 1;
            self.column = 0;
            self.line_start = true;
            if let Some(pending) = pending {
                self.map(pending);
            }
        }
        Ok(())
    }

    fn write_lit(&mut self, span: Span, s: &str) -> Result {
        if !s.is_empty() {
            self.map(span.lo);
            self.write(None, s)?;
            self.map(span.hi);
        }
        Ok(())
    }

    fn write_comment(&mut self, s: &str) -> Result {
        self.write(None, s)
    }

    fn write_str_lit(&mut self, span: Span, s: &str) -> Result {
        self.write_lit(span, s)
    }

    fn write_str(&mut self, s: &str) -> Result {
        self.write(None, s)
    }

    fn write_symbol(&mut self, span: Span, s: &str) -> Result {
        self.write(Some(span), s)
    }

    fn write_punct(&mut self, span: Option<Span>, s: &'static str, _commit: bool) -> Result {
        self.write(span, s)
    }

    fn care_about_srcmap(&self) -> bool {
        true
    }

    fn add_srcmap(&mut self, pos: BytePos) -> Result {
        if self.line_start {
            self.pending = Some(pos);
        } else {
            self.map(pos);
        }
        Ok(())
    }

    fn commit_pending_semi(&mut self) -> Result {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use swc_common::{sync::Lrc, FileName, SourceMap};

    use super::*;

    #[test]
    fn lines_and_columns_count_as_javascript_does() {
        let cm: Lrc<SourceMap> = Default::default();
        let file = cm.new_source_file(Lrc::new(FileName::Anon), "ab".to_string());
        let mut w = MappedWriter::new(Mappings::new(&file), 0);
        w.write_str("a\r\nb\u{2028}c\u{2029}\rd\u{1F600}").unwrap();
        assert_eq!((w.line, w.column), (4, 3));
        w.write_str("x").unwrap();
        assert_eq!((w.line, w.column), (4, 4));
    }
}
