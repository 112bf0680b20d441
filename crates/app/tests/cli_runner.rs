//! `horde runner` as users and tools drive it.
#![allow(clippy::unwrap_used)]

mod common;

use common::horde;
use std::process::Output;

/// The last stdout line, parsed.
fn summary(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.lines().last().unwrap()).unwrap()
}

#[test]
fn autoplay_runs_two_minutes_and_prints_the_contract_keys_in_order() {
    let out = horde(&[
        "runner",
        "--autoplay",
        "--seconds",
        "120",
        "--seed",
        "5",
        "--json",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = stdout.lines().last().unwrap().to_string();
    let keys = [
        "\"seconds\"",
        "\"score\"",
        "\"distance\"",
        "\"game_over\"",
        "\"sections_recycled\"",
        "\"pool\"",
    ];
    let positions: Vec<usize> = keys.iter().map(|k| line.find(k).unwrap()).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{line}");
    let s = summary(&out);
    assert_eq!(s["seconds"].as_f64().unwrap(), 120.0);
    assert!((s["score"].as_f64().unwrap() - 1440.0).abs() < 14.4);
    assert_eq!(s["game_over"], false);
    assert_eq!(s["pool"], 15);
    assert!(s["sections_recycled"].as_u64().unwrap() > 60);
    assert!(s["distance"].as_f64().unwrap() > 1440.0);
}

#[test]
fn a_recorded_run_replays_to_the_same_summary_and_a_bad_script_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("run.txt");
    let played = summary(&horde(&[
        "runner",
        "--autoplay",
        "--seconds",
        "30",
        "--seed",
        "8",
        "--record",
        record.to_str().unwrap(),
        "--json",
    ]));
    let replayed = summary(&horde(&[
        "runner",
        "--input",
        record.to_str().unwrap(),
        "--seconds",
        "30",
        "--seed",
        "8",
        "--json",
    ]));
    assert_eq!(played, replayed);
    // Standing still from the start: the first obstacle ends the run.
    let still = dir.path().join("still.txt");
    std::fs::write(&still, "# only Space\n1 start\n").unwrap();
    let s = summary(&horde(&[
        "runner",
        "--input",
        still.to_str().unwrap(),
        "--seconds",
        "30",
        "--json",
    ]));
    assert_eq!(s["game_over"], true);
    assert!(s["seconds"].as_f64().unwrap() < 10.0);

    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "1 start\n40 leap\n").unwrap();
    let out = horde(&["runner", "--input", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("bad.txt:2:4: unknown action `leap`"),
        "{stderr}"
    );
}

#[test]
fn bad_flags_and_settings_are_named() {
    let out = horde(&["runner", "--seconds", "5"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--autoplay"));
    let out = horde(&["runner", "--autoplay", "--seconds", "soon"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--seconds"));
    let dir = tempfile::tempdir().unwrap();
    let settings = dir.path().join("runner.ron");
    std::fs::write(&settings, "(\n    pool: 15,\n    gravity: 0.0,\n)\n").unwrap();
    let out = horde(&[
        "runner",
        "--autoplay",
        "--settings",
        settings.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("runner.ron:3:14: `gravity` must be positive"),
        "{stderr}"
    );
}
