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
        },
        "levels": EsLevel::ALL.iter().map(|l| l.name()).collect::<Vec<_>>(),
        "defaultLevel": EsLevel::LATEST.name(),
        "functionKinds": FunctionKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>(),
        "globals": globals::SANDBOX_GLOBALS,
        "undeletableGlobals": globals::UNDELETABLE_GLOBALS,
        "undeletableConstants": globals::UNDELETABLE_CONSTANTS,
        "mustBeGone": globals::MUST_BE_GONE,
        "frameUnforgeable": globals::FRAME_UNFORGEABLE,
        "maxSourceBytes": limits::MAX_SOURCE_BYTES,
        "hostTextLimit": limits::HOST_TEXT_LIMIT,
        "messageLimit": limits::MESSAGE_LIMIT,
        "frameProofMs": limits::FRAME_PROOF_MS,
        "clockStepMs": limits::CLOCK_STEP_MS,
        "watchdog": {
            "shortWindowMs": limits::WATCHDOG_SHORT_WINDOW_MS,
            "shortBudgets": limits::WATCHDOG_SHORT_BUDGETS,
            "shortShare": limits::WATCHDOG_SHORT_SHARE,
            "longWindowMs": limits::WATCHDOG_LONG_WINDOW_MS,
            "longBudgets": limits::WATCHDOG_LONG_BUDGETS,
            "longShare": limits::WATCHDOG_LONG_SHARE,
        },
        "dom": dom::tables(),
        "protocol": protocol::table(),
        "pageScripts": {
            "maxBytes": limits::PAGE_SCRIPT_MAX_BYTES,
            "defaultCpuMs": limits::PAGE_SCRIPT_DEFAULT_CPU_MS,
            "siteDefaultCpuCapMs": limits::SITE_DEFAULT_CPU_CAP_MS,
            "siteMaxCpuCapMs": limits::SITE_MAX_CPU_CAP_MS,
            "nameMax": limits::PAGE_SCRIPT_NAME_MAX,
        },
    })
}
