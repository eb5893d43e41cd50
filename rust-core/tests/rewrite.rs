//! One test per rewrite rule of `docs/output-contract.md`, on the output's text. The Node tests
//! (`tests/node/`) run the semantics; these pin the shape, so that a change of rule shows here
//! first. Every output must also pass `check_output`. The source-text marks (`/*paranoid:…*/`,
//! tested in `source_text.rs`) are left out of the text the tests look at.

use paranoid_core::{check_output, transpile, without_marks, EsLevel, Options};

const S: &str = "__paranoid_scope__";
const G: &str = "__paranoid_global__";

fn out(source: &str) -> String {
    out_at(source, EsLevel::DEFAULT)
}

fn out_at(source: &str, level: EsLevel) -> String {
    let t = transpile(
        source,
        &Options {
            level,
            ..Options::default()
        },
    )
    .unwrap_or_else(|d| panic!("{source:?} was refused: {d:#?}"));
    check_output(&t.code).unwrap_or_else(|e| panic!("{source:?}: {e}\n{}", t.code));
    without_marks(&t.code)
}

/// The output without its leading directive.
fn body(source: &str) -> String {
    let code = out(source);
    code.strip_prefix("\"use strict\";")
        .unwrap_or_else(|| panic!("no leading directive:\n{code}"))
        .to_string()
}

#[track_caller]
fn has(code: &str, snippet: &str) {
    assert!(code.contains(snippet), "expected {snippet:?} in:\n{code}");
}

#[track_caller]
fn lacks(code: &str, snippet: &str) {
    assert!(
        !code.contains(snippet),
        "did not expect {snippet:?} in:\n{code}"
    );
}

/// Parentheses removed: for shapes where grouping is the printer's business (an assignment
/// that replaced a declaration may or may not be parenthesized).
fn loose(code: &str) -> String {
    code.replace(['(', ')'], "")
}

#[track_caller]
fn has_loosely(code: &str, snippet: &str) {
    assert!(
        loose(code).contains(&loose(snippet)),
        "expected {snippet:?} (parentheses aside) in:\n{code}"
    );
}

/// Index of `snippet` in `code`, parentheses aside.
#[track_caller]
fn at_loosely(code: &str, snippet: &str) -> usize {
    loose(code)
        .find(&loose(snippet))
        .unwrap_or_else(|| panic!("expected {snippet:?} (parentheses aside) in:\n{code}"))
}

/// Index of `snippet` in `code`, which must contain it.
#[track_caller]
fn at(code: &str, snippet: &str) -> usize {
    code.find(snippet)
        .unwrap_or_else(|| panic!("expected {snippet:?} in:\n{code}"))
}

// ---- free identifiers ----------------------------------------------------------------------

#[test]
fn free_read_is_a_scope_property() {
    assert_eq!(body("x;"), format!("{S}.x;"));
    assert_eq!(body("x.y;"), format!("{S}.x.y;"));
    assert_eq!(body("o[k];"), format!("{S}.o[{S}.k];"));
}

#[test]
fn free_writes_target_the_scope() {
    let code =
        body("x = 1; x += 2; x++; --x; [x] = a; ({ p: x } = a); for (x of a); for (x in a);");
    has(&code, &format!("{S}.x=1;"));
    has(&code, &format!("{S}.x+=2;"));
    has(&code, &format!("{S}.x++;"));
    has(&code, &format!("--{S}.x;"));
    has(&code, &format!("[{S}.x]={S}.a;"));
    has(&code, &format!("({{p:{S}.x}}={S}.a);"));
    has(&code, &format!("for({S}.x of {S}.a);"));
    has(&code, &format!("for({S}.x in {S}.a);"));
}

#[test]
fn typeof_a_free_name_does_not_throw() {
    let guarded = format!("(\"x\"in {S}?typeof {S}.x:\"undefined\")");
    assert_eq!(body("typeof x;"), format!("{guarded};"));
    assert_eq!(body("typeof (x);"), format!("{guarded};"));
    // A member or a local is a plain typeof.
    assert_eq!(body("typeof x.y;"), format!("typeof {S}.x.y;"));
    has(
        &body("function f(y) { return typeof y; }"),
        "return typeof y;",
    );
}

#[test]
fn a_call_of_a_free_function_is_detached() {
    assert_eq!(body("f(1);"), format!("(0,{S}.f)(1);"));
    assert_eq!(body("(f)(1);"), format!("(0,({S}.f))(1);"));
    assert_eq!(body("f?.(1);"), format!("(0,{S}.f)?.(1);"));
    // A method call keeps its receiver; `new` needs no receiver.
    assert_eq!(body("o.m(1);"), format!("{S}.o.m(1);"));
    assert_eq!(body("(o.m)(1);"), format!("({S}.o.m)(1);"));
    assert_eq!(body("new F(1);"), format!("new {S}.F(1);"));
    // A local function is called as it is.
    has(&body("function g(h) { return h(1); }"), "return h(1);");
}

#[test]
fn a_tagged_template_of_a_free_tag_is_detached() {
    assert_eq!(body("f`a${x}b`;"), format!("(0,{S}.f)`a${{{S}.x}}b`;"));
    assert_eq!(body("o.t`x`;"), format!("{S}.o.t`x`;"));
}

#[test]
fn shorthand_properties_of_free_names_get_a_value() {
    assert_eq!(body("({ x });"), format!("({{x:{S}.x}});"));
    has(&body("function f(y) { return { y }; }"), "return{y};");
}

#[test]
fn shorthand_proto_stays_an_own_property() {
    // `{__proto__: v}` would set the prototype; `{__proto__}` makes an own property.
    assert_eq!(
        body("({ __proto__ });"),
        format!("({{[\"__proto__\"]:{S}.__proto__}});")
    );
    lacks(&body("({ __proto__ });"), "{__proto__:");
}

#[test]
fn undefined_nan_and_infinity_are_values() {
    assert_eq!(body("undefined; NaN; Infinity;"), "void 0;(0/0);(1/0);");
    // Shadowed, they are ordinary locals.
    has(
        &body("function f(undefined, NaN, Infinity) { return [undefined, NaN, Infinity]; }"),
        "return[undefined,NaN,Infinity];",
    );
    // Assigning one goes to the scope (where the runtime makes it throw).
    assert_eq!(body("undefined = 1;"), format!("{S}.undefined=1;"));
}

#[test]
fn globalthis_self_and_window_are_ordinary_names() {
    assert_eq!(
        body("globalThis; self; window.x;"),
        format!("{S}.globalThis;{S}.self;{S}.window.x;")
    );
}

// ---- this ----------------------------------------------------------------------------------

#[test]
fn top_level_this_is_the_stand_in_global() {
    assert_eq!(body("this;"), format!("{G};"));
    assert_eq!(body("this.x = 1;"), format!("{G}.x=1;"));
    assert_eq!(body("`${this}`;"), format!("`${{{G}}}`;"));
    assert_eq!(body("({ [this.k]: this });"), format!("({{[{G}.k]:{G}}});"));
}

#[test]
fn this_inside_top_level_arrows_is_the_global() {
    // (An expression body becomes `{return …}`, for the source-text mark.)
    assert_eq!(body("() => this;"), format!("()=>{{return {G};}};"));
    assert_eq!(
        body("() => () => this;"),
        format!("()=>{{return()=>{{return {G};}};}};")
    );
    assert_eq!(body("(a = this) => a;"), format!("(a={G})=>{{return a;}};"));
}

#[test]
fn this_inside_functions_and_methods_is_untouched() {
    let code = body(
        "function f(a = this) { return [this, () => this]; } \
         ({ m() { return this; }, get g() { return this; } });",
    );
    lacks(&code, G);
    has(
        &code,
        "function f(a=this){return[this,()=>{return this;}];}",
    );
    has(&code, "m(){return this;}");
    has(&code, "get g(){return this;}");
}

#[test]
fn this_inside_class_bodies_is_the_instance_or_the_class() {
    let code = body(
        "class A { y = this; static s = this; #p = this; static { this.z = 1; } \
         m() { return this; } static x = () => this; }",
    );
    lacks(&code, G);
    has(&code, "y=this;");
    has(&code, "static s=this;");
    has(&code, "#p=this;");
    has(&code, "static{this.z=1;}");
    has(&code, "m(){return this;}");
    has(&code, "static x=()=>{return this;};");
}

#[test]
fn computed_class_keys_at_the_top_level_see_the_global_not_the_real_this() {
    // A computed key is evaluated outside the class body: there `this` is the top level's.
    for source in [
        "class A { [this.x]() {} }",
        "class A { static [this.k] = 1; }",
        "class A { get [this.g]() { return 1; } }",
        "var C = class { [this.c] = 1; };",
        "class A extends (this.B) {}",
    ] {
        let code = body(source);
        has(&code, &format!("{G}."));
        lacks(&code, "this");
    }
    // Inside a class member, a nested class's computed key sees the member's `this`.
    let code = body("class A { x = class { [this.y]() {} }; }");
    has(&code, "[this.y](){}");
    lacks(&code, G);
}

// ---- arguments, labels ---------------------------------------------------------------------

#[test]
fn arguments_inside_functions_is_untouched() {
    let code = body("function f() { return [arguments, () => arguments]; }");
    has(&code, "return[arguments,()=>{return arguments;}];");
    lacks(&code, &format!("{S}.arguments"));
    // At the top level (and in top-level arrows) it is an ordinary global name.
    assert_eq!(
        body("arguments; () => arguments;"),
        format!("{S}.arguments;()=>{{return {S}.arguments;}};")
    );
}

#[test]
fn labels_are_untouched() {
    assert_eq!(body("a: for (;;) break a;"), "a:for(;;)break a;");
    assert_eq!(body("x: x;"), format!("x:{S}.x;"));
    assert_eq!(
        body("b: { continue_: 1; break b; }"),
        "b:{continue_:1;break b;}"
    );
    has(&body("l: while (1) { continue l; }"), "continue l;");
}

// ---- hoisting and top-level declarations ---------------------------------------------------

#[test]
fn the_prologue_declares_vars_then_functions_in_source_order() {
    let code = out("f(); var a = 1; function f() {} var b; function g() {}");
    assert!(code.starts_with("\"use strict\";"), "{code}");
    let vars = at_loosely(&code, "__paranoid_rt__.declareVars([\"a\",\"b\"]);");
    let f = at_loosely(
        &code,
        "__paranoid_rt__.declareFunction(\"f\",function f(){});",
    );
    let g = at_loosely(
        &code,
        "__paranoid_rt__.declareFunction(\"g\",function g(){});",
    );
    let call = at_loosely(&code, &format!("0,{S}.f();"));
    let init = at_loosely(&code, &format!("{S}.a=1;"));
    assert!(
        vars < f && f < g && g < call && call < init,
        "wrong order:\n{code}"
    );
    // The call keeps its detached form.
    has(&code, &format!("(0,{S}.f)();"));
}

#[test]
fn a_later_function_declaration_wins_and_vars_are_listed_once() {
    let code = out("var a; var a = 1; function g() { return 1; } function g() { return 2; }");
    has(&code, "declareVars([\"a\"]);");
    let first = at(&code, "function g(){return 1;}");
    let second = at(&code, "function g(){return 2;}");
    assert!(first < second, "{code}");
}

#[test]
fn a_function_names_itself_through_the_global_binding() {
    // Inside `function f` at the top level, `f` is the global binding (a later assignment wins).
    has(
        &out("function f() { return f; }"),
        &format!("function f(){{return {S}.f;}}"),
    );
}

#[test]
fn vars_in_nested_blocks_hoist_and_block_functions_do_not() {
    let code = out(
        "{ var a = 1; } if (x) { var b; } for (;;) { var c = 2; break; } \
         try { var d; } catch (e) { var e2; } { function h() {} }",
    );
    has(&code, "declareVars([\"a\",\"b\",\"c\",\"d\",\"e2\"]);");
    has_loosely(&code, &format!("{{{S}.a=1;}}"));
    has_loosely(&code, &format!("for;;{{{S}.c=2;break;}}"));
    // In strict code a block's function belongs to its block.
    has(&code, "{function h(){}}");
    lacks(&code, "declareFunction(\"h\"");
    // A catch parameter is local.
    has(&code, "catch(e){");
}

#[test]
fn for_loops_with_var_use_the_scope() {
    let code = out(
        "for (var i = 0; i < 1; i++); for (var j;;) break; for (var k in o); for (var v of a);",
    );
    has(&code, "declareVars([\"i\",\"j\",\"k\",\"v\"]);");
    has_loosely(&code, &format!("for{S}.i=0;{S}.i<1;{S}.i++;"));
    has(&code, "for(void 0;;)break;");
    has(&code, &format!("for({S}.k in {S}.o);"));
    has(&code, &format!("for({S}.v of {S}.a);"));
}

#[test]
fn var_destructuring_at_the_top_level() {
    let code = out("var { a, b: [c = 1] } = o;");
    has(&code, "declareVars([\"a\",\"c\"]);");
    // An object pattern at the start of a statement must be parenthesized (not a block).
    has(&code, &format!("({{a:{S}.a,b:[{S}.c=1]}}={S}.o);"));
}

#[test]
fn a_class_expression_s_name_is_its_own_binding_in_its_heritage() {
    // The engine puts the name in scope before it evaluates `extends`: not a global there.
    let code = body("var C = 'outside'; var f; var k = class C extends (f = () => C, Object) {};");
    has(&code, "f:()=>{return C;}");
    lacks(&code, &format!("return {S}.C"));
    // An assignment to the name there is no declaration: it targets the class's own binding
    // (which throws, being immutable), as do reads beside it.
    let code = body(
        "var C; var f, g; var k = class C extends (f = function () { return C; }, g = function () { C = null; }) {};",
    );
    has(&code, "{return C;}");
    has(&code, "{C=null;}");
    lacks(&code, &format!("{S}.C="));
    // A binding inside the heritage that declares the name keeps it; a free other name does not
    // become local.
    let code = body("var k = class C extends ((C) => C)(D) {};");
    has(&code, "(C=>{return C;})");
    has(&code, &format!("{S}.D"));
    // So does a class declaration's, at the top level too (the class scope has the name's own
    // binding, whatever the global one becomes).
    let code = body("class K extends (() => K, Object) {}");
    has(&code, "extends(()=>{return K;},");
}

#[test]
fn let_const_and_class_are_declared_first_and_initialised_in_place() {
    let code = body("let x = 1, y; const c = 2, d = c; class K { static k = K; }");
    // The bindings exist, uninitialised, before any statement.
    has_loosely(
        &code,
        "__paranoid_rt__.declareLexical([\"x\",\"y\",\"c\",\"d\",\"K\"],[\"c\",\"d\"]);",
    );
    has_loosely(
        &code,
        "__paranoid_rt__.initLexical(\"x\",1),__paranoid_rt__.initLexical(\"y\",void 0);",
    );
    has_loosely(
        &code,
        &format!("__paranoid_rt__.initLexical(\"c\",2),__paranoid_rt__.initLexical(\"d\",{S}.c);"),
    );
    // Inside its body the class's name is its own binding.
    has_loosely(
        &code,
        "__paranoid_rt__.initLexical(\"K\",class K{static k=K;static{}});",
    );
    lacks(&code, "declareVars");
}

#[test]
fn lexical_destructuring_initialises_through_the_setters() {
    let code = body("let [p, { q = p }] = r;");
    has_loosely(&code, "declareLexical([\"p\",\"q\"],[]);");
    has_loosely(
        &code,
        &format!(
            "{{const __paranoid_init__=__paranoid_rt__.lexicalInitializer([\"p\",\"q\"]);\
             [__paranoid_init__.p,{{q:__paranoid_init__.q={S}.p}}]={S}.r;}}"
        ),
    );
}

#[test]
fn block_scoped_declarations_stay_local() {
    assert_eq!(
        body("{ let z = 1; const w = z; class C {} z; }"),
        "{let z=1;const w=z;class C{static{}}z;}"
    );
}

// Annex B.3.4: a `var` in a catch block may redeclare a catch parameter that is a plain name.
// The `var` declares the name in the function or script; its initialiser assigns the parameter.

#[test]
fn a_var_redeclaring_a_catch_parameter_assigns_the_parameter_and_declares_the_global() {
    // Was `catch(__paranoid_scope__.e){__paranoid_scope__.e=2;}`, which does not parse.
    assert_eq!(
        body("try { throw 1; } catch (e) { var e = 2; } e;"),
        format!(
            "__paranoid_rt__.checkGlobalDeclarations([],[\"e\"]);\
             __paranoid_rt__.declareVars([\"e\"]);try{{throw 1;}}catch(e){{e=2;}}{S}.e;"
        )
    );
    // Was `catch(q){var q=1;}`: a `var` on the worker's real global.
    let code = body("var q; try { throw 0; } catch (q) { var q = 1; }");
    has(&code, "declareVars([\"q\"]);");
    has(&code, "catch(q){q=1;}");
    lacks(&code, "var ");
}

#[test]
fn other_names_of_such_a_var_are_globals_and_reads_in_the_block_are_the_parameter() {
    let code = body("try {} catch (e) { var x = e, [e, y] = a, z; f = () => e; }");
    has(&code, "declareVars([\"x\",\"e\",\"y\",\"z\"]);");
    has_loosely(
        &code,
        &format!("catch(e){{{S}.x=e,[e,{S}.y]={S}.a;{S}.f=({{f:()=>{{return e;}}}})[\"f\"];}}"),
    );
}

#[test]
fn loop_heads_that_redeclare_a_catch_parameter_assign_it() {
    let code = body(
        "try {} catch (e) { for (var e = 0;;) break; for (var e in o); for (var e of a); } \
         try {} catch (async) { for (var async of a); }",
    );
    has(&code, "declareVars([\"e\",\"async\"]);");
    has(&code, "for(e=0;;)break;");
    has(&code, &format!("for(e in {S}.o);"));
    has(&code, &format!("for(e of {S}.a);"));
    // `for (async of …)` is not a for-of head.
    has(&code, &format!("for((async)of {S}.a);"));
}

#[test]
fn inside_functions_such_a_var_moves_to_the_top_of_its_function() {
    let code = body(
        "function f() { 'use strict'; try {} catch (e) { var e = 1; } return e; } \
         var g = () => { try {} catch (e) { { var e; } } };",
    );
    has(
        &code,
        "function f(){\"use strict\";var e;try{}catch(e){e=1;}return e;}",
    );
    has(&code, "()=>{var e;try{}catch(e){{;}}}");
}

#[test]
fn nested_catches_with_the_same_parameter() {
    let code = body("try {} catch (e) { try {} catch (e) { var e = 1; } var e = 2; }");
    has(&code, "declareVars([\"e\"]);");
    has(&code, "catch(e){try{}catch(e){e=1;}e=2;}");
}

#[test]
fn locals_of_functions_are_untouched() {
    let code = body("function f(a) { var b = a; let c = b; return a + b + c + d; }");
    has(&code, &format!("var b=a;let c=b;return a+b+c+{S}.d;"));
}

// ---- the output is printed from the tree --------------------------------------------------

#[test]
fn the_output_starts_with_the_directive() {
    for source in [
        "",
        "x",
        "'use strict'; x",
        "\"use strict\"; x",
        "/* c */ x",
        "\n\nx",
    ] {
        assert!(
            out(source).starts_with("\"use strict\";"),
            "{source:?}: {}",
            out(source)
        );
    }
}

#[test]
fn a_hashbang_input_still_gives_output_that_starts_with_the_directive() {
    // The contract: "The output always starts with `"use strict";`".
    let code = out("#!/usr/bin/env node\nx;");
    assert!(code.starts_with("\"use strict\";"), "{code:?}");
}

#[test]
fn comments_are_not_copied() {
    let code = out("/* secret1 */ x; // secret2\n/** secret3 */ function f() {}");
    for secret in ["secret1", "secret2", "secret3", "/*", "//"] {
        lacks(&code, secret);
    }
}

#[test]
fn a_regexp_with_other_than_ascii_is_made_from_its_text() {
    // `source` must show the text as written; the ASCII-only literal stays for its early errors.
    assert_eq!(
        body("/\u{e9}+/gu;"),
        "(__paranoid_rt__.regExp(\"\\xe9+\",\"gu\",false&&/\\xe9+/gu));"
    );
    assert_eq!(body("/a+/g;"), "/a+/g;");
}

#[test]
fn string_literals_are_printed_from_their_values() {
    assert_eq!(body("'\\x41';"), "\"A\";");
    assert_eq!(body("'\\u0041\\u{42}';"), "\"AB\";");
    assert_eq!(body("'a\\'b';"), "\"a'b\";");
    assert_eq!(body("'line\\\ncontinued';"), "\"linecontinued\";");
    for raw in ["\\x41", "\\u0041", "\\u{42}", "\\\n"] {
        lacks(
            &body("'\\x41'; '\\u0041\\u{42}'; 'line\\\ncontinued';"),
            raw,
        );
    }
}

#[test]
fn number_literals_are_printed_from_their_values() {
    assert_eq!(
        body("0x10; 0b11; 0o17; 1_000; .5; 5.;"),
        "16;3;15;1e3;.5;5;"
    );
    has(&body("10n; 0x10n;"), "10n;");
}

#[test]
fn the_output_is_ascii_for_non_ascii_input() {
    let code = out("var café = \"é\"; 'x\u{2028}y\u{2029}'; \"😀\"; /é/; `ü${1}`; // ß comment");
    assert!(code.is_ascii(), "{code}");
    has(&code, "caf\\u00e9");
    has(&code, "\\xe9");
    has(&code, "\\u2028");
    has(&code, "\\u2029");
    // An identifier that is only non-ASCII still becomes a scope property.
    let code = out("ünïcödé = 1;");
    assert!(code.is_ascii(), "{code}");
    has(&code, &format!("{S}.\\u00fcn\\u00efc\\u00f6d\\u00e9=1;"));
}

#[test]
fn lone_surrogate_escapes_stay_exactly_that() {
    let code = out("'\\uD800'; '\\uDC00x';");
    assert!(code.is_ascii(), "{code}");
    assert!(code.to_lowercase().contains("\"\\ud800\""), "{code}");
    assert!(code.to_lowercase().contains("\"\\udc00x\""), "{code}");
}

#[test]
fn tagged_templates_keep_their_raw_text() {
    // The tag sees the raw text, so it is copied as it was written (escapes and all).
    has(
        &out("String.raw`\\x41\\n${1}\\u{42}`;"),
        "`\\x41\\n${1}\\u{42}`",
    );
    has(&out("tag`\\unicode`;"), "`\\unicode`");
    // Untagged templates only expose cooked values, which are printed ASCII.
    let code = out("`é${1}ü`;");
    assert!(code.is_ascii(), "{code}");
}

#[test]
fn tagged_templates_with_non_ascii_raw_text_keep_it() {
    // `String.raw` must still see "é" (not "\xe9"): the raw text is not escaped, so this is
    // the one place where the output is not ASCII.
    let code = out("String.raw`é`;");
    has(&code, "`é`");
}

#[test]
fn a_source_map_comes_with_the_output() {
    let t = transpile(
        "var a = 1;\nfunction f() { return a; }\n",
        &Options::default(),
    )
    .unwrap();
    assert!(t.source_map.contains("\"mappings\""), "{}", t.source_map);
    assert!(t.source_map.contains("\"version\":3"), "{}", t.source_map);
}

#[test]
fn es5_input_gets_the_same_rewrite() {
    let code = out_at("var a = this; function f() { return a; }", EsLevel::Es5);
    has_loosely(&code, &format!("{S}.a={G};"));
    has(&code, &format!("function f(){{return {S}.a;}}"));
}

#[test]
fn a_declaration_that_binds_nothing_is_no_declaration() {
    // Found by the fuzzer: `var {} = o` bound no name, so it stayed a declaration outside
    // every function. Each still reads its initialiser (and throws on null) as before.
    for source in [
        "var {} = o;",
        "var [] = o;",
        "let {} = o;",
        "const [] = o;",
        "{ var {} = o; }",
        "for (var {} of x);",
        "for (var [] = o;;) break;",
        "var {} = o, b = 1;",
    ] {
        let code = out(source);
        lacks(&code, "var");
        has(&code, &format!("{S}."));
    }
    has(&body("var {} = o;"), &format!("({{}}={S}.o)"));
}
