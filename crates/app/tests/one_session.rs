//! One session steps the TD game: outside core-sim, only the session
//! (`crates/games/src/session/`) and the renderer's fused sink (`crates/app/src/staging.rs`)
//! step a `Simulation`. Read from the sources (tests and examples aside), so a new loop that
//! steps a game itself fails here.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// What steps a simulation: its step methods, called on anything.
const STEPS: [&str; 5] = [
    ".step_into(",
    ".step_and_write(",
    "sim.step(",
    "sim().step(",
    "sim_mut().step(",
];

#[test]
fn only_the_session_and_the_fused_sink_step_a_simulation() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let allowed = [
        crates.join("core-sim/src"),
        crates.join("games/src/session"),
        crates.join("app/src/staging.rs"),
    ];
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            sources(&src, &mut files);
        }
    }
    assert!(files.len() > 100, "{} files", files.len());
    let mut stepping = Vec::new();
    for file in files {
        if allowed.iter().any(|a| file.starts_with(a)) {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        // A file's unit tests may step what they check.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for step in STEPS {
            if code.contains(step) {
                stepping.push(format!("{} calls {step}", file.display()));
            }
        }
    }
    assert!(
        stepping.is_empty(),
        "stepped outside the session:\n{}",
        stepping.join("\n")
    );
}

#[test]
fn the_check_sees_a_step() {
    let code = "fn f(sim: &mut Simulation) { sim.step(DT); }";
    assert!(STEPS.iter().any(|s| code.contains(s)));
}
