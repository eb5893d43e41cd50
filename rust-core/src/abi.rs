//! The wasm surface the sandbox's worker kernel calls: numbers in, numbers out, and two byte
//! buffers in linear memory. No wasm-bindgen.
//!
//! Why not wasm-bindgen: the transpiler keeps running in the attacker's realm (the `Function`
//! stand-ins call it after untrusted code has run), and wasm-bindgen's generated glue reaches
//! `String.prototype.charCodeAt`, `Array.prototype.push`, `TextDecoder.prototype.decode` and
//! typed-array methods through prototypes that code can patch. With this surface the kernel's
//! glue (`sandbox-page/kernel/core-glue.js`) needs a handful of primordials it captures before
//! anything untrusted runs, and the module imports nothing at all.
//!
//! Protocol, one call at a time (the kernel is single-threaded):
//! 1. `paranoid_input(n)` sizes the input buffer to `n` bytes and returns where it is.
//! 2. The caller writes the request there: UTF-8 source text; for a function, `count`
//!    little-endian u32 byte lengths followed by the parts (parameters…, body) back to back;
//!    for `paranoid_lone_surrogate`, UTF-16LE code units.
//! 3. The operation, given how many of those bytes the request uses (the caller may size the
//!    buffer for the worst case of UTF-8), returns the length of its answer, a UTF-8 JSON object at
//!    `paranoid_output()`: `{ok: true, code, sourceMap, sourceKey}` (and `sourceText` for a
//!    function: the text its source-text marks point into), `{ok: true, diagnostics: []}` (vet),
//!    `{ok: true, reads, writes, names}` (page use), `{ok: true, digest}` (SHA-256, hex),
//!    `{ok: true, sourceKey}` (a text's source key) or `{ok: false, diagnostics}`.
//!
//! (Match patterns and userscript metadata are `rust-meta`'s, in a wasm of their own.) The two
//! buffers and their exports are the `wasm-abi/` crate's, which rust-meta's wasm uses too: the
//! two modules' buffer handling cannot drift apart.
//!
//! Memory may grow during any call, which detaches the caller's views: take them afresh.
//! A panic aborts (the `wasm` profile), so the call traps and the kernel discards the instance.

use crate::diagnostic::{Code, Diagnostic};
use crate::{EsLevel, FunctionKind, Options, Transpiled};

/// What the caller asks for.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Request {
    Vet,
    Transpile,
    /// Vet or transpile a userscript's own text, run wrapped in a function ([`crate::Body`]).
    VetUserscript,
    TranspileUserscript,
    /// The text of an indirect `eval` ([`crate::transpile_eval`]).
    Eval,
    PageUse,
    Sha256,
    SourceKey,
    Function {
        kind: FunctionKind,
        parts: usize,
    },
    LoneSurrogate,
}

/// Level 0 is the default (the newest); `n` is `EsLevel::ALL[n - 1]`, the order the generated
/// policy table lists them in.
fn options(level: u32) -> Result<Options, String> {
    let level = match level {
        0 => EsLevel::DEFAULT,
        n => *EsLevel::ALL
            .get(n as usize - 1)
            .ok_or_else(|| format!("unknown language level #{n}"))?,
    };
    Ok(Options {
        level,
        ..Options::default()
    })
}

/// Answers one request as JSON. Never panics on malformed input: a caller error becomes an
/// `internal` diagnostic, so that nothing runs.
pub(crate) fn answer(request: Request, level: u32, input: &[u8]) -> String {
    let outcome = (|| -> Result<serde_json::Value, Vec<Diagnostic>> {
        let mut options = options(level).map_err(internal)?;
        if matches!(
            request,
            Request::VetUserscript | Request::TranspileUserscript
        ) {
            options.body = crate::Body::Userscript;
        }
        Ok(match request {
            Request::Vet | Request::VetUserscript => {
                let diagnostics = crate::vet(utf8(input)?, &options);
                serde_json::json!({ "ok": diagnostics.is_empty(), "diagnostics": diagnostics })
            }
            Request::Transpile | Request::TranspileUserscript => {
                transpiled(crate::transpile(utf8(input)?, &options)?)
            }
            Request::Eval => transpiled(crate::transpile_eval(utf8(input)?, &options)?),
            Request::Sha256 => {
                use sha2::Digest;
                let digest = sha2::Sha256::digest(utf8(input)?.as_bytes());
                let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
                serde_json::json!({ "ok": true, "digest": hex })
            }
            Request::SourceKey => {
                serde_json::json!({ "ok": true, "sourceKey": crate::source_key(utf8(input)?) })
            }
            Request::PageUse => {
                let u = crate::page_use(utf8(input)?)?;
                serde_json::json!({
                    "ok": true, "reads": u.reads, "writes": u.writes,
                    "requests": u.requests, "navigates": u.navigates, "presses": u.presses,
                    "names": u.names,
                })
            }
            Request::Function { kind, parts } => {
                let parts = split_parts(input, parts)?;
                let (body, params) = parts.split_last().ok_or_else(|| internal("no body"))?;
                transpiled(crate::transpile_function(params, body, kind, &options)?)
            }
            Request::LoneSurrogate => {
                let units: Vec<u16> = input
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect();
                let found = lone_surrogate(&units)
                    .ok_or_else(|| internal("asked for a lone surrogate in well-formed text"))?;
                return Err(vec![found]);
            }
        })
    })();
    match outcome {
        Ok(value) => value.to_string(),
        Err(diagnostics) => {
            serde_json::json!({ "ok": false, "diagnostics": diagnostics }).to_string()
        }
    }
}

fn transpiled(t: Transpiled) -> serde_json::Value {
    let mut answer = serde_json::json!({
        "ok": true, "code": t.code, "sourceMap": t.source_map, "sourceKey": t.source_key,
    });
    if let Some(text) = t.source_text {
        answer["sourceText"] = serde_json::Value::String(text);
    }
    answer
}

fn internal(why: impl Into<String>) -> Vec<Diagnostic> {
    vec![Diagnostic {
        code: Code::Internal,
        message: format!("the kernel's request was malformed: {}", why.into()),
        line: 1,
        column: 1,
        offset: 0,
    }]
}

fn utf8(bytes: &[u8]) -> Result<&str, Vec<Diagnostic>> {
    std::str::from_utf8(bytes).map_err(|e| internal(format!("not UTF-8: {e}")))
}

/// `count` little-endian u32 lengths, then the parts back to back, exactly filling `input`.
fn split_parts(input: &[u8], count: usize) -> Result<Vec<&str>, Vec<Diagnostic>> {
    let header = count
        .checked_mul(4)
        .filter(|&h| h <= input.len())
        .ok_or_else(|| internal("the part lengths do not fit"))?;
    let mut at = header;
    let mut parts = Vec::with_capacity(count);
    for i in 0..count {
        let len = u32::from_le_bytes(input[i * 4..i * 4 + 4].try_into().expect("4 bytes")) as usize;
        let end = at
            .checked_add(len)
            .filter(|&e| e <= input.len())
            .ok_or_else(|| internal("a part runs past the input"))?;
        parts.push(utf8(&input[at..end])?);
        at = end;
    }
    if at != input.len() {
        return Err(internal("bytes left over after the parts"));
    }
    Ok(parts)
}

/// The first lone surrogate in UTF-16 text, at its 1-based line and UTF-16 column.
/// (A JS string can hold one; Rust text cannot, so the kernel asks here before encoding.)
pub(crate) fn lone_surrogate(units: &[u16]) -> Option<Diagnostic> {
    let (mut line, mut column) = (1u32, 1u32);
    let mut i = 0;
    while i < units.len() {
        let u = units[i];
        let high = (0xD800..0xDC00).contains(&u);
        let low = (0xDC00..0xE000).contains(&u);
        if high
            && units
                .get(i + 1)
                .is_some_and(|n| (0xDC00..0xE000).contains(n))
        {
            i += 2;
            column += 2;
            continue;
        }
        if high || low {
            return Some(Diagnostic {
                code: Code::LoneSurrogate,
                message: format!(
                    "the source contains a lone surrogate (U+{u:04X}); write it as an escape \
                     such as \"\\u{u:04X}\" inside a string instead"
                ),
                line,
                column,
                offset: i,
            });
        }
        let crlf = u == 0x0D && units.get(i + 1) == Some(&0x0A);
        if matches!(u, 0x0A | 0x0D | 0x2028 | 0x2029) && !crlf {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
        i += 1;
    }
    None
}

#[cfg(target_arch = "wasm32")]
mod exports {
    use super::{answer, Request};
    use crate::FunctionKind;

    // `paranoid_input` and `paranoid_output`, the same in both wasm modules.
    paranoid_wasm_abi::export_buffers!();

    fn respond(request: Request, len: u32, level: u32) -> u32 {
        paranoid_wasm_abi::respond(len, |input| answer(request, level, input))
    }

    #[no_mangle]
    pub extern "C" fn paranoid_vet(len: u32, level: u32) -> u32 {
        respond(Request::Vet, len, level)
    }

    #[no_mangle]
    pub extern "C" fn paranoid_transpile(len: u32, level: u32) -> u32 {
        respond(Request::Transpile, len, level)
    }

    /// A userscript's own text, vetted as the managers run it: wrapped in a function.
    #[no_mangle]
    pub extern "C" fn paranoid_vet_userscript(len: u32, level: u32) -> u32 {
        respond(Request::VetUserscript, len, level)
    }

    /// A userscript's own text, transpiled wrapped in a function.
    #[no_mangle]
    pub extern "C" fn paranoid_transpile_userscript(len: u32, level: u32) -> u32 {
        respond(Request::TranspileUserscript, len, level)
    }

    /// The text of an indirect `eval`: a script whose completion values go to the runtime.
    #[no_mangle]
    pub extern "C" fn paranoid_transpile_eval(len: u32, level: u32) -> u32 {
        respond(Request::Eval, len, level)
    }

    /// `kind` indexes `FunctionKind::ALL`; `parts` counts the parameters plus the body.
    #[no_mangle]
    pub extern "C" fn paranoid_transpile_function(
        len: u32,
        kind: u32,
        parts: u32,
        level: u32,
    ) -> u32 {
        // An unknown kind asks for an impossible part count, which is answered as an error.
        let (kind, parts) = match FunctionKind::ALL.get(kind as usize) {
            Some(&kind) => (kind, parts as usize),
            None => (FunctionKind::Normal, usize::MAX),
        };
        respond(Request::Function { kind, parts }, len, level)
    }

    /// The SHA-256 of UTF-8 text, in hex: whether code the host says the build transpiled is
    /// one of the texts the build recorded.
    #[no_mangle]
    pub extern "C" fn paranoid_sha256(len: u32) -> u32 {
        respond(Request::Sha256, len, 0)
    }

    /// The key a text's source-text marks name (`source_text.rs`): for a text transpiled
    /// before, whose functions' `toString` must find it.
    #[no_mangle]
    pub extern "C" fn paranoid_source_key(len: u32) -> u32 {
        respond(Request::SourceKey, len, 0)
    }

    /// What of the page a userscript's code reaches for (the install page's question).
    #[no_mangle]
    pub extern "C" fn paranoid_page_use(len: u32) -> u32 {
        respond(Request::PageUse, len, 0)
    }

    #[no_mangle]
    pub extern "C" fn paranoid_lone_surrogate(len: u32) -> u32 {
        respond(Request::LoneSurrogate, len, 0)
    }

    /// Calibration builds only: raise the nesting limit to find the engine's real stack limit.
    #[cfg(feature = "calibration")]
    #[no_mangle]
    pub extern "C" fn paranoid_set_nesting_limit_for_calibration(limit: u32) {
        crate::parse::CALIBRATION_LIMIT.store(limit, std::sync::atomic::Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> serde_json::Value {
        serde_json::from_str(json).expect("the answer is JSON")
    }

    fn parts(list: &[&str]) -> Vec<u8> {
        let mut bytes = Vec::new();
        for p in list {
            bytes.extend_from_slice(&(p.len() as u32).to_le_bytes());
        }
        for p in list {
            bytes.extend_from_slice(p.as_bytes());
        }
        bytes
    }

    #[test]
    fn sha256_answers_the_digest_in_hex() {
        let answer = parse(&answer(Request::Sha256, 0, b"abc"));
        assert_eq!(
            answer["digest"],
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn source_key_answers_the_key_the_transpile_names() {
        let key = parse(&answer(Request::SourceKey, 0, b"x = 1;"));
        let transpiled = parse(&answer(Request::Transpile, 0, b"x = 1;"));
        assert_eq!(key["sourceKey"], transpiled["sourceKey"]);
        // XXH3-64 of the empty text, as the reference implementation gives it.
        let empty = parse(&answer(Request::SourceKey, 0, b""));
        assert_eq!(empty["sourceKey"], "2d06800538d394c2");
    }

    #[test]
    fn transpile_answers_code_and_map() {
        let a = parse(&answer(Request::Transpile, 0, b"x = 1"));
        assert_eq!(a["ok"], true);
        assert!(a["code"].as_str().unwrap().contains("__paranoid_scope__.x"));
        assert!(a["sourceMap"].as_str().unwrap().contains("\"mappings\""));
    }

    #[test]
    fn vet_answers_diagnostics_with_codes() {
        let a = parse(&answer(Request::Vet, 0, b"eval(\"1\")"));
        assert_eq!(a["ok"], false);
        assert_eq!(a["diagnostics"][0]["code"], "eval");
        let a = parse(&answer(Request::Vet, 0, b"let x = 1;"));
        assert_eq!(a["ok"], true);
        assert_eq!(a["diagnostics"].as_array().unwrap().len(), 0);
    }

    #[test]
    fn levels_count_from_one_in_table_order() {
        let es5 = EsLevel::ALL
            .iter()
            .position(|l| *l == EsLevel::Es5)
            .unwrap() as u32
            + 1;
        let a = parse(&answer(Request::Vet, es5, b"let x = 1;"));
        assert_eq!(a["diagnostics"][0]["code"], "above-level");
        let a = parse(&answer(Request::Vet, 99, b"1"));
        assert_eq!(a["diagnostics"][0]["code"], "internal");
    }

    #[test]
    fn function_parts_are_length_prefixed() {
        let a = parse(&answer(
            Request::Function {
                kind: FunctionKind::Normal,
                parts: 3,
            },
            0,
            &parts(&["a", "b", "return a + b"]),
        ));
        assert_eq!(a["ok"], true, "{a}");
        assert!(a["code"]
            .as_str()
            .unwrap()
            .contains("function anonymous(a,b"));
    }

    #[test]
    fn malformed_requests_fail_closed() {
        let function = |parts| Request::Function {
            kind: FunctionKind::Normal,
            parts,
        };
        for (request, input) in [
            (function(2), parts(&["a"])),
            (function(1), {
                let mut p = parts(&["a"]);
                p.push(b'x');
                p
            }),
            (function(usize::MAX), parts(&["a"])),
            (function(0), Vec::new()),
            (Request::Transpile, vec![0xFF, 0xFE]),
            (
                Request::LoneSurrogate,
                "ok".encode_utf16().flat_map(u16::to_le_bytes).collect(),
            ),
        ] {
            let a = parse(&answer(request, 0, &input));
            assert_eq!(a["ok"], false, "{request:?}");
            assert_eq!(a["diagnostics"][0]["code"], "internal", "{request:?}");
        }
    }

    #[test]
    fn lone_surrogates_are_found_with_utf16_positions() {
        let text: Vec<u16> = "a\n😀b".encode_utf16().chain([0xD800, 0x41]).collect();
        let d = lone_surrogate(&text).expect("found");
        assert_eq!((d.code, d.line, d.column), (Code::LoneSurrogate, 2, 4));
        assert!(lone_surrogate(&"x\r\ny😀".encode_utf16().collect::<Vec<_>>()).is_none());
        let a = parse(&answer(Request::LoneSurrogate, 0, &[0x00, 0xDC]));
        assert_eq!(a["diagnostics"][0]["code"], "lone-surrogate");
    }
}
