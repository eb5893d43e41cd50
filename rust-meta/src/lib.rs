//! What people write about where scripts run, read in one place for Paranoid: Chrome match
//! patterns (quarantine rules, `@match`), `@include` globs, and userscript metadata (grants,
//! `@connect` hosts, pinned `@require`s). No swc: the native CLI links it, and its own small
//! wasm (`paranoid_meta.wasm`, see [`abi`]) serves the extension's pages and background, so the
//! sandbox worker's core does not carry it.

#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod abi;
pub mod connect;
pub mod diagnostic;
pub mod grants;
pub mod include_glob;
pub mod include_regex;
pub mod limits;
pub mod match_pattern;
pub mod metadata;
pub mod pinned;
pub mod review;
mod url;
pub mod version;
