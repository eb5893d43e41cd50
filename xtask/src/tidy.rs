//! `cargo xtask tidy`: checks that the repository describes itself truthfully, in seconds.
//!
//! Why: the docs and the code's headers are how a newcomer finds their way (ARCHITECTURE.md's
//! code map, the SES-style headers of the kernel's tamings), and they rot silently when a file
//! moves or a command is renamed. A reader who cloned the repository also has nothing but the
//! repository: no design file beside it, no issue tracker. Each check below reads files only;
//! none builds anything. After the model of rust-analyzer's `xtask/src/tidy.rs`.
//!
//! Checks, each reported as `file:line: what is wrong, and what to do`:
//! 1. A repository path named in the main docs ([`DOCS`], `docs/*.md`), in backticks
//!    (`content/sandbox-host.js`, `tests/page-attacks/`) or as a relative Markdown link, exists.
//!    A path git ignores (build output: `target/`, `dist/`, `tests/node_modules/`) is skipped,
//!    and so are the paths inside a built extension ([`GENERATED`]).
//! 2. Every kernel file (`sandbox-page/kernel/*.js`) opens, after `'use strict';`, with its
//!    `// Threat:` header, except the files of [`KERNEL_EXEMPT`], each with its reason.
//! 3. Every Rust module under [`RUST_SOURCES`] starts with a `//!` doc comment.
//! 4. Every `cargo xtask X` named anywhere is a command of `xtask/src/main.rs`.
//! 5. No text names something outside the repository: a design file beside it (a `../shared/`
//!    path that leaves the repository, a capitalised design file name, "the seed"), or an issue
//!    by number. This file is exempt from checks 4 and 5: it must spell out what they look for.
//! 6. Every kernel file `sandbox-page/kernel/X.js` has its unit test `tests/unit/kernel/X.test.mjs`
//!    (ARCHITECTURE.md, "Where tests live"), and every such test names a kernel file that exists,
//!    except the files of [`KERNEL_UNTESTED`] (no behaviour of their own to test) and of
//!    [`KERNEL_TESTS_PENDING`] (a test still to be written), each with its reason.
//! 7. No JS file of the extension ([`NUMBER_DIRS`]) declares a number of its own as an
//!    upper-case constant (`const EVENTS_KEPT = 1000;`): a limit lives once in
//!    `rust-core/src/policy/` and is read from `paranoidPolicy()`. The few numbers that are no
//!    limit are listed in [`LOCAL_NUMBERS`], each with its reason.

use std::collections::BTreeSet;
use std::fmt;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::util::{Failure, Result};

const STEP: &str = "tidy";

/// The docs whose backticked paths and links must exist, besides every `docs/*.md`.
const DOCS: &[&str] = &[
    "ARCHITECTURE.md",
    "README.md",
    "CONTRIBUTING.md",
    "THREAT_MODEL.md",
    "SECURITY.md",
];

/// Paths the docs name inside a built extension (`dist/chrome/…`, `target/extension-test/…`),
/// which `cargo xtask extension` generates: they are not in the source tree.
const GENERATED: &[(&str, &str)] = &[
    (
        "sandbox-page/policy.js",
        "the policy tables, generated from `paranoid policy` into each build",
    ),
    (
        "sandbox-page/kernel.js",
        "the kernel files wrapped into one function expression by the build",
    ),
];

/// Kernel files that are not tamings, and so have no `// Threat:` header.
const KERNEL_EXEMPT: &[(&str, &str)] = &[
    (
        "main.js",
        "the kernel's entry: it wires the tamings at boot and runs the turns; its header says how",
    ),
    (
        "layers-shipped.js",
        "the shipped build's layer switches (all on), a constant, not a defence of its own",
    ),
];

/// Kernel files that need no unit test of their own (a constant, a test build's switch), each
/// with the reason.
const KERNEL_UNTESTED: &[(&str, &str)] = &[(
    "layers-shipped.js",
    "the shipped build's layer switches: a constant (every layer on), no behaviour to test",
)];

/// Kernel files whose unit test in `tests/unit/kernel/` is still to be written, each with the
/// reason it waits. An entry leaves this list in the commit that adds its test: tidy reports it
/// once the test exists.
const KERNEL_TESTS_PENDING: &[(&str, &str)] = &[];

/// Where the unit test of `sandbox-page/kernel/X.js` lives: `tests/unit/kernel/X.test.mjs`.
const KERNEL_TESTS: &str = "tests/unit/kernel/";

/// Where check 7 looks for numeric constants: every JS file the extension ships.
const NUMBER_DIRS: &[&str] = &["background/", "content/", "shared/", "ui/", "sandbox-page/"];

/// Upper-case numeric constants a JS file may declare, by file (or folder) and name (`*`: any),
/// each with why it is no limit of the policy's. A stale entry is reported.
const LOCAL_NUMBERS: &[(&str, &str, &str)] = &[];

/// The directories whose `*.rs` files must each start with a `//!` module comment.
const RUST_SOURCES: &[&str] = &[
    "rust-core/src",
    "rust-meta/src",
    "wasm-abi/src",
    "xtask/src",
];

/// This file: exempt from the checks of what text may name (it spells out what they look for).
const SELF: &str = "xtask/src/tidy.rs";

/// One thing tidy found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

fn problem(file: &str, line: usize, message: impl Into<String>) -> Problem {
    Problem {
        file: file.to_string(),
        line,
        message: message.into(),
    }
}

/// What is at a path the docs name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathState {
    Exists,
    /// Not there, but git ignores it: build output, made by a command.
    Ignored,
    Missing,
}

pub fn tidy(root: &Path) -> Result {
    let files = repo_files(root)?;
    let problems = check_repository(root, &files)?;
    if problems.is_empty() {
        println!("tidy: {} files checked, nothing to fix", files.len());
        return Ok(());
    }
    let mut report = format!(
        "{} problem{} (each says what to do; the checks are explained atop xtask/src/tidy.rs):",
        problems.len(),
        if problems.len() == 1 { "" } else { "s" }
    );
    for p in &problems {
        report.push_str(&format!("\n  {p}"));
    }
    Err(Failure::new(STEP, report))
}

/// Every check over the repository's files (`files`: paths relative to `root`, `/`-separated).
fn check_repository(root: &Path, files: &[String]) -> Result<Vec<Problem>> {
    let top_dirs: BTreeSet<&str> = files
        .iter()
        .filter_map(|f| f.split_once('/').map(|(dir, _)| dir))
        .collect();
    let mut problems = Vec::new();
    let mut doc_paths: Vec<(String, usize, String, String)> = Vec::new();
    let mut local_numbers_used = vec![false; LOCAL_NUMBERS.len()];
    let mut kernel_files: Vec<&str> = Vec::new();
    let mut kernel_tests: Vec<&str> = Vec::new();

    for rel in files {
        let Ok(bytes) = fs::read(root.join(rel)) else {
            continue; // listed by git but gone from the work tree
        };
        let Ok(text) = String::from_utf8(bytes) else {
            continue; // not text (icons, wasm)
        };
        if rel != SELF {
            problems.extend(check_outside_references(rel, &text));
            problems.extend(check_xtask_commands(rel, &text, crate::COMMANDS));
        }
        if is_checked_doc(rel) {
            for (line, shown, path) in doc_path_mentions(rel, &text, &top_dirs) {
                doc_paths.push((rel.clone(), line, shown, path));
            }
        }
        if let Some(name) = rel.strip_prefix("sandbox-page/kernel/") {
            if name.ends_with(".js") && !name.contains('/') {
                problems.extend(check_kernel_header(rel, name, &text));
                kernel_files.push(name);
            }
        }
        if let Some(name) = rel.strip_prefix(KERNEL_TESTS) {
            if name.ends_with(".test.mjs") && !name.contains('/') {
                kernel_tests.push(name);
            }
        }
        if rel.ends_with(".js") && NUMBER_DIRS.iter().any(|d| rel.starts_with(d)) {
            for (line, name) in numeric_constants(&text) {
                let allowed = LOCAL_NUMBERS.iter().position(|(place, allowed, _)| {
                    (rel == place || (place.ends_with('/') && rel.starts_with(place)))
                        && (*allowed == "*" || *allowed == name)
                });
                match allowed {
                    Some(i) => local_numbers_used[i] = true,
                    None => problems.push(problem(
                        rel,
                        line,
                        format!(
                            "`const {name}` is a number of this file's own: put the limit in \
                             rust-core/src/policy/ (a Rust const saying why, emitted by \
                             `policy::tables`) and read it from `paranoidPolicy()`; a number that \
                             is no limit goes in tidy's LOCAL_NUMBERS with the reason"
                        ),
                    )),
                }
            }
        }
        if rel.ends_with(".rs")
            && RUST_SOURCES
                .iter()
                .any(|d| rel.starts_with(&format!("{d}/")))
        {
            problems.extend(check_module_doc(rel, &text));
        }
    }

    for (name, why) in KERNEL_EXEMPT {
        let rel = format!("sandbox-page/kernel/{name}");
        if !files.contains(&rel) {
            problems.push(problem(
                SELF,
                1,
                format!(
                    "KERNEL_EXEMPT lists {rel} ({why}), which is gone: remove the stale exemption"
                ),
            ));
        }
    }

    problems.extend(check_kernel_tests(
        &kernel_files,
        &kernel_tests,
        KERNEL_UNTESTED,
        KERNEL_TESTS_PENDING,
    ));

    for ((place, name, why), used) in LOCAL_NUMBERS.iter().zip(&local_numbers_used) {
        if !used {
            problems.push(problem(
                SELF,
                1,
                format!(
                    "LOCAL_NUMBERS allows `const {name}` in {place} ({why}), which declares no \
                     such number now: remove the stale entry"
                ),
            ));
        }
    }

    let states = path_states(root, doc_paths.iter().map(|(_, _, _, p)| p.as_str()))?;
    for (file, line, shown, path) in &doc_paths {
        match states.get(path.as_str()) {
            Some(PathState::Missing) | None => {
                let what = if shown == path {
                    format!("`{shown}` is not in the repository")
                } else {
                    format!("`{shown}` leads to {path}, which is not in the repository")
                };
                problems.push(problem(
                    file,
                    *line,
                    format!(
                        "{what}: fix the doc (a moved file's new path, from the repository's \
                         root), or, for a file a build generates, make git ignore it or list it \
                         in tidy's GENERATED"
                    ),
                ))
            }
            _ => {}
        }
    }
    problems.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
    Ok(problems)
}

fn is_checked_doc(rel: &str) -> bool {
    DOCS.contains(&rel)
        || rel
            .strip_prefix("docs/")
            .is_some_and(|name| name.ends_with(".md") && !name.contains('/'))
}

/// The repository's files as git sees them: tracked, plus new files git does not ignore.
fn repo_files(root: &Path) -> Result<Vec<String>> {
    let out = Command::new("git")
        .current_dir(root)
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .output()
        .map_err(|e| Failure::new(STEP, format!("cannot run `git ls-files`: {e}")))?;
    if !out.status.success() {
        return Err(Failure::new(
            STEP,
            format!(
                "`git ls-files` failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ),
        ));
    }
    let mut files: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .split('\0')
        .filter(|f| !f.is_empty())
        .map(str::to_string)
        .collect();
    files.sort();
    files.dedup();
    Ok(files)
}

/// Whether each path exists, is ignored by git (build output) or is missing.
fn path_states<'a>(
    root: &Path,
    paths: impl Iterator<Item = &'a str>,
) -> Result<std::collections::BTreeMap<&'a str, PathState>> {
    let mut states = std::collections::BTreeMap::new();
    let mut absent = Vec::new();
    for path in paths {
        if states.contains_key(path) {
            continue;
        }
        let state = if root.join(path).exists() || GENERATED.iter().any(|(g, _)| *g == path) {
            PathState::Exists
        } else {
            absent.push(path);
            PathState::Missing
        };
        states.insert(path, state);
    }
    if absent.is_empty() {
        return Ok(states);
    }
    // `git check-ignore` answers for paths that do not exist too, by the ignore rules alone.
    let mut child = Command::new("git")
        .current_dir(root)
        .args(["check-ignore", "--no-index", "--stdin", "-z"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| Failure::new(STEP, format!("cannot run `git check-ignore`: {e}")))?;
    let mut input = Vec::new();
    for path in &absent {
        input.extend_from_slice(path.as_bytes());
        input.push(0);
    }
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(&input)
        .map_err(|e| Failure::new(STEP, format!("cannot write to `git check-ignore`: {e}")))?;
    let out = child
        .wait_with_output()
        .map_err(|e| Failure::new(STEP, format!("`git check-ignore` failed: {e}")))?;
    // Exit 1 means "none ignored"; anything above is an error.
    if out.status.code().is_none_or(|c| c > 1) {
        return Err(Failure::new(STEP, "`git check-ignore` failed"));
    }
    for ignored in String::from_utf8_lossy(&out.stdout).split('\0') {
        let ignored = ignored.trim_end_matches('/');
        for path in &absent {
            if path.trim_end_matches('/') == ignored {
                states.insert(path, PathState::Ignored);
            }
        }
    }
    Ok(states)
}

/// The repository paths a doc names: `(line, as written, path from the root)`, from inline code
/// spans that look like a path starting with one of the repository's top-level directories, and
/// from relative Markdown links (resolved from the doc's directory). Fenced code is skipped.
pub fn doc_path_mentions(
    doc: &str,
    text: &str,
    top_dirs: &BTreeSet<&str>,
) -> Vec<(usize, String, String)> {
    let mut found = Vec::new();
    let doc_dir = doc.rsplit_once('/').map_or("", |(dir, _)| dir);
    let mut fenced = false;
    // Code spans may run over a line break; track where each one opens.
    let mut open: Option<(usize, usize, String)> = None; // (backticks, line, text so far)
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
            open = None;
            continue;
        }
        if fenced {
            continue;
        }
        let bytes = line.as_bytes();
        let mut j = 0;
        let mut outside = String::new(); // the line's text outside code spans, for links
        if let Some((_, _, ref mut so_far)) = open {
            so_far.push(' ');
        }
        while j < bytes.len() {
            if bytes[j] == b'`' {
                let start = j;
                while j < bytes.len() && bytes[j] == b'`' {
                    j += 1;
                }
                let run = j - start;
                match open.take() {
                    Some((ticks, at, content)) if ticks == run => {
                        if let Some(path) = code_span_path(content.trim(), top_dirs) {
                            found.push((at, content.trim().to_string(), path));
                        }
                    }
                    Some((ticks, at, mut content)) => {
                        content.push_str(&line[start..j]);
                        open = Some((ticks, at, content));
                    }
                    None => open = Some((run, n, String::new())),
                }
                continue;
            }
            let ch_len = line[j..].chars().next().map_or(1, char::len_utf8);
            match open {
                Some((_, _, ref mut content)) => content.push_str(&line[j..j + ch_len]),
                None => outside.push_str(&line[j..j + ch_len]),
            }
            j += ch_len;
        }
        for target in link_targets(&outside) {
            if let Some(path) = resolve_link(doc_dir, &target) {
                found.push((n, target, path));
            }
        }
        if line.trim().is_empty() {
            open = None; // a code span never crosses a paragraph
        }
    }
    found
}

/// `content/sandbox-host.js` → itself; `CONTRIBUTING.md`, `target/x`? Only text made of path
/// characters, with a `/`, whose first part is a top-level directory of the repository.
fn code_span_path(span: &str, top_dirs: &BTreeSet<&str>) -> Option<String> {
    if span.is_empty()
        || !span
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.-/".contains(c))
        || span.contains("..")
        || span.starts_with('/')
    {
        return None;
    }
    let (first, _) = span.split_once('/')?;
    top_dirs.contains(first).then(|| span.to_string())
}

/// The targets of `[text](target)` links on one line.
fn link_targets(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        targets.push(after[..end].trim().to_string());
        rest = &after[end..];
    }
    targets
}

/// A relative link's path from the repository root (anchors dropped); `None` for URLs, anchors
/// alone, and links that leave the repository (those are reported as references outside it).
fn resolve_link(doc_dir: &str, target: &str) -> Option<String> {
    if target.is_empty()
        || target.starts_with('#')
        || target.contains("://")
        || target.starts_with("mailto:")
        || target.contains(' ')
    {
        return None;
    }
    let target = target.split('#').next().unwrap_or(target);
    let mut parts: Vec<&str> = doc_dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in target.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    let mut path = parts.join("/");
    if target.ends_with('/') {
        path.push('/');
    }
    Some(path)
}

/// Check 2: a kernel taming opens with its threat.
pub fn check_kernel_header(rel: &str, name: &str, text: &str) -> Vec<Problem> {
    if KERNEL_EXEMPT.iter().any(|(exempt, _)| *exempt == name) {
        return Vec::new();
    }
    let first = text
        .lines()
        .enumerate()
        .find(|(_, l)| {
            let l = l.trim();
            !l.is_empty() && l != "'use strict';" && l != "\"use strict\";"
        })
        .map(|(i, l)| (i + 1, l));
    match first {
        Some((_, line)) if line.starts_with("// Threat:") => Vec::new(),
        other => vec![problem(
            rel,
            other.map_or(1, |(n, _)| n),
            "a kernel file must open with its `// Threat:` header after 'use strict'; (the threat, \
             the numbered steps, the spec: see the other kernel files), or, if it is no taming, \
             be listed in tidy's KERNEL_EXEMPT with the reason",
        )],
    }
}

/// Check 6: each kernel file (`kernel`: names in `sandbox-page/kernel/`) has its unit test
/// (`tests`: names in [`KERNEL_TESTS`]), each test a kernel file, and the lists of files without
/// one are not stale.
pub fn check_kernel_tests(
    kernel: &[&str],
    tests: &[&str],
    untested: &[(&str, &str)],
    pending: &[(&str, &str)],
) -> Vec<Problem> {
    let test_of = |file: &str| format!("{}.test.mjs", file.trim_end_matches(".js"));
    let listed = |list: &[(&str, &str)], file: &str| list.iter().any(|(name, _)| *name == file);
    let mut problems = Vec::new();
    for file in kernel {
        let test = test_of(file);
        let has_test = tests.contains(&test.as_str());
        if listed(untested, file) || listed(pending, file) {
            if has_test {
                problems.push(problem(
                    SELF,
                    1,
                    format!(
                        "sandbox-page/kernel/{file} has its test now ({KERNEL_TESTS}{test}): \
                         remove it from KERNEL_UNTESTED or KERNEL_TESTS_PENDING"
                    ),
                ));
            }
        } else if !has_test {
            problems.push(problem(
                &format!("sandbox-page/kernel/{file}"),
                1,
                format!(
                    "a kernel file has no unit test: write {KERNEL_TESTS}{test}, loading the file \
                     with tests/unit/kernel/load-kernel-file.mjs as the others do (ARCHITECTURE.md, \
                     \"Where tests live\"); a constant or test-build file goes in tidy's \
                     KERNEL_UNTESTED with the reason"
                ),
            ));
        }
    }
    for test in tests {
        let file = format!("{}.js", test.trim_end_matches(".test.mjs"));
        if !kernel.contains(&file.as_str()) {
            problems.push(problem(
                &format!("{KERNEL_TESTS}{test}"),
                1,
                format!(
                    "tests sandbox-page/kernel/{file}, which does not exist: name the test after \
                     the kernel file it tests (a split file's tests go with the new files)"
                ),
            ));
        }
    }
    for (list, name) in [
        (untested, "KERNEL_UNTESTED"),
        (pending, "KERNEL_TESTS_PENDING"),
    ] {
        for (file, why) in list {
            if !kernel.contains(file) {
                problems.push(problem(
                    SELF,
                    1,
                    format!(
                        "{name} lists sandbox-page/kernel/{file} ({why}), which is gone: remove \
                         the stale entry"
                    ),
                ));
            }
        }
    }
    problems
}

/// Check 3: a Rust module says what it is for.
pub fn check_module_doc(rel: &str, text: &str) -> Vec<Problem> {
    if text.starts_with("//!") {
        Vec::new()
    } else {
        vec![problem(
            rel,
            1,
            "a Rust module must start with a `//!` comment: what the module is for, and why it \
             is built the way it is",
        )]
    }
}

/// Check 4: `cargo xtask X` names a command that exists.
pub fn check_xtask_commands(rel: &str, text: &str, commands: &[&str]) -> Vec<Problem> {
    let mut problems = Vec::new();
    let needle = "cargo xtask";
    let mut from = 0;
    while let Some(at) = text[from..].find(needle) {
        let start = from + at;
        from = start + needle.len();
        let rest = &text[from..];
        let word_start = rest.len() - rest.trim_start_matches([' ', '\t', '\n']).len();
        if word_start == 0 {
            continue; // `cargo xtask` followed by a backtick, a period, …
        }
        let word: String = rest[word_start..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
            .collect();
        let word = word.trim_end_matches('-');
        if word.is_empty() || !word.starts_with(|c: char| c.is_ascii_lowercase()) {
            continue; // `cargo xtask <command>`, `cargo xtask X`
        }
        if !commands.contains(&word) {
            problems.push(problem(
                rel,
                line_of(text, start),
                format!(
                    "`cargo xtask {word}` is not a command of xtask/src/main.rs (it has: {}): \
                     name the command that does it, or the file to run",
                    commands.join(", ")
                ),
            ));
        }
    }
    problems
}

/// Check 5: nothing names what a reader of the repository cannot see.
pub fn check_outside_references(rel: &str, text: &str) -> Vec<Problem> {
    let mut problems = Vec::new();
    let depth = rel.matches('/').count();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.contains("DESIGN.md") {
            problems.push(problem(
                rel,
                n,
                "names DESIGN.md, a file outside the repository: cite docs/design.md (and its \
                 section) instead",
            ));
        }
        for (at, _) in line.match_indices("../shared") {
            // How many `../` lead to `shared`: more than the file's depth leaves the repository.
            let mut ups = 0;
            let mut k = at;
            loop {
                ups += 1;
                if k >= 3 && &line[k - 3..k] == "../" {
                    k -= 3;
                } else {
                    break;
                }
            }
            if ups > depth {
                problems.push(problem(
                    rel,
                    n,
                    "names a `../shared` path outside the repository: what the code relies on \
                     belongs in docs/design.md",
                ));
            }
        }
        let lower = line.to_ascii_lowercase();
        let cites_seed = ["the seed", "seed's", "(seed)", "seed design"]
            .iter()
            .any(|phrase| {
                lower.match_indices(phrase).any(|(at, _)| {
                    let before = lower[..at].chars().next_back();
                    let after = &lower[at + phrase.len()..];
                    let word_before = before.is_some_and(|c| c.is_ascii_alphanumeric());
                    let word_after = after.starts_with(|c: char| c.is_ascii_alphanumeric());
                    let corpus = after.starts_with(" corpus") || after.starts_with(" corpora");
                    !word_before && !word_after && !corpus
                })
            });
        if cites_seed {
            problems.push(problem(
                rel,
                n,
                "cites \"the seed\", a design file outside the repository: cite docs/design.md \
                 (and its section) instead",
            ));
        }
        if let Some(number) = issue_number(&lower) {
            problems.push(problem(
                rel,
                n,
                format!(
                    "names {number}: a reader of the repository has no issue tracker; name the \
                     feature or the doc instead"
                ),
            ));
        }
    }
    problems
}

/// `issue 7`, `issues 4`, `issue #7`, `Issue 12` (lowercased input) → the words found.
fn issue_number(lower: &str) -> Option<String> {
    for (at, _) in lower.match_indices("issue") {
        if lower[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric())
        {
            continue;
        }
        let rest = &lower[at + "issue".len()..];
        let rest = rest.strip_prefix('s').unwrap_or(rest);
        let spaced = rest.trim_start_matches([' ', '\t']);
        let spaced = spaced.strip_prefix('#').unwrap_or(spaced);
        let digits: String = spaced.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() {
            let end = lower.len() - spaced.len() + digits.len();
            return Some(format!("\"{}\"", &lower[at..end]));
        }
    }
    None
}

/// Check 7: the upper-case constants a JS text declares as a number (`const NAME = 64`,
/// `= 1 << 20`, `= 16 * LIMIT`), with their lines. Comments and lower-case names are skipped.
pub fn numeric_constants(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("const ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
            .collect();
        if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
            continue;
        }
        let Some(value) = rest[name.len()..].trim_start().strip_prefix('=') else {
            continue; // `const Name…`, a mixed-case name
        };
        let value = value.trim_start().trim_start_matches(['-', '(']);
        if value.starts_with(|c: char| c.is_ascii_digit()) {
            found.push((i + 1, name));
        }
    }
    found
}

fn line_of(text: &str, byte: usize) -> usize {
    text[..byte].matches('\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tops() -> BTreeSet<&'static str> {
        ["content", "tests", "docs", "ui"].into_iter().collect()
    }

    #[test]
    fn doc_paths_come_from_code_spans_and_links_not_from_fences() {
        let text = "The host is `content/sandbox-host.js`; see `tests/page-attacks/`.\n\
                    A placeholder `content/{a,b}.js`, a word `foo/bar`, a URL `https://x/y`.\n\
                    ```sh\n`ui/in-a-fence.js`\n```\n\
                    [design](design.md#intro), [out](../README.md), [web](https://example.com)\n\
                    Across a line: `ui/\ncore.js` is no path.\n";
        let found = doc_path_mentions("docs/x.md", text, &tops());
        let paths: Vec<(usize, &str)> = found.iter().map(|(n, _, p)| (*n, p.as_str())).collect();
        assert_eq!(
            paths,
            vec![
                (1, "content/sandbox-host.js"),
                (1, "tests/page-attacks/"),
                (6, "docs/design.md"),
                (6, "README.md"),
            ]
        );
    }

    #[test]
    fn kernel_files_open_with_their_threat() {
        let good = "'use strict';\n// Threat: real time is a side channel.\n";
        assert!(check_kernel_header("sandbox-page/kernel/clock.js", "clock.js", good).is_empty());
        let bad = "'use strict';\n\n// The clock.\n";
        let found = check_kernel_header("sandbox-page/kernel/clock.js", "clock.js", bad);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 3);
        assert!(check_kernel_header("sandbox-page/kernel/main.js", "main.js", bad).is_empty());
    }

    #[test]
    fn every_kernel_file_has_its_unit_test() {
        let kernel = ["clock.js", "scope.js", "main.js", "constant.js"];
        let untested = [("constant.js", "a constant")];
        let pending = [("main.js", "to be written")];
        let ok = ["clock.test.mjs", "scope.test.mjs"];
        assert!(check_kernel_tests(&kernel, &ok, &untested, &pending).is_empty());

        // A file without its test, and a test whose file was renamed away.
        let found = check_kernel_tests(
            &kernel,
            &["clock.test.mjs", "scopes.test.mjs"],
            &untested,
            &pending,
        );
        let found: Vec<(&str, bool)> = found
            .iter()
            .map(|p| (p.file.as_str(), p.message.contains("load-kernel-file.mjs")))
            .collect();
        assert_eq!(
            found,
            vec![
                ("sandbox-page/kernel/scope.js", true),
                ("tests/unit/kernel/scopes.test.mjs", false),
            ]
        );

        // A listed file that got its test, and a listed file that is gone: the lists are stale.
        let stale = check_kernel_tests(
            &["clock.js", "main.js"],
            &["clock.test.mjs", "main.test.mjs"],
            &untested,
            &pending,
        );
        assert_eq!(stale.len(), 2, "{stale:?}");
        assert!(stale.iter().all(|p| p.file == SELF));
        assert!(stale[0].message.contains("main.js has its test now"));
        assert!(stale[1]
            .message
            .contains("KERNEL_UNTESTED lists sandbox-page/kernel/constant.js"));
    }

    #[test]
    fn rust_modules_start_with_a_module_comment() {
        assert!(check_module_doc("xtask/src/x.rs", "//! What.\n").is_empty());
        assert_eq!(
            check_module_doc("xtask/src/x.rs", "use std::fs;\n").len(),
            1
        );
    }

    #[test]
    fn xtask_commands_must_exist() {
        let commands = &["test", "sandbox-run"];
        let text = "Run `cargo xtask test`, then `cargo xtask\nsandbox-run FILE`;\n\
                    `cargo xtask <command>`, `cargo xtask`. And `cargo xtask calibrate`.";
        let found = check_xtask_commands("README.md", text, commands);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].line, 3);
        assert!(found[0].message.contains("`cargo xtask calibrate`"));
    }

    #[test]
    fn references_outside_the_repository_are_found() {
        let text = "The brief is `../shared/DESIGN.md`.\n\
                    Loaded as <script src=\"../shared/read-text.js\">.\n\
                    As the seed says; seed the corpora; the seed corpus.\n\
                    Tracked in Issue #12 and issues 4; issue-free; tissue 5.\n";
        let found = check_outside_references("ARCHITECTURE.md", text);
        let lines: Vec<usize> = found.iter().map(|p| p.line).collect();
        assert_eq!(lines, vec![1, 1, 2, 3, 4], "{found:?}");
        // From ui/, `../shared/` is the repository's own shared/ directory.
        let inside = check_outside_references("ui/install.html", "<script src=\"../shared/a.js\">");
        assert!(inside.is_empty(), "{inside:?}");
        assert_eq!(
            issue_number("see issues 4 and 5"),
            Some("\"issues 4\"".into())
        );
        assert_eq!(issue_number("tissue 5, issue-free"), None);
    }

    #[test]
    fn numeric_constants_are_found_and_other_declarations_are_not() {
        let text = "const EVENTS_KEPT = 1000;\n\
                    \x20 const REPORT_LIMIT = 1 << 20;\n\
                    const CHARS = 16 * LIMIT, OTHER = 2;\n\
                    const NEG = -(1);\n\
                    const LIMIT = policy.messageLimit;\n\
                    const dataUrls = 64;\n\
                    const R = c.freeze({});\n\
                    const Name2 = 3;\n\
                    // const COMMENTED = 5;\n\
                    let BUDGET = 100;\n";
        let found = numeric_constants(text);
        let names: Vec<(usize, &str)> = found.iter().map(|(n, s)| (*n, s.as_str())).collect();
        assert_eq!(
            names,
            vec![
                (1, "EVENTS_KEPT"),
                (2, "REPORT_LIMIT"),
                (3, "CHARS"),
                (4, "NEG")
            ]
        );
    }

    #[test]
    fn links_resolve_from_the_doc_and_never_leave_the_repository() {
        assert_eq!(
            resolve_link("docs", "../examples/a.js"),
            Some("examples/a.js".into())
        );
        assert_eq!(resolve_link("", "docs/x.md#part"), Some("docs/x.md".into()));
        assert_eq!(resolve_link("", "../shared/x.md"), None);
        assert_eq!(resolve_link("docs", "#anchor"), None);
    }
}
