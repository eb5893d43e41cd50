//! The vetter: names every AST node as a [`Construct`] and checks it against the syntax
//! allowlist (`policy/syntax.rs`) at the requested level. A node it cannot name is `Invalid`,
//! which is never allowed: new swc node kinds fail closed.
//!
//! Identifiers get three more checks: `eval` anywhere but as a value (a direct `eval(…)` call
//! is refused; `(0, eval)(…)` calls the indirect-eval stand-in, and `eval` is never declared or
//! assigned), names with the reserved prefix, and `await` used
//! as an identifier (legal in sloppy scripts, but it would make `await /x/` ambiguous for the
//! nesting pre-scan, and no real script needs it).

use swc_common::{Span, Spanned};
use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::diagnostic::{Code, Diagnostic};
use crate::level::EsLevel;
use crate::parse::Parsed;
use crate::pattern::binding_idents;
use crate::policy::limits::MAX_WITH_NESTING;
use crate::policy::reserved::is_reserved_identifier;
use crate::policy::syntax::{Construct, Permit};
use crate::source::LineIndex;

pub fn vet(parsed: &Parsed, lines: &LineIndex, level: EsLevel) -> Vec<Diagnostic> {
    let mut vetter = Vetter {
        parsed,
        lines,
        level,
        diagnostics: parsed.early.clone(),
        strict: has_use_strict(&parsed.script.body),
        with_depth: 0,
    };
    if parsed.script.shebang.is_some() {
        vetter.check(Construct::Hashbang, parsed.script.span);
    }
    for &offset in &parsed.code_point_escapes {
        vetter.check_at(Construct::CodePointEscape, offset);
    }
    for &offset in &parsed.trailing_commas {
        vetter.check_at(Construct::TrailingComma, offset);
    }
    for stmt in &parsed.script.body {
        if let Stmt::Decl(Decl::Using(u)) = stmt {
            // An early error in every engine; the rewrite would otherwise make it a global.
            vetter.refuse(
                Code::SyntaxError,
                "a `using` declaration may not stand at the top level of a script".into(),
                u.span,
            );
        }
    }
    parsed.script.visit_with(&mut vetter);
    vetter.diagnostics.sort_by_key(|d| d.offset);
    vetter.diagnostics
}

struct Vetter<'a> {
    parsed: &'a Parsed,
    lines: &'a LineIndex<'a>,
    level: EsLevel,
    diagnostics: Vec<Diagnostic>,
    /// Whether the current node is strict code in a browser (a `"use strict"` directive, a
    /// class): only there is `with` an error. Everything else is held to strict rules anyway.
    strict: bool,
    /// How many `with` statements enclose the current node.
    with_depth: u32,
}

/// Whether a body's directive prologue holds `"use strict"` (spelled exactly, no escapes).
fn has_use_strict(body: &[Stmt]) -> bool {
    body.iter()
        .map_while(|s| match s {
            Stmt::Expr(e) => match &*e.expr {
                Expr::Lit(Lit::Str(s)) => Some(s),
                _ => None,
            },
            _ => None,
        })
        .any(|s| {
            s.raw
                .as_deref()
                .is_some_and(|raw| raw == "\"use strict\"" || raw == "'use strict'")
        })
}

impl Vetter<'_> {
    fn strictly(&mut self, strict: bool, f: impl FnOnce(&mut Self)) {
        let outer = self.strict;
        self.strict = outer || strict;
        f(self);
        self.strict = outer;
    }

    fn check(&mut self, construct: Construct, span: Span) {
        self.check_at(construct, self.parsed.offset(span.lo));
    }

    fn check_at(&mut self, construct: Construct, offset: usize) {
        let rule = construct.rule();
        match rule.permit {
            Permit::Since(level) if level <= self.level => {}
            Permit::Since(level) => self.diagnostics.push(self.lines.diagnostic(
                Code::AboveLevel,
                format!(
                    "{} is {} syntax; this script is limited to {}",
                    rule.name,
                    level.name().to_uppercase(),
                    self.level.name().to_uppercase()
                ),
                offset,
            )),
            Permit::Never(code) => self.diagnostics.push(self.lines.diagnostic(
                code,
                format!("{} is not allowed in the sandbox", rule.name),
                offset,
            )),
        }
    }

    fn refuse(&mut self, code: Code, message: String, span: Span) {
        let offset = self.parsed.offset(span.lo);
        self.diagnostics
            .push(self.lines.diagnostic(code, message, offset));
    }

    fn check_function_kind(&mut self, is_async: bool, is_generator: bool, span: Span) {
        match (is_async, is_generator) {
            (false, false) => {}
            (false, true) => self.check(Construct::GeneratorFunction, span),
            (true, false) => self.check(Construct::AsyncFunction, span),
            (true, true) => self.check(Construct::AsyncGeneratorFunction, span),
        }
    }

    /// A formal parameter: a default is a default parameter, a rest a rest parameter.
    fn visit_parameter(&mut self, pat: &Pat) {
        match pat {
            Pat::Assign(a) => {
                self.check(Construct::DefaultParameter, a.span);
                a.left.visit_children_with(self);
                a.right.visit_with(self);
            }
            Pat::Rest(r) => {
                self.check(Construct::RestParameter, r.span);
                r.arg.visit_with(self);
            }
            other => other.visit_with(self),
        }
    }

    /// Strict code may not name a parameter twice; swc does not check it.
    fn check_unique_params<'p>(&mut self, params: impl Iterator<Item = &'p Pat>) {
        let mut names = Vec::new();
        for p in params {
            binding_idents(p, &mut names);
        }
        for (i, id) in names.iter().enumerate() {
            if names[..i].iter().any(|earlier| earlier.sym == id.sym) {
                self.refuse(
                    Code::SyntaxError,
                    format!(
                        "duplicate parameter name `{}` (not allowed in strict mode)",
                        id.sym
                    ),
                    id.span,
                );
            }
        }
    }

    fn check_key(&mut self, key: &PropName) {
        if let PropName::Computed(c) = key {
            self.check(Construct::ComputedKey, c.span);
        }
    }
}

impl Visit for Vetter<'_> {
    fn visit_stmt(&mut self, n: &Stmt) {
        let construct = match n {
            Stmt::Block(_) => Construct::BlockStatement,
            Stmt::Empty(_) => Construct::EmptyStatement,
            Stmt::Debugger(_) => Construct::DebuggerStatement,
            Stmt::With(_) => Construct::WithStatement,
            Stmt::Return(_) => Construct::ReturnStatement,
            Stmt::Labeled(_) => Construct::LabeledStatement,
            Stmt::Break(_) => Construct::BreakStatement,
            Stmt::Continue(_) => Construct::ContinueStatement,
            Stmt::If(_) => Construct::IfStatement,
            Stmt::Switch(_) => Construct::SwitchStatement,
            Stmt::Throw(_) => Construct::ThrowStatement,
            Stmt::Try(t) => {
                if let Some(handler) = &t.handler {
                    if handler.param.is_none() {
                        self.check(Construct::OptionalCatchBinding, handler.span);
                    }
                }
                Construct::TryStatement
            }
            Stmt::While(_) => Construct::WhileStatement,
            Stmt::DoWhile(_) => Construct::DoWhileStatement,
            Stmt::For(_) => Construct::ForStatement,
            Stmt::ForIn(_) => Construct::ForInStatement,
            Stmt::ForOf(f) if f.is_await => Construct::ForAwaitStatement,
            Stmt::ForOf(_) => Construct::ForOfStatement,
            Stmt::Expr(_) => Construct::ExpressionStatement,
            // Declarations are named by `visit_decl`.
            Stmt::Decl(_) => {
                n.visit_children_with(self);
                return;
            }
        };
        self.check(construct, n.span());
        if construct != Construct::WithStatement {
            n.visit_children_with(self);
            return;
        }
        if self.strict {
            self.refuse(
                Code::WithStatement,
                "`with` is not allowed in strict mode code (a \"use strict\" directive or a \
                 class encloses it)"
                    .into(),
                n.span(),
            );
        }
        if self.with_depth == MAX_WITH_NESTING {
            self.refuse(
                Code::TooDeep,
                format!("more than {MAX_WITH_NESTING} `with` statements enclose one another"),
                n.span(),
            );
        }
        self.with_depth += 1;
        n.visit_children_with(self);
        self.with_depth -= 1;
    }

    fn visit_decl(&mut self, n: &Decl) {
        let construct = match n {
            Decl::Class(_) => Construct::ClassDeclaration,
            Decl::Fn(_) => Construct::FunctionDeclaration,
            Decl::Var(v) => match v.kind {
                VarDeclKind::Var => Construct::VarDeclaration,
                VarDeclKind::Let => Construct::LetDeclaration,
                VarDeclKind::Const => Construct::ConstDeclaration,
            },
            Decl::Using(_) => Construct::UsingDeclaration,
            _ => Construct::TypeScript,
        };
        self.check(construct, n.span());
        n.visit_children_with(self);
    }

    fn visit_for_head(&mut self, n: &ForHead) {
        if let ForHead::UsingDecl(u) = n {
            self.check(Construct::UsingDeclaration, u.span);
        }
        n.visit_children_with(self);
    }

    fn visit_function(&mut self, n: &Function) {
        self.check_function_kind(n.is_async, n.is_generator, n.span);
        self.check_unique_params(n.params.iter().map(|p| &p.pat));
        if let Some(d) = n.decorators.first() {
            self.check(Construct::Decorator, d.span);
        }
        if n.type_params.is_some() || n.return_type.is_some() {
            self.check(Construct::TypeScript, n.span);
        }
        let strict = n.body.as_ref().is_some_and(|b| has_use_strict(&b.stmts));
        self.strictly(strict, |v| n.visit_children_with(v));
    }

    fn visit_param(&mut self, n: &Param) {
        if let Some(d) = n.decorators.first() {
            self.check(Construct::Decorator, d.span);
        }
        self.visit_parameter(&n.pat);
    }

    fn visit_arrow_expr(&mut self, n: &ArrowExpr) {
        self.check(
            if n.is_async {
                Construct::AsyncArrowFunction
            } else {
                Construct::ArrowFunction
            },
            n.span,
        );
        if n.is_generator || n.type_params.is_some() || n.return_type.is_some() {
            self.check(Construct::Invalid, n.span);
        }
        self.check_unique_params(n.params.iter());
        let strict =
            matches!(&*n.body, ArrowFunctionBody::FunctionBody(b) if has_use_strict(&b.stmts));
        self.strictly(strict, |v| {
            for p in &n.params {
                v.visit_parameter(p);
            }
            n.body.visit_with(v);
        });
    }

    fn visit_class(&mut self, n: &Class) {
        if let Some(d) = n.decorators.first() {
            self.check(Construct::Decorator, d.span);
        }
        if let Some(s) = &n.super_class {
            self.check(Construct::ClassExtends, s.span());
        }
        if n.is_abstract
            || n.type_params.is_some()
            || n.super_type_params.is_some()
            || !n.implements.is_empty()
        {
            self.check(Construct::TypeScript, n.span);
        }
        // All of a class is strict code, its heritage too.
        self.strictly(true, |v| n.visit_children_with(v));
    }

    fn visit_class_member(&mut self, n: &ClassMember) {
        match n {
            ClassMember::Constructor(c) => self.check(Construct::ClassConstructor, c.span),
            ClassMember::Method(m) => {
                self.check_key(&m.key);
                self.check(
                    match m.kind {
                        MethodKind::Method => Construct::ClassMethod,
                        MethodKind::Getter | MethodKind::Setter => Construct::ClassAccessor,
                    },
                    m.span,
                );
            }
            ClassMember::PrivateMethod(m) => self.check(Construct::PrivateMember, m.span),
            ClassMember::ClassProp(p) => {
                self.check_key(&p.key);
                self.check(Construct::ClassField, p.span);
                if !p.decorators.is_empty() {
                    self.check(Construct::Decorator, p.span);
                }
            }
            ClassMember::PrivateProp(p) => {
                self.check(Construct::ClassField, p.span);
                self.check(Construct::PrivateMember, p.span);
                if !p.decorators.is_empty() {
                    self.check(Construct::Decorator, p.span);
                }
            }
            ClassMember::Empty(_) => {}
            ClassMember::StaticBlock(b) => self.check(Construct::StaticBlock, b.span),
            ClassMember::AutoAccessor(a) => self.check(Construct::AutoAccessor, a.span),
            ClassMember::TsIndexSignature(s) => self.check(Construct::TypeScript, s.span),
        }
        n.visit_children_with(self);
    }

    fn visit_expr(&mut self, n: &Expr) {
        let construct = match n {
            Expr::This(_) => Construct::ThisExpression,
            Expr::Array(_) => Construct::ArrayLiteral,
            Expr::Object(_) => Construct::ObjectLiteral,
            Expr::Fn(_) => Construct::FunctionExpression,
            Expr::Unary(u) => {
                // Strict code may not delete a name, in parentheses either (`delete ((x))`): the
                // parser catches only the bare form, and the rewrite would make it a property's.
                if u.op == UnaryOp::Delete && matches!(u.arg.unwrap_parens(), Expr::Ident(_)) {
                    self.refuse(
                        Code::SyntaxError,
                        "'delete' cannot be called on an identifier in strict mode".into(),
                        u.span,
                    );
                }
                Construct::UnaryOperator
            }
            Expr::Update(_) => Construct::UpdateOperator,
            Expr::Bin(b) => match b.op {
                BinaryOp::Exp => Construct::ExponentOperator,
                BinaryOp::NullishCoalescing => Construct::NullishOperator,
                BinaryOp::In if matches!(*b.left, Expr::PrivateName(_)) => Construct::PrivateIn,
                _ => Construct::BinaryOperator,
            },
            Expr::Assign(a) => {
                if matches!(a.left, AssignTarget::Pat(_)) {
                    self.check(Construct::DestructuringAssignment, a.span);
                }
                match a.op {
                    AssignOp::ExpAssign => Construct::ExponentAssignment,
                    AssignOp::AndAssign | AssignOp::OrAssign | AssignOp::NullishAssign => {
                        Construct::LogicalAssignment
                    }
                    _ => Construct::Assignment,
                }
            }
            Expr::Member(m) => {
                if let MemberProp::PrivateName(p) = &m.prop {
                    self.check(Construct::PrivateMember, p.span);
                }
                Construct::MemberExpression
            }
            Expr::SuperProp(_) => Construct::SuperProperty,
            Expr::Cond(_) => Construct::ConditionalExpression,
            Expr::Call(c) => match &c.callee {
                Callee::Super(_) => Construct::SuperCall,
                Callee::Import(_) => Construct::ImportCall,
                Callee::Expr(callee) => {
                    // `eval(…)` and `(eval)(…)` are direct evals: the text would see the
                    // caller's local variables, which no stand-in can give.
                    if matches!(callee.unwrap_parens(), Expr::Ident(i) if &*i.sym == "eval") {
                        self.refuse(
                            Code::Eval,
                            "a direct `eval(…)` call is not available in the sandbox (its text \
                             would see the caller's variables); `(0, eval)(…)` runs the text as \
                             a global script"
                                .into(),
                            c.span,
                        );
                    }
                    Construct::CallExpression
                }
            },
            Expr::New(_) => Construct::NewExpression,
            Expr::Seq(_) => Construct::SequenceExpression,
            Expr::Ident(i) if &*i.sym == "eval" => {
                // `eval` as a value is the indirect-eval stand-in; any other use of the name (a
                // binding, an assignment target) is refused in `visit_ident`.
                self.check(Construct::Identifier, i.span);
                return;
            }
            Expr::Ident(_) => Construct::Identifier,
            // Literals are named by `visit_lit`.
            Expr::Lit(_) => {
                n.visit_children_with(self);
                return;
            }
            Expr::Tpl(_) => Construct::TemplateLiteral,
            Expr::TaggedTpl(_) => Construct::TaggedTemplate,
            Expr::Arrow(_) => {
                n.visit_children_with(self);
                return;
            }
            Expr::Class(_) => Construct::ClassExpression,
            Expr::Yield(_) => Construct::YieldExpression,
            Expr::MetaProp(m) => match m.kind {
                MetaPropKind::NewTarget => Construct::NewTarget,
                MetaPropKind::ImportMeta => Construct::ImportMeta,
            },
            Expr::Await(_) => Construct::AwaitExpression,
            Expr::Paren(_) => Construct::ParenthesizedExpression,
            Expr::JSXMember(_)
            | Expr::JSXNamespacedName(_)
            | Expr::JSXEmpty(_)
            | Expr::JSXElement(_)
            | Expr::JSXFragment(_) => Construct::Jsx,
            Expr::TsTypeAssertion(_)
            | Expr::TsConstAssertion(_)
            | Expr::TsNonNull(_)
            | Expr::TsAs(_)
            | Expr::TsInstantiation(_)
            | Expr::TsSatisfies(_) => Construct::TypeScript,
            Expr::PrivateName(_) => Construct::PrivateIn,
            Expr::OptChain(_) => Construct::OptionalChain,
            Expr::Invalid(_) => Construct::Invalid,
        };
        self.check(construct, n.span());
        if !matches!(construct, Construct::ImportCall | Construct::ImportMeta) {
            n.visit_children_with(self);
        }
    }

    fn visit_expr_or_spread(&mut self, n: &ExprOrSpread) {
        if let Some(spread) = n.spread {
            self.check(Construct::ArraySpread, spread);
        }
        n.visit_children_with(self);
    }

    fn visit_prop_or_spread(&mut self, n: &PropOrSpread) {
        if let PropOrSpread::Spread(s) = n {
            self.check(Construct::ObjectSpread, s.dot3_token);
        }
        n.visit_children_with(self);
    }

    fn visit_prop(&mut self, n: &Prop) {
        match n {
            Prop::Shorthand(i) => {
                self.check(Construct::ShorthandProperty, i.span);
                // `{ eval }` reads the stand-in as a value, as `{ eval: eval }` does.
                if &*i.sym == "eval" {
                    return;
                }
            }
            Prop::KeyValue(_) => {}
            // `{a = 1}` is only valid as a destructuring target, where it is an `ObjectPat`.
            Prop::Assign(a) => self.check(Construct::Invalid, a.span),
            Prop::Getter(g) => self.check(Construct::ObjectAccessor, g.span),
            Prop::Setter(s) => self.check(Construct::ObjectAccessor, s.span),
            Prop::Method(m) => self.check(Construct::ObjectMethod, m.function.span),
        }
        n.visit_children_with(self);
    }

    fn visit_prop_name(&mut self, n: &PropName) {
        self.check_key(n);
        n.visit_children_with(self);
    }

    fn visit_pat(&mut self, n: &Pat) {
        match n {
            Pat::Ident(_) | Pat::Expr(_) => {}
            Pat::Array(a) => self.check(Construct::ArrayPattern, a.span),
            Pat::Rest(r) => self.check(Construct::RestParameter, r.span),
            Pat::Object(o) => self.check(Construct::ObjectPattern, o.span),
            Pat::Assign(a) => self.check(Construct::PatternDefault, a.span),
            Pat::Invalid(i) => self.check(Construct::Invalid, i.span),
        }
        n.visit_children_with(self);
    }

    fn visit_object_pat_prop(&mut self, n: &ObjectPatProp) {
        match n {
            ObjectPatProp::Rest(r) => {
                self.check(Construct::ObjectRestPattern, r.span);
                // The rest target itself, without counting it as an array rest too.
                r.arg.visit_with(self);
                return;
            }
            ObjectPatProp::Assign(a) if a.value.is_some() => {
                self.check(Construct::PatternDefault, a.span)
            }
            _ => {}
        }
        n.visit_children_with(self);
    }

    fn visit_lit(&mut self, n: &Lit) {
        match n {
            Lit::Str(s) => {
                self.check(Construct::StringLiteral, s.span);
                if let Some(raw) = &s.raw {
                    if raw.contains("\\u{") {
                        self.check(Construct::CodePointEscape, s.span);
                    }
                    if raw.contains(['\u{2028}', '\u{2029}']) {
                        self.check(Construct::LineSeparatorInString, s.span);
                    }
                    if has_non_octal_decimal_escape(raw) {
                        self.refuse(
                            Code::SyntaxError,
                            "`\\8` and `\\9` escapes are not allowed in strict mode".into(),
                            s.span,
                        );
                    }
                }
            }
            Lit::Bool(b) => self.check(Construct::BooleanLiteral, b.span),
            Lit::Null(x) => self.check(Construct::NullLiteral, x.span),
            Lit::Num(x) => {
                self.check(Construct::NumberLiteral, x.span);
                if let Some(raw) = &x.raw {
                    let lower = raw.to_ascii_lowercase();
                    if lower.starts_with("0b") || lower.starts_with("0o") {
                        self.check(Construct::BinaryOctalLiteral, x.span);
                    }
                    if raw.contains('_') {
                        self.check(Construct::NumericSeparator, x.span);
                    }
                }
            }
            Lit::BigInt(x) => {
                self.check(Construct::BigIntLiteral, x.span);
                if x.raw.as_ref().is_some_and(|r| r.contains('_')) {
                    self.check(Construct::NumericSeparator, x.span);
                }
            }
            Lit::Regex(r) => {
                self.check(Construct::RegexLiteral, r.span);
                // A line terminator cannot stand in a regular expression literal (the grammar's
                // RegularExpressionNonTerminator); swc reads U+2028 and U+2029 in one.
                if r.exp.contains(['\u{2028}', '\u{2029}']) {
                    self.refuse(
                        Code::SyntaxError,
                        "a regular expression literal cannot hold a line terminator (U+2028 or \
                         U+2029): write it as \\u2028 or \\u2029"
                            .to_string(),
                        r.span,
                    );
                }
                for construct in regex_pattern_constructs(&r.exp) {
                    self.check(construct, r.span);
                }
                for flag in r.flags.chars() {
                    match flag {
                        'g' | 'i' | 'm' => {}
                        'u' | 'y' => self.check(Construct::RegexFlagUnicodeSticky, r.span),
                        's' => self.check(Construct::RegexFlagDotAll, r.span),
                        'd' => self.check(Construct::RegexFlagIndices, r.span),
                        'v' => self.check(Construct::RegexFlagUnicodeSets, r.span),
                        _ => self.check(Construct::RegexFlagOther, r.span),
                    }
                }
            }
            Lit::JSXText(t) => self.check(Construct::Jsx, t.span),
        }
    }

    fn visit_tpl_element(&mut self, n: &TplElement) {
        if n.raw.contains("\\u{") {
            self.check(Construct::CodePointEscape, n.span);
        }
        // An escape that is not one (`\unicode`) leaves no cooked value: only tagged
        // templates may do that, since ES2018.
        if n.cooked.is_none() {
            self.check(Construct::TemplateRevision, n.span);
        }
    }

    fn visit_ident(&mut self, n: &Ident) {
        if &*n.sym == "eval" {
            self.refuse(
                Code::Eval,
                "`eval` may be read and called (as a global eval) but not declared or assigned"
                    .into(),
                n.span,
            );
        } else if is_reserved_identifier(&n.sym) {
            self.refuse(
                Code::ReservedName,
                format!("`{}` is reserved for the transpiler's own output", n.sym),
                n.span,
            );
        } else if &*n.sym == "await" {
            self.refuse(
                Code::NotAllowed,
                "`await` may not be used as an identifier".into(),
                n.span,
            );
        }
    }

    fn visit_module_decl(&mut self, n: &ModuleDecl) {
        self.check(Construct::ModuleDeclaration, n.span());
    }
}

/// Whether a string literal's source text has `\8` or `\9` (an escaped backslash does not
/// count).
fn has_non_octal_decimal_escape(raw: &str) -> bool {
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some('8' | '9') = chars.next() {
                return true;
            }
        }
    }
    false
}

/// The regular-expression syntax newer than ES5 that a pattern uses. The engine parses the
/// pattern itself; this only holds it to the requested level, conservatively (a match inside a
/// character class is still a match).
fn regex_pattern_constructs(pattern: &str) -> Vec<Construct> {
    let mut found = Vec::new();
    let mut group_names: Vec<&str> = Vec::new();
    let bytes = pattern.as_bytes();
    let mut i = 0;
    let mut in_class = false;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => {
                match bytes.get(i + 1) {
                    Some(b'k') if bytes.get(i + 2) == Some(&b'<') => {
                        found.push(Construct::RegexNamedGroup)
                    }
                    Some(b'p' | b'P') if bytes.get(i + 2) == Some(&b'{') => {
                        found.push(Construct::RegexUnicodeProperty)
                    }
                    _ => {}
                }
                i += 2;
                continue;
            }
            b'[' => in_class = true,
            b']' => in_class = false,
            b'(' if !in_class && bytes.get(i + 1) == Some(&b'?') => match bytes.get(i + 2) {
                Some(b'<') => match bytes.get(i + 3) {
                    Some(b'=' | b'!') => found.push(Construct::RegexLookbehind),
                    _ => {
                        found.push(Construct::RegexNamedGroup);
                        let name = pattern[i + 3..].split('>').next().unwrap_or("");
                        if group_names.contains(&name) {
                            // The same name twice (in alternatives) is ES2025.
                            found.push(Construct::RegexDuplicateNamedGroups);
                        }
                        group_names.push(name);
                    }
                },
                Some(b':' | b'=' | b'!') => {}
                // `(?i:…)`, `(?-m:…)`: modifiers (ES2025).
                Some(_) => found.push(Construct::RegexModifiers),
                None => {}
            },
            _ => {}
        }
        i += 1;
    }
    found
}
