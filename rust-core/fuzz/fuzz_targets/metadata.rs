//! Userscript metadata (rust-meta). Input: any text. Invariants: parsing never panics; every
//! pattern and glob it accepted answers `runs_on` for any URL (each input line is tried as one)
//! without panicking; a parsed match pattern's normal form parses back to the same pattern.

#![no_main]

use libfuzzer_sys::fuzz_target;
use paranoid_meta::match_pattern::MatchPattern;
use paranoid_meta::metadata::parse;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let report = parse(text);
    let meta = &report.metadata;
    for line in text.lines().take(16) {
        let _ = meta.runs_on(line.trim());
        let _ = meta.may_connect(line.trim(), "https://page.example/");
    }
    for p in meta.matches.iter().chain(&meta.exclude_matches) {
        assert_eq!(MatchPattern::parse(&p.to_string()).as_ref(), Ok(p), "{p}");
    }
    assert!(report.ok() || !report.errors.is_empty());
});
