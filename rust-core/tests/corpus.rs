//! The corpus: tests as data. Adding a case is adding a file.
//!
//! - `corpus/reject/*.js`: each must be refused. Header lines (at the top, after an optional
//!   hashbang line) are `// key: value`:
//!   - `expect: CODE [CODE…]` (required, may repeat): every code must appear among the
//!     diagnostics;
//!   - `level: esNNNN` (default es2023);
//!   - `at: LINE:COL`: some diagnostic is at this 1-based line and UTF-16 column;
//!   - `construct: Name`: the file targets this [`Construct`] of the syntax allowlist. A
//!     diagnostic must name it (its `Rule::name` is in the message); when the construct is
//!     `Since(L)`, the file's level must be below L and the file must pass at L.
//!   - `why: …`: free text.
//! - `corpus/accept/*.js`: each must pass at its `level:` (and at every newer level), transpile,
//!   and its output must satisfy `check_output` and be ASCII. Headers: `level:`, `why:`,
//!   `output-includes: TEXT` and `output-excludes: TEXT` (may repeat; checked on the output
//!   without its source-text marks, the `/*paranoid:…*/` comments).
//!
//! For every file, every diagnostic has line ≥ 1, column ≥ 1, a position inside the text and a
//! non-empty message, and `vet` and `transpile` agree.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use paranoid_core::policy::syntax::{Construct, Permit, SYNTAX};
use paranoid_core::{
    check_output, transpile, vet, without_marks, Diagnostic, EsLevel, LineIndex, Options,
};

struct Case {
    name: String,
    source: String,
    level: EsLevel,
    expect: Vec<String>,
    at: Vec<(u32, u32)>,
    construct: Option<Construct>,
    includes: Vec<String>,
    excludes: Vec<String>,
}

fn corpus_dir(kind: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(kind)
}

fn construct_named(name: &str) -> Option<Construct> {
    SYNTAX
        .iter()
        .map(|r| r.construct)
        .find(|c| format!("{c:?}") == name)
}

fn parse_case(path: &Path) -> Result<Case, String> {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let source = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let mut case = Case {
        name: name.clone(),
        source: source.clone(),
        level: EsLevel::DEFAULT,
        expect: Vec::new(),
        at: Vec::new(),
        construct: None,
        includes: Vec::new(),
        excludes: Vec::new(),
    };
    let mut lines = source.lines().peekable();
    if lines.peek().is_some_and(|l| l.starts_with("#!")) {
        lines.next();
    }
    for line in lines {
        let Some(header) = line.strip_prefix("//") else {
            break;
        };
        let Some((key, value)) = header.split_once(':') else {
            return Err(format!("{name}: header line without `key:`: {line:?}"));
        };
        let value = value.trim();
        match key.trim() {
            "expect" => case.expect.extend(
                value
                    .split([' ', ','])
                    .filter(|s| !s.is_empty())
                    .map(String::from),
            ),
            "level" => case.level = EsLevel::from_str(value).map_err(|e| format!("{name}: {e}"))?,
            "at" => {
                let (l, c) = value
                    .split_once(':')
                    .ok_or_else(|| format!("{name}: `at:` wants LINE:COL, got {value:?}"))?;
                let pos = (l.trim().parse(), c.trim().parse());
                let (Ok(l), Ok(c)) = pos else {
                    return Err(format!("{name}: `at:` wants LINE:COL, got {value:?}"));
                };
                case.at.push((l, c));
            }
            "construct" => {
                case.construct = Some(
                    construct_named(value)
                        .ok_or_else(|| format!("{name}: no construct named {value:?} in SYNTAX"))?,
                )
            }
            "output-includes" => case.includes.push(value.to_string()),
            "output-excludes" => case.excludes.push(value.to_string()),
            "why" => {}
            other => return Err(format!("{name}: unknown header key {other:?}")),
        }
    }
    Ok(case)
}

fn cases(kind: &str) -> Vec<Case> {
    let dir = corpus_dir(kind);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "js"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no cases in {}", dir.display());
    let mut errors = Vec::new();
    let cases: Vec<Case> = paths
        .iter()
        .filter_map(|p| parse_case(p).map_err(|e| errors.push(e)).ok())
        .collect();
    assert!(
        errors.is_empty(),
        "bad corpus headers:\n{}",
        errors.join("\n")
    );
    cases
}

fn options(level: EsLevel) -> Options {
    Options {
        level,
        ..Options::default()
    }
}

fn show(diagnostics: &[Diagnostic]) -> String {
    if diagnostics.is_empty() {
        return "    (no diagnostics)".into();
    }
    diagnostics
        .iter()
        .map(|d| format!("    {d}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Checks that every diagnostic is well-formed: a 1-based position inside the text, a message.
fn well_formed(case: &Case, diagnostics: &[Diagnostic], problems: &mut Vec<String>) {
    let end = LineIndex::new(&case.source).position(case.source.len());
    for d in diagnostics {
        if d.line < 1 || d.column < 1 {
            problems.push(format!(
                "{}: position {}:{} is not 1-based: {d}",
                case.name, d.line, d.column
            ));
        }
        if (d.line, d.column) > end {
            problems.push(format!(
                "{}: position {}:{} is past the end of the text ({}:{}): {d}",
                case.name, d.line, d.column, end.0, end.1
            ));
        }
        if d.message.trim().is_empty() {
            problems.push(format!("{}: empty message: {d:?}", case.name));
        }
    }
}

fn comparable(diagnostics: &[Diagnostic]) -> Vec<(&'static str, u32, u32, &str)> {
    diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.line, d.column, d.message.as_str()))
        .collect()
}

fn finish(kind: &str, total: usize, problems: Vec<String>) {
    assert!(
        problems.is_empty(),
        "{} of {total} {kind} cases failed:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}

#[test]
fn reject_corpus() {
    let cases = cases("reject");
    let mut problems = Vec::new();
    for case in &cases {
        let mut own = Vec::new();
        if case.expect.is_empty() {
            own.push(format!("{}: no `// expect:` header", case.name));
        }
        let diagnostics = vet(&case.source, &options(case.level));
        well_formed(case, &diagnostics, &mut own);
        let codes: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
        let missing: Vec<&String> = case
            .expect
            .iter()
            .filter(|e| !codes.contains(&e.as_str()))
            .collect();
        if !missing.is_empty() {
            own.push(format!(
                "{} (level {}): expected {:?} among the diagnostics, missing {missing:?}; got:\n{}",
                case.name,
                case.level,
                case.expect,
                show(&diagnostics)
            ));
        }
        for &(line, column) in &case.at {
            if !diagnostics
                .iter()
                .any(|d| d.line == line && d.column == column)
            {
                own.push(format!(
                    "{}: expected a diagnostic at {line}:{column}; got:\n{}",
                    case.name,
                    show(&diagnostics)
                ));
            }
        }
        if let Some(construct) = case.construct {
            let rule = construct.rule();
            if !diagnostics.iter().any(|d| d.message.contains(rule.name)) {
                own.push(format!(
                    "{}: no diagnostic names the construct {construct:?} ({:?}); got:\n{}",
                    case.name,
                    rule.name,
                    show(&diagnostics)
                ));
            }
            if let Permit::Since(since) = rule.permit {
                if case.level >= since {
                    own.push(format!(
                        "{}: targets {construct:?} (since {since}) but runs at {}, not below",
                        case.name, case.level
                    ));
                } else {
                    let at_own_level = vet(&case.source, &options(since));
                    if !at_own_level.is_empty() {
                        own.push(format!(
                            "{}: {construct:?} is allowed from {since}, but the file is refused at \
                             {since}:\n{}",
                            case.name,
                            show(&at_own_level)
                        ));
                    }
                }
            }
        }
        match transpile(&case.source, &options(case.level)) {
            Ok(out) if diagnostics.is_empty() => own.push(format!(
                "{}: accepted by vet and transpile; output:\n    {}",
                case.name, out.code
            )),
            Ok(out) => own.push(format!(
                "{}: vet refused it but transpile accepted it; output:\n    {}",
                case.name, out.code
            )),
            Err(t) if comparable(&t) != comparable(&diagnostics) => own.push(format!(
                "{}: vet and transpile disagree\n  vet:\n{}\n  transpile:\n{}",
                case.name,
                show(&diagnostics),
                show(&t)
            )),
            Err(_) => {}
        }
        if !own.is_empty() {
            problems.push(own.join("\n"));
        }
    }
    finish("reject", cases.len(), problems);
}

#[test]
fn accept_corpus() {
    let cases = cases("accept");
    let mut problems = Vec::new();
    for case in &cases {
        if !case.expect.is_empty() || !case.at.is_empty() || case.construct.is_some() {
            problems.push(format!(
                "{}: `expect`/`at`/`construct` belong in reject files",
                case.name
            ));
        }
        for level in EsLevel::ALL.into_iter().filter(|l| *l >= case.level) {
            let diagnostics = vet(&case.source, &options(level));
            if !diagnostics.is_empty() {
                problems.push(format!(
                    "{} (level {level}): refused:\n{}",
                    case.name,
                    show(&diagnostics)
                ));
                continue;
            }
            if level != case.level {
                continue;
            }
            let out = match transpile(&case.source, &options(level)) {
                Ok(out) => out,
                Err(d) => {
                    well_formed(case, &d, &mut problems);
                    problems.push(format!(
                        "{}: vet passed it but transpile refused it:\n{}",
                        case.name,
                        show(&d)
                    ));
                    continue;
                }
            };
            if let Err(e) = check_output(&out.code) {
                problems.push(format!("{}: {e}; output:\n    {}", case.name, out.code));
            }
            if !out.code.is_ascii() {
                problems.push(format!(
                    "{}: the output is not ASCII:\n    {}",
                    case.name, out.code
                ));
            }
            if !out.source_map.contains("\"mappings\"") {
                problems.push(format!("{}: no source map", case.name));
            }
            let unmarked = without_marks(&out.code);
            for text in &case.includes {
                if !unmarked.contains(text.as_str()) {
                    problems.push(format!(
                        "{}: the output lacks {text:?}:\n    {}",
                        case.name, out.code
                    ));
                }
            }
            for text in &case.excludes {
                if unmarked.contains(text.as_str()) {
                    problems.push(format!(
                        "{}: the output contains {text:?}:\n    {}",
                        case.name, out.code
                    ));
                }
            }
        }
    }
    finish("accept", cases.len(), problems);
}

/// Adding a construct to the allowlist without a test fails here: every construct newer than
/// ES5 needs a reject file (`// construct: Name`) that runs below its level.
#[test]
fn every_versioned_construct_has_a_reject_file_below_its_level() {
    let mut covered: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for case in cases("reject") {
        if let Some(c) = case.construct {
            if let Permit::Since(since) = c.rule().permit {
                if case.level < since {
                    covered
                        .entry(format!("{c:?}"))
                        .or_default()
                        .push(case.name.clone());
                }
            }
        }
    }
    let missing: Vec<String> = SYNTAX
        .iter()
        .filter_map(|rule| match rule.permit {
            Permit::Since(since) if since > EsLevel::Es5 => {
                let name = format!("{:?}", rule.construct);
                (!covered.contains_key(&name)).then(|| format!("{name} (since {since})"))
            }
            _ => None,
        })
        .collect();
    assert!(
        missing.is_empty(),
        "constructs without a reject file below their level (add `corpus/reject/level-….js` with \
         `// construct: Name`):\n  {}",
        missing.join("\n  ")
    );
}

/// Every construct that is never allowed has a reject file too, unless the parser cannot even
/// produce it (other dialects: the parser is configured without them).
#[test]
fn every_never_construct_that_can_be_parsed_has_a_reject_file() {
    let unparseable = [
        Construct::Decorator,
        Construct::AutoAccessor,
        Construct::Jsx,
        Construct::TypeScript,
        Construct::Invalid,
        Construct::ModuleDeclaration,
        // swc's lexer refuses every flag but `dgimsuyv`, all of which the vetter names
        // (`reject/regex-unknown-flag.js`); this row is for a flag a later swc may accept.
        Construct::RegexFlagOther,
    ];
    let covered: Vec<Construct> = cases("reject").iter().filter_map(|c| c.construct).collect();
    let missing: Vec<String> = SYNTAX
        .iter()
        .filter(|r| matches!(r.permit, Permit::Never(_)))
        .filter(|r| !unparseable.contains(&r.construct) && !covered.contains(&r.construct))
        .map(|r| format!("{:?}", r.construct))
        .collect();
    assert!(
        missing.is_empty(),
        "never-allowed constructs without a reject file: {missing:?}"
    );
}

/// Early errors that swc's parser does not report (redeclarations, `super()` outside a
/// constructor, undeclared private names, duplicate `__proto__`, invalid regex patterns): the
/// core passes them on, and the engine refuses the output when it loads it, so nothing runs
/// (`tests/node/engine-rejects.test.mjs` checks that part). A file here that the core starts
/// refusing belongs in `reject/`.
#[test]
fn engine_rejects_corpus_is_passed_on_to_the_engine() {
    let cases = cases("engine-rejects");
    assert!(!cases.is_empty());
    let mut problems = Vec::new();
    for case in &cases {
        let diagnostics = vet(&case.source, &options(case.level));
        if !diagnostics.is_empty() {
            problems.push(format!(
                "{}: now refused by the core, move it to reject/:\n{}",
                case.name,
                show(&diagnostics)
            ));
        }
    }
    finish("engine-rejects", cases.len(), problems);
}
