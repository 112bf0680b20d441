//! The time machine as a player meets it, without a window: a game recorded as the window
//! records it replays with every checksum matching (`horde replay`), an edit moved by hand is
//! caught at the first checksum after it, hostile recordings are refused naming file and
//! line; seeking gives each tick's checksum, an edit after a seek gives the game `horde sim`
//! plays with the edited script, fast-forward gives the game normal speed gives, and a wave
//! skip stops at the wave's end.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::horde;
use horde::scenes::td::{Plain, Stepper, TdGame};
use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::game::{GameSource, LevelSource, ScenarioSource};
use horde_core_sim::td::history::RecordingHeader;
use horde_core_sim::td::history::RecordingWriter;
use horde_core_sim::td::history::board_checksum;
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::EditKind;
use std::path::{Path, PathBuf};

const DT: f64 = 1.0 / horde_core_sim::TICKS_PER_SECOND as f64;

fn asset(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets")
        .join(path)
}

/// The battle level under the siege scenario, with seed 9, as `horde run` opens it.
fn siege() -> TdGame {
    let source = GameSource {
        level: LevelSource::File(asset("levels/battle.txt")),
        scenario: Some(ScenarioSource::File(asset("scenarios/siege.ron"))),
    };
    TdGame::open(&source, SpawnSettings::default(), 9).unwrap()
}

/// One frame of the window: `steps` steps asked, the last through a sink as the view's.
fn frame(game: &mut TdGame, steps: u32) {
    game.run_steps(steps, DT, &mut Plain);
}

/// Plays frames of one step until tick `to`, making `edits` (tick, kind, x, y) on the way;
/// returns the checksum after every tick reached (index: tick - 1).
fn play_to(game: &mut TdGame, to: u64, edits: &[Edit], sums: &mut Vec<u64>) {
    while game.sim().counts().ticks < to {
        let next = game.sim().counts().ticks + 1;
        for &(_, kind, x, y) in edits.iter().filter(|e| e.0 == next) {
            game.edit(kind, x, y).unwrap();
        }
        frame(game, 1);
        let sim = game.sim();
        sums.truncate(sim.counts().ticks as usize - 1);
        sums.push(sim.checksum());
    }
}

/// Two towers the battle board takes: a laser at tick 150, a mortar at tick 301.
fn towers(game: &TdGame) -> Vec<Edit> {
    let mut probe = game.sim().clone();
    let (w, h) = game.board_size();
    let mut found = Vec::new();
    for (tick, kind) in [(150, TowerKind::Laser), (301, TowerKind::Mortar)] {
        let spot = (0..w as i64)
            .flat_map(|x| (0..h as i64).map(move |y| (x, y)))
            .find(|&(x, y)| probe.edit(EditKind::Tower(kind), x, y).is_ok())
            .unwrap();
        found.push((tick, EditKind::Tower(kind), spot.0, spot.1));
    }
    found
}

/// An edit a test makes: the tick it applies at, its kind and tile.
type Edit = (u64, EditKind, i64, i64);

/// A recording of the siege game into `path`, with the towers, 1200 ticks long.
fn record(path: &Path) -> (TdGame, Vec<u64>, Vec<Edit>) {
    let mut game = siege();
    let start = RecordingHeader {
        // The game knows where it came from.
        source: game.source().cloned().unwrap(),
        board: board_checksum(game.sim().board()),
        settings: SpawnSettings::default(),
        animation: false,
        seed: 9,
        level_line: 0,
        level_text: None,
        scenario_text: None,
        maths: horde_core_sim::maths::Maths::Portable,
    };
    game.start_recording(RecordingWriter::start(path, start).unwrap());
    let edits = towers(&game);
    let mut sums = Vec::new();
    play_to(&mut game, 1200, &edits, &mut sums);
    (game, sums, edits)
}

/// The checksum lines of a recording's text.
fn checksum_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.split(' ').nth(1) == Some("checksum") && !l.starts_with('#'))
        .collect()
}

/// The last line of `horde sim`'s `--checksums` for the siege game (seed 9) played `ticks`
/// ticks with the recording at `script` as its script.
fn last_checksum_in_sim(script: &Path, ticks: u64) -> String {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("sums.csv");
    let (level, scenario) = (asset("levels/battle.txt"), asset("scenarios/siege.ron"));
    let ticks = ticks.to_string();
    let out = horde(&[
        "sim",
        "--level",
        level.to_str().unwrap(),
        "--scenario",
        scenario.to_str().unwrap(),
        "--seed",
        "9",
        "--ticks",
        &ticks,
        "--script",
        script.to_str().unwrap(),
        "--checksums",
        csv.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    text.lines().last().unwrap().to_string()
}

fn json(out: &std::process::Output) -> serde_json::Value {
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.lines().last().unwrap()).unwrap()
}

#[test]
fn a_window_recording_replays_with_every_checksum_matching() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("siege.rec");
    let (_, sums, _) = record(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(checksum_lines(&text).len(), 20, "{text}");
    let out = horde(&["replay", path.to_str().unwrap(), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = json(&out);
    assert_eq!(summary["ticks"], 1200);
    assert_eq!(summary["checked"], 20);
    assert!(summary["desync"].is_null());
    // `--at` seeks the replayed timeline: each tick's checksum, as played.
    let out = horde(&[
        "replay",
        path.to_str().unwrap(),
        "--json",
        "--at",
        "1100,7,600,61",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let at = json(&out)["at"].as_array().unwrap().clone();
    let ticks: Vec<u64> = at.iter().map(|s| s["tick"].as_u64().unwrap()).collect();
    assert_eq!(ticks, [1100, 7, 600, 61]);
    for seek in &at {
        let tick = seek["tick"].as_u64().unwrap();
        let expected = format!("{:016x}", sums[tick as usize - 1]);
        assert_eq!(seek["checksum"], expected.as_str(), "tick {tick}");
        assert!(seek["ms"].as_f64().unwrap() >= 0.0);
    }
    // `horde sim` with the header's game plays the same game (it skips the checksum lines).
    assert_eq!(
        last_checksum_in_sim(&path, 1200),
        format!("1200,{:016x}", sums[1199])
    );
}

#[test]
fn an_edit_moved_by_hand_is_caught_at_the_first_checksum_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("siege.rec");
    let (_, _, edits) = record(&path);
    let (tick, kind, x, y) = edits[1];
    let text = std::fs::read_to_string(&path).unwrap();
    let line = format!(
        "{tick} {} {x} {y}\n",
        horde_core_sim::td::files::action_name(kind)
    );
    assert!(text.contains(&line));
    // Three ticks later, still before the next checksum (tick 360).
    let moved = text.replace(
        &line,
        &format!("{} {}", tick + 3, &line[line.find(' ').unwrap() + 1..]),
    );
    std::fs::write(&path, moved).unwrap();
    let out = horde(&["replay", path.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let summary = json(&out);
    assert_eq!(summary["desync"]["tick"], 360);
    assert_eq!(summary["checked"], 5);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("siege.rec:") && stderr.contains("desync at tick 360"),
        "{stderr}"
    );
}

#[test]
fn hostile_recordings_are_refused_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("siege.rec");
    record(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let first = checksum_lines(&text)[0];
    let cases = [
        // A checksum that does not parse.
        (
            text.replacen(first, &format!("{first}zz"), 1),
            line_of(first),
            "not a hex number",
        ),
        // Ticks out of order: the first checksum line moved to the end.
        {
            let moved = text.replacen(&format!("{first}\n"), "", 1) + first + "\n";
            let at = moved.lines().count();
            (moved, at, "game's order")
        },
        // A recording of another level: its header names the fortress.
        (
            text.replace("levels/battle.txt", "levels/fortress.txt"),
            line_of("#! level"),
            "another board",
        ),
    ];
    for (hostile, line, what) in cases {
        std::fs::write(&path, &hostile).unwrap();
        let out = horde(&["replay", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!("siege.rec:{line}:")),
            "line {line}: {stderr}"
        );
        assert!(stderr.contains(what), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn seeking_shows_each_tick_exactly_and_an_edit_there_plays_on_as_sim_does() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("siege.rec");
    let (mut game, sums, edits) = record(&path);
    let mut order: Vec<u64> = (0..20).map(|i| 1 + (i * 7919 + 13) % 1200).collect();
    order.reverse();
    for tick in order {
        assert_eq!(game.seek(tick), tick);
        assert_eq!(
            game.sim().checksum(),
            sums[tick as usize - 1],
            "tick {tick}"
        );
    }
    // Back to tick 200; the mortar goes elsewhere at 250, cutting the future away.
    game.seek(200);
    assert_eq!(game.live_tick(), 1200);
    let (_, mortar, mx, my) = edits[1];
    let mut probe = game.sim().clone();
    let (w, h) = game.board_size();
    let other = (0..w as i64)
        .flat_map(|x| (0..h as i64).map(move |y| (x, y)))
        .find(|&(x, y)| (x, y) != (mx, my) && probe.edit(mortar, x, y).is_ok())
        .unwrap();
    let mut sums = sums;
    play_to(&mut game, 249, &[], &mut sums);
    game.edit(mortar, other.0, other.1).unwrap();
    assert_eq!(game.live_tick(), 249, "the future is cut away");
    play_to(&mut game, 900, &[], &mut sums);
    // The recording was cut too: it replays, and `horde sim` with it plays the same game.
    let out = horde(&["replay", path.to_str().unwrap(), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(json(&out)["checked"], 15);
    assert_eq!(
        last_checksum_in_sim(&path, 900),
        format!("900,{:016x}", game.sim().checksum())
    );
}

#[test]
fn fast_forward_plays_the_game_normal_speed_plays() {
    let mut normal = siege();
    let mut sums = Vec::new();
    play_to(&mut normal, 1500, &[], &mut sums);
    let mut fast = siege();
    fast.time_scale = 100.0;
    while fast.sim().counts().ticks < 1500 {
        frame(&mut fast, 100);
    }
    for tick in [1, 500, 1499, 1500] {
        assert_eq!(fast.seek(tick), tick);
        assert_eq!(
            fast.sim().checksum(),
            sums[tick as usize - 1],
            "tick {tick}"
        );
    }
}

#[test]
fn skipping_a_wave_stops_at_its_end() {
    let mut game = siege();
    frame(&mut game, 1);
    let wave = game.sim().scenario_state().unwrap().wave();
    assert!(game.skip_wave());
    let mut frames = 0;
    while game.skip_progress().is_some() {
        let share = game.skip_progress().unwrap();
        assert!((0.0..=1.0).contains(&share));
        frame(&mut game, 0);
        frames += 1;
        assert!(frames < 10_000, "the skip never ended");
    }
    let state = game.sim().scenario_state().unwrap();
    assert!(
        state.wave() != wave || game.sim().outcome() != horde_core_sim::td::game::Outcome::Running
    );
    // It stopped at the wave's end: one tick back, the wave was still on.
    let end = game.sim().counts().ticks;
    game.seek(end - 1);
    assert_eq!(game.sim().scenario_state().unwrap().wave(), wave);
}

/// A sink that counts the steps it ran and what the game's history knew as each began.
#[derive(Default)]
struct Counting {
    steps: u32,
    ticks: Vec<u64>,
}

impl Stepper for Counting {
    fn step(&mut self, sim: &mut Simulation, dt: f32) {
        self.steps += 1;
        self.ticks.push(sim.counts().ticks);
        sim.step(dt);
    }
}

#[test]
fn a_frame_runs_its_last_step_through_the_sink_and_the_history_sees_it_at_once() {
    let mut game = siege();
    let mut sink = Counting::default();
    game.run_steps(3, 3.0 * DT, &mut sink);
    assert_eq!(sink.steps, 1, "only the last of the frame's steps is drawn");
    assert_eq!(sink.ticks, vec![2], "it runs after the two plain ones");
    assert_eq!(game.sim().counts().ticks, 3);
    // Nothing is pending: the history and the game agree without another call.
    assert_eq!(game.history().map(|h| h.live()), Some(3));
    assert_eq!(game.live_tick(), 3);

    // A paused game gives no steps: the sink is not asked.
    game.run_steps(0, DT, &mut sink);
    assert_eq!(sink.steps, 1);

    // The same game stepped plain gets the same state.
    let mut plain = siege();
    for _ in 0..3 {
        plain.step_once();
    }
    assert_eq!(plain.sim().checksum(), game.sim().checksum());
}
