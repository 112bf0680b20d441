//! Endless waves in a game: a save made mid-endless resumes to the same checksums and the
//! same tally of waves.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::asset;
use horde_core_sim::{
    Scenario, Simulation, SpawnSettings, game_from_bytes, game_to_bytes, parse_level,
};
use std::path::Path;

const DT: f32 = 1.0 / 60.0;

/// The example scenario made endless, health doubling a cycle, on a long open level.
fn endless_game() -> Simulation {
    let text = asset("assets/scenarios/example.ron").replacen(
        "animation: true,",
        "animation: false,\n    endless: (count: 1.0, health: 2.0, speed: 1.0),",
        1,
    );
    let scenario = Scenario::parse(&text, Path::new("endless.ron")).unwrap();
    let level = "S..........................................................D\n";
    let board = parse_level(level, Path::new("long.txt")).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), 5);
    sim.set_scenario(Some(scenario));
    sim
}

#[test]
fn a_save_made_mid_endless_resumes_to_the_same_checksums() {
    let mut sim = endless_game();
    for _ in 0..60 * 40 {
        sim.step(DT);
    }
    assert!(sim.scenario_state().unwrap().cycle() >= 2);
    let saved = game_from_bytes(&game_to_bytes(&sim, DT).unwrap(), Path::new("m.horde")).unwrap();
    let mut loaded = saved.sim;
    assert_eq!(loaded.checksum(), sim.checksum());
    assert_eq!(loaded.wave_tally(), sim.wave_tally());
    assert!(loaded.endless());
    for _ in 0..60 * 20 {
        sim.step(DT);
        loaded.step(DT);
        assert_eq!(
            loaded.checksum(),
            sim.checksum(),
            "tick {}",
            sim.counts().ticks
        );
    }
}
