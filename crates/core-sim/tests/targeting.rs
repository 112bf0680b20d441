//! Targeting priorities on a hand-built board: each picks the enemy its name says (first and
//! last by path distance left, strongest and weakest by health, closest by distance), for a
//! laser and a mortar alike; `random` keeps the series' rule; scripts set them; they are saved;
//! and a game with priorities is the same on one thread and two.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::defence::Priority;
use horde_core_sim::td::defence::TowerState;
use horde_core_sim::td::files::EditScript;
use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::files::{game_from_bytes, game_to_bytes};
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::{EnemyParams, SpawnSettings};
use horde_core_sim::td::tiles::EditKind;
use std::path::Path;

use horde_core_sim::DT;

/// A corridor west to east along y = 1 with a tower (`L` or `M`) south of its middle, at
/// (5, 0); four enemies in its reach: at x = 3 (scale 1), 4 (scale 2), 6 (scale 0.5) and
/// 7 (scale 1.5). Returns the game and the enemies' ids in that order.
fn corridor(tower: char) -> (Simulation, [u64; 4]) {
    let rows = format!("S.........D\n#####{tower}#####\n");
    let board = parse_level(&rows, Path::new("corridor")).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), 3);
    sim.set_spawning(false);
    let width = sim.board().width() as usize;
    let ids = [(3, 1.0), (4, 2.0), (6, 0.5), (7, 1.5)].map(|(x, scale)| {
        let params = EnemyParams {
            scale,
            speed: 0.5,
            path_offset: 0.0,
        };
        // Row y = 1 is the board's north row.
        sim.spawn_enemy_with(width + x, params, 0.0).unwrap()
    });
    (sim, ids)
}

/// The id of the enemy the laser on the board aims at after one tick with `priority`.
fn laser_pick(priority: Priority) -> (u64, [u64; 4]) {
    let (mut sim, ids) = corridor('L');
    sim.edit(EditKind::Target(priority), 5, 0).unwrap();
    assert_eq!(sim.towers().all()[0].priority, priority);
    sim.step(DT);
    let TowerState::Laser(laser) = sim.towers().all()[0].state else {
        panic!("a laser");
    };
    (laser.target.unwrap().id, ids)
}

#[test]
fn each_priority_picks_the_enemy_its_name_says() {
    for (priority, expected) in [
        (Priority::First, 3),     // x = 7: the least path left
        (Priority::Last, 0),      // x = 3: the most
        (Priority::Strongest, 1), // scale 2: health 200
        (Priority::Weakest, 2),   // scale 0.5: health 50
        (Priority::Closest, 1),   // x = 4 walks towards the tower, x = 6 away
    ] {
        let (picked, ids) = laser_pick(priority);
        assert_eq!(picked, ids[expected], "{priority:?}");
    }
}

#[test]
fn a_mortar_aims_by_the_same_priority() {
    for (priority, expected) in [
        (Priority::Strongest, 1),
        (Priority::Last, 0),
        (Priority::First, 3),
    ] {
        let (mut sim, ids) = corridor('M');
        sim.edit(EditKind::Target(priority), 5, 0).unwrap();
        // The first shot goes when the launch progress reaches 1 (a second).
        let mut aim = None;
        for _ in 0..120 {
            sim.step(DT);
            if sim.counts().shots > 0 {
                aim = sim.towers().all()[0].aim;
                break;
            }
        }
        let aim = aim.unwrap();
        let target = sim
            .enemies()
            .iter()
            .find(|e| e.id == ids[expected])
            .unwrap();
        let off = (aim[0] - target.position[0]).hypot(aim[1] - target.position[1]);
        assert!(
            off < 0.05,
            "{priority:?}: aimed {aim:?}, the enemy at {:?}",
            target.position
        );
    }
}

#[test]
fn a_priority_needs_a_tower_and_scripts_set_it() {
    let (mut sim, _) = corridor('L');
    assert!(
        sim.edit(EditKind::Target(Priority::First), 4, 0).is_err(),
        "a wall"
    );
    assert!(
        sim.edit(EditKind::Target(Priority::First), 4, 1).is_err(),
        "an empty tile"
    );
    let script = EditScript::parse("3 target 5 0 weakest\n", Path::new("s.txt")).unwrap();
    let edit = script.edits()[0];
    assert_eq!(edit.kind, EditKind::Target(Priority::Weakest));
    sim.edit(edit.kind, edit.x, edit.y).unwrap();
    assert_eq!(sim.towers().all()[0].priority, Priority::Weakest);
    let err = EditScript::parse("3 target 5 0 nearest\n", Path::new("s.txt")).unwrap_err();
    assert_eq!(err.location(), Some((1, 14)));
    assert!(
        err.to_string().contains("unknown priority `nearest`"),
        "{err}"
    );
    assert!(EditScript::parse("3 target 5 0\n", Path::new("s.txt")).is_err());
    // Saved and loaded with the game.
    let bytes = game_to_bytes(&sim, DT).unwrap();
    let loaded = game_from_bytes(&bytes, Path::new("p.horde")).unwrap().sim;
    assert_eq!(loaded.towers().all()[0].priority, Priority::Weakest);
    assert_eq!(loaded.checksum(), sim.checksum());
}

#[test]
fn a_game_with_priorities_is_the_same_on_one_thread_and_two() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("assets/levels/battle.txt")).unwrap();
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let board = parse_level(&text, Path::new("battle")).unwrap();
            let d = SpawnSettings::default();
            let settings = SpawnSettings::new(6.0, d.scale(), d.speed(), d.path_offset()).unwrap();
            let mut sim = Simulation::new(board, settings, 8);
            let towers: Vec<u32> = sim.towers().all().iter().map(|t| t.tile).collect();
            let width = sim.board().width();
            for (k, tile) in towers.into_iter().enumerate() {
                let priority = Priority::ALL[k % Priority::ALL.len()];
                let (x, y) = (i64::from(tile % width), i64::from(tile / width));
                sim.edit(EditKind::Target(priority), x, y).unwrap();
            }
            (0..900)
                .map(|_| {
                    sim.step(DT);
                    sim.checksum()
                })
                .collect::<Vec<u64>>()
        })
    };
    assert_eq!(run(1), run(2));
}

#[test]
fn a_save_made_with_priorities_in_play_resumes_to_the_same_game() {
    for priority in [Priority::Strongest, Priority::First, Priority::Closest] {
        let (mut sim, _) = corridor('M');
        sim.edit(EditKind::Target(priority), 5, 0).unwrap();
        for _ in 0..30 {
            sim.step(DT);
        }
        let bytes = game_to_bytes(&sim, DT).unwrap();
        let mut loaded = game_from_bytes(&bytes, Path::new("p.horde")).unwrap().sim;
        for tick in 0..150 {
            sim.step(DT);
            loaded.step(DT);
            assert_eq!(
                loaded.checksum(),
                sim.checksum(),
                "{priority:?}, tick {tick}"
            );
        }
        assert!(
            sim.counts().shots > 0,
            "{priority:?}: the mortar never fired"
        );
    }
}
