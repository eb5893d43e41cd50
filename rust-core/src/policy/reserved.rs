//! Names the transpiler's output uses, and words that must never be spelled with escapes.

/// Every identifier starting with this prefix belongs to the transpiler's output: input that
/// names one is rejected, so untrusted code can never reach the runtime's objects.
pub const RESERVED_PREFIX: &str = "__paranoid";

/// Holds the sandbox's global bindings; free identifiers become its properties.
pub const SCOPE: &str = "__paranoid_scope__";
/// The value of top-level `this`: the stand-in global object.
pub const GLOBAL: &str = "__paranoid_global__";
/// Holds the runtime helpers ([`RUNTIME_HELPERS`]), the only properties of it output calls.
pub const RUNTIME: &str = "__paranoid_rt__";

/// The runtime helpers, as docs/output-contract.md ("What the runtime must provide") defines
/// them: the top-level declaration checks and bindings of a script, the hand-over of a
/// `Function` stand-in's function and its sloppy `this`, and the completion values of an
/// indirect `eval`'s text, the lookups of a `with` statement's object, and a regular
/// expression whose pattern is not ASCII. The rewrite calls
/// these names and no other; the kernel's
/// runtime (`sandbox-page/kernel/scope.js`) and the reference runtime of the Node tests define
/// exactly these (`tests/unit/policy.test.mjs` checks).
pub const CHECK_GLOBAL_DECLARATIONS: &str = "checkGlobalDeclarations";
pub const DECLARE_VARS: &str = "declareVars";
pub const DECLARE_FUNCTION: &str = "declareFunction";
pub const DECLARE_LEXICAL: &str = "declareLexical";
pub const INIT_LEXICAL: &str = "initLexical";
pub const LEXICAL_INITIALIZER: &str = "lexicalInitializer";
pub const FUNCTION_RESULT: &str = "functionResult";
pub const EVAL_VALUE: &str = "evalValue";
pub const SLOPPY_THIS: &str = "sloppyThis";
pub const WITH_OBJECT: &str = "withObject";
pub const WITH_HAS: &str = "withHas";
pub const WITH_THIS: &str = "withThis";
pub const REG_EXP: &str = "regExp";
pub const RUNTIME_HELPERS: [&str; 13] = [
    CHECK_GLOBAL_DECLARATIONS,
    DECLARE_VARS,
    DECLARE_FUNCTION,
    DECLARE_LEXICAL,
    INIT_LEXICAL,
    LEXICAL_INITIALIZER,
    FUNCTION_RESULT,
    EVAL_VALUE,
    SLOPPY_THIS,
    WITH_OBJECT,
    WITH_HAS,
    WITH_THIS,
    REG_EXP,
];

/// Local names the `with` rewrite declares (numbered per statement): the statement's object,
/// the accessors of the outer local bindings its body writes, and their setters' parameter.
/// They carry the reserved prefix, so no input can name them.
pub const WITH_OBJECT_PREFIX: &str = "__paranoid_with";
pub const WITH_OUTER_PREFIX: &str = "__paranoid_outer";
pub const WITH_VALUE: &str = "__paranoid_value__";

/// The local that holds what `R.lexicalInitializer` made for a top-level destructuring `let`
/// or `const`: its setters initialise the bindings, in the pattern's order.
pub const LEXICAL_INIT: &str = "__paranoid_init__";

/// The only free identifiers transpiled output may contain.
pub const OUTPUT_FREE_NAMES: [&str; 3] = [SCOPE, GLOBAL, RUNTIME];

pub fn is_reserved_identifier(name: &str) -> bool {
    name.starts_with(RESERVED_PREFIX)
}

/// Words that may not be written with unicode escapes anywhere: every reserved word of the
/// spec, the strict-mode and future reserved words, the literals, and the contextual keywords
/// whose meaning would change (`\u0061sync function` is not an async function to V8, but an
/// engine that disagreed would run different code than was vetted). `eval` and `arguments` are
/// included too: paranoid is cheaper than clever.
pub const NO_ESCAPE_WORDS: &[&str] = &[
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "import",
    "in",
    "instanceof",
    "new",
    "null",
    "return",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
    "let",
    "static",
    "implements",
    "interface",
    "package",
    "private",
    "protected",
    "public",
    "async",
    "of",
    "get",
    "set",
    "target",
    "meta",
    "from",
    "as",
    "eval",
    "arguments",
    "accessor",
    "using",
];

pub fn must_not_be_escaped(word: &str) -> bool {
    NO_ESCAPE_WORDS.contains(&word)
}
