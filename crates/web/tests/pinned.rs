//! The wasm-bindgen CLI that `.ci/run` installs (and `build.sh` names) is the wasm-bindgen
//! crate's version in `Cargo.lock`: the CLI refuses a module made by another.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(path),
    )
    .unwrap()
}

#[test]
fn the_cli_installed_is_the_crates_version() {
    let lock = read("Cargo.lock");
    let at = lock.find("name = \"wasm-bindgen\"\n").unwrap();
    let locked = lock[at..].lines().nth(1).unwrap();
    let locked = locked.trim_start_matches("version = ").trim_matches('"');
    let ci = read(".ci/run");
    assert!(
        ci.contains(&format!("WASM_BINDGEN_VERSION={locked}\n")),
        "{locked}"
    );
    let build = read("crates/web/build.sh");
    assert!(build.contains(&format!("--version {locked}")), "{locked}");
}
