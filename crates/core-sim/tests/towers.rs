//! Towers, shells and scenarios as the series' later parts pin them down (the rules
//! docs/ARCHITECTURE.md §2a states): a
//! laser's damage per tick, kills and arrivals, a mortar's shots, flight and blast, scenario
//! timing, lives and outcomes, and the same game on any number of threads.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::defence::{Shell, launch_speed};
use horde_core_sim::td::defence::{TowerKind, TowerState};
use horde_core_sim::td::files::TraceWriter;
use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::game::EXAMPLE_SCENARIO;
use horde_core_sim::td::game::{Outcome, Scenario, Simulation};
use horde_core_sim::td::swarm::{EnemyParams, FloatRange, SpawnSettings};
use horde_core_sim::td::tiles::EditKind;
use std::path::Path;

use horde_core_sim::DT;

/// A simulation of `rows` (a level's text) with spawning off.
fn sim(rows: &str, seed: u64) -> Simulation {
    let board = parse_level(rows, Path::new("test")).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), seed);
    sim.set_spawning(false);
    sim
}

/// An enemy of `scale` and `speed` on the middle of the path, at tile `tile`'s centre.
fn enemy(sim: &mut Simulation, tile: usize, scale: f32, speed: f32) -> u64 {
    let params = EnemyParams {
        scale,
        speed,
        path_offset: 0.0,
    };
    sim.spawn_enemy_with(tile, params, 0.0).unwrap()
}

/// `(health, x, z)` of enemy `id`, if it is alive.
fn state(sim: &Simulation, id: u64) -> Option<(f32, f32, f32)> {
    sim.enemies()
        .iter()
        .find(|e| e.id == id)
        .map(|e| (e.health, e.position[0], e.position[1]))
}

/// A corridor from a spawn point in the west to a destination in the east, with a tower of
/// `tower` (`L` or `M`) south of its middle.
fn corridor(tower: char) -> String {
    format!("###########\nS.........D\n#####{tower}#####\n")
}

#[test]
fn a_laser_burns_exactly_dps_times_dt_while_its_target_is_in_range() {
    let mut sim = sim(&corridor('L'), 1);
    let laser = sim.towers().all()[0];
    assert_eq!(laser.kind(), TowerKind::Laser);
    let range = sim.tower_settings().laser.range;
    let dps = sim.tower_settings().laser.damage_per_second;
    // The spawn point is tile (0, 1): index 11.
    let id = enemy(&mut sim, 11, 1.0, 0.5);
    let (mut health, mut in_range_ticks, mut out_ticks) = (100.0f32, 0, 0);
    let mut died_at = None;
    for tick in 1..=60 * 40 {
        sim.step(DT);
        let Some((now, x, z)) = state(&sim, id) else {
            died_at = Some(tick);
            break;
        };
        let (dx, dz) = (x - laser.at[0], z - laser.at[1]);
        let in_range = (dx * dx + dz * dz).sqrt() <= range + 0.125;
        if in_range {
            assert_eq!(now, health - dps * DT, "tick {tick}: in range");
            in_range_ticks += 1;
        } else {
            assert_eq!(now, health, "tick {tick}: out of range");
            out_ticks += 1;
        }
        health = now;
    }
    assert!(in_range_ticks > 0 && out_ticks > 0);
    // Slow and with 100 health, it dies in range: removed on the update after its health
    // reached 0, counted killed.
    let died_at = died_at.expect("the enemy never died");
    assert!(health <= 0.0, "{health}");
    assert!(in_range_ticks >= (100.0 / (dps * DT)).ceil() as u64);
    let counts = sim.counts();
    assert_eq!((counts.killed, counts.reached), (1, 0));
    assert!(died_at > in_range_ticks);
    // The laser lets go of the dead.
    sim.step(DT);
    assert!(matches!(
        sim.towers().all()[0].state,
        TowerState::Laser(laser) if !laser.firing()
    ));
}

#[test]
fn a_fast_enemy_outruns_the_laser_and_is_counted_reached() {
    let mut sim = sim(&corridor('L'), 1);
    let id = enemy(&mut sim, 11, 1.0, 5.0);
    let mut lowest = 100.0f32;
    while let Some((health, ..)) = state(&sim, id) {
        lowest = health;
        sim.step(DT);
        assert!(sim.counts().ticks < 60 * 10);
    }
    assert!(lowest < 100.0 && lowest > 0.0, "{lowest}");
    let counts = sim.counts();
    assert_eq!((counts.killed, counts.reached, counts.reclaimed), (0, 1, 1));
}

#[test]
fn a_mortar_fires_once_a_second_and_hits_one_flight_later_with_exactly_its_damage() {
    let mut sim = sim(&corridor('M'), 3);
    let mortar = sim.towers().all()[0];
    let settings = sim.tower_settings().mortar;
    // Two seconds with nobody about: the mortar waits at 0.999 and has fired nothing.
    for _ in 0..120 {
        sim.step(DT);
    }
    assert_eq!(sim.counts().shots, 0);
    let TowerState::Mortar(waiting) = sim.towers().all()[0].state else {
        panic!("a mortar's state");
    };
    assert!((waiting.launch_progress - 0.999).abs() < 1e-6);
    // A large, slow, tough enemy walks in from the west.
    let id = enemy(&mut sim, 11, 2.0, 0.2);
    let mut entered = None;
    let mut hits = Vec::new();
    let mut health = 200.0f32;
    let start = sim.counts().ticks;
    for _ in 0..60 * 20 {
        sim.step(DT);
        let tick = sim.counts().ticks;
        let Some((now, x, z)) = state(&sim, id) else {
            break;
        };
        let (dx, dz) = (x - mortar.at[0], z - mortar.at[1]);
        if entered.is_none() && (dx * dx + dz * dz).sqrt() <= settings.range + 0.125 * 2.0 {
            entered = Some((tick, [x, z]));
            assert_eq!(sim.counts().shots, 1, "it fires the tick the enemy comes");
        }
        if now < health {
            assert_eq!(
                now,
                health - settings.damage,
                "tick {tick}: a hit of exactly its damage"
            );
            hits.push(tick);
        }
        health = now;
    }
    let (entered, aim) = entered.unwrap();
    // The first hit: one shell flight after the shot, which was aimed at the ground under
    // the enemy as it stood when it came into range (a shell flies in its launch tick too).
    let flight = {
        let mut shell = Shell::launch(mortar.at, aim, launch_speed(settings.range), 1.5, 15.0);
        let mut ticks = 0;
        while !shell.fly(DT) {
            ticks += 1;
        }
        ticks
    };
    let first = hits[0] - entered;
    assert_eq!(first, flight, "first hit {first} ticks after the shot");
    // About one shot a second while it is in range, each a hit.
    let seconds_in_range = (sim.counts().ticks - entered) as f32 * DT;
    let shots = sim.counts().shots as f32;
    assert!(
        (shots - seconds_in_range).abs() <= 2.0,
        "{shots} shots in {seconds_in_range} s"
    );
    assert!(hits.len() >= 8, "{hits:?}");
    assert!(start < entered);
}

#[test]
fn an_explosion_hits_only_what_its_blast_reaches() {
    // Two enemies far apart, both in the mortar's range: every shell hits exactly one.
    let rows = "###############\nS.............D\n#######M#######\n";
    let mut sim = sim(rows, 5);
    let settings = sim.tower_settings().mortar;
    let west = enemy(&mut sim, 15 + 4, 1.0, 0.2);
    let east = enemy(&mut sim, 15 + 10, 1.0, 0.2);
    let (mut hw, mut he) = (100.0f32, 100.0f32);
    let mut hits = 0;
    for _ in 0..60 * 12 {
        sim.step(DT);
        let (Some((w, wx, _)), Some((e, ex, _))) = (state(&sim, west), state(&sim, east)) else {
            break;
        };
        assert!(
            ex - wx > 2.0 * (settings.blast_radius + 0.125),
            "they came too close"
        );
        let (dw, de) = (hw - w, he - e);
        assert!(
            (dw == 0.0 || de == 0.0) && dw >= 0.0 && de >= 0.0,
            "one shell hit both: {dw} and {de}"
        );
        hits += u32::from(dw > 0.0) + u32::from(de > 0.0);
        (hw, he) = (w, e);
    }
    assert!(hits >= 5, "{hits} hits");
}

#[test]
fn towers_follow_the_toggle_rules() {
    let mut sim = sim("S....\n.....\n....D\n", 1);
    let laser = EditKind::Tower(TowerKind::Laser);
    let mortar = EditKind::Tower(TowerKind::Mortar);
    assert!(sim.edit(laser, 2, 1).is_ok());
    assert_eq!(sim.towers().len(), 1);
    // The other kind replaces it in place; a wall too.
    assert!(sim.edit(mortar, 2, 1).is_ok());
    assert_eq!(sim.towers().all()[0].kind(), TowerKind::Mortar);
    assert!(sim.edit(EditKind::Wall, 2, 1).is_err(), "a wall on a tower");
    assert!(sim.edit(EditKind::Wall, 1, 1).is_ok());
    assert!(sim.edit(laser, 1, 1).is_ok(), "a tower replaces a wall");
    assert_eq!(sim.towers().len(), 2);
    // The same kind again removes it.
    assert!(sim.edit(laser, 1, 1).is_ok());
    assert_eq!(sim.towers().len(), 1);
    // Never on a destination or a spawn point.
    assert!(sim.edit(laser, 0, 2).is_err());
    assert!(sim.edit(laser, 4, 0).is_err());
    // Towers block paths like walls: a row of them across the board is refused at its end.
    let mut sim = sim_rows("S.\n..\n.D\n");
    assert!(sim.edit(laser, 0, 1).is_ok());
    assert!(
        sim.edit(mortar, 1, 1).is_err(),
        "would cut the board in two"
    );
}

fn sim_rows(rows: &str) -> Simulation {
    sim(rows, 0)
}

/// The example scenario with `from` replaced by `to`.
fn scenario(from: &str, to: &str) -> Scenario {
    let text = EXAMPLE_SCENARIO.replacen(from, to, 1);
    Scenario::parse(&text, Path::new("test.ron")).unwrap()
}

/// A board with a long winding path and no towers.
fn open_board() -> &'static str {
    "S.........\n#########.\n..........\n.#########\n..........\n#########.\nD.........\n"
}

#[test]
fn a_scenario_spawns_its_example_wave_on_time_with_its_types_health() {
    let mut sim = sim(open_board(), 2);
    sim.set_scenario(Some(scenario("cycles: 1", "cycles: 1")));
    let mut first_seen = Vec::new();
    for _ in 0..60 * 16 {
        let before = sim.counts().spawned;
        sim.step(DT);
        let tick = sim.counts().ticks;
        for id in before..sim.counts().spawned {
            let e = sim.enemies().iter().find(|e| e.id == id).unwrap();
            first_seen.push((tick, e.params.scale, e.health));
        }
    }
    let ticks: Vec<u64> = first_seen.iter().map(|s| s.0).collect();
    let mut expected: Vec<u64> = (0..10).map(|k| (30 * k).max(1)).collect();
    expected.extend((0..5).map(|k| 300 + 60 * k));
    expected.push(600);
    assert_eq!(ticks, expected);
    for (i, &(_, scale, health)) in first_seen.iter().enumerate() {
        let (s, h) = match i {
            0..10 => ((0.5, 0.6), (40.0, 50.0)),
            10..15 => ((0.9, 1.0), (90.0, 120.0)),
            _ => ((1.2, 1.4), (500.0, 600.0)),
        };
        assert!(scale >= s.0 && scale <= s.1, "{i}: scale {scale}");
        assert!(health >= h.0 && health <= h.1, "{i}: health {health}");
    }
}

#[test]
fn enemies_that_arrive_cost_lives_and_no_lives_left_is_defeat() {
    let mut sim = sim(open_board(), 3);
    sim.set_scenario(Some(scenario("lives: 10", "lives: 3")));
    assert_eq!(sim.counts().lives, 3);
    let mut ticks = 0;
    while sim.outcome() == Outcome::Running {
        sim.step(DT);
        ticks += 1;
        assert!(ticks < 60 * 200);
    }
    let counts = sim.counts();
    assert_eq!(counts.outcome, Outcome::Defeat);
    assert_eq!((counts.lives, counts.reached), (0, 3));
    // A decided game no longer changes.
    sim.step(DT);
    assert_eq!(sim.counts(), counts);
}

#[test]
fn a_played_scenario_with_an_empty_board_is_victory_and_no_lives_means_no_defeat() {
    let mut sim = sim(open_board(), 4);
    sim.set_scenario(Some(scenario("lives: 10", "lives: 0")));
    let mut ticks = 0;
    while sim.outcome() == Outcome::Running {
        sim.step(DT);
        ticks += 1;
        assert!(ticks < 60 * 300);
    }
    let counts = sim.counts();
    assert_eq!(counts.outcome, Outcome::Victory);
    assert_eq!(counts.reached, 16);
    assert!(sim.scenario_state().unwrap().is_over());
    assert_eq!(counts.alive, 0);
}

#[test]
fn cycles_repeat_faster_and_no_cycles_runs_for_ever() {
    let mut sim = sim(open_board(), 5);
    let text = EXAMPLE_SCENARIO
        .replacen("cycles: 1", "cycles: 0", 1)
        .replacen("lives: 10", "lives: 0", 1);
    sim.set_scenario(Some(Scenario::parse(&text, Path::new("ever.ron")).unwrap()));
    for _ in 0..60 * 60 {
        sim.step(DT);
    }
    let state = sim.scenario_state().unwrap();
    assert!(!state.is_over());
    assert!(state.cycle() >= 3, "cycle {}", state.cycle());
    assert_eq!(state.time_scale(), 1.0 + 0.5 * f64::from(state.cycle()));
    assert_eq!(sim.outcome(), Outcome::Running);
}

/// A board with a field of towers along a winding path, under the siege scenario.
fn tower_field_run(threads: usize) -> (String, String) {
    let rows = "S..........................\n.LMLMLMLMLMLMLMLMLMLMLMLML.\n...........................\n.MLMLMLMLMLMLMLMLMLMLMLMLM.\n..........................D\n";
    let text = include_str!("../../../assets/scenarios/siege.ron");
    let siege = Scenario::parse(text, Path::new("siege.ron")).unwrap();
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(|| {
            let mut sim = sim(rows, 11);
            sim.set_scenario(Some(siege));
            let mut trace = TraceWriter::new(Vec::new()).unwrap();
            for _ in 0..60 * 30 {
                sim.step(DT);
                trace.write_tick(&sim).unwrap();
            }
            let c = sim.counts();
            (
                String::from_utf8(trace.finish().unwrap()).unwrap(),
                format!("{c:?}"),
            )
        })
}

#[test]
fn a_field_of_towers_under_a_scenario_plays_the_same_on_one_and_two_threads() {
    let (one, counts_one) = tower_field_run(1);
    let (two, counts_two) = tower_field_run(2);
    assert_eq!(counts_one, counts_two);
    assert!(one == two, "the traces differ");
    // The towers did something: enemies were killed and health fell.
    assert!(counts_one.contains("killed: ") && !counts_one.contains("killed: 0,"));
    assert!(!counts_one.contains("shots: 0,"), "{counts_one}");
}

#[test]
fn spawn_settings_without_a_scenario_give_health_by_scale() {
    let board = parse_level("S.D\n", Path::new("t")).unwrap();
    let settings = SpawnSettings::new(
        10.0,
        FloatRange::new(0.5, 2.0).unwrap(),
        FloatRange::new(1.0, 1.0).unwrap(),
        FloatRange::new(0.0, 0.0).unwrap(),
    )
    .unwrap();
    let mut sim = Simulation::new(board, settings, 9);
    sim.step(0.5);
    for e in sim.enemies().iter() {
        assert_eq!(e.health, 100.0 * e.params.scale);
    }
    assert!(sim.counts().alive > 0);
}

/// With towers, the update pass keeps every enemy's place for the spatial index: after ticks of
/// spawns, kills and arrivals (slots moved by swap-removal), each slot's place is its enemy's
/// position and scale exactly, through `step` and through the fused `step_and_write` alike.
#[test]
fn the_places_the_index_reads_follow_every_enemy_through_removals() {
    let rows = "S.........\n.L.M.L.M..\n..........\n.M.L.M.L..\nS........D\n";
    let board = parse_level(rows, Path::new("test")).unwrap();
    let settings = SpawnSettings::new(
        4.0,
        FloatRange::new(0.5, 2.0).unwrap(),
        FloatRange::new(0.5, 3.0).unwrap(),
        FloatRange::new(-0.4, 0.4).unwrap(),
    )
    .unwrap();
    let mut sim = Simulation::new(board, settings, 9);
    let mut out = vec![horde_core_sim::td::swarm::ModelInstance::zeroed_instance(); 4096];
    for tick in 0..1200 {
        if tick % 3 == 0 {
            sim.step(1.0 / 60.0);
        } else {
            sim.step_and_write(1.0 / 60.0, &mut out).unwrap();
        }
        let places = sim.enemies().places();
        assert_eq!(places.len(), sim.enemies().len(), "tick {tick}");
        for (slot, place) in places.iter().enumerate() {
            let view = sim.enemies().get(slot).unwrap();
            assert_eq!(
                [place[0], place[1], place[2]],
                [view.position[0], view.position[1], view.params.scale],
                "tick {tick}, slot {slot}"
            );
        }
    }
    let c = sim.counts();
    assert!(c.killed > 0 && c.reached + c.killed > 10, "{c:?}");
}
