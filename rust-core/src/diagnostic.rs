//! Diagnostics: a stable code, a message, and a 1-based position in the original source.

use std::fmt;

use serde::Serialize;

/// Why a script was refused. The kebab-case names are stable: tools and tests match on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    /// The parser refused the text (including strict-mode-only errors such as legacy octals).
    SyntaxError,
    /// A construct that is not on the syntax allowlist at all.
    NotAllowed,
    /// A construct newer than the requested ECMAScript level.
    AboveLevel,
    /// A `with` statement.
    WithStatement,
    /// Any use of the identifier `eval`, in any spelling.
    Eval,
    /// `import(...)`.
    DynamicImport,
    /// `import.meta`.
    ImportMeta,
    /// `import` / `export` declarations.
    ModuleSyntax,
    /// An identifier the transpiler's own output uses (`__paranoid…`).
    ReservedName,
    /// A keyword written with unicode escapes (`\u0074his`).
    EscapedKeyword,
    /// Nesting deeper than the documented limit.
    TooDeep,
    /// Input larger than the documented limit.
    TooLarge,
    /// A lone UTF-16 surrogate in the source text, which could not be passed on unchanged.
    LoneSurrogate,
    /// The nesting pre-scan and the parser read the tokens differently.
    ScanMismatch,
    /// The transpiler itself failed (a caught panic): nothing runs.
    Internal,
    /// The `Function` stand-in's parameters or body were not one parameter list or one body.
    BadFunctionParts,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Code::SyntaxError => "syntax-error",
            Code::NotAllowed => "not-allowed",
            Code::AboveLevel => "above-level",
            Code::WithStatement => "with-statement",
            Code::Eval => "eval",
            Code::DynamicImport => "dynamic-import",
            Code::ImportMeta => "import-meta",
            Code::ModuleSyntax => "module-syntax",
            Code::ReservedName => "reserved-name",
            Code::EscapedKeyword => "escaped-keyword",
            Code::TooDeep => "too-deep",
            Code::TooLarge => "too-large",
            Code::LoneSurrogate => "lone-surrogate",
            Code::ScanMismatch => "scan-mismatch",
            Code::BadFunctionParts => "bad-function-parts",
            Code::Internal => "internal",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One reason to refuse a script, at a position of the original source.
///
/// `line` and `column` are 1-based; the column counts UTF-16 code units, as JavaScript engines
/// and source maps do. `offset` is the byte offset in the UTF-8 source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub code: Code,
    pub message: String,
    pub line: u32,
    pub column: u32,
    #[serde(skip)]
    pub offset: usize,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {} [{}]",
            self.line, self.column, self.message, self.code
        )
    }
}
