//! Keywords and contextual words: the statements that nest without braces, `function` and
//! `class` (whose body is a frame to come), `case`/`default` labels, and the words that are
//! identifiers until the next token says otherwise. Also every word's spelling: a keyword
//! written with escapes is refused, exactly, from the raw token text.
//!
//! Prefix keywords (`typeof`, `new`, `await` …) and `in`/`instanceof` are operators
//! ([`super::operators`]); plain identifiers and literal words are operands there too.

use swc_ecma_ast::Ident;
use swc_ecma_parser::input::Tokens;
use swc_ecma_parser::unstable::{Token, TokenAndSpan, TokenValue};

use super::state::{FrameKind, ParenOwner, PendingBody, Prev};

/// What an escaped word's spelling allows ([`Scanner::check_escaped_word`]).
pub(super) enum Escaped {
    Fine,
    Refused(Refusal),
    /// A keyword written with escapes where a property's or a class member's name may be: fine
    /// if the next token makes it one, refused otherwise.
    IfKey(Refusal),
}
use super::{At, Refusal, Scanner};
use crate::diagnostic::Code;
use crate::policy::reserved::must_not_be_escaped;

impl<L: Tokens> Scanner<'_, L> {
    /// The step for a keyword or contextual word this file decides; false for any other token
    /// (then [`super::operators`] decides it).
    pub(super) fn word(&mut self, at: &At) -> Result<bool, Refusal> {
        let (token, pos) = (at.token, at.pos);
        match token {
            Token::Function | Token::Class => {
                let declaration = at.statement_start;
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
            Token::Case | Token::Default => {
                // A new clause of a `switch`: the previous clause's statements have ended.
                let frame = self.top_mut();
                frame.end_statement();
                frame.in_case_label = true;
                self.prev = Prev::ExpectOperand;
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
                self.prev = if token == Token::Async && at.statement_start {
                    at.prev
                } else {
                    Prev::EndsOperand
                };
                if token == Token::Async && at.statement_start {
                    self.prev_token = at.prev_token;
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// A word written with escapes: a keyword so written refuses the script (`\u0074his`), an
    /// escaped word that is no identifier too, and a `\u{…}` escape is noted for the level check.
    /// Where the grammar wants an IdentifierName, not an Identifier, any word may be escaped
    /// (`o.\u0069n`, `{ c\u006fntinue() {} }`): after `.` or `?.` it is accepted here; as the
    /// name of a property or a class member it is [`Escaped::IfKey`], accepted only when the next
    /// token is `(` or `:` (a method, a key), since `{ \u0069f }` binds or reads `if`.
    pub(super) fn check_escaped_word(&mut self, t: &TokenAndSpan) -> Escaped {
        match self.escaped_word(t) {
            Ok(()) => Escaped::Fine,
            Err(refusal) if refusal.code != Code::EscapedKeyword => Escaped::Refused(refusal),
            // A member's name, but not `new.target` or `import.meta`, which must be written
            // plainly.
            Err(_)
                if matches!(self.prev_token, Some(Token::Dot | Token::OptionalChain))
                    && !matches!(self.before_prev_token, Some(Token::New | Token::Import)) =>
            {
                Escaped::Fine
            }
            Err(refusal) if self.may_be_key() => Escaped::IfKey(refusal),
            Err(refusal) => Escaped::Refused(refusal),
        }
    }

    /// Whether a word here may be the name of a property or a class member: inside the braces
    /// of an object literal or a class body, after what can come before such a name.
    fn may_be_key(&self) -> bool {
        matches!(self.top().kind, FrameKind::Brace { block: false, .. })
            && matches!(
                self.prev_token,
                Some(
                    Token::LBrace
                        | Token::Comma
                        | Token::Semi
                        | Token::RBrace
                        | Token::Asterisk
                        | Token::Get
                        | Token::Set
                        | Token::Static
                        | Token::Async
                )
            )
    }

    fn escaped_word(&mut self, t: &TokenAndSpan) -> Result<(), Refusal> {
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
}
