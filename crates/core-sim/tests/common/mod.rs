//! What several of core-sim's test files share: the shipped assets and the battle level under
//! the siege scenario.
#![allow(dead_code, clippy::unwrap_used)]

use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::game::{Scenario, Simulation};
use horde_core_sim::td::swarm::SpawnSettings;
use std::path::Path;

/// The text of a file of the repository, by its path from the root.
pub fn asset(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join(path)).unwrap()
}

/// The battle level under the siege scenario (towers of both kinds, shells, clips) with
/// `seed`; with `free`, its budget taken away (placing costs nothing).
pub fn siege(seed: u64, free: bool) -> Simulation {
    let board = parse_level(&asset("assets/levels/battle.txt"), Path::new("battle")).unwrap();
    let mut scenario =
        Scenario::parse(&asset("assets/scenarios/siege.ron"), Path::new("siege")).unwrap();
    if free {
        scenario.budget = None;
    }
    let mut sim = Simulation::new(board, SpawnSettings::default(), seed);
    sim.set_scenario(Some(scenario));
    sim
}
