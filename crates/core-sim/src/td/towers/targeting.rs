//! How a tower chooses among the enemies in its reach: the enemy it aims at (its id and where it
//! was last seen), keeping that target while it stays in reach, and a seeded random pick among
//! the enemies within a reach, in the spatial index's fixed order (so the choice never depends
//! on the number of threads); and the best enemy for a targeting priority ([`best_within`]).

use super::priority::Priority;
use crate::td::board::Board;
use crate::td::enemies::Enemies;
use crate::td::fight::ranking::{Planned, Ranking, key};
use crate::td::fight::spatial::{SpatialIndex, reaches};
use crate::td::pick::{below, mix};
use serde::{Deserialize, Serialize};

/// The enemy a tower aims at: its id (stable) and the storage slot it was last seen in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    /// The enemy's id.
    pub id: u64,
    /// Its storage slot at the tower's last look.
    pub slot: u32,
}

/// Every slot's place and id, as the towers' look will see them: what a tower reads to say
/// where it may read the spatial index ([`super::behaviour::Behaviour::wants`]), before the
/// index is rebuilt.
#[derive(Clone, Copy, Debug)]
pub struct Glance<'a> {
    /// Each slot's place `(x, z, reach radius)`.
    pub places: &'a [[f32; 3]],
    /// Each slot's enemy id.
    pub ids: &'a [u64],
}

impl Glance<'_> {
    /// Whether `target` is still in its slot and within `range` of `at`: then
    /// [`Seen::kept`] keeps it without reading the index.
    pub fn holds(&self, target: Target, at: [f32; 2], range: f32) -> bool {
        let here = target.slot as usize;
        self.ids.get(here) == Some(&target.id) && reaches(self.places[here], at, range)
    }
}

/// The enemies as a tower sees them during its look: every slot's place and id.
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    /// The enemies by grid cell.
    pub index: &'a SpatialIndex,
    /// Each slot's place `(x, z, reach radius)`.
    pub places: &'a [[f32; 3]],
    /// Each slot's enemy id.
    pub ids: &'a [u64],
    /// The enemies themselves (health, for the priorities that read it).
    pub enemies: &'a Enemies,
    /// The board (paths, for the priorities that read them).
    pub board: &'a Board,
    /// Every cell's least enemy for the priorities in use this tick.
    pub ranking: &'a Ranking,
    /// The looking tower's plan of its choice by priority, where the tick's plan kept it.
    pub(crate) planned: Option<Planned>,
}

impl Seen<'_> {
    /// `target` again if it is still on the board and within `range` of `at` (found in its
    /// new slot if a removal moved it), else `None`.
    pub fn kept(&self, target: Target, at: [f32; 2], range: f32) -> Option<Target> {
        let here = target.slot as usize;
        if self.ids.get(here) == Some(&target.id) {
            // Still in its slot: only its range is in question.
            return reaches(self.places[here], at, range).then_some(target);
        }
        // Moved by a removal (or gone): found among the enemies in range, if there.
        let mut found = None;
        self.index.within(self.places, at, range, |slot| {
            if self.ids[slot] == target.id {
                found = Some(Target {
                    id: target.id,
                    slot: slot as u32,
                });
            }
        });
        found
    }

    /// The best enemy for `priority` within `range` of `at`: the one [`best_within`] finds,
    /// found through the ranking ([`Ranking::best`]).
    pub fn best(&self, at: [f32; 2], range: f32, priority: Priority) -> Option<Target> {
        let field = (self.index, self.enemies, self.board);
        let found = match self.planned.filter(|p| p.is_for(at, range, priority)) {
            Some(planned) => self.ranking.best_planned(&planned, field),
            None => self.ranking.best(field, at, range, priority),
        };
        found.map(|slot| Target {
            id: self.ids[slot],
            slot: slot as u32,
        })
    }

    /// A random enemy within `range` of `at`: the pick of `mix(seed, words)`.
    pub fn random(&self, at: [f32; 2], range: f32, seed: u64, words: &[u64]) -> Option<Target> {
        let n = self.index.count_within(self.places, at, range);
        pick_within(self.index, self.places, (at, range), n, mix(seed, words)).map(|slot| Target {
            id: self.ids[slot],
            slot: slot as u32,
        })
    }
}

/// The enemies a tower's choice reads: the pool, its places and index, and the board (paths).
#[derive(Clone, Copy, Debug)]
pub struct Field<'a> {
    /// The enemies.
    pub enemies: &'a Enemies,
    /// The enemies by grid cell, as the tick's update left them.
    pub index: &'a SpatialIndex,
    /// The board, for the distance left along the paths.
    pub board: &'a Board,
}

/// The storage slot of the best enemy for `priority` within `range` of `at` (ties to the
/// lower id), if any is in reach.
pub fn best_within(field: Field, at: [f32; 2], range: f32, priority: Priority) -> Option<usize> {
    let places = field.enemies.places();
    let ids = field.enemies.ids();
    let mut best: Option<(f32, u64, usize)> = None;
    field.index.within(places, at, range, |slot| {
        let key = key(priority, field.enemies, field.board, slot, at);
        let id = ids[slot];
        let better = best.is_none_or(|(k, i, _)| key.total_cmp(&k).then(id.cmp(&i)).is_lt());
        if better {
            best = Some((key, id, slot));
        }
    });
    best.map(|(_, _, slot)| slot)
}

/// The enemy a random `value` picks among the `n` that `index` finds within `reach` of `at`
/// (in its fixed order), if there are any.
pub fn pick_within(
    index: &SpatialIndex,
    places: &[[f32; 3]],
    (at, reach): ([f32; 2], f32),
    n: usize,
    value: u64,
) -> Option<usize> {
    (n > 0)
        .then(|| below(value, n))
        .and_then(|k| index.nth_within(places, at, reach, k))
}
