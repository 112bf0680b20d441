//! The time machine's core: a game's history seeks to any tick it played with the checksum
//! the uninterrupted game had there, in any order, with a history thinned to a small budget
//! too; an edit made after seeking back cuts the future away and gives the game an edit
//! script with that edit gives.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::history::{MarkKind, Timeline};
use horde_core_sim::td::tiles::EditKind;
use rand::{Rng, SeedableRng};

use horde_core_sim::DT;

/// The siege game of these tests.
fn siege() -> Simulation {
    common::siege(5, true)
}

/// Plays `ticks` ticks of `sim` with a history, applying `edits` (tick, kind, x, y) as a
/// player would; returns the history and the checksum after every tick (index 0: tick 1).
fn play(
    mut sim: Simulation,
    ticks: u64,
    edits: &[(u64, EditKind, i64, i64)],
    budget: usize,
) -> (Timeline, Vec<u64>) {
    let mut timeline = Timeline::new(&sim, DT).unwrap().with_budget(budget);
    let mut sums = Vec::new();
    for tick in 1..=ticks {
        for &(_, kind, x, y) in edits.iter().filter(|e| e.0 == tick) {
            if sim.edit(kind, x, y).is_ok() {
                timeline.record_edit(tick, kind, x, y);
            }
        }
        sim.step(DT);
        timeline.observe(&sim).unwrap();
        sums.push(sim.checksum());
    }
    (timeline, sums)
}

/// A wall the board takes at tick 200 and a laser at tick 400.
fn edits(sim: &Simulation) -> Vec<(u64, EditKind, i64, i64)> {
    let mut probe = sim.clone();
    let (w, h) = (sim.board().width() as i64, sim.board().height() as i64);
    let mut found = Vec::new();
    'search: for (tick, kind) in [
        (200, EditKind::Wall),
        (
            400,
            EditKind::Tower(horde_core_sim::td::defence::TowerKind::Laser),
        ),
    ] {
        for x in 0..w {
            for y in 0..h {
                if probe.edit(kind, x, y).is_ok() {
                    found.push((tick, kind, x, y));
                    continue 'search;
                }
            }
        }
    }
    assert_eq!(found.len(), 2);
    found
}

#[test]
fn seeking_in_any_order_gives_each_ticks_checksum() {
    let sim = siege();
    let edits = edits(&sim);
    let (timeline, sums) = play(sim, 1500, &edits, usize::MAX);
    assert_eq!(timeline.live(), 1500);
    assert!(timeline.keyframes() >= 20);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for _ in 0..20 {
        let tick = rng.random_range(1..=1500u64);
        let sim = timeline.seek(tick).unwrap();
        assert_eq!(sim.counts().ticks, tick);
        assert_eq!(sim.checksum(), sums[tick as usize - 1], "tick {tick}");
    }
    // The marks: the scenario's waves began, in tick order.
    assert!(
        timeline
            .marks()
            .iter()
            .any(|m| m.kind != MarkKind::LifeLost)
    );
    assert!(timeline.marks().windows(2).all(|w| w[0].tick <= w[1].tick));
}

#[test]
fn a_thinned_history_still_seeks_exactly() {
    let sim = siege();
    let (full, sums) = play(sim.clone(), 1800, &[], usize::MAX);
    // A budget of a few keyframes' bytes.
    let budget = 4 * full.keyframe_bytes() / full.keyframes();
    let (thin, _) = play(sim, 1800, &[], budget);
    assert!(
        thin.keyframes() < full.keyframes() / 2,
        "{} of {}",
        thin.keyframes(),
        full.keyframes()
    );
    // Dense near now: the newest keyframes are a spacing apart.
    let ticks: Vec<u64> = thin.keyframe_ticks().collect();
    assert_eq!(ticks[0], 0);
    assert!(ticks[ticks.len() - 1] - ticks[ticks.len() - 2] <= thin.spacing());
    for tick in [1, 59, 61, 777, 1200, 1799, 1800] {
        assert_eq!(
            thin.seek(tick).unwrap().checksum(),
            sums[tick as usize - 1],
            "tick {tick}"
        );
    }
}

#[test]
fn an_edit_after_seeking_back_cuts_the_future_and_plays_on_from_there() {
    let sim = siege();
    let edits = edits(&sim);
    let (mut timeline, _) = play(sim.clone(), 900, &edits, usize::MAX);
    // Back to tick 300 (after the wall, before the laser); a mortar instead of the laser.
    let mut game = timeline.seek(300).unwrap();
    let (_, _, lx, ly) = edits[1];
    let mortar = EditKind::Tower(horde_core_sim::td::defence::TowerKind::Mortar);
    game.edit(mortar, lx, ly).unwrap();
    timeline.record_edit(301, mortar, lx, ly);
    assert_eq!(timeline.live(), 300);
    assert_eq!(
        timeline.edits().len(),
        2,
        "the laser is gone, the mortar recorded"
    );
    for _ in 301..=900 {
        game.step(DT);
        timeline.observe(&game).unwrap();
    }
    // The same game as a straight run with the edited script.
    let changed = [edits[0], (301, mortar, lx, ly)];
    let (_, straight) = play(sim, 900, &changed, usize::MAX);
    assert_eq!(game.checksum(), straight[899]);
    assert_eq!(timeline.seek(650).unwrap().checksum(), straight[649]);
}
