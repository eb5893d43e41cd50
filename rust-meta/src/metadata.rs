//! A userscript's `// ==UserScript==` block, read as the common managers write it, checked as
//! Paranoid must: every value that widens what the script may do (`@match`, `@include`,
//! `@grant`, `@connect`, `@require`, `@resource`) is parsed here or refused, and a script with
//! an error in its metadata is not installed. Unknown keys are kept and shown.
//!
//! Where the managers differ, or are lax, Paranoid picks the reading that gives less:
//! - a script with no `@match` and no `@include` runs nowhere (Greasemonkey assumes `*`);
//! - `@grant none` together with another grant is an error, not a guess;
//! - a single-valued key given twice (`@name`) keeps the first and warns;
//! - a line inside the block that is not a `//` comment is an error (the block would otherwise
//!   be read differently by different managers);
//! - `@run-at` defaults to `document-end`, as in Greasemonkey and Violentmonkey;
//! - an invisible formatting character (a bidi override or isolate, a zero-width space or
//!   joiner, a BOM) in `@name`, `@namespace` or `@version` is an error: it can make a name read
//!   as another, or two names look alike. Anywhere else it is written out as `[U+XXXX]`, with a
//!   warning, so that the install page shows it.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::connect::{connect_allows, ConnectHost};
use crate::grants;
use crate::include_glob::IncludeGlob;
use crate::limits::{DOWNLOADS_MAX, MAX_ENTRIES, MAX_VALUE_BYTES};
use crate::match_pattern::MatchPattern;
use crate::pinned::{parse_pinned, parse_update_url, Pinned};

/// When the script runs, relative to the page's loading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RunAt {
    DocumentStart,
    #[default]
    DocumentEnd,
    DocumentIdle,
}

/// A `@resource`: a named download the script reads with `GM.getResourceText`-style access.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Resource {
    pub name: String,
    #[serde(flatten)]
    pub pinned: Pinned,
}

/// A key Paranoid does not act on, kept so that the install page can show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Other {
    pub key: String,
    pub value: String,
    pub line: u32,
}

/// Something wrong (an error refuses the script) or worth knowing (a warning), at a 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub line: u32,
    /// The key it is about, without `@`, when it is about one.
    pub key: Option<String>,
    pub message: String,
}

/// What the metadata block says, as far as it could be read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Metadata {
    pub name: String,
    /// `@name:fr` → `fr`.
    pub localized_names: BTreeMap<String, String>,
    pub namespace: Option<String>,
    pub version: Option<String>,
    pub description: Option<String>,
    pub localized_descriptions: BTreeMap<String, String>,
    #[serde(serialize_with = "as_strings")]
    pub matches: Vec<MatchPattern>,
    #[serde(serialize_with = "as_strings")]
    pub includes: Vec<IncludeGlob>,
    #[serde(serialize_with = "as_strings")]
    pub excludes: Vec<IncludeGlob>,
    #[serde(serialize_with = "as_strings")]
    pub exclude_matches: Vec<MatchPattern>,
    pub run_at: RunAt,
    /// Names from [`grants::GRANTS`], in the order given, each once.
    pub grants: Vec<&'static str>,
    pub connects: Vec<ConnectHost>,
    pub requires: Vec<Pinned>,
    pub resources: Vec<Resource>,
    pub noframes: bool,
    #[serde(rename = "updateURL")]
    pub update_url: Option<String>,
    #[serde(rename = "downloadURL")]
    pub download_url: Option<String>,
    pub other: Vec<Other>,
    /// The block's first and last line (the `==UserScript==` markers).
    pub block_lines: (u32, u32),
}

fn as_strings<S: serde::Serializer, T: std::fmt::Display>(
    items: &[T],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(items.iter().map(|i| i.to_string()))
}

/// The outcome of reading a script's metadata.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    pub metadata: Metadata,
    pub errors: Vec<Problem>,
    pub warnings: Vec<Problem>,
}

impl Report {
    /// Whether the script may be installed (its code is vetted separately).
    pub fn ok(&self) -> bool {
        self.errors.is_empty()
    }
}

impl Metadata {
    /// Whether the script runs on `url`: a `@match` or `@include` names it, and no
    /// `@exclude-match` or `@exclude` does.
    pub fn runs_on(&self, url: &str) -> bool {
        let included = self.matches.iter().any(|m| m.matches(url))
            || self.includes.iter().any(|g| g.matches(url));
        included
            && !self.exclude_matches.iter().any(|m| m.matches(url))
            && !self.excludes.iter().any(|g| g.matches(url))
    }

    /// Whether the script's `GM.xmlHttpRequest` may reach `url` from a page at `page_url`.
    pub fn may_connect(&self, url: &str, page_url: &str) -> bool {
        connect_allows(&self.connects, url, page_url)
    }
}

/// Reads the metadata block of `source`.
pub fn parse(source: &str) -> Report {
    let mut reader = Reader::default();
    reader.read(source);
    reader.finish()
}

#[derive(Default)]
struct Reader {
    report: Report,
    seen_name: bool,
    grant_none: Option<u32>,
}

const OPEN: &str = "==UserScript==";
const CLOSE: &str = "==/UserScript==";

/// The text of a `// …` line, or `None` for a line that is not a line comment.
fn comment(line: &str) -> Option<&str> {
    line.trim().strip_prefix("//").map(str::trim)
}

impl Reader {
    fn error(&mut self, line: u32, key: Option<&str>, message: impl Into<String>) {
        self.report.errors.push(Problem {
            line,
            key: key.map(String::from),
            message: message.into(),
        });
    }

    fn warn(&mut self, line: u32, key: Option<&str>, message: impl Into<String>) {
        self.report.warnings.push(Problem {
            line,
            key: key.map(String::from),
            message: message.into(),
        });
    }

    fn read(&mut self, source: &str) {
        let source = source.strip_prefix('\u{FEFF}').unwrap_or(source);
        let mut lines = source.split('\n').enumerate().map(|(i, l)| {
            let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
            (number, l.strip_suffix('\r').unwrap_or(l))
        });
        let Some((open, _)) = lines.by_ref().find(|(_, l)| comment(l) == Some(OPEN)) else {
            self.error(
                1,
                None,
                "no metadata block: a userscript starts with `// ==UserScript==`, its `// @name` \
                 and `// @match` lines, and `// ==/UserScript==`",
            );
            return;
        };
        let mut entries = 0usize;
        for (number, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let Some(text) = comment(line) else {
                self.error(
                    number,
                    None,
                    "this line inside the metadata block is not a `//` comment: close the block \
                     with `// ==/UserScript==` first",
                );
                continue;
            };
            if text == CLOSE {
                self.report.metadata.block_lines = (open, number);
                return;
            }
            let Some(entry) = text.strip_prefix('@') else {
                continue; // a remark between the entries
            };
            entries += 1;
            if entries > MAX_ENTRIES {
                self.error(
                    number,
                    None,
                    format!("the metadata block has more than {MAX_ENTRIES} entries"),
                );
                return;
            }
            let (key, value) = match entry.find(char::is_whitespace) {
                Some(at) => (&entry[..at], entry[at..].trim()),
                None => (entry, ""),
            };
            self.entry(number, key, value);
        }
        self.error(
            open,
            None,
            "the metadata block is never closed: end it with `// ==/UserScript==`",
        );
    }

    fn entry(&mut self, line: u32, key: &str, value: &str) {
        let (base, locale) = match key.split_once(':') {
            Some((base, locale)) => (base, Some(locale)),
            None => (key, None),
        };
        let key_ok = base.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
            && base
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !key_ok {
            self.error(line, None, format!("`@{key}` is not a metadata key"));
            return;
        }
        if value.len() > MAX_VALUE_BYTES {
            // A key Paranoid reads is refused; one it only lists (`@icon` as a `data:` image,
            // which many scripts embed) is left out, which changes nothing the script does.
            if is_known(base) {
                self.error(
                    line,
                    Some(key),
                    format!("the value is longer than {MAX_VALUE_BYTES} bytes"),
                );
            } else {
                self.warn(
                    line,
                    Some(key),
                    format!(
                        "the value is longer than {MAX_VALUE_BYTES} bytes: Paranoid does not use \
                         `@{base}`, so it is left out"
                    ),
                );
            }
            return;
        }
        if let Some(c) = value.chars().find(|c| c.is_control() && *c != '\t') {
            self.error(
                line,
                Some(key),
                format!(
                    "the value contains a control character (U+{:04X})",
                    c as u32
                ),
            );
            return;
        }
        let shown;
        let value = match value.chars().find(|&c| invisible(c).is_some()) {
            None => value,
            // A translated name is only another label for the script: one with an invisible
            // character (Telugu and Kannada, among others, write U+200C inside words) is left
            // out, and the script goes by its other names.
            Some(c) if base == "name" && locale.is_some() => {
                self.warn(
                    line,
                    Some(key),
                    format!(
                        "the value contains {}, an invisible formatting character: this \
                         translation of the name is left out",
                        describe_invisible(c)
                    ),
                );
                return;
            }
            // A name is what the user recognises a script by (and its id is made of the name and
            // namespace): one that reads as another, or two that look alike, are refused.
            Some(c) if matches!(base, "name" | "namespace" | "version") => {
                self.error(
                    line,
                    Some(key),
                    format!(
                        "the value contains {}, an invisible formatting character: it can make \
                         the `@{base}` read as another, or two look alike; remove it",
                        describe_invisible(c)
                    ),
                );
                return;
            }
            Some(c) => {
                shown = show_invisible(value);
                self.warn(
                    line,
                    Some(key),
                    format!(
                        "the value contains {}, an invisible formatting character: it is shown \
                         as `[U+{:04X}]`",
                        describe_invisible(c),
                        c as u32
                    ),
                );
                shown.as_str()
            }
        };
        if let Some(locale) = locale {
            let locale_ok = !locale.is_empty()
                && locale
                    .split('-')
                    .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric()));
            match base {
                "name" | "description" if locale_ok => {
                    let meta = &mut self.report.metadata;
                    let map = if base == "name" {
                        &mut meta.localized_names
                    } else {
                        &mut meta.localized_descriptions
                    };
                    map.entry(locale.to_string())
                        .or_insert_with(|| value.to_string());
                }
                "name" | "description" => {
                    self.error(line, Some(key), format!("`{locale}` is not a language tag"))
                }
                _ => self.other(line, key, value),
            }
            return;
        }
        let needs_value = !matches!(base, "noframes");
        if needs_value && value.is_empty() && is_known(base) {
            self.error(line, Some(key), format!("`@{base}` needs a value"));
            return;
        }
        match base {
            "name" => {
                if self.seen_name {
                    self.warn(line, Some(key), "`@name` is given twice: the first is used");
                } else {
                    self.seen_name = true;
                    self.report.metadata.name = value.to_string();
                }
            }
            "namespace" | "version" | "description" => {
                let meta = &mut self.report.metadata;
                let slot = match base {
                    "namespace" => &mut meta.namespace,
                    "version" => &mut meta.version,
                    _ => &mut meta.description,
                };
                if slot.is_some() {
                    self.warn(
                        line,
                        Some(key),
                        format!("`@{base}` is given twice: the first is used"),
                    );
                } else {
                    *slot = Some(value.to_string());
                }
            }
            "match" | "exclude-match" => {
                match MatchPattern::parse(&self.http_either(line, key, value)) {
                    Ok(p) => {
                        let meta = &mut self.report.metadata;
                        if base == "match" {
                            meta.matches.push(p)
                        } else {
                            meta.exclude_matches.push(p)
                        }
                    }
                    Err(e) => self.error(line, Some(key), e.to_string()),
                }
            }
            "include" => match IncludeGlob::parse(value) {
                Ok(g) => self.report.metadata.includes.push(g),
                Err(e) => self.error(line, Some(key), e.to_string()),
            },
            "exclude" => match IncludeGlob::parse_exclude(value) {
                Ok((g, whole)) => {
                    if whole {
                        self.warn(
                            line,
                            Some(key),
                            format!(
                                "`{value}` does not say which part of the URL is the host, so it \
                                 is tested against the whole URL, as other managers do (it may \
                                 exclude more pages than meant, never fewer)"
                            ),
                        );
                    }
                    self.report.metadata.excludes.push(g)
                }
                Err(e) => self.error(line, Some(key), e.to_string()),
            },
            "run-at" => {
                self.report.metadata.run_at = match value {
                    "document-start" => RunAt::DocumentStart,
                    "document-end" => RunAt::DocumentEnd,
                    "document-idle" => RunAt::DocumentIdle,
                    // Not a value any manager documents, but written by scripts that mean the
                    // page's DOMContentLoaded.
                    "document-ready" => {
                        self.warn(
                            line,
                            Some(key),
                            "`document-ready` runs at document-end here, when the page is parsed \
                             (DOMContentLoaded)",
                        );
                        RunAt::DocumentEnd
                    }
                    "document-body" => {
                        self.warn(
                            line,
                            Some(key),
                            "`document-body` runs at document-end here, once the page is parsed \
                             (the body is there then too)",
                        );
                        RunAt::DocumentEnd
                    }
                    _ => {
                        self.error(
                            line,
                            Some(key),
                            format!(
                                "`{value}` is not a time Paranoid runs scripts at: use \
                                 document-start, document-end or document-idle"
                            ),
                        );
                        return;
                    }
                }
            }
            "grant" => self.grant(line, value),
            "connect" => match ConnectHost::parse(value) {
                Ok(host) => {
                    if host == ConnectHost::Any {
                        self.warn(
                            line,
                            Some(key),
                            "`@connect *` lets the script send requests to any host you approve \
                             it for",
                        );
                    }
                    if !self.report.metadata.connects.contains(&host) {
                        self.report.metadata.connects.push(host);
                    }
                }
                Err(e) => self.error(line, Some(key), e),
            },
            "require" => match parse_pinned(value) {
                Ok(p) => {
                    if p.integrity.is_none() {
                        self.warn(
                            line,
                            Some(key),
                            format!(
                                "`{}` has no hash: what is fetched at install is stored and \
                                 used from then on",
                                p.url
                            ),
                        );
                    }
                    self.report.metadata.requires.push(p);
                }
                Err(e) => self.error(line, Some(key), e),
            },
            "resource" => self.resource(line, value),
            "noframes" => {
                if !value.is_empty() {
                    self.warn(line, Some(key), "`@noframes` takes no value; it is ignored");
                }
                self.report.metadata.noframes = true;
            }
            "updateURL" | "downloadURL" => match parse_update_url(value) {
                Ok(url) => {
                    let meta = &mut self.report.metadata;
                    let slot = if base == "updateURL" {
                        &mut meta.update_url
                    } else {
                        &mut meta.download_url
                    };
                    slot.get_or_insert(url);
                }
                Err(e) => self.error(line, Some(key), e),
            },
            "sandbox" | "inject-into" => {
                self.warn(
                    line,
                    Some(key),
                    format!(
                        "`@{base} {value}` is not read: Paranoid always runs a script in a \
                         sandbox of its own, never in the page (it reaches the page only through \
                         what it is granted)"
                    ),
                );
                self.other(line, key, value)
            }
            _ => self.other(line, key, value),
        }
    }

    /// `http*://…` as Tampermonkey reads it in a match pattern: http or https, which the
    /// pattern's `*` scheme is; any other value as it is.
    fn http_either(&mut self, line: u32, key: &str, value: &str) -> String {
        match value.get(..8) {
            Some(head) if head.eq_ignore_ascii_case("http*://") => {
                self.warn(
                    line,
                    Some(key),
                    "`http*` is read as `*`: http and https, as Tampermonkey reads it",
                );
                format!("*://{}", &value[8..])
            }
            _ => value.to_string(),
        }
    }

    fn other(&mut self, line: u32, key: &str, value: &str) {
        self.report.metadata.other.push(Other {
            key: key.to_string(),
            value: value.to_string(),
            line,
        });
    }

    fn grant(&mut self, line: u32, value: &str) {
        if value.contains(char::is_whitespace) {
            self.error(line, Some("grant"), "give one grant per `@grant` line");
            return;
        }
        if value == "none" {
            self.grant_none = Some(line);
            return;
        }
        match grants::grant(value) {
            Some(g) => {
                if !self.report.metadata.grants.contains(&g.name) {
                    self.report.metadata.grants.push(g.name);
                }
            }
            None => self.warn(line, Some("grant"), grants::refusal(value)),
        }
    }

    fn resource(&mut self, line: u32, value: &str) {
        let Some((name, url)) = value.split_once(char::is_whitespace) else {
            self.error(line, Some("resource"), "write `@resource NAME URL`");
            return;
        };
        let url = url.trim();
        if self
            .report
            .metadata
            .resources
            .iter()
            .any(|r| r.name == name)
        {
            self.error(
                line,
                Some("resource"),
                format!("the resource `{name}` is named twice"),
            );
            return;
        }
        match parse_pinned(url) {
            Ok(pinned) => self.report.metadata.resources.push(Resource {
                name: name.to_string(),
                pinned,
            }),
            Err(e) => self.error(line, Some("resource"), e),
        }
    }

    fn finish(mut self) -> Report {
        let (open, _) = self.report.metadata.block_lines;
        if open == 0 {
            return self.report;
        }
        if !self.seen_name {
            self.error(open, Some("name"), "the script has no `@name`");
        }
        if let Some(line) = self.grant_none {
            if !self.report.metadata.grants.is_empty() {
                self.error(
                    line,
                    Some("grant"),
                    "`@grant none` says the script needs nothing, but other `@grant` lines ask \
                     for something: keep one or the other",
                );
            }
        }
        let meta = &self.report.metadata;
        if meta.requires.len() + meta.resources.len() > DOWNLOADS_MAX {
            self.error(
                open,
                Some("require"),
                format!("more than {DOWNLOADS_MAX} @require and @resource downloads"),
            );
        }
        let meta = &self.report.metadata;
        if meta.matches.is_empty() && meta.includes.is_empty() {
            self.warn(
                open,
                Some("match"),
                "the script names no page (`@match` or `@include`): it runs nowhere",
            );
        }
        self.report
    }
}

/// Characters that are not shown, or that change how the text around them is shown (bidi
/// embeddings, overrides, isolates and marks; zero-width spaces and joiners; the word joiner and
/// the invisible operators; the BOM), with their Unicode names.
fn invisible(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{061C}' => "ARABIC LETTER MARK",
        '\u{180E}' => "MONGOLIAN VOWEL SEPARATOR",
        '\u{200B}' => "ZERO WIDTH SPACE",
        '\u{200C}' => "ZERO WIDTH NON-JOINER",
        '\u{200D}' => "ZERO WIDTH JOINER",
        '\u{200E}' => "LEFT-TO-RIGHT MARK",
        '\u{200F}' => "RIGHT-TO-LEFT MARK",
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202C}' => "POP DIRECTIONAL FORMATTING",
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202E}' => "RIGHT-TO-LEFT OVERRIDE",
        '\u{2060}' => "WORD JOINER",
        '\u{2061}' => "FUNCTION APPLICATION",
        '\u{2062}' => "INVISIBLE TIMES",
        '\u{2063}' => "INVISIBLE SEPARATOR",
        '\u{2064}' => "INVISIBLE PLUS",
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE",
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE",
        '\u{2068}' => "FIRST STRONG ISOLATE",
        '\u{2069}' => "POP DIRECTIONAL ISOLATE",
        '\u{FEFF}' => "ZERO WIDTH NO-BREAK SPACE (BOM)",
        _ => return None,
    })
}

/// `U+202E RIGHT-TO-LEFT OVERRIDE`.
fn describe_invisible(c: char) -> String {
    format!("U+{:04X} {}", c as u32, invisible(c).unwrap_or("?"))
}

/// `value` with each invisible character written out as `[U+XXXX]`, where a reader sees it.
fn show_invisible(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 16);
    for c in value.chars() {
        if invisible(c).is_some() {
            out.push_str(&format!("[U+{:04X}]", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// Keys this module reads (the others are kept as [`Other`]).
fn is_known(key: &str) -> bool {
    matches!(
        key,
        "name"
            | "namespace"
            | "version"
            | "description"
            | "match"
            | "exclude-match"
            | "include"
            | "exclude"
            | "run-at"
            | "grant"
            | "connect"
            | "require"
            | "resource"
            | "noframes"
            | "updateURL"
            | "downloadURL"
    )
}
