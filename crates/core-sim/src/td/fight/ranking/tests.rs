//! The look by table against the scan of every enemy in reach.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::td::enemies::Columns;
use crate::td::game::Simulation;
use crate::td::swarm::{EnemyParams, SpawnSettings};
use crate::td::tiles::TileContent;
use crate::td::towers::targeting::{Field, best_within};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A population on an open `w`×`h` board: `n` enemies placed anywhere by the game, then
/// crowds of enemies on the centres of a few tiles near the middle (equal places, so
/// equal distances and paths left; three scales, so equal healths), some of them then
/// damaged by the same amounts. With `animation`, the crowds play their intro: not targets.
fn population(w: u32, h: u32, n: usize, seed: u64, animation: bool) -> (Board, Enemies) {
    let board = Board::with_defaults(w, h).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), seed);
    sim.set_spawning(false);
    sim.populate(n);
    sim.set_animation(animation);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (cx, cy) = (i64::from(w / 2), i64::from(h / 2));
    for _ in 0..n / 2 {
        let (x, y) = (cx + rng.random_range(-4..=4), cy + rng.random_range(-4..=4));
        let Some(tile) = sim.board().index(x, y) else {
            continue;
        };
        if sim.board().content(tile) != TileContent::Empty {
            continue;
        }
        let scale = [0.5, 1.0, 2.0][rng.random_range(0..3)];
        let params = EnemyParams {
            scale,
            speed: 1.0,
            path_offset: 0.0,
        };
        sim.spawn_enemy_with(tile, params, 0.0).unwrap();
    }
    let mut enemies = sim.enemies().clone();
    enemies.track_places();
    for slot in 0..enemies.len() {
        if rng.random_bool(0.3) {
            enemies.damage(slot, [25.0, 50.0][rng.random_range(0..2)]);
        }
    }
    (sim.board().clone(), enemies)
}

/// For every priority, the ranking's choice is the brute-force scan's (`best_within`), for
/// towers anywhere (tile centres, cell edges, off the board) and reaches from 0 to 6, with
/// the tables made on one thread and on three, and with no table made at all; on a board of one tile a cell and on one
/// whose cells group 2×2 tiles.
#[test]
fn the_choice_is_the_scan_of_every_enemy_in_reach() {
    for (w, h, n, seed, animation) in [
        (40u32, 30u32, 3000usize, 1u64, false),
        (64, 48, 20_000, 2, true),
        (1500, 1000, 20_000, 3, false),
    ] {
        let (board, enemies) = population(w, h, n, seed, animation);
        // On three threads the tables read the keys the update pass keeps.
        let mut keyed = enemies.clone();
        let keys = KeyColumns {
            path_left: true,
            health: true,
        };
        keyed.keep(
            &board,
            Columns {
                cells: Grid::for_board(&board),
                keys,
            },
        );
        assert_eq!(keyed.path_lefts().len(), keyed.len());
        let places = enemies.places();
        let mut rng = ChaCha8Rng::seed_from_u64(seed + 100);
        let mut found = 0;
        for threads in [1, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut index = SpatialIndex::default();
            let mut ranking = Ranking::default();
            pool.install(|| {
                index.rebuild(&board, places);
                let cells = index.cell_of();
                let pool_of = if threads == 3 { &keyed } else { &enemies };
                let cells = (index.grid(), cells);
                ranking.prepare(Priority::ALL.into_iter(), cells, pool_of, &board);
            });
            let unprepared = Ranking::default();
            for _round in 0..2 {
                for _ in 0..400 {
                    let at = match rng.random_range(0..3) {
                        // A tile centre near the crowds.
                        0 => [
                            rng.random_range(-6..=6) as f32 + 0.5,
                            rng.random_range(-6..=6) as f32 + 0.5,
                        ],
                        // A tile (and cell) corner.
                        1 => [
                            rng.random_range(-6..=6) as f32,
                            rng.random_range(-6..=6) as f32,
                        ],
                        // Anywhere, off the board too.
                        _ => [
                            rng.random_range(-0.6..0.6) * w as f32,
                            rng.random_range(-0.6..0.6) * h as f32,
                        ],
                    };
                    let range = [0.0, 0.3, 1.0, 2.5, 3.5, 6.0][rng.random_range(0..6)];
                    let field = Field {
                        enemies: &enemies,
                        index: &index,
                        board: &board,
                    };
                    for priority in Priority::ALL {
                        let expected = best_within(field, at, range, priority);
                        let seen = (&index, &enemies, &board);
                        let got = ranking.best(seen, at, range, priority);
                        assert_eq!(got, expected, "{priority:?} at {at:?} within {range}");
                        let scanned = unprepared.best(seen, at, range, priority);
                        assert_eq!(scanned, expected, "{priority:?} unprepared");
                        found += usize::from(expected.is_some());
                    }
                }
            }
        }
        assert!(
            found > 1000,
            "{w}x{h}: only {found} choices found something"
        );
    }
}

/// Asked outside the game's tick — enemies whose cells were never kept, an index never built —
/// the choice is still the scan's, and nothing panics.
#[test]
fn without_kept_cells_or_a_built_index_the_choice_is_the_scan() {
    let (board, enemies) = population(40, 30, 3000, 5, false);
    assert!(
        enemies.cells().is_empty(),
        "the cells are kept only by the game's tick"
    );
    let mut index = SpatialIndex::default();
    let mut ranking = Ranking::default();
    let cells = (index.grid(), enemies.cells());
    ranking.prepare(Priority::ALL.into_iter(), cells, &enemies, &board);
    for priority in Priority::ALL {
        let seen = (&index, &enemies, &board);
        assert_eq!(ranking.best(seen, [0.5, 0.5], 2.5, priority), None);
    }
    index.rebuild(&board, enemies.places());
    let cells = (index.grid(), enemies.cells());
    ranking.prepare(Priority::ALL.into_iter(), cells, &enemies, &board);
    let mut found = 0;
    for x in -6..=6 {
        for z in -6..=6 {
            let at = [x as f32 + 0.5, z as f32 + 0.5];
            for priority in Priority::ALL {
                let field = Field {
                    enemies: &enemies,
                    index: &index,
                    board: &board,
                };
                let expected = best_within(field, at, 2.5, priority);
                let got = ranking.best((&index, &enemies, &board), at, 2.5, priority);
                assert_eq!(got, expected, "{priority:?} at {at:?}");
                found += usize::from(expected.is_some());
            }
        }
    }
    assert!(found > 100, "only {found} choices found something");
}
