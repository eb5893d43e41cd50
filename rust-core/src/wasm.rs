//! The wasm-bindgen surface used by the sandbox's worker kernel.
//!
//! Source text crosses as a JS string and is checked for lone surrogates *before* it becomes a
//! Rust `String`: wasm-bindgen would otherwise replace each with U+FFFD, silently changing what
//! the code means (measured here, DESIGN.md). Results cross back as plain JS objects built from
//! JSON, so nothing of ours is kept alive on the JS side.

use js_sys::JsString;
use wasm_bindgen::prelude::*;

use crate::diagnostic::{Code, Diagnostic};
use crate::{EsLevel, FunctionKind, Options, Transpiled};

/// Finds the first lone surrogate in a JS string, as (line, column) 1-based in UTF-16 units.
fn lone_surrogate(text: &JsString) -> Option<Diagnostic> {
    if text.is_valid_utf16() {
        return None;
    }
    let units: Vec<u16> = text.iter().collect();
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
        if u == 0x0A || u == 0x2028 || u == 0x2029 || (u == 0x0D && units.get(i + 1) != Some(&0x0A))
        {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
        i += 1;
    }
    None
}

fn options(level: Option<String>) -> Result<Options, JsValue> {
    let level = match level {
        Some(l) => l.parse::<EsLevel>().map_err(|e| JsValue::from_str(&e))?,
        None => EsLevel::LATEST,
    };
    Ok(Options { level })
}

fn to_js(value: &serde_json::Value) -> JsValue {
    js_sys::JSON::parse(&value.to_string()).expect("serde_json writes valid JSON")
}

fn outcome(result: Result<Transpiled, Vec<Diagnostic>>) -> JsValue {
    to_js(&match result {
        Ok(t) => serde_json::json!({ "ok": true, "code": t.code, "sourceMap": t.source_map }),
        Err(d) => serde_json::json!({ "ok": false, "diagnostics": d }),
    })
}

fn checked(source: &JsString) -> Result<String, Vec<Diagnostic>> {
    match lone_surrogate(source) {
        Some(d) => Err(vec![d]),
        None => Ok(String::from(source)),
    }
}

/// `vet(source, level?)` → `{ ok, diagnostics }`.
#[wasm_bindgen]
pub fn vet(source: &JsString, level: Option<String>) -> Result<JsValue, JsValue> {
    let options = options(level)?;
    let diagnostics = match checked(source) {
        Ok(text) => crate::vet(&text, &options),
        Err(d) => d,
    };
    Ok(to_js(&serde_json::json!({
        "ok": diagnostics.is_empty(),
        "diagnostics": diagnostics,
    })))
}

/// `transpile(source, level?)` → `{ ok: true, code, sourceMap }` or `{ ok: false, diagnostics }`.
#[wasm_bindgen]
pub fn transpile(source: &JsString, level: Option<String>) -> Result<JsValue, JsValue> {
    let options = options(level)?;
    Ok(outcome(
        checked(source).and_then(|text| crate::transpile(&text, &options)),
    ))
}

/// `transpileFunction(params, body, kind, level?)`, `kind` one of `normal`, `async`,
/// `generator`, `async-generator`.
#[wasm_bindgen(js_name = transpileFunction)]
pub fn transpile_function(
    params: Vec<JsString>,
    body: &JsString,
    kind: &str,
    level: Option<String>,
) -> Result<JsValue, JsValue> {
    let options = options(level)?;
    let kind = FunctionKind::from_name(kind)
        .ok_or_else(|| JsValue::from_str(&format!("unknown function kind `{kind}`")))?;
    let result = (|| {
        let body = checked(body)?;
        let params = params.iter().map(checked).collect::<Result<Vec<_>, _>>()?;
        let params: Vec<&str> = params.iter().map(String::as_str).collect();
        crate::transpile_function(&params, &body, kind, &options)
    })();
    Ok(outcome(result))
}

/// Calibration builds only: raise the nesting limit to find the engine's real stack limit.
#[cfg(feature = "calibration")]
#[wasm_bindgen(js_name = setNestingLimitForCalibration)]
pub fn set_nesting_limit_for_calibration(limit: u32) {
    crate::parse::CALIBRATION_LIMIT.store(limit, std::sync::atomic::Ordering::Relaxed);
}
