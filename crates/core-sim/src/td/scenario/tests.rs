//! The scenario format's and the scenario clock's tests.

#![allow(clippy::unwrap_used)]
use super::*;
use crate::td::scenario_state::{Due, ScenarioState};

fn example() -> Scenario {
    Scenario::parse(EXAMPLE_SCENARIO, "example.ron".as_ref()).unwrap()
}

/// The ticks (from 1) at which each enemy of the first cycle spawns, with its type.
fn spawn_ticks(scenario: &Scenario, ticks: u64, dt: f64) -> Vec<(u64, EnemyType)> {
    let mut state = ScenarioState::begin(scenario);
    let mut out = Vec::new();
    for tick in 1..=ticks {
        state.progress(scenario, dt, |due| {
            if let Due::Enemy(kind, _) = due {
                out.push((tick, kind));
            }
        });
    }
    out
}

#[test]
fn the_example_wave_spawns_on_its_nominal_ticks() {
    let scenario = example();
    let spawns = spawn_ticks(&scenario, 60 * 20, 1.0 / 60.0);
    let ticks = |kind| -> Vec<u64> {
        spawns
            .iter()
            .filter(|(_, k)| *k == kind)
            .map(|(t, _)| *t)
            .collect()
    };
    // 10 small every 0.5 s from t = 0, then 5 medium every 1 s from t = 5 s, then 1 large
    // at t = 10 s; a spawn due at time t falls in the tick whose end reaches it, tick
    // ⌈t / dt⌉ (the first in tick 1).
    let small: Vec<u64> = (0..10).map(|k| (30 * k).max(1)).collect();
    let medium: Vec<u64> = (0..5).map(|k| 300 + 60 * k).collect();
    assert_eq!(ticks(EnemyType::Small), small);
    assert_eq!(ticks(EnemyType::Medium), medium);
    assert_eq!(ticks(EnemyType::Large), vec![600]);
}

#[test]
fn cycles_end_the_scenario_and_speed_the_spawning_up() {
    let text = EXAMPLE_SCENARIO.replacen("cycles: 1", "cycles: 3", 1);
    let scenario = Scenario::parse(&text, "three.ron".as_ref()).unwrap();
    let mut state = ScenarioState::begin(&scenario);
    let mut spawned = 0;
    let mut ticks = 0;
    let mut count = |due| spawned += u64::from(matches!(due, Due::Enemy(..)));
    while state.progress(&scenario, 1.0 / 60.0, &mut count) {
        ticks += 1;
        assert!(ticks < 60 * 100);
    }
    assert!(state.is_over());
    assert_eq!(spawned, 3 * scenario.enemies_per_cycle());
    // 15 s, then 15 / 1.5 = 10 s, then 15 / 2 = 7.5 s.
    assert!((ticks as f64 / 60.0 - 32.5).abs() < 0.05, "{ticks}");
    assert_eq!(state.time_scale(), 2.0);
    // Over is over.
    assert!(!state.progress(&scenario, 1.0, |_| {}));
}

#[test]
fn endless_cycles_scale_amounts_and_never_end() {
    let text = EXAMPLE_SCENARIO.replacen(
        "animation: true,",
        "animation: true,\n    endless: (count: 1.5, health: 1.25, speed: 1.1),",
        1,
    );
    let scenario = Scenario::parse(&text, "endless.ron".as_ref()).unwrap();
    let endless = scenario.endless.unwrap();
    assert_eq!(
        (endless.count, endless.health, endless.speed),
        (1.5, 1.25, 1.1)
    );
    let mut state = ScenarioState::begin(&scenario);
    // Enemies of each cycle, counted by the endless step they carry.
    let mut by_step = [0u64; 4];
    let mut waves_ended = 0;
    while state.cycle() < 3 {
        assert!(state.progress(&scenario, 1.0 / 60.0, |due| match due {
            Due::Enemy(_, k) => by_step[k as usize] += 1,
            Due::WaveEnd => waves_ended += 1,
        }));
    }
    assert!(!state.is_over());
    // 10, 5, 1 a cycle; then ×1.5 (15, 8, 2 rounded), then ×2.25 (23, 11, 2).
    assert_eq!(by_step[..3], [16, 25, 36]);
    assert_eq!(waves_ended, 3);
    let bad = text.replace("count: 1.5", "count: 0.5");
    let error = Scenario::parse(&bad, "bad.ron".as_ref())
        .unwrap_err()
        .to_string();
    assert!(error.contains("factor"), "{error}");
}

#[test]
fn no_cycles_means_for_ever() {
    let text = EXAMPLE_SCENARIO.replacen("cycles: 1", "cycles: 0", 1);
    let scenario = Scenario::parse(&text, "ever.ron".as_ref()).unwrap();
    let mut state = ScenarioState::begin(&scenario);
    for _ in 0..60 * 120 {
        assert!(state.progress(&scenario, 1.0 / 60.0, |_| {}));
    }
    assert!(state.cycle() >= 4, "{}", state.cycle());
}

#[test]
fn bad_values_are_refused_at_their_place() {
    let bad = |from: &str, to: &str, says: &str| {
        assert!(EXAMPLE_SCENARIO.contains(from), "{from}");
        let text = EXAMPLE_SCENARIO.replacen(from, to, 1);
        let at = text.find(to).unwrap();
        let line = text[..at].matches('\n').count() + 1;
        let e = Scenario::parse(&text, "bad.ron".as_ref())
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(&format!("bad.ron:{line}:")),
            "{to}: {e} (line {line})"
        );
        assert!(e.contains(says), "{to}: {e}");
    };
    bad("enemy: Small", "enemy: Huge", "Huge");
    bad("amount: 10", "amount: 0", "`amount` must be");
    bad("cooldown: 0.5", "cooldown: -0.5", "`cooldown` must be");
    bad("cooldown: 0.5", "cooldown: 0.0", "`cooldown` must be");
    bad("range: 2.5", "range: NaN", "`range` must be");
    bad(
        "scale: (0.5, 0.6)",
        "scale: (0.6, 0.5)",
        "min 0.6 is above max 0.5",
    );
    bad(
        "scale: (0.5, 0.6)",
        "scale: (0.1, 0.6)",
        "`scale` must lie within",
    );
    bad(
        "health: (40.0, 50.0)",
        "health: (NaN, 50.0)",
        "`health` must be finite",
    );
    bad("lives: 10", "lives: 10, colour: 3", "colour");
}
