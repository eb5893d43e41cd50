//! Source map v3, encoded while the emitter writes (see `writer.rs`): swc's builder looks up
//! each position's column by scanning its line, which is quadratic on the long lines of minified
//! code. Here a line's start is a binary search and an ASCII line's column is a subtraction.

use swc_common::source_map::SmallPos;
use swc_common::{BytePos, SourceFile};

use crate::source::{line_starts, utf16_len};

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn vlq(out: &mut Vec<u8>, value: i64) {
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
        out.push(BASE64[digit as usize]);
        if v == 0 {
            break;
        }
    }
}

/// Original positions as (line, UTF-16 column), both 0-based. Mappings mostly arrive in source
/// order, so the line of the previous lookup is tried first, and on a line that is not ASCII
/// the column is counted on from the previous lookup rather than from the line's start (a long
/// minified line would otherwise be rescanned for every token on it).
struct Positions<'a> {
    text: &'a str,
    starts: Vec<usize>,
    ascii: Vec<bool>,
    last_line: usize,
    /// The last non-ASCII lookup: its byte offset (a char boundary) and UTF-16 column.
    cursor: (usize, usize),
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
            cursor: (0, 0),
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
            let (from, column) = match self.cursor {
                (at, column) if start <= at && at <= end => (at, column),
                _ => (start, 0),
            };
            let column = column + utf16_len(&self.text[from..end]);
            self.cursor = (end, column);
            column
        };
        (line as u32, column as u32)
    }
}

/// The `mappings` of a source map back into one file, encoded as positions arrive (generated
/// positions only move forward). A segment at the same generated position as the one before
/// replaces it: a consumer looking up that position takes the later one anyway (the frame's
/// index does), so the earlier only made the map longer. The emitter maps both ends of most
/// tokens, and in minified code a token's end is the next one's start, so the newest segment
/// waits in `pending` until a later position shows it stays.
pub struct Mappings<'a> {
    positions: Positions<'a>,
    /// The file's range in the source map's positions.
    lo: usize,
    hi: usize,
    /// Base-64 digits, `,` and `;`: ASCII.
    encoded: Vec<u8>,
    /// The generated position (line, column) and the file offset of the newest segment.
    pending: Option<(u32, u32, usize)>,
    gen_line: u32,
    gen_col: i64,
    src_line: i64,
    src_col: i64,
    first_in_line: bool,
}

impl<'a> Mappings<'a> {
    pub fn new(file: &'a SourceFile) -> Self {
        let text: &str = &file.src;
        let lo = file.start_pos.to_usize();
        Mappings {
            positions: Positions::new(text),
            lo,
            hi: lo + text.len(),
            encoded: Vec::with_capacity(text.len() / 2),
            pending: None,
            gen_line: 0,
            gen_col: 0,
            src_line: 0,
            src_col: 0,
            first_in_line: true,
        }
    }

    /// Maps the generated position (0-based line, UTF-16 column) to `pos` in the file; a
    /// position outside the file (a node we made) maps nothing.
    pub fn add(&mut self, pos: BytePos, line: u32, column: u32) {
        let raw = pos.to_usize();
        if pos.is_dummy() || raw < self.lo || raw > self.hi {
            return;
        }
        match self.pending {
            Some((l, c, _)) if (l, c) == (line, column) => {}
            Some(segment) => self.encode(segment),
            None => {}
        }
        self.pending = Some((line, column, raw - self.lo));
    }

    fn encode(&mut self, (line, column, offset): (u32, u32, usize)) {
        while self.gen_line < line {
            self.encoded.push(b';');
            self.gen_line += 1;
            self.gen_col = 0;
            self.first_in_line = true;
        }
        if !self.first_in_line {
            self.encoded.push(b',');
        }
        self.first_in_line = false;
        let (src_line, src_col) = self.positions.of(offset);
        vlq(&mut self.encoded, i64::from(column) - self.gen_col);
        vlq(&mut self.encoded, 0);
        vlq(&mut self.encoded, i64::from(src_line) - self.src_line);
        vlq(&mut self.encoded, i64::from(src_col) - self.src_col);
        self.gen_col = i64::from(column);
        self.src_line = i64::from(src_line);
        self.src_col = i64::from(src_col);
    }

    /// The JSON of the source map, naming the file `name`. The source text is not inlined:
    /// whoever holds the map holds the source (the CLI adds it to the file it writes).
    pub fn finish(mut self, name: &str) -> String {
        if let Some(segment) = self.pending.take() {
            self.encode(segment);
        }
        // `mappings` holds only base-64 digits, `,` and `;`: nothing to escape.
        let name = serde_json::to_string(name).expect("a string serializes");
        let mut json = String::with_capacity(self.encoded.len() + name.len() + 64);
        json.push_str(r#"{"version":3,"sources":["#);
        json.push_str(&name);
        json.push_str(r#"],"names":[],"mappings":""#);
        json.push_str(std::str::from_utf8(&self.encoded).expect("the mappings are ASCII"));
        json.push_str(r#""}"#);
        json
    }
}

#[cfg(test)]
mod tests {
    use swc_common::{sync::Lrc, BytePos, FileName, SourceMap};

    use super::{vlq, Mappings, Positions};

    #[test]
    fn a_segment_at_the_same_generated_position_replaces_the_one_before() {
        let cm: Lrc<SourceMap> = Default::default();
        let file = cm.new_source_file(Lrc::new(FileName::Anon), "ab\ncd".to_string());
        let at = |offset: u32| BytePos(file.start_pos.0 + offset);
        let mut m = Mappings::new(&file);
        m.add(at(0), 0, 0);
        m.add(at(1), 0, 0); // replaces the segment before: one segment at column 0
        m.add(BytePos::DUMMY, 0, 3); // a node we made: nothing
        m.add(at(4), 0, 7);
        m.add(at(2), 2, 1);
        let json = m.finish("x.js");
        // (0,0)->(0,1); (0,7)->(1,1); (2,1)->(0,2)
        assert_eq!(
            json,
            r#"{"version":3,"sources":["x.js"],"names":[],"mappings":"AAAC,OACA;;CADC"}"#
        );
    }

    /// Column by counting from the line's start, the definition the cursor must agree with.
    fn counted(text: &str, offset: usize) -> (u32, u32) {
        let starts = crate::source::line_starts(text);
        let line = starts.iter().filter(|&&s| s <= offset).count() - 1;
        let column = text[starts[line]..offset].encode_utf16().count();
        (line as u32, column as u32)
    }

    #[test]
    fn positions_agree_with_counting_in_any_order() {
        let text = "a\u{e9}b\u{1F600}c d\u{2028}\u{e9}\u{e9}x\ny\r\nz\u{1F600}w\u{2029}q";
        let offsets: Vec<usize> = (0..=text.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        // Forward, backward, and jumping between lines.
        let mut orders = vec![offsets.clone(), offsets.iter().rev().copied().collect()];
        orders.push(
            offsets
                .iter()
                .step_by(3)
                .chain(offsets.iter())
                .copied()
                .collect(),
        );
        for order in orders {
            let mut positions = Positions::new(text);
            for &offset in &order {
                assert_eq!(
                    positions.of(offset),
                    counted(text, offset),
                    "offset {offset}"
                );
            }
        }
    }

    #[test]
    fn vlq_matches_the_spec_examples() {
        let mut s = Vec::new();
        for v in [0, 1, -1, 15, 16, -16, 1000] {
            vlq(&mut s, v);
            s.push(b' ');
        }
        let s = String::from_utf8(s).unwrap();
        assert_eq!(s, "A C D e gB hB w+B ");
    }
}
