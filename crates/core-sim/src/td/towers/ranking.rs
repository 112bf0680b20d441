//! The towers' choice by priority, made fast and kept exact: the best enemy within a reach by
//! its key, ties to the lower id — the same enemy [`super::targeting::best_within`] finds by
//! scanning every enemy in reach, found while looking at a few.
//!
//! For a key that does not depend on the tower (`first`, `last`, `strongest`, `weakest`),
//! each tick that some tower uses it, [`Ranking::prepare`] finds every grid cell's least enemy
//! by (key, id) in one parallel pass over the enemies in storage order (each part of the slots
//! keeps its own table, merged cell by cell: the least pair is unique, so the result is the
//! same on any number of threads). A tower then looks at the cells of its reach: a cell whose
//! least pair does not beat the best so far holds nothing better and is skipped; one whose
//! least enemy is in reach gives it at once; only a cell whose least enemy is out of reach is
//! scanned. `closest` depends on the tower: its cells are visited in rings from the tower's
//! cell outwards, and a cell is skipped when no point of it (a bound computed as the distance
//! is, so that rounding cannot cross it) is nearer than the best so far.
//!
//! Keys are compared as `f32::total_cmp` does (on their bits, as integers), then ids.

use super::priority::Priority;
use crate::td::board::Board;
use crate::td::enemies::Enemies;
use crate::td::spatial::{CellBox, SpatialIndex, reaches};
use rayon::prelude::*;

/// Cells per parallel work item of the merge.
const CHUNK: usize = 8192;

/// The key of the enemy in storage slot `slot` for a tower at `at` (lower is better).
pub(crate) fn key(
    priority: Priority,
    enemies: &Enemies,
    board: &Board,
    slot: usize,
    at: [f32; 2],
) -> f32 {
    match priority {
        Priority::Random | Priority::First => enemies.path_left(slot, board),
        Priority::Last => -enemies.path_left(slot, board),
        Priority::Strongest => -enemies.health_of(slot),
        Priority::Weakest => enemies.health_of(slot),
        Priority::Closest => distance_key(enemies.places()[slot], at),
    }
}

/// The `closest` key of an enemy at `place` for a tower at `at`: the squared horizontal
/// distance.
fn distance_key(place: [f32; 3], at: [f32; 2]) -> f32 {
    let [x, z, _] = place;
    (x - at[0]).powi(2) + (z - at[1]).powi(2)
}

/// `key` as an integer that orders as `f32::total_cmp` orders keys.
fn ordered(key: f32) -> i32 {
    let bits = key.to_bits() as i32;
    bits ^ ((((bits >> 31) as u32) >> 1) as i32)
}

/// An enemy by its ordered key and id, and its slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Least {
    /// Its key, [`ordered`].
    key: i32,
    /// Its id.
    id: u64,
    /// Its storage slot ([`NOBODY`]'s: `u32::MAX`).
    slot: u32,
}

/// No enemy: after every real one (a cell whose least is still this is scanned).
const NOBODY: Least = Least {
    key: i32::MAX,
    id: u64::MAX,
    slot: u32::MAX,
};

impl Least {
    /// Whether it comes before `other`: a lower key, or the same and a lower id.
    fn before(&self, other: &Least) -> bool {
        (self.key, self.id) < (other.key, other.id)
    }

    /// Whether it comes before `best` (before anything when there is none yet).
    fn beats(&self, best: &Option<Least>) -> bool {
        best.is_none_or(|b| self.before(&b))
    }
}

/// The priorities whose key does not depend on the tower, each with a table.
const TABLED: [Priority; 4] = [
    Priority::First,
    Priority::Last,
    Priority::Strongest,
    Priority::Weakest,
];

/// `priority`'s table, if it has one.
fn table_of(priority: Priority) -> Option<usize> {
    TABLED.iter().position(|&p| p == priority)
}

/// Every cell's least enemy for each priority in use this tick. Its buffers are kept between
/// ticks: once grown to the largest grid seen, a tick allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct Ranking {
    /// Per tabled priority ([`TABLED`]): every cell's least enemy.
    tables: [Vec<Least>; 4],
    /// Per tabled priority: whether its table holds this tick's enemies.
    ready: [bool; 4],
    /// Scratch: per part of the slots, every cell's least enemy of the part.
    parts: Vec<Least>,
}

impl Ranking {
    /// Makes the tables of the `priorities` in use (the others are marked stale) for the
    /// enemies as `index` (rebuilt from their places) lists them, `cell_of` holding every
    /// slot's cell on its grid.
    pub fn prepare(
        &mut self,
        priorities: impl Iterator<Item = Priority>,
        (index, cell_of): (&SpatialIndex, &[u32]),
        enemies: &Enemies,
        board: &Board,
    ) {
        let mut used = [false; 4];
        for priority in priorities {
            if let Some(table) = table_of(priority) {
                used[table] = true;
            }
        }
        self.ready = [false; 4];
        for (table, _) in used.iter().enumerate().filter(|(_, used)| **used) {
            self.build(table, (index, cell_of), enemies, board);
            self.ready[table] = true;
        }
    }

    /// Fills table `table` with every cell's least enemy: each part of the slots finds its
    /// own (in storage order), then the parts' are merged cell by cell.
    fn build(
        &mut self,
        table: usize,
        (index, cell_of): (&SpatialIndex, &[u32]),
        enemies: &Enemies,
        board: &Board,
    ) {
        let priority = TABLED[table];
        let ids = enemies.ids();
        let (n, cells) = (cell_of.len(), index.cells());
        let parts = rayon::current_num_threads().clamp(1, 16).min(n.max(1));
        let part_len = n.div_ceil(parts).max(1);
        self.parts.resize(parts * cells, NOBODY);
        if cells == 0 {
            return;
        }
        // One loop per priority: the key's choice is made once, not for every enemy.
        let parts_of = (&mut self.parts[..], cells, part_len);
        let of = (cell_of, ids);
        // The keys the update pass kept, where it kept them (the same values: the enemies
        // have not changed since); else read from the enemies. The choice is the same for
        // every slot, so its branch is always predicted.
        let (lefts, healths) = (enemies.path_lefts(), enemies.healths());
        let (kept_lefts, kept_healths) = (lefts.len() == n, healths.len() == n);
        let path_left = |s: usize| match kept_lefts {
            true => lefts[s],
            false => enemies.path_left(s, board),
        };
        let health = |s: usize| match kept_healths {
            true => healths[s],
            false => enemies.health_of(s),
        };
        match priority {
            Priority::Last => least_by_cell(parts_of, of, |s| -path_left(s)),
            Priority::Strongest => least_by_cell(parts_of, of, |s| -health(s)),
            Priority::Weakest => least_by_cell(parts_of, of, health),
            _ => least_by_cell(parts_of, of, path_left),
        }
        let out = &mut self.tables[table];
        out.resize(cells, NOBODY);
        let scratch = &self.parts;
        out.par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(chunk, least)| {
                for (k, cell_least) in least.iter_mut().enumerate() {
                    let cell = chunk * CHUNK + k;
                    let mut best = scratch[cell];
                    for part in 1..parts {
                        let other = scratch[part * cells + cell];
                        if other.before(&best) {
                            best = other;
                        }
                    }
                    *cell_least = best;
                }
            });
    }

    /// The storage slot of the best enemy for `priority` within `range` of `at` (ties to the
    /// lower id), if any is in reach: what [`super::targeting::best_within`] finds. A tabled
    /// priority whose table was not made this tick scans every enemy in reach.
    pub fn best(
        &self,
        (index, enemies, board): (&SpatialIndex, &Enemies, &Board),
        at: [f32; 2],
        range: f32,
        priority: Priority,
    ) -> Option<usize> {
        if priority == Priority::Closest {
            return closest(index, enemies.places(), enemies.ids(), at, range);
        }
        let table = table_of(priority)
            .filter(|&t| self.ready[t])
            .map(|t| &self.tables[t]);
        let CellBox { x0, x1, z0, z1 } = index.cell_box(at, range)?;
        let (places, ids) = (enemies.places(), enemies.ids());
        let columns = index.columns();
        let mut best: Option<Least> = None;
        for cz in z0..=z1 {
            for cx in x0..=x1 {
                let cell = (cz * columns + cx) as usize;
                let (start, end) = index.span(cell);
                if start == end {
                    continue;
                }
                let least = table.map_or(NOBODY, |t| t[cell]);
                if least.slot != u32::MAX {
                    if !least.beats(&best) {
                        // Nothing in the cell comes before the best so far.
                        continue;
                    }
                    if reaches(places[least.slot as usize], at, range) {
                        best = Some(least);
                        continue;
                    }
                }
                // Its least is out of reach: every enemy of the cell in reach is a candidate.
                for pos in start..end {
                    if !reaches(index.place_at(pos, places), at, range) {
                        continue;
                    }
                    let slot = index.slot_at(pos);
                    let enemy = Least {
                        key: ordered(key(priority, enemies, board, slot, at)),
                        id: ids[slot],
                        slot: slot as u32,
                    };
                    if enemy.beats(&best) {
                        best = Some(enemy);
                    }
                }
            }
        }
        best.map(|b| b.slot as usize)
    }
}

/// Fills each part's table (`parts`: one of `cells` entries per part of `part_len` slots)
/// with every cell's least enemy among the part's slots by `keyed`, given each slot's cell
/// and id; the parts in parallel.
fn least_by_cell(
    (parts, cells, part_len): (&mut [Least], usize, usize),
    (cell_of, ids): (&[u32], &[u64]),
    keyed: impl Fn(usize) -> f32 + Sync,
) {
    let n = cell_of.len();
    parts
        .par_chunks_mut(cells)
        .enumerate()
        .for_each(|(part, least)| {
            least.fill(NOBODY);
            let (from, to) = ((part * part_len).min(n), ((part + 1) * part_len).min(n));
            for slot in from..to {
                let enemy = Least {
                    key: ordered(keyed(slot)),
                    id: ids[slot],
                    slot: slot as u32,
                };
                let cell = &mut least[cell_of[slot] as usize];
                if enemy.before(cell) {
                    *cell = enemy;
                }
            }
        });
}

/// The slot of the enemy nearest `at` within `range` (ties to the lower id), if any: the
/// cells of the reach in rings around `at`'s cell, each skipped when its distance bound
/// ([`SpatialIndex::distance_bound`]) is beyond the best distance so far.
fn closest(
    index: &SpatialIndex,
    places: &[[f32; 3]],
    ids: &[u64],
    at: [f32; 2],
    range: f32,
) -> Option<usize> {
    let CellBox { x0, x1, z0, z1 } = index.cell_box(at, range)?;
    let (cx, cz) = index.cell_xz(at);
    let (cx, cz) = (cx.clamp(x0, x1), cz.clamp(z0, z1));
    let columns = index.columns();
    let rings = (cx - x0).max(x1 - cx).max(cz - z0).max(z1 - cz);
    let mut best: Option<(f32, u64, usize)> = None;
    let mut visit = |x: u32, z: u32| {
        let (start, end) = index.span((z * columns + x) as usize);
        if start == end {
            return;
        }
        let bound = index.distance_bound(x, z, at);
        if best.is_some_and(|(key, _, _)| bound > key) {
            return;
        }
        for pos in start..end {
            let place = index.place_at(pos, places);
            if !reaches(place, at, range) {
                continue;
            }
            let key = distance_key(place, at);
            let slot = index.slot_at(pos);
            let id = ids[slot];
            let better = best.is_none_or(|(k, i, _)| key.total_cmp(&k).then(id.cmp(&i)).is_lt());
            if better {
                best = Some((key, id, slot));
            }
        }
    };
    for r in 0..=rings {
        let (left, right) = (cx.checked_sub(r), cx + r);
        let (top, bottom) = (cz.checked_sub(r), cz + r);
        let columns_of_ring = (left.unwrap_or(0).max(x0))..=right.min(x1);
        // The ring's first and last rows, whole; the rows between, their two ends.
        for z in (top.unwrap_or(0).max(z0))..=bottom.min(z1) {
            if Some(z) == top || z == bottom {
                for x in columns_of_ring.clone() {
                    visit(x, z);
                }
                continue;
            }
            if let Some(x) = left.filter(|&x| x >= x0) {
                visit(x, z);
            }
            if r > 0 && right <= x1 {
                visit(right, z);
            }
        }
    }
    best.map(|(_, _, slot)| slot)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::td::towers::targeting::{Field, best_within};
    use crate::{EnemyParams, Simulation, SpawnSettings, TileContent};
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
    /// the tables made on one thread and on three, with and without the cell-ordered copy of
    /// the places, and with no table made at all; on a board of one tile a cell and on one
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
            keyed.track_keys(&board, true, true);
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
                    ranking.prepare(Priority::ALL.into_iter(), (&index, cells), pool_of, &board);
                });
                let unprepared = Ranking::default();
                for copied in [false, true] {
                    if copied {
                        index.copy_places(places);
                    }
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

    /// `ordered` orders as `f32::total_cmp`: signed zeros, infinities and NaNs included.
    #[test]
    fn ordered_keys_sort_as_the_total_order() {
        let keys = [
            f32::NEG_INFINITY,
            -f32::NAN,
            -1e30,
            -1.0,
            -0.0,
            0.0,
            1e-40,
            1.0,
            f32::INFINITY,
            f32::NAN,
        ];
        for a in keys {
            for b in keys {
                assert_eq!(ordered(a).cmp(&ordered(b)), a.total_cmp(&b), "{a} {b}");
            }
        }
    }
}
