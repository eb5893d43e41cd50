//! The limits on userscripts and what they store, in one place: the extension's JS reads them
//! from the generated policy (`paranoidPolicy().userscripts`, through `paranoid policy`).

use serde_json::{json, Value};

use crate::grants::GRANTS;

/// At most this many `@` lines in a metadata block: far above real scripts (a few dozen), low
/// enough that a block cannot make the install page or the background do unbounded work.
pub const MAX_ENTRIES: usize = 1000;
/// At most this many bytes in one metadata value.
pub const MAX_VALUE_BYTES: usize = 4096;
/// A userscript's source, and each `@require` and `@resource`, at most (bytes, UTF-8).
pub const SCRIPT_MAX_BYTES: usize = 4 * 1024 * 1024;
/// At most this many `@require`s and `@resource`s together.
pub const DOWNLOADS_MAX: usize = 32;
/// One script's stored values, as JSON text, at most (characters): `GM.setValue` past it fails.
pub const VALUES_MAX_CHARS: usize = 1024 * 1024;
/// A value's name, at most (characters).
pub const VALUE_NAME_MAX: usize = 256;
/// The CPU budget of a userscript's sandbox per instant (ms), capped by the site's setting.
pub const DEFAULT_CPU_MS: u32 = 100;
/// Run-history entries kept per script (the counters are kept whole).
pub const HISTORY_KEPT: usize = 20;

/// The table the JS side is generated from.
pub fn tables() -> Value {
    json!({
        "grants": GRANTS,
        "maxEntries": MAX_ENTRIES,
        "maxBytes": SCRIPT_MAX_BYTES,
        "downloadsMax": DOWNLOADS_MAX,
        "valuesMaxChars": VALUES_MAX_CHARS,
        "valueNameMax": VALUE_NAME_MAX,
        "defaultCpuMs": DEFAULT_CPU_MS,
        "historyKept": HISTORY_KEPT,
    })
}
