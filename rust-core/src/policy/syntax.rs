//! The syntax allowlist: every construct a script may contain, and the edition that introduced
//! it. The vetter maps each AST node to one [`Construct`]; a construct that is not `Since(..)` the
//! requested level — or any node it cannot name — is rejected. This table is the one place where
//! syntax policy lives.

use crate::diagnostic::Code;
use crate::level::EsLevel;

/// Whether a construct may appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permit {
    /// Allowed from this edition on.
    Since(EsLevel),
    /// Never allowed; rejected with this code.
    Never(Code),
}

/// One row of the allowlist.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    pub construct: Construct,
    /// What a diagnostic calls it.
    pub name: &'static str,
    pub permit: Permit,
}

macro_rules! syntax_table {
    ($($construct:ident => $name:literal, $permit:expr;)*) => {
        /// Every syntactic construct the vetter can name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Construct { $($construct),* }

        /// The allowlist, in the order of [`Construct`].
        pub const SYNTAX: &[Rule] = &[
            $(Rule { construct: Construct::$construct, name: $name, permit: $permit }),*
        ];
    };
}

use EsLevel::*;
use Permit::{Never, Since};

syntax_table! {
    // Statements
    BlockStatement => "block statement", Since(Es5);
    EmptyStatement => "empty statement", Since(Es5);
    DebuggerStatement => "`debugger` statement", Since(Es5);
    WithStatement => "`with` statement", Since(Es5);
    ReturnStatement => "`return` statement", Since(Es5);
    LabeledStatement => "labeled statement", Since(Es5);
    BreakStatement => "`break` statement", Since(Es5);
    ContinueStatement => "`continue` statement", Since(Es5);
    IfStatement => "`if` statement", Since(Es5);
    SwitchStatement => "`switch` statement", Since(Es5);
    ThrowStatement => "`throw` statement", Since(Es5);
    TryStatement => "`try` statement", Since(Es5);
    OptionalCatchBinding => "`catch` without a binding", Since(Es2019);
    WhileStatement => "`while` statement", Since(Es5);
    DoWhileStatement => "`do`…`while` statement", Since(Es5);
    ForStatement => "`for` statement", Since(Es5);
    ForInStatement => "`for`…`in` statement", Since(Es5);
    ForOfStatement => "`for`…`of` statement", Since(Es2015);
    ForAwaitStatement => "`for await`…`of` statement", Since(Es2018);
    ExpressionStatement => "expression statement", Since(Es5);
    VarDeclaration => "`var` declaration", Since(Es5);
    LetDeclaration => "`let` declaration", Since(Es2015);
    ConstDeclaration => "`const` declaration", Since(Es2015);
    UsingDeclaration => "`using` declaration", Since(Es2026);
    FunctionDeclaration => "function declaration", Since(Es5);
    ClassDeclaration => "class declaration", Since(Es2015);
    ModuleDeclaration => "`import`/`export` declaration", Never(Code::ModuleSyntax);
    Hashbang => "`#!` hashbang comment", Since(Es2023);
    HtmlComment => "HTML-like comment (`<!--`, `-->`)", Never(Code::NotAllowed);
    // Functions
    FunctionExpression => "function expression", Since(Es5);
    ArrowFunction => "arrow function", Since(Es2015);
    GeneratorFunction => "generator function", Since(Es2015);
    AsyncFunction => "async function", Since(Es2017);
    AsyncArrowFunction => "async arrow function", Since(Es2017);
    AsyncGeneratorFunction => "async generator function", Since(Es2018);
    DefaultParameter => "default parameter value", Since(Es2015);
    RestParameter => "rest parameter", Since(Es2015);
    Decorator => "decorator", Never(Code::NotAllowed);
    // Classes
    ClassExpression => "class expression", Since(Es2015);
    ClassExtends => "class `extends`", Since(Es2015);
    ClassConstructor => "class constructor", Since(Es2015);
    ClassMethod => "class method", Since(Es2015);
    ClassAccessor => "class getter or setter", Since(Es2015);
    ClassField => "class field", Since(Es2022);
    PrivateMember => "private class member (`#name`)", Since(Es2022);
    PrivateIn => "`#name in object`", Since(Es2022);
    StaticBlock => "class `static` block", Since(Es2022);
    AutoAccessor => "`accessor` class field", Never(Code::NotAllowed);
    SuperProperty => "`super` property access", Since(Es2015);
    SuperCall => "`super(...)` call", Since(Es2015);
    // Expressions
    ThisExpression => "`this`", Since(Es5);
    Identifier => "identifier", Since(Es5);
    ArrayLiteral => "array literal", Since(Es5);
    ArraySpread => "spread element", Since(Es2015);
    ObjectLiteral => "object literal", Since(Es5);
    ObjectSpread => "object spread", Since(Es2018);
    ShorthandProperty => "shorthand property", Since(Es2015);
    ComputedKey => "computed property key", Since(Es2015);
    ObjectAccessor => "getter or setter", Since(Es5);
    ObjectMethod => "method shorthand", Since(Es2015);
    UnaryOperator => "unary operator", Since(Es5);
    UpdateOperator => "`++`/`--`", Since(Es5);
    BinaryOperator => "binary operator", Since(Es5);
    ExponentOperator => "`**` operator", Since(Es2016);
    NullishOperator => "`??` operator", Since(Es2020);
    Assignment => "assignment", Since(Es5);
    ExponentAssignment => "`**=` assignment", Since(Es2016);
    LogicalAssignment => "logical assignment (`&&=`, `||=`, `??=`)", Since(Es2021);
    DestructuringAssignment => "destructuring assignment", Since(Es2015);
    MemberExpression => "member access", Since(Es5);
    ConditionalExpression => "conditional expression", Since(Es5);
    CallExpression => "call", Since(Es5);
    NewExpression => "`new`", Since(Es5);
    NewTarget => "`new.target`", Since(Es2015);
    SequenceExpression => "comma expression", Since(Es5);
    ParenthesizedExpression => "parenthesized expression", Since(Es5);
    TemplateLiteral => "template literal", Since(Es2015);
    TaggedTemplate => "tagged template", Since(Es2015);
    YieldExpression => "`yield`", Since(Es2015);
    AwaitExpression => "`await`", Since(Es2017);
    OptionalChain => "optional chaining (`?.`)", Since(Es2020);
    ImportCall => "`import(...)`", Never(Code::DynamicImport);
    ImportMeta => "`import.meta`", Never(Code::ImportMeta);
    // Literals
    StringLiteral => "string literal", Since(Es5);
    LineSeparatorInString => "unescaped U+2028/U+2029 in a string literal", Since(Es2019);
    TemplateRevision => "invalid escape in a tagged template", Since(Es2018);
    TrailingComma => "trailing comma in parameters or arguments", Since(Es2017);
    CodePointEscape => "`\\u{...}` escape", Since(Es2015);
    NumberLiteral => "number literal", Since(Es5);
    BinaryOctalLiteral => "`0b`/`0o` number literal", Since(Es2015);
    NumericSeparator => "numeric separator (`1_000`)", Since(Es2021);
    BigIntLiteral => "BigInt literal", Since(Es2020);
    BooleanLiteral => "boolean literal", Since(Es5);
    NullLiteral => "`null`", Since(Es5);
    RegexLiteral => "regular expression literal", Since(Es5);
    RegexFlagUnicodeSticky => "regular expression flag `u` or `y`", Since(Es2015);
    RegexFlagDotAll => "regular expression flag `s`", Since(Es2018);
    RegexFlagIndices => "regular expression flag `d`", Since(Es2022);
    RegexFlagUnicodeSets => "regular expression flag `v`", Since(Es2024);
    RegexFlagOther => "unknown regular expression flag", Never(Code::NotAllowed);
    RegexNamedGroup => "regular expression named group", Since(Es2018);
    RegexLookbehind => "regular expression lookbehind", Since(Es2018);
    RegexUnicodeProperty => "regular expression `\\p{…}` escape", Since(Es2018);
    RegexDuplicateNamedGroups => "regular expression with a repeated group name", Since(Es2025);
    RegexModifiers => "regular expression modifiers (`(?i:…)`)", Since(Es2025);
    // Patterns
    ArrayPattern => "array destructuring", Since(Es2015);
    ObjectPattern => "object destructuring", Since(Es2015);
    ObjectRestPattern => "object rest (`...rest`) in destructuring", Since(Es2018);
    PatternDefault => "default value in destructuring", Since(Es2015);
    // Never: syntax other dialects add, and anything the parser flagged as invalid.
    Jsx => "JSX", Never(Code::NotAllowed);
    TypeScript => "TypeScript syntax", Never(Code::NotAllowed);
    Invalid => "invalid syntax", Never(Code::SyntaxError);
}

impl Construct {
    pub fn rule(self) -> &'static Rule {
        &SYNTAX[self as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_enum_order() {
        for (i, rule) in SYNTAX.iter().enumerate() {
            assert_eq!(rule.construct as usize, i, "{:?}", rule.construct);
        }
    }
}
