//! Resource limits, with the measurements behind them: the core's own (source size, nesting),
//! then the sandbox's (kernel and frame), the watchdog's, the content script's (`host`) and the
//! extension's own realms'. `policy::tables` carries every one the JS side reads to
//! `paranoidPolicy()`; the DOM capability's are in `dom.rs`, the userscripts' in rust-meta.

/// Largest source accepted, in bytes. A 20 MB file must transpile; far larger inputs are refused
/// before any work so that memory stays bounded in a 32-bit wasm instance.
pub const MAX_SOURCE_BYTES: usize = 32 * 1024 * 1024;

/// The nesting pre-scan's limit (see `prescan.rs` for what counts as a unit).
///
/// Measured (`tools/calibrate-nesting.mjs`, a `calibration` wasm build without this limit,
/// Node 20 main thread): the engine's stack gave out at 828 units for nested template
/// literals, 896 for parentheses, 938 for blocks, 1,024 for IIFEs and more for everything
/// else. A Chromium worker failed at ~343 nested parentheses (docs/design.md, "Measured: the
/// Rust core"), about 0.38 of Node's 896, which puts the weakest construct near 315 units there.
/// Real libraries peak at 56 (jquery.min.js; lodash 32, three 51, react-dom 35). 160 keeps about
/// 2x below the estimated worker limit and about 3x above real code.
/// `tests/browser/nesting.test.mjs` checks the limit inside real Chromium and Firefox workers
/// (docs/design.md, "Why each limit is what it is").
pub const MAX_NESTING: u32 = 160;

/// A second, independent bound on the depth of the parsed tree, checked before any recursive
/// pass runs over it: left-associative chains (`1+1+…`, `a.b.c…`, `f()()…`) are parsed by loops
/// and cost the pre-scan nothing, but build trees as deep as they are long. Measured: with this
/// bound, 131,072-long chains are refused cleanly in wasm.
pub const MAX_TREE_DEPTH: u32 = 1_000;

/// How many `with` statements may enclose one another. The rewrite looks a captured name up on
/// each enclosing statement's object in turn, a conditional per statement, so the output nests
/// deeper than the input by about two levels per statement: this keeps that within the margin
/// `MAX_NESTING` leaves below the engines' own limits. Real code nests two at most (knockout's
/// `with ($context) { with ($data || {}) … }`; lodash, underscore, ejs and Vue one).
pub const MAX_WITH_NESTING: u32 = 8;

/// Longest text (UTF-16 units) a sandbox can send the host in one piece: an error's name,
/// message or stack, a console line. Longer ones are cut, by the kernel and again by the frame.
pub const HOST_TEXT_LIMIT: usize = 8192;

/// Longest JSON text (UTF-16 units) of one message between a sandbox and its page, either way.
/// Larger messages are refused with an error where they are sent, never cut.
pub const MESSAGE_LIMIT: usize = 1 << 20;

/// The step, in ms, to which a call in that a sandbox can drive (a GM reply, a delivery, a DOM
/// event) moves the virtual clock: the host's time rounded down. A `run`, which only the host
/// starts, moves it exactly. Exact times on replies let a script time its own work to 1 ms.
pub const CLOCK_STEP_MS: u32 = 100;

/// One animation frame on the virtual clock: `requestAnimationFrame` is a timer of this many
/// virtual ms (a 60 Hz display's frame, rounded), as there are no frames in a worker.
pub const ANIMATION_FRAME_MS: u32 = 16;

/// The watchdog's share of one core over two sliding windows, beside the budget per virtual
/// instant. A window is `max(WINDOW_MS, BUDGETS × budget)` long, so that one turn of the whole
/// budget always fits in it (a site may give a page up to `SITE_MAX_CPU_CAP_MS`). Measured
/// before: with one window of a second at 5 × the budget, a timer chain spinning each turn to
/// half a 250 ms budget held ~90 % of a core indefinitely. With these, the most any sandbox can
/// hold for long is a quarter of a core; a burst may reach half a core for a few seconds.
pub const WATCHDOG_SHORT_WINDOW_MS: u32 = 1_000;
pub const WATCHDOG_SHORT_BUDGETS: u32 = 4;
pub const WATCHDOG_SHORT_SHARE: f64 = 0.5;
pub const WATCHDOG_LONG_WINDOW_MS: u32 = 10_000;
pub const WATCHDOG_LONG_BUDGETS: u32 = 20;
pub const WATCHDOG_LONG_SHARE: f64 = 0.25;

/// The heartbeat: the frame pings the worker every `WATCHDOG_BEAT_MS` and kills it when a ping
/// stays unanswered past the budget and one beat more, with no turn ended meanwhile (a ping
/// queued behind short turns is answered late by a worker that is not stuck). It needs nothing
/// of the kernel's accounting and catches any long task the turn messages do not show. Reasoned: half the
/// default budget (`SANDBOX_DEFAULT_CPU_MS`), so that a worker stuck past its budget is seen
/// within a budget more, while a sandbox at rest costs 20 pings a second. The beat's grace: a
/// ping sent just before a turn began is read after it, so its age overstates the turn by up to
/// a beat, and the turn's own kill timer must come first (measured without it, in Firefox ESR: a
/// spin with a 50 ms budget killed by the heartbeat at 53 ms, 48 ms into its turn).
pub const WATCHDOG_BEAT_MS: u32 = 50;

/// Beats in a row that may come late (over twice `WATCHDOG_BEAT_MS` apart) before an unanswered
/// ping is judged: a late beat means the frame's own thread was stalled (the sandbox frames of
/// an extension share a process; measured, 50 sandboxes starting at once stalled it 500 ms) and
/// the answer may be waiting behind it. Each late beat is over 100 ms after the last, so 20 in a
/// row forgive stalls of over 2 s, four times the longest measured; a worker that still has not
/// answered then is killed.
pub const WATCHDOG_LATE_BEATS_FORGIVEN: u32 = 20;

/// Times a kill timer that fired late (the frame's thread stalled) is armed again in one turn,
/// so that an end of turn waiting in the frame's queue is read first. Reasoned: one re-arm lets a
/// queued message be read; three allow for a stall that repeats, and bound how long a worker
/// still in its turn outlives its budget.
pub const WATCHDOG_LATE_KILLS_FORGIVEN: u32 = 3;

/// How long, in ms, the host's own script may take to transpile (between `compiling` and
/// `compiled`, which the CPU budget does not count: the host pays for it). At the worker's
/// measured rate (2.9 to 6.4 MB/s, docs/BENCHMARKS.md) the largest script a page or a userscript
/// may bring (4 MiB) transpiles in under 2 s and the largest source the core accepts
/// (`MAX_SOURCE_BYTES`) in about 11 s; a minute leaves room for a loaded machine and still ends a
/// transpile that would hold a core for good.
pub const WATCHDOG_COMPILE_LIMIT_MS: u32 = 60_000;

/// The CPU budget per virtual instant, in ms, of a sandbox whose host names none (the kernel's
/// and the frame's, until `configure`): the original design's default, the same as a page
/// script's (`PAGE_SCRIPT_DEFAULT_CPU_MS`).
pub const SANDBOX_DEFAULT_CPU_MS: u32 = 100;

/// The budget of a turn of set-up: a request the host marks `setup` before it has asked for
/// anything else (a userscript's page replica: the DOM library's load and the replica's first
/// build), which runs only the extension's own code, so that nothing untrusted gets it.
/// Set-up turns count toward neither the budget of an instant nor the windows. Measured: the
/// DOM library loads in 12–30 ms in Node, 60–250 ms in a sandbox while six start at once on
/// two cores; a 10,000-element page builds in 0.2–0.3 s.
pub const SANDBOX_SETUP_CPU_MS: u32 = 3_000;

/// Console lines and uncaught errors a sandbox may send its host per virtual instant, then per
/// real second (a chain of 1 ms timers makes a new instant at every tick); the rest are counted
/// and reported once. They are the only messages a sandbox makes on its own, each held by the
/// host (up to `HOST_EVENTS_KEPT`): far above what a script logs in one call in, low enough that
/// a flood of 100,000 lines costs the host 200 messages (`tests/browser/host-limits.test.mjs`).
pub const SANDBOX_EVENTS_PER_INSTANT: u32 = 200;
pub const SANDBOX_EVENTS_PER_SECOND: u32 = 500;

/// `paranoid.postMessage` calls per real second, and JSON characters per real second (16
/// messages of the largest size): each message is an event dispatched on the page's thread.
/// Chromium reaches the count (RangeError); in Firefox a flooded frame answers the heartbeat
/// late first and the watchdog stops the sandbox (THREAT_MODEL.md, "Watchdog").
pub const SANDBOX_MESSAGES_PER_SECOND: u32 = 5_000;
pub const SANDBOX_MESSAGE_CHARS_PER_SECOND: usize = 16 * MESSAGE_LIMIT;

/// `paranoid.onMessage` listeners per sandbox: each delivery calls every one, so the count
/// bounds the work one message from the page makes. Reasoned: a script needs one; 64 leaves room
/// for libraries that each add their own.
pub const SANDBOX_MESSAGE_LISTENERS: u32 = 64;

/// Longest JSON (UTF-16 units) of one value a `report` carries back to the host, as large as one
/// message (`MESSAGE_LIMIT`); a larger value is reported as `unserialisable`.
pub const SANDBOX_REPORT_LIMIT: usize = 1 << 20;

/// Scripts of at most this many UTF-16 units load from `data:` URLs, longer ones from `blob:`
/// URLs where those load (Chromium; Firefox's sandboxed worker loads only `data:`). Measured in a
/// Chromium worker: a blob: URL costs about 3.7 ms to make and load whatever its size, a data:
/// URL of a small script 0.1-0.3 ms, but 23 ms for 1 MiB against blob:'s 7; 64 Ki keeps every
/// `Function` body and most page scripts on the fast way, well below where the two cross.
pub const SANDBOX_DATA_URL_MAX_CHARS: usize = 64 * 1024;

/// The `Function` stand-ins keep the factory of this many compiled texts, and at most this many
/// UTF-16 units of their keys (kind, parameters and body), dropping the oldest first: a call with
/// a text compiled before costs no transpile and no load. Reasoned: a templating library makes
/// one function per template, a page has tens to hundreds; 2 Mi units bound what the kernel
/// keeps alive for the cache to a few MB of a worker that is killed at its CPU budget anyway.
pub const SANDBOX_FUNCTION_CACHE_ENTRIES: u32 = 512;
pub const SANDBOX_FUNCTION_CACHE_CHARS: usize = 2 * 1024 * 1024;

/// The original texts the kernel keeps for `Function.prototype.toString` (of each script,
/// `Function` body and eval text the core transpiled, and of code transpiled before), in UTF-16
/// units in all; past it no more are kept, and a function of a text not kept shows the engine's
/// text of its transpiled code. Reasoned: the engine keeps the transpiled text of every script
/// anyway, about as long; 32 Mi units (64 MB) is the size limit of one script.
pub const SANDBOX_SOURCE_TEXT_CHARS: usize = 32 * 1024 * 1024;

/// How many texts transpiled before the sandbox started (a userscript and its `@require`s,
/// transpiled when the script was saved) the host may name in `configure`, by SHA-256.
pub const SANDBOX_PREBUILT_NAMED: u32 = 256;

/// Where scripts load from `data:` URLs, a stack names each script by its whole text; the kernel
/// swaps the newest this many URLs for short names (each compiled `Function` text makes one).
/// A stack shows a few frames of recent scripts; each remembered URL costs a scan of every
/// stack, so the list stays short.
pub const SANDBOX_DATA_URLS_KEPT: u32 = 64;

/// The globals a script reached for that the sandbox does not offer (`document`, `fetch`, …):
/// the first this many names, in order, for the host's report. The kernel keeps them, the frame
/// and the content script's registry cut to them again. Far more than the web APIs a real
/// script tries; low enough that the popup's list stays readable and small.
pub const SANDBOX_MISSING_KEPT: usize = 256;

/// Errors per real second the frame maps to their original positions (each costs a scan of the
/// stack and, the first time per script, decoding its source map); the rest keep their text and
/// lose their position. Reasoned: a fifth of the events a sandbox may send a second
/// (`SANDBOX_EVENTS_PER_SECOND`), more positions than a reader follows, so that a flood of errors
/// keeps the frame's thread (and its heartbeat) mostly free.
pub const SANDBOX_LOCATES_PER_SECOND: u32 = 100;

/// Console lines and uncaught errors the content script keeps per sandbox, in all (the kernel
/// caps them per instant and per second): what the report page shows, bounded for a sandbox
/// that logs for hours.
pub const HOST_EVENTS_KEPT: usize = 1_000;

/// Posts from the page to one sandbox in flight at once; the rest wait in the content script, in
/// order. The heartbeat's ping waits in the worker's queue behind whatever is there: measured,
/// a page that posted a thousand messages at once got its sandbox killed by Firefox's watchdog
/// while it was only reading them ("the worker did not answer for 110 ms"). 16 keep the worker
/// busy without making the ping wait long.
pub const HOST_DELIVERIES_IN_FLIGHT: usize = 16;

/// How long, in ms, after handing out a sandbox the content script waits before booting the
/// next spare: the spare's start (a frame, the core's compile) would otherwise compete with the
/// first run of the sandbox just handed out. Reasoned: long enough for that run to start first,
/// short enough that the spare is booted before a page's next sandbox is asked for.
pub const HOST_SPARE_DELAY_MS: u32 = 100;

/// How long, in ms, a quarantined script may stay busy (timers, a pending request) after its run
/// before its report of missing globals is taken anyway. Reasoned: a script reaches for what it
/// lacks at once or within a few timer ticks; one that never quiets still gets a report.
pub const HOST_QUIET_WAIT_MS: u32 = 5_000;

/// The content script's registry (what the popup and the report page show of a frame): entries
/// kept (the rest are counted), and diagnostics per entry. A page adding tags in a loop cannot
/// grow the list without bound; 500 is more sandboxed scripts than any real page has, and the
/// first 20 diagnostics of a refused script say what is wrong.
pub const HOST_ENTRIES_KEPT: usize = 500;
pub const HOST_DIAGNOSTICS_KEPT: usize = 20;

/// Frames per tab the background remembers as having sandboxed scripts (`storage.session`), for
/// the popup; the newest are kept. Far more frames with sandboxes than a real page has.
pub const EXTENSION_FRAMES_KEPT: usize = 64;

/// Wasm instances (of the core or rust-meta) the background or an extension page runs at once;
/// the rest wait their turn. Each reserves its memory (the 8 MiB stack and more): measured, a
/// flood of messages to the background (each GM call asks rust-meta where its script runs) ran
/// Chromium's service worker out of memory with 400 at once.
pub const EXTENSION_WASM_AT_ONCE: usize = 4;

/// How long the content script waits, in ms, from creating a sandbox frame to the frame's `hello`
/// carrying the frame key; then the sandbox is torn down. The `hello` comes as soon as the
/// frame's scripts have loaded (tens of ms); this leaves room for a start queue and a loaded
/// machine while still ending a sandbox whose frame the page replaced.
pub const FRAME_PROOF_MS: u32 = 20_000;

/// Largest `src` a page's `<script type="text/x-paranoid">` may name, in bytes: the fetch stops
/// there and the script is refused with an error event.
pub const PAGE_SCRIPT_MAX_BYTES: usize = 4 * 1024 * 1024;

/// CPU budget per virtual instant of a page's script when its tag names none, in ms.
pub const PAGE_SCRIPT_DEFAULT_CPU_MS: u32 = 100;

/// The user's per-site cap on what a page may ask for (`data-cpu-ms`), when the user set none,
/// and the highest cap the user may set, in ms.
pub const SITE_DEFAULT_CPU_CAP_MS: u32 = 250;
pub const SITE_MAX_CPU_CAP_MS: u32 = 5_000;

/// Longest `data-name` of a page's script, in UTF-16 units.
pub const PAGE_SCRIPT_NAME_MAX: usize = 64;

/// The background's cache of transpiled page and quarantined scripts (background/transpile-cache.js),
/// kept per partition (a frame's origin under a top site, in one browsing context). A text
/// shorter than `MIN_CHARS` UTF-16 units is not worth its round trip to the background (the
/// sandbox transpiles 16 KiB in one or two milliseconds). At most `PARTITIONS` partitions are
/// kept, the least recently used dropped whole; each keeps at most `ENTRIES` outputs of at most
/// `CHARS` units in all (least recently used out; a larger output is not kept, nor made again),
/// and at most `SEEN_KEPT` keys of texts seen once, of texts asked for and of texts refused: at
/// most 64 Mi units of outputs in all. A partition may have the background receive and
/// transpile `CHARS_PER_MINUTE` units a minute (a longer text is never asked for) and hand out
/// `SERVED_CHARS_PER_MINUTE`; all partitions together `CHARS_PER_MINUTE_ALL`: the background
/// serves every tab, and a transpile there cannot be interrupted (at the wasm core's 3-15 MB/s,
/// 16 Mi units are a few seconds of a minute at worst, 4 Mi about a second); past them the
/// sandbox transpiles, as without a cache.
pub const TRANSPILE_CACHE_MIN_CHARS: usize = 16 * 1024;
pub const TRANSPILE_CACHE_PARTITIONS: usize = 16;
pub const TRANSPILE_CACHE_ENTRIES: usize = 32;
pub const TRANSPILE_CACHE_CHARS: usize = 4 * 1024 * 1024;
pub const TRANSPILE_CACHE_SEEN_KEPT: usize = 256;
pub const TRANSPILE_CACHE_CHARS_PER_MINUTE: usize = 4 * 1024 * 1024;
pub const TRANSPILE_CACHE_CHARS_PER_MINUTE_ALL: usize = 16 * 1024 * 1024;
pub const TRANSPILE_CACHE_SERVED_CHARS_PER_MINUTE: usize = 64 * 1024 * 1024;
/// A frame asks the cache at most `ASKING_MAX` questions at once (a page of many tags does not
/// flood the background); a content script asked for a text that has not sent it in `ASKED_MS`
/// (its page gone) is taken to be gone, and the next asker is asked.
pub const TRANSPILE_CACHE_ASKING_MAX: usize = 4;
pub const TRANSPILE_CACHE_ASKED_MS: u32 = 60_000;
