//! Resource limits, with the measurements behind them.

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
