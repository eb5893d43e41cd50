//! The native CLI at its input boundary (docs/bad-input.md): files it cannot read as a script
//! are a usage or I/O error (exit 2) that names the problem, never a transpile of something else.

use std::process::Command;

#[test]
fn a_file_that_is_not_utf8_is_refused_with_the_offset_of_the_bad_byte() {
    let dir = std::env::temp_dir().join(format!("paranoid-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("latin1.js");
    // `var s = "caf\xE9";` in Latin-1: byte 12 is not UTF-8.
    std::fs::write(&file, b"var s = \"caf\xE9\";\n").unwrap();
    for command in ["vet", "transpile"] {
        let out = Command::new(env!("CARGO_BIN_EXE_paranoid"))
            .arg(command)
            .arg(&file)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {stderr}");
        assert!(
            stderr.contains("is not UTF-8 (invalid byte at offset 12)"),
            "{command}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{command} printed a script");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
