//! The nesting pre-scan: a linear pass over the tokens that bounds how deep the parser will
//! recurse, before the parser runs.
//!
//! Threat: the parser and every later pass are recursive. Measured here (docs/design.md,
//! "Measured: the Rust core"), an overflow in wasm either corrupts linear memory (default 1 MiB
//! stack) or traps with a `RangeError` (explicit 8 MiB stack); in a Chromium worker that
//! happened from ~343 nested parentheses. A corrupted transpiler could emit unvetted code, so
//! depth is refused up front.
//!
//! Steps:
//! 1. Tokens come from swc's own lexer, so a string, comment or template is read exactly as the
//!    parser will read it. Only two decisions are ours: whether a `/` starts a regular
//!    expression, and whether a `}` resumes a template. Both follow the grammar (previous
//!    token, the owner of the closed bracket), and `parse.rs` checks afterwards that the parser
//!    saw exactly the same token stream: a disagreement is a refusal, never a silent pass.
//! 2. Each open bracket is a frame. The depth at a token is the sum, over open frames, of one
//!    plus the units pending in that frame when it opened, plus the units pending now. Units
//!    are the tokens that make the parser recurse without a bracket: prefix operators
//!    (`!`, `typeof`, `new`, `...`), right-associative operators (`=`, `?:`, `=>`, `**`) and
//!    statements nested without braces (`if`, `for`, `while`, labels). Left-associative binary
//!    operators and member/call chains are parsed by loops, so they do not count.
//! 3. Units reset where the parser's recursion has unwound: at `,` and `;`, and at a line break
//!    where automatic semicolon insertion must end the statement (an operand-ending token,
//!    a line break, then a token that cannot continue an expression), except right after a
//!    statement head (`if (…)`, `else`, `do`, a label), whose body is still nested.
//! 4. Over [`MAX_NESTING`](crate::policy::limits::MAX_NESTING) the scan stops with `too-deep`.
//!
//! The same scan rejects keywords written with unicode escapes (`\u0074his`): the lexer hands
//! over each word's raw text, so this is exact and costs nothing extra.
//!
//! Where each decision lives, one file per token class ([`Scanner::step`] is the table from
//! token to file):
//! - [`state`]: the frames, and what the previous token says about the next;
//! - [`statements`]: where a statement ends (units reset) and where one starts;
//! - [`brackets`]: the frames `(`, `[`, `{` open, and what follows their closing token;
//! - [`templates`]: a template's parts, and the `}` that resumes one;
//! - [`regex`]: whether a `/` starts a regular expression;
//! - [`words`]: keywords, contextual words, and words written with escapes;
//! - [`operators`]: operators, `,` `;` `?` `:`, and the operands between them.

mod brackets;
mod operators;
mod regex;
mod state;
mod statements;
mod templates;
mod words;

use swc_common::BytePos;
use swc_ecma_parser::input::Tokens;
use swc_ecma_parser::unstable::{Token, TokenAndSpan};

use crate::diagnostic::Code;

use state::{Frame, FrameKind, Prev};

/// Why the scan stopped.
#[derive(Debug, Clone)]
pub struct Refusal {
    pub code: Code,
    pub message: String,
    pub pos: BytePos,
}

/// What the scan learned: the token stream (kind and start of each token, to compare with what
/// the parser saw) and the deepest nesting met.
pub struct Scan {
    /// Keywords written with escapes, and escaped words that are no identifier: each refuses
    /// the script.
    pub escaped: Vec<Refusal>,
    /// Identifiers spelled with a `\u{…}` escape (ES2015), for the level check.
    pub code_point_escapes: Vec<BytePos>,
    /// Trailing commas before `)` (ES2017), for the level check.
    pub trailing_commas: Vec<BytePos>,
    /// Kind and start of every token, to compare with what the parser saw.
    pub tokens: Vec<(Token, BytePos)>,
    /// The deepest nesting met, for calibrating the limit on real code.
    pub max_depth: u32,
}

pub struct Scanner<'a, L: Tokens> {
    lexer: &'a mut L,
    frames: Vec<Frame>,
    prev: Prev,
    prev_token: Option<Token>,
    /// The token before `prev_token` (`new` in `new.target`).
    before_prev_token: Option<Token>,
    code_point_escapes: Vec<BytePos>,
    trailing_commas: Vec<BytePos>,
    /// The kind of the last `(`…`)` closed, to tell a function body from a block.
    last_closed_paren: Option<FrameKind>,
    limit: u32,
    max_depth: u32,
    tokens: Vec<(Token, BytePos)>,
}

/// The token being stepped over, with what was known just before it (the handlers see the
/// previous token's state here; `Scanner::prev_token` already names this token).
#[derive(Clone, Copy, Debug)]
struct At {
    token: Token,
    pos: BytePos,
    had_line_break: bool,
    /// `Scanner::prev` before this token.
    prev: Prev,
    /// The token before this one.
    prev_token: Option<Token>,
    /// Whether a statement starts at this token (see `Scanner::at_statement_start`).
    statement_start: bool,
}

impl<'a, L: Tokens> Scanner<'a, L> {
    pub fn new(lexer: &'a mut L, limit: u32) -> Self {
        Scanner {
            lexer,
            frames: vec![Frame::new(
                FrameKind::Brace {
                    block: true,
                    ends_statement: true,
                },
                0,
            )],
            prev: Prev::ExpectOperand,
            prev_token: None,
            before_prev_token: None,
            last_closed_paren: None,
            code_point_escapes: Vec::new(),
            trailing_commas: Vec::new(),
            limit,
            max_depth: 0,
            tokens: Vec::new(),
        }
    }

    /// Scans to the end. Escaped keywords are collected; too deep a nesting stops the scan.
    pub fn run(mut self) -> Result<Scan, Refusal> {
        let mut escaped = Vec::new();
        // An escaped keyword that is a property's name only if the next token says so.
        let mut if_key: Option<Refusal> = None;
        let mut next = self.lexer.first_token();
        loop {
            if next.token == Token::Eof {
                break;
            }
            let token = self.resolve(next)?;
            if let Some(refusal) = if_key.take() {
                if !matches!(token.token, Token::LParen | Token::Colon) {
                    escaped.push(refusal);
                }
            }
            match self.check_escaped_word(&token) {
                words::Escaped::Fine => {}
                words::Escaped::Refused(refusal) => escaped.push(refusal),
                words::Escaped::IfKey(refusal) => if_key = Some(refusal),
            }
            self.check_untagged_template(&token)?;
            self.record(&token);
            self.step(&token)?;
            next = self.lexer.next_token();
        }
        escaped.extend(if_key);
        Ok(Scan {
            escaped,
            code_point_escapes: self.code_point_escapes,
            trailing_commas: self.trailing_commas,
            tokens: self.tokens,
            max_depth: self.max_depth,
        })
    }

    /// Applies our two lexical decisions: a `/` that starts a regex ([`regex`]), a `}` that
    /// resumes a template ([`templates`]).
    fn resolve(&mut self, t: TokenAndSpan) -> Result<TokenAndSpan, Refusal> {
        Ok(match t.token {
            Token::Slash | Token::DivEq if self.regex_allowed() => self.reread_as_regex(t)?,
            Token::RBrace if self.top().kind == FrameKind::Template => self.resume_template(t),
            _ => t,
        })
    }

    /// One token: first where statements ended before it, then its own effect on the frames,
    /// the units and `prev`, by token class.
    fn step(&mut self, t: &TokenAndSpan) -> Result<(), Refusal> {
        self.end_statements_before(t);
        let at = At {
            token: t.token,
            pos: t.span.lo,
            had_line_break: t.had_line_break,
            statement_start: self.at_statement_start(t),
            prev_token: self.prev_token,
            prev: self.prev,
        };
        self.before_prev_token = self.prev_token;
        self.prev_token = Some(t.token);
        match t.token {
            Token::LParen | Token::LBracket | Token::LBrace => self.open_bracket(&at),
            Token::RParen | Token::RBracket | Token::RBrace => {
                self.close_bracket(&at);
                Ok(())
            }
            Token::TemplateHead | Token::TemplateMiddle | Token::TemplateTail => {
                self.template_part(&at)
            }
            // Keywords and contextual words, else operators, separators, operands and the
            // remaining punctuation and keywords.
            _ => {
                if self.word(&at)? {
                    Ok(())
                } else {
                    self.operator_or_operand(&at)
                }
            }
        }
    }

    fn record(&mut self, t: &TokenAndSpan) {
        self.tokens.push((t.token, t.span.lo));
    }

    fn top(&self) -> &Frame {
        self.frames
            .last()
            .expect("the outermost frame is never popped")
    }

    fn top_mut(&mut self) -> &mut Frame {
        self.frames
            .last_mut()
            .expect("the outermost frame is never popped")
    }

    /// The depth at the current token against the limit: over it, the scan stops.
    fn check(&mut self, pos: BytePos) -> Result<(), Refusal> {
        let depth = self.top().depth();
        self.max_depth = self.max_depth.max(depth);
        if depth > self.limit {
            return Err(Refusal {
                code: Code::TooDeep,
                message: format!(
                    "nesting deeper than {} (brackets, prefix operators, assignments, conditionals, \
                     arrows and braceless statements all count)",
                    self.limit
                ),
                pos,
            });
        }
        Ok(())
    }

    fn in_block(&self) -> bool {
        matches!(self.top().kind, FrameKind::Brace { block: true, .. })
    }

    fn open(&mut self, kind: FrameKind, pos: BytePos) -> Result<(), Refusal> {
        let base = self.top().depth() + 1;
        self.frames.push(Frame::new(kind, base));
        self.check(pos)
    }

    fn close(&mut self) -> Option<FrameKind> {
        if self.frames.len() > 1 {
            self.frames.pop().map(|f| f.kind)
        } else {
            None
        }
    }

    /// A right-associative operator or a nesting statement: the parser recurses for what
    /// follows, and the binary operators before it are done.
    fn assoc_unit(&mut self, pos: BytePos) -> Result<(), Refusal> {
        let frame = self.top_mut();
        frame.assoc += frame.prefix + 1;
        frame.prefix = 0;
        frame.climbing = 0;
        self.check(pos)
    }

    fn prefix_unit(&mut self, pos: BytePos) -> Result<(), Refusal> {
        self.top_mut().prefix += 1;
        self.check(pos)
    }
}

/// Where the parser's tokens first differ from the scan's, if anywhere.
pub fn first_difference(scanned: &[(Token, BytePos)], parsed: &[TokenAndSpan]) -> Option<BytePos> {
    let parsed = parsed.iter().filter(|t| t.token != Token::Eof);
    let mut scanned_iter = scanned.iter();
    for p in parsed {
        match scanned_iter.next() {
            Some(&(token, lo)) if token == p.token && lo == p.span.lo => {}
            Some(&(_, lo)) => return Some(lo.min(p.span.lo)),
            None => return Some(p.span.lo),
        }
    }
    scanned_iter.next().map(|&(_, lo)| lo)
}

#[cfg(test)]
mod tests {
    use super::*;
    use swc_common::Span;

    fn parsed(tokens: &[(Token, u32)]) -> Vec<TokenAndSpan> {
        tokens
            .iter()
            .map(|&(token, lo)| TokenAndSpan {
                token,
                had_line_break: false,
                span: Span::new(BytePos(lo), BytePos(lo + 1)),
            })
            .collect()
    }

    fn scanned(tokens: &[(Token, u32)]) -> Vec<(Token, BytePos)> {
        tokens.iter().map(|&(t, lo)| (t, BytePos(lo))).collect()
    }

    // No input is known where swc's lexer, run twice, reads a token differently (that would be
    // the bug the check exists for), so the comparison itself is tested on made-up streams.
    #[test]
    fn the_same_tokens_at_the_same_places_agree() {
        let tokens = [(Token::Ident, 1), (Token::Slash, 3), (Token::Ident, 5)];
        let mut with_eof = parsed(&tokens);
        with_eof.extend(parsed(&[(Token::Eof, 6)]));
        assert_eq!(first_difference(&scanned(&tokens), &with_eof), None);
    }

    #[test]
    fn a_division_read_as_a_regex_is_where_they_differ() {
        // `a / b / c`: the parser reads two divisions; a scan that read `/ b /` as a regular
        // expression differs at the first `/`.
        let parser = parsed(&[
            (Token::Ident, 1),
            (Token::Slash, 3),
            (Token::Ident, 5),
            (Token::Slash, 7),
            (Token::Ident, 9),
        ]);
        let scan = scanned(&[(Token::Ident, 1), (Token::Regex, 3), (Token::Ident, 9)]);
        assert_eq!(first_difference(&scan, &parser), Some(BytePos(3)));
    }

    #[test]
    fn the_same_token_at_another_place_differs_at_the_earlier_one() {
        let parser = parsed(&[(Token::Ident, 1), (Token::Slash, 5)]);
        let scan = scanned(&[(Token::Ident, 1), (Token::Slash, 4)]);
        assert_eq!(first_difference(&scan, &parser), Some(BytePos(4)));
    }

    #[test]
    fn a_token_only_one_side_read_is_a_difference() {
        let two = [(Token::Ident, 1), (Token::Semi, 2)];
        let one = [(Token::Ident, 1)];
        assert_eq!(
            first_difference(&scanned(&one), &parsed(&two)),
            Some(BytePos(2))
        );
        assert_eq!(
            first_difference(&scanned(&two), &parsed(&one)),
            Some(BytePos(2))
        );
    }
}
