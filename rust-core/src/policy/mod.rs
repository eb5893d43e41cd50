//! Policy as data: which syntax may pass, which globals a sandbox offers, which names are
//! reserved, which limits hold. The JS side gets these tables generated from here
//! ([`tables`], printed by `paranoid policy`), never written twice.

pub mod dom;
pub mod globals;
pub mod limits;
pub mod protocol;
pub mod reserved;
pub mod syntax;

use crate::{EsLevel, FunctionKind};

/// Everything the kernel, the frame and the extension need to know of the policy, as one JSON
/// value. Orders matter: the wasm ABI numbers levels and function kinds by their index here.
pub fn tables() -> serde_json::Value {
    serde_json::json!({
        "reserved": {
            "prefix": reserved::RESERVED_PREFIX,
            "scope": reserved::SCOPE,
            "global": reserved::GLOBAL,
            "runtime": reserved::RUNTIME,
            "helpers": reserved::RUNTIME_HELPERS,
        },
        "levels": EsLevel::ALL.iter().map(|l| l.name()).collect::<Vec<_>>(),
        "defaultLevel": EsLevel::DEFAULT.name(),
        "functionKinds": FunctionKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>(),
        "globals": globals::SANDBOX_GLOBALS,
        "undeletableGlobals": globals::UNDELETABLE_GLOBALS,
        "undeletableConstants": globals::UNDELETABLE_CONSTANTS,
        "mustBeGone": globals::MUST_BE_GONE,
        "frameUnforgeable": globals::FRAME_UNFORGEABLE,
        // The SHA-256 (hex) of each text the build transpiled itself, which the kernel may load
        // as it is (`run` with `prebuilt`): none here; `cargo xtask extension` writes the DOM
        // library's (xtask/src/extension/dom_library.rs).
        "prebuilt": [],
        // The source keys of those texts (what their source-text marks name), whose functions'
        // `toString` answers in the native form: none here; `cargo xtask extension` writes them.
        "nativeSourceKeys": [],
        // The SHA-256 (hex) of the core's wasm, which `cargo xtask extension` writes: what a
        // userscript transpiled when it was saved records, so that a new core transpiles again.
        "coreDigest": "",
        "maxSourceBytes": limits::MAX_SOURCE_BYTES,
        "hostTextLimit": limits::HOST_TEXT_LIMIT,
        "messageLimit": limits::MESSAGE_LIMIT,
        "frameProofMs": limits::FRAME_PROOF_MS,
        "clockStepMs": limits::CLOCK_STEP_MS,
        "animationFrameMs": limits::ANIMATION_FRAME_MS,
        "watchdog": {
            "shortWindowMs": limits::WATCHDOG_SHORT_WINDOW_MS,
            "shortBudgets": limits::WATCHDOG_SHORT_BUDGETS,
            "shortShare": limits::WATCHDOG_SHORT_SHARE,
            "longWindowMs": limits::WATCHDOG_LONG_WINDOW_MS,
            "longBudgets": limits::WATCHDOG_LONG_BUDGETS,
            "longShare": limits::WATCHDOG_LONG_SHARE,
            "beatMs": limits::WATCHDOG_BEAT_MS,
            "lateBeatsForgiven": limits::WATCHDOG_LATE_BEATS_FORGIVEN,
            "lateKillsForgiven": limits::WATCHDOG_LATE_KILLS_FORGIVEN,
            "compileLimitMs": limits::WATCHDOG_COMPILE_LIMIT_MS,
        },
        // The worker's kernel and the sandbox frame.
        "sandbox": {
            "defaultCpuMs": limits::SANDBOX_DEFAULT_CPU_MS,
            "setupCpuMs": limits::SANDBOX_SETUP_CPU_MS,
            "eventsPerInstant": limits::SANDBOX_EVENTS_PER_INSTANT,
            "eventsPerSecond": limits::SANDBOX_EVENTS_PER_SECOND,
            "messagesPerSecond": limits::SANDBOX_MESSAGES_PER_SECOND,
            "messageCharsPerSecond": limits::SANDBOX_MESSAGE_CHARS_PER_SECOND,
            "messageListeners": limits::SANDBOX_MESSAGE_LISTENERS,
            "reportLimit": limits::SANDBOX_REPORT_LIMIT,
            "dataUrlsKept": limits::SANDBOX_DATA_URLS_KEPT,
            "dataUrlMaxChars": limits::SANDBOX_DATA_URL_MAX_CHARS,
            "functionCacheEntries": limits::SANDBOX_FUNCTION_CACHE_ENTRIES,
            "prebuiltNamed": limits::SANDBOX_PREBUILT_NAMED,
            "functionCacheChars": limits::SANDBOX_FUNCTION_CACHE_CHARS,
            "sourceTextChars": limits::SANDBOX_SOURCE_TEXT_CHARS,
            // The longest a source-text mark is, with the braces after it: how much of a
            // function's text's end the kernel reads to find one.
            "sourceMarkChars": crate::source_text::MARK_MAX_LEN + 2,
            "missingKept": limits::SANDBOX_MISSING_KEPT,
            "locatesPerSecond": limits::SANDBOX_LOCATES_PER_SECOND,
        },
        // The content script's side of its sandboxes.
        "host": {
            "eventsKept": limits::HOST_EVENTS_KEPT,
            "deliveriesInFlight": limits::HOST_DELIVERIES_IN_FLIGHT,
            "spareDelayMs": limits::HOST_SPARE_DELAY_MS,
            "quietWaitMs": limits::HOST_QUIET_WAIT_MS,
            "entriesKept": limits::HOST_ENTRIES_KEPT,
            "diagnosticsKept": limits::HOST_DIAGNOSTICS_KEPT,
        },
        // The background and the extension's pages.
        "extension": {
            "framesKept": limits::EXTENSION_FRAMES_KEPT,
            "wasmAtOnce": limits::EXTENSION_WASM_AT_ONCE,
        },
        "dom": dom::tables(),
        "protocol": protocol::table(),
        "pageScripts": {
            "maxBytes": limits::PAGE_SCRIPT_MAX_BYTES,
            "defaultCpuMs": limits::PAGE_SCRIPT_DEFAULT_CPU_MS,
            "siteDefaultCpuCapMs": limits::SITE_DEFAULT_CPU_CAP_MS,
            "siteMaxCpuCapMs": limits::SITE_MAX_CPU_CAP_MS,
            "nameMax": limits::PAGE_SCRIPT_NAME_MAX,
            "cacheMinChars": limits::TRANSPILE_CACHE_MIN_CHARS,
            "cachePartitions": limits::TRANSPILE_CACHE_PARTITIONS,
            "cacheEntries": limits::TRANSPILE_CACHE_ENTRIES,
            "cacheChars": limits::TRANSPILE_CACHE_CHARS,
            "cacheSeenKept": limits::TRANSPILE_CACHE_SEEN_KEPT,
            "cacheCharsPerMinute": limits::TRANSPILE_CACHE_CHARS_PER_MINUTE,
            "cacheCharsPerMinuteAll": limits::TRANSPILE_CACHE_CHARS_PER_MINUTE_ALL,
            "cacheServedCharsPerMinute": limits::TRANSPILE_CACHE_SERVED_CHARS_PER_MINUTE,
            "cacheAskingMax": limits::TRANSPILE_CACHE_ASKING_MAX,
            "cacheAskedMs": limits::TRANSPILE_CACHE_ASKED_MS,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field the JS side reads (`paranoidPolicy()`, the kernel's copy, the frame's
    /// `policy`): a field renamed or dropped here fails this before it fails in a browser.
    /// rust-meta's `userscripts` is added by `paranoid policy` and tested there.
    const FIELDS: &[&str] = &[
        "reserved.prefix",
        "reserved.scope",
        "reserved.global",
        "reserved.runtime",
        "reserved.helpers",
        "levels",
        "defaultLevel",
        "functionKinds",
        "globals",
        "undeletableGlobals",
        "undeletableConstants",
        "mustBeGone",
        "frameUnforgeable",
        "prebuilt",
        "nativeSourceKeys",
        "coreDigest",
        "maxSourceBytes",
        "hostTextLimit",
        "messageLimit",
        "frameProofMs",
        "clockStepMs",
        "animationFrameMs",
        "watchdog.shortWindowMs",
        "watchdog.shortBudgets",
        "watchdog.shortShare",
        "watchdog.longWindowMs",
        "watchdog.longBudgets",
        "watchdog.longShare",
        "watchdog.beatMs",
        "watchdog.lateBeatsForgiven",
        "watchdog.lateKillsForgiven",
        "watchdog.compileLimitMs",
        "sandbox.defaultCpuMs",
        "sandbox.setupCpuMs",
        "sandbox.eventsPerInstant",
        "sandbox.eventsPerSecond",
        "sandbox.messagesPerSecond",
        "sandbox.messageCharsPerSecond",
        "sandbox.messageListeners",
        "sandbox.reportLimit",
        "sandbox.dataUrlsKept",
        "sandbox.dataUrlMaxChars",
        "sandbox.functionCacheEntries",
        "sandbox.prebuiltNamed",
        "sandbox.functionCacheChars",
        "sandbox.sourceTextChars",
        "sandbox.sourceMarkChars",
        "sandbox.missingKept",
        "sandbox.locatesPerSecond",
        "host.eventsKept",
        "host.deliveriesInFlight",
        "host.spareDelayMs",
        "host.quietWaitMs",
        "host.entriesKept",
        "host.diagnosticsKept",
        "extension.framesKept",
        "extension.wasmAtOnce",
        "dom.tags",
        "dom.dropped",
        "dom.sealed",
        "dom.attributes",
        "dom.attributePrefixes",
        "dom.navigateSchemes",
        "dom.inlineImageTypes",
        "dom.events",
        "dom.pressEvents",
        "dom.pressEventFields",
        "dom.limits.handles",
        "dom.limits.results",
        "dom.limits.listeners",
        "dom.limits.selector",
        "dom.limits.text",
        "dom.limits.eventValue",
        "dom.limits.replicaNodes",
        "dom.limits.replicaOpsPerMessage",
        "dom.limits.replicaMessageChars",
        "dom.limits.pressesPerSecond",
        "dom.limits.pressFieldChars",
        "protocol",
        "pageScripts.maxBytes",
        "pageScripts.defaultCpuMs",
        "pageScripts.siteDefaultCpuCapMs",
        "pageScripts.siteMaxCpuCapMs",
        "pageScripts.nameMax",
        "pageScripts.cacheMinChars",
        "pageScripts.cachePartitions",
        "pageScripts.cacheEntries",
        "pageScripts.cacheChars",
        "pageScripts.cacheSeenKept",
        "pageScripts.cacheCharsPerMinute",
        "pageScripts.cacheCharsPerMinuteAll",
        "pageScripts.cacheServedCharsPerMinute",
        "pageScripts.cacheAskingMax",
        "pageScripts.cacheAskedMs",
    ];

    fn at<'a>(tables: &'a serde_json::Value, path: &str) -> Option<&'a serde_json::Value> {
        path.split('.').try_fold(tables, |v, key| v.get(key))
    }

    #[test]
    fn the_tables_have_every_field_the_js_side_reads() {
        let tables = tables();
        for path in FIELDS {
            let value = at(&tables, path).unwrap_or_else(|| panic!("the policy lacks {path}"));
            assert!(!value.is_null(), "{path} is null");
        }
    }

    #[test]
    fn every_limit_is_a_positive_number() {
        let tables = tables();
        let groups = ["watchdog", "sandbox", "host", "extension", "pageScripts"];
        for group in groups {
            let object = tables[group].as_object().expect(group);
            for (name, value) in object {
                let n = value
                    .as_f64()
                    .unwrap_or_else(|| panic!("{group}.{name} is no number"));
                assert!(n > 0.0, "{group}.{name} is {n}");
            }
        }
        for (name, value) in tables["dom"]["limits"].as_object().expect("dom.limits") {
            assert!(value.as_u64().is_some_and(|n| n > 0), "dom.limits.{name}");
        }
    }

    #[test]
    fn the_runtime_helpers_are_distinct_and_unreserved() {
        let mut helpers = reserved::RUNTIME_HELPERS.to_vec();
        helpers.sort_unstable();
        helpers.dedup();
        assert_eq!(helpers.len(), reserved::RUNTIME_HELPERS.len());
        assert!(helpers.iter().all(|h| !reserved::is_reserved_identifier(h)));
    }
}
