//! `@version` comparison, for update checks: is what the author serves now newer than what is
//! installed?
//!
//! The managers compare versions as Firefox's toolkit does (Greasemonkey uses it directly; the
//! others follow it closely), so authors write versions for that order. A version is parts split
//! on `.`; each part is `<number><letters><number><rest>`, every piece optional. Parts compare
//! piece by piece: numbers as numbers (missing is 0), strings bytewise, except that a missing
//! string is *greater* than any present one, so that `1.0` is newer than `1.0beta`/`1.0pre2`.
//! Missing parts are `0` (`1.0` equals `1.0.0`). A part that ends in `+` after its number stands
//! for the next number with `pre` (`1.0+` is `1.1pre`, `1.+` too), as in the toolkit.
//!
//! What this decides is only whether to *offer* an update: applying one always goes through the
//! install page, which shows the new grants and hosts before anything is stored.

use std::cmp::Ordering;

/// One part: `<a><b><c><d>`.
#[derive(Debug, PartialEq, Eq)]
struct Part<'a> {
    a: u64,
    b: Option<&'a str>,
    c: u64,
    d: Option<&'a str>,
}

/// Numbers too long for u64 saturate: an author who writes 25 digits gets "very large".
fn number(s: &str) -> (u64, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let n = s[..end].bytes().fold(0u64, |n, d| {
        n.saturating_mul(10).saturating_add(u64::from(d - b'0'))
    });
    (n, &s[end..])
}

/// The letters up to the next digit (the toolkit's `strpbrk(part, "0123456789+-")`).
fn letters(s: &str) -> (Option<&str>, &str) {
    let end = s
        .find(|c: char| c.is_ascii_digit() || c == '+' || c == '-')
        .unwrap_or(s.len());
    match end {
        0 => (None, s),
        _ => (Some(&s[..end]), &s[end..]),
    }
}

fn part(text: &str) -> Part<'_> {
    let (a, rest) = number(text);
    if rest == "+" {
        // `N+` is `(N+1)pre`, and `+` alone `1pre`, as in the toolkit.
        return Part {
            a: a.saturating_add(1),
            b: Some("pre"),
            c: 0,
            d: None,
        };
    }
    let (b, rest) = letters(rest);
    let (c, rest) = number(rest);
    let d = (!rest.is_empty()).then_some(rest);
    Part { a, b, c, d }
}

fn parts(version: &str) -> Vec<Part<'_>> {
    version.trim().split('.').map(part).collect()
}

/// A missing string sorts after every present one.
fn compare_strings(x: Option<&str>, y: Option<&str>) -> Ordering {
    match (x, y) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
        (Some(x), Some(y)) => x.cmp(y),
    }
}

fn compare_parts(x: &Part, y: &Part) -> Ordering {
    x.a.cmp(&y.a)
        .then_with(|| compare_strings(x.b, y.b))
        .then_with(|| x.c.cmp(&y.c))
        .then_with(|| compare_strings(x.d, y.d))
}

/// How `x` orders against `y` as versions.
pub fn compare(x: &str, y: &str) -> Ordering {
    let (xs, ys) = (parts(x), parts(y));
    let zero = Part {
        a: 0,
        b: None,
        c: 0,
        d: None,
    };
    for i in 0..xs.len().max(ys.len()) {
        let order = compare_parts(xs.get(i).unwrap_or(&zero), ys.get(i).unwrap_or(&zero));
        if order != Ordering::Equal {
            return order;
        }
    }
    Ordering::Equal
}

/// Whether `offered` is an update to `installed`. A script installed without a version gets an
/// offer for any version; a served script without one is never an update (nothing says it is
/// newer).
pub fn is_newer(offered: Option<&str>, installed: Option<&str>) -> bool {
    match (offered, installed) {
        (None, _) => false,
        (Some(_), None) => true,
        (Some(o), Some(i)) => compare(o, i) == Ordering::Greater,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each version is older than the next: the toolkit's documented examples, plus what
    /// userscript authors write (dates, long numbers).
    const ASCENDING: &[&str] = &[
        "1.0pre1",
        "1.0pre2",
        "1.0",
        "1.0.1",
        "1.1pre",
        "1.1pre1a",
        "1.1pre1",
        "1.1pre10a",
        "1.1pre10",
        "1.1",
        "1.10",
        "2.0b1",
        "2.0",
        "2.1",
        "2024.1.5",
        "2024.12.31",
        "99999999999999999999999",
    ];

    #[test]
    fn versions_order_as_the_toolkit_orders_them() {
        for (i, x) in ASCENDING.iter().enumerate() {
            for (j, y) in ASCENDING.iter().enumerate() {
                assert_eq!(compare(x, y), i.cmp(&j), "{x} vs {y}");
            }
        }
    }

    #[test]
    fn equal_spellings_are_equal() {
        for (x, y) in [
            ("1.0", "1.0.0"),
            ("1", "1.0.0.0"),
            ("1.0+", "1.1pre"),
            ("1.+", "1.1pre"),
            ("1.", "1.0"),
            ("", "0"),
            (" 1.2 ", "1.2"),
        ] {
            assert_eq!(compare(x, y), Ordering::Equal, "{x} vs {y}");
        }
    }

    #[test]
    fn only_a_newer_served_version_is_an_update() {
        assert!(is_newer(Some("1.1"), Some("1.0")));
        assert!(!is_newer(Some("1.0"), Some("1.0")));
        assert!(!is_newer(Some("0.9"), Some("1.0")));
        assert!(!is_newer(Some("1.0beta"), Some("1.0")));
        assert!(is_newer(Some("1.0"), None));
        assert!(!is_newer(None, Some("1.0")));
        assert!(!is_newer(None, None));
    }
}
