//! Match patterns and `@include` globs (rust-meta). Input: a pattern, a newline, a URL.
//! Invariants: nothing panics; a pattern's normal form parses back to the same pattern; and the
//! regex it compiles to (what the network rules enforce) accepts the URL exactly when `matches`
//! does, so the two enforcement points cannot disagree.

#![no_main]

use libfuzzer_sys::fuzz_target;
use paranoid_meta::include_glob::IncludeGlob;
use paranoid_meta::match_pattern::MatchPattern;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (pattern, url) = text.split_once('\n').unwrap_or((text, "https://example.com/"));
    if let Ok(glob) = IncludeGlob::parse(pattern) {
        let _ = glob.matches(url);
    }
    let Ok(p) = MatchPattern::parse(pattern) else {
        return;
    };
    assert_eq!(MatchPattern::parse(&p.to_string()).as_ref(), Ok(&p), "{p}");
    let regex = regex::Regex::new(&p.to_regex()).expect("the regex compiles");
    assert_eq!(regex.is_match(url), p.matches(url), "{p} on {url:?}: regex {}", p.to_regex());
});
