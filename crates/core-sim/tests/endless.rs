//! Endless waves in a game: the cycles beyond the listed ones scale amounts, health and speed
//! as the scenario says; the waves cleared are the waves whose enemies are all gone; a save
//! made mid-endless resumes to the same checksums and tally on one thread and on two.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::asset;
use horde_core_sim::td::files::{game_from_bytes, game_to_bytes, parse_level};
use horde_core_sim::td::game::{Scenario, Simulation};
use horde_core_sim::td::swarm::SpawnSettings;
use std::path::Path;

use horde_core_sim::DT;

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
    let bytes = game_to_bytes(&sim, DT).unwrap();
    // The uninterrupted game's checksums, on the default pool.
    let mut sums = Vec::new();
    for _ in 0..60 * 20 {
        sim.step(DT);
        sums.push(sim.checksum());
    }
    // The save resumed on one thread and on two gives them all.
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let mut loaded = game_from_bytes(&bytes, Path::new("m.horde")).unwrap().sim;
            assert!(loaded.endless());
            for (k, &sum) in sums.iter().enumerate() {
                loaded.step(DT);
                assert_eq!(loaded.checksum(), sum, "{threads} threads, tick +{k}");
            }
            assert_eq!(loaded.wave_tally(), sim.wave_tally());
        });
    }
}

/// One wave of `amount` small enemies a cycle, `cooldown` s apart, every drawn value fixed
/// (`speed` a range), one listed cycle, then endless with these factors; no defeat.
fn short_endless(amount: u32, speed: (f32, f32), factors: (f64, f64, f64)) -> Scenario {
    let kind = format!(
        "(scale: (1.0, 1.0), speed: ({:?}, {:?}), path_offset: (0.0, 0.0), health: (100.0, 100.0))",
        speed.0, speed.1
    );
    let text = format!(
        "(\n    lives: 0,\n    cycles: 1,\n    cycle_speed_up: 0.0,\n    enemies: (small: {kind}, medium: {kind}, large: {kind}),\n    waves: [(sequences: [(enemy: Small, amount: {amount}, cooldown: 0.1)])],\n    endless: (count: {:?}, health: {:?}, speed: {:?}),\n)\n",
        factors.0, factors.1, factors.2
    );
    Scenario::parse(&text, Path::new("short.ron")).unwrap()
}

/// A long straight corridor.
fn corridor(sim_scenario: Scenario, seed: u64) -> Simulation {
    let level = "S..............D\n";
    let board = parse_level(level, Path::new("corridor.txt")).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), seed);
    sim.set_scenario(Some(sim_scenario));
    sim
}

#[test]
fn the_cycles_beyond_the_listed_one_have_the_stated_amounts_health_and_speed() {
    let mut sim = corridor(short_endless(3, (1.0, 1.0), (2.0, 1.5, 1.2)), 1);
    // Every enemy as it first appears: its health and speed.
    let mut first_seen: Vec<Option<(f32, f32)>> = Vec::new();
    while sim.scenario_state().unwrap().cycle() < 3 {
        sim.step(DT);
        for enemy in sim.enemies().iter() {
            let id = enemy.id as usize;
            if first_seen.len() <= id {
                first_seen.resize(id + 1, None);
            }
            first_seen[id].get_or_insert((enemy.health, enemy.params.speed));
        }
        assert!(sim.counts().ticks < 60 * 60, "three cycles within a minute");
    }
    let seen: Vec<(f32, f32)> = first_seen.into_iter().map(Option::unwrap).collect();
    // The listed cycle, then the k-th endless cycle: amount 3 × 2^k, health 100 × 1.5^k,
    // speed 1 × 1.2^k.
    let mut at = 0;
    for k in 0..3 {
        let amount = 3 * 2usize.pow(k);
        let health = 100.0 * 1.5f32.powi(k as i32);
        let speed = 1.2f32.powi(k as i32);
        for (id, &(h, s)) in seen[at..at + amount].iter().enumerate() {
            assert!(
                (h - health).abs() < 1e-3,
                "cycle {k}, enemy {id}: health {h}"
            );
            assert!((s - speed).abs() < 1e-4, "cycle {k}, enemy {id}: speed {s}");
        }
        at += amount;
    }
    assert!(
        sim.outcome() == horde_core_sim::td::game::Outcome::Running,
        "no victory"
    );
}

#[test]
fn the_waves_cleared_are_the_waves_whose_enemies_are_all_gone() {
    // Enemies of mixed speeds overtake the waves before them; a wave counts once it and every
    // wave before it has spawned its last enemy and lost it.
    let mut sim = corridor(short_endless(4, (0.8, 3.0), (1.5, 1.0, 1.0)), 9);
    let mut wave_ends: Vec<u64> = Vec::new(); // one past the last id of each wave
    let mut amount = 4.0f64;
    let mut next = 0u64;
    for _ in 0..12 {
        next += amount.round() as u64;
        wave_ends.push(next);
        amount *= 1.5;
    }
    let mut changes = 0;
    let mut last = 0;
    for _ in 0..60 * 40 {
        sim.step(DT);
        let alive: std::collections::HashSet<u64> = sim.enemies().iter().map(|e| e.id).collect();
        let spawned = sim.enemies().spawned();
        let mut cleared = 0u64;
        for &end in &wave_ends {
            let spawned_all = spawned >= end;
            if !spawned_all || (0..end).any(|id| alive.contains(&id)) {
                break;
            }
            cleared += 1;
        }
        assert_eq!(
            sim.wave_tally().cleared,
            cleared,
            "tick {}",
            sim.counts().ticks
        );
        if cleared != last {
            changes += 1;
            last = cleared;
        }
    }
    assert!(changes >= 4, "only {changes} waves cleared in 40 s");
}
