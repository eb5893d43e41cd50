//! Parsing: size limit, nesting pre-scan, strict-mode parse of a classic script, and the checks
//! that the parser read what the pre-scan read and built a tree of bounded depth.

use swc_common::sync::Lrc;
use swc_common::{BytePos, FileName, SourceFile, SourceMap, Span, Spanned};
use swc_ecma_ast::{EsVersion, Expr, Pat, Script, Stmt};
use swc_ecma_parser::error::SyntaxError;
use swc_ecma_parser::input::Tokens;
use swc_ecma_parser::unstable::{Capturing, Token};
use swc_ecma_parser::{Context, EsSyntax, Lexer, Parser, StringInput, Syntax};
use swc_ecma_visit::{Visit, VisitWith};

use crate::diagnostic::{Code, Diagnostic};
use crate::policy::limits::{MAX_NESTING, MAX_SOURCE_BYTES, MAX_TREE_DEPTH};
use crate::policy::syntax::{Construct, Permit};
use crate::prescan::{first_difference, Scanner};
use crate::source::LineIndex;

/// A parsed script with the source map that its spans point into.
pub struct Parsed {
    pub cm: Lrc<SourceMap>,
    pub file: Lrc<SourceFile>,
    pub script: Script,
    /// Refusals found before vetting (escaped keywords, errors the parser recovered from),
    /// reported with the vetter's.
    pub early: Vec<Diagnostic>,
    /// The deepest nesting the pre-scan met (its limit is `MAX_NESTING`).
    pub nesting: u32,
    /// Offsets of identifiers spelled with `\u{…}` and of trailing commas before `)`: syntax
    /// with no node of its own, for the vetter's level check.
    pub code_point_escapes: Vec<usize>,
    pub trailing_commas: Vec<usize>,
    /// Whether the scan read the keyword `with` anywhere (a statement, or a property's name):
    /// the `with` pass runs only then.
    pub has_with: bool,
}

impl Parsed {
    /// Byte offset in the source text of a position in the source map.
    pub fn offset(&self, pos: BytePos) -> usize {
        offset_in(&self.file, pos)
    }
}

fn offset_in(file: &SourceFile, pos: BytePos) -> usize {
    pos.0.saturating_sub(file.start_pos.0) as usize
}

/// The limits one parse is held to.
#[derive(Clone, Copy)]
pub struct Limits {
    pub nesting: u32,
    pub tree_depth: u32,
}

impl Limits {
    /// The limits for untrusted input: `MAX_NESTING` and `MAX_TREE_DEPTH`, except in a build
    /// with the `calibration` feature, where `tools/calibrate-nesting.mjs` raises the nesting
    /// limit to find where the engine's stack really gives out.
    pub fn untrusted() -> Self {
        #[cfg(feature = "calibration")]
        {
            let raised = CALIBRATION_LIMIT.load(std::sync::atomic::Ordering::Relaxed);
            if raised != 0 {
                return Limits {
                    nesting: raised,
                    tree_depth: raised.max(MAX_TREE_DEPTH),
                };
            }
        }
        Limits {
            nesting: MAX_NESTING,
            tree_depth: MAX_TREE_DEPTH,
        }
    }

    /// For re-reading our own output, which legitimately nests deeper than its input (a
    /// `typeof x` becomes a conditional, a function declaration a call's argument).
    pub fn output() -> Self {
        Limits {
            nesting: MAX_NESTING * 4,
            tree_depth: MAX_TREE_DEPTH * 4,
        }
    }
}

#[cfg(feature = "calibration")]
pub static CALIBRATION_LIMIT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

fn syntax(body: Body) -> Syntax {
    // Every dialect extension off (JSX, decorators, `::`, `accessor`, …) but `using`, which
    // is standard (ES2026) and held to its level by the vetter.
    Syntax::Es(EsSyntax {
        explicit_resource_management: true,
        allow_return_outside_function: body == Body::Userscript,
        ..EsSyntax::default()
    })
}

/// What a text is the body of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Body {
    /// A classic script.
    #[default]
    Script,
    /// A userscript, which the managers run wrapped in a function: a top-level `return` ends
    /// it, and its top-level declarations are its own (see [`parse_userscript`]).
    Userscript,
}

/// A lexer over `file` that lexes as strict-mode code: the output is strict, so the input is
/// held to strict rules (legacy octals, `delete x`, … are errors, not silently changed). The
/// one exception, `with`, is rewritten away (`with.rs`).
fn strict_lexer(file: &SourceFile, body: Body) -> Lexer<'_> {
    let mut lexer = Lexer::new(
        syntax(body),
        EsVersion::latest(),
        StringInput::from(file),
        None,
    );
    let ctx = lexer.ctx() | Context::Strict;
    lexer.set_ctx(ctx);
    lexer
}

pub fn parse(source: &str, lines: &LineIndex) -> Result<Parsed, Vec<Diagnostic>> {
    parse_with(source, lines, Limits::untrusted())
}

/// `source` read as a userscript, as the managers run one: `(function () { SOURCE }).call(this);`.
/// The wrapper is made in the tree, around the statements as parsed, so that vetting, the
/// rewrite and the output check see exactly what they would see in that text (a `return`
/// outside any function of the script's is then inside this one), and the statements keep
/// their places in the source for the source map.
pub fn parse_userscript(source: &str, lines: &LineIndex) -> Result<Parsed, Vec<Diagnostic>> {
    let mut parsed = parse_body(source, lines, Limits::untrusted(), Body::Userscript)?;
    // swc's switch allows a `return` anywhere outside a function, a class's static block
    // included: only the top level's is the wrapper's.
    let mut returns = Returns {
        stack: Vec::new(),
        refused: Vec::new(),
    };
    parsed.script.visit_with(&mut returns);
    for span in returns.refused {
        parsed.early.push(lines.diagnostic(
            Code::SyntaxError,
            "Return statement is not allowed here",
            offset_in(&parsed.file, span.lo),
        ));
    }
    parsed.early.sort_by_key(|d| d.offset);
    wrap_in_function(&mut parsed.script);
    Ok(parsed)
}

/// Finds each `return` whose nearest enclosing body is a class's static block.
struct Returns {
    /// Whether each enclosing body, innermost last, may hold a `return`.
    stack: Vec<bool>,
    refused: Vec<Span>,
}

impl Returns {
    fn inside<T: VisitWith<Self> + ?Sized>(&mut self, may_return: bool, node: &T) {
        self.stack.push(may_return);
        node.visit_children_with(self);
        self.stack.pop();
    }
}

impl Visit for Returns {
    fn visit_function(&mut self, n: &swc_ecma_ast::Function) {
        self.inside(true, n);
    }
    fn visit_arrow_expr(&mut self, n: &swc_ecma_ast::ArrowExpr) {
        self.inside(true, n);
    }
    fn visit_constructor(&mut self, n: &swc_ecma_ast::Constructor) {
        self.inside(true, n);
    }
    fn visit_getter_prop(&mut self, n: &swc_ecma_ast::GetterProp) {
        self.inside(true, n);
    }
    fn visit_setter_prop(&mut self, n: &swc_ecma_ast::SetterProp) {
        self.inside(true, n);
    }
    fn visit_static_block(&mut self, n: &swc_ecma_ast::StaticBlock) {
        self.inside(false, n);
    }
    fn visit_return_stmt(&mut self, n: &swc_ecma_ast::ReturnStmt) {
        if self.stack.last() == Some(&false) {
            self.refused.push(n.span);
        }
        n.visit_children_with(self);
    }
}

fn wrap_in_function(script: &mut Script) {
    use swc_common::SyntaxContext;
    use swc_ecma_ast::{
        CallExpr, Callee, ExprOrSpread, ExprStmt, FnExpr, Function, FunctionBody, IdentName,
        MemberExpr, MemberProp, ParenExpr, ThisExpr,
    };
    // Made by the core, not written by the script: no place in the source, so no source-text
    // mark and no mapping.
    let span = swc_common::DUMMY_SP;
    let function = Function {
        params: Vec::new(),
        decorators: Vec::new(),
        span,
        ctxt: SyntaxContext::empty(),
        body: Some(FunctionBody {
            span,
            stmts: std::mem::take(&mut script.body),
        }),
        this_param: None,
        is_generator: false,
        is_async: false,
        type_params: None,
        return_type: None,
    };
    let callee = Expr::Member(MemberExpr {
        span,
        obj: Box::new(Expr::Paren(ParenExpr {
            span,
            expr: Box::new(Expr::Fn(FnExpr {
                ident: None,
                function: Box::new(function),
            })),
        })),
        prop: MemberProp::Ident(IdentName::new("call".into(), span)),
    });
    let call = Expr::Call(CallExpr {
        span,
        ctxt: SyntaxContext::empty(),
        callee: Callee::Expr(Box::new(callee)),
        args: vec![ExprOrSpread {
            spread: None,
            expr: Box::new(Expr::This(ThisExpr { span })),
        }],
        type_args: None,
    });
    script.body = vec![Stmt::Expr(ExprStmt {
        span,
        expr: Box::new(call),
    })];
}

pub fn parse_with(
    source: &str,
    lines: &LineIndex,
    limits: Limits,
) -> Result<Parsed, Vec<Diagnostic>> {
    parse_body(source, lines, limits, Body::Script)
}

fn parse_body(
    source: &str,
    lines: &LineIndex,
    limits: Limits,
    body: Body,
) -> Result<Parsed, Vec<Diagnostic>> {
    if source.len() > MAX_SOURCE_BYTES {
        return Err(vec![lines.diagnostic(
            Code::TooLarge,
            format!(
                "the script is {} bytes; the limit is {MAX_SOURCE_BYTES}",
                source.len()
            ),
            0,
        )]);
    }
    let cm: Lrc<SourceMap> = Default::default();
    let file = cm.new_source_file(
        Lrc::new(FileName::Custom("script.js".into())),
        source.to_string(),
    );

    let mut scan_lexer = strict_lexer(&file, body);
    let scan = Scanner::new(&mut scan_lexer, limits.nesting)
        .run()
        .map_err(|r| vec![lines.diagnostic(r.code, r.message, offset_in(&file, r.pos))])?;
    let mut lexical: Vec<Diagnostic> = scan
        .escaped
        .iter()
        .map(|r| lines.diagnostic(r.code, r.message.clone(), offset_in(&file, r.pos)))
        .collect();
    // The only errors a strict-mode lexer keeps for module code are HTML-like comments
    // (`<!--`, `-->`): Annex B syntax that swc also mis-positions the next token after.
    let html = Construct::HtmlComment.rule();
    lexical.extend(scan_lexer.take_script_module_errors().into_iter().map(|e| {
        let Permit::Never(code) = html.permit else {
            unreachable!("HTML-like comments are never allowed")
        };
        lines.diagnostic(
            code,
            format!("{} is not allowed in the sandbox", html.name),
            offset_in(&file, e.span().lo),
        )
    }));

    let mut parser = Parser::new_from(Capturing::new(strict_lexer(&file, body)));
    let result = parser.parse_script();
    let mut errors = parser.take_errors();
    // Everything is lexed and parsed as strict code, but `with` is allowed in code that a
    // browser would run sloppy: the vetter knows which code is strict and decides.
    errors.retain(|e| !matches!(e.kind(), SyntaxError::WithInStrict));
    let script = match result {
        Ok(script) => Some(script),
        Err(e) => {
            errors.insert(0, e);
            None
        }
    };

    let too_deep = script.as_ref().and_then(|script| {
        let mut probe = DepthProbe {
            limit: limits.tree_depth,
            depth: 0,
            exceeded: None,
        };
        script.visit_with(&mut probe);
        probe.exceeded
    });
    if let Some(span) = too_deep {
        // Dropping a tree this deep would recurse as deeply: leak it instead.
        std::mem::forget(script);
        return Err(vec![lines.diagnostic(
            Code::TooDeep,
            format!("the syntax tree is deeper than {}", limits.tree_depth),
            offset_in(&file, span.lo),
        )]);
    }

    let mut early = lexical;
    early.extend(errors.into_iter().map(|e| {
        let offset = offset_in(&file, e.span().lo);
        lines.diagnostic(Code::SyntaxError, e.into_kind().msg().into_owned(), offset)
    }));
    early.sort_by_key(|d| d.offset);
    // A parse that failed outright leaves no tree to vet.
    let Some(script) = script else {
        return Err(early);
    };

    // The pre-scan's bound holds only if it read the same tokens as the parser.
    if let Some(pos) = first_difference(&scan.tokens, parser.input().iter().tokens()) {
        if early.is_empty() {
            return Err(vec![lines.diagnostic(
                Code::ScanMismatch,
                "the nesting pre-scan and the parser read this token differently (is this `/` \
                 a division or a regular expression?); refusing rather than guessing",
                offset_in(&file, pos),
            )]);
        }
    }

    let code_point_escapes = scan
        .code_point_escapes
        .iter()
        .map(|&p| offset_in(&file, p))
        .collect();
    let trailing_commas = scan
        .trailing_commas
        .iter()
        .map(|&p| offset_in(&file, p))
        .collect();
    let has_with = scan.tokens.iter().any(|(token, _)| *token == Token::With);
    Ok(Parsed {
        cm,
        file,
        script,
        early,
        nesting: scan.max_depth,
        code_point_escapes,
        trailing_commas,
        has_with,
    })
}

/// Measures the tree's depth without recursing past the limit.
struct DepthProbe {
    limit: u32,
    depth: u32,
    exceeded: Option<Span>,
}

impl DepthProbe {
    fn enter(&mut self, span: Span, children: impl FnOnce(&mut Self)) {
        if self.exceeded.is_some() {
            return;
        }
        self.depth += 1;
        if self.depth > self.limit {
            self.exceeded = Some(span);
        } else {
            children(self);
        }
        self.depth -= 1;
    }
}

impl Visit for DepthProbe {
    fn visit_expr(&mut self, n: &Expr) {
        self.enter(n.span(), |p| n.visit_children_with(p));
    }

    fn visit_stmt(&mut self, n: &Stmt) {
        self.enter(n.span(), |p| n.visit_children_with(p));
    }

    fn visit_pat(&mut self, n: &Pat) {
        self.enter(n.span(), |p| n.visit_children_with(p));
    }
}
