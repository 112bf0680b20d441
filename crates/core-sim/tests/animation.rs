//! The series' part 6 as rules of the game: with animation on, a new enemy stays put and is no
//! target through its intro, an enemy whose health ran out plays its dying clip before it is
//! gone and counted, one whose path ends costs the life at once and leaves after its outro,
//! victory waits for the last clip, and a save made mid-clip resumes to the same trace.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::files::TraceWriter;
use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::files::{load_game, save_game};
use horde_core_sim::td::game::{Outcome, Scenario, Simulation};
use horde_core_sim::td::swarm::{Clip, EnemyParams, SpawnSettings};
use horde_core_sim::td::swarm::{DYING_SECONDS, INTRO_SECONDS, OUTRO_SECONDS};
use std::path::Path;

use horde_core_sim::DT;

/// A corridor from a spawn point in the west to a destination in the east; `tower` (`L`, or
/// `#` for none) south of its second tile.
fn corridor(tower: char) -> String {
    format!("#######\nS.....D\n#{tower}#####\n")
}

/// A simulation of `rows` with spawning off and animation on.
fn animated(rows: &str) -> Simulation {
    let board = parse_level(rows, Path::new("test")).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
    sim.set_spawning(false);
    sim.set_animation(true);
    assert!(sim.animated());
    sim
}

/// An enemy at tile `tile`'s centre, at the start of its path.
fn enemy(sim: &mut Simulation, tile: usize, speed: f32) -> u64 {
    let params = EnemyParams {
        scale: 1.0,
        speed,
        path_offset: 0.0,
    };
    sim.spawn_enemy_with(tile, params, 0.0).unwrap()
}

/// `(x, z, health, clip)` of enemy `id`, if it is on the board.
fn look(sim: &Simulation, id: u64) -> Option<([f32; 2], f32, Clip)> {
    (sim.enemies().iter())
        .find(|e| e.id == id)
        .map(|e| (e.position, e.health, e.clip))
}

/// Ticks in `seconds`, rounded.
fn ticks(seconds: f32) -> u32 {
    (seconds / DT).round() as u32
}

#[test]
fn a_new_enemy_stays_put_and_unhurt_through_its_intro() {
    // The laser is in range of the spawn tile from the first tick.
    let mut sim = animated(&corridor('L'));
    let id = enemy(&mut sim, 7, 1.0);
    let (start, health, clip) = look(&sim, id).unwrap();
    assert_eq!(clip, Clip::Intro);
    for tick in 1..ticks(INTRO_SECONDS) {
        sim.step(DT);
        let (at, now, clip) = look(&sim, id).unwrap();
        assert_eq!((at, now, clip), (start, health, Clip::Intro), "tick {tick}");
    }
    // The intro ends: it walks, and the laser takes its target.
    for _ in 0..3 {
        sim.step(DT);
    }
    let (at, now, clip) = look(&sim, id).unwrap();
    assert_eq!(clip, Clip::Move);
    assert!(at[0] > start[0], "it walks east");
    assert!(now < health, "a moving enemy in range is hit");
}

#[test]
fn a_dead_enemy_plays_its_dying_clip_for_a_second_before_it_is_gone_and_counted() {
    let mut sim = animated(&corridor('L'));
    let mut settings = *sim.tower_settings();
    settings.laser.damage_per_second = 1.0e5;
    sim.set_tower_settings(settings);
    let id = enemy(&mut sim, 7, 0.5);
    // Through the intro, then the first hits.
    let mut tick = 0;
    while look(&sim, id).unwrap().1 > 0.0 {
        sim.step(DT);
        tick += 1;
        assert!(tick < 600, "never hit");
    }
    // Its health is gone: the next update starts the dying clip, where it stops.
    sim.step(DT);
    let (at, _, clip) = look(&sim, id).unwrap();
    assert_eq!(clip, Clip::Dying);
    assert_eq!(sim.counts().killed, 0, "not counted while it dies");
    for k in 1..ticks(DYING_SECONDS) {
        sim.step(DT);
        let (now, _, clip) = look(&sim, id).unwrap_or_else(|| panic!("gone after {k} ticks"));
        assert_eq!((now, clip), (at, Clip::Dying), "it lies where it fell");
    }
    sim.step(DT);
    sim.step(DT);
    assert_eq!(look(&sim, id), None);
    assert_eq!(sim.counts().killed, 1);
}

#[test]
fn an_arrival_costs_its_life_at_once_and_leaves_after_its_outro() {
    let text = horde_core_sim::td::game::EXAMPLE_SCENARIO;
    let mut scenario = Scenario::parse(text, Path::new("example.ron")).unwrap();
    scenario.animation = true;
    let board = parse_level(&corridor('#'), Path::new("test")).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
    sim.set_scenario(Some(scenario));
    assert!(sim.animated(), "the scenario asks for the clips");
    let lives = sim.counts().lives;
    // The first enemy of the scenario walks to the destination.
    let mut tick = 0;
    while sim.counts().lives == lives {
        sim.step(DT);
        tick += 1;
        assert!(tick < 60 * 60, "nobody arrived");
    }
    assert_eq!(sim.counts().lives, lives - 1, "one life, at once");
    assert_eq!(sim.counts().reached, 1, "counted as its path ended");
    assert_eq!(sim.counts().reclaimed, 0, "but it has not left yet");
    let outro: Vec<u64> = (sim.enemies().iter())
        .filter(|e| e.clip == Clip::Outro)
        .map(|e| e.id)
        .collect();
    assert_eq!(outro.len(), 1);
    let (at, _, _) = look(&sim, outro[0]).unwrap();
    for _ in 1..ticks(OUTRO_SECONDS) {
        sim.step(DT);
        let (now, _, clip) = look(&sim, outro[0]).unwrap();
        assert_eq!(
            (now, clip),
            (at, Clip::Outro),
            "it stays at the destination"
        );
    }
    sim.step(DT);
    sim.step(DT);
    assert_eq!(look(&sim, outro[0]), None);
    assert!(sim.counts().reclaimed >= 1, "it has left");
    assert_eq!(
        u64::from(lives - sim.counts().lives),
        sim.counts().reached,
        "no second life or count for the same enemy"
    );
}

#[test]
fn victory_waits_for_the_last_clip() {
    let text = "(lives: 0, cycles: 1, cycle_speed_up: 0.0, animation: true,
        enemies: (
            small: (scale: (1.0, 1.0), speed: (2.0, 2.0), path_offset: (0.0, 0.0), health: (1.0, 1.0)),
            medium: (scale: (1.0, 1.0), speed: (1.0, 1.0), path_offset: (0.0, 0.0), health: (1.0, 1.0)),
            large: (scale: (1.0, 1.0), speed: (1.0, 1.0), path_offset: (0.0, 0.0), health: (1.0, 1.0)),
        ),
        waves: [(sequences: [(enemy: Small, amount: 1, cooldown: 0.1)])])";
    let scenario = Scenario::parse(text, Path::new("one.ron")).unwrap();
    let board = parse_level(&corridor('#'), Path::new("test")).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
    sim.set_scenario(Some(scenario));
    let mut last_clip = None;
    let mut tick = 0;
    while sim.outcome() == Outcome::Running {
        last_clip = sim.enemies().iter().next().map(|e| e.clip).or(last_clip);
        sim.step(DT);
        tick += 1;
        assert!(tick < 60 * 60);
    }
    assert_eq!(sim.outcome(), Outcome::Victory);
    assert_eq!(
        last_clip,
        Some(Clip::Outro),
        "victory came after the outro clip"
    );
    assert_eq!(sim.counts().reached, 1);
}

/// The trace of `sim` over `n` more ticks.
fn trace(mut sim: Simulation, n: u32) -> String {
    let mut out = TraceWriter::new(Vec::new()).unwrap();
    for _ in 0..n {
        sim.step(DT);
        out.write_tick(&sim).unwrap();
    }
    String::from_utf8(out.finish().unwrap()).unwrap()
}

#[test]
fn a_save_made_mid_clip_resumes_to_the_same_trace_on_one_and_two_threads() {
    let mut sim = animated(&corridor('L'));
    let mut settings = *sim.tower_settings();
    settings.laser.damage_per_second = 400.0;
    sim.set_tower_settings(settings);
    sim.set_spawning(true);
    let mut spawner = SpawnSettings::default();
    spawner.set_spawn_speed(5.0).unwrap();
    sim.set_settings(spawner);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mid.horde");
    let mut seen = [false; 3];
    for _ in 0..60 * 30 {
        sim.step(DT);
        let clips: Vec<Clip> = sim.enemies().iter().map(|e| e.clip).collect();
        let now = [Clip::Intro, Clip::Move, Clip::Dying].map(|c| clips.contains(&c));
        if now.iter().all(|&c| c) {
            seen = now;
            break;
        }
    }
    assert_eq!(
        seen, [true; 3],
        "no tick with enemies in intro, move and dying at once"
    );
    save_game(&path, &sim, DT).unwrap();
    let pool = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    };
    let expected = pool(1).install(|| trace(sim.clone(), 240));
    for threads in [1, 2] {
        let resumed = load_game(&path).unwrap().sim;
        assert!(resumed.animated());
        let got = pool(threads).install(|| trace(resumed, 240));
        assert_eq!(got, expected, "{threads} threads");
    }
    assert!(expected.contains(",dying\n") && expected.contains(",move\n"));
}

#[test]
fn with_animation_off_every_enemy_is_in_its_move_clip() {
    let board = parse_level(&corridor('L'), Path::new("test")).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
    for _ in 0..600 {
        sim.step(DT);
        assert!(sim.enemies().iter().all(|e| e.clip == Clip::Move));
    }
    assert!(!sim.animated());
}

#[test]
fn a_type_whose_model_is_a_sphere_is_drawn_as_balls_and_not_as_cubes() {
    let text = "(lives: 0, cycles: 1, cycle_speed_up: 0.0, animation: true,
        enemies: (
            small: (scale: (1.0, 1.0), speed: (1.0, 1.0), path_offset: (0.0, 0.0), health: (9.0, 9.0), model: Sphere),
            medium: (scale: (1.0, 1.0), speed: (1.0, 1.0), path_offset: (0.0, 0.0), health: (9.0, 9.0)),
            large: (scale: (1.0, 1.0), speed: (1.0, 1.0), path_offset: (0.0, 0.0), health: (9.0, 9.0)),
        ),
        waves: [(sequences: [(enemy: Small, amount: 3, cooldown: 0.5), (enemy: Medium, amount: 2, cooldown: 0.5)])])";
    let scenario = Scenario::parse(text, Path::new("balls.ron")).unwrap();
    assert_eq!(
        scenario.enemies.small.model,
        horde_core_sim::td::game::EnemyModel::Sphere
    );
    let board = parse_level(&corridor('#'), Path::new("test")).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
    sim.set_scenario(Some(scenario));
    for _ in 0..ticks(2.6) {
        sim.step(DT);
    }
    assert_eq!(sim.enemies().len(), 5);
    assert_eq!(sim.enemies().spheres(), 3);
    let mut balls = Vec::new();
    sim.enemies().each_sphere(|ball| balls.push(ball));
    assert_eq!(balls.len(), 3);
    assert!(
        balls.iter().all(|b| b.model[3][3] == 1.0),
        "balls are drawn"
    );
    // In the fused pass's instances, the balls' slots draw nothing; the cubes' do.
    let mut cubes = vec![horde_core_sim::td::swarm::ModelInstance::zeroed_instance(); 5];
    sim.write_into(&mut cubes.as_mut_slice()).unwrap();
    assert_eq!(cubes.iter().filter(|c| c.model[3][3] == 1.0).count(), 2);
    // A save keeps which enemies are balls.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("balls.horde");
    save_game(&path, &sim, DT).unwrap();
    assert_eq!(load_game(&path).unwrap().sim.enemies().spheres(), 3);
}

#[test]
fn turning_animation_off_mid_game_lets_the_dying_go_and_the_rest_walk() {
    let mut sim = animated(&corridor('L'));
    let mut settings = *sim.tower_settings();
    settings.laser.damage_per_second = 1.0e5;
    sim.set_tower_settings(settings);
    let dying = enemy(&mut sim, 7, 0.5);
    let mut tick = 0;
    while look(&sim, dying).unwrap().2 != Clip::Dying {
        sim.step(DT);
        tick += 1;
        assert!(tick < 600, "never died");
    }
    let fresh = enemy(&mut sim, 7, 0.5);
    assert_eq!(look(&sim, fresh).unwrap().2, Clip::Intro);
    sim.set_animation(false);
    assert!(!sim.animated());
    assert_eq!(look(&sim, dying), None, "the dying one is gone");
    assert_eq!(sim.counts().killed, 1);
    assert_eq!(
        look(&sim, fresh).unwrap().2,
        Clip::Move,
        "the new one walks"
    );
}
