//! The URLs a userscript's metadata names for code and data it needs (`@require`, `@resource`)
//! or for its updates (`@updateURL`, `@downloadURL`), and the hash that pins a download.
//!
//! `@require` and `@resource` are fetched once, at install, and stored: never refetched behind
//! the user's back. A hash in the URL's fragment, in any of the forms the managers accept
//! (`#sha256=HEX`, `#sha256=BASE64`, the SRI form `#sha256-BASE64`, a list such as
//! `#md5=…,sha256=…`), must match what was fetched; the strongest SHA-2 in the list is the one
//! checked. MD5 and SHA-1 alone do not pin anything (collisions are cheap), so they are refused.
//!
//! Only `https:` URLs are fetched: over `http:` a network attacker could swap the code. An
//! `http:` `@require` or `@resource` is accepted only with a hash, which then detects the swap.
//! Loopback hosts (`localhost`, `127.0.0.1`, `[::1]`) count as secure, as in the browser's own
//! rule for secure contexts: no network sits between the user and them.

use serde::Serialize;

/// A URL to fetch at install, and the hash its content must have.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pinned {
    /// Without the fragment.
    pub url: String,
    /// `sha256-…`, `sha384-…` or `sha512-…` (standard base64, padded): the form
    /// `crypto.subtle.digest` output is compared in.
    pub integrity: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Algorithm {
    Sha256,
    Sha384,
    Sha512,
}

impl Algorithm {
    fn parse(name: &str) -> Option<Algorithm> {
        match name.to_ascii_lowercase().as_str() {
            "sha256" => Some(Algorithm::Sha256),
            "sha384" => Some(Algorithm::Sha384),
            "sha512" => Some(Algorithm::Sha512),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Algorithm::Sha256 => "sha256",
            Algorithm::Sha384 => "sha384",
            Algorithm::Sha512 => "sha512",
        }
    }

    fn bytes(self) -> usize {
        match self {
            Algorithm::Sha256 => 32,
            Algorithm::Sha384 => 48,
            Algorithm::Sha512 => 64,
        }
    }
}

/// Reads a `@require` or `@resource` URL with its optional hash.
pub fn parse_pinned(text: &str) -> Result<Pinned, String> {
    let (url, fragment) = match text.split_once('#') {
        Some((url, fragment)) => (url, Some(fragment)),
        None => (text, None),
    };
    let secure = check_url(url)?;
    let integrity = match fragment {
        None | Some("") => None,
        Some(fragment) => Some(parse_integrity(fragment)?),
    };
    if !secure && integrity.is_none() {
        return Err(format!(
            "`{url}` is fetched over plain http, where anyone on the network can change it: use \
             https, or pin it with a hash (`#sha256=…`)"
        ));
    }
    Ok(Pinned {
        url: url.to_string(),
        integrity,
    })
}

/// Reads an `@updateURL` or `@downloadURL`: https only (an update replaces the code).
pub fn parse_update_url(text: &str) -> Result<String, String> {
    if !check_url(text)? {
        return Err(format!(
            "`{text}` is plain http: updates come only over https, since an update replaces the \
             script's code"
        ));
    }
    Ok(text.to_string())
}

/// An absolute http(s) URL with a host and no user name; returns whether no network attacker
/// can change what it serves (https, or http to a loopback host).
fn check_url(url: &str) -> Result<bool, String> {
    if let Some(c) = url.chars().find(|c| !c.is_ascii_graphic()) {
        return Err(format!(
            "the URL contains `{}`, which a URL cannot contain unencoded",
            c.escape_default()
        ));
    }
    let Some((scheme, rest)) = url.split_once("://") else {
        return Err(format!(
            "`{url}` is not an absolute URL: write it in full (`https://example.com/lib.js`)"
        ));
    };
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "https" && scheme != "http" {
        return Err(format!("`{url}`: only https URLs are fetched"));
    }
    let authority = &rest[..rest.find(['/', '?']).unwrap_or(rest.len())];
    if authority.is_empty() {
        return Err(format!("`{url}` has no host"));
    }
    if authority.contains('@') || authority.contains('\\') {
        return Err(format!(
            "`{url}` has a user name or `\\` before its host, which hides where it points"
        ));
    }
    let host = match authority.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => authority.split(':').next().unwrap_or(""),
    }
    .to_ascii_lowercase();
    let loopback = matches!(host.as_str(), "localhost" | "127.0.0.1" | "::1");
    Ok(scheme == "https" || loopback)
}

fn parse_integrity(fragment: &str) -> Result<String, String> {
    let mut best: Option<(Algorithm, Vec<u8>)> = None;
    let mut weak = Vec::new();
    for item in fragment.split([',', ';']).filter(|i| !i.is_empty()) {
        // `sha256=DIGEST` or `sha256-DIGEST`; the digest itself may hold `=`, `-` or `_`.
        let split = item
            .find(|c: char| !c.is_ascii_alphanumeric())
            .filter(|&at| at > 0 && matches!(item.as_bytes()[at], b'=' | b'-'))
            .ok_or_else(|| {
                format!(
                    "`#{fragment}` is not a hash: write `#sha256=` and the hex or base64 digest"
                )
            })?;
        let (name, digest) = (&item[..split], &item[split + 1..]);
        let Some(algorithm) = Algorithm::parse(name) else {
            if matches!(name.to_ascii_lowercase().as_str(), "md5" | "sha1") {
                weak.push(name.to_string());
                continue;
            }
            return Err(format!(
                "`{name}` is not a hash Paranoid checks: use sha256, sha384 or sha512"
            ));
        };
        let bytes = decode_digest(digest, algorithm.bytes()).ok_or_else(|| {
            format!(
                "the {} digest `{digest}` is neither {} hex digits nor {} bytes of base64",
                algorithm.name(),
                algorithm.bytes() * 2,
                algorithm.bytes()
            )
        })?;
        if best.as_ref().is_none_or(|(b, _)| algorithm > *b) {
            best = Some((algorithm, bytes));
        }
    }
    match best {
        Some((algorithm, bytes)) => Ok(format!("{}-{}", algorithm.name(), base64(&bytes))),
        None if !weak.is_empty() => Err(format!(
            "{} cannot pin a download (collisions are cheap): give a sha256 hash as well",
            weak.join(" and ")
        )),
        None => Err(format!("`#{fragment}` names no hash")),
    }
}

/// Hex (either case) or base64 (standard or URL-safe, padding optional) of exactly `len` bytes.
fn decode_digest(text: &str, len: usize) -> Option<Vec<u8>> {
    if text.len() == len * 2 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return (0..len)
            .map(|i| u8::from_str_radix(&text[i * 2..i * 2 + 2], 16).ok())
            .collect();
    }
    let bytes = unbase64(text)?;
    (bytes.len() == len).then_some(bytes)
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn unbase64(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=');
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for b in text.bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        };
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    // Leftover bits must be zero padding, or the text was not what a digest encodes to.
    (bits < 6 && acc & ((1 << bits) - 1) == 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EMPTY_SHA256_HEX: &str =
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    const EMPTY_SHA256_B64: &str = "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";

    #[test]
    fn every_hash_form_gives_the_sri_form() {
        let want = Some(format!("sha256-{EMPTY_SHA256_B64}"));
        for text in [
            format!("https://cdn.example/lib.js#sha256={EMPTY_SHA256_HEX}"),
            format!(
                "https://cdn.example/lib.js#sha256={}",
                EMPTY_SHA256_HEX.to_uppercase()
            ),
            format!("https://cdn.example/lib.js#sha256={EMPTY_SHA256_B64}"),
            format!(
                "https://cdn.example/lib.js#sha256-{}",
                EMPTY_SHA256_B64.trim_end_matches('=')
            ),
            format!(
                "https://cdn.example/lib.js#sha256={}",
                EMPTY_SHA256_B64.replace('+', "-").replace('/', "_")
            ),
            format!("https://cdn.example/lib.js#md5=d41d8cd98f00b204e9800998ecf8427e,sha256={EMPTY_SHA256_HEX}"),
            format!("http://cdn.example/lib.js#sha256={EMPTY_SHA256_HEX}"),
        ] {
            let p = parse_pinned(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(p.integrity, want, "{text}");
            assert!(!p.url.contains('#'));
        }
    }

    #[test]
    fn the_strongest_hash_is_the_one_checked() {
        let sha512 = format!("{}==", "A".repeat(86));
        let p = parse_pinned(&format!(
            "https://x.example/a.js#sha256={EMPTY_SHA256_HEX};sha512={sha512}"
        ))
        .unwrap();
        assert!(p.integrity.unwrap().starts_with("sha512-"));
    }

    #[test]
    fn unpinned_or_badly_pinned_urls_are_refused_where_they_must_be() {
        assert_eq!(
            parse_pinned("https://cdn.example/lib.js")
                .unwrap()
                .integrity,
            None
        );
        for (text, says) in [
            ("http://cdn.example/lib.js", "plain http"),
            ("http://localhost.evil.example/lib.js", "plain http"),
            ("http://127.0.0.2/lib.js", "plain http"),
            ("lib.js", "not an absolute URL"),
            ("//cdn.example/lib.js", "not an absolute URL"),
            ("ftp://cdn.example/lib.js", "only https"),
            ("javascript://x/%0aalert(1)", "only https"),
            ("https:///lib.js", "no host"),
            ("https://good.example@evil.example/lib.js", "user name"),
            (
                "https://cdn.example/lib.js#md5=d41d8cd98f00b204e9800998ecf8427e",
                "cannot pin",
            ),
            ("https://cdn.example/lib.js#sha256=abc", "neither"),
            (
                "https://cdn.example/lib.js#crc32=1234",
                "not a hash Paranoid checks",
            ),
            ("https://cdn.example/lib.js#sha256", "not a hash"),
            ("https://cdn.example/a b.js", "cannot contain"),
        ] {
            let e = parse_pinned(text).expect_err(text);
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn updates_come_over_https_only() {
        assert!(parse_update_url("https://example.com/x.meta.js").is_ok());
        for loopback in [
            "http://localhost:8080/x.user.js",
            "http://127.0.0.1/x.user.js",
            "http://[::1]:1/x.user.js",
        ] {
            assert!(parse_update_url(loopback).is_ok(), "{loopback}");
            assert_eq!(parse_pinned(loopback).unwrap().integrity, None);
        }
        assert!(parse_update_url("http://example.com/x.meta.js")
            .unwrap_err()
            .contains("https"));
    }

    #[test]
    fn base64_round_trips() {
        for len in 0..70 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            assert_eq!(unbase64(&base64(&bytes)).unwrap(), bytes);
        }
        assert_eq!(base64(b"abc"), "YWJj");
        assert!(unbase64("YW=J").is_none());
        assert!(unbase64("YR").is_none(), "non-zero padding bits");
    }
}
