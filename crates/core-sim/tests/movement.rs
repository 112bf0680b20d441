//! Enemy movement against the texts: constant speed in every state, continuity across state
//! changes, reclaim at the destination's centre, reaction to path changes, spawning.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::{EnemyParams, FloatRange, MoveState, SpawnSettings};
use horde_core_sim::td::tiles::EditKind;
use std::collections::HashSet;

/// A north–east–north–west snake: intro, forward, right turn, left turns, outro.
const SNAKE: [&str; 5] = ["D....", "####.", ".....", ".####", "S...."];

fn sim(rows: &[&str]) -> Simulation {
    let board = parse_level(&rows.join("\n"), "test".as_ref()).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
    sim.set_spawning(false);
    sim
}

/// One observation of the only enemy.
#[derive(Clone, Copy, Debug)]
struct Sample {
    position: [f32; 2],
    state: MoveState,
    yaw: f32,
    tile: usize,
}

fn sample(sim: &Simulation) -> Option<Sample> {
    sim.enemies().get(0).map(|e| Sample {
        position: e.position,
        state: e.state,
        yaw: e.yaw_deg,
        tile: e.tile,
    })
}

fn distance(a: [f32; 2], b: [f32; 2]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
}

/// Steps until the enemy is reclaimed, calling `during` before each step, and checks that
/// every step moved it `speed · dt` (within 1e-3). Returns the samples.
fn walk(
    sim: &mut Simulation,
    speed: f32,
    dt: f32,
    mut during: impl FnMut(&mut Simulation, &Sample),
) -> Vec<Sample> {
    let mut samples = vec![sample(sim).expect("spawned")];
    for _ in 0..200_000 {
        let before = *samples.last().unwrap();
        during(sim, &before);
        sim.step(dt);
        let Some(now) = sample(sim) else {
            assert_eq!(sim.counts().reclaimed, 1);
            return samples;
        };
        let moved = distance(before.position, now.position);
        assert!(
            (moved - speed * dt).abs() < 1e-3,
            "moved {moved} instead of {} from {before:?} to {now:?}",
            speed * dt
        );
        samples.push(now);
    }
    panic!("the enemy never arrived");
}

#[test]
fn constant_speed_through_every_state_for_many_offsets() {
    for &offset in &[0.0, 0.2, -0.2, 0.3, -0.3, 0.4, -0.4] {
        for &(speed, dt) in &[
            (1.0, 1.0 / 60.0),
            (2.7, 1.0 / 240.0),
            (0.2, 1.0 / 30.0),
            (5.0, 1.0 / 120.0),
        ] {
            let mut sim = sim(&SNAKE);
            let params = EnemyParams {
                scale: 1.0,
                speed,
                path_offset: offset,
            };
            sim.spawn_enemy_with(0, params, 0.0).unwrap();
            let samples = walk(&mut sim, speed, dt, |_, _| {});
            let states: HashSet<_> = samples.iter().map(|s| s.state).collect();
            for state in [
                MoveState::Intro,
                MoveState::Forward,
                MoveState::TurnRight,
                MoveState::TurnLeft,
                MoveState::Outro,
            ] {
                assert!(states.contains(&state), "{state:?} never seen");
            }
        }
    }
}

#[test]
fn the_path_runs_through_exit_points_and_ends_at_the_destination_centre() {
    let mut sim = sim(&SNAKE);
    let dt = 1.0 / 600.0;
    sim.spawn_enemy_with(0, EnemyParams::default(), 0.0)
        .unwrap();
    let board = sim.board().clone();
    let samples = walk(&mut sim, 1.0, dt, |_, _| {});
    // The path length: intro ½, (0,1) forward 1, (0,2) quarter circle of radius ½, three
    // forwards, two left quarter circles with one forward between, three forwards, outro ½.
    let length = 0.5 + 1.0 + 3.0 * std::f32::consts::FRAC_PI_4 + 3.0 + 1.0 + 3.0 + 0.5;
    let steps = samples.len() as f32;
    assert!((steps * dt - length).abs() < 2.0 * dt, "took {steps} steps");
    // It passes within one step of every exit point on its way.
    for (x, y) in [
        (0, 0),
        (0, 1),
        (0, 2),
        (2, 2),
        (4, 2),
        (4, 3),
        (4, 4),
        (2, 4),
    ] {
        let exit = board.exit_point(board.index(x, y).unwrap());
        let closest = samples
            .iter()
            .map(|s| distance(s.position, exit))
            .fold(f32::MAX, f32::min);
        assert!(closest <= dt, "missed exit of ({x}, {y}) by {closest}");
    }
    // The last position seen is within one step of the destination's centre.
    let destination = board.tile_center(board.index(0, 4).unwrap());
    let last = samples.last().unwrap();
    assert_eq!(last.state, MoveState::Outro);
    assert!(distance(last.position, destination) <= dt + 1e-5);
    // Yaw: north at first, east after the right turn, north, then west at the end.
    assert_eq!(samples[0].yaw, 0.0);
    assert!(
        samples
            .iter()
            .any(|s| s.yaw == 90.0 && s.state == MoveState::Forward)
    );
    assert_eq!(last.yaw, 270.0);
    assert!(samples.iter().all(|s| (0.0..360.0).contains(&s.yaw)));
}

#[test]
fn a_turn_keeps_the_path_offset_as_its_radius_changes() {
    // Offset +0.3 (right of the path): the right turn is tight (radius 0.2), the left turns wide
    // (radius 0.8); each takes (π/2 · r) / speed seconds.
    let mut sim = sim(&SNAKE);
    let dt = 1.0 / 1000.0;
    sim.spawn_enemy_with(
        0,
        EnemyParams {
            scale: 1.0,
            speed: 1.0,
            path_offset: 0.3,
        },
        0.0,
    )
    .unwrap();
    let samples = walk(&mut sim, 1.0, dt, |_, _| {});
    let time_in = |state| samples.iter().filter(|s| s.state == state).count() as f32 * dt;
    let quarter = std::f32::consts::FRAC_PI_2;
    assert!((time_in(MoveState::TurnRight) - quarter * 0.2).abs() < 2.0 * dt);
    assert!((time_in(MoveState::TurnLeft) - 2.0 * quarter * 0.8).abs() < 3.0 * dt);
}

#[test]
fn an_enemy_turns_around_when_a_new_wall_reverses_its_path() {
    // A corridor with destinations at both ends; the spawn point is nearer the northern one.
    let corridor = ["D", ".", ".", ".", "S", ".", ".", ".", ".", ".", ".", "D"];
    for &offset in &[0.3, -0.25, 0.0] {
        let mut sim = sim(&corridor);
        let speed = 1.5;
        let dt = 1.0 / 120.0;
        let params = EnemyParams {
            scale: 1.0,
            speed,
            path_offset: offset,
        };
        sim.spawn_enemy_with(7, params, 0.0).unwrap();
        let mut walled = false;
        // Once it crosses (0, 8), a wall at (0, 10) makes (0, 9) lead back south.
        let check_speed = offset != 0.0;
        let samples = walk_with(&mut sim, speed, dt, check_speed, |sim, s| {
            if !walled && s.tile == 8 {
                assert!(sim.edit(EditKind::Wall, 0, 10).is_ok());
                walled = true;
            }
        });
        assert!(walled);
        assert!(samples.iter().any(|s| s.state == MoveState::TurnAround));
        // It never got past the wall's neighbour, and it ended at the southern destination.
        assert!(samples.iter().all(|s| s.position[1] < 9.0 - 5.5 + 0.5));
        let last = samples.last().unwrap();
        assert!(distance(last.position, [-offset, -5.5]) < 0.05, "{last:?}");
    }
}

/// Like [`walk`], optionally without the speed check (turn-arounds tighter than 0.2 are slower).
fn walk_with(
    sim: &mut Simulation,
    speed: f32,
    dt: f32,
    check_speed: bool,
    during: impl FnMut(&mut Simulation, &Sample),
) -> Vec<Sample> {
    if check_speed {
        return walk(sim, speed, dt, during);
    }
    let mut during = during;
    let mut samples = vec![sample(sim).unwrap()];
    // Bounded like `walk`: an enemy that never arrives fails the test instead of hanging it.
    for _ in 0..200_000 {
        during(sim, samples.last().unwrap());
        sim.step(dt);
        match sample(sim) {
            Some(s) => samples.push(s),
            None => return samples,
        }
    }
    panic!("the enemy never arrived");
}

#[test]
fn the_spawn_accumulator_spawns_whole_enemies_at_random_spawn_points() {
    let board = parse_level("S.S\n.D.\nS.S\n", "test".as_ref()).unwrap();
    let settings = SpawnSettings::new(
        2.5,
        FloatRange::new(0.5, 2.0).unwrap(),
        FloatRange::new(0.2, 5.0).unwrap(),
        FloatRange::new(-0.4, 0.4).unwrap(),
    )
    .unwrap();
    let mut sim = Simulation::new(board, settings, 42);
    let mut tiles = HashSet::new();
    for k in 1..=400u64 {
        assert_eq!(
            sim.pending_spawns(0.2),
            ((k as f32 * 0.5).floor() - ((k - 1) as f32 * 0.5).floor()) as usize
        );
        sim.step(0.2);
        assert_eq!(sim.counts().spawned, k / 2);
        for e in sim.enemies().iter() {
            assert!((0.5..=2.0).contains(&e.params.scale));
            assert!((0.2..=5.0).contains(&e.params.speed));
            assert!((-0.4..=0.4).contains(&e.params.path_offset));
            if e.state == MoveState::Intro {
                tiles.insert(e.tile);
            }
        }
    }
    assert_eq!(tiles, HashSet::from([0, 2, 6, 8]));
    let c = sim.counts();
    assert_eq!(c.spawned, c.reclaimed + c.alive);
    assert!(c.reclaimed > 0);
}

#[test]
fn the_same_seed_gives_the_same_enemies_and_another_seed_does_not() {
    let run = |seed| {
        let board = parse_level("S.S\n.D.\nS.S\n", "test".as_ref()).unwrap();
        let settings = SpawnSettings::new(
            10.0,
            FloatRange::new(0.5, 2.0).unwrap(),
            FloatRange::new(0.2, 5.0).unwrap(),
            FloatRange::new(-0.4, 0.4).unwrap(),
        )
        .unwrap();
        let mut sim = Simulation::new(board, settings, seed);
        for _ in 0..30 {
            sim.step(1.0 / 30.0);
        }
        sim.enemies()
            .iter()
            .map(|e| (e.id, e.params, e.position, e.tile))
            .collect::<Vec<_>>()
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5), run(6));
}

#[test]
fn characteristics_outside_the_limits_are_refused() {
    let mut sim = sim(&SNAKE);
    let bad = |scale, speed, path_offset| EnemyParams {
        scale,
        speed,
        path_offset,
    };
    assert!(sim.spawn_enemy_with(0, bad(1.0, 1.0, 0.5), 0.0).is_err());
    assert!(sim.spawn_enemy_with(0, bad(0.4, 1.0, 0.0), 0.0).is_err());
    assert!(sim.spawn_enemy_with(0, bad(1.0, 5.5, 0.0), 0.0).is_err());
    assert!(
        sim.spawn_enemy_with(0, bad(1.0, f32::NAN, 0.0), 0.0)
            .is_err()
    );
    assert!(sim.spawn_enemy_with(25, bad(1.0, 1.0, 0.0), 0.0).is_err());
    assert!(sim.spawn_enemy_with(0, bad(1.0, 1.0, 0.0), 1.0).is_err());
    assert!(sim.enemies().is_empty());
    assert_eq!(sim.spawn_enemy_with(0, bad(2.0, 5.0, -0.4), 0.5), Ok(0));
}
