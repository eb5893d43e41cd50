//! Maps byte offsets of the source text to 1-based lines and UTF-16 columns.

use std::cell::OnceCell;

use crate::diagnostic::{Code, Diagnostic};

/// The line starts of one source text, for turning offsets into positions. They are computed on
/// first use: most scripts pass and never need a position.
pub struct LineIndex<'a> {
    text: &'a str,
    line_starts: OnceCell<Vec<usize>>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        LineIndex {
            text,
            line_starts: OnceCell::new(),
        }
    }

    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| line_starts(self.text))
    }

    /// 1-based line and UTF-16 column of a byte offset (clamped to the text).
    pub fn position(&self, offset: usize) -> (u32, u32) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let starts = self.line_starts();
        let line = match starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let column = utf16_len(&self.text[starts[line]..offset]);
        (line as u32 + 1, column as u32 + 1)
    }

    /// The text of a 1-based line, without its terminator.
    pub fn line_text(&self, line: u32) -> &'a str {
        let starts = self.line_starts();
        let i = (line as usize).saturating_sub(1);
        let Some(&start) = starts.get(i) else {
            return "";
        };
        let end = starts.get(i + 1).copied().unwrap_or(self.text.len());
        self.text[start..end].trim_end_matches(['\n', '\r', '\u{2028}', '\u{2029}'])
    }

    pub fn diagnostic(&self, code: Code, message: impl Into<String>, offset: usize) -> Diagnostic {
        let (line, column) = self.position(offset);
        Diagnostic {
            code,
            message: message.into(),
            line,
            column,
            offset,
        }
    }
}

/// How many UTF-16 units `text` is: one per character, two for one of four bytes in UTF-8. An
/// ASCII run, most of any script, is counted by its length (`is_ascii` reads a word at a time);
/// walking characters was 4 M instructions of lodash's transpile (the source-text marks).
pub(crate) fn utf16_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    if bytes.is_ascii() {
        return bytes.len();
    }
    bytes
        .iter()
        .map(|&b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
        .sum()
}

/// Byte offsets where lines start. JavaScript's line terminators are LF, CR, CRLF, U+2028 and
/// U+2029 (E2 80 A8 / E2 80 A9).
pub(crate) fn line_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    for i in memchr::memchr3_iter(b'\n', b'\r', 0xE2, bytes) {
        match bytes[i] {
            b'\n' => starts.push(i + 1),
            b'\r' if bytes.get(i + 1) != Some(&b'\n') => starts.push(i + 1),
            0xE2 if bytes.get(i + 1) == Some(&0x80)
                && matches!(bytes.get(i + 2), Some(0xA8) | Some(0xA9)) =>
            {
                starts.push(i + 3)
            }
            _ => {}
        }
    }
    starts
}
