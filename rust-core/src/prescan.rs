//! The nesting pre-scan: a linear pass over the tokens that bounds how deep the parser will
//! recurse, before the parser runs.
//!
//! Threat: the parser and every later pass are recursive. Measured here (DESIGN.md), an
//! overflow in wasm either corrupts linear memory (default 1 MiB stack) or traps with a
//! `RangeError` (explicit 8 MiB stack); in a Chromium worker that happened from ~343 nested
//! parentheses. A corrupted transpiler could emit unvetted code, so depth is refused up front.
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

use swc_common::BytePos;
use swc_ecma_ast::Ident;
use swc_ecma_parser::input::Tokens;
use swc_ecma_parser::unstable::{Token, TokenAndSpan, TokenValue};

use crate::diagnostic::Code;
use crate::policy::reserved::must_not_be_escaped;
use crate::policy::syntax::Construct;

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

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ParenOwner {
    /// `if (`, `while (`, `for (`, `with (`: a `/` after its `)` starts a regex.
    StatementHead,
    /// The parameters of a function: its body follows.
    FunctionParams {
        declaration: bool,
    },
    Other,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FrameKind {
    Paren(ParenOwner),
    Bracket,
    /// `block`: its contents are statements (a block or a function body), not properties or
    /// class members. `ends_statement`: its `}` ends a statement (a block, a function or class
    /// declaration), so a `/` after it starts a regex; otherwise it ended an expression.
    Brace {
        block: bool,
        ends_statement: bool,
    },
    Template,
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    kind: FrameKind,
    /// Depth at which this frame's own tokens start.
    base: u32,
    /// Right-associative and statement units pending in this frame.
    assoc: u32,
    /// The current run of prefix operators.
    prefix: u32,
    /// The precedences of the binary operators whose right operand is being parsed, one bit
    /// each: the parser climbs precedences recursively, so `a || b && c | d` nests three deep
    /// while `a + b + c` does not nest at all.
    climbing: u16,
    /// Open `?` of conditional expressions, so that a `:` can be told from a label's.
    open_conditionals: u32,
    /// A `function` or `class` keyword seen in this frame whose body has not opened yet.
    pending_body: Option<PendingBody>,
    /// Inside `case …:` / `default:` before its colon.
    in_case_label: bool,
    /// `else` clauses of the current `if … else if …` chain: the tree nests once per `else`
    /// although each clause ends with `;` or `}`.
    else_chain: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PendingBody {
    Function { declaration: bool },
    Class { declaration: bool },
}

impl Frame {
    fn new(kind: FrameKind, base: u32) -> Self {
        Frame {
            kind,
            base,
            assoc: 0,
            prefix: 0,
            climbing: 0,
            open_conditionals: 0,
            pending_body: None,
            in_case_label: false,
            else_chain: 0,
        }
    }

    fn depth(&self) -> u32 {
        self.base + self.assoc + self.prefix + self.climbing.count_ones() + self.else_chain
    }

    /// Everything pending in this frame has been parsed: a new statement or list item starts.
    fn reset(&mut self) {
        self.assoc = 0;
        self.prefix = 0;
        self.climbing = 0;
    }

    /// A statement ended: as `reset`, and no conditional can still be open.
    fn end_statement(&mut self) {
        self.reset();
        self.open_conditionals = 0;
    }
}

/// What the previous token tells about the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prev {
    /// Start of input, or a token after which an expression (so a regex) may start.
    ExpectOperand,
    /// A token that ends an operand (identifier, literal, `]`, postfix `++`, …).
    EndsOperand,
    /// `)` of a statement head, `else`, `do`, or a label's `:`: a nested statement follows.
    StatementBodyNext,
    /// `}` that closed a statement: a new statement follows.
    EndsStatement,
    /// `}` that closed an expression (object literal, function or class expression).
    EndsExpression,
}

impl Prev {
    /// Whether an operand may start here: then `/` starts a regex and `+`/`-` are prefix.
    fn expects_operand(self) -> bool {
        match self {
            Prev::ExpectOperand | Prev::StatementBodyNext | Prev::EndsStatement => true,
            Prev::EndsOperand | Prev::EndsExpression => false,
        }
    }
}

pub struct Scanner<'a, L: Tokens> {
    lexer: &'a mut L,
    frames: Vec<Frame>,
    prev: Prev,
    prev_token: Option<Token>,
    code_point_escapes: Vec<BytePos>,
    trailing_commas: Vec<BytePos>,
    /// The kind of the last `(`…`)` closed, to tell a function body from a block.
    last_closed_paren: Option<FrameKind>,
    limit: u32,
    max_depth: u32,
    tokens: Vec<(Token, BytePos)>,
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
        let mut next = self.lexer.first_token();
        loop {
            if next.token == Token::Eof {
                break;
            }
            let token = self.resolve(next)?;
            if let Err(refusal) = self.check_escaped_word(&token) {
                escaped.push(refusal);
            }
            self.check_untagged_template(&token)?;
            self.record(&token);
            self.step(&token)?;
            next = self.lexer.next_token();
        }
        Ok(Scan {
            escaped,
            code_point_escapes: self.code_point_escapes,
            trailing_commas: self.trailing_commas,
            tokens: self.tokens,
            max_depth: self.max_depth,
        })
    }

    /// Applies our two lexical decisions: a `/` that starts a regex, a `}` that resumes a
    /// template.
    fn resolve(&mut self, t: TokenAndSpan) -> Result<TokenAndSpan, Refusal> {
        Ok(match t.token {
            Token::Slash | Token::DivEq if self.regex_allowed() => {
                // After an HTML-like comment swc reports the next token's span from the
                // comment's start; re-reading a regex from there would read other text than
                // the parser does. Such comments are refused anyway: refuse here, before any
                // re-read.
                if !self.lexer.read_string(t.span).starts_with('/') {
                    let rule = Construct::HtmlComment.rule();
                    return Err(Refusal {
                        code: Code::NotAllowed,
                        message: format!("{} is not allowed in the sandbox", rule.name),
                        pos: t.span.lo,
                    });
                }
                self.lexer.set_next_regexp(Some(t.span.lo));
                let regex = self.lexer.next_token();
                self.lexer.set_next_regexp(None);
                regex
            }
            Token::RBrace if self.top().kind == FrameKind::Template => {
                // The parser keeps the `}` and then reads the template's continuation.
                self.record(&t);
                self.lexer.rescan_template_token(t.span.lo, false)
            }
            _ => t,
        })
    }

    fn regex_allowed(&self) -> bool {
        self.prev.expects_operand()
    }

    fn check_escaped_word(&mut self, t: &TokenAndSpan) -> Result<(), Refusal> {
        if !(t.token == Token::Ident || t.token.is_word()) {
            return Ok(());
        }
        // Cheap first: an escape always makes the written word longer than the word itself,
        // and a keyword written plainly carries no word value at all.
        let maybe_escaped = match self.lexer.get_token_value() {
            Some(TokenValue::Word(atom)) => (t.span.hi.0 - t.span.lo.0) as usize != atom.len(),
            _ => false,
        };
        if !maybe_escaped {
            return Ok(());
        }
        let raw = self.lexer.read_string(t.span);
        if !raw.contains('\\') {
            return Ok(());
        }
        let word = match self.lexer.get_token_value() {
            Some(TokenValue::Word(atom)) => atom.to_string(),
            _ => raw.to_string(),
        };
        if raw.contains("\\u{") {
            self.code_point_escapes.push(t.span.lo);
        }
        if must_not_be_escaped(&word) {
            return Err(Refusal {
                code: Code::EscapedKeyword,
                message: format!("`{word}` may not be written with escapes (`{raw}`)"),
                pos: t.span.lo,
            });
        }
        // The lexer takes any escaped code point; the spec takes only identifier characters
        // (`\u0031x` is no identifier, and printed back it would not even parse).
        let mut chars = word.chars();
        let valid =
            chars.next().is_some_and(Ident::is_valid_start) && chars.all(Ident::is_valid_continue);
        if !valid {
            return Err(Refusal {
                code: Code::SyntaxError,
                message: format!("`{raw}` is not a valid identifier"),
                pos: t.span.lo,
            });
        }
        Ok(())
    }

    /// A template with an invalid escape (`\u` alone, `\x1`, …) is valid only when tagged.
    /// Where an operand is expected it cannot be tagged, so it is refused here: swc 47's parser
    /// reaches an `unreachable!()` on some of these (a prefix operator, a line break, then the
    /// template: found by the transpile fuzz target), and a trap means nothing could run.
    fn check_untagged_template(&mut self, t: &TokenAndSpan) -> Result<(), Refusal> {
        if !matches!(
            t.token,
            Token::NoSubstitutionTemplateLiteral | Token::TemplateHead
        ) || !self.prev.expects_operand()
        {
            return Ok(());
        }
        if matches!(
            self.lexer.get_token_value(),
            Some(TokenValue::Template(Err(_)))
        ) {
            return Err(Refusal {
                code: Code::SyntaxError,
                message: "a template that is not tagged cannot hold an invalid escape sequence"
                    .to_string(),
                pos: t.span.lo,
            });
        }
        Ok(())
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

    /// Whether a statement starts at the current token (for telling a function or class
    /// declaration from an expression).
    fn at_statement_start(&self, t: &TokenAndSpan) -> bool {
        let in_block = self.in_block();
        in_block
            && match self.prev {
                Prev::ExpectOperand => {
                    matches!(
                        self.prev_token,
                        None | Some(Token::Semi) | Some(Token::LBrace) | Some(Token::Colon)
                    ) && self.top().open_conditionals == 0
                }
                Prev::StatementBodyNext | Prev::EndsStatement => true,
                Prev::EndsOperand | Prev::EndsExpression => t.had_line_break,
            }
    }

    fn step(&mut self, t: &TokenAndSpan) -> Result<(), Refusal> {
        let pos = t.span.lo;
        let token = t.token;
        // Automatic semicolon insertion ended the statement: the recursion has unwound.
        if t.had_line_break
            && matches!(
                self.prev,
                Prev::EndsOperand | Prev::EndsStatement | Prev::EndsExpression
            )
            && starts_statement_only(token)
        {
            self.top_mut().end_statement();
        }
        // After a statement that ended with `}`, a new statement starts (unless the `}` is
        // continued by `else`, `catch`, `finally` or a `do`'s `while`).
        if self.prev == Prev::EndsStatement
            && !matches!(
                token,
                Token::Else | Token::Catch | Token::Finally | Token::While
            )
        {
            self.top_mut().end_statement();
        }
        // A statement ended (`;` or a closing `}`): unless `else` continues it, the
        // `if … else` chain is over.
        if matches!(self.prev_token, Some(Token::Semi) | Some(Token::RBrace))
            && token != Token::Else
        {
            self.top_mut().else_chain = 0;
        }
        let statement_start = self.at_statement_start(t);
        let prev_token = self.prev_token;
        let prev = self.prev;
        self.prev_token = Some(token);

        match token {
            Token::LParen => {
                let owner = if matches!(
                    prev_token,
                    Some(Token::If | Token::While | Token::For | Token::With | Token::Await)
                ) && prev != Prev::EndsOperand
                {
                    ParenOwner::StatementHead
                } else if let Some(PendingBody::Function { declaration }) = self.top().pending_body
                {
                    self.top_mut().pending_body = None;
                    ParenOwner::FunctionParams { declaration }
                } else {
                    ParenOwner::Other
                };
                self.open(FrameKind::Paren(owner), pos)?;
                self.prev = Prev::ExpectOperand;
            }
            Token::LBracket => {
                self.open(FrameKind::Bracket, pos)?;
                self.prev = Prev::ExpectOperand;
            }
            Token::LBrace => {
                let kind = match self.top_mut().pending_body.take() {
                    Some(PendingBody::Class { declaration }) => FrameKind::Brace {
                        block: false,
                        ends_statement: declaration,
                    },
                    _ if prev_token == Some(Token::RParen) && prev == Prev::EndsOperand => {
                        // A function or method body.
                        FrameKind::Brace {
                            block: true,
                            ends_statement: self.function_body_is_declaration(),
                        }
                    }
                    _ if prev_token == Some(Token::Arrow) => FrameKind::Brace {
                        block: true,
                        ends_statement: false,
                    },
                    _ => {
                        let statement = match prev {
                            Prev::StatementBodyNext | Prev::EndsStatement => true,
                            Prev::ExpectOperand => {
                                matches!(prev_token, None | Some(Token::Semi))
                                    || (prev_token == Some(Token::LBrace) && self.in_block())
                                    || (prev_token == Some(Token::Colon)
                                        && self.top().open_conditionals == 0
                                        && self.in_block())
                            }
                            Prev::EndsOperand | Prev::EndsExpression => false,
                        };
                        FrameKind::Brace {
                            block: statement,
                            ends_statement: statement,
                        }
                    }
                };
                self.open(kind, pos)?;
                self.prev = Prev::ExpectOperand;
            }
            Token::TemplateHead => {
                self.open(FrameKind::Template, pos)?;
                self.prev = Prev::ExpectOperand;
            }
            Token::TemplateMiddle => {
                // The `}` that preceded it was rescanned; the template frame stays open.
                self.prev = Prev::ExpectOperand;
            }
            Token::TemplateTail => {
                self.close();
                self.prev = Prev::EndsOperand;
            }
            Token::RParen => {
                if prev_token == Some(Token::Comma) {
                    self.trailing_commas.push(pos);
                }
                let closed = self.close();
                self.last_closed_paren = closed;
                self.prev = match closed {
                    Some(FrameKind::Paren(ParenOwner::StatementHead)) => Prev::StatementBodyNext,
                    _ => Prev::EndsOperand,
                };
            }
            Token::RBracket => {
                self.close();
                self.prev = Prev::EndsOperand;
            }
            Token::RBrace => {
                let closed = self.close();
                self.prev = match closed {
                    Some(FrameKind::Brace {
                        ends_statement: true,
                        ..
                    }) => Prev::EndsStatement,
                    _ => Prev::EndsExpression,
                };
            }
            Token::Comma | Token::Semi => {
                let frame = self.top_mut();
                if token == Token::Semi {
                    frame.end_statement();
                } else {
                    frame.reset();
                }
                self.prev = Prev::ExpectOperand;
            }
            Token::Function | Token::Class => {
                let declaration = statement_start;
                self.top_mut().pending_body = Some(if token == Token::Function {
                    PendingBody::Function { declaration }
                } else {
                    PendingBody::Class { declaration }
                });
                // A declaration starts a statement of its own; either way the function or
                // class is one more level.
                if declaration {
                    self.top_mut().reset();
                }
                self.assoc_unit(pos)?;
                self.prev = Prev::ExpectOperand;
            }
            Token::QuestionMark => {
                self.top_mut().open_conditionals += 1;
                self.assoc_unit(pos)?;
                self.prev = Prev::ExpectOperand;
            }
            Token::Case | Token::Default => {
                // A new clause of a `switch`: the previous clause's statements have ended.
                let frame = self.top_mut();
                frame.end_statement();
                frame.in_case_label = true;
                self.prev = Prev::ExpectOperand;
            }
            Token::Colon if self.top().in_case_label && self.top().open_conditionals == 0 => {
                let frame = self.top_mut();
                frame.in_case_label = false;
                frame.reset();
                self.prev = Prev::EndsStatement;
            }
            Token::Colon => {
                let frame = self.top_mut();
                if frame.open_conditionals > 0 {
                    frame.open_conditionals -= 1;
                    self.assoc_unit(pos)?;
                    self.prev = Prev::ExpectOperand;
                } else {
                    // A label, `case …:` or an object key: what follows may be a nested statement.
                    self.assoc_unit(pos)?;
                    self.prev = if self.in_block() {
                        Prev::StatementBodyNext
                    } else {
                        Prev::ExpectOperand
                    };
                }
            }
            Token::Else => {
                self.top_mut().else_chain += 1;
                self.assoc_unit(pos)?;
                self.prev = Prev::StatementBodyNext;
            }
            Token::Do => {
                self.assoc_unit(pos)?;
                self.prev = Prev::StatementBodyNext;
            }
            Token::If
            | Token::For
            | Token::While
            | Token::With
            | Token::Return
            | Token::Throw
            | Token::Try
            | Token::Catch
            | Token::Finally
            | Token::Switch
            | Token::Extends => {
                self.assoc_unit(pos)?;
                self.prev = Prev::ExpectOperand;
            }
            Token::Arrow => {
                // An arrow's parameters are re-read as a pattern and its body parsed anew: it
                // costs the parser about two levels.
                self.assoc_unit(pos)?;
                self.assoc_unit(pos)?;
                self.prev = Prev::ExpectOperand;
            }
            Token::Exp => {
                // Binary, but right-associative: `a ** b ** c` nests as deep as it is long.
                let frame = self.top_mut();
                frame.assoc += frame.prefix + 1;
                frame.prefix = 0;
                frame.climbing &= (1u16 << 11) - 1;
                frame.climbing |= 1 << 11;
                self.check(pos)?;
                self.prev = Prev::ExpectOperand;
            }
            Token::PlusPlus | Token::MinusMinus => {
                let postfix = prev == Prev::EndsOperand && !t.had_line_break;
                if postfix {
                    self.prev = Prev::EndsOperand;
                } else {
                    self.prefix_unit(pos)?;
                    self.prev = Prev::ExpectOperand;
                }
            }
            Token::Plus | Token::Minus if prev.expects_operand() => {
                self.prefix_unit(pos)?;
                self.prev = Prev::ExpectOperand;
            }
            Token::Bang
            | Token::Tilde
            | Token::TypeOf
            | Token::Void
            | Token::Delete
            | Token::New
            | Token::Await
            | Token::Yield
            | Token::DotDotDot => {
                self.prefix_unit(pos)?;
                self.prev = Prev::ExpectOperand;
            }
            _ if token.as_assign_op().is_some() => {
                self.assoc_unit(pos)?;
                self.prev = Prev::ExpectOperand;
            }
            _ if token.as_bin_op().is_some() || matches!(token, Token::In | Token::InstanceOf) => {
                // Left-associative: the prefix operators before it have been applied, and so
                // have the operators of the same or higher precedence before it.
                let precedence = match token {
                    Token::In | Token::InstanceOf => 7,
                    _ => token.as_bin_op().map_or(0, |op| op.precedence()),
                };
                let frame = self.top_mut();
                frame.prefix = 0;
                frame.climbing &= (1u16 << precedence) - 1;
                frame.climbing |= 1 << precedence;
                self.check(pos)?;
                self.prev = Prev::ExpectOperand;
            }
            Token::Of => {
                // `of` inside a `for (` head is the keyword; elsewhere it is an identifier.
                self.prev =
                    if matches!(self.top().kind, FrameKind::Paren(ParenOwner::StatementHead)) {
                        Prev::ExpectOperand
                    } else {
                        Prev::EndsOperand
                    };
            }
            Token::Async | Token::Let | Token::Static | Token::Get | Token::Set => {
                // Contextual words read as identifiers until the next token says otherwise.
                // `async function` keeps the statement position for `function`.
                self.prev = if token == Token::Async && statement_start {
                    prev
                } else {
                    Prev::EndsOperand
                };
                if token == Token::Async && statement_start {
                    self.prev_token = prev_token;
                }
            }
            _ if ends_operand(token) => {
                self.prev = Prev::EndsOperand;
            }
            _ => {
                // Any other punctuation (`.`, `?.`, `@`, `#`, …) or keyword (`var`, `const`,
                // `break`, …): an operand or a name may follow.
                self.prev = if matches!(token, Token::Dot | Token::OptionalChain | Token::Hash) {
                    Prev::ExpectOperand
                } else if token.is_keyword() || token.is_word() {
                    if token.is_keyword() {
                        Prev::ExpectOperand
                    } else {
                        Prev::EndsOperand
                    }
                } else {
                    Prev::ExpectOperand
                };
            }
        }
        Ok(())
    }

    fn function_body_is_declaration(&self) -> bool {
        matches!(
            self.last_closed_paren,
            Some(FrameKind::Paren(ParenOwner::FunctionParams {
                declaration: true
            }))
        )
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

/// Tokens after which `/` is division: the end of an operand.
fn ends_operand(token: Token) -> bool {
    matches!(
        token,
        Token::Ident
            | Token::Str
            | Token::Num
            | Token::BigInt
            | Token::Regex
            | Token::NoSubstitutionTemplateLiteral
            | Token::This
            | Token::Super
            | Token::Null
            | Token::True
            | Token::False
            | Token::RBracket
    ) || (token.is_word() && !token.is_keyword())
}

/// Tokens that cannot continue an expression, so after an operand and a line break they start
/// a new statement.
fn starts_statement_only(token: Token) -> bool {
    matches!(
        token,
        Token::Ident
            | Token::Str
            | Token::Num
            | Token::BigInt
            | Token::This
            | Token::Null
            | Token::True
            | Token::False
            | Token::Var
            | Token::Let
            | Token::Const
            | Token::Class
            | Token::Function
            | Token::Return
            | Token::Throw
            | Token::Try
            | Token::Switch
            | Token::Break
            | Token::Continue
            | Token::Debugger
            | Token::New
            | Token::TypeOf
            | Token::Void
            | Token::Delete
            | Token::Bang
            | Token::Tilde
            | Token::Super
    )
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
