//! Builders of the swc nodes the passes write into the output: names on the stand-in scope, the
//! calls of the runtime's helpers, literals. They only construct; which node goes where, and
//! why, is the passes' (`rewrite.rs`, `hoisting.rs`).
//!
//! Spans: a node that stands for source text takes that text's span (so the source map points
//! back to it, and error positions with it); a node the rewrite adds has none (`DUMMY_SP`).
//!
//! The runtime helpers called here are the output's contract with the kernel
//! (`docs/output-contract.md`): the passes call a helper only through a builder of this file.

use swc_atoms::Atom;
use swc_common::{Span, SyntaxContext, DUMMY_SP};
use swc_ecma_ast::*;

use crate::policy::reserved::{
    CHECK_GLOBAL_DECLARATIONS, DECLARE_FUNCTION, DECLARE_LEXICAL, DECLARE_VARS, EVAL_VALUE,
    FUNCTION_RESULT, GLOBAL, INIT_LEXICAL, LEXICAL_INITIALIZER, REG_EXP, RUNTIME, SCOPE,
    SLOPPY_THIS, WITH_HAS, WITH_OBJECT, WITH_THIS, WITH_VALUE,
};

/// An identifier with no syntax context (the resolver has run, or is yet to).
pub(crate) fn ident(name: &str) -> Ident {
    Ident::new_no_ctxt(name.into(), DUMMY_SP)
}

pub(crate) fn str_lit(value: &str) -> Expr {
    Expr::Lit(Lit::Str(Str {
        span: DUMMY_SP,
        value: value.into(),
        raw: None,
    }))
}

pub(crate) fn number(value: f64) -> Box<Expr> {
    Box::new(Expr::Lit(Lit::Num(Number {
        span: DUMMY_SP,
        value,
        raw: None,
    })))
}

/// `["a", "b"]`: names as an array of strings.
pub(crate) fn names_array(names: &[Atom]) -> Expr {
    Expr::Array(ArrayLit {
        span: DUMMY_SP,
        elems: names
            .iter()
            .map(|n| {
                Some(ExprOrSpread {
                    spread: None,
                    expr: Box::new(str_lit(n)),
                })
            })
            .collect(),
    })
}

/// `__paranoid_scope__.name`, keeping the original span for the source map.
pub(crate) fn scope_member(name: &Atom, span: Span) -> MemberExpr {
    MemberExpr {
        span,
        obj: Box::new(Expr::Ident(ident(SCOPE))),
        prop: MemberProp::Ident(IdentName::new(name.clone(), span)),
    }
}

/// `__paranoid_scope__.name` as an assignment pattern (a binding that writes the scope).
pub(crate) fn scope_member_pat(name: &Atom, span: Span) -> Pat {
    Pat::Expr(Box::new(Expr::Member(scope_member(name, span))))
}

/// `__paranoid_global__`, the stand-in for the script's own `this`.
pub(crate) fn global(span: Span) -> Expr {
    Expr::Ident(Ident::new_no_ctxt(GLOBAL.into(), span))
}

/// `void 0`, for the global `undefined` and an expression that must be there but do nothing.
pub(crate) fn void_zero(span: Span) -> Expr {
    Expr::Unary(UnaryExpr {
        span,
        op: UnaryOp::Void,
        arg: number(0.0),
    })
}

/// `(numerator/0)`: `NaN` for 0, `Infinity` for 1.
pub(crate) fn divided_by_zero(numerator: f64, span: Span) -> Expr {
    Expr::Paren(ParenExpr {
        span,
        expr: Box::new(Expr::Bin(BinExpr {
            span,
            op: BinaryOp::Div,
            left: number(numerator),
            right: number(0.0),
        })),
    })
}

/// `("name" in __paranoid_scope__ ? typeof read : "undefined")`: `typeof` of a global that
/// may be missing, which must not throw.
pub(crate) fn typeof_if_in_scope(name: &Atom, read: Box<Expr>, span: Span) -> Expr {
    Expr::Paren(ParenExpr {
        span,
        expr: Box::new(Expr::Cond(CondExpr {
            span,
            test: Box::new(Expr::Bin(BinExpr {
                span,
                op: BinaryOp::In,
                left: Box::new(str_lit(name)),
                right: Box::new(Expr::Ident(ident(SCOPE))),
            })),
            cons: Box::new(Expr::Unary(UnaryExpr {
                span,
                op: UnaryOp::TypeOf,
                arg: read,
            })),
            alt: Box::new(str_lit("undefined")),
        })),
    })
}

/// `__paranoid_rt__.method(args…)`.
fn runtime_call(method: &str, args: Vec<Expr>) -> Expr {
    Expr::Call(CallExpr {
        span: DUMMY_SP,
        ctxt: SyntaxContext::empty(),
        callee: Callee::Expr(Box::new(Expr::Member(MemberExpr {
            span: DUMMY_SP,
            obj: Box::new(Expr::Ident(ident(RUNTIME))),
            prop: MemberProp::Ident(IdentName::new(method.into(), DUMMY_SP)),
        }))),
        args: args
            .into_iter()
            .map(|e| ExprOrSpread {
                spread: None,
                expr: Box::new(e),
            })
            .collect(),
        type_args: None,
    })
}

/// `__paranoid_rt__.checkGlobalDeclarations([lexical…], [var-like…]);`: the conflicts with
/// earlier scripts of the sandbox, checked before anything runs.
pub(crate) fn check_global_declarations(lexical: &[Atom], var_like: &[Atom]) -> Stmt {
    expr_stmt(runtime_call(
        CHECK_GLOBAL_DECLARATIONS,
        vec![names_array(lexical), names_array(var_like)],
    ))
}

/// `var a, b;`: plain declarations, no initialisers (the hoisting pass's, inside functions).
pub(crate) fn var_names(names: Vec<Atom>) -> Stmt {
    let decls = names
        .into_iter()
        .map(|name| VarDeclarator {
            span: DUMMY_SP,
            name: Pat::Ident(Ident::new_no_ctxt(name, DUMMY_SP).into()),
            init: None,
            definite: false,
        })
        .collect();
    Stmt::Decl(Decl::Var(Box::new(VarDecl {
        span: DUMMY_SP,
        kind: VarDeclKind::Var,
        decls,
        ..Default::default()
    })))
}

/// `__paranoid_rt__.declareVars([names…]);`
pub(crate) fn declare_vars(names: &[Atom]) -> Stmt {
    expr_stmt(runtime_call(DECLARE_VARS, vec![names_array(names)]))
}

/// `__paranoid_rt__.declareFunction("name", function name(…) {…});`, `span` the name's.
pub(crate) fn declare_function(name: &Atom, span: Span, function: Box<Function>) -> Stmt {
    let fn_expr = Expr::Fn(FnExpr {
        ident: Some(Ident::new_no_ctxt(name.clone(), span)),
        function,
    });
    expr_stmt(runtime_call(DECLARE_FUNCTION, vec![str_lit(name), fn_expr]))
}

/// `__paranoid_rt__.declareLexical([names…], [constants…]);`: the script's top-level lexical
/// bindings, created uninitialised before any of its statements runs.
pub(crate) fn declare_lexical(names: &[Atom], constants: &[Atom]) -> Stmt {
    expr_stmt(runtime_call(
        DECLARE_LEXICAL,
        vec![names_array(names), names_array(constants)],
    ))
}

/// `__paranoid_rt__.initLexical("name", value)`: the binding's initialisation, where its
/// declaration stands.
pub(crate) fn init_lexical(name: &Atom, value: Expr) -> Expr {
    runtime_call(INIT_LEXICAL, vec![str_lit(name), value])
}

/// `__paranoid_rt__.lexicalInitializer([names…])`: an object whose setters initialise the
/// bindings, the targets of a top-level destructuring declaration.
pub(crate) fn lexical_initializer(names: &[Atom]) -> Expr {
    runtime_call(LEXICAL_INITIALIZER, vec![names_array(names)])
}

/// `__paranoid_rt__.functionResult(() => function)`: a factory, not the function, so that a
/// runtime that loads the code once can make a fresh function from it for each `Function` call
/// with the same text (the arrow binds nothing the function could see).
pub(crate) fn function_result(function: Expr) -> Expr {
    let factory = Expr::Arrow(ArrowExpr {
        span: DUMMY_SP,
        ctxt: SyntaxContext::empty(),
        params: vec![],
        body: Box::new(ArrowFunctionBody::Expr(Box::new(function))),
        is_async: false,
        is_generator: false,
        type_params: None,
        return_type: None,
    });
    runtime_call(FUNCTION_RESULT, vec![factory])
}

/// `__paranoid_rt__.sloppyThis(this)`: `this` as sloppy code sees it (a `Function`'s body).
pub(crate) fn sloppy_this(span: Span) -> Expr {
    runtime_call(SLOPPY_THIS, vec![Expr::This(ThisExpr { span })])
}

/// `(__paranoid_rt__.regExp("pattern", "flags", false && /pattern/flags))`: the regular
/// expression made from its pattern's text as written, which the ASCII-only output would show
/// escaped in `source`; the literal, never evaluated, keeps the engine's early errors. In
/// parentheses, as the literal was a primary expression: `new /é/.constructor()` must not
/// become a `new` of the call's callee.
pub(crate) fn reg_exp(literal: Regex) -> Expr {
    let pattern = str_lit(&literal.exp);
    let flags = str_lit(&literal.flags);
    let checked = Expr::Bin(BinExpr {
        span: DUMMY_SP,
        op: BinaryOp::LogicalAnd,
        left: Box::new(Expr::Lit(Lit::Bool(Bool {
            span: DUMMY_SP,
            value: false,
        }))),
        right: Box::new(Expr::Lit(Lit::Regex(literal))),
    });
    Expr::Paren(ParenExpr {
        span: DUMMY_SP,
        expr: Box::new(runtime_call(REG_EXP, vec![pattern, flags, checked])),
    })
}

/// `__paranoid_rt__.evalValue(value)`: a completion value of an indirect `eval`'s text.
pub(crate) fn eval_value(value: Expr) -> Expr {
    runtime_call(EVAL_VALUE, vec![value])
}

/// `__paranoid_rt__.initLexical("Name", class Name {…})`, `span` the name's. Inside the class
/// body the name is the class's own binding, as in a browser.
pub(crate) fn class_on_scope(name: &Atom, span: Span, class: Box<Class>) -> Box<Expr> {
    let class_expr = Expr::Class(ClassExpr {
        ident: Some(Ident::new_no_ctxt(name.clone(), span)),
        class,
    });
    Box::new(init_lexical(name, class_expr))
}

/// `"use strict";`, written so that the resolver recognises it (by its raw text).
pub(crate) fn use_strict() -> Stmt {
    Stmt::Expr(ExprStmt {
        span: DUMMY_SP,
        expr: Box::new(Expr::Lit(Lit::Str(Str {
            span: DUMMY_SP,
            value: "use strict".into(),
            raw: Some("\"use strict\"".into()),
        }))),
    })
}

pub(crate) fn expr_stmt(expr: Expr) -> Stmt {
    Stmt::Expr(ExprStmt {
        span: DUMMY_SP,
        expr: Box::new(expr),
    })
}

/// `a, b, c` for several expressions, the expression itself for one, nothing for none.
#[allow(clippy::vec_box)] // `SeqExpr` holds `Vec<Box<Expr>>`.
pub(crate) fn seq_or_single(mut exprs: Vec<Box<Expr>>) -> Option<Box<Expr>> {
    match exprs.len() {
        0 => None,
        1 => exprs.pop(),
        _ => Some(Box::new(Expr::Seq(SeqExpr {
            span: DUMMY_SP,
            exprs,
        }))),
    }
}

/// `(0, callee)`: calls it with `this` undefined, as a plain call of a global would.
pub(crate) fn detached(callee: Expr) -> Expr {
    Expr::Paren(ParenExpr {
        span: DUMMY_SP,
        expr: Box::new(Expr::Seq(SeqExpr {
            span: DUMMY_SP,
            exprs: vec![number(0.0), Box::new(callee)],
        })),
    })
}

/// `pattern = init` as an assignment expression (the pattern's names are rewritten afterwards),
/// parenthesized when the pattern is an object so that it is never read as a block.
pub(crate) fn assign(pattern: Pat, init: Box<Expr>) -> Expr {
    let object = matches!(pattern, Pat::Object(_));
    let left = AssignTarget::try_from(pattern)
        .unwrap_or_else(|p| panic!("a declarator's pattern is an assignment target: {p:?}"));
    let assignment = Expr::Assign(AssignExpr {
        span: DUMMY_SP,
        op: AssignOp::Assign,
        left,
        right: init,
    });
    if object {
        Expr::Paren(ParenExpr {
            span: DUMMY_SP,
            expr: Box::new(assignment),
        })
    } else {
        assignment
    }
}

/// An object literal key for `name` that defines an own property (`__proto__:` would set the
/// prototype instead).
pub(crate) fn property_key(name: &Atom, span: Span) -> PropName {
    if &**name == "__proto__" {
        PropName::Computed(ComputedPropName {
            span,
            expr: Box::new(str_lit("__proto__")),
        })
    } else {
        PropName::Ident(IdentName::new(name.clone(), span))
    }
}

/// `({name: value})["name"]`: the value, having taken the name of the property it was defined
/// as (NamedEvaluation gives an anonymous function, arrow or class that name).
pub(crate) fn named_by_property(name: &Atom, value: Expr) -> Expr {
    let object = Expr::Paren(ParenExpr {
        span: DUMMY_SP,
        expr: Box::new(Expr::Object(ObjectLit {
            span: DUMMY_SP,
            props: vec![PropOrSpread::Prop(Box::new(Prop::KeyValue(KeyValueProp {
                key: property_key(name, DUMMY_SP),
                value: Box::new(value),
            })))],
        })),
    });
    Expr::Member(MemberExpr {
        span: DUMMY_SP,
        obj: Box::new(object),
        prop: MemberProp::Computed(ComputedPropName {
            span: DUMMY_SP,
            expr: Box::new(str_lit(name)),
        }),
    })
}

/// `object.name`, `span` the name's.
pub(crate) fn member(object: Expr, name: &Atom, span: Span) -> MemberExpr {
    MemberExpr {
        span,
        obj: Box::new(object),
        prop: MemberProp::Ident(IdentName::new(name.clone(), span)),
    }
}

/// `(test ? cons : alt)`.
pub(crate) fn conditional(test: Expr, cons: Expr, alt: Expr, span: Span) -> Expr {
    Expr::Paren(ParenExpr {
        span,
        expr: Box::new(Expr::Cond(CondExpr {
            span,
            test: Box::new(test),
            cons: Box::new(cons),
            alt: Box::new(alt),
        })),
    })
}

/// `const name = init;`
pub(crate) fn const_decl(name: &Atom, init: Expr) -> Stmt {
    Stmt::Decl(Decl::Var(Box::new(VarDecl {
        span: DUMMY_SP,
        ctxt: SyntaxContext::empty(),
        kind: VarDeclKind::Const,
        declare: false,
        decls: vec![VarDeclarator {
            span: DUMMY_SP,
            name: Pat::Ident(BindingIdent::from(Ident::new_no_ctxt(
                name.clone(),
                DUMMY_SP,
            ))),
            init: Some(Box::new(init)),
            definite: false,
        }],
    })))
}

/// `var a, b;` with the identifiers as given (their syntax contexts kept, so that the rewrite
/// still sees which scope they belong to).
pub(crate) fn var_without_init(names: Vec<Ident>) -> Stmt {
    Stmt::Decl(Decl::Var(Box::new(VarDecl {
        span: DUMMY_SP,
        ctxt: SyntaxContext::empty(),
        kind: VarDeclKind::Var,
        declare: false,
        decls: names
            .into_iter()
            .map(|id| VarDeclarator {
                span: DUMMY_SP,
                name: Pat::Ident(BindingIdent::from(id)),
                init: None,
                definite: false,
            })
            .collect(),
    })))
}

/// `__paranoid_rt__.withObject(value)`: the object a `with` statement looks names up on.
pub(crate) fn with_object(value: Expr) -> Expr {
    runtime_call(WITH_OBJECT, vec![value])
}

/// `__paranoid_rt__.withHas(object, "name")`: whether `with (object)` binds `name`.
pub(crate) fn with_has(object: &Atom, name: &Atom) -> Expr {
    runtime_call(WITH_HAS, vec![Expr::Ident(ident(object)), str_lit(name)])
}

/// `__paranoid_rt__.withThis(object.name, object)`: the callee of a call of `name` that
/// `with (object)` binds, which gets `object` as `this`.
pub(crate) fn with_this(object: &Atom, name: &Atom, span: Span) -> Expr {
    let callee = Expr::Member(member(Expr::Ident(ident(object)), name, span));
    runtime_call(WITH_THIS, vec![callee, Expr::Ident(ident(object))])
}

/// `{get a() { return a; }, set a(__paranoid_value__) { a = __paranoid_value__; }, …}`: the
/// local bindings `ids` as properties, so that a `with` body can write one through a member
/// expression like any other target.
pub(crate) fn accessors(ids: &[Ident]) -> Expr {
    let function = |params: Vec<Param>, stmt: Stmt| {
        Box::new(Function {
            params,
            decorators: vec![],
            span: DUMMY_SP,
            ctxt: SyntaxContext::empty(),
            body: Some(FunctionBody {
                span: DUMMY_SP,
                stmts: vec![stmt],
            }),
            this_param: None,
            is_generator: false,
            is_async: false,
            type_params: None,
            return_type: None,
        })
    };
    let mut props = Vec::with_capacity(ids.len() * 2);
    for id in ids {
        let key = PropName::Ident(IdentName::new(id.sym.clone(), DUMMY_SP));
        let getter = function(
            vec![],
            Stmt::Return(ReturnStmt {
                span: DUMMY_SP,
                arg: Some(Box::new(Expr::Ident(id.clone()))),
            }),
        );
        let value = Ident::new_no_ctxt(WITH_VALUE.into(), DUMMY_SP);
        let setter = function(
            vec![Param::from(Pat::Ident(BindingIdent::from(value.clone())))],
            expr_stmt(Expr::Assign(AssignExpr {
                span: DUMMY_SP,
                op: AssignOp::Assign,
                left: AssignTarget::Simple(SimpleAssignTarget::Ident(BindingIdent::from(
                    id.clone(),
                ))),
                right: Box::new(Expr::Ident(value)),
            })),
        );
        props.push(PropOrSpread::Prop(Box::new(Prop::Getter(GetterProp {
            span: DUMMY_SP,
            key: key.clone(),
            function: getter,
        }))));
        props.push(PropOrSpread::Prop(Box::new(Prop::Setter(SetterProp {
            span: DUMMY_SP,
            key,
            function: setter,
        }))));
    }
    Expr::Object(ObjectLit {
        span: DUMMY_SP,
        props,
    })
}
