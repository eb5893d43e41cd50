//! The limits on userscripts and what they store, in one place: the extension's JS reads them
//! from the generated policy (`paranoidPolicy().userscripts`, through `paranoid policy`).

use serde_json::{json, Value};

use crate::grants::{CALLS_FOR_EVERY_SCRIPT, CALLS_WITH_GRANT, CALLS_WITH_PAGE, GRANTS, SPELLINGS};

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
/// The text of a script's `@resource`s given to its sandbox at the start, for the synchronous
/// `GM_getResourceText`, at most (characters, all together, in the order listed): past it a
/// resource is only read with `await GM.getResourceText`, which says so. As much as one
/// message may carry, so that a script's start costs no more than one large answer would.
pub const SYNC_RESOURCES_MAX_CHARS: usize = 1024 * 1024;
/// `GM.registerMenuCommand`: at most this many commands per script on a page, each caption cut
/// to this many characters. A popup of a screen's height; a caption of a line.
pub const MENU_COMMANDS_MAX: usize = 32;
pub const MENU_CAPTION_MAX: usize = 100;
/// A value's name, at most (characters).
pub const VALUE_NAME_MAX: usize = 256;
/// The CPU budget of a userscript's sandbox per instant (ms), capped by the site's setting.
pub const DEFAULT_CPU_MS: u32 = 100;
/// The same for a script given the page (its replica): the DOM it reads and changes is a
/// library running in its sandbox, and a page's own changes are applied there within the
/// script's instants. Measured in Firefox ESR: a script that sorts a 30-item list through
/// the replica, beside four others on the page, was killed at 100 ms. The site's default cap.
pub const PAGE_CPU_MS: u32 = 250;
/// Run-history entries kept per script (the counters are kept whole).
pub const HISTORY_KEPT: usize = 20;

/// `GM.openInTab`: at most this many tabs per script in any minute (all its pages together).
pub const OPEN_IN_TAB_PER_MINUTE: usize = 10;
/// `GM.notification`: at most this many per script in any minute, and at most this many of a
/// script's notifications open at once.
pub const NOTIFICATIONS_PER_MINUTE: usize = 5;
pub const NOTIFICATIONS_OPEN: usize = 3;
/// `alert()` from a script that may change the page: at most this many dialogs per script on a
/// page in any minute, each text cut to [`ALERT_TEXT_MAX`] characters. A dialog stops the page
/// until it is dismissed: enough for a script that reports what it did, too few to lock a tab.
pub const ALERTS_PER_MINUTE: usize = 10;
pub const ALERT_TEXT_MAX: usize = 2_000;
/// A script's own `localStorage`, per site (the page's origin): at most this many characters
/// and keys, counted as JSON (each key and value as a JSON string, and 2 more per entry: what
/// storing and sending it costs), so that a turn's changes fit in messages and one write is
/// cheap for the background; `setItem` past it throws `QuotaExceededError`, as a browser's
/// does past its few MB. At most [`LOCAL_STORAGE_SITES_MAX`] sites per script; a new site past
/// that is refused. Its `sessionStorage`: at most [`SESSION_STORAGE_MAX_CHARS`] per tab, all
/// its sites together, dropped with the tab. Writes ([`STORAGE_WRITES_PER_SECOND`]) and
/// start-up reads ([`STORAGE_READS_PER_SECOND`]) per script, all its pages together. Reasoned
/// from real scripts' use (a few settings, a list of ids), not measured.
pub const LOCAL_STORAGE_MAX_CHARS: usize = 512 * 1024;
pub const LOCAL_STORAGE_KEYS_MAX: usize = 10_000;
pub const LOCAL_STORAGE_SITES_MAX: usize = 100;
pub const SESSION_STORAGE_MAX_CHARS: usize = 256 * 1024;
pub const STORAGE_WRITES_PER_SECOND: usize = 20;
/// A turn's storage changes go in calls of at most this many characters of JSON each: a quarter
/// of one message (`MESSAGE_LIMIT`, 1 Mi), so that a call always fits beside its envelope.
pub const STORAGE_WRITE_CHARS: usize = 256 * 1024;
pub const STORAGE_READS_PER_SECOND: usize = 20;
/// GM calls per script in any second (all its pages together, the background's count; each
/// page's content script counts its own too): far above what a script that reacts to the page
/// needs, low enough that a loop of calls cannot keep the background busy for other tabs.
pub const GM_CALLS_PER_SECOND: usize = 200;
/// `GM.xmlHttpRequest`s of one script in flight at once (each may hold up to 1 MiB).
pub const REQUESTS_IN_FLIGHT: usize = 16;
/// Aborts of a `GM.xmlHttpRequest` that reached the background before their request (the two
/// messages race), kept until it comes; the oldest are forgotten. A race leaves one or two;
/// bounded for a script that sends aborts of requests it never makes. Sixteen times
/// [`REQUESTS_IN_FLIGHT`].
pub const ABORTS_KEPT: usize = 256;
/// A `.user.js` a tab loads is offered for install at most once per tab, and once per URL, in
/// this many ms: a page that navigates to one in a loop (or a redirect loop) cannot open install
/// pages faster than one per tab in 10 s. Reasoned: longer than a redirect loop's turn, shorter
/// than a user takes to go back and open the link again on purpose.
pub const OFFER_EVERY_MS: u32 = 10_000;

/// `GM.addStyle`: CSS that would make the page load something (a network channel around
/// `@connect`: attribute selectors can spell out page text, one request per guess) is refused.
/// Functions whose argument is a URL or an image (which can only be a URL or one of these), and
/// at-rules that load; compared after escapes are decoded, ASCII case-insensitively, and any
/// function or at-rule whose name is written with an escape is refused too
/// (`content/userscript-css.js`).
pub const STYLE_REFUSED_FUNCTIONS: &[&str] = &[
    "url",
    "src",
    "image",
    "image-set",
    "-webkit-image-set",
    "-moz-image-set",
    "cross-fade",
    "-webkit-cross-fade",
    "-moz-image-rect",
];
pub const STYLE_REFUSED_AT_RULES: &[&str] = &["import"];

/// The table the JS side is generated from.
pub fn tables() -> Value {
    json!({
        "grants": GRANTS,
        "spellings": SPELLINGS,
        "callsWithGrant": CALLS_WITH_GRANT
            .iter()
            .map(|(call, grant)| (call.to_string(), Value::from(*grant)))
            .collect::<serde_json::Map<_, _>>(),
        "callsForEveryScript": CALLS_FOR_EVERY_SCRIPT,
        "callsWithPage": CALLS_WITH_PAGE
            .iter()
            .map(|(call, power)| (call.to_string(), Value::from(*power)))
            .collect::<serde_json::Map<_, _>>(),
        "syncResourcesMaxChars": SYNC_RESOURCES_MAX_CHARS,
        "menuCommandsMax": MENU_COMMANDS_MAX,
        "menuCaptionMax": MENU_CAPTION_MAX,
        "maxEntries": MAX_ENTRIES,
        "maxBytes": SCRIPT_MAX_BYTES,
        "downloadsMax": DOWNLOADS_MAX,
        "valuesMaxChars": VALUES_MAX_CHARS,
        "valueNameMax": VALUE_NAME_MAX,
        "defaultCpuMs": DEFAULT_CPU_MS,
        "pageCpuMs": PAGE_CPU_MS,
        "historyKept": HISTORY_KEPT,
        "openInTabPerMinute": OPEN_IN_TAB_PER_MINUTE,
        "notificationsPerMinute": NOTIFICATIONS_PER_MINUTE,
        "notificationsOpen": NOTIFICATIONS_OPEN,
        "alertsPerMinute": ALERTS_PER_MINUTE,
        "alertTextMax": ALERT_TEXT_MAX,
        "localStorageMaxChars": LOCAL_STORAGE_MAX_CHARS,
        "localStorageKeysMax": LOCAL_STORAGE_KEYS_MAX,
        "localStorageSitesMax": LOCAL_STORAGE_SITES_MAX,
        "sessionStorageMaxChars": SESSION_STORAGE_MAX_CHARS,
        "storageWritesPerSecond": STORAGE_WRITES_PER_SECOND,
        "storageWriteChars": STORAGE_WRITE_CHARS,
        "storageReadsPerSecond": STORAGE_READS_PER_SECOND,
        "gmCallsPerSecond": GM_CALLS_PER_SECOND,
        "requestsInFlight": REQUESTS_IN_FLIGHT,
        "abortsKept": ABORTS_KEPT,
        "offerEveryMs": OFFER_EVERY_MS,
        "addStyle": {
            "refusedFunctions": STYLE_REFUSED_FUNCTIONS,
            "refusedAtRules": STYLE_REFUSED_AT_RULES,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field the extension reads as `paranoidPolicy().userscripts`.
    #[test]
    fn the_table_has_every_field_the_extension_reads() {
        let table = tables();
        for field in [
            "grants",
            "spellings",
            "callsWithGrant",
            "callsWithPage",
            "syncResourcesMaxChars",
            "menuCommandsMax",
            "menuCaptionMax",
            "maxEntries",
            "maxBytes",
            "downloadsMax",
            "valuesMaxChars",
            "valueNameMax",
            "defaultCpuMs",
            "pageCpuMs",
            "historyKept",
            "openInTabPerMinute",
            "notificationsPerMinute",
            "notificationsOpen",
            "gmCallsPerSecond",
            "requestsInFlight",
            "abortsKept",
            "offerEveryMs",
        ] {
            assert!(table.get(field).is_some_and(|v| !v.is_null()), "{field}");
        }
        assert!(table["addStyle"]["refusedFunctions"].is_array());
        assert!(table["addStyle"]["refusedAtRules"].is_array());
    }
}
