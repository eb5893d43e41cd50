//! Chrome match patterns (`https://*.example.com/*`, `<all_urls>`), read once and answered two
//! ways: [`MatchPattern::matches`] tests a URL, [`MatchPattern::to_regex`] writes a regular
//! expression that accepts exactly the same URLs.
//!
//! Why this exists: per-site quarantine rules name third-party script URLs that must not run in a
//! page (and userscripts' `@match` lines will name pages to run in). One rule is enforced in
//! several places — the browser blocks the request through a `declarativeNetRequest`
//! `regexFilter`, and the extension's JS checks URLs with `new RegExp(...)` or asks the core — and
//! the places must agree, or a script the rule names slips through the one that reads it
//! differently. So the pattern is parsed in one place, here, and its regex is tested against
//! `matches` URL by URL.
//!
//! The grammar is Chrome's (<https://developer.chrome.com/docs/extensions/develop/concepts/match-patterns>):
//! `<all_urls>`, or `scheme://host/path` where the scheme is `*` (http or https), `http`,
//! `https`, `ws`, `wss`, `ftp` or `file` (`file:///path`: no host, and as in Chrome a `file` URL's
//! host is ignored); the host is `*`, `*.example.com` (the domain and all its subdomains) or one
//! host (a name, an IPv4 address or a bracketed IPv6 address), optionally with `:port` or `:*`;
//! and each `*` in the path matches any run of characters. As in Chrome: the path is matched against the URL's path and query, never
//! its fragment; a pattern without a port matches every port, and `:443` matches an `https` URL
//! that leaves its default port out; one trailing dot of a host is ignored (`example.com.` is
//! `example.com`); `*.` never matches inside an IP address. Unlike Chrome, a `file` pattern must
//! be written with an empty host (`file:///…`), and a pattern's host is not canonicalized beyond
//! lowercasing and IPv6's normal form: a host that ends in a number must be a dotted-quad IPv4
//! address, so `*://0x7f.1/*` is refused rather than read as `127.0.0.1`.
//!
//! URLs are expected in the form the browser serializes them (`new URL(u).href`, a request's
//! `url`). A URL that cannot be read unambiguously is refused — it matches nothing — rather than
//! guessed at: anything outside printable ASCII (spaces, controls, unencoded non-ASCII), a
//! backslash in the authority, `%` in a host, an empty host or path, a scheme not listed above.
//! A pattern's host is compared only with the URL's host: the text after the last `@` of the
//! authority (`https://host@evil.com/` is on `evil.com`), before its port, and never any text of
//! the path, query or fragment. The regex reads user names and passwords the same way, so
//! `matches` and the regex agree on every URL, with or without a fragment.

use std::fmt;
use std::net::Ipv6Addr;
use std::str::FromStr;

use crate::url::{glob_matches, is_printable_ascii, Scheme, Url};

/// A parsed match pattern. See the module documentation for what it matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchPattern {
    scheme: SchemePattern,
    host: HostPattern,
    /// `None`: any port (no port in the pattern, or `:*`).
    port: Option<u16>,
    /// Starts with `/`; each `*` matches any run of characters.
    path: String,
}

/// Why a pattern was refused, in words meant for the person who wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError {
    message: String,
}

impl PatternError {
    pub(crate) fn new(message: impl Into<String>) -> PatternError {
        PatternError {
            message: message.into(),
        }
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PatternError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SchemePattern {
    /// `<all_urls>`: every scheme above, any host, port and path.
    AllUrls,
    /// `*`.
    HttpOrHttps,
    One(Scheme),
}

impl SchemePattern {
    fn schemes(self) -> &'static [Scheme] {
        match self {
            SchemePattern::AllUrls => &Scheme::ALL,
            SchemePattern::HttpOrHttps => &[Scheme::Http, Scheme::Https],
            SchemePattern::One(s) => match s {
                Scheme::Http => &[Scheme::Http],
                Scheme::Https => &[Scheme::Https],
                Scheme::Ws => &[Scheme::Ws],
                Scheme::Wss => &[Scheme::Wss],
                Scheme::Ftp => &[Scheme::Ftp],
                Scheme::File => &[Scheme::File],
            },
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum HostPattern {
    /// `*`, and the (ignored) host of `file` patterns.
    Any,
    /// Lowercase, without a trailing dot; or a canonical bracketed IPv6 address.
    Exact(String),
    /// `*.example.com`: `example.com` (lowercase, no trailing dot) and its subdomains.
    Subdomains(String),
}

const SCHEME_LIST: &str = "`*`, `http`, `https`, `ws`, `wss`, `ftp` or `file`";

impl MatchPattern {
    /// Reads a match pattern, or says what is wrong with it.
    pub fn parse(text: &str) -> Result<MatchPattern, PatternError> {
        if text.is_empty() {
            return Err(PatternError::new("the pattern is empty"));
        }
        if text == "<all_urls>" {
            return Ok(MatchPattern {
                scheme: SchemePattern::AllUrls,
                host: HostPattern::Any,
                port: None,
                path: "/*".into(),
            });
        }
        if let Some(c) = text.chars().find(|c| !is_printable_ascii(*c)) {
            return Err(PatternError::new(if c.is_ascii() {
                format!(
                    "the pattern contains whitespace or a control character (U+{:04X}), which \
                     no URL the browser reports contains",
                    c as u32
                )
            } else {
                format!(
                    "the pattern contains `{c}`, which is not ASCII: write a host name in \
                     punycode (`xn--…`) and percent-encode the path, as the browser reports URLs"
                )
            }));
        }
        let Some((scheme_text, rest)) = text.split_once("://") else {
            return Err(PatternError::new(format!(
                "`{text}` has no scheme separator `://`: a pattern looks like \
                 `https://example.com/*` (or is `<all_urls>`)"
            )));
        };
        if scheme_text.is_empty() {
            return Err(PatternError::new(format!(
                "the scheme before `://` is missing: expected {SCHEME_LIST}"
            )));
        }
        let scheme = match scheme_text.to_ascii_lowercase().as_str() {
            "*" => SchemePattern::HttpOrHttps,
            name => SchemePattern::One(Scheme::from_name(name).ok_or_else(|| {
                PatternError::new(format!(
                    "unknown scheme `{scheme_text}`: expected {SCHEME_LIST}"
                ))
            })?),
        };

        if scheme == SchemePattern::One(Scheme::File) {
            if !rest.starts_with('/') {
                return Err(PatternError::new(
                    "a `file` pattern has no host or port: write `file:///path`, with three \
                     slashes",
                ));
            }
            return Ok(MatchPattern {
                scheme,
                host: HostPattern::Any,
                port: None,
                path: parse_path(rest)?,
            });
        }

        let Some(slash) = rest.find('/') else {
            return Err(PatternError::new(if rest.is_empty() {
                format!("nothing follows `{scheme_text}://`: a host and a path are missing")
            } else {
                format!(
                    "the path is missing after the host `{rest}`: add `/*` to match every path \
                     (`{scheme_text}://{rest}/*`)"
                )
            }));
        };
        let (authority, path) = rest.split_at(slash);
        if authority.is_empty() {
            return Err(PatternError::new(format!(
                "the host is empty: write a host name, `*` or `*.example.com` after \
                 `{scheme_text}://`"
            )));
        }
        let (host_text, port_text) = split_host_port(authority)?;
        let port = match port_text {
            None | Some("*") => None,
            Some(p) => Some(parse_port(p)?),
        };
        Ok(MatchPattern {
            scheme,
            host: parse_host(host_text)?,
            port,
            path: parse_path(path)?,
        })
    }

    /// Whether `url` is one the pattern names. A URL that cannot be read unambiguously never is
    /// (see the module documentation).
    pub fn matches(&self, url: &str) -> bool {
        let Some(url) = Url::parse(url) else {
            return false;
        };
        if !self.scheme.schemes().contains(&url.scheme) {
            return false;
        }
        if let Some(host) = &url.host {
            let host_ok = match &self.host {
                HostPattern::Any => true,
                HostPattern::Exact(h) => host.name == *h,
                HostPattern::Subdomains(h) => {
                    host.name == *h
                        || (host.name.len() > h.len() + 1
                            && host.name.ends_with(h.as_str())
                            && host.name.as_bytes()[host.name.len() - h.len() - 1] == b'.')
                }
            };
            if !host_ok || !port_matches(self.port, url.scheme, host.port) {
                return false;
            }
        }
        glob_matches(&self.path, url.path_and_query)
    }

    /// An anchored regular expression (`^…$`) that accepts exactly the URLs [`matches`] does,
    /// also when they carry a fragment. It uses only syntax that RE2 (`declarativeNetRequest`'s
    /// `regexFilter`), JavaScript's `RegExp` (with or without the `u` flag) and Rust's `regex`
    /// read alike: literals with their metacharacters escaped, ASCII ranges in classes, `(?:…)`,
    /// `?` and `*`. No flags are needed: a host's letters are written `[eE]`, and paths are
    /// case-sensitive, as in `matches` (so give DNR `isUrlFilterCaseSensitive: true`; without it
    /// the rule also catches paths that differ in case only).
    ///
    /// Chrome's `declarativeNetRequest` skips a rule whose regex compiles to more than 2 KB. With
    /// RE2 as Chrome configures it that is, measured, a pattern of about 70 to 90 characters
    /// (about 50 for `*://host:443/…`, which needs one alternative per scheme); ask
    /// `declarativeNetRequest.isRegexSupported` before relying on a long one.
    ///
    /// [`matches`]: MatchPattern::matches
    pub fn to_regex(&self) -> String {
        let mut alternatives = Vec::new();
        let schemes = self.scheme.schemes();
        if schemes.contains(&Scheme::File) {
            alternatives.push(format!(
                "{}://{AUTHORITY_CLASS}*",
                scheme_regex(&[Scheme::File])
            ));
        }
        let network: Vec<Scheme> = schemes
            .iter()
            .copied()
            .filter(|s| *s != Scheme::File)
            .collect();
        if !network.is_empty() {
            let host = self.host_regex();
            let ports: Vec<String> = network.iter().map(|s| self.port_regex(*s)).collect();
            let groups: Vec<(&[Scheme], &String)> = if ports.iter().all(|p| *p == ports[0]) {
                vec![(&network[..], &ports[0])]
            } else {
                network
                    .iter()
                    .zip(&ports)
                    .map(|(s, p)| (std::slice::from_ref(s), p))
                    .collect()
            };
            for (schemes, port) in groups {
                alternatives.push(format!(
                    "{}://(?:{AUTHORITY_CLASS}*@)?{host}{port}",
                    scheme_regex(schemes)
                ));
            }
        }
        let mut re = String::from("^");
        if alternatives.len() == 1 {
            re.push_str(&alternatives[0]);
        } else {
            re.push_str("(?:");
            re.push_str(&alternatives.join("|"));
            re.push(')');
        }
        for (i, part) in self.path.split('*').enumerate() {
            if i > 0 {
                re.push_str(PATH_CLASS);
                re.push('*');
            }
            push_escaped(part, false, &mut re);
        }
        re.push_str("(?:#[!-~]*)?$");
        re
    }

    fn host_regex(&self) -> String {
        let mut re = String::new();
        match &self.host {
            HostPattern::Any => {
                re.push_str("(?:");
                re.push_str(HOST_CLASS);
                re.push_str(r"+|\[[0-9A-Fa-f:.]+\])");
            }
            HostPattern::Exact(h) if h.starts_with('[') => push_escaped(h, true, &mut re),
            HostPattern::Exact(h) => {
                push_escaped(h, true, &mut re);
                re.push_str(r"\.?");
            }
            HostPattern::Subdomains(h) => {
                re.push_str("(?:");
                re.push_str(HOST_CLASS);
                re.push_str(r"+\.)?");
                push_escaped(h, true, &mut re);
                re.push_str(r"\.?");
            }
        }
        re
    }

    /// What may follow the host in a URL of `scheme`. Leading zeros are allowed, as in
    /// `matches`; an empty port (`host:/`) is the default one.
    fn port_regex(&self, scheme: Scheme) -> String {
        match self.port {
            None => "(?::[0-9]*)?".into(),
            Some(p) if scheme.default_port() == Some(p) => format!("(?::(?:0*{p})?)?"),
            Some(p) => format!(":0*{p}"),
        }
    }
}

impl FromStr for MatchPattern {
    type Err = PatternError;

    fn from_str(text: &str) -> Result<MatchPattern, PatternError> {
        MatchPattern::parse(text)
    }
}

/// The pattern in its normal form: lowercase scheme and host, canonical IPv6, no trailing dot,
/// `:*` left out. Parsing it gives the same pattern.
impl fmt::Display for MatchPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scheme = match self.scheme {
            SchemePattern::AllUrls => return f.write_str("<all_urls>"),
            SchemePattern::HttpOrHttps => "*",
            SchemePattern::One(s) => s.name(),
        };
        write!(f, "{scheme}://")?;
        match &self.host {
            HostPattern::Any if self.scheme == SchemePattern::One(Scheme::File) => {}
            HostPattern::Any => f.write_str("*")?,
            HostPattern::Exact(h) => f.write_str(h)?,
            HostPattern::Subdomains(h) => write!(f, "*.{h}")?,
        }
        if let Some(p) = self.port {
            write!(f, ":{p}")?;
        }
        f.write_str(&self.path)
    }
}

/// Printable ASCII other than `/ ? # \`: what a URL's user name, password and (ignored) `file`
/// host may contain. It includes `@`, so that the host is what follows the last `@`.
const AUTHORITY_CLASS: &str = r#"[!"$-.0->@-\[\]-~]"#;

/// Printable ASCII other than what ends or splits an authority (`/ ? # \ @ : [ ]`), `%` and the
/// other code points a browser's host parser forbids (`< > ^ |`): what a URL's host name may
/// contain. The same set as [`is_host_byte`](crate::url::is_host_byte).
const HOST_CLASS: &str = r#"[!"$&-.0-9;=A-Z_-{}~]"#;

/// Printable ASCII other than `#`: what a URL's path and query may contain.
const PATH_CLASS: &str = r#"[!"$-~]"#;

/// Appends `text` as a regex literal; with `fold`, letters match either case.
fn push_escaped(text: &str, fold: bool, out: &mut String) {
    for c in text.chars() {
        if fold && c.is_ascii_alphabetic() {
            out.push('[');
            out.push(c.to_ascii_lowercase());
            out.push(c.to_ascii_uppercase());
            out.push(']');
        } else {
            if "\\.+*?()|[]{}^$".contains(c) {
                out.push('\\');
            }
            out.push(c);
        }
    }
}

/// `schemes` as a regex, letters in either case: `[hH][tT][tT][pP][sS]?` for http and https.
fn scheme_regex(schemes: &[Scheme]) -> String {
    let mut parts = Vec::new();
    let mut rest: Vec<Scheme> = schemes.to_vec();
    for (plain, secure) in [(Scheme::Http, Scheme::Https), (Scheme::Ws, Scheme::Wss)] {
        if rest.contains(&plain) && rest.contains(&secure) {
            rest.retain(|s| *s != plain && *s != secure);
            let mut re = String::new();
            push_escaped(plain.name(), true, &mut re);
            re.push_str("[sS]?");
            parts.push(re);
        }
    }
    for s in rest {
        let mut re = String::new();
        push_escaped(s.name(), true, &mut re);
        parts.push(re);
    }
    if parts.len() == 1 {
        parts.remove(0)
    } else {
        format!("(?:{})", parts.join("|"))
    }
}

/// Splits a pattern's authority at its port separator; `[…]` is an IPv6 address.
fn split_host_port(authority: &str) -> Result<(&str, Option<&str>), PatternError> {
    if let Some(address) = authority.strip_prefix("*.").filter(|a| a.starts_with('[')) {
        return Err(wildcard_address(address));
    }
    if authority.starts_with('[') {
        let Some(close) = authority.find(']') else {
            return Err(PatternError::new(format!(
                "the host `{authority}` opens `[` but never closes it: an IPv6 address is \
                 written `[2001:db8::1]`"
            )));
        };
        let (host, after) = authority.split_at(close + 1);
        return match after.strip_prefix(':') {
            _ if after.is_empty() => Ok((host, None)),
            Some(port) => Ok((host, Some(port))),
            None => Err(PatternError::new(format!(
                "unexpected `{after}` after the IPv6 address `{host}`: a port is written \
                 `{host}:8080`"
            ))),
        };
    }
    Ok(match authority.split_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (authority, None),
    })
}

fn parse_port(text: &str) -> Result<u16, PatternError> {
    if text.is_empty() {
        return Err(PatternError::new(
            "the port after `:` is empty: write a number or `*`, or leave out the `:`",
        ));
    }
    if text.len() <= 5 && text.bytes().all(|b| b.is_ascii_digit()) {
        if let Ok(port) = text.parse::<u16>() {
            return Ok(port);
        }
    }
    Err(PatternError::new(format!(
        "invalid port `{text}`: expected a number from 0 to 65535, or `*`"
    )))
}

fn parse_host(text: &str) -> Result<HostPattern, PatternError> {
    if text.is_empty() {
        return Err(PatternError::new(
            "the host before the port is empty: write a host name, `*` or `*.example.com`",
        ));
    }
    if text == "*" {
        return Ok(HostPattern::Any);
    }
    if let Some(domain) = text.strip_prefix("*.") {
        if domain.is_empty() {
            return Err(PatternError::new(
                "nothing follows `*.` in the host: write `*` for every host, or \
                 `*.example.com` for a domain and its subdomains",
            ));
        }
        if domain.contains('*') {
            return Err(wildcard_inside(text));
        }
        // Browsers read a host that ends in a number as an IPv4 address, whatever precedes it.
        if ends_in_number(&domain.to_ascii_lowercase()) {
            return Err(wildcard_address(domain));
        }
        return parse_domain(domain).map(HostPattern::Subdomains);
    }
    if text.contains('*') {
        return Err(wildcard_inside(text));
    }
    if let Some(inside) = text.strip_prefix('[') {
        let inside = inside.strip_suffix(']').unwrap_or(inside);
        let address: Ipv6Addr = inside
            .parse()
            .map_err(|_| PatternError::new(format!("`{text}` is not a valid IPv6 address")))?;
        return Ok(HostPattern::Exact(format!("[{}]", ipv6_text(address))));
    }
    parse_domain(text).map(HostPattern::Exact)
}

fn wildcard_address(address: &str) -> PatternError {
    PatternError::new(format!(
        "`*.` cannot precede an IP address (`{address}`): an address has no subdomains"
    ))
}

fn wildcard_inside(host: &str) -> PatternError {
    PatternError::new(format!(
        "the host `{host}` has a `*` in the middle: `*` may only be the whole host (`*`) or \
         its first label (`*.example.com`)"
    ))
}

/// A host name or IPv4 address, lowercased, with one trailing dot dropped.
fn parse_domain(text: &str) -> Result<String, PatternError> {
    let lower = text.to_ascii_lowercase();
    let host = lower.strip_suffix('.').unwrap_or(&lower);
    if let Some(c) = host
        .chars()
        .find(|c| !matches!(c, 'a'..='z' | '0'..='9' | '-' | '_' | '.'))
    {
        return Err(PatternError::new(match c {
            '@' => format!(
                "the host `{text}` contains `@`: a pattern names a host only, never a user \
                 name or password"
            ),
            _ => format!(
                "the host `{text}` contains `{c}`: a host name is letters, digits, `-`, `_` \
                 and dots"
            ),
        }));
    }
    if host.split('.').any(str::is_empty) {
        return Err(PatternError::new(format!(
            "the host `{text}` has an empty label (a leading dot, or two dots in a row)"
        )));
    }
    if ends_in_number(host) && !is_ipv4(host) {
        return Err(PatternError::new(format!(
            "the host `{text}` ends in a number, so browsers read it as an IPv4 address: write \
             the address as four decimal numbers from 0 to 255 without leading zeros \
             (`192.0.2.1`)"
        )));
    }
    Ok(host.to_string())
}

/// The URL standard's "ends in a number": such a host is parsed as an IPv4 address.
fn ends_in_number(host: &str) -> bool {
    let host = host.strip_suffix('.').unwrap_or(host);
    let last = host.rsplit('.').next().unwrap_or(host);
    if let Some(hex) = last.strip_prefix("0x") {
        return hex.bytes().all(|b| b.is_ascii_hexdigit());
    }
    !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit())
}

/// Four decimal numbers from 0 to 255, no leading zeros: how browsers write an IPv4 host.
fn is_ipv4(host: &str) -> bool {
    let parts: Vec<&str> = host.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.bytes().all(|b| b.is_ascii_digit())
                && (p.len() == 1 || !p.starts_with('0'))
                && p.parse::<u16>().is_ok_and(|n| n <= 255)
        })
}

/// An IPv6 address as the URL standard serializes it: lowercase hex pieces, the first longest
/// run of two or more zero pieces written `::`, never a dotted IPv4 tail.
fn ipv6_text(address: Ipv6Addr) -> String {
    let pieces = address.segments();
    let (mut best, mut best_len) = (None, 1);
    let mut i = 0;
    while i < 8 {
        let run = pieces[i..].iter().take_while(|p| **p == 0).count();
        if run > best_len {
            (best, best_len) = (Some(i), run);
        }
        i += run.max(1);
    }
    let mut out = String::new();
    let mut i = 0;
    while i < 8 {
        if Some(i) == best {
            out.push_str(if i == 0 { "::" } else { ":" });
            i += best_len;
            continue;
        }
        out.push_str(&format!("{:x}", pieces[i]));
        if i < 7 {
            out.push(':');
        }
        i += 1;
    }
    out
}

fn parse_path(path: &str) -> Result<String, PatternError> {
    if path.contains('#') {
        return Err(PatternError::new(format!(
            "the path `{path}` contains `#`: a pattern never matches a URL's fragment"
        )));
    }
    Ok(path.to_string())
}

/// Whether a URL's port (`None`: not written; `Some("")`: `host:`) is the pattern's.
fn port_matches(pattern: Option<u16>, scheme: Scheme, port: Option<&str>) -> bool {
    let Some(want) = pattern else {
        return true;
    };
    match port {
        None | Some("") => scheme.default_port() == Some(want),
        Some(digits) => {
            let significant = digits.trim_start_matches('0');
            let significant = if significant.is_empty() {
                "0"
            } else {
                significant
            };
            significant == want.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Patterns that parse, and their normal form.
    const VALID: &[(&str, &str)] = &[
        ("<all_urls>", "<all_urls>"),
        ("*://*/*", "*://*/*"),
        ("http://*/*", "http://*/*"),
        ("https://example.com/", "https://example.com/"),
        ("HTTPS://Example.COM/Path*", "https://example.com/Path*"),
        ("*://*.example.com/*", "*://*.example.com/*"),
        ("*://*.tracker.example/*", "*://*.tracker.example/*"),
        ("https://example.com./*", "https://example.com/*"),
        ("https://example.com:*/*", "https://example.com/*"),
        ("https://example.com:8080/*", "https://example.com:8080/*"),
        ("*://example.com:443/*", "*://example.com:443/*"),
        ("http://example.com:0/", "http://example.com:0/"),
        ("http://example.com:65535/", "http://example.com:65535/"),
        ("ws://*.example.com/socket", "ws://*.example.com/socket"),
        ("wss://example.com/*", "wss://example.com/*"),
        ("ftp://ftp.example.com/pub/*", "ftp://ftp.example.com/pub/*"),
        ("file:///*", "file:///*"),
        ("file:///home/*/notes.txt", "file:///home/*/notes.txt"),
        ("http://127.0.0.1/*", "http://127.0.0.1/*"),
        ("http://127.0.0.1:3000/*", "http://127.0.0.1:3000/*"),
        ("http://[::1]/*", "http://[::1]/*"),
        ("http://[::1]:8080/*", "http://[::1]:8080/*"),
        ("http://[2001:DB8:0:0:0:0:0:1]/*", "http://[2001:db8::1]/*"),
        ("http://[::ffff:192.0.2.1]/*", "http://[::ffff:c000:201]/*"),
        ("http://[1:0:0:2:0:0:0:3]/*", "http://[1:0:0:2::3]/*"),
        ("http://localhost/*", "http://localhost/*"),
        ("https://my_host-1.example/*", "https://my_host-1.example/*"),
        (
            "https://xn--bcher-kva.example/*",
            "https://xn--bcher-kva.example/*",
        ),
        ("https://*.com/*", "https://*.com/*"),
        ("https://example.com/a?b=*&c", "https://example.com/a?b=*&c"),
        (
            "https://example.com/(x)[y]{z}+.^$|\\",
            "https://example.com/(x)[y]{z}+.^$|\\",
        ),
        ("https://example.com/**", "https://example.com/**"),
        ("https://example.com/:8080", "https://example.com/:8080"),
        ("https://example.com/@evil", "https://example.com/@evil"),
    ];

    /// Patterns that do not, and a piece of what the message must say.
    const INVALID: &[(&str, &str)] = &[
        ("", "the pattern is empty"),
        ("example.com/*", "no scheme separator `://`"),
        ("*.example.com", "no scheme separator `://`"),
        ("https:/example.com/*", "no scheme separator `://`"),
        ("data:text/plain,x", "no scheme separator `://`"),
        ("://example.com/*", "the scheme before `://` is missing"),
        ("chrome://extensions/*", "unknown scheme `chrome`"),
        ("javascript://x/*", "unknown scheme `javascript`"),
        ("h*://example.com/*", "unknown scheme `h*`"),
        ("file://localhost/etc", "a `file` pattern has no host"),
        ("file://*", "a `file` pattern has no host"),
        ("https://", "a host and a path are missing"),
        (
            "https://example.com",
            "the path is missing after the host `example.com`",
        ),
        ("https://*", "the path is missing"),
        ("https:///path", "the host is empty"),
        ("https://:8080/", "the host before the port is empty"),
        ("https://*./*", "nothing follows `*.`"),
        ("https://*foo.com/*", "has a `*` in the middle"),
        ("https://foo.*.com/*", "has a `*` in the middle"),
        ("https://foo.com*/*", "has a `*` in the middle"),
        ("https://*.*.com/*", "has a `*` in the middle"),
        ("https://**/*", "has a `*` in the middle"),
        ("https://example.com:/*", "the port after `:` is empty"),
        ("https://example.com:http/*", "invalid port `http`"),
        ("https://example.com:65536/*", "invalid port `65536`"),
        ("https://example.com:-1/*", "invalid port `-1`"),
        ("https://example.com:80:80/*", "invalid port `80:80`"),
        ("https://example.com:0080000/*", "invalid port `0080000`"),
        ("https://user@example.com/*", "contains `@`"),
        (
            "https://exa mple.com/*",
            "whitespace or a control character (U+0020)",
        ),
        (
            "https://example.com/\t",
            "whitespace or a control character (U+0009)",
        ),
        ("https://bücher.example/*", "`ü`, which is not ASCII"),
        ("https://ex!ample.com/*", "contains `!`"),
        ("https://ex%61mple.com/*", "contains `%`"),
        ("https://example.com?q/*", "contains `?`"),
        ("https://example..com/*", "an empty label"),
        ("https://.example.com/*", "an empty label"),
        ("https://example.com../*", "an empty label"),
        ("https://*.1.2.3.4/*", "`*.` cannot precede an IP address"),
        ("https://*.[::1]/*", "`*.` cannot precede an IP address"),
        ("https://*.0x7f/*", "`*.` cannot precede an IP address"),
        ("https://*.1.2.3.4./*", "`*.` cannot precede an IP address"),
        (
            "https://*.example.0X1F/*",
            "`*.` cannot precede an IP address",
        ),
        ("https://1.2.3/*", "ends in a number"),
        ("https://0x7f.1/*", "ends in a number"),
        ("https://01.2.3.4/*", "ends in a number"),
        ("https://256.1.1.1/*", "ends in a number"),
        ("https://example.123/*", "ends in a number"),
        ("https://[::1/*", "never closes it"),
        ("https://[::1]x/*", "unexpected `x` after the IPv6 address"),
        ("https://[nope]/*", "not a valid IPv6 address"),
        ("https://[]/*", "not a valid IPv6 address"),
        ("https://[fe80::1%25eth0]/*", "not a valid IPv6 address"),
        ("https://[::1]:http/*", "invalid port `http`"),
        ("https://example.com/a#b", "contains `#`"),
    ];

    /// Each pattern with URLs it matches (`true`) and does not (`false`).
    const CASES: &[(&str, &[(&str, bool)])] = &[
        (
            "*://host/*",
            &[
                ("https://host/", true),
                ("http://host/a/b?c=d", true),
                ("HTTPS://HOST/x", true),
                ("https://host./x", true),
                ("https://host:8443/x", true),
                ("https://host:/x", true),
                ("https://host/x#frag", true),
                ("https://user:pass@host/x", true),
                ("https://evil.com@host/x", true),
                ("https://a@b@host/x", true),
                ("https://host/?http://evil/", true),
                // The host of the pattern is only ever the URL's host.
                ("https://x/?http://host/", false),
                ("https://x/#http://host/", false),
                ("https://host.evil.com/", false),
                ("https://evil.com/host/", false),
                ("https://evilhost/", false),
                ("https://host.evil/", false),
                ("https://sub.host/", false),
                ("https://host@evil.com/", false),
                ("https://host:443@evil.com/", false),
                ("https://user:host@evil.com/", false),
                ("https://evil.com\\@host/", false),
                ("https://evil.com\\.host/", false),
                ("https://evil.com?@host/", false),
                ("https://evil.com#@host/", false),
                ("https://evil.com/@host/", false),
                ("https://host%2eevil.com/", false),
                ("https://host../", false),
                ("https://ho st/", false),
                ("https://ho\tst/", false),
                // Not http or https, or not readable.
                ("ftp://host/", false),
                ("ws://host/", false),
                ("file://host/x", false),
                ("javascript://host/%0aalert(1)", false),
                ("https:host/", false),
                ("https:/host/", false),
                ("https:///host/", false),
                ("https://host", false),
                ("https://host?x", false),
                ("https://host#x", false),
                ("https://host:8o/", false),
                ("https://host:80:80/", false),
                ("", false),
                ("host", false),
                (" https://host/", false),
                ("https://host/é", false),
            ],
        ),
        (
            "*://*.example.com/*",
            &[
                ("https://example.com/", true),
                ("http://www.example.com/x", true),
                ("https://a.b.example.com/x", true),
                ("https://A.B.EXAMPLE.COM/x", true),
                ("https://a.example.com./x", true),
                ("https://a.b.example.com:8080/x", true),
                ("https://..example.com/x", true),
                ("https://badexample.com/", false),
                ("https://example.com.evil/", false),
                ("https://example.comm/", false),
                ("https://.example.com/", false),
                ("https://xexample.com/", false),
                ("https://evil.com/.example.com/", false),
                ("https://evil.com/?.example.com", false),
                ("https://a.example.com@evil.com/", false),
                ("https://evil.com\\@a.example.com/", false),
                ("https://example.com%2f.evil/", false),
                ("https://[::1]/", false),
                ("ftp://example.com/", false),
            ],
        ),
        (
            "*://*.tracker.example/*",
            &[
                ("https://cdn.tracker.example/t.js", true),
                ("https://tracker.example/t.js?x=1#y", true),
                ("https://tracker.example.org/t.js", false),
                ("https://mytracker.example/t.js", false),
            ],
        ),
        (
            "*://*/*",
            &[
                ("https://anything/", true),
                ("http://a.b.c:1/x?y#z", true),
                ("http://127.0.0.1/", true),
                ("http://[::1]/", true),
                ("http://[::1]:80/", true),
                ("http://user@[::1]/", true),
                ("http://a!$&'()*+,;=_`{}~-b/", true),
                ("http://x./", true),
                ("http://./", true),
                ("http://[]/", false),
                ("http://[::1/", false),
                ("http://[::1]x/", false),
                ("http://[::g]/", false),
                ("http://a<b/", false),
                ("http://a^b/", false),
                ("http://a|b/", false),
                ("http://a%41/", false),
                ("http://a[b/", false),
                ("ws://a/", false),
                ("file:///x", false),
            ],
        ),
        (
            "https://example.com/",
            &[
                ("https://example.com/", true),
                ("https://example.com/#x", true),
                ("https://example.com/?", false),
                ("https://example.com/x", false),
                ("https://example.com//", false),
                ("http://example.com/", false),
            ],
        ),
        (
            "https://example.com/foo/*",
            &[
                ("https://example.com/foo/", true),
                ("https://example.com/foo/bar/baz", true),
                ("https://example.com/foo/?q", true),
                ("https://example.com/foo", false),
                ("https://example.com/foobar", false),
                ("https://example.com/x/foo/", false),
            ],
        ),
        (
            "https://example.com/*/b*c?d=*",
            &[
                ("https://example.com//bc?d=", true),
                ("https://example.com/a/bxc?d=1", true),
                ("https://example.com/a/b/bxxc?d=1&d=2", true),
                ("https://example.com/a/bc?d=", true),
                ("https://example.com/a/bc?e=", false),
                ("https://example.com/a/bc", false),
                ("https://example.com/a/c?d=", false),
            ],
        ),
        (
            "https://example.com/a.b+c(d)[e]{f}|g^h$i\\j",
            &[
                ("https://example.com/a.b+c(d)[e]{f}|g^h$i\\j", true),
                ("https://example.com/aXb+c(d)[e]{f}|g^h$i\\j", false),
                ("https://example.com/a.bbc(d)[e]{f}|g^h$i\\j", false),
            ],
        ),
        (
            "https://example.com/path?x",
            &[
                ("https://example.com/path?x", true),
                ("https://example.com/pathx", false),
                ("https://example.com/path", false),
            ],
        ),
        (
            "https://example.com/Case",
            &[
                ("https://EXAMPLE.com/Case", true),
                ("https://example.com/case", false),
            ],
        ),
        (
            "https://example.com:8080/*",
            &[
                ("https://example.com:8080/", true),
                ("https://example.com:08080/", true),
                ("https://user@example.com:8080/", true),
                ("https://example.com/", false),
                ("https://example.com:80/", false),
                ("https://example.com:808/", false),
                ("https://example.com:80800/", false),
                ("https://example.com:/", false),
                ("http://example.com:8080/", false),
            ],
        ),
        (
            "https://example.com:443/*",
            &[
                ("https://example.com/", true),
                ("https://example.com:443/", true),
                ("https://example.com:0443/", true),
                ("https://example.com:/", true),
                ("https://example.com:4430/", false),
                ("https://example.com:80/", false),
            ],
        ),
        (
            "*://example.com:80/*",
            &[
                ("http://example.com/", true),
                ("http://example.com:80/", true),
                ("https://example.com:80/", true),
                ("https://example.com/", false),
                ("http://example.com:8080/", false),
            ],
        ),
        (
            "http://example.com:0/",
            &[
                ("http://example.com:0/", true),
                ("http://example.com:000/", true),
                ("http://example.com/", false),
                ("http://example.com:/", false),
                ("http://example.com:10/", false),
            ],
        ),
        (
            "ws://*.example.com/socket",
            &[
                ("ws://live.example.com/socket", true),
                ("WS://example.com:9000/socket#x", true),
                ("wss://live.example.com/socket", false),
                ("http://live.example.com/socket", false),
            ],
        ),
        (
            "wss://example.com/*",
            &[
                ("wss://example.com/", true),
                ("ws://example.com/", false),
                ("https://example.com/", false),
            ],
        ),
        (
            "ftp://ftp.example.com/pub/*",
            &[
                ("ftp://ftp.example.com/pub/file.txt", true),
                ("ftp://anonymous@ftp.example.com:21/pub/", true),
                ("ftp://ftp.example.com/private/", false),
                ("http://ftp.example.com/pub/", false),
            ],
        ),
        (
            "file:///home/*",
            &[
                ("file:///home/me/notes.txt", true),
                ("file://localhost/home/x", true),
                ("file://server/home/x", true),
                ("FILE:///home/#x", true),
                ("file:///etc/passwd", false),
                ("file:/home/x", false),
                ("file://a\\b/home/x", false),
                ("http://host/home/x", false),
            ],
        ),
        (
            "http://127.0.0.1/*",
            &[
                ("http://127.0.0.1/", true),
                ("http://127.0.0.1:8000/x", true),
                ("http://127.0.0.1./", true),
                ("http://127.0.0.10/", false),
                ("http://127.0.0.1.evil/", false),
                ("http://1127.0.0.1/", false),
            ],
        ),
        (
            "http://[::1]/*",
            &[
                ("http://[::1]/", true),
                ("http://[::1]:8080/x", true),
                ("http://u@[::1]/x", true),
                ("http://[::11]/", false),
                ("http://[::1]./", false),
                ("http://[0::1]/", false),
            ],
        ),
        (
            "http://[2001:db8::a]/*",
            &[
                ("http://[2001:db8::a]/", true),
                ("http://[2001:DB8::A]/", true),
                ("http://[2001:db8::b]/", false),
            ],
        ),
        (
            "<all_urls>",
            &[
                ("https://example.com/", true),
                ("http://a/b", true),
                ("ws://a:1/", true),
                ("wss://a/", true),
                ("ftp://a/", true),
                ("file:///x", true),
                ("http://[::1]/", true),
                ("chrome://settings/", false),
                ("data:text/html,x", false),
                ("javascript:alert(1)", false),
                ("about:blank", false),
                ("blob:https://a/1", false),
                ("https://a", false),
            ],
        ),
    ];

    #[test]
    fn valid_patterns_parse_to_their_normal_form() {
        for &(text, normal) in VALID {
            let pattern = MatchPattern::parse(text)
                .unwrap_or_else(|e| panic!("`{text}` should parse, got: {e}"));
            assert_eq!(pattern.to_string(), normal, "{text}");
            assert_eq!(MatchPattern::parse(normal).as_ref(), Ok(&pattern), "{text}");
            assert_eq!(
                text.parse::<MatchPattern>().as_ref(),
                Ok(&pattern),
                "{text}"
            );
        }
    }

    #[test]
    fn invalid_patterns_say_what_is_wrong() {
        for &(text, expected) in INVALID {
            match MatchPattern::parse(text) {
                Ok(p) => panic!("`{text}` should be refused, parsed as {p}"),
                Err(e) => assert!(
                    e.to_string().contains(expected),
                    "`{text}`: {e:?} should mention {expected:?}"
                ),
            }
        }
    }

    #[test]
    fn urls_match_as_the_tables_say() {
        for &(text, urls) in CASES {
            let pattern = MatchPattern::parse(text).expect(text);
            for &(url, expected) in urls {
                assert_eq!(pattern.matches(url), expected, "{text} on {url}");
            }
        }
    }

    /// Every URL of the tables plus some built from pieces: the ones parsing is sensitive to.
    fn all_urls() -> Vec<String> {
        let mut urls: Vec<String> = CASES
            .iter()
            .flat_map(|(_, urls)| urls.iter().map(|(u, _)| u.to_string()))
            .collect();
        let schemes = ["http", "HTTPS", "ws", "wss", "ftp", "file", "chrome"];
        let authorities = [
            "",
            "host",
            "HOST.",
            "a.host",
            "host.evil",
            "u@host",
            "host@evil",
            "a:b@c@host:80",
            "host:",
            "host:443",
            "host:0443",
            "host:8080",
            "example.com",
            "x.example.com",
            "badexample.com",
            "127.0.0.1",
            "[::1]",
            "[::1]:80",
            "h\\st",
            "ho%73t",
        ];
        let tails = ["", "/", "/x", "/?q", "/#f", "?/", "#/", "/a/b*c?d=1#e"];
        for s in schemes {
            for a in authorities {
                for t in tails {
                    urls.push(format!("{s}://{a}{t}"));
                }
            }
        }
        urls
    }

    /// URLs strung together from pieces that end, split or fake an authority, deterministically.
    fn scrambled_urls(count: usize) -> Vec<String> {
        const SCHEMES: &[&str] = &[
            "http://", "https://", "HTTP://", "ws://", "file://", "ftp://",
        ];
        const PIECES: &[&str] = &[
            "host",
            "HOST",
            "example.com",
            "x.",
            ".",
            "..",
            "@",
            ":",
            "80",
            "443",
            "0",
            "/",
            "//",
            "?",
            "#",
            "\\",
            "[",
            "]",
            "[::1]",
            "::1",
            "%2e",
            "*",
            "-",
            "a!b",
            " ",
            "\t",
            "é",
            "127.0.0.1",
            "tracker.example",
            "foo/",
            "bar",
            "b",
            "c?d=",
        ];
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        (0..count)
            .map(|_| {
                let mut url = SCHEMES[next(SCHEMES.len())].to_string();
                for _ in 0..next(9) {
                    url.push_str(PIECES[next(PIECES.len())]);
                }
                url
            })
            .collect()
    }

    /// Every valid pattern of the tables.
    fn all_patterns() -> Vec<MatchPattern> {
        VALID
            .iter()
            .map(|(p, _)| *p)
            .chain(CASES.iter().map(|(p, _)| *p))
            .chain(["*://host/*", "http://host:80/", "https://host:443/*"])
            .map(|p| MatchPattern::parse(p).expect(p))
            .collect()
    }

    #[test]
    fn the_regex_agrees_with_matches() {
        let mut urls = all_urls();
        urls.extend(scrambled_urls(3000));
        for pattern in all_patterns() {
            let source = pattern.to_regex();
            assert!(source.starts_with('^') && source.ends_with('$'), "{source}");
            let re = regex::Regex::new(&source)
                .unwrap_or_else(|e| panic!("{pattern}: bad regex {source}: {e}"));
            for url in &urls {
                assert_eq!(
                    re.is_match(url),
                    pattern.matches(url),
                    "{pattern} on {url:?}: regex {source}"
                );
            }
        }
    }

    #[test]
    fn the_regex_has_the_documented_shape() {
        let p = MatchPattern::parse("*://*.tracker.example/*").unwrap();
        assert_eq!(
            p.to_regex(),
            r#"^[hH][tT][tT][pP][sS]?://(?:[!"$-.0->@-\[\]-~]*@)?(?:[!"$&-.0-9;=A-Z_-{}~]+\.)?[tT][rR][aA][cC][kK][eE][rR]\.[eE][xX][aA][mM][pP][lL][eE]\.?(?::[0-9]*)?/[!"$-~]*(?:#[!-~]*)?$"#
        );
        let p = MatchPattern::parse("*://example.com:443/*").unwrap();
        assert_eq!(
            p.to_regex(),
            r#"^(?:[hH][tT][tT][pP]://(?:[!"$-.0->@-\[\]-~]*@)?[eE][xX][aA][mM][pP][lL][eE]\.[cC][oO][mM]\.?:0*443|[hH][tT][tT][pP][sS]://(?:[!"$-.0->@-\[\]-~]*@)?[eE][xX][aA][mM][pP][lL][eE]\.[cC][oO][mM]\.?(?::(?:0*443)?)?)/[!"$-~]*(?:#[!-~]*)?$"#
        );
    }

    #[test]
    fn regexes_avoid_syntax_re2_or_javascript_lack() {
        for pattern in all_patterns() {
            let re = pattern.to_regex();
            for banned in [
                "(?=", "(?!", "(?<", "\\d", "\\w", "\\s", "\\b", "(?i", "\\x", "\\u",
            ] {
                assert!(!re.contains(banned), "{pattern}: {re} uses {banned}");
            }
        }
    }

    #[test]
    fn ipv6_is_written_as_browsers_write_it() {
        for (text, expected) in [
            ("::", "::"),
            ("::1", "::1"),
            ("1::", "1::"),
            ("1:0:0:0:0:0:0:0", "1::"),
            ("1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8"),
            ("1:0:2:3:4:5:6:7", "1:0:2:3:4:5:6:7"),
            ("1:0:0:2:0:0:3:4", "1::2:0:0:3:4"),
            ("0:0:1:0:0:0:2:0", "0:0:1::2:0"),
            ("FFFF::abcd", "ffff::abcd"),
        ] {
            assert_eq!(ipv6_text(text.parse().unwrap()), expected, "{text}");
        }
    }
}
