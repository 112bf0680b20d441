//! Enemy colours are the caller's choice: neutral by default, taken from the chosen function at
//! spawn, written by the fused pass, and kept when the board is replaced.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::{
    EnemyParams, ModelInstance, NEUTRAL_ENEMY_COLOR, SpawnSettings, pack_rgba,
};

/// Red for fast enemies, green for the others.
fn by_speed(params: &EnemyParams, _kind: Option<horde_core_sim::td::swarm::EnemyType>) -> u32 {
    if params.speed > 1.5 {
        pack_rgba(255, 0, 0, 255)
    } else {
        pack_rgba(0, 255, 0, 255)
    }
}

fn sim() -> Simulation {
    let board = parse_level("S...\n....\n...D\n", "inline".as_ref()).unwrap();
    Simulation::new(board, SpawnSettings::default(), 5)
}

fn colors(sim: &mut Simulation) -> Vec<u32> {
    let mut out = vec![ModelInstance::zeroed_instance(); sim.instances_needed(0.0)];
    let n = sim.step_and_write(0.0, &mut out).unwrap();
    out[..n].iter().map(|i| i.color).collect()
}

fn params(speed: f32) -> EnemyParams {
    EnemyParams {
        speed,
        ..EnemyParams::default()
    }
}

#[test]
fn enemies_are_neutral_by_default() {
    let mut sim = sim();
    assert_eq!((sim.enemy_color())(&params(3.0), None), NEUTRAL_ENEMY_COLOR);
    sim.spawn_enemy_with(0, params(0.5), 0.0).unwrap();
    sim.spawn_enemy_with(0, params(2.0), 0.0).unwrap();
    assert_eq!(colors(&mut sim), [NEUTRAL_ENEMY_COLOR; 2]);
}

#[test]
fn the_chosen_function_colours_new_enemies() {
    let mut sim = sim();
    sim.spawn_enemy_with(0, params(2.0), 0.0).unwrap();
    sim.set_enemy_color(by_speed);
    assert_eq!(
        (sim.enemy_color())(&params(2.0), None),
        pack_rgba(255, 0, 0, 255)
    );
    sim.spawn_enemy_with(0, params(0.5), 0.0).unwrap();
    sim.spawn_enemy_with(0, params(2.0), 0.0).unwrap();
    assert_eq!(
        colors(&mut sim),
        [
            NEUTRAL_ENEMY_COLOR, // spawned before the choice: keeps its colour
            pack_rgba(0, 255, 0, 255),
            pack_rgba(255, 0, 0, 255),
        ]
    );
}

#[test]
fn replacing_the_board_keeps_the_colour_function() {
    let mut sim = sim();
    sim.set_enemy_color(by_speed);
    let board = parse_level("S..\n..D\n", "inline".as_ref()).unwrap();
    sim.replace_board(board);
    sim.spawn_enemy_with(0, params(2.0), 0.0).unwrap();
    assert_eq!(colors(&mut sim), [pack_rgba(255, 0, 0, 255)]);
}
