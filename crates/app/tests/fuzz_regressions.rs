//! Replays the fuzzers' inputs on stable: every file of `fuzz/corpus/TARGET/` and
//! `fuzz/regressions/TARGET/` (each crash a fuzzer found, kept after its fix) goes through the
//! same body as the fuzz target `TARGET` (`fuzz/bodies.rs`, the one place each format's body
//! lives), which must give a value or an error and never panic; what a parser accepts must be
//! within its limits.
#![allow(clippy::unwrap_used)]

use horde::cli::values;
use std::path::{Path, PathBuf};

#[path = "../../../fuzz/bodies.rs"]
mod bodies;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// Every fuzz target's name.
fn targets() -> impl Iterator<Item = &'static str> {
    bodies::TARGETS.iter().map(|(name, _)| *name)
}

/// The files of `fuzz/KIND/TARGET/` (dot files, which keep empty folders in git, left out),
/// sorted.
fn inputs(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = fuzz_dir().join(kind).join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .filter(|path| {
            !path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_target_has_a_corpus_and_a_regressions_folder_and_a_source() {
    for target in targets() {
        assert!(
            !inputs("corpus", target).is_empty(),
            "fuzz/corpus/{target} is empty"
        );
        let _ = inputs("regressions", target);
        let source = fuzz_dir().join(format!("fuzz_targets/{target}.rs"));
        let text = std::fs::read_to_string(&source).unwrap();
        assert!(
            text.contains(&format!("bodies::run(\"{target}\", data)")),
            "{} does not run its own body",
            source.display()
        );
    }
    // No target outside the table.
    for entry in std::fs::read_dir(fuzz_dir().join("fuzz_targets")).unwrap() {
        let name = entry.unwrap().path();
        let name = name.file_stem().unwrap().to_string_lossy().to_string();
        assert!(
            targets().any(|t| t == name),
            "fuzz_targets/{name}.rs has no body"
        );
    }
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).unwrap();
    for target in targets() {
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "{target}"
        );
    }
}

#[test]
fn the_corpus_and_every_regression_input_replay_without_a_panic() {
    let mut replayed = 0;
    for target in targets() {
        for kind in ["corpus", "regressions"] {
            for path in inputs(kind, target) {
                let data = std::fs::read(&path).unwrap();
                let outcome = std::panic::catch_unwind(|| bodies::run(target, &data));
                assert!(outcome.is_ok(), "{target}: {} panicked", path.display());
                replayed += 1;
            }
        }
    }
    assert!(replayed >= bodies::TARGETS.len());
}
