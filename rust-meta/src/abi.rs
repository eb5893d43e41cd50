//! The wasm surface of `paranoid_meta.wasm`, for the extension's trusted pages and background
//! (`ui/core-call.js`): the same protocol as the core's (`rust-core/src/abi.rs`) — size the
//! input with `paranoid_input(n)`, write UTF-8 there, call an operation with the length used,
//! read that many bytes of JSON at `paranoid_output()`. No wasm-bindgen, no imports. The
//! buffers and those two exports are the `wasm-abi/` crate's, shared with the core.
//!
//! Operations, each answering `{ok: false, diagnostics: [{code, message, line, column}]}` when
//! its input is refused (`code` is a [`Code`]'s kebab-case name):
//! - `paranoid_match_pattern`: a pattern's text → `{ok: true, regex}`;
//! - `paranoid_userscript`: a script's source → `{ok, metadata, errors, warnings}` (`ok` is
//!   false when an error refuses the metadata; the code is vetted by the core);
//! - `paranoid_runs_on`: `{url, scripts: [{match, include, exclude, excludeMatch}]}` (lists of
//!   strings, as `metadata` gave them) → `{ok: true, runs: [bool]}`; a list that no longer
//!   parses makes that script not run;
//! - `paranoid_connect_allows`: `{url, pageUrl, connect: [string]}` → `{ok: true, allowed}`;
//! - `paranoid_update_offer`: `{installed: {name, namespace, version}, source}` (what an
//!   `@updateURL` served) → `{ok: true, version, offer}`: `offer` is true when the served
//!   metadata reads, names the same script and has a newer `@version` ([`crate::version`]);
//! - `paranoid_update_url`: a URL → `{ok: true}` when updates may come from it (the rule of
//!   `@updateURL`: https, or http to a loopback host), for the stored URL and where a redirect
//!   ended.
//! - `paranoid_update_review`: an installed record and a copy of the same name (see
//!   [`crate::review::review`]) → `{ok: true, origin, installedOrigins, sameSource, sameName,
//!   changes, connect, code}`: whether the copy comes from where the record came from, and
//!   everything it changes, hosts compared with what the user approved.

use serde_json::{json, Value};

use crate::connect::{connect_allows, ConnectHost};
use crate::diagnostic::Code;
use crate::include_glob::IncludeGlob;
use crate::match_pattern::MatchPattern;
use crate::metadata::{self, Metadata};

/// What the caller asks for.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Request {
    MatchPattern,
    Userscript,
    RunsOn,
    ConnectAllows,
    UpdateOffer,
    UpdateUrl,
    UpdateReview,
}

/// Answers one request as JSON text. Never panics on malformed input.
pub(crate) fn answer_json(request: Request, input: &[u8]) -> String {
    answer(request, input).to_string()
}

fn answer(request: Request, input: &[u8]) -> Value {
    let Ok(text) = std::str::from_utf8(input) else {
        return refused(Code::Internal, "the request is not UTF-8".into());
    };
    match request {
        Request::MatchPattern => match MatchPattern::parse(text) {
            Ok(p) => json!({ "ok": true, "regex": p.to_regex() }),
            Err(e) => refused(Code::BadMatchPattern, e.to_string()),
        },
        Request::Userscript => {
            let report = metadata::parse(text);
            json!({
                "ok": report.ok(),
                "metadata": report.metadata,
                "errors": report.errors,
                "warnings": report.warnings,
            })
        }
        Request::RunsOn => {
            let Ok(request) = serde_json::from_str::<Value>(text) else {
                return refused(Code::Internal, "the request is not JSON".into());
            };
            let Some(url) = request["url"].as_str() else {
                return refused(Code::Internal, "the request names no `url`".into());
            };
            let Some(scripts) = request["scripts"].as_array() else {
                return refused(Code::Internal, "the request has no `scripts` list".into());
            };
            let runs: Vec<bool> = scripts
                .iter()
                .map(|s| rules_of(s).is_some_and(|m| m.runs_on(url)))
                .collect();
            json!({ "ok": true, "runs": runs })
        }
        Request::UpdateOffer => {
            let Ok(request) = serde_json::from_str::<Value>(text) else {
                return refused(Code::Internal, "the request is not JSON".into());
            };
            let (Some(source), installed) = (request["source"].as_str(), &request["installed"])
            else {
                return refused(Code::Internal, "the request has no `source`".into());
            };
            let report = metadata::parse(source);
            if !report.ok() {
                let first = report.errors.first().map(|e| e.message.clone());
                return refused(
                    Code::BadUpdate,
                    first.unwrap_or_else(|| "the served metadata does not read".into()),
                );
            }
            let served = &report.metadata;
            let same = installed["name"].as_str() == Some(served.name.as_str())
                && installed["namespace"].as_str() == served.namespace.as_deref();
            let offer = same
                && crate::version::is_newer(
                    served.version.as_deref(),
                    installed["version"].as_str(),
                );
            json!({ "ok": true, "version": served.version, "offer": offer })
        }
        Request::UpdateReview => {
            let Ok(request) = serde_json::from_str::<Value>(text) else {
                return refused(Code::Internal, "the request is not JSON".into());
            };
            match crate::review::review(&request) {
                Ok(mut answer) => {
                    answer["ok"] = Value::from(true);
                    answer
                }
                Err(message) => refused(Code::BadReview, message),
            }
        }
        Request::UpdateUrl => match crate::pinned::parse_update_url(text) {
            Ok(_) => json!({ "ok": true }),
            Err(message) => refused(Code::BadUpdateUrl, message),
        },
        Request::ConnectAllows => {
            let Ok(request) = serde_json::from_str::<Value>(text) else {
                return refused(Code::Internal, "the request is not JSON".into());
            };
            let (Some(url), Some(page)) = (request["url"].as_str(), request["pageUrl"].as_str())
            else {
                return refused(
                    Code::Internal,
                    "the request needs `url` and `pageUrl`".into(),
                );
            };
            let hosts: Option<Vec<ConnectHost>> = strings(&request["connect"])
                .and_then(|l| l.iter().map(|h| ConnectHost::parse(h).ok()).collect());
            let allowed = hosts.is_some_and(|h| connect_allows(&h, url, page));
            json!({ "ok": true, "allowed": allowed })
        }
    }
}

/// The URL rules of one stored script, or `None` when one of them no longer parses.
fn rules_of(script: &Value) -> Option<Metadata> {
    let patterns = |key: &str| -> Option<Vec<MatchPattern>> {
        strings(&script[key])?
            .iter()
            .map(|p| MatchPattern::parse(p).ok())
            .collect()
    };
    let globs = |key: &str| -> Option<Vec<IncludeGlob>> {
        strings(&script[key])?
            .iter()
            .map(|g| IncludeGlob::parse(g).ok())
            .collect()
    };
    let excludes: Option<Vec<IncludeGlob>> = strings(&script["exclude"])?
        .iter()
        .map(|g| IncludeGlob::parse_exclude(g).ok().map(|(glob, _)| glob))
        .collect();
    Some(Metadata {
        matches: patterns("match")?,
        includes: globs("include")?,
        excludes: excludes?,
        exclude_matches: patterns("excludeMatch")?,
        ..Metadata::default()
    })
}

/// A JSON list of strings (a missing key is an empty list).
fn strings(value: &Value) -> Option<Vec<&str>> {
    match value {
        Value::Null => Some(Vec::new()),
        Value::Array(items) => items.iter().map(Value::as_str).collect(),
        _ => None,
    }
}

fn refused(code: Code, message: String) -> Value {
    json!({ "ok": false, "diagnostics": [{ "code": code.as_str(), "message": message, "line": 1, "column": 1 }] })
}

#[cfg(target_arch = "wasm32")]
mod exports {
    use super::{answer_json, Request};

    // `paranoid_input` and `paranoid_output`, the same in both wasm modules.
    paranoid_wasm_abi::export_buffers!();

    fn respond(request: Request, len: u32) -> u32 {
        paranoid_wasm_abi::respond(len, |input| answer_json(request, input))
    }

    #[no_mangle]
    pub extern "C" fn paranoid_match_pattern(len: u32) -> u32 {
        respond(Request::MatchPattern, len)
    }

    #[no_mangle]
    pub extern "C" fn paranoid_userscript(len: u32) -> u32 {
        respond(Request::Userscript, len)
    }

    #[no_mangle]
    pub extern "C" fn paranoid_runs_on(len: u32) -> u32 {
        respond(Request::RunsOn, len)
    }

    #[no_mangle]
    pub extern "C" fn paranoid_connect_allows(len: u32) -> u32 {
        respond(Request::ConnectAllows, len)
    }

    #[no_mangle]
    pub extern "C" fn paranoid_update_offer(len: u32) -> u32 {
        respond(Request::UpdateOffer, len)
    }

    #[no_mangle]
    pub extern "C" fn paranoid_update_url(len: u32) -> u32 {
        respond(Request::UpdateUrl, len)
    }

    #[no_mangle]
    pub extern "C" fn paranoid_update_review(len: u32) -> u32 {
        respond(Request::UpdateReview, len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(request: Request, input: &str) -> Value {
        serde_json::from_str(&answer_json(request, input.as_bytes())).unwrap()
    }

    #[test]
    fn match_patterns_answer_a_regex_or_a_diagnostic() {
        let a = ask(Request::MatchPattern, "*://*.tracker.example/*");
        assert_eq!(
            a["regex"].as_str().unwrap(),
            MatchPattern::parse("*://*.tracker.example/*")
                .unwrap()
                .to_regex()
        );
        let a = ask(Request::MatchPattern, "https://foo.*.com/*");
        assert_eq!(a["ok"], false);
        assert_eq!(a["diagnostics"][0]["code"], "bad-match-pattern");
        assert!(a["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("in the middle"));
        let a: Value = serde_json::from_str(&answer_json(Request::MatchPattern, &[0xFF])).unwrap();
        assert_eq!(a["diagnostics"][0]["code"], "internal");
    }

    #[test]
    fn a_userscript_answers_its_metadata_and_problems() {
        let a = ask(
            Request::Userscript,
            "// ==UserScript==\n// @name  T\n// @match https://a.example/*\n// @grant GM.getValue\n// @grant GM_setValue\n// @grant GM_cookie\n// ==/UserScript==\n",
        );
        assert_eq!(a["ok"], true, "{a}");
        assert_eq!(a["metadata"]["name"], "T");
        assert_eq!(a["metadata"]["matches"][0], "https://a.example/*");
        assert_eq!(
            a["metadata"]["grants"],
            json!(["GM.getValue", "GM.setValue"])
        );
        assert_eq!(a["metadata"]["runAt"], "document-end");
        assert_eq!(a["warnings"][0]["line"], 6);
        let a = ask(Request::Userscript, "alert(1)");
        assert_eq!(a["ok"], false);
        assert_eq!(a["errors"][0]["line"], 1);
    }

    #[test]
    fn runs_on_answers_per_script_and_fails_closed() {
        let a = ask(
            Request::RunsOn,
            r#"{"url": "https://a.example/x", "scripts": [
                {"match": ["https://a.example/*"]},
                {"match": ["https://a.example/*"], "excludeMatch": ["*://*/x"]},
                {"include": ["*://a.example/*"], "exclude": []},
                {"include": ["*://b.example/*"]},
                {"match": ["not a pattern"]},
                {"match": "https://a.example/*"},
                {},
                {"match": ["https://a.example/*"], "exclude": ["*/X*"]},
                {"match": ["https://a.example/*"], "exclude": ["/\\/x$/"]},
                {"match": ["https://a.example/*"], "exclude": ["/\\/y$/"]}
            ]}"#,
        );
        // The last three: excludes read on the whole URL, as stored from such metadata.
        assert_eq!(
            a["runs"],
            json!([true, false, true, false, false, false, false, false, false, true])
        );
        assert_eq!(ask(Request::RunsOn, "{}")["ok"], false);
        assert_eq!(ask(Request::RunsOn, "[")["ok"], false);
    }

    #[test]
    fn connect_allows_answers_and_fails_closed() {
        let ask_for = |connect: &str, url: &str| {
            ask(
                Request::ConnectAllows,
                &format!(r#"{{"url": "{url}", "pageUrl": "https://page.example/", "connect": {connect}}}"#),
            )["allowed"]
                .clone()
        };
        assert_eq!(
            ask_for(r#"["api.example"]"#, "https://api.example/v1"),
            true
        );
        assert_eq!(
            ask_for(r#"["api.example"]"#, "https://evil.example/v1"),
            false
        );
        assert_eq!(ask_for(r#"["self"]"#, "https://page.example/data"), true);
        assert_eq!(
            ask_for(r#"["api.example", "com"]"#, "https://api.example/"),
            false
        );
        assert_eq!(ask_for(r#"[1]"#, "https://api.example/"), false);
    }

    #[test]
    fn an_update_is_offered_only_for_the_same_script_at_a_newer_version() {
        let served = |name: &str, version: &str| {
            format!("// ==UserScript==\n// @name {name}\n// @namespace ns\n// @version {version}\n// @match https://example.com/*\n// ==/UserScript==\n")
        };
        let offer = |source: String, version: Option<&str>| {
            let request = json!({
                "installed": { "name": "A", "namespace": "ns", "version": version },
                "source": source,
            });
            ask(Request::UpdateOffer, &request.to_string())
        };
        let a = offer(served("A", "1.1"), Some("1.0"));
        assert_eq!(
            (a["ok"].as_bool(), a["offer"].as_bool()),
            (Some(true), Some(true))
        );
        assert_eq!(a["version"], "1.1");
        assert_eq!(offer(served("A", "1.0"), Some("1.0"))["offer"], false);
        assert_eq!(offer(served("A", "0.9"), Some("1.0"))["offer"], false);
        // Another script's name: an update never becomes another script.
        assert_eq!(offer(served("B", "2.0"), Some("1.0"))["offer"], false);
        assert_eq!(offer(served("A", "1.0"), None)["offer"], true);
        // Metadata that does not read is refused, with its reason.
        let bad = offer("// no metadata block at all\n".into(), Some("1.0"));
        assert_eq!(bad["ok"], false);
        assert_eq!(bad["diagnostics"][0]["code"], "bad-update");
        assert_eq!(ask(Request::UpdateOffer, "not json")["ok"], false);
    }

    #[test]
    fn update_urls_follow_the_update_url_rule() {
        for url in [
            "https://example.com/a.user.js",
            "http://127.0.0.1:8000/a.js",
            "http://localhost/a.js",
        ] {
            assert_eq!(ask(Request::UpdateUrl, url)["ok"], true, "{url}");
        }
        for url in [
            "http://example.com/a.user.js",
            "ftp://example.com/a",
            "https://u@example.com/",
            "not a url",
        ] {
            let a = ask(Request::UpdateUrl, url);
            assert_eq!(a["ok"], false, "{url}");
            assert_eq!(a["diagnostics"][0]["code"], "bad-update-url", "{url}");
        }
    }
}
