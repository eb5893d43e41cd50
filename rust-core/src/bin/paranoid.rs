//! `paranoid`: vet and transpile untrusted scripts, check match patterns, and read userscripts,
//! from the command line.
//!
//! Exit codes: 0 every input passes, 1 an input is refused, 2 usage or I/O error.

use std::io::{Read, Write};
use std::process::ExitCode;

use paranoid_core::policy::limits::MAX_NESTING;
use paranoid_core::{
    nesting_depth, source_key, transpile, transpile_eval, transpile_function, vet, Body,
    Diagnostic, EsLevel, FunctionKind, LineIndex, Options,
};
use paranoid_meta::connect::ConnectHost;
use paranoid_meta::match_pattern::MatchPattern;
use paranoid_meta::metadata::{self, Problem};

// The transpile's yardstick (swc with nothing of ours), shared with the criterion bench.
#[path = "../../benches/support/swc_alone.rs"]
mod swc_alone;

const USAGE: &str = "\
usage:
  paranoid vet FILE... [--json] [--es LEVEL] [--userscript]
  paranoid transpile FILE [--es LEVEL] [--source-map OUT] [--eval | --userscript]
      (--eval: as the text of an indirect `eval`, its completion values handed to the runtime;
      --userscript: as a userscript's own code, run wrapped in a function as the managers run it)
  paranoid function [--kind normal|async|generator|async-generator] [--es LEVEL] ARG...
      (like `new Function(...ARGS)`: the last ARG is the body, the others are parameters)
  paranoid nesting FILE...
      (prints how deep each file nests, as the limit counts it)
  paranoid source-key FILE
      (prints the key the source-text marks of FILE's transpiled code name)
  paranoid policy
      (prints the policy tables the sandbox's JS side is generated from, as JSON)
  paranoid throughput [--iterations N] FILE...
      (times N transpiles of each FILE after one to warm up, each paired with swc's parse,
      resolver and print alone, in alternating order; JSON {FILE: {bytes, ms, swc_alone_ms}})
  paranoid match-pattern PATTERN [URL...]
      (checks a Chrome match pattern; prints its regex and which URLs it matches, as JSON)
  paranoid userscript FILE [--json] [--es LEVEL]
      (reads a userscript's metadata and vets its code as --userscript; refused if either fails)
  paranoid matches FILE URL
      (exit 0 when the userscript would run on URL, 1 when not)

FILE may be `-` for standard input. LEVEL is es5, es2015 … es2026 (default es2023).
exit status: 0 passes, 1 refused, 2 usage or I/O error";

struct Usage(String);

// See Cargo.toml: glibc's malloc and free were an eighth of a transpile's instructions.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("vet") => cmd_vet(&args[1..]),
        Some("transpile") => cmd_transpile(&args[1..]),
        Some("function") => cmd_function(&args[1..]),
        Some("nesting") => cmd_nesting(&args[1..]),
        Some("source-key") => cmd_source_key(&args[1..]),
        Some("match-pattern") => cmd_match_pattern(&args[1..]),
        Some("userscript") => cmd_userscript(&args[1..]),
        Some("matches") => cmd_matches(&args[1..]),
        Some("throughput") => cmd_throughput(&args[1..]),
        Some("policy") if args.len() == 1 => {
            let mut tables = paranoid_core::policy::tables();
            // Userscript grants and limits are rust-meta's; the JS side reads them here too.
            tables["userscripts"] = paranoid_meta::limits::tables();
            println!("{tables:#}");
            Ok(true)
        }
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(true)
        }
        _ => Err(Usage("expected a command".into())),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(Usage(message)) => {
            eprintln!("paranoid: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Flags shared by the commands, and the positional arguments left over.
#[derive(Default)]
struct Parsed {
    positional: Vec<String>,
    json: bool,
    level: EsLevel,
    source_map: Option<String>,
    kind: Option<FunctionKind>,
    eval: bool,
    userscript: bool,
}

impl Parsed {
    /// The core's options the flags ask for.
    fn options(&self) -> Options {
        Options {
            level: self.level,
            body: if self.userscript {
                Body::Userscript
            } else {
                Body::Script
            },
        }
    }
}

fn parse_flags(args: &[String], allowed: &[&str]) -> Result<Parsed, Usage> {
    let mut parsed = Parsed::default();
    let mut iter = args.iter();
    let mut only_positional = false;
    while let Some(arg) = iter.next() {
        if only_positional || arg == "-" || !arg.starts_with("--") {
            parsed.positional.push(arg.clone());
            continue;
        }
        if arg == "--" {
            only_positional = true;
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (arg.as_str(), None),
        };
        if !allowed.contains(&name) {
            return Err(Usage(format!("unknown option `{name}`")));
        }
        let mut value = |what: &str| {
            inline
                .clone()
                .or_else(|| iter.next().cloned())
                .ok_or_else(|| Usage(format!("`{name}` needs {what}")))
        };
        match name {
            "--json" => parsed.json = true,
            "--eval" => parsed.eval = true,
            "--userscript" => parsed.userscript = true,
            "--es" => parsed.level = value("a level")?.parse().map_err(Usage)?,
            "--source-map" => parsed.source_map = Some(value("a file")?),
            "--kind" => {
                let kind = value("a kind")?;
                parsed.kind = Some(
                    FunctionKind::from_name(&kind)
                        .ok_or_else(|| Usage(format!("unknown function kind `{kind}`")))?,
                );
            }
            _ => unreachable!("checked against `allowed`"),
        }
    }
    Ok(parsed)
}

fn read_input(path: &str) -> Result<String, Usage> {
    let bytes = if path == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| Usage(format!("cannot read standard input: {e}")))?;
        buf
    } else {
        std::fs::read(path).map_err(|e| Usage(format!("cannot read `{path}`: {e}")))?
    };
    String::from_utf8(bytes).map_err(|e| {
        Usage(format!(
            "`{path}` is not UTF-8 (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

fn display_name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

/// Prints diagnostics as rustc does: the message, the place, the source line and a caret.
fn print_diagnostics(name: &str, source: &str, diagnostics: &[Diagnostic]) {
    let lines = LineIndex::new(source);
    let mut err = std::io::stderr().lock();
    for d in diagnostics {
        let text = lines.line_text(d.line);
        let gutter = d.line.to_string().len();
        // The caret goes under the column, counted in UTF-16 units like the column itself.
        let mut units = 0usize;
        let mut pad = String::new();
        for c in text.chars() {
            if units + 1 >= d.column as usize {
                break;
            }
            units += c.len_utf16();
            pad.push(if c == '\t' { '\t' } else { ' ' });
        }
        let _ = writeln!(err, "error[{}]: {}", d.code, d.message);
        let _ = writeln!(err, "{:gutter$}--> {name}:{}:{}", "", d.line, d.column);
        let _ = writeln!(err, "{:gutter$} |", "");
        let _ = writeln!(err, "{} | {}", d.line, text);
        let _ = writeln!(err, "{:gutter$} | {pad}^", "");
    }
}

fn json_report(name: &str, diagnostics: &[Diagnostic]) -> String {
    serde_json::json!({
        "file": name,
        "ok": diagnostics.is_empty(),
        "diagnostics": diagnostics,
    })
    .to_string()
}

fn cmd_vet(args: &[String]) -> Result<bool, Usage> {
    let flags = parse_flags(args, &["--json", "--es", "--userscript"])?;
    if flags.positional.is_empty() {
        return Err(Usage("`vet` needs at least one FILE".into()));
    }
    let options = flags.options();
    let mut all_pass = true;
    for path in &flags.positional {
        let source = read_input(path)?;
        let diagnostics = vet(&source, &options);
        all_pass &= diagnostics.is_empty();
        let name = display_name(path);
        if flags.json {
            println!("{}", json_report(name, &diagnostics));
        } else if diagnostics.is_empty() {
            println!("{name}: ok");
        } else {
            print_diagnostics(name, &source, &diagnostics);
            println!("{name}: refused ({} diagnostics)", diagnostics.len());
        }
    }
    Ok(all_pass)
}

fn cmd_transpile(args: &[String]) -> Result<bool, Usage> {
    let flags = parse_flags(args, &["--es", "--source-map", "--eval", "--userscript"])?;
    let [path] = flags.positional.as_slice() else {
        return Err(Usage("`transpile` needs exactly one FILE".into()));
    };
    if flags.eval && flags.userscript {
        return Err(Usage(
            "`--eval` and `--userscript` read the text two different ways: give one".into(),
        ));
    }
    let source = read_input(path)?;
    let options = flags.options();
    let out = if flags.eval {
        transpile_eval(&source, &options)
    } else {
        transpile(&source, &options)
    };
    match out {
        Ok(out) => {
            if let Some(map_path) = &flags.source_map {
                let map = name_source(&out.source_map, display_name(path), &source);
                std::fs::write(map_path, map)
                    .map_err(|e| Usage(format!("cannot write `{map_path}`: {e}")))?;
            }
            println!("{}", out.code);
            Ok(true)
        }
        Err(diagnostics) => {
            print_diagnostics(display_name(path), &source, &diagnostics);
            Ok(false)
        }
    }
}

fn cmd_function(args: &[String]) -> Result<bool, Usage> {
    let flags = parse_flags(args, &["--kind", "--es"])?;
    let kind = flags.kind.unwrap_or(FunctionKind::Normal);
    let (body, params) = match flags.positional.split_last() {
        Some((body, params)) => (body.as_str(), params),
        None => ("", &[][..]),
    };
    let params: Vec<&str> = params.iter().map(String::as_str).collect();
    let options = flags.options();
    match transpile_function(&params, body, kind, &options) {
        Ok(out) => {
            println!("{}", out.code);
            Ok(true)
        }
        Err(diagnostics) => {
            for d in &diagnostics {
                eprintln!(
                    "error[{}]: {} (at {}:{})",
                    d.code, d.message, d.line, d.column
                );
            }
            Ok(false)
        }
    }
}

fn cmd_source_key(args: &[String]) -> Result<bool, Usage> {
    let flags = parse_flags(args, &[])?;
    let [path] = flags.positional.as_slice() else {
        return Err(Usage("`source-key` needs exactly one FILE".into()));
    };
    println!("{}", source_key(&read_input(path)?));
    Ok(true)
}

fn cmd_nesting(args: &[String]) -> Result<bool, Usage> {
    let flags = parse_flags(args, &[])?;
    if flags.positional.is_empty() {
        return Err(Usage("`nesting` needs at least one FILE".into()));
    }
    let mut all_pass = true;
    for path in &flags.positional {
        let source = read_input(path)?;
        let name = display_name(path);
        match nesting_depth(&source) {
            Ok(depth) => println!("{name}: nesting {depth} (limit {MAX_NESTING})"),
            Err(diagnostics) => {
                all_pass = false;
                print_diagnostics(name, &source, &diagnostics);
            }
        }
    }
    Ok(all_pass)
}

/// For `cargo xtask bench`: wall-clock time of whole transpiles, and of swc alone on the same
/// text, the first of each not counted. Refused (1) when the core refuses a FILE.
fn cmd_throughput(args: &[String]) -> Result<bool, Usage> {
    let mut iterations = 5usize;
    let mut files = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "--iterations" {
            iterations = rest
                .next()
                .and_then(|n| n.parse().ok())
                .filter(|&n| n > 0)
                .ok_or_else(|| Usage("`--iterations` needs a whole number above 0".into()))?;
        } else {
            files.push(arg.clone());
        }
    }
    if files.is_empty() {
        return Err(Usage("`throughput` needs at least one FILE".into()));
    }
    let options = Options::default();
    let mut out = serde_json::Map::new();
    for path in &files {
        let source = read_input(path)?;
        if let Err(diagnostics) = transpile(&source, &options) {
            print_diagnostics(display_name(path), &source, &diagnostics);
            return Ok(false);
        }
        let _ = swc_alone::swc_alone(&source);
        let time = |f: &dyn Fn()| {
            let start = std::time::Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        };
        let ours = || drop(transpile(&source, &options));
        let swc = || drop(swc_alone::swc_alone(&source));
        // In pairs, the order alternating, so that a slow stretch of this noisy machine weighs
        // on both sides alike: the ratio of the two is the figure, not either time.
        let (mut ms, mut swc_ms) = (Vec::new(), Vec::new());
        for i in 0..iterations {
            if i % 2 == 0 {
                ms.push(time(&ours));
                swc_ms.push(time(&swc));
            } else {
                swc_ms.push(time(&swc));
                ms.push(time(&ours));
            }
        }
        out.insert(
            path.clone(),
            serde_json::json!({ "bytes": source.len(), "ms": ms, "swc_alone_ms": swc_ms }),
        );
    }
    println!("{}", serde_json::Value::Object(out));
    Ok(true)
}

/// Refused (1) only when the pattern is invalid; which URLs match is in the JSON.
fn cmd_match_pattern(args: &[String]) -> Result<bool, Usage> {
    let flags = parse_flags(args, &[])?;
    let Some((text, urls)) = flags.positional.split_first() else {
        return Err(Usage("`match-pattern` needs a PATTERN".into()));
    };
    match MatchPattern::parse(text) {
        Ok(pattern) => {
            let matches: serde_json::Map<String, serde_json::Value> = urls
                .iter()
                .map(|url| (url.clone(), pattern.matches(url).into()))
                .collect();
            let report = serde_json::json!({
                "ok": true,
                "pattern": pattern.to_string(),
                "regex": pattern.to_regex(),
                "matches": matches,
            });
            println!("{report}");
            Ok(true)
        }
        Err(e) => {
            println!(
                "{}",
                serde_json::json!({ "ok": false, "error": e.to_string() })
            );
            Ok(false)
        }
    }
}

/// The source map with its one source named after the input file, and its text inlined.
/// Prints a metadata report's problems, rustc-style, with the line they are on.
fn print_problems(name: &str, source: &str, kind: &str, problems: &[Problem]) {
    let lines = LineIndex::new(source);
    let mut err = std::io::stderr().lock();
    for p in problems {
        let about = p
            .key
            .as_ref()
            .map(|k| format!(" (@{k})"))
            .unwrap_or_default();
        let _ = writeln!(err, "{kind}{about}: {}", p.message);
        let _ = writeln!(err, "  --> {name}:{}", p.line);
        let _ = writeln!(err, "   | {}", lines.line_text(p.line));
    }
}

/// Refused (1) when the metadata has an error or the code does not pass vetting.
fn cmd_userscript(args: &[String]) -> Result<bool, Usage> {
    let flags = parse_flags(args, &["--json", "--es"])?;
    let [path] = flags.positional.as_slice() else {
        return Err(Usage("`userscript` needs one FILE".into()));
    };
    let source = read_input(path)?;
    let name = display_name(path);
    let report = metadata::parse(&source);
    // As the extension vets it: the script's body is run wrapped in a function.
    let diagnostics = vet(
        &source,
        &Options {
            level: flags.level,
            body: Body::Userscript,
        },
    );
    let ok = report.ok() && diagnostics.is_empty();
    if flags.json {
        let out = serde_json::json!({
            "file": name,
            "ok": ok,
            "metadata": report.metadata,
            "errors": report.errors,
            "warnings": report.warnings,
            "diagnostics": diagnostics,
        });
        println!("{out}");
        return Ok(ok);
    }
    let m = &report.metadata;
    let mut out = String::new();
    let mut line = |label: &str, value: String| out.push_str(&format!("{label:>12}: {value}\n"));
    line("name", m.name.clone());
    for (label, value) in [
        ("namespace", &m.namespace),
        ("version", &m.version),
        ("description", &m.description),
    ] {
        if let Some(v) = value {
            line(label, v.clone());
        }
    }
    let list = |items: Vec<String>| {
        if items.is_empty() {
            "-".into()
        } else {
            items.join(", ")
        }
    };
    line(
        "runs on",
        list(
            m.matches
                .iter()
                .map(|p| p.to_string())
                .chain(m.includes.iter().map(|g| g.to_string()))
                .collect(),
        ),
    );
    line(
        "except",
        list(
            m.exclude_matches
                .iter()
                .map(|p| p.to_string())
                .chain(m.excludes.iter().map(|g| g.to_string()))
                .collect(),
        ),
    );
    line(
        "runs at",
        serde_json::to_value(m.run_at)
            .unwrap_or_default()
            .as_str()
            .unwrap_or("")
            .to_string(),
    );
    if m.noframes {
        line("frames", "top-level pages only (@noframes)".into());
    }
    for g in &m.grants {
        let means = paranoid_meta::grants::grant(g).map_or("", |g| g.means);
        line("may", format!("{means} ({g})"));
    }
    line(
        "connects to",
        list(
            m.connects
                .iter()
                .map(|c| match c {
                    ConnectHost::Any => "any host (*)".to_string(),
                    ConnectHost::Page => "the page's own host (self)".to_string(),
                    ConnectHost::Host(h)
                        if h.starts_with('[')
                            || h.rsplit('.')
                                .next()
                                .is_some_and(|l| l.bytes().all(|b| b.is_ascii_digit())) =>
                    {
                        h.clone()
                    }
                    ConnectHost::Host(h) => format!("{h} and its subdomains"),
                })
                .collect(),
        ),
    );
    for r in &m.requires {
        line(
            "requires",
            format!(
                "{} ({})",
                r.url,
                r.integrity.as_deref().unwrap_or("no hash")
            ),
        );
    }
    for r in &m.resources {
        line(
            "resource",
            format!(
                "{} = {} ({})",
                r.name,
                r.pinned.url,
                r.pinned.integrity.as_deref().unwrap_or("no hash")
            ),
        );
    }
    for o in &m.other {
        line(&format!("@{}", o.key), o.value.clone());
    }
    print!("{out}");
    print_problems(name, &source, "warning", &report.warnings);
    print_problems(name, &source, "error", &report.errors);
    print_diagnostics(name, &source, &diagnostics);
    if ok {
        println!("{name}: ok");
    } else {
        println!(
            "{name}: refused ({} metadata errors, {} vet diagnostics)",
            report.errors.len(),
            diagnostics.len()
        );
    }
    Ok(ok)
}

/// Exit 0 when the script would run on the URL, 1 when not (also when its metadata is refused).
fn cmd_matches(args: &[String]) -> Result<bool, Usage> {
    let flags = parse_flags(args, &[])?;
    let [path, url] = flags.positional.as_slice() else {
        return Err(Usage("`matches` needs a FILE and a URL".into()));
    };
    let source = read_input(path)?;
    let name = display_name(path);
    let report = metadata::parse(&source);
    if !report.ok() {
        print_problems(name, &source, "error", &report.errors);
        println!("{name}: refused, so it runs nowhere");
        return Ok(false);
    }
    let m = &report.metadata;
    let named = m
        .matches
        .iter()
        .find(|p| p.matches(url))
        .map(|p| format!("@match {p}"))
        .or_else(|| {
            m.includes
                .iter()
                .find(|g| g.matches(url))
                .map(|g| format!("@include {g}"))
        });
    let excluded = m
        .exclude_matches
        .iter()
        .find(|p| p.matches(url))
        .map(|p| format!("@exclude-match {p}"))
        .or_else(|| {
            m.excludes
                .iter()
                .find(|g| g.matches(url))
                .map(|g| format!("@exclude {g}"))
        });
    let runs = m.runs_on(url);
    match (named, excluded) {
        (Some(by), None) => println!("runs on {url}: {by}"),
        (Some(by), Some(ex)) => println!("does not run on {url}: {by}, but {ex}"),
        (None, _) => println!("does not run on {url}: no @match or @include names it"),
    }
    Ok(runs)
}

fn name_source(map: &str, name: &str, source: &str) -> String {
    let mut json: serde_json::Value = serde_json::from_str(map).expect("the core writes JSON");
    json["sources"] = serde_json::json!([name]);
    json["sourcesContent"] = serde_json::json!([source]);
    json.to_string()
}
