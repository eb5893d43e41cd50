//! Nesting and size limits, natively. For each way of nesting, the largest depth that passes
//! (found with `nesting_depth`) must vet and transpile cleanly, one more level must be refused
//! with `too-deep`, and 100,000 levels must be refused quickly, without a crash. The tests run
//! on the test harness's threads (2 MiB stacks unless `RUST_MIN_STACK` says otherwise), so a
//! depth that passes here also fits a small native stack.
//!
//! Also: long left-associative chains (tree depth), a 20 MB script, a too-large one, output that
//! stays linear in nesting depth, and syntax-error positions at the end of a large file.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use paranoid_core::policy::limits::{MAX_NESTING, MAX_SOURCE_BYTES};
use paranoid_core::{
    check_output, nesting_depth, transpile, vet, without_marks, Code, Diagnostic, Options,
    MARK_MAX_LEN,
};

/// The time any refusal of a deep or long input may take (release build).
const QUICK: Duration = Duration::from_secs(2);

/// Runs `f` on its own thread (a 2 MiB stack, like the test threads) and waits at most `limit`.
/// On a timeout the thread is left running; the test fails anyway.
fn within<T: Send + 'static>(
    limit: Duration,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<(T, Duration), Duration> {
    let (send, receive) = std::sync::mpsc::channel();
    let start = Instant::now();
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            let value = f();
            let _ = send.send(value);
        })
        .expect("spawn a thread");
    match receive.recv_timeout(limit) {
        Ok(value) => Ok((value, start.elapsed())),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(limit),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            panic!("the thread panicked or overflowed its stack")
        }
    }
}

/// A way of nesting: `make(n)` is a script that nests `n` levels deep.
struct Nest {
    name: &'static str,
    make: fn(usize) -> String,
}

fn staircase(n: usize) -> String {
    let mut s = String::from("void ");
    s.push_str(&"(a||b&&c|d^e&f==g<h<<i+j*k**".repeat(n));
    s.push('1');
    s.push_str(&")".repeat(n));
    s.push(';');
    s
}

const NESTS: &[Nest] = &[
    Nest {
        name: "parentheses",
        make: |n| format!("void {}1{};", "(".repeat(n), ")".repeat(n)),
    },
    Nest {
        name: "arrays",
        make: |n| format!("void {}{};", "[".repeat(n), "]".repeat(n)),
    },
    Nest {
        name: "objects",
        make: |n| format!("void {}1{};", "{a:".repeat(n), "}".repeat(n)),
    },
    Nest {
        name: "IIFEs",
        make: |n| format!("{}{}", "(function(){".repeat(n), "})();".repeat(n)),
    },
    Nest {
        name: "arrows",
        make: |n| format!("void ({}1);", "() => ".repeat(n)),
    },
    Nest {
        name: "arrows with block bodies",
        make: |n| format!("void ({}{});", "() => { return ".repeat(n), "}".repeat(n)),
    },
    Nest {
        name: "assignment chain",
        make: |n| format!("{}1;", "a = ".repeat(n)),
    },
    Nest {
        name: "conditional chain (alternates)",
        make: |n| format!("void ({}1);", "a ? 1 : ".repeat(n)),
    },
    Nest {
        name: "conditional chain (consequents)",
        make: |n| format!("void ({}1{});", "a ? ".repeat(n), " : 1".repeat(n)),
    },
    Nest {
        name: "unary chain",
        make: |n| format!("void {}a;", "!".repeat(n)),
    },
    Nest {
        name: "typeof chain",
        make: |n| format!("{}a;", "typeof ".repeat(n)),
    },
    Nest {
        name: "new chain",
        make: |n| format!("{}a;", "new ".repeat(n)),
    },
    Nest {
        name: "braceless if chain",
        make: |n| format!("{}b;", "if (a) ".repeat(n)),
    },
    Nest {
        name: "else-if chain",
        make: |n| format!("{}c;", "if (a) b; else ".repeat(n)),
    },
    Nest {
        name: "else-if chain with blocks",
        make: |n| format!("{}{{}}", "if (a) {} else ".repeat(n)),
    },
    Nest {
        name: "label chain",
        make: |n| {
            format!(
                "{}b;",
                (0..n).map(|i| format!("l{i}: ")).collect::<String>()
            )
        },
    },
    Nest {
        name: "braceless loop chain",
        make: |n| format!("{}break;", "for (;;) while (a) ".repeat(n)),
    },
    Nest {
        name: "blocks",
        make: |n| format!("{}{}", "{".repeat(n), "}".repeat(n)),
    },
    Nest {
        name: "nested function declarations",
        make: |n| format!("{}{}", "function f(){".repeat(n), "}".repeat(n)),
    },
    Nest {
        name: "nested classes with methods",
        make: |n| format!("{}{}", "class A{m(){".repeat(n), "}}".repeat(n)),
    },
    Nest {
        name: "nested template literals",
        make: |n| format!("{}1{};", "`${".repeat(n), "}`".repeat(n)),
    },
    Nest {
        name: "spreads",
        make: |n| format!("void [{}{}];", "...[".repeat(n), "]".repeat(n)),
    },
    Nest {
        name: "array patterns",
        make: |n| format!("var {}a{} = b;", "[".repeat(n), "]".repeat(n)),
    },
    Nest {
        name: "nested calls",
        make: |n| format!("{}1{};", "f(".repeat(n), ")".repeat(n)),
    },
    Nest {
        name: "computed members",
        make: |n| format!("{}0{};", "a[".repeat(n), "]".repeat(n)),
    },
    Nest {
        name: "precedence staircase",
        make: staircase,
    },
];

fn options() -> Options {
    Options::default()
}

fn codes(diagnostics: &[Diagnostic]) -> Vec<Code> {
    diagnostics.iter().map(|d| d.code).collect()
}

fn assert_well_formed(what: &str, diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        assert!(d.line >= 1 && d.column >= 1, "{what}: bad position {d:?}");
        assert!(!d.message.is_empty(), "{what}: empty message {d:?}");
    }
}

fn assert_too_deep(what: &str, diagnostics: &[Diagnostic]) {
    assert!(
        codes(diagnostics).contains(&Code::TooDeep),
        "{what}: expected too-deep, got {diagnostics:#?}"
    );
    assert_well_formed(what, diagnostics);
}

/// The largest `n` for which `nesting_depth(make(n))` passes.
fn largest_passing(nest: &Nest) -> usize {
    let first = (nest.make)(1);
    assert!(
        nesting_depth(&first).is_ok(),
        "{}: one level fails: {first}",
        nest.name
    );
    let mut n = 1;
    while nesting_depth(&(nest.make)(n + 1)).is_ok() {
        n += 1;
        assert!(
            n < 10_000,
            "{}: no limit found below 10,000 levels",
            nest.name
        );
    }
    n
}

/// The length of `source`'s output; with `verify`, the output must also pass `check_output`.
fn transpiled_len(what: &str, source: &str, verify: bool) -> Result<usize, String> {
    let out = transpile(source, &options()).map_err(|d| format!("{what}: refused: {d:#?}"))?;
    if verify {
        check_output(&out.code).map_err(|e| format!("{what}: {e}"))?;
    }
    // Each source-text mark counted at its longest: its offsets' digits grow with the input,
    // a few bytes per function, and would read as growth that is not linear.
    let marks = out.code.matches("/*paranoid:").count();
    Ok(without_marks(&out.code).len() + marks * MARK_MAX_LEN)
}

/// Pushes a problem unless `ok`.
macro_rules! check {
    ($problems:expr, $ok:expr, $($fmt:tt)*) => {
        if !$ok {
            $problems.push(format!($($fmt)*));
        }
    };
}

fn too_deep(diagnostics: &[Diagnostic]) -> bool {
    codes(diagnostics).contains(&Code::TooDeep)
        && diagnostics
            .iter()
            .all(|d| d.line >= 1 && d.column >= 1 && !d.message.is_empty())
}

/// Checks one way of nesting; returns the largest passing `n`, and what went wrong.
fn check_nest(nest: &Nest, problems: &mut Vec<String>) -> usize {
    let name = nest.name;
    let n = largest_passing(nest);
    let deepest = (nest.make)(n);

    let depth = nesting_depth(&deepest).unwrap();
    check!(
        problems,
        depth <= MAX_NESTING,
        "{name}: depth {depth} at n = {n} is over {MAX_NESTING}"
    );
    let refused = vet(&deepest, &options());
    check!(
        problems,
        refused.is_empty(),
        "{name}: n = {n} passes nesting_depth but vet refuses it: {refused:#?}"
    );

    // One more level is refused, by vet and by transpile alike.
    let over = (nest.make)(n + 1);
    let d = vet(&over, &options());
    check!(
        problems,
        too_deep(&d),
        "{name}: vet at n + 1 = {}: expected too-deep, got {d:#?}",
        n + 1
    );
    match transpile(&over, &options()) {
        Ok(_) => problems.push(format!("{name}: transpile accepted n + 1 = {}", n + 1)),
        Err(d) => check!(
            problems,
            too_deep(&d),
            "{name}: transpile at n + 1: got {d:#?}"
        ),
    }

    // The deepest passing script transpiles, its output passes `check_output`, and the output
    // grows linearly with depth.
    let full = transpiled_len(
        &format!("{name} at the largest passing n = {n}"),
        &deepest,
        true,
    );
    let half = transpiled_len(
        &format!("{name} at n = {}", n / 2),
        &(nest.make)(n / 2),
        true,
    );
    match (full, half) {
        (Ok(full), Ok(half)) => check!(
            problems,
            2 * full <= 5 * half + 128,
            "{name}: output not linear in depth: {half} bytes at n = {}, {full} at n = {n}",
            n / 2
        ),
        (full, half) => problems.extend(full.err().into_iter().chain(half.err())),
    }

    // 100,000 levels: refused quickly, without a crash.
    let huge = (nest.make)(100_000);
    let took = match within(QUICK, {
        let huge = huge.clone();
        move || vet(&huge, &options())
    }) {
        Ok((diagnostics, took)) => {
            check!(
                problems,
                too_deep(&diagnostics),
                "{name} at 100,000 levels: got {diagnostics:#?}"
            );
            format!("{took:?}")
        }
        Err(_) => {
            problems.push(format!(
                "{name}: refusing 100,000 levels took more than {QUICK:?}"
            ));
            format!("more than {QUICK:?}")
        }
    };
    match within(QUICK, move || transpile(&huge, &options()).is_err()) {
        Ok((refused, _)) => check!(problems, refused, "{name}: 100,000 levels transpiled"),
        Err(_) => problems.push(format!(
            "{name}: transpile of 100,000 levels took more than {QUICK:?}"
        )),
    }

    eprintln!(
        "{name:>34}: largest passing n = {n:>4} (depth {depth}); 100,000 levels refused in {took}"
    );
    n
}

#[test]
fn every_way_of_nesting_has_a_clean_limit() {
    let mut problems = Vec::new();
    for nest in NESTS {
        let n = check_nest(nest, &mut problems);
        // Real libraries nest 12–16 levels; the staircase costs about ten units a level.
        let floor = if nest.name == "precedence staircase" {
            8
        } else {
            32
        };
        check!(
            problems,
            n >= floor,
            "{}: only {n} levels pass (want at least {floor})",
            nest.name
        );
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

// ---- tree depth: left-associative chains cost the pre-scan nothing ---------------------------

fn assert_long_chain_refused(what: &'static str, source: String) {
    let source = std::sync::Arc::new(source);
    let vetted = {
        let source = source.clone();
        within(QUICK, move || vet(&source, &options()))
    };
    let (diagnostics, _) =
        vetted.unwrap_or_else(|_| panic!("{what}: vet took more than {QUICK:?}"));
    assert_too_deep(what, &diagnostics);
    let transpiled = {
        let source = source.clone();
        within(QUICK, move || transpile(&source, &options()))
    };
    match transpiled
        .unwrap_or_else(|_| panic!("{what}: transpile took more than {QUICK:?}"))
        .0
    {
        Ok(_) => panic!("{what}: transpiled"),
        Err(d) => assert_too_deep(what, &d),
    }
    // The depth probe fails too, not the process.
    assert!(
        nesting_depth(&source).is_err(),
        "{what}: nesting_depth passed"
    );
}

#[test]
fn a_200k_long_addition_chain_is_refused() {
    let source = format!("void 1{};", "+1".repeat(200_000));
    assert_long_chain_refused("1+1+…", source);
}

#[test]
fn a_200k_long_member_chain_is_refused() {
    let source = format!("a{};", ".a".repeat(200_000));
    assert_long_chain_refused("a.a.a…", source);
}

#[test]
fn a_200k_long_call_chain_is_refused() {
    let source = format!("f{};", "()".repeat(200_000));
    assert_long_chain_refused("f()()…", source);
}

#[test]
fn a_200k_long_string_concatenation_is_refused() {
    let source = format!("var s = 'a'{};", " + 'a'".repeat(200_000));
    assert_long_chain_refused("'a' + 'a' + …", source);
}

#[test]
fn fifty_thousand_nested_blocks_are_refused_quickly() {
    let source = format!("{}{}", "{".repeat(50_000), "}".repeat(50_000));
    let (diagnostics, _) = within(QUICK, move || vet(&source, &options()))
        .unwrap_or_else(|_| panic!("refusing 50,000 blocks took more than {QUICK:?}"));
    assert_too_deep("50,000 blocks", &diagnostics);
    // Refused at the first block past the limit, on line 1.
    let d = diagnostics
        .iter()
        .find(|d| d.code == Code::TooDeep)
        .unwrap();
    assert_eq!(d.line, 1, "{d:?}");
    assert!(
        d.column as usize <= 2 * MAX_NESTING as usize,
        "refused late: {d:?}"
    );
}

// ---- size ---------------------------------------------------------------------------------

fn testdata() -> PathBuf {
    let dir = std::env::var_os("PARANOID_TESTDATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/node_modules"));
    assert!(
        dir.join("lodash/lodash.js").exists(),
        "test data missing at {}: run `cargo xtask setup`",
        dir.display()
    );
    dir
}

fn lodash_repeated(bytes: usize) -> String {
    let lodash = std::fs::read_to_string(testdata().join("lodash/lodash.js")).unwrap();
    let copies = bytes.div_ceil(lodash.len() + 1);
    let mut s = String::with_capacity(copies * (lodash.len() + 1));
    for _ in 0..copies {
        s.push_str(&lodash);
        s.push('\n');
    }
    s
}

#[test]
fn a_20_mb_script_transpiles_and_its_output_stays_within_twice_the_input() {
    let source = lodash_repeated(20 * 1024 * 1024);
    assert!(source.len() >= 20 * 1024 * 1024);
    let start = Instant::now();
    let out =
        transpile(&source, &options()).unwrap_or_else(|d| panic!("{:#?}", &d[..d.len().min(5)]));
    eprintln!(
        "20 MB: transpiled {} bytes in {:?} → {} bytes",
        source.len(),
        start.elapsed(),
        out.code.len()
    );
    assert!(
        out.code.len() <= 2 * source.len(),
        "output {} bytes for input {}",
        out.code.len(),
        source.len()
    );
    check_output(&out.code).unwrap();
}

#[test]
fn a_40_mb_script_is_refused_as_too_large() {
    let source = lodash_repeated(40 * 1024 * 1024);
    let start = Instant::now();
    let diagnostics = vet(&source, &options());
    assert_eq!(
        codes(&diagnostics),
        vec![Code::TooLarge],
        "{diagnostics:#?}"
    );
    assert_well_formed("40 MB", &diagnostics);
    assert!(
        start.elapsed() < QUICK,
        "refusing 40 MB took {:?}",
        start.elapsed()
    );
    assert!(transpile(&source, &options()).is_err());
}

#[test]
fn one_byte_over_the_limit_is_too_large() {
    let source = " ".repeat(MAX_SOURCE_BYTES + 1);
    assert_eq!(codes(&vet(&source, &options())), vec![Code::TooLarge]);
    let source = " ".repeat(MAX_SOURCE_BYTES);
    assert!(
        vet(&source, &options()).is_empty(),
        "exactly the limit is allowed"
    );
}

#[test]
fn fifty_kb_of_deepest_arrays_give_output_at_most_twice_the_input() {
    let nest = NESTS.iter().find(|n| n.name == "arrays").unwrap();
    let n = largest_passing(nest);
    let statement = format!("{}\n", (nest.make)(n));
    let source = statement.repeat((50 * 1024) / statement.len() + 1);
    assert!(source.len() >= 50 * 1024);
    let out = transpile(&source, &options()).unwrap_or_else(|d| panic!("{d:#?}"));
    assert!(
        out.code.len() <= 2 * source.len(),
        "{} bytes of arrays nested {n} deep gave {} bytes",
        source.len(),
        out.code.len()
    );
    check_output(&out.code).unwrap();
}

#[test]
fn output_is_linear_for_every_deepest_nest_repeated_to_50_kb() {
    let mut problems = Vec::new();
    for nest in NESTS {
        // Each copy in a block of its own, one level shallower: top-level declarations may not
        // repeat (`class A {} class A {}` is an early error).
        let n = largest_passing(nest) - 1;
        let statement = format!("{{{}}}\n", (nest.make)(n));
        let copies = (50 * 1024) / statement.len() + 1;
        // Only the size is checked here; `every_way_of_nesting_has_a_clean_limit` checks the
        // output itself.
        let one = match transpiled_len(nest.name, &statement, false) {
            Ok(one) => one,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        match transpiled_len(nest.name, &statement.repeat(copies), false) {
            Ok(many) => check!(
                problems,
                many <= copies * one + 64,
                "{}: {copies} copies gave {many} bytes, one gave {one}",
                nest.name
            ),
            Err(e) => problems.push(e),
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

// ---- positions at the end of a large file --------------------------------------------------

#[test]
fn a_syntax_error_at_the_end_of_a_1_mb_file_has_the_right_position() {
    let line = "var a = 1;\n";
    let lines = 1024 * 1024 / line.len() + 1;
    let mut source = line.repeat(lines);
    // Columns count UTF-16 code units: é is one, 😀 is two, so `)` is at column 16.
    source.push_str("var s = \"é😀\"; )\n");
    let diagnostics = vet(&source, &options());
    assert_well_formed("1 MB", &diagnostics);
    let expected = (lines as u32 + 1, 16);
    assert!(
        diagnostics
            .iter()
            .any(|d| d.code == Code::SyntaxError && (d.line, d.column) == expected),
        "expected a syntax error at {expected:?}, got {diagnostics:#?}"
    );
}

#[test]
fn a_syntax_error_after_a_1_mb_line_has_the_right_column() {
    let mut source = "void [".to_string();
    source.push_str(&"1,".repeat(512 * 1024));
    source.push_str("@];\n");
    let column = source.find('@').unwrap() as u32 + 1;
    let diagnostics = vet(&source, &options());
    assert_well_formed("1 MB line", &diagnostics);
    assert!(
        diagnostics
            .iter()
            .any(|d| d.code == Code::SyntaxError && (d.line, d.column) == (1, column)),
        "expected a syntax error at 1:{column}, got {diagnostics:#?}"
    );
}
