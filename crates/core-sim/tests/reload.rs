//! A level reloaded while its game runs (`Simulation::reload_board`): the same level changes
//! nothing at all; a wall over enemies removes exactly those, the rest keep walking the new
//! paths; a board of another size moves everything with its tiles; towers that stay keep
//! their target; nothing restarts.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::files::TraceWriter;
use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::game::{Scenario, Simulation};
use horde_core_sim::td::swarm::{FloatRange, SpawnSettings};
use horde_core_sim::td::tiles::{Board, TileContent};
use std::path::Path;

use horde_core_sim::DT;
const BATTLE: &str = include_str!("../../../assets/levels/battle.txt");
const SIEGE: &str = include_str!("../../../assets/scenarios/siege.ron");

fn board(text: &str) -> Board {
    parse_level(text, Path::new("level.txt")).unwrap()
}

/// The spawner with random characteristics on `text`.
fn game(text: &str, seed: u64) -> Simulation {
    let range = |a, b| FloatRange::new(a, b).unwrap();
    let settings =
        SpawnSettings::new(8.0, range(0.5, 1.5), range(0.5, 2.0), range(-0.4, 0.4)).unwrap();
    Simulation::new(board(text), settings, seed)
}

fn trace(sim: &mut Simulation, ticks: u64) -> String {
    let mut trace = TraceWriter::new(Vec::new()).unwrap();
    for _ in 0..ticks {
        sim.step(DT);
        trace.write_tick(sim).unwrap();
    }
    String::from_utf8(trace.finish().unwrap()).unwrap()
}

#[test]
fn reloading_the_same_level_changes_nothing() {
    let mut reloaded = game(BATTLE, 7);
    let mut kept = reloaded.clone();
    trace(&mut reloaded, 200);
    trace(&mut kept, 200);
    let alive = reloaded.enemies().len() as u64;
    assert!(alive > 10, "{alive} enemies");
    let outcome = reloaded.reload_board(board(BATTLE));
    assert_eq!((outcome.kept, outcome.removed), (alive, 0));
    assert_eq!(trace(&mut reloaded, 300), trace(&mut kept, 300));
    assert_eq!(reloaded.counts(), kept.counts());
}

#[test]
fn a_wall_over_enemies_removes_exactly_them_and_the_rest_walk_on() {
    let text = include_str!("../../../assets/levels/default.txt");
    let mut sim = game(text, 3);
    trace(&mut sim, 400);
    let before = sim.counts();
    // The enemies' tiles, and a tile some cross that can become a wall (not a spawn point or
    // destination).
    let crossing: Vec<usize> = sim.enemies().iter().map(|e| e.tile).collect();
    let wall = *crossing
        .iter()
        .find(|&&t| sim.board().content(t) == TileContent::Empty)
        .unwrap();
    let (x, y) = sim.board().coords(wall);
    let mut lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    // Row 0 of the file is the board's top row (largest y).
    let row = lines.len() - 1 - y as usize;
    lines[row][x as usize] = '#';
    let edited: String = lines
        .iter()
        .map(|l| l.iter().collect::<String>() + "\n")
        .collect();
    let edited = board(&edited);
    assert_eq!(edited.content(wall), TileContent::Wall, "row order");

    let ids_on_wall: Vec<u64> = sim
        .enemies()
        .iter()
        .filter(|e| e.tile == wall)
        .map(|e| e.id)
        .collect();
    assert!(!ids_on_wall.is_empty());
    let outcome = sim.reload_board(edited);
    assert!(outcome.removed >= ids_on_wall.len() as u64);
    assert_eq!(outcome.kept + outcome.removed, before.alive);
    for e in sim.enemies().iter() {
        assert_ne!(e.tile, wall, "enemy {} still on the wall", e.id);
    }
    let after = sim.counts();
    assert_eq!(after.ticks, before.ticks, "nothing restarts");
    assert_eq!(after.spawned, after.reclaimed + after.alive);
    assert_eq!(after.reclaimed, before.reclaimed + outcome.removed);
    // The rest walk the new paths and never onto the wall.
    for _ in 0..600 {
        sim.step(DT);
        assert!(sim.enemies().iter().all(|e| e.tile != wall));
    }
    let end = sim.counts();
    assert!(
        end.reached > after.reached,
        "enemies still reach the destination"
    );
    assert_eq!(end.spawned, end.reclaimed + end.alive);
}

#[test]
fn a_wider_board_moves_everything_with_its_tiles() {
    let text = include_str!("../../../assets/levels/default.txt");
    let wider: String = text.lines().map(|l| format!("{l}...\n")).collect();
    let mut sim = game(text, 11);
    trace(&mut sim, 300);
    let before: Vec<_> = sim.enemies().iter().collect();
    let outcome = sim.reload_board(board(&wider));
    assert_eq!(outcome.removed, 0);
    // Three more columns on the east: the old tiles' centres move 1.5 west.
    let after: Vec<_> = sim.enemies().iter().collect();
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(a.id, b.id);
        assert!(
            (a.position[0] - (b.position[0] - 1.5)).abs() < 1e-4,
            "{b:?} → {a:?}"
        );
        assert!((a.position[1] - b.position[1]).abs() < 1e-4);
        let (bx, by) = (b.tile % 11, b.tile / 11);
        assert_eq!(a.tile, by * 14 + bx, "same (x, y)");
        assert_eq!(a.progress, b.progress);
    }
    trace(&mut sim, 600);
    let c = sim.counts();
    assert!(c.reached > 0);
    assert_eq!(c.spawned, c.reclaimed + c.alive);
}

#[test]
fn towers_that_stay_keep_fighting_and_the_scenario_goes_on() {
    let mut sim = game(BATTLE, 5);
    sim.set_scenario(Some(
        Scenario::parse(SIEGE, Path::new("siege.ron")).unwrap(),
    ));
    trace(&mut sim, 500);
    let towers = format!("{:?}", sim.towers().all());
    let state = format!("{:?}", sim.scenario_state());
    let shots = sim.counts().shots;
    assert!(shots > 0, "the mortars fired");
    sim.reload_board(board(BATTLE));
    let again = format!("{:?}", sim.towers().all());
    assert!(towers.contains("target: Some"), "a laser has a target");
    assert_eq!(towers, again, "targets and launch progress kept");
    assert_eq!(state, format!("{:?}", sim.scenario_state()));
    trace(&mut sim, 300);
    assert!(sim.counts().shots > shots, "towers keep firing");
}
