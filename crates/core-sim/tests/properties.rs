//! Property tests: random valid boards with walls and towers, and random edit scripts, never
//! produce NaN or a panic, every enemy is reclaimed within a bound once edits stop (reached or
//! killed), and the trace (health included) is the same with one and with two threads.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::files::TraceWriter;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::{FloatRange, SpawnSettings};
use horde_core_sim::td::tiles::{Board, EditKind};
use proptest::prelude::*;

/// A generated scenario.
#[derive(Clone, Debug)]
struct Scenario {
    width: u32,
    height: u32,
    /// Edits applied to the default board before the run (refused ones are skipped).
    setup: Vec<(EditKind, i64, i64)>,
    /// `(tick, edit)` applied during the run.
    script: Vec<(u64, EditKind, i64, i64)>,
    ticks: u64,
    dt: f32,
    seed: u64,
    spawn_speed: f32,
    scale: (f32, f32),
    speed: (f32, f32),
    offset: (f32, f32),
}

fn kind() -> impl Strategy<Value = EditKind> {
    prop_oneof![
        6 => Just(EditKind::Wall),
        1 => Just(EditKind::Destination),
        1 => Just(EditKind::SpawnPoint),
        2 => Just(EditKind::Tower(TowerKind::Laser)),
        2 => Just(EditKind::Tower(TowerKind::Mortar)),
    ]
}

fn ordered(lo: f32, hi: f32) -> impl Strategy<Value = (f32, f32)> {
    (lo..=hi, lo..=hi).prop_map(|(a, b)| (a.min(b), a.max(b)))
}

fn scenario() -> impl Strategy<Value = Scenario> {
    (2u32..10, 2u32..10).prop_flat_map(|(width, height)| {
        let edit = (kind(), 0..width as i64, 0..height as i64);
        let timed = (1u64..200, kind(), 0..width as i64, 0..height as i64);
        (
            prop::collection::vec(edit, 0..40),
            prop::collection::vec(timed, 0..30),
            50u64..250,
            prop_oneof![Just(1.0f32 / 60.0), Just(1.0 / 30.0), Just(0.1), Just(0.25)],
            any::<u64>(),
            0.1f32..=10.0,
            ordered(0.5, 2.0),
            ordered(0.2, 5.0),
            ordered(-0.4, 0.4),
        )
            .prop_map(
                move |(setup, script, ticks, dt, seed, spawn_speed, scale, speed, offset)| {
                    Scenario {
                        width,
                        height,
                        setup,
                        script,
                        ticks,
                        dt,
                        seed,
                        spawn_speed,
                        scale,
                        speed,
                        offset,
                    }
                },
            )
    })
}

fn range((a, b): (f32, f32)) -> FloatRange {
    FloatRange::new(a, b).unwrap()
}

/// Runs the scenario; returns the trace CSV and the simulation afterwards.
fn run(s: &Scenario) -> (String, Simulation) {
    let mut board = Board::with_defaults(s.width, s.height).unwrap();
    for &(kind, x, y) in &s.setup {
        let _ = board.toggle(kind, x, y);
    }
    let settings = SpawnSettings::new(
        s.spawn_speed,
        range(s.scale),
        range(s.speed),
        range(s.offset),
    )
    .unwrap();
    let mut sim = Simulation::new(board, settings, s.seed);
    let mut trace = TraceWriter::new(Vec::new()).unwrap();
    for tick in 1..=s.ticks {
        for &(_, kind, x, y) in s.script.iter().filter(|e| e.0 == tick) {
            let _ = sim.edit(kind, x, y);
        }
        sim.step(s.dt);
        trace.write_tick(&sim).unwrap();
        assert!(sim.board().flow_field().is_complete());
    }
    let csv = String::from_utf8(trace.finish().unwrap()).unwrap();
    (csv, sim)
}

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_runs_are_sane_and_thread_count_independent(s in scenario()) {
        let (one, mut sim) = in_pool(1, || run(&s));
        let (two, _) = in_pool(2, || run(&s));
        prop_assert!(one == two, "traces differ between 1 and 2 threads");
        prop_assert!(!one.contains("NaN") && !one.contains("inf"));
        for line in one.lines().skip(1) {
            let (numbers, clip) = line.rsplit_once(',').unwrap();
            // Animation is off: every enemy is in its move clip throughout.
            prop_assert_eq!(clip, "move");
            let fields: Vec<f32> = numbers.split(',').map(|f| f.parse().unwrap()).collect();
            prop_assert_eq!(fields.len(), 9);
            prop_assert!(fields.iter().all(|v| v.is_finite()));
            prop_assert!((0.0..360.0).contains(&fields[4]));
            // Every model stays on (or just beside, by its offset) the board.
            let (hw, hh) = (s.width as f32 / 2.0, s.height as f32 / 2.0);
            prop_assert!(fields[2].abs() <= hw + 0.5 && fields[3].abs() <= hh + 0.5, "{}", line);
        }
        // With edits over and spawning off, everyone arrives: the longest path crosses every
        // tile once, plus one turn-around, and no tile takes longer than a left quarter
        // circle of radius 0.9 at speed 0.2 (about 7.1 s).
        sim.set_spawning(false);
        let bound_seconds = (s.width * s.height + 2) as f32 * 7.1;
        let bound_steps = (bound_seconds / s.dt).ceil() as u64;
        let mut steps = 0;
        while !sim.enemies().is_empty() {
            prop_assert!(steps < bound_steps, "{} enemies still alive", sim.enemies().len());
            sim.step(s.dt);
            steps += 1;
        }
        let c = sim.counts();
        prop_assert_eq!(c.spawned, c.reclaimed);
    }
}

#[test]
fn a_large_population_traces_the_same_with_one_and_two_threads() {
    // Tens of thousands of enemies span many parallel chunks; edits change paths under them.
    let run = || {
        let board = horde_core_sim::td::tiles::winding_board(96, 64, 24, 6).unwrap();
        let settings = SpawnSettings::new(
            10.0,
            range((0.5, 2.0)),
            range((0.2, 5.0)),
            range((-0.4, 0.4)),
        )
        .unwrap();
        let mut sim = Simulation::new(board, settings, 99);
        sim.populate(30_000);
        let mut trace = TraceWriter::new(Vec::new()).unwrap();
        for tick in 1..=40u64 {
            let x = (tick * 7 % 96) as i64;
            let _ = sim.edit(EditKind::Wall, x, (tick * 5 % 64) as i64);
            sim.step(0.05);
            trace.write_tick(&sim).unwrap();
        }
        (
            String::from_utf8(trace.finish().unwrap()).unwrap(),
            sim.counts(),
        )
    };
    let (one, counts_one) = in_pool(1, run);
    let (two, counts_two) = in_pool(2, run);
    assert_eq!(counts_one, counts_two);
    assert!(counts_one.reclaimed > 0 && counts_one.alive > 25_000);
    assert!(one == two, "traces differ between 1 and 2 threads");
}
