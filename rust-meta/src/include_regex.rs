//! `@include /regex/` and `@exclude /regex/`, read so that a host in the expression can only
//! ever match the URL's host.
//!
//! The managers test such an expression against the whole URL text with JavaScript's `RegExp`,
//! so `/https?:\/\/bank\.example\//` also runs on `https://evil.example/?https://bank.example/`:
//! the same host-in-path problem the globs have (see `include_glob`). Here the expression is
//! parsed (by `regex-syntax`, into its syntax tree, never by slicing its text) and each branch
//! of a top-level alternation must read `[^]scheme://host[/path]`, where `://` is written at
//! the top level of the branch and the path starts at the first top-level `/` after it. Each
//! part is regenerated from the tree and matched against the same part of the URL, read as the
//! match patterns read it:
//! - the scheme part against the scheme, anchored at its end (and at its start with `^`, as it
//!   would be in the URL: an unanchored expression is read as if it started at the scheme, which
//!   only ever narrows it);
//! - the host part against the host and port (never the user name), anchored at both ends;
//! - the path part, from its `/`, against the path and query, anchored at its start.
//!
//! Only syntax that means the same in JavaScript (without the `u` flag) and here is accepted,
//! from an allowlist: literals and the escapes both read alike, `.`, `\d \w \s` and their
//! negations, bracketed classes of literals, ranges and those classes, groups (plain,
//! non-capturing, named), alternation, repetition, `\b`, `\B`, `^` first and `$` last. Anything
//! else (look-around, back-references, inline flags, Unicode classes, nested classes and set
//! operations, which JavaScript reads as literal text) is refused with its position. The only
//! flag is `i`. URLs as the browser reports them are ASCII, so the expressions are compiled
//! without Unicode, where `\w`, `\d`, `\s`, `\b` and case folding are ASCII as in JavaScript.
//! Matching is by the `regex` crate, in time linear in the URL: a hostile expression cannot
//! hang the background, and one too large to compile is refused.

use regex::bytes::{Regex, RegexBuilder};
use regex_syntax::ast::{
    self, AssertionKind, Ast, ClassSet, ClassSetItem, GroupKind, HexLiteralKind, LiteralKind,
    SpecialLiteralKind,
};

use crate::match_pattern::PatternError;

/// Deepest nesting of groups and repetitions an expression may have.
const NEST_LIMIT: u32 = 32;
/// Largest compiled program, in bytes, per part (`regex`'s own default is 10 MiB).
const SIZE_LIMIT: usize = 256 * 1024;

/// A parsed `/regex/flags` rule.
#[derive(Clone, Debug)]
pub struct IncludeRegex {
    branches: Vec<Branch>,
}

/// One branch of the top-level alternation, as three regexes over the URL's parts.
#[derive(Clone, Debug)]
struct Branch {
    scheme: Regex,
    authority: Regex,
    /// `None`: the branch says nothing after the host, so any path matches.
    path: Option<Regex>,
}

impl IncludeRegex {
    /// Reads `/body/flags`; `text` starts with `/` and has another `/` after it.
    pub fn parse(text: &str) -> Result<IncludeRegex, PatternError> {
        let (tree, case_insensitive) = read(text)?;
        let branches = match &tree {
            Ast::Alternation(alternation) => alternation.asts.clone(),
            single => vec![single.clone()],
        };
        let branches = branches
            .iter()
            .map(|branch| split_branch(branch, case_insensitive))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(IncludeRegex { branches })
    }

    /// Reads `/body/flags` as the managers do, to be tested against the whole URL text: only
    /// for an `@exclude`, where a rule that matches more excludes more, which is always safe.
    /// The syntax allowlist is the same.
    pub(crate) fn parse_whole(text: &str) -> Result<Regex, PatternError> {
        let (tree, case_insensitive) = read(text)?;
        compile_regex(&print(&tree), case_insensitive)
    }

    /// Whether the URL's parts match any branch.
    pub(crate) fn matches(&self, scheme: &str, authority: &str, path_and_query: &str) -> bool {
        self.branches.iter().any(|b| {
            b.scheme.is_match(scheme.as_bytes())
                && b.authority.is_match(authority.as_bytes())
                && b.path
                    .as_ref()
                    .is_none_or(|p| p.is_match(path_and_query.as_bytes()))
        })
    }
}

/// The expression's tree, its syntax checked, and whether it ignores case.
fn read(text: &str) -> Result<(Ast, bool), PatternError> {
    let err = |m: String| Err(PatternError::new(m));
    let Some(end) = text.rfind('/').filter(|&end| end > 0) else {
        return err(format!("`{text}` is not a regular expression (`/…/`)"));
    };
    let (body, flags) = (&text[1..end], &text[end + 1..]);
    if body.is_empty() {
        return err("the regular expression is empty".into());
    }
    let mut case_insensitive = false;
    for flag in flags.chars() {
        match flag {
            'i' if !case_insensitive => case_insensitive = true,
            'i' => return err("the flag `i` is given twice".into()),
            other => {
                return err(format!(
                    "the flag `{other}` is not read: only `i` (ignore case) means anything \
                         for a rule that names pages"
                ))
            }
        }
    }
    let tree = ast::parse::ParserBuilder::new()
        .nest_limit(NEST_LIMIT)
        .build()
        .parse(body)
        .map_err(|e| {
            PatternError::new(format!(
                "the regular expression cannot be read at column {}: {}",
                e.span().start.column + 1,
                e.kind()
            ))
        })?;
    check_syntax(&tree)?;
    Ok((tree, case_insensitive))
}

/// `printed` compiled as ASCII, within the size and nesting limits.
fn compile_regex(printed: &str, case_insensitive: bool) -> Result<Regex, PatternError> {
    RegexBuilder::new(printed)
        .unicode(false)
        .case_insensitive(case_insensitive)
        .size_limit(SIZE_LIMIT)
        .dfa_size_limit(SIZE_LIMIT)
        .nest_limit(NEST_LIMIT + 4)
        .build()
        .map_err(|e| {
            PatternError::new(match e {
                regex::Error::CompiledTooBig(_) => {
                    "the regular expression is too large".to_string()
                }
                other => format!("the regular expression cannot be compiled: {other}"),
            })
        })
}

/// Refuses, with its column, the first node whose meaning differs between JavaScript and
/// `regex` or that JavaScript does not have.
fn check_syntax(tree: &Ast) -> Result<(), PatternError> {
    let refuse = |span: &ast::Span, what: &str| {
        Err(PatternError::new(format!(
            "{what} (column {}) is not read in a @include or @exclude: write literals, `.`, \
             classes such as `[a-z]` or `\\d`, groups, `|`, repetitions, `^` first and `$` last",
            span.start.column + 1
        )))
    };
    match tree {
        Ast::Empty(_) | Ast::Dot(_) | Ast::ClassPerl(_) => Ok(()),
        Ast::Literal(literal) => check_literal(literal, &refuse),
        Ast::Assertion(assertion) => match assertion.kind {
            AssertionKind::StartLine
            | AssertionKind::EndLine
            | AssertionKind::WordBoundary
            | AssertionKind::NotWordBoundary => Ok(()),
            _ => refuse(&assertion.span, "this assertion"),
        },
        Ast::Flags(flags) => refuse(&flags.span, "an inline flag"),
        Ast::ClassUnicode(class) => refuse(&class.span, "a Unicode class"),
        Ast::ClassBracketed(class) => check_class_set(&class.kind, &refuse),
        Ast::Repetition(repetition) => check_syntax(&repetition.ast),
        Ast::Group(group) => match &group.kind {
            GroupKind::NonCapturing(flags) if !flags.items.is_empty() => {
                refuse(&group.span, "a group with flags")
            }
            GroupKind::CaptureName {
                starts_with_p: true,
                ..
            } => refuse(&group.span, "`(?P<…>`"),
            _ => check_syntax(&group.ast),
        },
        Ast::Alternation(alternation) => alternation.asts.iter().try_for_each(check_syntax),
        Ast::Concat(concat) => concat.asts.iter().try_for_each(check_syntax),
    }
}

fn check_literal(
    literal: &ast::Literal,
    refuse: &impl Fn(&ast::Span, &str) -> Result<(), PatternError>,
) -> Result<(), PatternError> {
    match literal.kind {
        LiteralKind::Verbatim
        | LiteralKind::Meta
        | LiteralKind::Superfluous
        | LiteralKind::HexFixed(HexLiteralKind::X)
        | LiteralKind::HexFixed(HexLiteralKind::UnicodeShort) => Ok(()),
        LiteralKind::Special(
            SpecialLiteralKind::Tab
            | SpecialLiteralKind::LineFeed
            | SpecialLiteralKind::CarriageReturn
            | SpecialLiteralKind::FormFeed
            | SpecialLiteralKind::VerticalTab,
        ) => Ok(()),
        _ => refuse(&literal.span, "this escape"),
    }
}

fn check_class_set(
    set: &ClassSet,
    refuse: &impl Fn(&ast::Span, &str) -> Result<(), PatternError>,
) -> Result<(), PatternError> {
    let item = |item: &ClassSetItem| match item {
        ClassSetItem::Literal(literal) => check_literal(literal, refuse),
        ClassSetItem::Range(range) => {
            check_literal(&range.start, refuse)?;
            check_literal(&range.end, refuse)
        }
        ClassSetItem::Perl(_) => Ok(()),
        ClassSetItem::Empty(span) => refuse(span, "an empty class"),
        ClassSetItem::Ascii(class) => refuse(&class.span, "a `[:name:]` class"),
        ClassSetItem::Unicode(class) => refuse(&class.span, "a Unicode class"),
        ClassSetItem::Bracketed(class) => refuse(&class.span, "a class inside a class"),
        ClassSetItem::Union(_) => unreachable!("unions are flattened below"),
    };
    match set {
        ClassSet::Item(ClassSetItem::Union(union)) => union.items.iter().try_for_each(item),
        ClassSet::Item(single) => item(single),
        ClassSet::BinaryOp(op) => refuse(&op.span, "a class operation (`&&`, `--`, `~~`)"),
    }
}

/// `^(https?:)?\/\/…`, which scripts write to match a URL with or without its scheme: a URL the
/// browser reports always has one, so this is `^(https?):\/\/…`, and it is read so (the group
/// without its `:`, then the `:`). Anything else is left as it is.
fn optional_scheme_first(items: &mut Vec<Ast>) {
    let is_char = |ast: &Ast, c: char| matches!(ast, Ast::Literal(l) if l.c == c);
    if items.len() < 3 || !is_char(&items[1], '/') || !is_char(&items[2], '/') {
        return;
    }
    let Ast::Repetition(repetition) = &items[0] else {
        return;
    };
    let optional = matches!(
        repetition.op.kind,
        ast::RepetitionKind::ZeroOrOne
            | ast::RepetitionKind::Range(ast::RepetitionRange::Bounded(0, 1))
    );
    let Ast::Group(group) = &*repetition.ast else {
        return;
    };
    let Ast::Concat(concat) = &*group.ast else {
        return;
    };
    let Some((last, scheme)) = concat.asts.split_last() else {
        return;
    };
    if !optional || !repetition.greedy || !is_char(last, ':') || scheme.is_empty() {
        return;
    }
    let colon = last.clone();
    let scheme = Ast::group(ast::Group {
        span: group.span,
        kind: group.kind.clone(),
        ast: Box::new(Ast::concat(ast::Concat {
            span: concat.span,
            asts: scheme.to_vec(),
        })),
    });
    items.splice(0..1, [scheme, colon]);
}

/// Splits one branch into its scheme, host and path at the top-level `://` and the first
/// top-level `/` after it, and compiles each part.
fn split_branch(branch: &Ast, case_insensitive: bool) -> Result<Branch, PatternError> {
    let err = |m: &str| Err(PatternError::new(m.to_string()));
    let span = *branch.span();
    let mut items = match branch {
        Ast::Concat(concat) => concat.asts.clone(),
        single => vec![single.clone()],
    };
    let anchored =
        matches!(items.first(), Some(Ast::Assertion(a)) if a.kind == AssertionKind::StartLine);
    if anchored {
        items.remove(0);
    }
    let is_char = |ast: &Ast, c: char| matches!(ast, Ast::Literal(l) if l.c == c);
    if anchored {
        optional_scheme_first(&mut items);
    }
    let Some(separator) = items
        .windows(3)
        .position(|w| is_char(&w[0], ':') && is_char(&w[1], '/') && is_char(&w[2], '/'))
    else {
        return err(
            "each branch of the regular expression must write `:\\/\\/` outside any group, so \
             that it says where the host is: `/^https?:\\/\\/(www\\.)?example\\.com\\//`",
        );
    };
    let mut rest = items.split_off(separator);
    let scheme = items;
    let mut after = rest.split_off(3);
    let path = after
        .iter()
        .position(|ast| is_char(ast, '/'))
        .map(|at| after.split_off(at));
    let host = after;

    let anywhere = |parts: &[&[Ast]], kind: &AssertionKind| {
        parts
            .iter()
            .any(|p| p.iter().any(|a| contains_assertion(a, kind)))
    };
    if anywhere(&[&scheme, &host], &AssertionKind::StartLine)
        || path
            .as_deref()
            .is_some_and(|p| anywhere(&[p], &AssertionKind::StartLine))
    {
        return err("`^` may only start the regular expression (or a branch of it)");
    }
    // In the path, `$` is the end of the path and query, which the path's expression is matched
    // against: the end of the URL as `RegExp` reads it, but for a fragment (as at the end of
    // it). `(\?|$)` after a path is common. Before the path it would end the URL at its host.
    if anywhere(&[&scheme, &host], &AssertionKind::EndLine) {
        return err("`$` may only be in the path of the regular expression (or of a branch of it)");
    }
    if path
        .as_deref()
        .is_some_and(|p| p.iter().any(|a| contains_char(a, '#')))
    {
        return err("the path contains `#`: a @include never matches a URL's fragment");
    }

    let compile = |parts: Vec<Ast>, prefix: &str, suffix: &str| -> Result<Regex, PatternError> {
        let concat = Ast::concat(ast::Concat { span, asts: parts });
        compile_regex(
            &format!("{prefix}(?:{}){suffix}", print(&concat)),
            case_insensitive,
        )
    };
    Ok(Branch {
        scheme: compile(scheme, if anchored { "^" } else { "" }, "$")?,
        authority: compile(host, "^", "$")?,
        path: path.map(|p| compile(p, "^", "")).transpose()?,
    })
}

fn print(tree: &Ast) -> String {
    let mut out = String::new();
    ast::print::Printer::new()
        .print(tree, &mut out)
        .expect("printing into a String cannot fail");
    out
}

fn contains_assertion(tree: &Ast, kind: &AssertionKind) -> bool {
    match tree {
        Ast::Assertion(a) => a.kind == *kind,
        Ast::Repetition(r) => contains_assertion(&r.ast, kind),
        Ast::Group(g) => contains_assertion(&g.ast, kind),
        Ast::Alternation(a) => a.asts.iter().any(|t| contains_assertion(t, kind)),
        Ast::Concat(c) => c.asts.iter().any(|t| contains_assertion(t, kind)),
        _ => false,
    }
}

/// Whether `c` can appear in what the tree matches, as a literal (in or out of a class).
fn contains_char(tree: &Ast, c: char) -> bool {
    let in_item = |item: &ClassSetItem| match item {
        ClassSetItem::Literal(l) => l.c == c,
        ClassSetItem::Range(r) => (r.start.c..=r.end.c).contains(&c),
        _ => false,
    };
    match tree {
        Ast::Literal(l) => l.c == c,
        Ast::ClassBracketed(class) => match &class.kind {
            ClassSet::Item(ClassSetItem::Union(u)) => u.items.iter().any(in_item),
            ClassSet::Item(item) => in_item(item),
            ClassSet::BinaryOp(_) => false,
        },
        Ast::Repetition(r) => contains_char(&r.ast, c),
        Ast::Group(g) => contains_char(&g.ast, c),
        Ast::Alternation(a) => a.asts.iter().any(|t| contains_char(t, c)),
        Ast::Concat(c2) => c2.asts.iter().any(|t| contains_char(t, c)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::include_glob::IncludeGlob;

    /// (rule, URL, matches). Matched through `IncludeGlob`, which reads the URL.
    const CASES: &[(&str, &str, bool)] = &[
        (
            r"/^https?:\/\/example\.com\//",
            "https://example.com/",
            true,
        ),
        (
            r"/^https?:\/\/example\.com\//",
            "http://example.com/a?b#c",
            true,
        ),
        (r"/^https?:\/\/example\.com\//", "ftp://example.com/", false),
        (
            r"/^https?:\/\/example\.com\//",
            "https://www.example.com/",
            false,
        ),
        (
            r"/^https?:\/\/(www\.)?example\.com\/.*$/",
            "https://www.example.com/x",
            true,
        ),
        (
            r"/^https?:\/\/(www\.)?example\.com\/.*$/",
            "https://example.com/",
            true,
        ),
        // The host-in-path problem: never, written anchored or not.
        (
            r"/^https?:\/\/bank\.example\//",
            "https://evil.example/?https://bank.example/",
            false,
        ),
        (
            r"/https?:\/\/bank\.example\//",
            "https://evil.example/?https://bank.example/",
            false,
        ),
        (
            r"/https?:\/\/bank\.example\//",
            "https://evil.example/https://bank.example/",
            false,
        ),
        (
            r"/https?:\/\/bank\.example\//",
            "https://bank.example/",
            true,
        ),
        (
            r"/^https:\/\/.*\.example\.com\//",
            "https://evil.test/a.example.com/",
            false,
        ),
        (
            r"/^https:\/\/.*\.example\.com\//",
            "https://a.b.example.com/",
            true,
        ),
        // A host without a path is the whole host: never a longer one.
        (
            r"/^https:\/\/example\.com/",
            "https://example.com/anything",
            true,
        ),
        (
            r"/^https:\/\/example\.com/",
            "https://example.com.evil.test/",
            false,
        ),
        (
            r"/^https:\/\/example\.com/",
            "https://example.com:8443/",
            false,
        ),
        (
            r"/^https:\/\/example\.com(:\d+)?\//",
            "https://example.com:8443/",
            true,
        ),
        (
            r"/^https:\/\/example\.com\//",
            "https://example.com:443/",
            true,
        ),
        // User names never count as the host.
        (
            r"/^https:\/\/bank\.example\//",
            "https://bank.example@evil.example/",
            false,
        ),
        (
            r"/^https:\/\/[^\/]*bank[^\/]*\//",
            "https://bank.example:pw@evil.example/",
            false,
        ),
        // The path is matched from its `/`, against path and query, never the fragment.
        (
            r"/^https:\/\/x\.com\/a\/[0-9]+$/",
            "https://x.com/a/42",
            true,
        ),
        (
            r"/^https:\/\/x\.com\/a\/[0-9]+$/",
            "https://x.com/a/42#top",
            true,
        ),
        (
            r"/^https:\/\/x\.com\/a\/[0-9]+$/",
            "https://x.com/a/42?x",
            false,
        ),
        (
            r"/^https:\/\/x\.com\/a\/[0-9]+$/",
            "https://x.com/a/b",
            false,
        ),
        (
            r"/^https:\/\/x\.com\/search\?q=\w+/",
            "https://x.com/search?q=cats",
            true,
        ),
        (r"/^https:\/\/x\.com\/Path/", "https://x.com/path", false),
        (r"/^https:\/\/x\.com\/Path/i", "https://x.com/path", true),
        (r"/^HTTPS:\/\/X\.COM\//i", "https://x.com/", true),
        (r"/^HTTPS:\/\/X\.COM\//", "https://x.com/", false),
        // An unanchored scheme part ends at the scheme's end.
        (r"/s:\/\/x\.com\//", "https://x.com/", true),
        (r"/s:\/\/x\.com\//", "http://x.com/", false),
        (r"/.*:\/\/x\.com\//", "wss://x.com/", true),
        // Branches, each read on its own.
        (
            r"/^https:\/\/a\.com\/|^https:\/\/b\.com\/x/",
            "https://b.com/x",
            true,
        ),
        (
            r"/^https:\/\/a\.com\/|^https:\/\/b\.com\/x/",
            "https://b.com/y",
            false,
        ),
        (
            r"/^https:\/\/a\.com\/|^https:\/\/b\.com\/x/",
            "https://a.com/y",
            true,
        ),
        // Groups that reach over the host are read as the host only: narrower, never wider.
        (r"/^https:\/\/(a\.com|b\.com\/x)/", "https://b.com/x", false),
        (r"/^https:\/\/(a\.com|b\.com\/x)/", "https://a.com/", true),
        // Word boundaries read the same at the part's edges as in the whole URL.
        (r"/^https:\/\/\bx\.com\b\/\bp\b/", "https://x.com/p", true),
        (r"/^https:\/\/\bx\.com\b\/\bp\b/", "https://x.com/pq", false),
        // An empty host part is a file URL's empty host.
        (r"/^file:\/\/\/home\//", "file:///home/me", true),
        (r"/^https:\/\/\/x/", "https://x.com/x", false),
        (r"/^file:\/\/[^\/]*\/home\//", "file:///home/me", true),
        (
            r"/^https?:\/\/\x65xample\.com\//",
            "https://example.com/",
            true,
        ),
        (
            r"/^https?:\/\/\u0065xample\.com\//",
            "https://example.com/",
            true,
        ),
        (r"/^https:\/\/(?<site>x)\.com\//", "https://x.com/", true),
        (
            r"/^https:\/\/x\.com\/(?:a|b)+?c/",
            "https://x.com/abac",
            true,
        ),
        (r"/^https:\/\/x\.com\/a{2,3}$/", "https://x.com/aaa", true),
        (r"/^https:\/\/x\.com\/a{2,3}$/", "https://x.com/aaaa", false),
        (r"/^https:\/\/x\.com\/[\w-]+$/", "https://x.com/a-b_c", true),
        (r"/^https:\/\/x\.com\/[\w-]+$/", "https://x.com/a.b", false),
        // A scheme that may be left out, as a protocol-relative address: a URL has one.
        (
            r"/^(https?:)?\/\/(www\.)?example\.com\//",
            "https://www.example.com/",
            true,
        ),
        (
            r"/^(https?:)?\/\/(www\.)?example\.com\//",
            "http://example.com/a",
            true,
        ),
        (
            r"/^(https?:)?\/\/(www\.)?example\.com\//",
            "ftp://example.com/",
            false,
        ),
        (
            r"/^(https?:)?\/\/example\.com\//",
            "https://evil.test/?//example.com/",
            false,
        ),
        (
            r"/^(?:https?:)?\/\/example\.com\//",
            "https://example.com/",
            true,
        ),
    ];

    #[test]
    fn regex_rules_match_by_part() {
        for &(text, url, want) in CASES {
            let rule = IncludeGlob::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(rule.matches(url), want, "{text} on {url}");
        }
    }

    #[test]
    fn regex_rules_that_are_ambiguous_or_read_differently_are_refused() {
        for (text, says) in [
            (r"/example\.com/", r"`:\/\/`"),
            (r"/(https:\/\/example\.com\/)/", r"`:\/\/`"),
            (r"/(https?:)?\/\/example\.com\//", r"`:\/\/`"),
            (r"/^(https?:)*\/\/example\.com\//", r"`:\/\/`"),
            (r"/^(http:|https:)?\/\/example\.com\//", r"`:\/\/`"),
            (r"/^https:\/\/^evil\.com\//", "`^` may only start"),
            (r"/^https:\/\/(^evil|x)\.com\//", "`^` may only start"),
            (r"/^https:\/\/x\.com$/", "`$` may only be in the path"),
            (r"/^https:\/\/x\.com($|\/)/", "`$` may only be in the path"),
            (r"/^https:\/\/x\.com\/a$|b/", r"`:\/\/`"),
            (r"/^https:\/\/x\.com\/#top/", "fragment"),
            (r"/^https:\/\/x\.com\/(?=a)/", "cannot be read"),
            (r"/^https:\/\/x\.com\/(a)\1/", "cannot be read"),
            (r"/^https:\/\/x\.com\/(?i)a/", "inline flag"),
            (r"/^https:\/\/x\.com\/(?i:a)/", "group with flags"),
            (r"/^https:\/\/x\.com\/\pL/", "Unicode class"),
            (r"/^https:\/\/x\.com\/[[:alpha:]]/", "`[:name:]`"),
            (r"/^https:\/\/x\.com\/[a[b]]/", "class inside a class"),
            (r"/^https:\/\/x\.com\/[a-z&&b]/", "class operation"),
            (r"/^https:\/\/x\.com\/\Aa/", "assertion"),
            (r"/^https:\/\/x\.com\/a\z/", "assertion"),
            (r"/^https:\/\/x\.com\/\x{41}/", "escape"),
            (r"/^https:\/\/x\.com\/\a/", "escape"),
            (r"/^https:\/\/x\.com\/(?P<n>a)/", "`(?P<…>`"),
            (r"/^https:\/\/x\.com\//g", "flag `g`"),
            (r"/^https:\/\/x\.com\//ii", "twice"),
            (r"//", "empty"),
            (
                r"/^https:\/\/x\.com\/(((((((((((((((((((((((((((((((((a)))))))))))))))))))))))))))))))))/",
                "cannot be read",
            ),
            (r"/^https:\/\/x\.com\/((a{100}){100}){100}/", "too large"),
        ] {
            let e = IncludeGlob::parse(text).expect_err(text);
            assert!(e.message().contains(says), "{text}: {e}");
        }
    }
}
