//! Games as files in the window's hands, headless (no window, no GPU): Ctrl+S / Ctrl+O and
//! F5 / F9 save and load the whole game, a damaged file keeps the game being played, and a
//! recording of the player's edits (`horde run --record`) replays in `horde sim` to the same
//! game.
#![allow(clippy::unwrap_used)]

mod common;

use common::play::{click, framed};
use horde::scenes::td::{Plain, TdGame, TdPlay};
use horde::scenes::{Requests, Scene};
use horde_core_sim::td::files::TraceWriter;
use horde_core_sim::td::game::{GameSource, LevelSource};
use horde_core_sim::td::history::RecordingHeader;
use horde_core_sim::td::history::RecordingWriter;
use horde_core_sim::td::swarm::{FloatRange, SpawnSettings};
use std::path::{Path, PathBuf};
use std::process::Command;
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

const LEVEL: &str = "S.........\n..........\n....#.....\n.........D\n";

fn settings() -> SpawnSettings {
    let range = |a, b| FloatRange::new(a, b).unwrap();
    SpawnSettings::new(2.0, range(0.5, 1.5), range(0.8, 2.0), range(-0.3, 0.3)).unwrap()
}

/// The level at `path` in a window's play, its first frame framed.
fn play(level: &Path, seed: u64) -> TdPlay {
    let source = GameSource {
        level: LevelSource::File(level.to_path_buf()),
        scenario: None,
    };
    framed(TdGame::open(&source, settings(), seed).unwrap())
}

/// Presses `keys` together, in order, and lets them go in reverse.
fn chord(play: &mut TdPlay, keys: &[KeyCode]) {
    let mut requests = Requests::default();
    for &key in keys {
        play.key(key, true, false, &mut requests);
    }
    for &key in keys.iter().rev() {
        play.key(key, false, false, &mut requests);
    }
}

/// `frames` frames of one fixed step each.
/// A game of seed 21 on `LEVEL`, written into `dir`, recording into `dir/name`.
fn recorded_play(dir: &Path, name: &str) -> (TdPlay, PathBuf) {
    let level = dir.join("level.txt");
    std::fs::write(&level, LEVEL).unwrap();
    let record = dir.join(name);
    let mut play = play(&level, 21);
    let start = header(&level, &play);
    play.game
        .start_recording(RecordingWriter::start(&record, start).unwrap());
    (play, record)
}

/// The header of a recording of `play`'s game on `level`: the spawner, `settings()`, seed 21.
fn header(level: &Path, play: &TdPlay) -> RecordingHeader {
    RecordingHeader {
        source: GameSource {
            level: LevelSource::File(level.to_path_buf()),
            scenario: None,
        },
        board: horde_core_sim::td::history::board_checksum(play.game.sim().board()),
        settings: settings(),
        animation: false,
        seed: 21,
        level_line: 0,
        level_text: None,
        scenario_text: None,
        maths: horde_core_sim::maths::Maths::Portable,
    }
}

fn frames(play: &mut TdPlay, frames: u32) {
    for _ in 0..frames {
        play.game.run_steps(1, 1.0 / 60.0, &mut Plain);
    }
}

/// The trace of the game's enemies as they stand (header and one tick of rows).
fn snapshot(play: &mut TdPlay) -> String {
    let mut trace = TraceWriter::new(Vec::new()).unwrap();
    trace.write_tick(play.game.sim()).unwrap();
    String::from_utf8(trace.finish().unwrap()).unwrap()
}

#[test]
fn ctrl_s_and_ctrl_o_save_and_bring_back_the_whole_game() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("level.txt");
    std::fs::write(&level, LEVEL).unwrap();
    let mut play = play(&level, 5);
    play.set_game_path(&dir.path().join("game.horde"));
    frames(&mut play, 200);
    chord(&mut play, &[KeyCode::Digit2]);
    click(&mut play, MouseButton::Left, (3, 1), true);
    frames(&mut play, 130);
    chord(&mut play, &[KeyCode::ControlLeft, KeyCode::KeyS]);
    assert!(
        play.status().starts_with("saved the game"),
        "{}",
        play.status()
    );
    let saved = (snapshot(&mut play), play.game.sim().counts());
    assert!(saved.1.alive > 0 && saved.1.ticks == 330);
    frames(&mut play, 300);
    click(&mut play, MouseButton::Left, (6, 2), false);
    assert_ne!(play.game.sim().counts(), saved.1);
    chord(&mut play, &[KeyCode::ControlRight, KeyCode::KeyO]);
    assert!(
        play.status().starts_with("loaded the game"),
        "{}",
        play.status()
    );
    assert_eq!((snapshot(&mut play), play.game.sim().counts()), saved);
    assert_eq!(play.game.sim().towers().len(), 1, "the mortar came back");
    // Without Ctrl, S is only a pan key: nothing is saved.
    std::fs::remove_file(dir.path().join("game.horde")).unwrap();
    chord(&mut play, &[KeyCode::KeyS]);
    assert!(!dir.path().join("game.horde").exists());
}

#[test]
fn f5_and_f9_use_the_quick_save_and_a_damaged_one_keeps_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("level.txt");
    std::fs::write(&level, LEVEL).unwrap();
    let mut play = play(&level, 8);
    // In a folder that does not exist yet, as the data folder on a first run.
    play.quick_save = dir.path().join("data").join("quick.horde");
    frames(&mut play, 90);
    chord(&mut play, &[KeyCode::F5]);
    let saved = snapshot(&mut play);
    frames(&mut play, 90);
    chord(&mut play, &[KeyCode::F9]);
    assert_eq!(snapshot(&mut play), saved);
    // A damaged quick-save is refused with its name, and the game goes on as it was.
    let mut bytes = std::fs::read(&play.quick_save).unwrap();
    let end = bytes.len() - 1;
    bytes[end] ^= 1;
    std::fs::write(&play.quick_save, bytes).unwrap();
    frames(&mut play, 10);
    let before = snapshot(&mut play);
    chord(&mut play, &[KeyCode::F9]);
    assert!(
        play.status().starts_with("load failed: "),
        "{}",
        play.status()
    );
    assert!(play.status().contains("quick.horde"), "{}", play.status());
    assert_eq!(snapshot(&mut play), before);
}

#[test]
fn a_recording_replays_in_horde_sim_to_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let (mut play, record) = recorded_play(dir.path(), "edits.txt");
    // Walls, a refused edit, towers of both kinds, a spawn point and a destination, at
    // different ticks.
    frames(&mut play, 45);
    click(&mut play, MouseButton::Left, (2, 2), false);
    frames(&mut play, 1);
    click(&mut play, MouseButton::Left, (9, 0), false); // the destination: refused
    chord(&mut play, &[KeyCode::Digit1]);
    click(&mut play, MouseButton::Left, (5, 2), true);
    frames(&mut play, 120);
    chord(&mut play, &[KeyCode::Digit2]);
    click(&mut play, MouseButton::Left, (7, 1), true);
    click(&mut play, MouseButton::Right, (0, 0), false);
    frames(&mut play, 200);
    click(&mut play, MouseButton::Right, (9, 3), true);
    click(&mut play, MouseButton::Left, (2, 2), false);
    frames(&mut play, 300);
    let end = snapshot(&mut play);
    let ticks = play.game.sim().counts().ticks;
    let text = std::fs::read_to_string(&record).unwrap();
    let edits: Vec<&str> = (text.lines())
        .filter(|l| !l.starts_with('#') && !l.contains(" checksum "))
        .collect();
    assert_eq!(edits.len(), 6, "{text}");
    // A checksum line a second of the game.
    let sums = (text.lines())
        .filter(|l| !l.starts_with('#') && l.contains(" checksum "))
        .count();
    assert_eq!(sums as u64, ticks / 60, "{text}");
    assert_eq!(edits[0], "46 wall 2 2");
    // The header's command, for this many ticks.
    let command = text
        .lines()
        .find_map(|l| l.split_once(": horde sim ").map(|(_, rest)| rest))
        .unwrap()
        .replace("--ticks N", &format!("--ticks {ticks}"));
    let trace = dir.path().join("replay.csv");
    let mut args: Vec<String> = command.split(' ').map(str::to_string).collect();
    args.insert(0, "sim".to_string());
    args.extend(["--trace".to_string(), trace.display().to_string()]);
    let out = Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(&args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = String::from_utf8(out.stdout).unwrap();
    let expected = serde_json::to_string(&horde::td_counts::CountsJson::from(
        play.game.sim().counts(),
    ))
    .unwrap();
    // The counters, then `horde sim`'s own keys (no refused edit: the recording holds only
    // edits that took).
    let expected = format!("{},\"refused_edits\":0}}", expected.trim_end_matches('}'));
    assert_eq!(summary.trim(), expected);
    let replayed = std::fs::read_to_string(&trace).unwrap();
    let last: String = replayed
        .lines()
        .filter(|l| l.starts_with(&format!("{ticks},")))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        last,
        end.lines()
            .skip(1)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
    // `horde replay` plays the recording from its own header and every checksum matches.
    let summary = common::replay_json(&record, dir.path());
    assert_eq!(summary["checked"], ticks / 60);
    assert!(summary["desync"].is_null());
    // A restart starts the recording over.
    chord(&mut play, &[KeyCode::KeyB]);
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.lines().all(|l| l.starts_with('#')), "{text}");
}

#[test]
fn a_restart_after_inspector_changes_records_the_new_game() {
    let dir = tempfile::tempdir().unwrap();
    let (mut play, record) = recorded_play(dir.path(), "restart.rec");
    frames(&mut play, 60);
    // The inspector's spawn settings and animation changed, then a restart with seed 5: the
    // recording starts over as the new game's.
    let faster = SpawnSettings::new(
        3.0,
        FloatRange::new(0.7, 0.9).unwrap(),
        FloatRange::new(1.5, 2.0).unwrap(),
        FloatRange::new(-0.1, 0.1).unwrap(),
    )
    .unwrap();
    play.game.set_spawn_settings(faster);
    play.game.change_sim(|sim| sim.set_animation(true));
    play.game.restart(5);
    frames(&mut play, 200);
    click(&mut play, MouseButton::Left, (2, 2), false);
    frames(&mut play, 200);
    let header = horde_core_sim::td::history::Recording::load(&record)
        .unwrap()
        .header;
    assert_eq!(
        (header.seed, header.settings, header.animation),
        (5, faster, true)
    );
    let replayed = common::replay_json(&record, dir.path());
    assert!(replayed["desync"].is_null(), "{replayed}");
    assert!(replayed["checked"].as_u64().unwrap() >= 6, "{replayed}");
    // The towers' settings changed too: a restart ends the recording (its header cannot say
    // them), and the file stays as it was.
    let before = std::fs::read_to_string(&record).unwrap();
    let mut towers = *play.game.sim().tower_settings();
    towers
        .set_field(horde_core_sim::td::defence::TowerKind::Laser, "range", 3.0)
        .unwrap();
    play.game.set_tower_settings(towers);
    play.game.restart(6);
    assert!(play.game.recording().is_none());
    frames(&mut play, 120);
    assert_eq!(std::fs::read_to_string(&record).unwrap(), before);
}
