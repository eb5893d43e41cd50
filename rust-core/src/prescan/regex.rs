//! Regex or division: whether a `/` (or `/=`) starts a regular expression, the scan's other
//! lexical decision.
//!
//! The grammar decides it from the previous token: a `/` where an operand may start begins a
//! regex, elsewhere it divides. `Prev` ([`super::state`]), which every step sets, carries
//! exactly that. The parser decides the same way, and `parse.rs` compares the token streams
//! (`scan-mismatch`): a scan that read `/ b /` as a regex where the parser reads two divisions
//! is refused, never trusted.

use swc_ecma_parser::input::Tokens;
use swc_ecma_parser::unstable::TokenAndSpan;

use super::{Refusal, Scanner};
use crate::diagnostic::Code;
use crate::policy::syntax::Construct;

impl<L: Tokens> Scanner<'_, L> {
    pub(super) fn regex_allowed(&self) -> bool {
        self.prev.expects_operand()
    }

    /// Reads again from the `/` as a regular expression (the lexer had read a division).
    pub(super) fn reread_as_regex(&mut self, t: TokenAndSpan) -> Result<TokenAndSpan, Refusal> {
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
        Ok(regex)
    }
}
