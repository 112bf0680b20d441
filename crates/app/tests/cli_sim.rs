//! `horde sim` as users and tools drive it: the JSON summary, the trace, scripts, and errors
//! that name the flag, file, line and column.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn horde(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .output()
        .expect("horde runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The last stdout line, parsed.
fn summary(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "failed: {}", stderr(out));
    let text = stdout(out);
    let last = text.lines().last().expect("a summary line");
    serde_json::from_str(last).expect("JSON summary")
}

fn level(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/levels")
        .join(name)
}

#[test]
fn default_level_summary_has_the_documented_keys_in_order() {
    let out = horde(&["sim", "--ticks", "600"]);
    let last = stdout(&out).lines().last().unwrap().to_string();
    assert!(
        last.starts_with("{\"ticks\":600,\"spawned\":10,\"reclaimed\":"),
        "{last}"
    );
    let s = summary(&out);
    assert_eq!(s["ticks"], 600);
    assert_eq!(s["spawned"], 10);
    // The first enemy (spawned at 1 s) walks the zig-zag path in about 8 s.
    assert_eq!(s["reclaimed"], 1);
    assert_eq!(s["alive"], 9);
    // The same with the level named explicitly.
    let named = horde(&[
        "sim",
        "--level",
        level("default.txt").to_str().unwrap(),
        "--ticks",
        "600",
    ]);
    assert_eq!(summary(&named), s);
}

#[test]
fn trace_has_one_row_per_live_enemy_per_tick() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("trace.csv");
    let out = horde(&[
        "sim",
        "--level",
        level("fortress.txt").to_str().unwrap(),
        "--ticks",
        "300",
        "--seed",
        "9",
        "--spawn-speed",
        "10",
        "--scale",
        "0.5..2",
        "--speed",
        "0.2..5",
        "--path-offset",
        "-0.4..0.4",
        "--trace",
        trace.to_str().unwrap(),
    ]);
    let s = summary(&out);
    let csv = std::fs::read_to_string(&trace).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("tick,id,x,z,yaw_deg,scale,speed,path_offset,health,clip")
    );
    // Animation is off: the last column is `move` throughout.
    let rows: Vec<Vec<f64>> = lines
        .map(|l| l.strip_suffix(",move").unwrap())
        .map(|l| l.split(',').map(|f| f.parse().unwrap()).collect())
        .collect();
    let last_tick_rows = rows.iter().filter(|r| r[0] == 300.0).count();
    assert_eq!(last_tick_rows as u64, s["alive"].as_u64().unwrap());
    for row in &rows {
        assert_eq!(row.len(), 9);
        assert!((0.0..360.0).contains(&row[4]));
        assert!((0.5..=2.0).contains(&row[5]) && (0.2..=5.0).contains(&row[6]));
        assert!((-0.4..=0.4).contains(&row[7]));
        // No towers: health is 100 × scale throughout.
        assert_eq!(row[8] as f32, 100.0 * row[5] as f32);
    }
    // Ids are unique within a tick and ascending.
    for tick in 1..=300 {
        let ids: Vec<f64> = rows
            .iter()
            .filter(|r| r[0] == tick as f64)
            .map(|r| r[1])
            .collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]));
    }
    // Same seed, same trace; no temporary file left behind.
    let again = dir.path().join("again.csv");
    let out2 = horde(&[
        "sim",
        "--level",
        level("fortress.txt").to_str().unwrap(),
        "--ticks",
        "300",
        "--seed",
        "9",
        "--spawn-speed",
        "10",
        "--scale",
        "0.5..2",
        "--speed",
        "0.2..5",
        "--path-offset",
        "-0.4..0.4",
        "--trace",
        again.to_str().unwrap(),
    ]);
    assert_eq!(summary(&out2), s);
    assert_eq!(std::fs::read(&again).unwrap(), csv.as_bytes());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

#[test]
fn scripted_edits_apply_at_the_start_of_their_tick() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("edits.txt");
    // A second destination right next to the spawn point at tick 1: every enemy goes there.
    std::fs::write(&script, "# shortcut\n\n1 destination 1 0\n").unwrap();
    let s = summary(&horde(&[
        "sim",
        "--ticks",
        "600",
        "--script",
        script.to_str().unwrap(),
    ]));
    // Spawned at 1 s, 2 s, ...; each needs 1.5 s (intro ½, outro ½... plus the edge) to arrive.
    assert_eq!(s["spawned"], 10);
    assert!(s["reclaimed"].as_u64().unwrap() >= 8, "{s}");
    // Refused edits (removing the only spawn point) are reported, not fatal.
    std::fs::write(&script, "3 spawn 0 0\n").unwrap();
    let out = horde(&["sim", "--ticks", "10", "--script", script.to_str().unwrap()]);
    assert_eq!(summary(&out)["ticks"], 10);
    assert!(
        stderr(&out).contains("last spawn point"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_script_lines_are_errors_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bad.txt");
    std::fs::write(&script, "1 wall 2 2\n2 fire 1 1\n").unwrap();
    let out = horde(&["sim", "--script", script.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("bad.txt:2:3: unknown action `fire`"),
        "{}",
        stderr(&out)
    );
    std::fs::write(&script, "1 wall 2 2\n\n4 wall 11 0\n").unwrap();
    let out = horde(&["sim", "--script", script.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("bad.txt:3:8: tile (11, 0) is outside the 11×11 board"),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains("panicked"));
}

#[test]
fn bad_flags_and_levels_are_named_errors() {
    for (args, needle) in [
        (vec!["sim", "--scale", "3..4"], "--scale"),
        (vec!["sim", "--speed", "0.1..1"], "--speed"),
        (vec!["sim", "--path-offset", "-0.5..0"], "--path-offset"),
        (vec!["sim", "--spawn-speed", "11"], "--spawn-speed"),
        (vec!["sim", "--dt", "-1"], "--dt"),
        (vec!["sim", "--ticks", "many"], "--ticks"),
    ] {
        let out = horde(&args);
        assert!(!out.status.success(), "{args:?} succeeded");
        let err = stderr(&out);
        assert!(
            err.contains(needle) && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad-level.txt");
    std::fs::write(&bad, "S..\n.Dq\n").unwrap();
    let out = horde(&["sim", "--level", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("bad-level.txt:2:3: unknown tile character 'q'"),
        "{}",
        stderr(&out)
    );
    let out = horde(&["sim", "--level", "/no/such/level.txt"]);
    assert!(stderr(&out).contains("/no/such/level.txt"));
}

fn scenario(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios")
        .join(name)
}

#[test]
fn a_scenario_runs_to_its_outcome_and_the_summary_says_how_it_went() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("fight.csv");
    let out = horde(&[
        "sim",
        "--level",
        level("battle.txt").to_str().unwrap(),
        "--scenario",
        scenario("example.ron").to_str().unwrap(),
        "--ticks",
        "100000",
        "--trace",
        trace.to_str().unwrap(),
    ]);
    let last = stdout(&out).lines().last().unwrap().to_string();
    let keys = [
        "ticks",
        "spawned",
        "reclaimed",
        "alive",
        "killed",
        "reached",
        "lives",
        "outcome",
        "shots",
    ];
    let at: Vec<usize> = keys
        .iter()
        .map(|k| last.find(&format!("\"{k}\":")).unwrap())
        .collect();
    assert!(
        at.windows(2).all(|w| w[0] < w[1]),
        "keys out of order: {last}"
    );
    let s = summary(&out);
    // The example wave: 10 small, 5 medium, 1 large, all killed by the towers; stopped early.
    assert_eq!(s["spawned"], 16);
    assert_eq!(s["outcome"], "victory");
    assert_eq!(s["alive"], 0);
    assert!(s["ticks"].as_u64().unwrap() < 100_000);
    assert_eq!(
        s["killed"].as_u64().unwrap() + s["reached"].as_u64().unwrap(),
        s["reclaimed"].as_u64().unwrap()
    );
    assert!(s["killed"].as_u64().unwrap() > 0 && s["shots"].as_u64().unwrap() > 0);
    assert_eq!(
        s["lives"].as_u64().unwrap() + s["reached"].as_u64().unwrap(),
        10
    );
    // The trace's health falls under fire; the last tick of an enemy shows it at most 0 when
    // it was killed.
    let csv = std::fs::read_to_string(&trace).unwrap();
    // The numbers of each row (its clip left out).
    let rows: Vec<Vec<f64>> = csv
        .lines()
        .skip(1)
        .map(|l| l.rsplit_once(',').unwrap().0)
        .map(|l| l.split(',').map(|f| f.parse().unwrap()).collect())
        .collect();
    let mut last_health = std::collections::BTreeMap::new();
    for r in &rows {
        last_health.insert(r[1] as u64, r[8]);
    }
    let dead = last_health.values().filter(|&&h| h <= 0.0).count() as u64;
    assert_eq!(dead, s["killed"].as_u64().unwrap());
}

#[test]
fn a_harder_scenario_can_be_lost() {
    let out = horde(&[
        "sim",
        "--level",
        level("battle.txt").to_str().unwrap(),
        "--scenario",
        scenario("siege.ron").to_str().unwrap(),
        "--ticks",
        "100000",
    ]);
    let s = summary(&out);
    assert_eq!(s["outcome"], "defeat");
    assert_eq!(s["lives"], 0);
    // Five lives: the fifth arrival loses the game (others may arrive in the same tick).
    assert!(s["reached"].as_u64().unwrap() >= 5, "{s}");
}

#[test]
fn scripts_place_towers_that_fight() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("towers.txt");
    std::fs::write(
        &script,
        "1 laser 1 1\n1 mortar 3 1\n1 laser 5 5\n2 laser 1 1\n",
    )
    .unwrap();
    let out = horde(&[
        "sim",
        "--ticks",
        "1200",
        "--spawn-speed",
        "2",
        "--script",
        script.to_str().unwrap(),
    ]);
    let s = summary(&out);
    assert!(s["shots"].as_u64().unwrap() > 0, "{s}");
    assert!(s["killed"].as_u64().unwrap() > 0, "{s}");
    assert_eq!(s["outcome"], "running");
}

#[test]
fn bad_scenario_files_are_refused_with_their_place() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(scenario("example.ron")).unwrap();
    for (from, to, says) in [
        ("enemy: Small", "enemy: Tiny", "Tiny"),
        ("amount: 10", "amount: 0", "`amount`"),
        ("cooldown: 0.5", "cooldown: -1.0", "`cooldown`"),
        ("range: 2.5", "range: NaN", "`range`"),
        (
            "speed: (1.5, 2.0)",
            "speed: (2.0, 1.5)",
            "min 2 is above max 1.5",
        ),
    ] {
        let text = good.replacen(from, to, 1);
        let at = text.find(to).unwrap();
        let line = text[..at].matches('\n').count() + 1;
        let path = dir.path().join("bad.ron");
        std::fs::write(&path, &text).unwrap();
        let out = horde(&["sim", "--scenario", path.to_str().unwrap(), "--ticks", "10"]);
        assert_eq!(out.status.code(), Some(1), "{to}");
        let err = stderr(&out);
        assert!(err.contains(&format!("bad.ron:{line}:")), "{to}: {err}");
        assert!(err.contains(says), "{to}: {err}");
        assert!(!err.contains("panicked"));
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn animation_puts_new_enemies_in_their_intro_and_the_trace_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let clips = |extra: &[&str]| {
        let trace = dir.path().join("clips.csv");
        let mut args = vec!["sim", "--ticks", "90", "--spawn-speed", "5"];
        args.extend(extra);
        args.extend(["--trace", trace.to_str().unwrap()]);
        let out = horde(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let csv = std::fs::read_to_string(&trace).unwrap();
        let mut clips: Vec<String> = csv
            .lines()
            .skip(1)
            .map(|l| l.rsplit_once(',').unwrap().1.to_string())
            .collect();
        clips.sort();
        clips.dedup();
        clips
    };
    assert_eq!(clips(&[]), ["move"]);
    assert_eq!(clips(&["--animation"]), ["intro", "move"]);
}
