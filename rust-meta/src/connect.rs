//! `@connect`: the hosts a userscript's `GM.xmlHttpRequest` may reach, and the check of a
//! request against them. As in Tampermonkey, a domain covers its subdomains, `self` is the host
//! of the page the script runs on, and `*` is any host (the install page says so loudly). A
//! single label other than `localhost` (`com`) is refused: it would cover a whole top-level
//! domain.

use serde::Serialize;

use crate::url::{is_host_byte, Url};

/// One `@connect` value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "host", rename_all = "lowercase")]
pub enum ConnectHost {
    /// `*`.
    Any,
    /// `self`: the host of the page the script is running on.
    Page,
    /// A domain and its subdomains, lowercase, or an exact IP address (IPv6 in brackets).
    Host(String),
}

impl ConnectHost {
    pub fn parse(text: &str) -> Result<ConnectHost, String> {
        match text {
            "*" => return Ok(ConnectHost::Any),
            "self" => return Ok(ConnectHost::Page),
            _ => {}
        }
        if text.contains("://") || text.contains('/') {
            return Err(format!(
                "`{text}` is a URL: @connect takes a host only (`example.com`)"
            ));
        }
        let host = text.strip_prefix("*.").unwrap_or(text);
        let host = host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase();
        if host.starts_with('[') && host.ends_with(']') {
            let inside = &host[1..host.len() - 1];
            if !inside.is_empty()
                && inside
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
                && inside.parse::<std::net::Ipv6Addr>().is_ok()
            {
                return Ok(ConnectHost::Host(host));
            }
            return Err(format!("`{text}` is not an IPv6 address"));
        }
        if host.contains(':') {
            return Err(format!(
                "`{text}` names a port: @connect takes a host only, and covers every port"
            ));
        }
        if host.is_empty()
            || !host.bytes().all(is_host_byte)
            || host.contains('*')
            || host.split('.').any(str::is_empty)
        {
            return Err(format!("`{text}` is not a host name"));
        }
        if !host.contains('.') && host != "localhost" {
            return Err(format!(
                "`{text}` is a single label: it would cover every host under it; name the \
                 domain (`example.{text}`)"
            ));
        }
        Ok(ConnectHost::Host(host))
    }

    /// Whether a request to `host` (lowercase, as a URL's host) is covered, for a script on a
    /// page whose host is `page_host`.
    fn covers(&self, host: &str, page_host: Option<&str>) -> bool {
        let within = |domain: &str| {
            host == domain
                || (!domain.starts_with('[')
                    && !crate::url::is_ip_address(host)
                    && host.len() > domain.len()
                    && host.ends_with(domain)
                    && host.as_bytes()[host.len() - domain.len() - 1] == b'.')
        };
        match self {
            ConnectHost::Any => true,
            ConnectHost::Page => page_host.is_some_and(within),
            ConnectHost::Host(domain) => within(domain),
        }
    }
}

/// Whether `GM.xmlHttpRequest` may send a request to `url` (http or https only) for a script
/// allowed `hosts`, running on `page_url`.
pub fn connect_allows(hosts: &[ConnectHost], url: &str, page_url: &str) -> bool {
    let Some(target) = Url::parse(url) else {
        return false;
    };
    if !matches!(target.scheme.name(), "http" | "https") {
        return false;
    }
    let Some(host) = &target.host else {
        return false;
    };
    let page = Url::parse(page_url);
    let page_host = page
        .as_ref()
        .and_then(|p| p.host.as_ref())
        .map(|h| h.name.as_str());
    hosts.iter().any(|h| h.covers(&host.name, page_host))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts(list: &[&str]) -> Vec<ConnectHost> {
        list.iter()
            .map(|h| ConnectHost::parse(h).unwrap())
            .collect()
    }

    #[test]
    fn hosts_cover_their_subdomains_and_nothing_else() {
        let page = "https://news.example/article";
        for (list, url, want) in [
            (&["api.example.com"][..], "https://api.example.com/v1", true),
            (&["api.example.com"], "https://x.api.example.com/v1", true),
            (&["*.api.example.com"], "https://api.example.com/v1", true),
            (&["api.example.com"], "https://example.com/", false),
            (&["api.example.com"], "https://evilapi.example.com/", false),
            (
                &["api.example.com"],
                "https://api.example.com.evil.test/",
                false,
            ),
            (
                &["api.example.com"],
                "https://api.example.com@evil.test/",
                false,
            ),
            (
                &["api.example.com"],
                "https://evil.test/?api.example.com",
                false,
            ),
            (&["api.example.com"], "ftp://api.example.com/", false),
            (&["api.example.com"], "http://API.Example.com.:8080/x", true),
            (&["self"], "https://news.example/api", true),
            (&["self"], "https://cdn.news.example/api", true),
            (&["self"], "https://other.example/api", false),
            (&["*"], "https://anything.test/", true),
            (&["127.0.0.1"], "http://127.0.0.1:3000/", true),
            (&["0.0.1"], "http://127.0.0.1/", false),
            (&["localhost"], "http://localhost:8080/", true),
            (&["[::1]"], "http://[::1]:8080/", true),
            (&[], "https://news.example/", false),
        ] {
            assert_eq!(
                connect_allows(&hosts(list), url, page),
                want,
                "{list:?} {url}"
            );
        }
        assert!(!connect_allows(
            &hosts(&["self"]),
            "https://news.example/",
            "about:blank"
        ));
    }

    /// URLs as the background hands them over: serialized by the browser's URL parser (`href`),
    /// the same string the request is then made with. Each names the host the browser asks.
    #[test]
    fn the_host_read_is_the_host_the_browser_asks() {
        let page = "http://127.0.0.1:8000/page";
        let approved = hosts(&["127.0.0.1", "api.example.com"]);
        for (url, want) in [
            // `new URL('http://127.0.0.1@localhost:8000/')`: 127.0.0.1 is the user name.
            ("http://127.0.0.1@localhost:8000/x", false),
            ("http://127.0.0.1:8000@localhost:8000/x", false),
            ("https://api.example.com@evil.test/", false),
            ("https://a%40api.example.com@evil.test/", false),
            // A backslash ends the authority in the browser (`http://evil.test/@api.example.com`);
            // a string that still has one was not serialized by it, and is read as nothing.
            ("https://evil.test\\@api.example.com/", false),
            ("https://evil.test/@api.example.com/", false),
            // IPv4 in decimal, hex or octal, or with a trailing dot, serializes as 127.0.0.1.
            ("http://127.0.0.1:8000/api", true),
            // IPv4-mapped IPv6 is another address string: not covered by an IPv4 @connect.
            ("http://[::ffff:7f00:1]:8000/", false),
            // A trailing dot names the same host; any port is covered.
            ("https://api.example.com.:8443/", true),
            ("https://api.example.com../", false),
            // IDN: the punycode of a look-alike is another host.
            ("https://xn--pi-7ba.example.com/", false),
            ("https://api.example.com.xn--80ak6aa92e.com/", false),
        ] {
            assert_eq!(connect_allows(&approved, url, page), want, "{url}");
        }
    }

    #[test]
    fn bad_hosts_are_refused() {
        for (text, says) in [
            ("https://example.com/", "URL"),
            ("example.com/api", "URL"),
            ("example.com:8080", "port"),
            ("com", "single label"),
            ("", "not a host"),
            ("a..b", "not a host"),
            ("exa mple.com", "not a host"),
            ("*.*.example.com", "not a host"),
            ("[zz]", "IPv6"),
        ] {
            let e = ConnectHost::parse(text).expect_err(text);
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}
