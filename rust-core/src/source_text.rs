//! Where each function's original source text is, for `Function.prototype.toString`.
//!
//! The engine's `toString` of a sandboxed function would show the transpiled text (scope
//! prefixes, no comments). So every function, arrow and class the input wrote carries, as the
//! last thing before its closing `}`, a comment that names its original text:
//! `/*paranoid:f:KEY:START:END*/` (`c` for a class), where KEY is the input's [`source_key`]
//! and START..END its range there in UTF-16 units, as the engine slices
//! it (a static method's text starts after `static`). The kernel's `toString` stand-in reads the
//! comment off the end of the engine's text and answers with that slice of the input it keeps
//! under KEY.
//! - The comment is the only one in the output (input comments are not printed), and it comes
//!   last, after the function's own code and its nested functions' comments, so text the input
//!   controls (a string, a regexp) cannot stand in its place.
//! - An arrow with an expression body gets the body `{ return … }`, and a class an empty
//!   `static {}` block at its end, so that both have a closing brace to carry the comment: the
//!   same behaviour, one more `}`.
//! - Each comment hangs on a position past the end of the input, one of its own, given to the
//!   block's closing brace (codegen prints a block's comments there): no node of the input has
//!   that position, and the source map maps nothing there.
//! - Nodes the rewrite made (no position in the input) get no comment: the stand-in then
//!   answers as for a built-in.

use std::cell::RefCell;

use swc_common::comments::{Comment, CommentKind, Comments};
use swc_common::{BytePos, SourceFile, Span, Spanned, SyntaxContext, DUMMY_SP};
use swc_ecma_ast::*;
use swc_ecma_visit::{VisitMut, VisitMutWith};

use crate::source::utf16_len;

/// The longest a mark can be: `/*paranoid:f:` + 16 hex digits + two offsets of up to 10 digits
/// with their colons + `*/`.
pub const MARK_MAX_LEN: usize = 13 + 16 + 1 + 10 + 1 + 10 + 2;

/// `code` without its source-text marks (`/*paranoid:…*/`, the output's only comments), for
/// tests that look at the rest of the output.
pub fn without_marks(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("/*paranoid:") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find("*/").map_or(rest.len(), |e| at + e + 2);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The comments to print: one per marked function, at positions `first + 2k`.
pub struct Marks {
    first: u32,
    comments: RefCell<Vec<Option<Comment>>>,
}

impl Marks {
    fn index(&self, pos: BytePos) -> Option<usize> {
        let offset = pos.0.checked_sub(self.first)?;
        (offset % 2 == 0).then_some((offset / 2) as usize)
    }
}

/// The key of a source text: the XXH3-64 of its UTF-8, as 16 hex digits. A key only finds,
/// in one sandbox, a text that sandbox transpiled: a collision can make a function's `toString`
/// show another of the same sandbox's texts, nothing more, so the hash needs speed, not
/// resistance (SHA-256 here was a quarter of a transpile's instructions).
pub fn source_key(text: &str) -> String {
    format!("{:016x}", xxhash_rust::xxh3::xxh3_64(text.as_bytes()))
}

/// Marks every function, arrow and class of `script` (whose positions point into `file`).
/// Returns the key of `file`'s text and the comments for the emitter.
pub fn mark(script: &mut Script, file: &SourceFile) -> (String, Marks) {
    let key = source_key(&file.src);
    let mut marker = Marker {
        file,
        first: file.end_pos.0 + 1,
        found: Vec::new(),
    };
    script.visit_mut_with(&mut marker);
    let Marker { found, first, .. } = marker;
    let comments = comments_for(&file.src, found, &key);
    (
        key,
        Marks {
            first,
            comments: RefCell::new(comments),
        },
    )
}

/// A marked function: its kind letter and its range in the input, in bytes.
struct Found {
    kind: char,
    start: usize,
    end: usize,
}

struct Marker<'a> {
    file: &'a SourceFile,
    first: u32,
    found: Vec<Found>,
}

impl Marker<'_> {
    /// The byte range of `span` in the input, when it is the input's.
    fn range(&self, span: Span) -> Option<(usize, usize)> {
        let (lo, hi) = (self.file.start_pos.0, self.file.end_pos.0);
        if span.lo.0 < lo || span.hi.0 > hi || span.lo >= span.hi || span.lo.0 == 0 {
            return None;
        }
        Some(((span.lo.0 - lo) as usize, (span.hi.0 - lo) as usize))
    }

    /// Records a function and returns the closing position its block is given.
    fn record(&mut self, kind: char, start: usize, end: usize) -> BytePos {
        let pos = self.first + 2 * self.found.len() as u32;
        self.found.push(Found { kind, start, end });
        // The block's `hi`: codegen looks for the comment at `hi - 1`.
        BytePos(pos + 1)
    }

    fn mark_body(&mut self, span: Span, start: Option<usize>, body: &mut Option<FunctionBody>) {
        let (Some((lo, end)), Some(block)) = (self.range(span), body.as_mut()) else {
            return;
        };
        let hi = self.record('f', start.unwrap_or(lo), end);
        block.span.hi = hi;
    }

    /// A class member's function; a static one's text starts after `static`.
    fn mark_method(&mut self, function: &mut Function, is_static: bool) {
        function.visit_mut_children_with(self);
        let start = if is_static {
            self.after_static(function.span)
        } else {
            None
        };
        self.mark_body(function.span, start, &mut function.body);
    }

    /// A static member's text starts after `static` and the space or comments after it.
    fn after_static(&self, span: Span) -> Option<usize> {
        let (lo, _) = self.range(span)?;
        let text = &self.file.src[lo..];
        text.strip_prefix("static")?;
        Some(lo + "static".len() + trivia_length(&text["static".len()..]))
    }
}

impl VisitMut for Marker<'_> {
    fn visit_mut_function(&mut self, f: &mut Function) {
        f.visit_mut_children_with(self);
        self.mark_body(f.span, None, &mut f.body);
    }

    fn visit_mut_class_method(&mut self, m: &mut ClassMethod) {
        m.key.visit_mut_with(self);
        self.mark_method(&mut m.function, m.is_static);
    }

    fn visit_mut_private_method(&mut self, m: &mut PrivateMethod) {
        self.mark_method(&mut m.function, m.is_static);
    }

    fn visit_mut_constructor(&mut self, c: &mut Constructor) {
        // Not a function object of its own: the class's text stands for it.
        c.visit_mut_children_with(self);
    }

    fn visit_mut_arrow_expr(&mut self, a: &mut ArrowExpr) {
        a.visit_mut_children_with(self);
        let Some((start, end)) = self.range(a.span) else {
            return;
        };
        let hi = self.record('f', start, end);
        match &mut *a.body {
            ArrowFunctionBody::FunctionBody(block) => block.span.hi = hi,
            ArrowFunctionBody::Expr(expr) => {
                let lo = expr.span_lo();
                let value =
                    std::mem::replace(expr, Box::new(Expr::Invalid(Invalid { span: DUMMY_SP })));
                *a.body = ArrowFunctionBody::FunctionBody(FunctionBody {
                    span: Span::new(lo, hi),
                    stmts: vec![Stmt::Return(ReturnStmt {
                        span: DUMMY_SP,
                        arg: Some(value),
                    })],
                });
            }
        }
    }

    fn visit_mut_class(&mut self, c: &mut Class) {
        c.visit_mut_children_with(self);
        let Some((start, end)) = self.range(c.span) else {
            return;
        };
        let hi = self.record('c', start, end);
        c.body.push(ClassMember::StaticBlock(StaticBlock {
            span: DUMMY_SP,
            // `lo` stays dummy: codegen would print the comment at a block's `lo` too.
            body: BlockStmt {
                span: Span::new(BytePos(0), hi),
                ctxt: SyntaxContext::empty(),
                stmts: Vec::new(),
            },
        }));
    }
}

/// The length of the white space and comments at the start of `text`.
fn trivia_length(text: &str) -> usize {
    let mut at = 0;
    loop {
        let rest = &text[at..];
        if let Some(c) = rest
            .chars()
            .next()
            .filter(|c| c.is_whitespace() || *c == '\u{feff}')
        {
            at += c.len_utf8();
        } else if let Some(comment) = rest.strip_prefix("/*") {
            match comment.find("*/") {
                Some(end) => at += 2 + end + 2,
                None => return text.len(),
            }
        } else if rest.starts_with("//") || rest.starts_with("<!--") {
            let end = rest
                .find(['\n', '\r', '\u{2028}', '\u{2029}'])
                .unwrap_or(rest.len());
            at += end;
        } else {
            return at;
        }
    }
}

/// The comments for `found`, in order, with their ranges in UTF-16 units of `text` (an ASCII
/// text's byte offsets are its UTF-16 offsets).
fn comments_for(text: &str, found: Vec<Found>, key: &str) -> Vec<Option<Comment>> {
    let mut offsets: Vec<usize> = Vec::with_capacity(found.len() * 2);
    if !text.is_ascii() {
        for f in &found {
            offsets.push(f.start);
            offsets.push(f.end);
        }
        offsets.sort_unstable();
        offsets.dedup();
    }
    let units = units_at(text, &offsets);
    let unit = |byte: usize| match offsets.binary_search(&byte) {
        Ok(i) => units[i],
        Err(_) => byte,
    };
    found
        .into_iter()
        .map(|f| {
            Some(Comment {
                kind: CommentKind::Block,
                span: DUMMY_SP,
                text: format!(
                    "paranoid:{}:{key}:{}:{}",
                    f.kind,
                    unit(f.start),
                    unit(f.end)
                )
                .into(),
            })
        })
        .collect()
}

/// The UTF-16 offset of each of the sorted byte `offsets` of `text` (char boundaries), in one
/// walk of it.
fn units_at(text: &str, offsets: &[usize]) -> Vec<usize> {
    let mut out = Vec::with_capacity(offsets.len());
    let (mut byte, mut units) = (0, 0);
    for &target in offsets {
        let target = target.min(text.len());
        if target > byte {
            units += utf16_len(&text[byte..target]);
            byte = target;
        }
        out.push(units);
    }
    out
}

impl Comments for Marks {
    fn add_leading(&self, _: BytePos, _: Comment) {}
    fn add_leading_comments(&self, _: BytePos, _: Vec<Comment>) {}
    fn has_leading(&self, pos: BytePos) -> bool {
        self.index(pos)
            .is_some_and(|i| self.comments.borrow().get(i).is_some_and(Option::is_some))
    }
    fn move_leading(&self, _: BytePos, _: BytePos) {}
    fn take_leading(&self, pos: BytePos) -> Option<Vec<Comment>> {
        let i = self.index(pos)?;
        let taken = self.comments.borrow_mut().get_mut(i)?.take()?;
        Some(vec![taken])
    }
    fn get_leading(&self, pos: BytePos) -> Option<Vec<Comment>> {
        let i = self.index(pos)?;
        let found = self.comments.borrow().get(i)?.clone()?;
        Some(vec![found])
    }
    fn add_trailing(&self, _: BytePos, _: Comment) {}
    fn add_trailing_comments(&self, _: BytePos, _: Vec<Comment>) {}
    fn has_trailing(&self, _: BytePos) -> bool {
        false
    }
    fn move_trailing(&self, _: BytePos, _: BytePos) {}
    fn take_trailing(&self, _: BytePos) -> Option<Vec<Comment>> {
        None
    }
    fn get_trailing(&self, _: BytePos) -> Option<Vec<Comment>> {
        None
    }
    fn add_pure_comment(&self, _: BytePos) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{transpile, transpile_function, FunctionKind, Options};

    /// Each mark of `code`, in output order: (kind, key, start, end).
    fn marks(code: &str) -> Vec<(char, String, usize, usize)> {
        code.split("/*paranoid:")
            .skip(1)
            .map(|rest| {
                let mark = &rest[..rest.find("*/").expect("a closed mark")];
                let fields: Vec<&str> = mark.split(':').collect();
                (
                    fields[0].chars().next().unwrap(),
                    fields[1].to_string(),
                    fields[2].parse().unwrap(),
                    fields[3].parse().unwrap(),
                )
            })
            .collect()
    }

    #[test]
    fn units_at_counts_as_utf16_does() {
        let text = "ab\u{e9}c\u{20ac}d\u{1F600}e\u{2028}f ascii after";
        let boundaries: Vec<usize> = (0..=text.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        let expected: Vec<usize> = boundaries
            .iter()
            .map(|&i| text[..i].encode_utf16().count())
            .collect();
        assert_eq!(units_at(text, &boundaries), expected);
        assert_eq!(units_at("plain", &[0, 3, 5]), vec![0, 3, 5]);
    }

    /// The UTF-16 slice `start..end` of `text`.
    fn slice(text: &str, start: usize, end: usize) -> String {
        let units: Vec<u16> = text.encode_utf16().collect();
        String::from_utf16(&units[start..end]).unwrap()
    }

    /// The original texts the marks of `source`'s output name, sorted.
    fn texts_of(source: &str) -> Vec<String> {
        let out = transpile(source, &Options::default()).expect("transpiles");
        let mut found: Vec<String> = marks(&out.code)
            .into_iter()
            .map(|(_, key, start, end)| {
                assert_eq!(key, out.source_key);
                slice(source, start, end)
            })
            .collect();
        found.sort();
        found
    }

    fn sorted(list: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn every_function_form_names_the_text_the_engine_would_show() {
        let source = "/* b */async /* a */ function /* c */ f /* d */ ( /* e */ ) /* f */ { /* g */ }/* after */\n\
            var o = { async /* a */ * [ \"g\" ] ( ) { }, get /* x */ y () { }, set z(v) {}, m() { return x => y } };\n\
            class F extends (class {}) { static /* s */ f ( ) { } static async * g () {} get h() {} #p() {} static #q() {} constructor (x) { } }\n\
            var a = async ( ) => /* f */ 0 /* g */;\n\
            var g = function* () { yield 1 };";
        assert_eq!(
            texts_of(source),
            sorted(&[
                "async /* a */ function /* c */ f /* d */ ( /* e */ ) /* f */ { /* g */ }",
                "async /* a */ * [ \"g\" ] ( ) { }",
                "get /* x */ y () { }",
                "set z(v) {}",
                "x => y",
                "m() { return x => y }",
                "class {}",
                "class F extends (class {}) { static /* s */ f ( ) { } static async * g () {} get h() {} #p() {} static #q() {} constructor (x) { } }",
                "f ( ) { }",
                "async * g () {}",
                "get h() {}",
                "#p() {}",
                "#q() {}",
                "async ( ) => /* f */ 0",
                "function* () { yield 1 }",
            ])
        );
    }

    #[test]
    fn ranges_are_in_utf16_units() {
        let source = "var s = '\u{e9}\u{1f600}'; var f = function () { return '\u{1f600}' }; var g = () => 1;";
        assert_eq!(
            texts_of(source),
            sorted(&["function () { return '\u{1f600}' }", "() => 1"])
        );
    }

    #[test]
    fn each_mark_is_the_last_thing_before_its_closing_brace() {
        // Text the input controls that looks like a mark never ends a function's text.
        let source = "var f = function () { return '/*paranoid:f:0000000000000000:0:1*/' };\n\
            var g = () => /\\/*paranoid:f:0000000000000000:0:1*/;\n\
            class C { m() { return 1 } }";
        let out = transpile(source, &Options::default()).unwrap();
        for (kind, key, _, _) in marks(&out.code) {
            if key != out.source_key {
                continue;
            }
            let mark = format!("/*paranoid:{kind}:{key}:");
            let at = out.code.find(&mark).unwrap();
            let after = &out.code[at..];
            let close = after.find("*/").unwrap() + 2;
            let expected = if kind == 'c' { "}}" } else { "}" };
            assert!(after[close..].starts_with(expected), "{after}");
        }
        assert_eq!(
            marks(&out.code)
                .iter()
                .filter(|m| m.1 == out.source_key)
                .count(),
            4
        );
    }

    #[test]
    fn a_function_constructor_names_the_text_the_spec_assembles() {
        let out = transpile_function(
            &["a", " /* a */ b"],
            "return a /* c */",
            FunctionKind::Normal,
            &Options::default(),
        )
        .unwrap();
        let text = out.source_text.clone().expect("the assembled text");
        assert_eq!(out.source_key, source_key(&text));
        let found: Vec<String> = marks(&out.code)
            .into_iter()
            .map(|(_, _, s, e)| slice(&text, s, e))
            .collect();
        assert_eq!(
            found,
            vec!["function anonymous(a, /* a */ b\n) {\nreturn a /* c */\n}".to_string()]
        );
    }

    #[test]
    fn trivia_ends_at_the_next_token() {
        assert_eq!(trivia_length(" /* a */\n// b\n\t f"), 16);
        assert_eq!(trivia_length("f"), 0);
        assert_eq!(trivia_length("\u{feff}\u{2028}x"), 6);
    }
}
