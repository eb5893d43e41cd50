//! Template literals: `` `a${ `` opens a frame like a bracket, and the `}` that closes a
//! substitution resumes the template, one of the scan's two lexical decisions.
//!
//! The lexer cannot tell that `}` from a block's on its own; the frame stack can (the innermost
//! open frame is the template's). The parser makes the same decision, and `parse.rs` compares
//! the token streams, so a disagreement is a refusal.

use swc_ecma_parser::input::Tokens;
use swc_ecma_parser::unstable::{Token, TokenAndSpan, TokenValue};

use super::state::{FrameKind, Prev};
use super::{At, Refusal, Scanner};
use crate::diagnostic::Code;

impl<L: Tokens> Scanner<'_, L> {
    /// The `}` that ends a substitution. The parser keeps the `}` and then reads the template's
    /// continuation: so does the scan (the `}` recorded, then `TemplateMiddle` or `TemplateTail`
    /// read in its place).
    pub(super) fn resume_template(&mut self, t: TokenAndSpan) -> TokenAndSpan {
        self.record(&t);
        self.lexer.rescan_template_token(t.span.lo, false)
    }

    /// `TemplateHead` opens the template's frame, `TemplateMiddle` stays in it, `TemplateTail`
    /// closes it; a whole template without substitutions is an operand ([`super::operators`]).
    pub(super) fn template_part(&mut self, at: &At) -> Result<(), Refusal> {
        match at.token {
            Token::TemplateHead => {
                self.open(FrameKind::Template, at.pos)?;
                self.prev = Prev::ExpectOperand;
            }
            Token::TemplateMiddle => {
                // The `}` that preceded it was rescanned; the template frame stays open.
                self.prev = Prev::ExpectOperand;
            }
            _ => {
                self.close();
                self.prev = Prev::EndsOperand;
            }
        }
        Ok(())
    }

    /// A template with an invalid escape (`\u` alone, `\x1`, …) is valid only when tagged.
    /// Where an operand is expected it cannot be tagged, so it is refused here: swc 47's parser
    /// reaches an `unreachable!()` on some of these (a prefix operator, a line break, then the
    /// template: found by the transpile fuzz target), and a trap means nothing could run.
    pub(super) fn check_untagged_template(&mut self, t: &TokenAndSpan) -> Result<(), Refusal> {
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
}
