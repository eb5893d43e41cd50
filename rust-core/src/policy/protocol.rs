//! Every message between the extension's parts, per hop: its type, who sends it, who may, and
//! the fields it carries. The JS side gets this table in `paranoidPolicy().protocol`: the
//! background's command registry takes who may send each command from here, and
//! `tests/unit/protocol.test.mjs` fails when code sends or handles a type this table does not
//! name, or when ARCHITECTURE.md's message table leaves one out. A new message is added here
//! first.

/// The hops. A sandbox's messages never leave the frame's port or the worker; the extension's
/// own (`paranoid:*`) travel by `runtime.sendMessage` (to the background or the offscreen
/// page) or `tabs.sendMessage` (to a tab's content scripts).
pub const HOPS: &[(&str, &str)] = &[
    (
        "window",
        "content script → frame: the one init, by window.postMessage with the port",
    ),
    (
        "port",
        "content script ↔ frame: the init's MessagePort, nothing else",
    ),
    (
        "worker",
        "frame ↔ worker: Worker.postMessage; worker → frame messages carry the boot token",
    ),
    (
        "runtime",
        "content scripts and extension pages → background (or the offscreen page)",
    ),
    (
        "tabs",
        "extension pages and the background → a tab's content scripts",
    ),
];

/// One message type on one hop.
pub struct Message {
    pub hop: &'static str,
    pub name: &'static str,
    /// The part that sends it.
    pub from: &'static str,
    /// The part that takes it.
    pub to: &'static str,
    /// Who the receiver accepts it from, as the receiver checks it: `content` (a content script
    /// in a tab, `sender.url` not ours), `own-page` (a page of ours under `ui/`), `tab` (either,
    /// in a tab), `extension` (any part of this extension), `parent` (the frame's parent window,
    /// with the host key), `port` (whoever holds the port, proven by the frame key), `worker`
    /// (the worker, with the boot token), `frame` (the frame that created the worker).
    pub accepted_from: &'static str,
    pub fields: &'static [&'static str],
}

const fn m(
    hop: &'static str,
    name: &'static str,
    from: &'static str,
    to: &'static str,
    accepted_from: &'static str,
    fields: &'static [&'static str],
) -> Message {
    Message {
        hop,
        name,
        from,
        to,
        accepted_from,
        fields,
    }
}

pub const MESSAGES: &[Message] = &[
    // The init: the host key and the port, nothing else (content/sandbox-host.js, frame.js).
    m(
        "window",
        "init",
        "content",
        "frame",
        "parent",
        &["key", "ports[1]"],
    ),
    // content script → frame, on the port.
    m(
        "port",
        "create",
        "content",
        "frame",
        "port",
        &["wasm", "options.layers"],
    ),
    m(
        "port",
        "configure",
        "content",
        "frame",
        "port",
        &["cpuMs", "level", "capabilities", "prebuilt"],
    ),
    m(
        "port",
        "run",
        "content",
        "frame",
        "port",
        &[
            "id",
            "source",
            "filename",
            "hostTime",
            "setup",
            "prebuilt",
            "sourceMap",
            "original",
            "userscript",
        ],
    ),
    m(
        "port",
        "report",
        "content",
        "frame",
        "port",
        &["id", "names", "hostTime"],
    ),
    m(
        "port",
        "deliver",
        "content",
        "frame",
        "port",
        &["id", "json", "hostTime", "setup"],
    ),
    m("port", "kill", "content", "frame", "port", &["reason"]),
    // frame → content script, on the port.
    m("port", "hello", "frame", "content", "port", &["key"]),
    m("port", "ready", "frame", "content", "port", &[]),
    m("port", "failed", "frame", "content", "port", &["reason"]),
    m(
        "port",
        "killed",
        "frame",
        "content",
        "port",
        &["reason", "cpuMs"],
    ),
    m(
        "port",
        "result",
        "frame",
        "content",
        "port",
        &["id", "status", "diagnostics", "error"],
    ),
    m(
        "port",
        "report",
        "frame",
        "content",
        "port",
        &["id", "values", "missing"],
    ),
    m("port", "delivered", "frame", "content", "port", &["id"]),
    m(
        "port",
        "quiet",
        "frame",
        "content",
        "port",
        &["cpuMs", "after"],
    ),
    m("port", "message", "frame", "content", "port", &["json"]),
    m("port", "uncaught", "frame", "content", "port", &["error"]),
    m(
        "port",
        "console",
        "frame",
        "content",
        "port",
        &["level", "text"],
    ),
    m("port", "compiled", "frame", "content", "port", &["ms"]),
    // frame → worker.
    m(
        "worker",
        "boot",
        "frame",
        "worker",
        "frame",
        &["token", "module", "layers"],
    ),
    m(
        "worker",
        "configure",
        "frame",
        "worker",
        "frame",
        &["cpuMs", "level", "capabilities", "prebuilt"],
    ),
    m(
        "worker",
        "run",
        "frame",
        "worker",
        "frame",
        &[
            "id",
            "source",
            "filename",
            "hostTime",
            "prebuilt",
            "sourceMap",
            "original",
            "userscript",
        ],
    ),
    m(
        "worker",
        "report",
        "frame",
        "worker",
        "frame",
        &["id", "names", "hostTime"],
    ),
    m(
        "worker",
        "deliver",
        "frame",
        "worker",
        "frame",
        &["id", "json", "hostTime"],
    ),
    m("worker", "ping", "frame", "worker", "frame", &[]),
    // worker → frame (each with the boot token).
    m(
        "worker",
        "turn",
        "worker",
        "frame",
        "worker",
        &["on", "instant", "pending", "at"],
    ),
    m("worker", "ready", "worker", "frame", "worker", &[]),
    m(
        "worker",
        "boot-failed",
        "worker",
        "frame",
        "worker",
        &["reason"],
    ),
    m("worker", "pong", "worker", "frame", "worker", &[]),
    m("worker", "compiling", "worker", "frame", "worker", &[]),
    m("worker", "compiled", "worker", "frame", "worker", &[]),
    m(
        "worker",
        "loaded",
        "worker",
        "frame",
        "worker",
        &["url", "filename", "sourceMap"],
    ),
    m(
        "worker",
        "result",
        "worker",
        "frame",
        "worker",
        &["id", "status", "diagnostics", "error"],
    ),
    m(
        "worker",
        "report",
        "worker",
        "frame",
        "worker",
        &["id", "values", "missing"],
    ),
    m("worker", "delivered", "worker", "frame", "worker", &["id"]),
    m("worker", "message", "worker", "frame", "worker", &["json"]),
    m(
        "worker",
        "uncaught",
        "worker",
        "frame",
        "worker",
        &["error"],
    ),
    m(
        "worker",
        "console",
        "worker",
        "frame",
        "worker",
        &["level", "text"],
    ),
    // runtime: to the background.
    m(
        "runtime",
        "paranoid:whoami",
        "tab",
        "background",
        "tab",
        &[],
    ),
    m(
        "runtime",
        "paranoid:fetch-quarantined",
        "content",
        "background",
        "content",
        &["url"],
    ),
    m(
        "runtime",
        "paranoid:check-updates",
        "own-page",
        "background",
        "own-page",
        &[],
    ),
    m(
        "runtime",
        "paranoid:frame-has-scripts",
        "content",
        "background",
        "content",
        &[],
    ),
    m(
        "runtime",
        "paranoid:tab-frames",
        "own-page",
        "background",
        "own-page",
        &["tabId"],
    ),
    m(
        "runtime",
        "paranoid:userscripts-for",
        "content",
        "background",
        "content",
        &[],
    ),
    m(
        "runtime",
        "paranoid:gm",
        "content",
        "background",
        "content",
        &["id", "name", "args"],
    ),
    m(
        "runtime",
        "paranoid:us-outcome",
        "content",
        "background",
        "content",
        &["id", "outcome", "detail"],
    ),
    // A script's own localStorage and sessionStorage on the sender's site, read as it starts.
    m(
        "runtime",
        "paranoid:us-storage",
        "content",
        "background",
        "content",
        &["id"],
    ),
    m(
        "runtime",
        "paranoid:prebuilt",
        "content",
        "background",
        "content",
        &["name"],
    ),
    m(
        "runtime",
        "paranoid:transpiled",
        "content",
        "background",
        "content",
        &["key", "source"],
    ),
    // runtime: the background to Chrome's offscreen clipboard page.
    m(
        "runtime",
        "paranoid:clipboard-write",
        "background",
        "offscreen",
        "extension",
        &["text"],
    ),
    // tabs: to a tab's content scripts.
    m(
        "tabs",
        "paranoid:status",
        "own-page",
        "content",
        "extension",
        &[],
    ),
    m(
        "tabs",
        "paranoid:us-notification",
        "background",
        "content",
        "extension",
        &["script", "notification", "event"],
    ),
    m(
        "tabs",
        "paranoid:us-menu",
        "own-page",
        "content",
        "extension",
        &["entry", "command"],
    ),
];

/// The table as the JS side reads it.
pub fn table() -> serde_json::Value {
    serde_json::json!({
        "hops": HOPS.iter().map(|(name, what)| serde_json::json!({ "name": name, "what": what })).collect::<Vec<_>>(),
        "messages": MESSAGES.iter().map(|m| serde_json::json!({
            "hop": m.hop, "type": m.name, "from": m.from, "to": m.to,
            "acceptedFrom": m.accepted_from, "fields": m.fields,
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_names_a_known_hop_and_sender_class_once() {
        let classes = [
            "content",
            "own-page",
            "tab",
            "extension",
            "parent",
            "port",
            "worker",
            "frame",
        ];
        let mut seen = std::collections::HashSet::new();
        for m in MESSAGES {
            assert!(HOPS.iter().any(|(h, _)| *h == m.hop), "{}", m.name);
            assert!(classes.contains(&m.accepted_from), "{}", m.name);
            assert!(
                seen.insert((m.hop, m.name, m.from)),
                "{} twice on {}",
                m.name,
                m.hop
            );
        }
    }
}
