//! The body of the `scenario` fuzz target: a scenario text is parsed and, when accepted, played
//! on a small board with towers. It lives apart from [`super::scenario`] because it needs the
//! whole simulation, which itself uses the scenario.

use crate::td::level::parse_level;
use crate::td::scenario::Scenario;
use crate::td::settings::SpawnSettings;
use crate::td::simulation::Simulation;
use std::path::Path;

/// Parses `text` as a scenario and, when it is accepted and spawns at most a thousand
/// enemies a cycle, plays it for ten seconds on a small board with towers: the body of the
/// `scenario` fuzz target, replayed by `cargo test`.
pub fn check_scenario_text(text: &str) {
    let Ok(scenario) = Scenario::parse(text, Path::new("fuzz.ron")) else {
        return;
    };
    if scenario.enemies_per_cycle() > 1000 {
        return;
    }
    let rows = "S.......\n.LM.ML..\n........\n..ML.LM.\n.......D\n";
    let Ok(board) = parse_level(rows, Path::new("fuzz.txt")) else {
        return;
    };
    let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
    sim.set_scenario(Some(scenario));
    for _ in 0..600 {
        sim.step(crate::step::DT);
    }
    let counts = sim.counts();
    assert_eq!(counts.spawned, counts.reclaimed + counts.alive);
}
