//! Where statements end and start, decided before a token's own step.
//!
//! A statement's end is where the parser's recursion has unwound, so the units pending in the
//! frame reset there (step 3 of the module's description): a `;` (in [`super::operators`]), a
//! `}` that closed a statement, or automatic semicolon insertion. Missing an end only
//! over-counts (a refusal too many); ending a statement the parser continues would under-count,
//! which is why an end needs a token that cannot continue an expression.
//!
//! Where a statement starts tells a `function` or `class` declaration from an expression.

use swc_ecma_parser::input::Tokens;
use swc_ecma_parser::unstable::{Token, TokenAndSpan};

use super::state::Prev;
use super::Scanner;

impl<L: Tokens> Scanner<'_, L> {
    /// Ends what the previous tokens left pending, when `t` shows a statement ended before it.
    pub(super) fn end_statements_before(&mut self, t: &TokenAndSpan) {
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
    }

    /// Whether a statement starts at the current token (for telling a function or class
    /// declaration from an expression).
    pub(super) fn at_statement_start(&self, t: &TokenAndSpan) -> bool {
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
