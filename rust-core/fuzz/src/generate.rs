//! A tiny grammar-based generator of classic scripts for the `differential` target: fuzz bytes
//! pick among a few statement and expression templates over six names and a few globals.
//!
//! The programs keep clear of what `docs/output-contract.md` lists as approximations, so that a
//! difference between the original and the transpiled run is a finding, not noise:
//! - no name is read, written or `typeof`-tested while its own top-level `let`/`const` initialiser
//!   runs, and such an initialiser calls no user code (the TDZ approximation);
//! - `typeof` of a top-level lexical name only where its declaration has already run;
//! - `globalThis.x` and `"x" in globalThis` only for names that no top-level `let`/`const`/`class`
//!   declares (those are properties of the global object in the output);
//! - a class body never names its own class;
//! - no `delete` of globals, no accessors, no `Function`, no `eval`.
//!
//! Each name has one role per program (undeclared, `var`, `function`, `let`, `const`, `class`),
//! and local declarations follow it, so that no program has a redeclaration early error by
//! accident. A few templates are early errors on purpose (`return` at the top level,
//! `delete name`): both sides must refuse those.

use libfuzzer_sys::arbitrary::{Result, Unstructured};

/// The names programs use, for every kind of binding.
pub const NAMES: [&str; 6] = ["a", "b", "c", "d", "f", "g"];

const MAX_DEPTH: u32 = 4;
const BUDGET: u32 = 120;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Undeclared,
    Var,
    Function,
    Let,
    Const,
    Class,
}

impl Role {
    fn lexical(self) -> bool {
        matches!(self, Role::Let | Role::Const | Role::Class)
    }
}

/// A generated program: the script, and a probe that reads back the names no top-level
/// lexical declaration binds (run after the script, also when it threw).
#[derive(Debug)]
pub struct Program {
    pub source: String,
    pub probe: String,
}

type Mask = u8;

fn bit(i: usize) -> Mask {
    1 << i
}

fn index(name: &str) -> usize {
    NAMES.iter().position(|&n| n == name).expect("one of NAMES")
}

#[derive(Clone, Copy)]
struct Ctx {
    /// Names that must not be mentioned here (the bindings being initialised).
    forbidden: Mask,
    /// Names that must not be mentioned here nor in any nested function (a class's own name
    /// in its body).
    sticky: Mask,
    /// Inside a top-level lexical initialiser: no calls or `new` of user code.
    no_calls: bool,
    /// Top-level lexical names whose declaration has run (code that runs right away only).
    initialized: Mask,
    /// Inside a function body (`return` is allowed).
    in_function: bool,
    /// Inside a `catch (e)` block (`e` may be read).
    in_catch: bool,
    /// Inside a `for (let i …)` loop (`i` may be read).
    in_loop: bool,
}

impl Ctx {
    /// The context of code that runs later, when called: a function or method body.
    fn deferred(self) -> Ctx {
        Ctx {
            forbidden: self.sticky,
            sticky: self.sticky,
            no_calls: false,
            initialized: 0,
            in_function: true,
            in_catch: false,
            in_loop: false,
        }
    }
}

struct Gen<'a, 'b> {
    u: &'b mut Unstructured<'a>,
    roles: [Role; 6],
    depth: u32,
    budget: u32,
}

/// Generates one program from the fuzz input.
pub fn program(u: &mut Unstructured<'_>) -> Result<Program> {
    let mut roles = [Role::Undeclared; 6];
    for role in roles.iter_mut() {
        *role = *u.choose(&[
            Role::Undeclared,
            Role::Var,
            Role::Function,
            Role::Let,
            Role::Const,
            Role::Class,
        ])?;
    }
    let mut g = Gen {
        u,
        roles,
        depth: 0,
        budget: BUDGET,
    };
    g.script()
}

enum Item {
    Declare(usize),
    Statement,
}

impl Gen<'_, '_> {
    fn lexical_mask(&self) -> Mask {
        (0..NAMES.len())
            .filter(|&i| self.roles[i].lexical())
            .fold(0, |m, i| m | bit(i))
    }

    fn script(&mut self) -> Result<Program> {
        // What the top level declares, then in which order.
        let mut items = Vec::new();
        for (i, role) in self.roles.iter().enumerate() {
            let count = match role {
                Role::Undeclared => 0,
                Role::Var | Role::Function => self.u.int_in_range(0..=2)?,
                Role::Let | Role::Const | Role::Class => 1,
            };
            items.extend((0..count).map(|_| Item::Declare(i)));
        }
        let statements = self.u.int_in_range(0..=5)?;
        items.extend((0..statements).map(|_| Item::Statement));

        let mut out = String::new();
        let mut initialized: Mask = 0;
        while !items.is_empty() {
            let pick = self.u.choose_index(items.len())?;
            let item = items.swap_remove(pick);
            let ctx = Ctx {
                forbidden: 0,
                sticky: 0,
                no_calls: false,
                initialized,
                in_function: false,
                in_catch: false,
                in_loop: false,
            };
            match item {
                Item::Declare(i) => {
                    out.push_str(&self.declaration(i, ctx)?);
                    if self.roles[i].lexical() {
                        initialized |= bit(i);
                    }
                }
                Item::Statement => {
                    // Declarations directly at the top level come only from `Item::Declare`.
                    let s = self.statement(ctx, None)?;
                    out.push_str(&s);
                }
            }
            out.push('\n');
        }

        // The result: every name's type (each declaration has run once we get here), then a few
        // expressions.
        let ctx = Ctx {
            forbidden: 0,
            sticky: 0,
            no_calls: false,
            initialized,
            in_function: false,
            in_catch: false,
            in_loop: false,
        };
        let mut parts: Vec<String> = NAMES.iter().map(|n| format!("typeof {n}")).collect();
        for _ in 0..self.u.int_in_range(0..=3)? {
            self.budget = self.budget.max(20);
            parts.push(self.expr(ctx)?);
        }
        out.push_str(&format!("result = [{}];\n", parts.join(", ")));

        let lexical = self.lexical_mask();
        // `e` too: a catch block's `var e` declares it (see `statement`).
        let probe: Vec<String> = NAMES
            .iter()
            .enumerate()
            .filter(|&(i, _)| lexical & bit(i) == 0)
            .map(|(_, n)| *n)
            .chain(["e"])
            .map(|n| format!("(\"{n}\" in globalThis ? {n} : \"<absent>\")"))
            .collect();
        Ok(Program {
            source: out,
            probe: format!("globalThis.probe = [{}];\n", probe.join(", ")),
        })
    }

    /// One top-level declaration of `NAMES[i]`, according to its role.
    fn declaration(&mut self, i: usize, ctx: Ctx) -> Result<String> {
        let name = NAMES[i];
        Ok(match self.roles[i] {
            Role::Undeclared => unreachable!("undeclared names get no declaration"),
            Role::Var => {
                if self.u.arbitrary()? {
                    format!("var {name} = {};", self.expr(ctx)?)
                } else {
                    format!("var {name};")
                }
            }
            Role::Function => self.function_declaration(name, ctx)?,
            Role::Let | Role::Const => {
                let keyword = if self.roles[i] == Role::Let {
                    "let"
                } else {
                    "const"
                };
                let init = Ctx {
                    forbidden: ctx.forbidden | ctx.sticky | bit(i),
                    no_calls: true,
                    ..ctx
                };
                format!("{keyword} {name} = {};", self.expr(init)?)
            }
            Role::Class => self.class(Some(i), ctx)?,
        })
    }

    fn function_declaration(&mut self, name: &str, ctx: Ctx) -> Result<String> {
        let (params, mask) = self.params()?;
        let body = self.function_body(ctx.deferred(), mask)?;
        Ok(format!("function {name}({params}) {{ {body} }}"))
    }

    /// Up to two distinct parameter names, and their mask.
    fn params(&mut self) -> Result<(String, Mask)> {
        let mut mask = 0;
        let mut names = Vec::new();
        for _ in 0..self.u.int_in_range(0..=2)? {
            let i = self.u.choose_index(NAMES.len())?;
            if mask & bit(i) == 0 {
                mask |= bit(i);
                names.push(NAMES[i]);
            }
        }
        Ok((names.join(", "), mask))
    }

    /// Statements, then `return EXPR;`. `declared`: names the body level may not declare
    /// lexically (the parameters).
    fn function_body(&mut self, ctx: Ctx, declared: Mask) -> Result<String> {
        let mut block = declared;
        let mut out = String::new();
        for _ in 0..self.u.int_in_range(0..=2)? {
            out.push_str(&self.statement(ctx, Some(&mut block))?);
            out.push(' ');
        }
        out.push_str(&format!("return {};", self.expr(ctx)?));
        Ok(out)
    }

    /// `class NAME { … }` (declaration when `own` is given) or a class expression.
    fn class(&mut self, own: Option<usize>, ctx: Ctx) -> Result<String> {
        let mut body = ctx.deferred();
        if let Some(i) = own {
            body.forbidden |= bit(i);
            body.sticky |= bit(i);
        }
        let mut members = Vec::new();
        if self.u.arbitrary()? {
            let (params, mask) = self.params()?;
            members.push(format!(
                "m({params}) {{ {} }}",
                self.function_body(body, mask)?
            ));
        }
        if self.u.arbitrary()? {
            members.push(format!("static s() {{ return {}; }}", self.expr(body)?));
        }
        let members = members.join(" ");
        Ok(match own {
            Some(i) => format!("class {} {{ {members} }}", NAMES[i]),
            None => format!("(class {{ {members} }})"),
        })
    }

    /// A statement. `block`: the lexical names declared so far in the enclosing block, or
    /// `None` directly at the top level (no declarations there).
    fn statement(&mut self, ctx: Ctx, block: Option<&mut Mask>) -> Result<String> {
        if self.depth >= MAX_DEPTH || self.budget == 0 {
            return Ok(format!("({});", self.leaf(ctx)?));
        }
        self.budget -= 1;
        self.depth += 1;
        let choice = self.u.int_in_range(0..=14)?;
        let s = match choice {
            0 | 1 => format!("({});", self.expr(ctx)?),
            2 => match self.assignable(ctx)? {
                Some((target, undeclared)) => match *self.u.choose(&["=", "+=", "||=", "??="])? {
                    "=" => format!("{target} = {};", self.assigned_value(ctx, undeclared)?),
                    op => format!("{target} {op} {};", self.expr(ctx)?),
                },
                None => format!("({});", self.expr(ctx)?),
            },
            3 => format!(
                "if ({}) {{ {} }} else {{ {} }}",
                self.expr(ctx)?,
                self.block(ctx)?,
                self.block(ctx)?
            ),
            4 => format!("{{ {} }}", self.block(ctx)?),
            5 => {
                // A local let/const/function in the enclosing block; at the top level a block of
                // its own. Only names that no `var` uses, and not twice in one block.
                let top_level = block.is_none();
                let mut own: Mask = 0;
                let declared = match block {
                    Some(b) => b,
                    None => &mut own,
                };
                match self.local_name(*declared)? {
                    Some(i) => {
                        *declared |= bit(i);
                        let decl = match self.u.int_in_range(0..=2)? {
                            0 => format!("let {} = {};", NAMES[i], self.expr(ctx)?),
                            1 => format!("const {} = {};", NAMES[i], self.expr(ctx)?),
                            _ => self.function_declaration(NAMES[i], ctx)?,
                        };
                        if top_level {
                            format!("{{ {decl} {} }}", self.block_with(ctx, own)?)
                        } else {
                            decl
                        }
                    }
                    None => format!("({});", self.expr(ctx)?),
                }
            }
            // Annex B.3.4: in a catch block, a `var` (or a for-of `var` head) of the catch
            // parameter declares `e` in the function or script and assigns the parameter.
            6 if ctx.in_catch && !ctx.no_calls && self.u.int_in_range(0..=2)? == 0 => {
                if self.u.arbitrary()? {
                    format!("var e = {};", self.expr(ctx)?)
                } else {
                    format!(
                        "for (var e of [{}]) {{ {} }}",
                        self.args(ctx)?,
                        self.block(ctx)?
                    )
                }
            }
            6 => {
                // `var` of a var name: inside a function a local, at the top level (in a block)
                // a global.
                match self.var_name()? {
                    Some(name) if !ctx.no_calls => format!("var {name} = {};", self.expr(ctx)?),
                    _ => format!("({});", self.expr(ctx)?),
                }
            }
            7 => {
                let mut inner = ctx;
                inner.in_catch = true;
                let finally = if self.u.arbitrary()? {
                    format!(" finally {{ {} }}", self.block(ctx)?)
                } else {
                    String::new()
                };
                format!(
                    "try {{ {} }} catch (e) {{ {} }}{finally}",
                    self.block(ctx)?,
                    self.block(inner)?
                )
            }
            8 => {
                let n = self.u.int_in_range(0..=3)?;
                let mut inner = ctx;
                inner.in_loop = true;
                format!("for (let i = 0; i < {n}; i++) {{ {} }}", self.block(inner)?)
            }
            9 => match self.local_name(0)? {
                Some(i) => {
                    format!(
                        "for (const {} of [{}]) {{ {} }}",
                        NAMES[i],
                        self.args(ctx)?,
                        self.block(ctx)?
                    )
                }
                None => format!("({});", self.expr(ctx)?),
            },
            10 => format!("throw {};", self.expr(ctx)?),
            11 if ctx.in_function => format!("return {};", self.expr(ctx)?),
            // Rarely: early errors that both sides must refuse.
            11 if self.u.int_in_range(0..=7)? == 0 => format!("return {};", self.expr(ctx)?),
            12 if self.u.int_in_range(0..=7)? == 0 => {
                format!("delete {};", NAMES[self.u.choose_index(NAMES.len())?])
            }
            13 => {
                // Destructuring assignment to two targets.
                let a = self.assignable(ctx)?;
                let b = self.assignable(ctx)?;
                match (a, b) {
                    (Some((_, true)), _) | (_, Some((_, true))) => {
                        format!("({});", self.expr(ctx)?)
                    }
                    (Some((a, _)), Some((b, _))) if self.u.arbitrary()? => {
                        format!("[{a}, {b}] = {};", self.expr(ctx)?)
                    }
                    (Some((a, _)), Some((b, _))) => {
                        format!("({{ x: {a}, y: {b} }} = {});", self.expr(ctx)?)
                    }
                    _ => format!("({});", self.expr(ctx)?),
                }
            }
            14 => match self.global_property_name(ctx)? {
                Some(name) => format!("globalThis.{name} = {};", self.expr(ctx)?),
                None => format!("({});", self.expr(ctx)?),
            },
            _ => format!("({});", self.expr(ctx)?),
        };
        self.depth -= 1;
        Ok(s)
    }

    /// A few statements in a block of their own.
    fn block(&mut self, ctx: Ctx) -> Result<String> {
        self.block_with(ctx, 0)
    }

    /// A few statements in a block that already declares `declared` lexically.
    fn block_with(&mut self, ctx: Ctx, mut declared: Mask) -> Result<String> {
        let mut out = String::new();
        for _ in 0..self.u.int_in_range(0..=2)? {
            out.push_str(&self.statement(ctx, Some(&mut declared))?);
            out.push(' ');
        }
        Ok(out)
    }

    /// A name for a local lexical declaration: not a `var` name (a nested `var` of it would
    /// clash), not yet declared in this block.
    fn local_name(&mut self, declared: Mask) -> Result<Option<usize>> {
        let candidates: Vec<usize> = (0..NAMES.len())
            .filter(|&i| self.roles[i] != Role::Var && declared & bit(i) == 0)
            .collect();
        self.pick(&candidates)
    }

    fn var_name(&mut self) -> Result<Option<&'static str>> {
        let candidates: Vec<usize> = (0..NAMES.len())
            .filter(|&i| self.roles[i] == Role::Var)
            .collect();
        Ok(self.pick(&candidates)?.map(|i| NAMES[i]))
    }

    fn pick(&mut self, candidates: &[usize]) -> Result<Option<usize>> {
        if candidates.is_empty() {
            Ok(None)
        } else {
            Ok(Some(*self.u.choose(candidates)?))
        }
    }

    /// A name that may be mentioned here (`forbidden` includes `sticky`).
    fn readable(&mut self, ctx: Ctx) -> Result<Option<&'static str>> {
        let candidates: Vec<usize> = (0..NAMES.len())
            .filter(|&i| ctx.forbidden & bit(i) == 0)
            .collect();
        Ok(self.pick(&candidates)?.map(|i| NAMES[i]))
    }

    /// A name whose `typeof` is the same in both runs.
    fn typeof_name(&mut self, ctx: Ctx) -> Result<Option<&'static str>> {
        let candidates: Vec<usize> = (0..NAMES.len())
            .filter(|&i| {
                ctx.forbidden & bit(i) == 0
                    && (!self.roles[i].lexical() || ctx.initialized & bit(i) != 0)
            })
            .collect();
        Ok(self.pick(&candidates)?.map(|i| NAMES[i]))
    }

    /// A name that is a property of the global object in both runs.
    fn global_property_name(&mut self, ctx: Ctx) -> Result<Option<&'static str>> {
        let candidates: Vec<usize> = (0..NAMES.len())
            .filter(|&i| ctx.forbidden & bit(i) == 0 && !self.roles[i].lexical())
            .collect();
        Ok(self.pick(&candidates)?.map(|i| NAMES[i]))
    }

    /// An assignment target: a name, or sometimes a global (`Math`, `undefined`, `NaN`), and
    /// whether it may be an undeclared name.
    ///
    /// Node's vm lets a strict-mode assignment of a *function* to an undeclared name through
    /// (it creates a global; node_contextify lets function values pass for sloppy function
    /// declarations), where browsers and the sandbox throw `ReferenceError`. So a plain `=` to a
    /// possibly undeclared name gets a number, and destructuring never targets such names.
    fn assignable(&mut self, ctx: Ctx) -> Result<Option<(String, bool)>> {
        if self.u.int_in_range(0..=5)? == 0 {
            let g = *self
                .u
                .choose(&["undefined", "NaN", "Infinity", "Math", "missing"])?;
            return Ok(Some((g.to_string(), g == "missing")));
        }
        Ok(self
            .readable(ctx)?
            .map(|n| (n.to_string(), self.roles[index(n)] == Role::Undeclared)))
    }

    /// The right-hand side of `target = …`.
    fn assigned_value(&mut self, ctx: Ctx, undeclared: bool) -> Result<String> {
        if undeclared {
            Ok((*self.u.choose(&["0", "1", "\"x\""])?).to_string())
        } else {
            self.expr(ctx)
        }
    }

    fn leaf(&mut self, ctx: Ctx) -> Result<String> {
        let choice = self.u.int_in_range(0..=9)?;
        Ok(match choice {
            0 => (*self
                .u
                .choose(&["0", "1", "2", "3", "(-1)", "0.5", "10", "(-0)"])?)
            .to_string(),
            1 => (*self
                .u
                .choose(&["\"\"", "\"a\"", "\"x\"", "\"1\"", "\"length\""])?)
            .to_string(),
            2 => (*self.u.choose(&["true", "false", "null"])?).to_string(),
            3..=5 => match self.readable(ctx)? {
                Some(name) => name.to_string(),
                None => "0".to_string(),
            },
            6 => (*self.u.choose(&[
                "undefined",
                "NaN",
                "Infinity",
                "Math.PI",
                "missing",
                "Array",
                "JSON",
                "(globalThis === self)",
                "(window === globalThis)",
                "(typeof globalThis)",
                "(typeof missing)",
                "(typeof Math)",
            ])?)
            .to_string(),
            7 => (*self.u.choose(&[
                "(this === undefined)",
                "(this === globalThis)",
                "(typeof this)",
            ])?)
            .to_string(),
            8 if ctx.in_catch => "(e instanceof Error ? e.name : e)".to_string(),
            8 | 9 if ctx.in_loop => "i".to_string(),
            _ => "1".to_string(),
        })
    }

    fn expr(&mut self, ctx: Ctx) -> Result<String> {
        if self.depth >= MAX_DEPTH || self.budget == 0 {
            return self.leaf(ctx);
        }
        self.budget -= 1;
        self.depth += 1;
        let choice = self.u.int_in_range(0..=22)?;
        let calls = !ctx.no_calls;
        let e = match choice {
            0..=3 => self.leaf(ctx)?,
            4 | 5 => {
                let op = *self.u.choose(&[
                    "+", "-", "*", "===", "!==", "==", "<", "&&", "||", "??", ",", "**", "%",
                ])?;
                format!("({} {op} {})", self.expr(ctx)?, self.expr(ctx)?)
            }
            6 => {
                let op = *self.u.choose(&["!", "-", "typeof ", "void ", "+"])?;
                format!("({op}{})", self.expr(ctx)?)
            }
            7 => match self.typeof_name(ctx)? {
                Some(name) => format!("(typeof {name})"),
                None => "(typeof missing)".to_string(),
            },
            8 => format!(
                "({} ? {} : {})",
                self.expr(ctx)?,
                self.expr(ctx)?,
                self.expr(ctx)?
            ),
            9 if calls => match self.readable(ctx)? {
                Some(name) => format!("{name}({})", self.args(ctx)?),
                None => self.leaf(ctx)?,
            },
            10 => {
                let f = *self.u.choose(&[
                    "Math.max",
                    "Math.abs",
                    "Math.floor",
                    "JSON.stringify",
                    "Array.isArray",
                    "Array.of",
                    "Object.keys",
                    "String",
                    "Number",
                    "Boolean",
                    "isNaN",
                    "parseInt",
                ])?;
                format!("{f}({})", self.args(ctx)?)
            }
            11 => {
                let (params, mask) = self.params()?;
                if self.u.arbitrary()? {
                    format!("(({params}) => {})", self.expr(ctx.deferred())?)
                } else {
                    format!(
                        "(({params}) => {{ {} }})",
                        self.function_body(ctx.deferred(), mask)?
                    )
                }
            }
            12 => {
                let (params, mask) = self.params()?;
                let body = self.function_body(ctx.deferred(), mask)?;
                format!("(function ({params}) {{ {body} }})")
            }
            13 => format!("[{}]", self.args(ctx)?),
            14 => {
                let mut props = Vec::new();
                for key in ["x", "y"] {
                    if self.u.arbitrary()? {
                        props.push(format!("{key}: {}", self.expr(ctx)?));
                    }
                }
                if self.u.arbitrary()? {
                    if let Some(name) = self.readable(ctx)? {
                        props.push(name.to_string());
                    }
                }
                if self.u.arbitrary()? {
                    props.push(format!(
                        "m() {{ {} }}",
                        self.function_body(ctx.deferred(), 0)?
                    ));
                }
                format!("({{ {} }})", props.join(", "))
            }
            15 => {
                let prop = *self
                    .u
                    .choose(&[".x", ".y", ".length", "[0]", "?.x", "?.[1]"])?;
                format!("({}){prop}", self.expr(ctx)?)
            }
            16 => match self.assignable(ctx)? {
                Some((target, undeclared)) => {
                    match *self.u.choose(&["=", "+=", "&&=", "??=", "++"])? {
                        "++" => format!("({target}++)"),
                        "=" => format!("({target} = {})", self.assigned_value(ctx, undeclared)?),
                        op => format!("({target} {op} {})", self.expr(ctx)?),
                    }
                }
                None => self.leaf(ctx)?,
            },
            17 if calls => {
                let (params, mask) = self.params()?;
                let body = self.function_body(ctx.deferred(), mask)?;
                format!("((({params}) => {{ {body} }})({}))", self.args(ctx)?)
            }
            18 => match self.global_property_name(ctx)? {
                Some(name) => {
                    if self.u.arbitrary()? {
                        format!("(globalThis.{name})")
                    } else {
                        format!("(\"{name}\" in globalThis)")
                    }
                }
                None => "(globalThis.missing)".to_string(),
            },
            19 if calls => match self.readable(ctx)? {
                Some(name) => format!("(new {name}({}))", self.args(ctx)?),
                None => self.leaf(ctx)?,
            },
            20 if calls => {
                let method = *self.u.choose(&["m", "s", "map", "x"])?;
                let args = if method == "map" {
                    let (params, _) = self.params()?;
                    format!("({params}) => {}", self.expr(ctx.deferred())?)
                } else {
                    self.args(ctx)?
                };
                format!("({}).{method}({args})", self.expr(ctx)?)
            }
            21 => self.class(None, ctx)?,
            22 => format!("`t${{{}}}`", self.expr(ctx)?),
            _ => self.leaf(ctx)?,
        };
        self.depth -= 1;
        Ok(e)
    }

    fn args(&mut self, ctx: Ctx) -> Result<String> {
        let mut args = Vec::new();
        for _ in 0..self.u.int_in_range(0..=2)? {
            if self.u.int_in_range(0..=5)? == 0 {
                args.push(format!("...{}", self.expr(ctx)?));
            } else {
                args.push(self.expr(ctx)?);
            }
        }
        Ok(args.join(", "))
    }
}
