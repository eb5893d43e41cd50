//! Resource limits. Each is documented in ARCHITECTURE.md with the measurement behind it.

/// Largest source accepted, in bytes. A 20 MB file must transpile; far larger inputs are refused
/// before any work so that memory stays bounded in a 32-bit wasm instance.
pub const MAX_SOURCE_BYTES: usize = 32 * 1024 * 1024;

/// The nesting guard's limit (see `guard.rs` for what is counted). Real libraries score at
/// most ~NESTING_REAL_PEAK; the transpiler stack in a Chromium worker failed near 343 nested
/// parentheses before the guard existed.
pub const MAX_NESTING: u32 = 200;

/// A second, independent bound on the depth of the parsed tree, checked before any recursive
/// pass runs over it. The guard above should make it unreachable.
pub const MAX_TREE_DEPTH: u32 = 1_000;
