//! Once warmed up, a simulation step allocates nothing: not the search after an edit, not the
//! spawning, not the parallel update, not the fused instance writing.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::{FloatRange, ModelInstance, SpawnSettings};
use horde_core_sim::td::tiles::EditKind;
use horde_core_sim::td::tiles::winding_board;

/// Counted over every thread: the work runs on a thread pool.
#[global_allocator]
static GLOBAL: horde_alloc_count::Counting = horde_alloc_count::Counting;

#[test]
fn the_counter_sees_allocations() {
    let before = horde_alloc_count::allocations();
    let v = std::hint::black_box(vec![1u8; 100]);
    assert!(horde_alloc_count::allocations() > before);
    drop(v);
}

/// The counter counts every thread: the measuring tests take turns.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn steps_allocate_nothing_once_warmed_up() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    pool.install(|| {
        let board = winding_board(128, 96, 32, 8).unwrap();
        let settings = SpawnSettings::new(
            10.0,
            FloatRange::new(0.5, 2.0).unwrap(),
            FloatRange::new(0.2, 5.0).unwrap(),
            FloatRange::new(-0.4, 0.4).unwrap(),
        )
        .unwrap();
        let mut sim = Simulation::new(board, settings, 3);
        sim.populate(50_000);
        sim.reserve_enemies(10_000);
        let mut instances = vec![ModelInstance::zeroed_instance(); 70_000];
        let dt = 1.0 / 60.0;
        // Warm up: both kinds of step, and an edit (its search), once each.
        for tick in 0..30 {
            if tick % 2 == 0 {
                sim.step(dt);
            } else {
                sim.step_and_write(dt, &mut instances).unwrap();
            }
        }
        let _ = sim.edit(EditKind::Wall, 5, 5);
        let before = horde_alloc_count::allocations();
        let mut edits = 0;
        for tick in 0..120 {
            if tick % 10 == 0 {
                edits += sim.edit(EditKind::Wall, 5 + tick / 10, 40).is_ok() as usize;
            }
            if tick % 2 == 0 {
                sim.step(dt);
            } else {
                let n = sim.step_and_write(dt, &mut instances).unwrap();
                assert_eq!(n, sim.enemies().len());
            }
        }
        let after = horde_alloc_count::allocations();
        assert!(edits > 0, "no edit went through");
        assert!(sim.counts().reclaimed > 0 && sim.counts().spawned > 50_000);
        assert_eq!(after - before, 0, "steps allocated");
    });
}

#[test]
fn a_scenario_with_towers_allocates_nothing_once_warmed_up() {
    use horde_core_sim::td::defence::TowerKind;
    use horde_core_sim::td::game::EXAMPLE_SCENARIO;
    use horde_core_sim::td::game::Scenario;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    pool.install(|| {
        let board = winding_board(96, 64, 24, 8).unwrap();
        let mut sim = Simulation::new(board, SpawnSettings::default(), 5);
        let text = EXAMPLE_SCENARIO
            .replacen("cycles: 1", "cycles: 0", 1)
            .replacen("lives: 10", "lives: 0", 1);
        sim.set_scenario(Some(Scenario::parse(&text, "ever.ron".as_ref()).unwrap()));
        // Every third wall becomes a tower, lasers and mortars in turn.
        let walls: Vec<usize> = (0..sim.board().tile_count())
            .filter(|&i| sim.board().content(i) == horde_core_sim::td::tiles::TileContent::Wall)
            .collect();
        for (k, &i) in walls.iter().step_by(3).enumerate() {
            let (x, y) = sim.board().coords(i);
            let kind = if k % 2 == 0 {
                TowerKind::Laser
            } else {
                TowerKind::Mortar
            };
            sim.edit(EditKind::Tower(kind), i64::from(x), i64::from(y))
                .unwrap();
        }
        assert!(sim.towers().len() > 50);
        sim.populate(5_000);
        sim.reserve_enemies(10_000);
        let mut instances = vec![ModelInstance::zeroed_instance(); 20_000];
        let dt = 1.0 / 60.0;
        for tick in 0..600 {
            if tick % 2 == 0 {
                sim.step(dt);
            } else {
                sim.step_and_write(dt, &mut instances).unwrap();
            }
        }
        let (killed, shots) = (sim.counts().killed, sim.counts().shots);
        let before = horde_alloc_count::allocations();
        for tick in 0..240 {
            if tick % 2 == 0 {
                sim.step(dt);
            } else {
                sim.step_and_write(dt, &mut instances).unwrap();
            }
        }
        let after = horde_alloc_count::allocations();
        assert!(
            sim.counts().killed > killed && sim.counts().shots > shots,
            "the towers idled"
        );
        assert_eq!(after - before, 0, "steps with towers allocated");
    });
}
