//! Operators, separators and operands: what makes the parser recurse inside one frame.
//!
//! - Prefix operators (`!`, `typeof`, `new`, `...`, a `+`/`-` where an operand may start) are
//!   one unit each for as long as their run lasts.
//! - Right-associative operators (`=` and the other assignments, `?` and its `:`, `=>`, `**`)
//!   are one unit each (`=>` two): the parser recurses for their right side.
//! - Left-associative binary operators cost one unit per precedence level being climbed, not
//!   per operator: the parser loops over a chain of equal precedence.
//! - `,` and `;` end what is pending (`;` ends the statement too); a label's `:` nests the
//!   statement after it.
//! - An operand (identifier, literal, `this`, a whole template) costs nothing; it only tells the
//!   next token that an operand ended, so that a `/` after it divides.

use swc_ecma_parser::input::Tokens;
use swc_ecma_parser::unstable::Token;

use super::state::Prev;
use super::{At, Refusal, Scanner};

impl<L: Tokens> Scanner<'_, L> {
    /// Every token that is no bracket, template part or word of [`super::words`]. The arms are
    /// tried in order: a `+` is prefix only where an operand may start, else binary; a word is
    /// an operand only when it is no keyword.
    pub(super) fn operator_or_operand(&mut self, at: &At) -> Result<(), Refusal> {
        let (token, pos, prev) = (at.token, at.pos, at.prev);
        match token {
            Token::Comma | Token::Semi => {
                let frame = self.top_mut();
                if token == Token::Semi {
                    frame.end_statement();
                } else {
                    frame.reset();
                }
                self.prev = Prev::ExpectOperand;
            }
            Token::QuestionMark => {
                self.top_mut().open_conditionals += 1;
                self.assoc_unit(pos)?;
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
                let postfix = prev == Prev::EndsOperand && !at.had_line_break;
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
            _ if ends_operand(token) => {
                self.prev = Prev::EndsOperand;
            }
            _ => {
                // Any other punctuation (`.`, `?.`, `@`, `#`, …) or keyword (`var`, `const`,
                // `break`, …): an operand or a name may follow. (A word that is no keyword
                // ended an operand in the arm above.)
                self.prev = Prev::ExpectOperand;
            }
        }
        Ok(())
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
