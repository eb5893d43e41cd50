//! `@include` and `@exclude` globs, as the common userscript managers read them, with one
//! difference that matters: a glob's host is compared with the URL's host only.
//!
//! A glob is `*` (every URL), or `scheme://authority/path` where `*` matches any run of
//! characters *within its part*: in the scheme, within the host and port, or within the path and
//! query. The managers match a glob against the whole URL text, so `*://bank.example/*` also
//! matches `https://evil.example/?https://bank.example/`, and `http://*.example.com/*` matches
//! `http://evil.test/x.example.com/`: a script written for one site runs on any site that puts
//! that site's name in a path. Here the URL is read as the match patterns read it (the host
//! after the last `@`, lowercase, one trailing dot dropped, a default port left out) and each
//! part of the glob is matched against the same part of the URL.
//!
//! Forms the managers accept that are refused here, each with a message saying what to write:
//! - a glob without `://` other than `*` and a bare scheme prefix such as `http*`: in
//!   `*example.com*` nothing says where the host is;
//! - `.tld` (it needs the public suffix list, which Paranoid does not ship).
//!
//! A rule written as a regular expression (`/…/`) is read by `include_regex`, part by part too.
//!
//! A glob without a path (`http://example.com`) names the site's root page, `/`; one whose host
//! ends in `*` and has no path (`http://example.com*`) names every path. The fragment is never
//! looked at, as for match patterns.

use std::fmt;

use crate::include_regex::IncludeRegex;
use crate::match_pattern::PatternError;
use crate::url::{glob_matches, is_printable_ascii, Url};

/// A parsed `@include`/`@exclude` glob. See the module documentation for what it matches.
#[derive(Clone, Debug)]
pub struct IncludeGlob {
    text: String,
    form: Form,
}

#[derive(Clone, Debug)]
enum Form {
    /// `*`.
    Any,
    /// `http*`: every URL whose scheme starts with these letters (lowercase).
    SchemePrefix(String),
    /// Each part lowercase but the path; each `*` matches within its part.
    Parts {
        scheme: String,
        authority: String,
        path: String,
    },
    /// `/regex/flags`.
    Regex(IncludeRegex),
    /// An `@exclude` the parts cannot be read from, tested against the whole URL text as the
    /// managers test it (excluding more is always safe): a glob, lowercase, each `*` any run
    /// of characters, compared ASCII-case-insensitively…
    WholeGlob(String),
    /// …or a regular expression, searched for anywhere in the URL.
    WholeRegex(regex::bytes::Regex),
}

/// Two rules are the same when they are written the same.
impl PartialEq for IncludeGlob {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for IncludeGlob {}

impl IncludeGlob {
    /// Reads a glob, or says what is wrong with it and what to write instead.
    pub fn parse(text: &str) -> Result<IncludeGlob, PatternError> {
        let form = parse_form(text)?;
        Ok(IncludeGlob {
            text: text.to_string(),
            form,
        })
    }

    /// Reads an `@exclude`: as [`IncludeGlob::parse`] does, or, when the parts cannot be told
    /// apart (a glob without `://`, a regular expression that does not say where the host is),
    /// as a rule on the whole URL text, as the managers read it; the flag says which. Refused
    /// as an `@include` would be for anything else (syntax, non-ASCII, `.tld`).
    pub fn parse_exclude(text: &str) -> Result<(IncludeGlob, bool), PatternError> {
        let parts = match IncludeGlob::parse(text) {
            Ok(glob) => return Ok((glob, false)),
            Err(e) => e,
        };
        let form = if text.starts_with('/') {
            Form::WholeRegex(IncludeRegex::parse_whole(text)?)
        } else if text.chars().all(is_printable_ascii) && !text.contains("://") {
            Form::WholeGlob(text.to_ascii_lowercase())
        } else {
            return Err(parts);
        };
        Ok((
            IncludeGlob {
                text: text.to_string(),
                form,
            },
            true,
        ))
    }

    /// The glob as it was written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether `url` is one the glob names. A URL that cannot be read unambiguously never is.
    pub fn matches(&self, url: &str) -> bool {
        let Some(parsed) = Url::parse(url) else {
            return false;
        };
        let url_authority = || {
            parsed
                .host
                .as_ref()
                .map(|h| h.authority(parsed.scheme))
                .unwrap_or_default()
        };
        match &self.form {
            Form::Any => true,
            Form::Regex(regex) => regex.matches(
                parsed.scheme.name(),
                &url_authority(),
                parsed.path_and_query,
            ),
            Form::SchemePrefix(prefix) => parsed.scheme.name().starts_with(prefix.as_str()),
            Form::WholeGlob(glob) => glob_matches(glob, &url.to_ascii_lowercase()),
            Form::WholeRegex(regex) => regex.is_match(url.as_bytes()),
            Form::Parts {
                scheme,
                authority,
                path,
            } => {
                glob_matches(scheme, parsed.scheme.name())
                    && glob_matches(authority, &url_authority())
                    && glob_matches(path, parsed.path_and_query)
            }
        }
    }
}

impl fmt::Display for IncludeGlob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

fn parse_form(text: &str) -> Result<Form, PatternError> {
    let err = |m: String| Err(PatternError::new(m));
    if text.is_empty() {
        return err("the glob is empty".into());
    }
    if let Some(c) = text.chars().find(|c| !is_printable_ascii(*c)) {
        return err(if c.is_ascii() {
            format!(
                "the glob contains whitespace or a control character (U+{:04X}), which no URL \
                 the browser reports contains",
                c as u32
            )
        } else {
            format!(
                "the glob contains `{c}`, which is not ASCII: write a host name in punycode \
                 (`xn--…`) and percent-encode the path, as the browser reports URLs"
            )
        });
    }
    if text.starts_with('/') {
        return IncludeRegex::parse(text).map(Form::Regex);
    }
    if text == "*" {
        return Ok(Form::Any);
    }
    let Some((scheme, rest)) = text.split_once("://") else {
        if let Some(prefix) = text.strip_suffix('*') {
            if !prefix.is_empty() && prefix.bytes().all(|b| b.is_ascii_alphabetic()) {
                return Ok(Form::SchemePrefix(prefix.to_ascii_lowercase()));
            }
        }
        return err(format!(
            "`{text}` has no `://`, so nothing says which part is the host: write \
             `*://example.com/*` for a site, `*://*.example.com/*` for it and its subdomains"
        ));
    };
    if scheme.is_empty() || !scheme.bytes().all(|b| b.is_ascii_alphabetic() || b == b'*') {
        return err(format!(
            "`{scheme}` is not a scheme: write letters, `*` for any scheme (`*://example.com/*`)"
        ));
    }
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(end);
    if !path.is_empty() && !path.starts_with('/') {
        return err(format!(
            "the host `{authority}` must be followed by a path starting with `/` \
             (`{scheme}://{authority}/{}`)",
            &path[1..]
        ));
    }
    if authority.contains('@') || authority.contains('\\') {
        return err(format!(
            "the host `{authority}` contains `@` or `\\`: a glob names a host, never a user name"
        ));
    }
    let authority = authority.to_ascii_lowercase();
    if authority.split(['.', ':']).any(|label| label == "tld") && authority.contains(".tld") {
        return err(format!(
            "`.tld` in `{authority}` stands for every public suffix, which needs a list Paranoid \
             does not ship: name the domains, one @include or @match each"
        ));
    }
    if path.contains('#') {
        return err(format!(
            "the path `{path}` contains `#`: a glob never matches a URL's fragment"
        ));
    }
    let path = match path {
        "" if authority.ends_with('*') => "/*".to_string(),
        "" => "/".to_string(),
        p => p.to_string(),
    };
    Ok(Form::Parts {
        scheme: scheme.to_ascii_lowercase(),
        authority,
        path,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glob(text: &str) -> IncludeGlob {
        IncludeGlob::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// (glob, URL, matches)
    const CASES: &[(&str, &str, bool)] = &[
        ("*", "https://example.com/", true),
        ("*", "file:///etc/passwd", true),
        ("*", "not a url", false),
        ("http*", "http://example.com/", true),
        ("http*", "https://example.com/", true),
        ("https*", "http://example.com/", false),
        ("*://example.com/*", "https://example.com/", true),
        ("*://example.com/*", "http://example.com/a/b?c#d", true),
        ("*://example.com/*", "https://EXAMPLE.com./x", true),
        ("*://example.com/*", "https://example.com:443/x", true),
        ("*://example.com/*", "https://example.com:8443/x", false),
        ("*://example.com:*/*", "https://example.com:8443/x", true),
        ("*://example.com:*/*", "https://example.com/x", false),
        ("*://example.com/*", "https://www.example.com/", false),
        ("*://*.example.com/*", "https://www.example.com/", true),
        ("*://*.example.com/*", "https://a.b.example.com/", true),
        // A glob, unlike a match pattern: `*.` needs something before the dot.
        ("*://*.example.com/*", "https://example.com/", false),
        ("*://*example.com/*", "https://notexample.com/", true),
        // The case that motivated reading globs by URL part: the host is never found in the
        // query or path.
        ("*://host/*", "https://x/?http://host/", false),
        (
            "*://bank.example/*",
            "https://evil.example/?https://bank.example/",
            false,
        ),
        (
            "http://*.example.com/*",
            "http://evil.test/x.example.com/",
            false,
        ),
        (
            "*://*/*.example.com/*",
            "http://evil.test/x.example.com/y",
            true,
        ),
        // User names never count as the host.
        (
            "*://bank.example/*",
            "https://bank.example@evil.example/",
            false,
        ),
        (
            "*://evil.example/*",
            "https://bank.example@evil.example/",
            true,
        ),
        (
            "*://bank.example/*",
            "https://bank.example:pw@evil.example/",
            false,
        ),
        (
            "*://*bank.example*/*",
            "https://bank.example:pw@evil.example/",
            false,
        ),
        ("http://example.com", "http://example.com/", true),
        ("http://example.com", "http://example.com/page", false),
        ("http://example.com*", "http://example.com/page", true),
        ("http://example.com*", "http://example.com.evil.test/", true),
        ("https://example.com/a*b", "https://example.com/a-x-b", true),
        (
            "https://example.com/a*b",
            "https://example.com/a-x-bc",
            false,
        ),
        (
            "https://example.com/search?q=*",
            "https://example.com/search?q=cats",
            true,
        ),
        (
            "https://example.com/Path*",
            "https://example.com/path",
            false,
        ),
        ("HTTPS://EXAMPLE.COM/*", "https://example.com/", true),
        ("file:///home/*", "file:///home/me/notes.txt", true),
        ("file:///home/*", "https://home/x", false),
        ("*://*/*", "https://example.com/", true),
        ("*://*/*", "file:///x", true),
    ];

    #[test]
    fn globs_match_by_part() {
        for &(text, url, want) in CASES {
            assert_eq!(glob(text).matches(url), want, "{text} on {url}");
        }
    }

    #[test]
    fn ambiguous_and_unsupported_globs_are_refused_with_advice() {
        for (text, says) in [
            ("", "empty"),
            ("*example.com*", "no `://`"),
            ("example.com", "no `://`"),
            ("*.example.com/*", "no `://`"),
            ("/example\\.com/", "`:\\/\\/`"),
            ("*://www.google.tld/*", "`.tld`"),
            ("*://example.com?x", "followed by a path"),
            ("*://user@example.com/*", "user name"),
            ("*://example.com/#x", "fragment"),
            ("h-t://example.com/", "not a scheme"),
            ("://example.com/", "not a scheme"),
            ("https://exa mple.com/", "whitespace"),
            ("https://bücher.example/", "not ASCII"),
        ] {
            let e = IncludeGlob::parse(text).expect_err(text);
            assert!(e.message().contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn a_glob_is_shown_as_written() {
        assert_eq!(
            glob("HTTP://Example.com/*").to_string(),
            "HTTP://Example.com/*"
        );
    }
}
