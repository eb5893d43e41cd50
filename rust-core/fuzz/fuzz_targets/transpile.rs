//! `transpile` on arbitrary UTF-8: it never fails internally, its output re-parses as a strict
//! script whose only free identifiers are the reserved names and that declares nothing on the
//! real global (`check_output`: no declaration in the top-level statement list, no `var` outside
//! every function, no catch parameter or other binding that is not a name), and `vet` agrees
//! with it. Each input is read both ways: as a classic script and as a userscript's body
//! (wrapped in a function, a top-level `return` allowed).

#![no_main]

use libfuzzer_sys::fuzz_target;
use paranoid_core::{check_output, transpile, vet, Body, Options};
use paranoid_core_fuzz::assert_no_internal;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    for body in [Body::Script, Body::Userscript] {
        let options = Options {
            body,
            ..Options::default()
        };
        check(source, &options);
    }
});

fn check(source: &str, options: &Options) {
    let transpiled = transpile(source, options);
    let vetted = vet(source, options);
    assert_no_internal(&vetted, "vet");
    match &transpiled {
        Ok(out) => {
            if let Err(message) = check_output(&out.code) {
                panic!(
                    "bad output: {message}\n--- source ---\n{source}\n--- output ---\n{}",
                    out.code
                );
            }
            assert!(
                vetted.is_empty(),
                "transpile accepted what vet refuses: {vetted:?}\n--- source ---\n{source}"
            );
        }
        Err(diagnostics) => {
            assert_no_internal(diagnostics, "transpile");
            assert!(
                !diagnostics.is_empty(),
                "transpile refused without a diagnostic"
            );
            assert!(
                !vetted.is_empty(),
                "vet passes what transpile refuses: {diagnostics:?}\n--- source ---\n{source}"
            );
        }
    }
}
