//! Reading a URL the way the browser serializes it (`new URL(u).href`, a request's `url`), for
//! the rules that test URLs: match patterns and `@include` globs read the same scheme, host, port
//! and path, so that they cannot disagree on where a URL points. A URL that cannot be read
//! unambiguously (see `match_pattern`'s documentation) is not read at all.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scheme {
    Http,
    Https,
    Ws,
    Wss,
    Ftp,
    File,
}

impl Scheme {
    pub(crate) const ALL: [Scheme; 6] = [
        Scheme::Http,
        Scheme::Https,
        Scheme::Ws,
        Scheme::Wss,
        Scheme::Ftp,
        Scheme::File,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Scheme::Http => "http",
            Scheme::Https => "https",
            Scheme::Ws => "ws",
            Scheme::Wss => "wss",
            Scheme::Ftp => "ftp",
            Scheme::File => "file",
        }
    }

    /// `name` lowercased already.
    pub(crate) fn from_name(name: &str) -> Option<Scheme> {
        Scheme::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The port a URL of this scheme uses when it names none.
    pub(crate) fn default_port(self) -> Option<u16> {
        match self {
            Scheme::Http | Scheme::Ws => Some(80),
            Scheme::Https | Scheme::Wss => Some(443),
            Scheme::Ftp => Some(21),
            Scheme::File => None,
        }
    }
}

pub(crate) fn is_printable_ascii(c: char) -> bool {
    matches!(c, '!'..='~')
}

pub(crate) fn is_host_byte(b: u8) -> bool {
    b.is_ascii_graphic() && !b"#%/:<>?@[\\]^|".contains(&b)
}

/// Whether `text` fits `pattern`, where each `*` matches any run of characters.
pub(crate) fn glob_matches(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    // Taking each middle part at its first occurrence leaves the most room for the rest.
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// The parts of a URL a pattern looks at.
pub(crate) struct Url<'a> {
    pub(crate) scheme: Scheme,
    /// `None` for `file` URLs, whose host patterns ignore.
    pub(crate) host: Option<UrlHost<'a>>,
    /// From the first `/` after the authority up to any `#`.
    pub(crate) path_and_query: &'a str,
}

pub(crate) struct UrlHost<'a> {
    /// Lowercase, one trailing dot dropped; IPv6 in brackets.
    pub(crate) name: String,
    /// Digits, possibly none; `None` when no `:` follows the host.
    pub(crate) port: Option<&'a str>,
}

impl<'a> Url<'a> {
    pub(crate) fn parse(url: &'a str) -> Option<Url<'a>> {
        if !url.bytes().all(|b| b.is_ascii_graphic()) {
            return None;
        }
        let (scheme, rest) = url.split_once(':')?;
        let scheme = Scheme::from_name(&scheme.to_ascii_lowercase())?;
        let rest = rest.strip_prefix("//")?;
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let (authority, rest) = rest.split_at(end);
        if authority.contains('\\') {
            return None;
        }
        let path_and_query = rest.split('#').next().unwrap_or("");
        if !path_and_query.starts_with('/') {
            return None;
        }
        if scheme == Scheme::File {
            return Some(Url {
                scheme,
                host: None,
                path_and_query,
            });
        }
        // The user name and password end at the last `@`; a host cannot contain one.
        let host_port = authority.rsplit('@').next().unwrap_or(authority);
        let (name, port) = if host_port.starts_with('[') {
            let close = host_port.find(']')?;
            let (host, after) = host_port.split_at(close + 1);
            let inside = &host[1..close];
            if inside.is_empty()
                || !inside
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
            {
                return None;
            }
            let port = match after {
                "" => None,
                _ => Some(after.strip_prefix(':')?),
            };
            (host.to_ascii_lowercase(), port)
        } else {
            let (host, port) = match host_port.split_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (host_port, None),
            };
            if host.is_empty() || !host.bytes().all(is_host_byte) {
                return None;
            }
            let mut name = host.to_ascii_lowercase();
            if name.ends_with('.') {
                name.pop();
            }
            (name, port)
        };
        if port.is_some_and(|p| !p.bytes().all(|b| b.is_ascii_digit())) {
            return None;
        }
        Some(Url {
            scheme,
            host: Some(UrlHost { name, port }),
            path_and_query,
        })
    }
}

impl UrlHost<'_> {
    /// `host` or `host:port` as the browser would write it: the port without leading zeros, and
    /// left out when it is the scheme's default (`http://a:080/` is `http://a/`).
    pub(crate) fn authority(&self, scheme: Scheme) -> String {
        let digits = match self.port {
            None | Some("") => return self.name.clone(),
            Some(digits) => digits.trim_start_matches('0'),
        };
        let digits = if digits.is_empty() { "0" } else { digits };
        if scheme
            .default_port()
            .is_some_and(|d| d.to_string() == digits)
        {
            self.name.clone()
        } else {
            format!("{}:{digits}", self.name)
        }
    }
}

/// Whether a URL's host (as the browser serializes it) is an IP address: bracketed IPv6, or a
/// host whose last label is a number (the URL standard reads those as IPv4). Such a host has no
/// subdomains.
pub(crate) fn is_ip_address(host: &str) -> bool {
    host.starts_with('[')
        || host
            .rsplit('.')
            .next()
            .is_some_and(|last| !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()))
}
