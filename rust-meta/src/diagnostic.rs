//! Why rust-meta's wasm refused a request: a stable code with each refusal, as the core's
//! diagnostics have (`rust-core/src/diagnostic.rs`). The kebab-case names are what goes on the
//! wire (`{ok: false, diagnostics: [{code, …}]}`, see [`crate::abi`]); the extension's pages and
//! background may match on them, so a name never changes.

use std::fmt;

use serde::Serialize;

/// Why a request was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    /// The request itself was malformed (not UTF-8, not JSON, a field missing or of the wrong
    /// kind): the caller's error, never the input's.
    Internal,
    /// `paranoid_match_pattern`: the text is no match pattern Paranoid accepts.
    BadMatchPattern,
    /// `paranoid_update_offer`: the served script's metadata does not read.
    BadUpdate,
    /// `paranoid_update_review`: the installed record and the copy could not be compared.
    BadReview,
    /// `paranoid_update_url`: updates may not come from this URL.
    BadUpdateUrl,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Internal => "internal",
            Code::BadMatchPattern => "bad-match-pattern",
            Code::BadUpdate => "bad-update",
            Code::BadReview => "bad-review",
            Code::BadUpdateUrl => "bad-update-url",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_names_are_the_kebab_case_names() {
        // The names the extension's pages and background have always received.
        for (code, name) in [
            (Code::Internal, "internal"),
            (Code::BadMatchPattern, "bad-match-pattern"),
            (Code::BadUpdate, "bad-update"),
            (Code::BadReview, "bad-review"),
            (Code::BadUpdateUrl, "bad-update-url"),
        ] {
            assert_eq!(code.as_str(), name);
            assert_eq!(code.to_string(), name);
            assert_eq!(serde_json::to_value(code).unwrap(), name);
        }
    }
}
