//! Replays the fuzzers' inputs on stable: every file of `fuzz/corpus/TARGET/` and
//! `fuzz/regressions/TARGET/` (each crash a fuzzer found, kept after its fix) goes through the
//! same parser as the fuzz target `TARGET` (`fuzz/fuzz_targets/TARGET.rs`), which must give a
//! value or an error and never panic; what a parser accepts must be within its limits.
#![allow(clippy::unwrap_used)]

use horde::cli::values;
use std::path::{Path, PathBuf};

/// Every fuzz target, as named in `fuzz/Cargo.toml`.
const TARGETS: [&str; 10] = [
    "level",
    "edit_script",
    "input_script",
    "runner_settings",
    "scatter_settings",
    "module_set",
    "cli_values",
    "platformer_sections",
    "scenario",
    "save",
];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// What the fuzz target `target` does with `data`.
fn run(target: &str, data: &[u8]) {
    if target == "save" {
        // The one binary format: its bytes as they are.
        return horde_core_sim::td::save::fuzz::check_save_bytes(data);
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz.txt");
    match target {
        "level" => drop(horde_core_sim::td::level::parse_level(text, path)),
        "edit_script" => drop(horde_core_sim::td::script::EditScript::parse(text, path)),
        "input_script" => drop(horde_core_sim::runner::InputScript::parse(text, path)),
        "runner_settings" => drop(horde_core_sim::runner::RunnerSettings::parse(text, path)),
        "scatter_settings" => drop(horde_levelgen::scatter::check_settings_text(text)),
        "module_set" => horde_levelgen::wfc::module_set::check_text(text),
        "cli_values" => values::check_all(text),
        "platformer_sections" => horde_core_sim::platformer::check_sections_text(text),
        "scenario" => horde_core_sim::td::scenario_fuzz::check_scenario_text(text),
        other => panic!("unknown fuzz target {other}"),
    }
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
    for target in TARGETS {
        assert!(
            !inputs("corpus", target).is_empty(),
            "fuzz/corpus/{target} is empty"
        );
        let _ = inputs("regressions", target);
        let source = fuzz_dir().join(format!("fuzz_targets/{target}.rs"));
        assert!(source.is_file(), "{}", source.display());
    }
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).unwrap();
    for target in TARGETS {
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "{target}"
        );
    }
}

#[test]
fn the_corpus_and_every_regression_input_replay_without_a_panic() {
    let mut replayed = 0;
    for target in TARGETS {
        for kind in ["corpus", "regressions"] {
            for path in inputs(kind, target) {
                let data = std::fs::read(&path).unwrap();
                let outcome = std::panic::catch_unwind(|| run(target, &data));
                assert!(outcome.is_ok(), "{target}: {} panicked", path.display());
                replayed += 1;
            }
        }
    }
    assert!(replayed >= TARGETS.len());
}
