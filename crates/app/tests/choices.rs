//! The defender's choices as a player meets them: `T` over a tower cycles whom it shoots first
//! (and the inspector says which; over no tower it says there is none), and a script that
//! spends more than the budget holds has its refused edits reported and counted.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::play::{framed, hover};
use horde::scenes::td::TdGame;
use horde::scenes::{Requests, Scene};
use horde_core_sim::td::defence::Priority;
use horde_core_sim::td::game::{GameSource, LevelSource, ScenarioSource};
use horde_core_sim::td::swarm::SpawnSettings;
use std::path::Path;
use std::process::Command;
use winit::keyboard::KeyCode;

fn assets() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

fn press(play: &mut horde::scenes::td::TdPlay, key: KeyCode) {
    let mut requests = Requests::default();
    play.key(key, true, false, &mut requests);
    play.key(key, false, false, &mut requests);
}

#[test]
fn t_cycles_the_priority_of_the_tower_under_the_mouse() {
    let source = GameSource {
        level: LevelSource::File(assets().join("levels/battle.txt")),
        scenario: Some(ScenarioSource::File(assets().join("scenarios/siege.ron"))),
    };
    let game = TdGame::open(&source, SpawnSettings::default(), 1).unwrap();
    let mut play = framed(game);
    // The level's laser at (3, 1).
    let tile = play.game.sim().board().index(3, 1).unwrap();
    let priority =
        |play: &horde::scenes::td::TdPlay| play.game.sim().towers().on_tile(tile).unwrap().priority;
    assert_eq!(priority(&play), Priority::Random);
    hover(&mut play, (3, 1));
    for expected in Priority::ALL
        .iter()
        .cycle()
        .skip(1)
        .take(Priority::ALL.len())
    {
        press(&mut play, KeyCode::KeyT);
        assert_eq!(priority(&play), *expected);
        let status = play.status().to_string();
        assert!(status.contains(expected.name()), "{status}");
    }
    // Over an empty tile: no tower, and the inspector says so.
    hover(&mut play, (1, 0));
    press(&mut play, KeyCode::KeyT);
    assert!(play.status().contains("no tower"), "{}", play.status());
}

#[test]
fn a_script_over_budget_reports_what_was_refused() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("spend.txt");
    // Siege starts with 60: a laser (30) is bought, a mortar (60) then cannot be, and a
    // second laser (30) still can.
    std::fs::write(&script, "1 laser 12 2\n1 mortar 13 2\n1 laser 11 2\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_horde"))
        .args([
            "sim",
            "--level",
            assets().join("levels/battle.txt").to_str().unwrap(),
            "--scenario",
            assets().join("scenarios/siege.ron").to_str().unwrap(),
            "--ticks",
            "10",
            "--script",
            script.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let summary: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(summary["refused_edits"], 1, "{summary}");
    assert_eq!(summary["money"], 0, "{summary}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("script line 2") && stderr.contains("it costs 60 and the budget holds 30"),
        "{stderr}"
    );
}
