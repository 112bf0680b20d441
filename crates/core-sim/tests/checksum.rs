//! State checksums: the same game gives the same number on one thread and on two, and a game
//! saved and loaded gives the number of the game it came from, tick after tick; a change to
//! any part of the game changes it; the enemies' colours (the painter's) do not.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use horde_core_sim::td::files::{game_from_bytes, game_to_bytes};
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::tiles::EditKind;
use std::path::Path;

use horde_core_sim::DT;

/// The siege game of these tests.
fn siege() -> Simulation {
    common::siege(7, false)
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// The checksum after every tick of `ticks`.
fn checksums(mut sim: Simulation, ticks: u32) -> Vec<u64> {
    (0..ticks)
        .map(|_| {
            sim.step(DT);
            sim.checksum()
        })
        .collect()
}

#[test]
fn one_thread_and_two_give_the_same_checksums() {
    let one = pool(1).install(|| checksums(siege(), 900));
    let two = pool(2).install(|| checksums(siege(), 900));
    assert_eq!(one, two);
    // The game moves: the numbers are not all one.
    let mut distinct = one.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert!(distinct.len() > 800, "{} distinct", distinct.len());
}

#[test]
fn a_loaded_save_checksums_like_the_game_it_came_from() {
    let mut sim = siege();
    for tick in 1..=1200u32 {
        sim.step(DT);
        if tick % 150 == 0 {
            let bytes = game_to_bytes(&sim, DT).unwrap();
            let loaded = game_from_bytes(&bytes, Path::new("mid.horde")).unwrap().sim;
            assert_eq!(loaded.checksum(), sim.checksum(), "tick {tick}");
            // And it goes on to the same numbers.
            assert_eq!(
                checksums(loaded, 60),
                checksums(sim.clone(), 60),
                "tick {tick}"
            );
        }
    }
    assert!(sim.counts().shots > 0 && sim.counts().killed > 0);
}

#[test]
fn any_change_to_the_game_changes_the_checksum() {
    let mut sim = siege();
    for _ in 0..600 {
        sim.step(DT);
    }
    assert!(!sim.enemies().is_empty());
    let base = sim.checksum();
    assert_eq!(sim.clone().checksum(), base);

    let mut more = sim.clone();
    more.spawn_enemy();
    assert_ne!(more.checksum(), base, "one more enemy");

    let mut walled = sim.clone();
    let (w, h) = (
        walled.board().width() as i64,
        walled.board().height() as i64,
    );
    let edited = (0..w)
        .flat_map(|x| (0..h).map(move |y| (x, y)))
        .any(|(x, y)| walled.edit(EditKind::Wall, x, y).is_ok());
    assert!(edited);
    assert_ne!(walled.checksum(), base, "a wall");

    let mut later = sim.clone();
    later.step(DT);
    assert_ne!(later.checksum(), base, "a tick");

    let mut paused = sim.clone();
    paused.set_spawning(!sim.spawning());
    assert_ne!(paused.checksum(), base, "the spawner");

    // The colour is the painter's: the window's and `horde sim`'s games agree.
    let mut painted = sim.clone();
    painted.set_enemy_color(|_, _| 0x1234_5678);
    painted.step(DT);
    let mut plain = sim.clone();
    plain.step(DT);
    assert_eq!(painted.checksum(), plain.checksum());
}
