//! Which globals a sandbox offers, what must stay on the real worker and frame globals, and what
//! must never be reachable there. The kernel gets these tables generated (`paranoid policy`);
//! they are written nowhere else.

use serde::Serialize;

/// How the kernel provides a global of the stand-in scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Provision {
    /// The worker realm's own built-in, with its own property descriptor.
    Copied,
    /// Like `Copied`, but absent engines (older ones) simply do not offer it.
    CopiedIfPresent,
    /// A stand-in the kernel builds (the virtual clock's `Date`, the `Function` constructor, …).
    StandIn,
    /// Like `StandIn`, built only where the engine has the built-in it stands in for.
    StandInIfPresent,
    /// An ECMAScript global the engine has that the sandbox does not offer; `why` says why.
    Absent,
    /// What a browser's global inherits from `Object.prototype`: that function, as an own
    /// property of the scope, so that `Object.prototype` itself stays off the scope's chain.
    Inherited,
}

/// One global of the stand-in scope.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Global {
    pub name: &'static str,
    pub provision: Provision,
    /// Why it is there or why it is a stand-in: shown in the generated table for reviewers.
    pub why: &'static str,
}

macro_rules! globals {
    ($($provision:ident $why:literal: $($name:ident)+;)+) => {
        /// The stand-in scope's globals besides the host API.
        pub const SANDBOX_GLOBALS: &[Global] = &[
            $($(Global { name: stringify!($name), provision: Provision::$provision, why: $why },)+)+
        ];
    };
}

globals! {
    Copied "ECMA-262 value property (non-writable everywhere)": undefined NaN Infinity;
    Copied "ECMA-262 function property": isFinite isNaN parseFloat parseInt decodeURI
        decodeURIComponent encodeURI encodeURIComponent;
    Copied "ECMA-262 Annex B function property": escape unescape;
    Copied "ECMA-262 fundamental object": Object Boolean Symbol;
    Copied "ECMA-262 error constructor": Error AggregateError EvalError RangeError
        ReferenceError SyntaxError TypeError URIError;
    Copied "ECMA-262 numbers, text, collections": Number BigInt Math String RegExp Array Map
        Set WeakMap WeakSet WeakRef;
    Absent "the engine runs its cleanup callbacks in tasks of their own, outside the kernel's turns, where the watchdog cannot count them and the virtual clock does not order them":
        FinalizationRegistry;
    Absent "shared memory: with a second thread, a counter in it is a fine clock (and the worker is not cross-origin isolated, so the engine offers none anyway)":
        SharedArrayBuffer;
    CopiedIfPresent "ECMA-262 atomic operations: without SharedArrayBuffer they act on ordinary buffers only, and `Atomics.wait`/`waitAsync` refuse those, so nothing blocks or tells time":
        Atomics;
    CopiedIfPresent "ECMA-262 2026 explicit resource management: pure classes (the `using` syntax is allowed from the ES2026 level on, never at a script's top level)":
        DisposableStack AsyncDisposableStack SuppressedError;
    Copied "ECMA-262 binary data (no SharedArrayBuffer: not cross-origin isolated anyway)":
        ArrayBuffer DataView Int8Array Uint8Array Uint8ClampedArray Int16Array Uint16Array
        Int32Array Uint32Array Float32Array Float64Array BigInt64Array BigUint64Array;
    CopiedIfPresent "ECMA-262 2025 additions, present in current engines": Iterator Float16Array;
    Copied "ECMA-262 control abstraction and reflection": Promise Proxy Reflect JSON;
    StandIn "compiles through the transpiler (no eval anywhere)": Function;
    StandIn "an indirect eval: the text vetted and transpiled as a global script, as Function's is; a direct `eval(…)` call is refused by the vetter": eval;
    StandIn "the virtual clock: time stands still during synchronous code": Date;
    StandInIfPresent "Temporal with `Temporal.Now` on the virtual clock; the rest of it is pure arithmetic": Temporal;
    StandIn "ECMA-402, with DateTimeFormat reading the virtual clock": Intl;
    StandIn "virtual timers: exact virtual times, string handlers refused, this undefined":
        setTimeout setInterval clearTimeout clearInterval;
    StandIn "microtasks, through the kernel's captured queue": queueMicrotask;
    Copied "WHATWG Encoding: text to and from UTF-8 bytes, pure": TextEncoder TextDecoder;
    Copied "WHATWG URL: query strings, pure": URLSearchParams;
    StandIn "HTML: base64 and a deep copy within the sandbox's own realm (functions and host objects refused), pure; called on the worker's global whatever the receiver (`window.atob`)":
        atob btoa structuredClone;
    StandIn "WHATWG URL without createObjectURL/revokeObjectURL (a blob: URL is a script the worker's CSP allows)":
        URL;
    StandIn "Web Crypto: getRandomValues and randomUUID only (crypto.subtle settles in real time: a clock)":
        crypto;
    StandIn "HTML: the browser's and language's strings (userAgent, language, languages, platform, …), read once and frozen; nothing that acts or tells time (sendBeacon, onLine, storage), and clipboard's calls refused as a browser refuses permission":
        navigator;
    StandIn "High Resolution Time: now() and timeOrigin on the virtual clock": performance;
    StandIn "DOM events written in the kernel: synchronous dispatch inside the turn, a throwing listener reported, timeStamp on the virtual clock (an engine Event's is real time)":
        EventTarget Event CustomEvent;
    StandIn "DOM aborting written in the kernel: AbortSignal.timeout is a virtual timer (the engine's is a real one, firing outside the kernel's turns)":
        AbortController AbortSignal;
    Copied "WebIDL: the error type of the platform's operations (atob and structuredClone throw it already), pure":
        DOMException;
    StandIn "a virtual timer of one frame (policy animationFrameMs), given the virtual performance.now()":
        requestAnimationFrame cancelAnimationFrame;
    Inherited "a browser's global inherits it from Object.prototype (Babel calls hasOwnProperty bare); the function only, never Object.prototype on the scope's chain":
        hasOwnProperty isPrototypeOf propertyIsEnumerable toString toLocaleString valueOf;
    StandIn "the stand-in global object itself; `top`, `parent` and `frames` too, as in a top-level window (a userscript in a frame gets `top` and `parent` as other, opaque objects, so that `window.top !== window.self` says so)":
        globalThis self window top parent frames;
    StandIn "messages sent to the host as data": console;
    StandIn "the host API: cpuLevel() gives 0-3 for the CPU spent at this instant (docs/design.md); postMessage(data) and onMessage(listener) only where the host grants messages (a page's own scripts)": paranoid;
}

/// Values every realm keeps on its global because they cannot be deleted. Nothing else may stay
/// on the real worker global after scrubbing but these and the three reserved names.
pub const UNDELETABLE_GLOBALS: &[&str] = &["undefined", "NaN", "Infinity"];

/// Non-configurable constants some engines leave on a worker global (Chromium's
/// `TEMPORARY`/`PERSISTENT` of the old file-system API): allowed to stay only if they are
/// numbers.
pub const UNDELETABLE_CONSTANTS: &[&str] = &["TEMPORARY", "PERSISTENT"];

/// What the frame (a window) cannot delete from itself because the platform marks it
/// `[LegacyUnforgeable]`. The frame never runs untrusted code; its scrub is the design's second
/// line (docs/design.md), and these are exempt from its blocklist check.
pub const FRAME_UNFORGEABLE: &[&str] = &["window", "document", "location", "top"];

/// The second check after the allowlist: if any of these is still reachable from the real
/// worker global (or the frame's), nothing runs. Every one is a way out or a clock.
pub const MUST_BE_GONE: &[&str] = &[
    "fetch",
    "eval",
    "Function",
    "importScripts",
    "XMLHttpRequest",
    "WebSocket",
    "WebTransport",
    "EventSource",
    "Worker",
    "SharedWorker",
    "indexedDB",
    "caches",
    "navigator",
    "location",
    "WebAssembly",
    "SharedArrayBuffer",
    "BroadcastChannel",
    "MessageChannel",
    "postMessage",
    "onmessage",
    "addEventListener",
    "setTimeout",
    "setInterval",
    "queueMicrotask",
    "requestAnimationFrame",
    "performance",
    "Date",
    "Temporal",
    "Intl",
    "crypto",
    "Blob",
    "URL",
    "FileReader",
    "Response",
    "Request",
    "RTCPeerConnection",
    "close",
    "scheduler",
    "FinalizationRegistry",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_blocklisted_names_are_never_copied() {
        let mut names: Vec<&str> = SANDBOX_GLOBALS.iter().map(|g| g.name).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len(), "a global is listed twice");
        for g in SANDBOX_GLOBALS {
            if MUST_BE_GONE.contains(&g.name) {
                assert!(
                    matches!(
                        g.provision,
                        Provision::StandIn | Provision::StandInIfPresent | Provision::Absent
                    ),
                    "{} is blocklisted on the real global: the sandbox may only offer a stand-in",
                    g.name
                );
            }
        }
    }
}
