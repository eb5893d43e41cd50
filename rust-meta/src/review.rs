//! What installing a copy of a script over an installed one would change, for the install page.
//!
//! Two questions, both answered here so that the page only shows the answers:
//! - **Is it the same script?** A script's id is made of its `@namespace` and `@name`, which
//!   anyone can copy. A copy is the installed script's own only when it was fetched (after
//!   redirects) from the origin the installed one came from, or from the origin of its
//!   `@downloadURL` or `@updateURL` ([`same_source`]). A copy the user pasted or picked from a
//!   file is the same only as a script that also came from no site. Anything else is another
//!   script, unless the user says otherwise on the page.
//! - **What changes?** Every difference in where, when and what runs ([`changes`]): pages
//!   (`@match`, `@include`, and `@exclude`/`@exclude-match`, whose removal widens), frames
//!   (`@noframes`), `@run-at` (earlier widens), grants, `@connect` hosts compared with what the
//!   user *approved* (a host the user refused stays refused), `@require` and `@resource` (a new
//!   URL, hash or content), where updates come from, the keys Paranoid does not read, and the
//!   code itself as a line diff ([`code_diff`]).
//!
//! The installed side is the stored record: its metadata as stored (that is what decides where
//! it runs), the hosts the user approved, and the digests of its downloads.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;

use crate::metadata;
use crate::url::{Scheme, Url};

/// Whether a change gives the script more, less, or something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Effect {
    Widens,
    Narrows,
    Changes,
}

/// One line of the change list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    pub effect: Effect,
    /// The metadata key it is about (`match`, `run-at`, …), or `code`.
    pub field: String,
    pub text: String,
}

/// A `@connect` host of the copy and where it starts on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HostState {
    /// The user approved it for the installed script: starts ticked.
    Approved,
    /// The installed script asked for it and the user refused it: starts unticked.
    Refused,
    /// Not asked for before: starts ticked, as at a first install, and is listed as added.
    New,
}

/// The origin of an http(s) URL as the browser writes it (`https://example.com`,
/// `http://127.0.0.1:8080`), or `None` for anything else (`pasted`, `file x.user.js`).
pub fn origin(url: &str) -> Option<String> {
    let u = Url::parse(url)?;
    if !matches!(u.scheme, Scheme::Http | Scheme::Https) {
        return None;
    }
    let host = u.host?;
    Some(format!(
        "{}://{}",
        u.scheme.name(),
        host.authority(u.scheme)
    ))
}

/// The origins an installed script came from: where it was fetched, and its `@downloadURL` and
/// `@updateURL`, each once.
pub fn installed_origins(from: Option<&str>, metadata: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let urls = [
        from,
        metadata["downloadURL"].as_str(),
        metadata["updateURL"].as_str(),
    ];
    for o in urls.into_iter().flatten().filter_map(origin) {
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

/// Whether a copy fetched from `from` (after redirects; not a URL for a pasted copy) comes from
/// where the installed script came from.
pub fn same_source(installed: &[String], from: Option<&str>) -> bool {
    match from.and_then(origin) {
        Some(o) => installed.contains(&o),
        None => installed.is_empty(),
    }
}

/// The parts of a script's metadata that decide where, when and what runs, read from the JSON
/// that [`metadata::Metadata`] serializes to (a stored record holds the same).
#[derive(Default)]
struct Powers {
    version: Option<String>,
    matches: Vec<String>,
    includes: Vec<String>,
    excludes: Vec<String>,
    exclude_matches: Vec<String>,
    run_at: String,
    noframes: bool,
    grants: Vec<String>,
    connects: Vec<String>,
    /// `(url, integrity)`.
    requires: Vec<(String, Option<String>)>,
    /// `(name, url, integrity)`.
    resources: Vec<(String, String, Option<String>)>,
    update_url: Option<String>,
    download_url: Option<String>,
    other: Vec<(String, String)>,
}

fn strings(v: &Value) -> Option<Vec<String>> {
    match v {
        Value::Null => Some(Vec::new()),
        Value::Array(items) => items.iter().map(|i| i.as_str().map(String::from)).collect(),
        _ => None,
    }
}

fn optional(v: &Value) -> Option<Option<String>> {
    match v {
        Value::Null => Some(None),
        Value::String(s) => Some(Some(s.clone())),
        _ => None,
    }
}

/// A `@connect` host in the form the metadata writes it (`*`, `self`, a host).
fn connect_text(v: &Value) -> Option<String> {
    match v["kind"].as_str()? {
        "any" => Some("*".into()),
        "page" => Some("self".into()),
        "host" => v["host"].as_str().map(String::from),
        _ => None,
    }
}

impl Powers {
    fn read(m: &Value) -> Option<Powers> {
        let list = |key: &str| m[key].as_array().map(Vec::as_slice).unwrap_or(&[]);
        Some(Powers {
            version: optional(&m["version"])?,
            matches: strings(&m["matches"])?,
            includes: strings(&m["includes"])?,
            excludes: strings(&m["excludes"])?,
            exclude_matches: strings(&m["excludeMatches"])?,
            run_at: m["runAt"].as_str().unwrap_or("document-end").to_string(),
            noframes: m["noframes"].as_bool().unwrap_or(false),
            grants: strings(&m["grants"])?,
            connects: list("connects")
                .iter()
                .map(connect_text)
                .collect::<Option<_>>()?,
            requires: list("requires")
                .iter()
                .map(|r| Some((r["url"].as_str()?.to_string(), optional(&r["integrity"])?)))
                .collect::<Option<_>>()?,
            resources: list("resources")
                .iter()
                .map(|r| {
                    Some((
                        r["name"].as_str()?.to_string(),
                        r["url"].as_str()?.to_string(),
                        optional(&r["integrity"])?,
                    ))
                })
                .collect::<Option<_>>()?,
            update_url: optional(&m["updateURL"])?,
            download_url: optional(&m["downloadURL"])?,
            other: list("other")
                .iter()
                .map(|o| {
                    Some((
                        o["key"].as_str()?.to_string(),
                        o["value"].as_str()?.to_string(),
                    ))
                })
                .collect::<Option<_>>()?,
        })
    }
}

/// How early a `@run-at` runs (smaller is earlier).
fn run_at_order(run_at: &str) -> u8 {
    match run_at {
        "document-start" => 0,
        "document-end" => 1,
        _ => 2,
    }
}

/// The digests of a record's or a copy's downloads, as the install page computed them:
/// `[{url, digest}]` for requires, `[{name, url, digest}]` for resources.
#[derive(Default)]
pub struct Digests {
    requires: HashMap<String, String>,
    resources: HashMap<String, String>,
}

impl Digests {
    pub fn read(requires: &Value, resources: &Value) -> Digests {
        let mut d = Digests::default();
        for r in requires.as_array().into_iter().flatten() {
            if let (Some(url), Some(digest)) = (r["url"].as_str(), r["digest"].as_str()) {
                d.requires.insert(url.to_string(), digest.to_string());
            }
        }
        for r in resources.as_array().into_iter().flatten() {
            if let (Some(name), Some(digest)) = (r["name"].as_str(), r["digest"].as_str()) {
                d.resources.insert(name.to_string(), digest.to_string());
            }
        }
        d
    }
}

struct Changes(Vec<Change>);

impl Changes {
    fn push(&mut self, effect: Effect, field: &str, text: String) {
        self.0.push(Change {
            effect,
            field: field.to_string(),
            text,
        });
    }

    /// Items added to a list (`added` effect) and removed from it (the other).
    fn list(
        &mut self,
        field: &str,
        before: &[String],
        after: &[String],
        added: (Effect, &str),
        removed: (Effect, &str),
    ) {
        for x in after.iter().filter(|x| !before.contains(x)) {
            self.push(added.0, field, added.1.replace("{}", x));
        }
        for x in before.iter().filter(|x| !after.contains(x)) {
            self.push(removed.0, field, removed.1.replace("{}", x));
        }
    }
}

/// Every change from the installed script (`old`, its `approved` hosts and download digests)
/// to the copy (`new`), metadata only; the code's diff is [`code_diff`]'s.
fn changes(
    old: &Powers,
    approved: &[String],
    old_digests: &Digests,
    new: &Powers,
    new_digests: &Digests,
) -> Vec<Change> {
    use Effect::{Changes as Other, Narrows, Widens};
    let mut c = Changes(Vec::new());
    if old.version != new.version {
        let v = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".into());
        c.push(
            Other,
            "version",
            format!("version {} → {}", v(&old.version), v(&new.version)),
        );
    }
    c.list(
        "match",
        &old.matches,
        &new.matches,
        (Widens, "adds page {} (@match)"),
        (Narrows, "removes page {} (@match)"),
    );
    c.list(
        "include",
        &old.includes,
        &new.includes,
        (Widens, "adds page {} (@include)"),
        (Narrows, "removes page {} (@include)"),
    );
    c.list(
        "exclude-match",
        &old.exclude_matches,
        &new.exclude_matches,
        (Narrows, "no longer runs on {} (@exclude-match)"),
        (
            Widens,
            "stops excluding {} (@exclude-match removed): it may now run there",
        ),
    );
    c.list(
        "exclude",
        &old.excludes,
        &new.excludes,
        (Narrows, "no longer runs on {} (@exclude)"),
        (
            Widens,
            "stops excluding {} (@exclude removed): it may now run there",
        ),
    );
    match (old.noframes, new.noframes) {
        (true, false) => c.push(
            Widens,
            "noframes",
            "now runs in frames too (@noframes removed)".into(),
        ),
        (false, true) => c.push(
            Narrows,
            "noframes",
            "runs in top-level pages only (@noframes added)".into(),
        ),
        _ => {}
    }
    if old.run_at != new.run_at {
        let earlier = run_at_order(&new.run_at) < run_at_order(&old.run_at);
        c.push(
            if earlier { Widens } else { Narrows },
            "run-at",
            format!(
                "runs {}: {} → {} (@run-at)",
                if earlier { "earlier" } else { "later" },
                old.run_at,
                new.run_at
            ),
        );
    }
    c.list(
        "grant",
        &old.grants,
        &new.grants,
        (Widens, "adds grant {}"),
        (Narrows, "removes grant {}"),
    );
    // Hosts: from what the user approved, not from what the old metadata asked for.
    for host in &new.connects {
        if approved.contains(host) {
            continue;
        }
        if old.connects.contains(host) {
            c.push(
                Other,
                "connect",
                format!(
                    "asks again for host {host} (@connect), which you refused: it stays refused \
                     unless you tick it"
                ),
            );
        } else {
            c.push(Widens, "connect", format!("adds host {host} (@connect)"));
        }
    }
    for host in approved.iter().filter(|h| !new.connects.contains(h)) {
        c.push(
            Narrows,
            "connect",
            format!("removes host {host} (@connect)"),
        );
    }
    for (url, integrity) in &new.requires {
        match old.requires.iter().find(|(u, _)| u == url) {
            None => c.push(
                Widens,
                "require",
                format!("adds code from {url} (@require)"),
            ),
            Some((_, before)) => {
                let served = |d: &Digests| d.requires.get(url).cloned();
                if before != integrity || served(old_digests) != served(new_digests) {
                    c.push(
                        Widens,
                        "require",
                        format!("the code from {url} changed (@require)"),
                    );
                }
            }
        }
    }
    for (url, _) in &old.requires {
        if !new.requires.iter().any(|(u, _)| u == url) {
            c.push(
                Narrows,
                "require",
                format!("removes code from {url} (@require)"),
            );
        }
    }
    for (name, url, integrity) in &new.resources {
        match old.resources.iter().find(|(n, _, _)| n == name) {
            None => c.push(
                Widens,
                "resource",
                format!("adds resource {name} from {url} (@resource)"),
            ),
            Some((_, old_url, before)) => {
                let served = |d: &Digests| d.resources.get(name).cloned();
                if old_url != url {
                    c.push(
                        Widens,
                        "resource",
                        format!("resource {name} now comes from {url}, not {old_url} (@resource)"),
                    );
                } else if before != integrity || served(old_digests) != served(new_digests) {
                    c.push(
                        Widens,
                        "resource",
                        format!("what resource {name} holds changed (@resource)"),
                    );
                }
            }
        }
    }
    for (name, _, _) in &old.resources {
        if !new.resources.iter().any(|(n, _, _)| n == name) {
            c.push(
                Narrows,
                "resource",
                format!("removes resource {name} (@resource)"),
            );
        }
    }
    for (key, before, after) in [
        ("downloadURL", &old.download_url, &new.download_url),
        ("updateURL", &old.update_url, &new.update_url),
    ] {
        match (before, after) {
            (b, a) if b == a => {}
            (_, Some(a)) => c.push(
                Widens,
                key,
                format!(
                    "updates will come from {a}{} (@{key})",
                    before
                        .as_ref()
                        .map(|b| format!(", not {b}"))
                        .unwrap_or_default()
                ),
            ),
            (Some(b), None) => c.push(
                Narrows,
                key,
                format!("no longer names {b} for its updates (@{key})"),
            ),
            (None, None) => {}
        }
    }
    let other =
        |p: &Powers| -> Vec<String> { p.other.iter().map(|(k, v)| format!("@{k} {v}")).collect() };
    c.list(
        "other",
        &other(old),
        &other(new),
        (Other, "adds {} (not read by Paranoid)"),
        (Other, "removes {} (not read by Paranoid)"),
    );
    c.0
}

/// One line of a unified diff: `kind` is `" "` (context), `"+"`, `"-"` or `"@"` (a hunk's
/// header, `@@ -a,b +c,d @@`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiffLine {
    pub kind: &'static str,
    pub text: String,
}

/// What changed in the file, line by line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeDiff {
    /// Lines added and removed outside the metadata block: the code.
    pub added: usize,
    pub removed: usize,
    /// Lines added or removed inside the metadata block (listed as changes of their own).
    pub metadata_lines: usize,
    /// False when the two differ in too many places for a shortest diff: they are then cut at
    /// the lines that occur once in each (patience diff), and a part with no such line is
    /// counted as wholly removed and added, so the counts may be higher than the fewest.
    pub exact: bool,
    pub lines: Vec<DiffLine>,
    /// True when `lines` stops before the end (at [`DIFF_LINES_MAX`]).
    pub cut: bool,
}

/// Context lines around each change.
const CONTEXT: usize = 3;
/// At most this many lines of diff are returned (the counts are always whole).
pub const DIFF_LINES_MAX: usize = 3000;
/// Each line of diff is cut to this many characters.
const DIFF_LINE_CHARS: usize = 400;
/// The most differences the shortest diff looks for (its memory grows with the square).
const EDITS_MAX: usize = 1500;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Edit {
    Same,
    Removed,
    Added,
}

/// The shortest edit script from `a` to `b` (Myers' O(ND) algorithm), or `None` when it needs
/// more than `max` insertions and deletions.
fn shortest_edit(a: &[u32], b: &[u32], max: usize) -> Option<Vec<Edit>> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    let max = max.min(a.len() + b.len()) as isize;
    let offset = max + 1;
    let mut v = vec![0isize; 2 * max as usize + 3];
    // trace[d] holds v at the start of step d, for k in -d..=d (at trace[d][k + d]).
    let mut trace: Vec<Vec<isize>> = Vec::new();
    for d in 0..=max {
        trace.push(v[(offset - d) as usize..=(offset + d) as usize].to_vec());
        let mut k = -d;
        while k <= d {
            let down =
                k == -d || (k != d && v[(offset + k - 1) as usize] < v[(offset + k + 1) as usize]);
            let mut x = if down {
                v[(offset + k + 1) as usize]
            } else {
                v[(offset + k - 1) as usize] + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            v[(offset + k) as usize] = x;
            if x >= n && y >= m {
                return Some(backtrack(&trace, n, m, d));
            }
            k += 2;
        }
    }
    None
}

fn backtrack(trace: &[Vec<isize>], n: isize, m: isize, last: isize) -> Vec<Edit> {
    let mut edits = Vec::new();
    let (mut x, mut y) = (n, m);
    for d in (0..=last).rev() {
        let v = &trace[d as usize];
        let at = |k: isize| v[(k + d) as usize];
        let k = x - y;
        let down = k == -d || (k != d && at(k - 1) < at(k + 1));
        let prev_k = if down { k + 1 } else { k - 1 };
        let (prev_x, prev_y) = if d == 0 {
            (0, 0)
        } else {
            let px = at(prev_k);
            (px, px - prev_k)
        };
        while x > prev_x && y > prev_y {
            edits.push(Edit::Same);
            x -= 1;
            y -= 1;
        }
        if d > 0 {
            edits.push(if x == prev_x {
                Edit::Added
            } else {
                Edit::Removed
            });
        }
        x = prev_x;
        y = prev_y;
    }
    edits.reverse();
    edits
}

/// The line diff from `old` to `new` (lines split at `\n`, a `\r` before it ignored).
pub fn code_diff(old: &str, new: &str) -> CodeDiff {
    file_diff(old, (0, 0), new, (0, 0))
}

/// The line diff of two scripts whose metadata blocks are at the given 1-based lines (first and
/// last; `(0, 0)` for none): lines within them are counted apart from the code's.
pub fn file_diff(old: &str, old_block: (u32, u32), new: &str, new_block: (u32, u32)) -> CodeDiff {
    let split = |s: &'_ str| -> Vec<String> {
        s.split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l).to_string())
            .collect()
    };
    let (a, b) = (split(old), split(new));
    let mut ids: HashMap<&str, u32> = HashMap::new();
    let ai = intern(&mut ids, &a);
    let bi = intern(&mut ids, &b);
    let mut edits = Vec::with_capacity(ai.len() + bi.len());
    let exact = edit_script(&ai, &bi, &mut edits, 0);
    let in_block = |(first, last): (u32, u32), index: usize| {
        let line = index as u64 + 1;
        first > 0 && u64::from(first) <= line && line <= u64::from(last)
    };
    let (mut added, mut removed, mut metadata_lines) = (0, 0, 0);
    let (mut i, mut j) = (0usize, 0usize);
    for e in &edits {
        match e {
            Edit::Same => {
                i += 1;
                j += 1;
            }
            Edit::Removed => {
                if in_block(old_block, i) {
                    metadata_lines += 1;
                } else {
                    removed += 1;
                }
                i += 1;
            }
            Edit::Added => {
                if in_block(new_block, j) {
                    metadata_lines += 1;
                } else {
                    added += 1;
                }
                j += 1;
            }
        }
    }
    let (lines, cut) = unified(&edits, &a, &b);
    CodeDiff {
        added,
        removed,
        metadata_lines,
        exact,
        lines,
        cut,
    }
}

/// Appends an edit script from `a` to `b` to `out`: the shortest when it has at most
/// [`EDITS_MAX`] edits (returns true); otherwise the two are cut at the lines that occur once in
/// each and in the same order (patience diff's anchors), each part diffed the same way, and a
/// part with no such line counted as wholly removed and added (returns false).
fn edit_script(a: &[u32], b: &[u32], out: &mut Vec<Edit>, depth: u32) -> bool {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    out.extend(std::iter::repeat_n(Edit::Same, prefix));
    let (a, b) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    let mut exact = true;
    if let Some(e) = shortest_edit(a, b, EDITS_MAX) {
        out.extend(e);
    } else {
        exact = false;
        let anchors = if depth < 8 { anchors(a, b) } else { Vec::new() };
        if anchors.is_empty() {
            out.extend(std::iter::repeat_n(Edit::Removed, a.len()));
            out.extend(std::iter::repeat_n(Edit::Added, b.len()));
        } else {
            let (mut i, mut j) = (0, 0);
            for (ai, bj) in anchors {
                edit_script(&a[i..ai], &b[j..bj], out, depth + 1);
                out.push(Edit::Same);
                (i, j) = (ai + 1, bj + 1);
            }
            edit_script(&a[i..], &b[j..], out, depth + 1);
        }
    }
    out.extend(std::iter::repeat_n(Edit::Same, suffix));
    exact
}

/// The lines that occur exactly once in `a` and once in `b`, as `(index in a, index in b)`,
/// the longest run of them in the same order in both.
fn anchors(a: &[u32], b: &[u32]) -> Vec<(usize, usize)> {
    let mut count: HashMap<u32, (u32, usize, u32, usize)> = HashMap::new();
    for (i, &l) in a.iter().enumerate() {
        let e = count.entry(l).or_insert((0, 0, 0, 0));
        e.0 += 1;
        e.1 = i;
    }
    for (j, &l) in b.iter().enumerate() {
        if let Some(e) = count.get_mut(&l) {
            e.2 += 1;
            e.3 = j;
        }
    }
    let mut pairs: Vec<(usize, usize)> = count
        .values()
        .filter(|e| e.0 == 1 && e.2 == 1)
        .map(|e| (e.1, e.3))
        .collect();
    pairs.sort_unstable();
    // Longest increasing subsequence of the `b` indices (patience sorting).
    let mut tails: Vec<usize> = Vec::new(); // index into pairs of the smallest tail per length
    let mut back: Vec<Option<usize>> = vec![None; pairs.len()];
    for (p, &(_, j)) in pairs.iter().enumerate() {
        let at = tails.partition_point(|&t| pairs[t].1 < j);
        back[p] = at.checked_sub(1).map(|prev| tails[prev]);
        if at == tails.len() {
            tails.push(p);
        } else {
            tails[at] = p;
        }
    }
    let mut run = Vec::with_capacity(tails.len());
    let mut p = tails.last().copied();
    while let Some(i) = p {
        run.push(pairs[i]);
        p = back[i];
    }
    run.reverse();
    run
}

/// Each line as a number, the same for equal lines.
fn intern<'a>(ids: &mut HashMap<&'a str, u32>, lines: &'a [String]) -> Vec<u32> {
    lines
        .iter()
        .map(|l| {
            let next = ids.len() as u32;
            *ids.entry(l.as_str()).or_insert(next)
        })
        .collect()
}

/// Hunks of a unified diff (three lines of context), at most [`DIFF_LINES_MAX`] lines.
fn unified(edits: &[Edit], a: &[String], b: &[String]) -> (Vec<DiffLine>, bool) {
    // Where each edit is in `a` and `b`.
    let mut at = Vec::with_capacity(edits.len());
    let (mut i, mut j) = (0usize, 0usize);
    for e in edits {
        at.push((i, j));
        match e {
            Edit::Same => {
                i += 1;
                j += 1;
            }
            Edit::Removed => i += 1,
            Edit::Added => j += 1,
        }
    }
    let changed: Vec<usize> = (0..edits.len())
        .filter(|&e| edits[e] != Edit::Same)
        .collect();
    let mut lines = Vec::new();
    let cut_text = |s: &str| -> String {
        if s.chars().count() > DIFF_LINE_CHARS {
            let mut t: String = s.chars().take(DIFF_LINE_CHARS).collect();
            t.push('…');
            t
        } else {
            s.to_string()
        }
    };
    let mut c = 0;
    while c < changed.len() {
        // A hunk runs while the next change is within two contexts of the last.
        let start = changed[c].saturating_sub(CONTEXT);
        let mut last = changed[c];
        while c + 1 < changed.len() && changed[c + 1] <= last + 2 * CONTEXT + 1 {
            c += 1;
            last = changed[c];
        }
        c += 1;
        let end = (last + CONTEXT + 1).min(edits.len());
        let span = &edits[start..end];
        let old_count = span.iter().filter(|e| **e != Edit::Added).count();
        let new_count = span.iter().filter(|e| **e != Edit::Removed).count();
        let (oi, nj) = at[start];
        if lines.len() >= DIFF_LINES_MAX {
            return (lines, true);
        }
        lines.push(DiffLine {
            kind: "@",
            text: format!("@@ -{},{old_count} +{},{new_count} @@", oi + 1, nj + 1),
        });
        for (e, &(i, j)) in edits[start..end].iter().zip(&at[start..end]) {
            if lines.len() >= DIFF_LINES_MAX {
                return (lines, true);
            }
            lines.push(match e {
                Edit::Same => DiffLine {
                    kind: " ",
                    text: cut_text(&a[i]),
                },
                Edit::Removed => DiffLine {
                    kind: "-",
                    text: cut_text(&a[i]),
                },
                Edit::Added => DiffLine {
                    kind: "+",
                    text: cut_text(&b[j]),
                },
            });
        }
    }
    (lines, false)
}

/// Answers the install page's question: `{installed: {metadata, source, from, connect,
/// requires, resources}, source, from, requires, resources}` (the copy's downloads as fetched:
/// `{url, digest}`, `{name, url, digest}`) → `{origin, installedOrigins, sameSource, sameName,
/// changes, connect: [{host, state}], code}`.
pub fn review(request: &Value) -> Result<Value, String> {
    let installed = &request["installed"];
    let source = request["source"]
        .as_str()
        .ok_or("the request has no `source`")?;
    let old_source = installed["source"]
        .as_str()
        .ok_or("the installed script has no `source`")?;
    let report = metadata::parse(source);
    if !report.ok() {
        return Err(report
            .errors
            .first()
            .map(|e| e.message.clone())
            .unwrap_or_else(|| "the metadata does not read".into()));
    }
    let new_json = serde_json::to_value(&report.metadata).map_err(|e| e.to_string())?;
    let old = Powers::read(&installed["metadata"])
        .ok_or("the installed script's stored metadata does not have the shape it is stored in")?;
    let new = Powers::read(&new_json).ok_or("internal: the metadata does not read back")?;
    let approved = strings(&installed["connect"]).ok_or("`connect` is not a list of hosts")?;
    let old_digests = Digests::read(&installed["requires"], &installed["resources"]);
    let new_digests = Digests::read(&request["requires"], &request["resources"]);
    let origins = installed_origins(installed["from"].as_str(), &installed["metadata"]);
    let from = request["from"].as_str();
    let same_name = installed["metadata"]["name"].as_str() == Some(report.metadata.name.as_str())
        && installed["metadata"]["namespace"].as_str() == report.metadata.namespace.as_deref();
    let mut list = changes(&old, &approved, &old_digests, &new, &new_digests);
    let old_block = metadata::parse(old_source).metadata.block_lines;
    let code = file_diff(old_source, old_block, source, report.metadata.block_lines);
    if code.added + code.removed > 0 {
        list.insert(
            0,
            Change {
                effect: Effect::Changes,
                field: "code".into(),
                text: format!(
                    "the code changed: {} line{} added, {} removed",
                    code.added,
                    if code.added == 1 { "" } else { "s" },
                    code.removed
                ),
            },
        );
    }
    let hosts: Vec<Value> = new
        .connects
        .iter()
        .map(|h| {
            let state = if approved.contains(h) {
                HostState::Approved
            } else if old.connects.contains(h) {
                HostState::Refused
            } else {
                HostState::New
            };
            serde_json::json!({ "host": h, "state": state })
        })
        .collect();
    Ok(serde_json::json!({
        "origin": from.and_then(origin),
        "installedOrigins": origins,
        "sameSource": same_source(&origins, from),
        "sameName": same_name,
        "changes": list,
        "connect": hosts,
        "code": code,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_written_as_the_browser_writes_them() {
        assert_eq!(
            origin("https://Example.COM/a/b.user.js?x#y").as_deref(),
            Some("https://example.com")
        );
        assert_eq!(
            origin("http://127.0.0.1:8080/x.user.js").as_deref(),
            Some("http://127.0.0.1:8080")
        );
        assert_eq!(
            origin("https://example.com:443/x").as_deref(),
            Some("https://example.com")
        );
        assert_eq!(
            origin("https://user@evil.example/x").as_deref(),
            Some("https://evil.example")
        );
        for local in [
            "pasted",
            "file a.user.js",
            "",
            "ftp://example.com/x",
            "https://",
        ] {
            assert_eq!(origin(local), None, "{local}");
        }
    }

    #[test]
    fn a_copy_is_the_same_script_only_from_the_origin_it_came_from() {
        let meta = serde_json::json!({
            "downloadURL": "https://update.example.org/s.user.js",
            "updateURL": "https://meta.example.org/s.meta.js",
        });
        let origins = installed_origins(Some("https://example.org/s.user.js"), &meta);
        assert_eq!(
            origins,
            [
                "https://example.org",
                "https://update.example.org",
                "https://meta.example.org"
            ]
        );
        for from in [
            "https://example.org/other/path.user.js",
            "https://update.example.org/s.user.js?v=2",
            "https://meta.example.org/x",
        ] {
            assert!(same_source(&origins, Some(from)), "{from}");
        }
        for from in [
            "https://evil.example/s.user.js",
            "http://example.org/s.user.js",
            "https://example.org:8443/s.user.js",
            "https://sub.example.org/s.user.js",
            "pasted",
        ] {
            assert!(!same_source(&origins, Some(from)), "{from}");
        }
        assert!(!same_source(&origins, None));
        // A script that came from no site is the same only as a copy that came from none.
        let local = installed_origins(Some("pasted"), &serde_json::json!({}));
        assert!(local.is_empty());
        assert!(same_source(&local, Some("file s.user.js")));
        assert!(same_source(&local, None));
        assert!(!same_source(&local, Some("https://example.org/s.user.js")));
    }

    fn meta(lines: &[&str]) -> Value {
        let mut s = String::from("// ==UserScript==\n// @name S\n// @namespace ns\n");
        for l in lines {
            s.push_str(&format!("// {l}\n"));
        }
        s.push_str("// ==/UserScript==\n");
        let r = metadata::parse(&s);
        assert!(r.ok(), "{:?}", r.errors);
        serde_json::to_value(&r.metadata).unwrap()
    }

    fn texts(old: &[&str], approved: &[&str], new: &[&str]) -> Vec<(Effect, String)> {
        let approved: Vec<String> = approved.iter().map(|s| s.to_string()).collect();
        changes(
            &Powers::read(&meta(old)).unwrap(),
            &approved,
            &Digests::default(),
            &Powers::read(&meta(new)).unwrap(),
            &Digests::default(),
        )
        .into_iter()
        .map(|c| (c.effect, c.text))
        .collect()
    }

    #[test]
    fn every_way_to_widen_is_listed() {
        const H: &str = "#sha256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";
        let lib = format!("@require https://cdn.example/lib.js{H}");
        let note = format!("@resource note https://cdn.example/note.txt{H}");
        let old = [
            "@version 1.0",
            "@match https://a.example/*",
            "@exclude-match https://a.example/private/*",
            "@include *://b.example/*",
            "@exclude *://b.example/admin/*",
            "@noframes",
            "@run-at document-idle",
            "@grant GM.setValue",
            "@connect api.example.com",
            "@connect *",
            lib.as_str(),
            note.as_str(),
            "@downloadURL https://a.example/s.user.js",
            "@sandbox JavaScript",
        ];
        let new = [
            "@version 2.0",
            "@match https://a.example/*",
            "@match https://bank.example/*",
            "@include *://b.example/*",
            "@run-at document-start",
            "@grant GM.setValue",
            "@grant GM.xmlHttpRequest",
            "@connect api.example.com",
            "@connect *",
            "@connect evil.example",
            "@require https://cdn.example/lib.js",
            "@require https://cdn.example/more.js",
            "@resource note https://cdn.example/other.txt",
            "@downloadURL https://evil.example/s.user.js",
            "@sandbox raw",
        ];
        let got = texts(&old, &["api.example.com"], &new);
        let widens: Vec<&str> = got
            .iter()
            .filter(|(e, _)| *e == Effect::Widens)
            .map(|(_, t)| t.as_str())
            .collect();
        assert_eq!(
            widens,
            [
                "adds page https://bank.example/* (@match)",
                "stops excluding https://a.example/private/* (@exclude-match removed): it may now run there",
                "stops excluding *://b.example/admin/* (@exclude removed): it may now run there",
                "now runs in frames too (@noframes removed)",
                "runs earlier: document-idle → document-start (@run-at)",
                "adds grant GM.xmlHttpRequest",
                "adds host evil.example (@connect)",
                "the code from https://cdn.example/lib.js changed (@require)",
                "adds code from https://cdn.example/more.js (@require)",
                "resource note now comes from https://cdn.example/other.txt, not https://cdn.example/note.txt (@resource)",
                "updates will come from https://evil.example/s.user.js, not https://a.example/s.user.js (@downloadURL)",
            ]
        );
        // The refused `*` is not "unchanged": it is asked for again and stays refused.
        assert!(got.contains(&(
            Effect::Changes,
            "asks again for host * (@connect), which you refused: it stays refused unless you tick it".into()
        )));
        assert!(got.contains(&(Effect::Changes, "version 1.0 → 2.0".into())));
        assert!(got.contains(&(
            Effect::Changes,
            "adds @sandbox raw (not read by Paranoid)".into()
        )));
        // And back: each narrows.
        let back = texts(&new, &["api.example.com", "*", "evil.example"], &old);
        // (A download or update URL that changes is a change of what runs, either way.)
        let back_widens: Vec<&str> = back
            .iter()
            .filter(|(e, _)| *e == Effect::Widens)
            .map(|(_, t)| t.as_str())
            .collect();
        assert_eq!(
            back_widens,
            [
                "the code from https://cdn.example/lib.js changed (@require)",
                "resource note now comes from https://cdn.example/note.txt, not https://cdn.example/other.txt (@resource)",
                "updates will come from https://a.example/s.user.js, not https://evil.example/s.user.js (@downloadURL)",
            ]
        );
        assert!(back.contains(&(
            Effect::Narrows,
            "removes host evil.example (@connect)".into()
        )));
        assert!(back.contains(&(
            Effect::Narrows,
            "no longer runs on https://a.example/private/* (@exclude-match)".into()
        )));
        assert!(back.contains(&(
            Effect::Narrows,
            "runs later: document-start → document-idle (@run-at)".into()
        )));
        assert!(back.contains(&(
            Effect::Narrows,
            "runs in top-level pages only (@noframes added)".into()
        )));
        // Nothing changed: nothing listed.
        assert_eq!(texts(&old, &["api.example.com", "*"], &old), []);
    }

    #[test]
    fn a_download_whose_content_changed_is_listed() {
        let m = [
            "@require https://cdn.example/lib.js",
            "@resource note https://cdn.example/n.txt",
        ];
        let p = Powers::read(&meta(&m)).unwrap();
        let digests = |lib: &str, note: &str| {
            Digests::read(
                &serde_json::json!([{ "url": "https://cdn.example/lib.js", "digest": lib }]),
                &serde_json::json!([{ "name": "note", "url": "https://cdn.example/n.txt", "digest": note }]),
            )
        };
        let got = changes(
            &p,
            &[],
            &digests("sha256-a", "sha256-n"),
            &p,
            &digests("sha256-b", "sha256-m"),
        );
        let texts: Vec<&str> = got.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "the code from https://cdn.example/lib.js changed (@require)",
                "what resource note holds changed (@resource)"
            ]
        );
        assert!(changes(
            &p,
            &[],
            &digests("sha256-a", "sha256-n"),
            &p,
            &digests("sha256-a", "sha256-n")
        )
        .is_empty());
    }

    #[test]
    fn hosts_start_from_what_the_user_approved() {
        let request = serde_json::json!({
            "installed": {
                "metadata": meta(&["@connect *", "@connect api.example.com", "@connect old.example"]),
                "source": "a",
                "from": "https://example.org/s.user.js",
                "connect": ["api.example.com", "old.example"],
            },
            "source": "// ==UserScript==\n// @name S\n// @namespace ns\n// @connect *\n// @connect api.example.com\n// @connect new.example\n// ==/UserScript==\n",
            "from": "https://example.org/s.user.js",
        });
        let a = review(&request).unwrap();
        assert_eq!(
            a["connect"],
            serde_json::json!([
                { "host": "*", "state": "refused" },
                { "host": "api.example.com", "state": "approved" },
                { "host": "new.example", "state": "new" },
            ])
        );
        assert_eq!(a["sameSource"], true);
        assert_eq!(a["sameName"], true);
        assert_eq!(a["origin"], "https://example.org");
    }

    #[test]
    fn a_review_from_another_origin_is_another_script_and_shows_the_code_change() {
        let old_source = "// ==UserScript==\n// @name S\n// @namespace ns\n// @match https://a.example/*\n// ==/UserScript==\nkeep();\n";
        let new_source = "// ==UserScript==\n// @name S\n// @namespace ns\n// @match https://a.example/*\n// ==/UserScript==\nsteal();\nkeep();\nmore();\n";
        let request = serde_json::json!({
            "installed": {
                "metadata": meta(&["@match https://a.example/*"]),
                "source": old_source,
                "from": "https://example.org/s.user.js",
                "connect": [],
            },
            "source": new_source,
            "from": "https://evil.example/s.user.js",
        });
        let a = review(&request).unwrap();
        assert_eq!(a["sameSource"], false);
        assert_eq!(a["origin"], "https://evil.example");
        assert_eq!(
            a["installedOrigins"],
            serde_json::json!(["https://example.org"])
        );
        assert_eq!(
            a["changes"][0]["text"],
            "the code changed: 2 lines added, 0 removed"
        );
        assert_eq!(a["code"]["added"], 2);
        // The same metadata and code: nothing listed.
        let mut same = request.clone();
        same["source"] = Value::from(old_source);
        assert_eq!(review(&same).unwrap()["changes"], serde_json::json!([]));
        // Metadata that does not read is refused; so is a record that is not the stored shape.
        let mut bad = request.clone();
        bad["source"] = Value::from("no block");
        assert!(review(&bad).is_err());
        let mut tampered = request;
        tampered["installed"]["metadata"]["matches"] = Value::from(5);
        assert!(review(&tampered).is_err());
    }

    #[test]
    fn the_code_diff_is_the_shortest_and_reads_as_a_unified_diff() {
        let d = code_diff(
            "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n",
            "a\nb\nc\nX\nd\ne\nf\ng\nh\ni\nJ\n",
        );
        assert_eq!((d.added, d.removed, d.exact, d.cut), (2, 1, true, false));
        let text: Vec<String> = d
            .lines
            .iter()
            .map(|l| format!("{}{}", l.kind, l.text))
            .collect();
        assert_eq!(
            text,
            [
                "@@@ -1,11 +1,12 @@",
                " a",
                " b",
                " c",
                "+X",
                " d",
                " e",
                " f",
                " g",
                " h",
                " i",
                "-j",
                "+J",
                " "
            ]
        );
        // Far apart: two hunks.
        let old: String = (0..40).map(|i| format!("line {i}\n")).collect();
        let new = old
            .replace("line 5\n", "five\n")
            .replace("line 30\n", "thirty\n");
        let d = code_diff(&old, &new);
        assert_eq!((d.added, d.removed), (2, 2));
        assert_eq!(d.lines.iter().filter(|l| l.kind == "@").count(), 2);
        assert_eq!(d.lines[0].text, "@@ -3,7 +3,7 @@");
        // CRLF against LF is no change; identical texts give nothing.
        assert_eq!(code_diff("a\r\nb\r\n", "a\nb\n").lines, []);
        assert_eq!(code_diff("", "").added, 0);
        // Lines inside the metadata block are counted apart from the code's.
        let d = file_diff(
            "// a\n// b\ncode\n",
            (1, 2),
            "// a\n// B\ncode\nmore\n",
            (1, 2),
        );
        assert_eq!((d.added, d.removed, d.metadata_lines), (1, 0, 2));
        // Whole replacement.
        let d = code_diff("x\ny\n", "p\nq\nr\n");
        assert_eq!((d.added, d.removed), (3, 2));
    }

    #[test]
    fn a_diff_too_large_to_search_is_counted_whole_and_cut() {
        let old: String = (0..5000).map(|i| format!("old {i}\n")).collect();
        let new: String = (0..5000).map(|i| format!("new {i}\n")).collect();
        let d = code_diff(&old, &new);
        assert!(!d.exact);
        assert_eq!((d.added, d.removed), (5000, 5000));
        assert!(d.cut);
        assert_eq!(d.lines.len(), DIFF_LINES_MAX);
        // Many scattered changes: past the shortest diff's reach, cut at the unique lines.
        let old: String = (0..20000).map(|i| format!("line {i}\n")).collect();
        let new: String = (0..20000)
            .map(|i| {
                if i % 10 == 0 {
                    format!("changed {i}\n")
                } else {
                    format!("line {i}\n")
                }
            })
            .collect();
        let d = code_diff(&old, &new);
        assert!(!d.exact);
        assert_eq!((d.added, d.removed), (2000, 2000));
        // A long line is cut.
        let d = code_diff("a\n", &format!("{}\n", "x".repeat(5000)));
        assert!(d
            .lines
            .iter()
            .any(|l| l.kind == "+" && l.text.chars().count() == DIFF_LINE_CHARS + 1));
    }
}
