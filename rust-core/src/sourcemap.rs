//! Source map v3 from the emitter's mappings, built directly: swc's builder looks up each
//! position's column by scanning its line, which is quadratic on the long lines of minified
//! code. Here a line's start is a binary search and an ASCII line's column is a subtraction.

use swc_common::source_map::SmallPos;
use swc_common::{BytePos, LineCol, SourceFile};

use crate::source::line_starts;

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn vlq(out: &mut String, value: i64) {
    let mut v = if value < 0 {
        ((-value) << 1) | 1
    } else {
        value << 1
    } as u64;
    loop {
        let mut digit = (v & 31) as u8;
        v >>= 5;
        if v > 0 {
            digit |= 32;
        }
        out.push(BASE64[digit as usize] as char);
        if v == 0 {
            break;
        }
    }
}

/// Original positions as (line, UTF-16 column), both 0-based. Mappings mostly arrive in source
/// order, so the line of the previous lookup is tried first.
struct Positions<'a> {
    text: &'a str,
    starts: Vec<usize>,
    ascii: Vec<bool>,
    last_line: usize,
}

impl<'a> Positions<'a> {
    fn new(text: &'a str) -> Self {
        let starts = line_starts(text);
        let ascii = starts
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                let end = starts.get(i + 1).copied().unwrap_or(text.len());
                text.as_bytes()[s..end].is_ascii()
            })
            .collect();
        Positions {
            text,
            starts,
            ascii,
            last_line: 0,
        }
    }

    fn line_of(&mut self, offset: usize) -> usize {
        let within = |line: usize| {
            self.starts[line] <= offset
                && self.starts.get(line + 1).is_none_or(|&next| offset < next)
        };
        let line = if within(self.last_line) {
            self.last_line
        } else if self.last_line + 1 < self.starts.len() && within(self.last_line + 1) {
            self.last_line + 1
        } else {
            match self.starts.binary_search(&offset) {
                Ok(i) => i,
                Err(i) => i - 1,
            }
        };
        self.last_line = line;
        line
    }

    fn of(&mut self, offset: usize) -> (u32, u32) {
        let line = self.line_of(offset);
        let start = self.starts[line];
        let column = if self.ascii[line] {
            offset - start
        } else {
            let mut end = offset;
            while !self.text.is_char_boundary(end) {
                end -= 1;
            }
            self.text[start..end].chars().map(char::len_utf16).sum()
        };
        (line as u32, column as u32)
    }
}

/// The JSON of a source map from generated positions back into `file`, which it names
/// `name`. The source text is not inlined: whoever holds the map holds the source (the CLI adds
/// it to the file it writes).
pub fn build(file: &SourceFile, mappings: &[(BytePos, LineCol)], name: &str) -> String {
    let text: &str = &file.src;
    let mut positions = Positions::new(text);
    let lo = file.start_pos.to_usize();
    let hi = lo + text.len();

    let mut encoded = String::with_capacity(mappings.len() * 6);
    let (mut gen_line, mut gen_col) = (0u32, 0i64);
    let (mut src_line, mut src_col) = (0i64, 0i64);
    let mut first_in_line = true;
    for &(pos, generated) in mappings {
        let raw = pos.to_usize();
        if pos.is_dummy() || raw < lo || raw > hi {
            continue;
        }
        while gen_line < generated.line {
            encoded.push(';');
            gen_line += 1;
            gen_col = 0;
            first_in_line = true;
        }
        if !first_in_line {
            encoded.push(',');
        }
        first_in_line = false;
        let (line, column) = positions.of(raw - lo);
        vlq(&mut encoded, i64::from(generated.col) - gen_col);
        vlq(&mut encoded, 0);
        vlq(&mut encoded, i64::from(line) - src_line);
        vlq(&mut encoded, i64::from(column) - src_col);
        gen_col = i64::from(generated.col);
        src_line = i64::from(line);
        src_col = i64::from(column);
    }
    serde_json::json!({
        "version": 3,
        "sources": [name],
        "names": [],
        "mappings": encoded,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::vlq;

    #[test]
    fn vlq_matches_the_spec_examples() {
        let mut s = String::new();
        for v in [0, 1, -1, 15, 16, -16, 1000] {
            vlq(&mut s, v);
            s.push(' ');
        }
        assert_eq!(s, "A C D e gB hB w+B ");
    }
}
