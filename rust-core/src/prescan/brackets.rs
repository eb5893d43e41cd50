//! `(`, `[`, `{` and their closing tokens: each opening one is a frame, one level deeper than
//! the depth where it opens.
//!
//! What a frame is decides what follows its closing token, and so the regex-or-division
//! decision after it: `if (x) /re/` (a statement head's `)`) against `f(x) / 2`, and a block's
//! `}` (a statement follows) against an object literal's (an operator follows). A frame
//! mistaken here can make the scan read a `/` otherwise than the parser does, which `parse.rs`
//! refuses (`scan-mismatch`).

use swc_ecma_parser::input::Tokens;
use swc_ecma_parser::unstable::Token;

use super::state::{FrameKind, ParenOwner, PendingBody, Prev};
use super::{At, Refusal, Scanner};

impl<L: Tokens> Scanner<'_, L> {
    /// `(`, `[` or `{`: opens a frame of the kind its context says.
    pub(super) fn open_bracket(&mut self, at: &At) -> Result<(), Refusal> {
        let (prev, prev_token) = (at.prev, at.prev_token);
        let kind = match at.token {
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
                FrameKind::Paren(owner)
            }
            Token::LBracket => FrameKind::Bracket,
            _ => self.brace_kind(prev, prev_token),
        };
        self.open(kind, at.pos)?;
        self.prev = Prev::ExpectOperand;
        Ok(())
    }

    /// What a `{` opens: a class body, a function body, a block, or an object literal.
    fn brace_kind(&mut self, prev: Prev, prev_token: Option<Token>) -> FrameKind {
        match self.top_mut().pending_body.take() {
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
        }
    }

    /// `)`, `]` or `}`: closes the frame, and says what may follow from what it was.
    pub(super) fn close_bracket(&mut self, at: &At) {
        match at.token {
            Token::RParen => {
                if at.prev_token == Some(Token::Comma) {
                    self.trailing_commas.push(at.pos);
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
            _ => {
                let closed = self.close();
                self.prev = match closed {
                    Some(FrameKind::Brace {
                        ends_statement: true,
                        ..
                    }) => Prev::EndsStatement,
                    _ => Prev::EndsExpression,
                };
            }
        }
    }

    fn function_body_is_declaration(&self) -> bool {
        matches!(
            self.last_closed_paren,
            Some(FrameKind::Paren(ParenOwner::FunctionParams {
                declaration: true
            }))
        )
    }
}
