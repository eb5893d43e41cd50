//! Shared checks of the fuzz targets (see `fuzz_targets/`), and the program generator of the
//! `differential` target.

pub mod generate;

use paranoid_core::{Code, Diagnostic};

/// An `internal` diagnostic is a caught panic in the core: a fuzz failure like any other.
/// (libfuzzer-sys installs a panic hook that aborts, so natively a panic in the core already
/// crashes the fuzzer before `catch_unwind` sees it; this covers any other path to `Internal`.)
pub fn assert_no_internal(diagnostics: &[Diagnostic], what: &str) {
    if let Some(d) = diagnostics.iter().find(|d| d.code == Code::Internal) {
        panic!("{what}: internal diagnostic {d}");
    }
}
