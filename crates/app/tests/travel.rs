//! Recordings that travel: a recording carries its level's and scenario's text (a generated
//! board, its generator's version, seed and spec), so that `horde replay F` works from any
//! folder with no other file beside it; recordings made before texts were carried resolve
//! their paths beside themselves first; a challenge is the same game from any folder.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::path::Path;
use std::process::{Command, Output};

/// The repository's root.
fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `horde ARGS` run in `dir`.
fn horde(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// `horde ARGS` run in `dir`, which must succeed; its stdout as JSON.
fn json(dir: &Path, args: &[&str]) -> serde_json::Value {
    let out = horde(dir, args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "horde {args:?}: {stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout).unwrap()
}

/// The number of checksum lines in a recording.
fn checksum_lines(text: &str) -> usize {
    text.lines()
        .filter(|l| l.split_whitespace().nth(1) == Some("checksum"))
        .count()
}

/// A hand-made level: two spawn points, a winding corridor, one destination.
const LEVEL: &str = "S.........\n########..\n..........\n..########\n.........D\n";

/// A short scenario with a budget, so that the script's towers are paid for.
const SCENARIO: &str = "(
    lives: 5,
    cycles: 1,
    cycle_speed_up: 0.0,
    enemies: (
        small: (scale: (0.5, 0.6), speed: (1.5, 2.0), path_offset: (-0.3, 0.3), health: (40.0, 50.0)),
        medium: (scale: (0.9, 1.0), speed: (0.8, 1.2), path_offset: (-0.2, 0.2), health: (90.0, 120.0)),
        large: (scale: (1.2, 1.4), speed: (0.5, 0.6), path_offset: (-0.1, 0.1), health: (500.0, 600.0)),
    ),
    waves: [
        (sequences: [(enemy: Small, amount: 12, cooldown: 0.5)]),
        (sequences: [(enemy: Small, amount: 20, cooldown: 0.3), (enemy: Large, amount: 3, cooldown: 2.0)]),
    ],
)
";

#[test]
fn a_recording_moved_alone_replays_from_a_third_folder() {
    let made = tempfile::tempdir().unwrap();
    let alone = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::write(made.path().join("corridor.txt"), LEVEL).unwrap();
    std::fs::write(made.path().join("short.ron"), SCENARIO).unwrap();
    std::fs::write(
        made.path().join("script.txt"),
        "30 laser 4 3\n90 mortar 6 1\n400 laser 2 3\n",
    )
    .unwrap();
    let played = json(
        made.path(),
        &[
            "sim",
            "--level",
            "corridor.txt",
            "--scenario",
            "short.ron",
            "--script",
            "script.txt",
            "--ticks",
            "4000",
            "--seed",
            "3",
            "--record",
            "game.rec",
        ],
    );
    // Moved with nothing else, the folder it was made in gone.
    let moved = alone.path().join("game.rec");
    std::fs::rename(made.path().join("game.rec"), &moved).unwrap();
    drop(made);
    let text = std::fs::read_to_string(&moved).unwrap();
    assert!(text.contains("#! level-text 5\n#| S.........\n"), "{text}");
    assert!(text.contains("#! scenario-text "), "{text}");
    let replayed = json(
        elsewhere.path(),
        &["replay", moved.to_str().unwrap(), "--json"],
    );
    assert!(replayed["desync"].is_null(), "{replayed}");
    assert_eq!(replayed["checked"], checksum_lines(&text) as u64);
    assert!(replayed["checked"].as_u64().unwrap() > 10, "{replayed}");
    assert_eq!(replayed["ticks"], played["ticks"]);
    assert_eq!(replayed["outcome"], played["outcome"]);
    assert_eq!(replayed["lives"], played["lives"]);
}

#[test]
fn a_challenge_recording_replays_from_any_folder_and_is_the_same_game_everywhere() {
    let one = tempfile::tempdir().unwrap();
    let two = tempfile::tempdir().unwrap();
    let third = tempfile::tempdir().unwrap();
    let args = [
        "sim",
        "--challenge",
        "41",
        "--ticks",
        "2400",
        "--record",
        "challenge.rec",
    ];
    let first = json(one.path(), &args);
    let second = json(two.path(), &args);
    assert_eq!(first, second, "the same seed, the same game in two folders");
    let a = std::fs::read_to_string(one.path().join("challenge.rec")).unwrap();
    let b = std::fs::read_to_string(two.path().join("challenge.rec")).unwrap();
    let body = |t: &str| -> String {
        t.lines()
            .filter(|l| !l.starts_with("# "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&a), body(&b), "the same board, header and checksums");
    assert!(a.contains("#! level generated v"), "{a}");
    assert!(a.contains("#! scenario built-in:endless"), "{a}");
    assert!(a.contains("#! seed 41\n"), "{a}");
    let moved = third.path().join("challenge.rec");
    std::fs::copy(one.path().join("challenge.rec"), &moved).unwrap();
    let replayed = json(two.path(), &["replay", moved.to_str().unwrap(), "--json"]);
    assert!(replayed["desync"].is_null(), "{replayed}");
    assert_eq!(replayed["checked"], checksum_lines(&a) as u64);
    assert_eq!(replayed["waves_cleared"], first["waves_cleared"]);
}

#[test]
fn challenge_today_records_the_seed_it_became() {
    let dir = tempfile::tempdir().unwrap();
    let date = || {
        let out = Command::new("date")
            .args(["-u", "+%Y%m%d"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    let before = date();
    json(
        dir.path(),
        &[
            "sim",
            "--challenge",
            "today",
            "--ticks",
            "120",
            "--record",
            "today.rec",
        ],
    );
    let after = date();
    let text = std::fs::read_to_string(dir.path().join("today.rec")).unwrap();
    let seed = text
        .lines()
        .find_map(|l| l.strip_prefix("#! seed "))
        .unwrap()
        .to_string();
    assert!(
        seed == before || seed == after,
        "{seed} vs {before}/{after}"
    );
    assert!(text.contains(&format!("seed {seed} spec")), "{text}");
}

#[test]
fn a_recording_of_an_older_build_replays_from_its_own_folder() {
    // One of the format-4 build's recordings (paths only), kept beside the files it names,
    // replayed from a folder where none of them is.
    let kept = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let recording = root().join("crates/app/tests/data/format4/siege-wins.rec");
    let text = std::fs::read_to_string(&recording).unwrap();
    assert!(!text.contains("level-text"));
    for named in ["assets/levels/battle.txt", "assets/scenarios/siege.ron"] {
        assert!(text.contains(named), "{named}");
        let to = kept.path().join(named);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(root().join(named), &to).unwrap();
    }
    let moved = kept.path().join("siege-wins.rec");
    std::fs::write(&moved, &text).unwrap();
    let replayed = json(
        elsewhere.path(),
        &["replay", moved.to_str().unwrap(), "--json"],
    );
    assert!(replayed["desync"].is_null(), "{replayed}");
    assert_eq!(replayed["checked"], checksum_lines(&text) as u64);
    // Without the files beside it, from a folder where they are not either: a clear error.
    std::fs::remove_dir_all(kept.path().join("assets")).unwrap();
    let out = horde(elsewhere.path(), &["replay", moved.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the recorded level"), "{err}");
    assert!(err.contains("battle.txt"), "{err}");
}

#[test]
fn a_challenge_on_an_older_generators_board_replays_with_its_score() {
    // A challenge recorded by the build whose generator was v1 (seed 41, a scripted game
    // lost in the third wave): the board its label names is made by v1 again, not by this
    // build's generator, and the replay proves its score.
    let elsewhere = tempfile::tempdir().unwrap();
    let text = include_str!("data/challenge-v1-seed-41.rec");
    assert!(
        text.contains("#! level generated v1 seed 41 spec 23x11"),
        "{text}"
    );
    assert_ne!(horde_levelgen::boards::GENERATOR_VERSION, 1);
    let moved = elsewhere.path().join("challenge.rec");
    std::fs::write(&moved, text).unwrap();
    let replayed = json(
        elsewhere.path(),
        &["replay", moved.to_str().unwrap(), "--json"],
    );
    assert!(replayed["desync"].is_null(), "{replayed}");
    assert_eq!(replayed["checked"], checksum_lines(text) as u64);
    assert_eq!(replayed["outcome"], "defeat", "{replayed}");
    assert_eq!(replayed["waves_cleared"], 2, "{replayed}");
    assert_eq!(replayed["score"], 2, "{replayed}");
    // A version no build has made is refused, naming what this build makes.
    let future = text.replace("generated v1 seed", "generated v99 seed");
    std::fs::write(&moved, future).unwrap();
    let out = horde(elsewhere.path(), &["replay", moved.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("generated v99"), "{err}");
    assert!(err.contains("v1 to v"), "{err}");
}

#[test]
fn a_broken_carried_text_is_refused_at_the_recordings_own_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("corridor.txt"), LEVEL).unwrap();
    std::fs::write(dir.path().join("short.ron"), SCENARIO).unwrap();
    json(
        dir.path(),
        &[
            "sim",
            "--level",
            "corridor.txt",
            "--scenario",
            "short.ron",
            "--ticks",
            "200",
            "--record",
            "game.rec",
        ],
    );
    let text = std::fs::read_to_string(dir.path().join("game.rec")).unwrap();
    let line_of = |needle: &str| text.lines().position(|l| l.starts_with(needle)).unwrap() + 1;
    // A character no level knows, in the level's third row.
    let broken = text.replacen("#| ..........", "#| ....?.....", 1);
    std::fs::write(dir.path().join("broken.rec"), &broken).unwrap();
    let out = horde(dir.path(), &["replay", "broken.rec"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let line = line_of("#| ..........");
    assert!(
        err.contains(&format!(
            "broken.rec:{line}:8: the level the recording carries"
        )),
        "{err}"
    );
    // A scenario field no scenario has.
    let broken = text.replacen("#|     lives: 5,", "#|     lifes: 5,", 1);
    std::fs::write(dir.path().join("broken.rec"), &broken).unwrap();
    let out = horde(dir.path(), &["replay", "broken.rec"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let line = line_of("#|     lives: 5,");
    assert!(
        err.contains(&format!("broken.rec:{line}:"))
            && err.contains("the scenario the recording carries"),
        "{err}"
    );
}

#[test]
fn nothing_else_shapes_a_challenge_and_only_a_challenge_scores() {
    let dir = tempfile::tempdir().unwrap();
    for extra in [
        &["--seed", "5"][..],
        &["--size", "30x20"],
        &["--walls", "0.3"],
        &["--level", "x.txt"],
    ] {
        let mut args = vec!["sim", "--challenge", "1"];
        args.extend(extra);
        let out = horde(dir.path(), &args);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--challenge"), "{extra:?}: {err}");
    }
    for extra in [&["--animation"][..], &["--spawn-speed", "2"]] {
        let mut args = vec!["sim", "--challenge", "1"];
        args.extend(extra);
        let out = horde(dir.path(), &args);
        assert!(!out.status.success(), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("--challenge plays the built-in endless scenario"),
            "{err}"
        );
    }
    // The same board and scenario, but another seed for the game: no score.
    json(
        dir.path(),
        &[
            "sim",
            "--generate",
            "1",
            "--scenario",
            "built-in:endless",
            "--seed",
            "2",
            "--ticks",
            "600",
            "--record",
            "not.rec",
        ],
    );
    let replayed = json(dir.path(), &["replay", "not.rec", "--json"]);
    assert!(replayed["desync"].is_null(), "{replayed}");
    assert!(replayed.get("score").is_none(), "{replayed}");
    json(
        dir.path(),
        &[
            "sim",
            "--challenge",
            "1",
            "--ticks",
            "600",
            "--record",
            "is.rec",
        ],
    );
    let replayed = json(dir.path(), &["replay", "is.rec", "--json"]);
    assert_eq!(replayed["score"], replayed["waves_cleared"], "{replayed}");
}

#[test]
fn a_decided_game_replays_to_its_end_whatever_lines_follow() {
    let dir = tempfile::tempdir().unwrap();
    json(
        dir.path(),
        &[
            "sim",
            "--challenge",
            "3",
            "--ticks",
            "100000",
            "--record",
            "lost.rec",
        ],
    );
    let mut text = std::fs::read_to_string(dir.path().join("lost.rec")).unwrap();
    let lines = checksum_lines(&text) as u64;
    // An edit at the last tick any game may reach: the game was lost long before.
    text.push_str("4294967295 wall 1 1\n");
    std::fs::write(dir.path().join("lost.rec"), &text).unwrap();
    let replayed = json(dir.path(), &["replay", "lost.rec", "--json"]);
    assert!(replayed["desync"].is_null(), "{replayed}");
    assert_eq!(replayed["outcome"], "defeat");
    assert_eq!(replayed["checked"], lines);
    // A checksum line past the defeat names a tick the game never reached: a desync.
    text.push_str("4294967295 checksum 00000000000000ff\n");
    std::fs::write(dir.path().join("lost.rec"), &text).unwrap();
    let out = horde(dir.path(), &["replay", "lost.rec", "--json"]);
    assert!(!out.status.success());
    let replayed: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!(replayed["desync"]["tick"], 4294967295u64, "{replayed}");
}

#[test]
fn a_step_a_recording_cannot_say_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = horde(
        dir.path(),
        &["sim", "--dt", "0.1", "--ticks", "10", "--record", "r.rec"],
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--record") && err.contains("--dt 0.1"),
        "{err}"
    );
    assert!(!dir.path().join("r.rec").exists());
}
