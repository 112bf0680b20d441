//! The enemy pool: dense storage, stable ids, and the data-parallel update.
//!
//! Enemies live in one dense array; a reclaimed enemy is swap-removed, so the array never has
//! holes and, once it has grown to the largest population seen, never allocates again. Each
//! spawned enemy gets an id from a counter, which survives the moves.
//!
//! The update runs over fixed-size chunks in parallel (rayon). Each enemy's update reads only
//! the board and its own state, and the removals are applied afterwards in one sequential pass
//! in a fixed order, so the result does not depend on the number of threads. The fused variant
//! writes every enemy's [`ModelInstance`] in the same pass, while the chunk is hot in cache.
//!
//! The rooms: this file (the pool: storage, ids, the removals), `pass.rs` (the parallel pass,
//! chunk by chunk), `tracks.rs` (what the pool keeps beside the enemies for the spatial index
//! and the towers: places, cells, priority keys), `effects.rs` (towers' effects on the pool:
//! health taken, speed factors).

mod effects;
mod pass;
mod tracks;

use crate::maths::Maths;
use crate::td::board::Board;
use crate::td::clip::{Animation, Clip};
use crate::td::enemy::{Enemy, EnemyParams, MoveState};
use crate::td::fight::spatial::{Grid, SpatialIndex};
use crate::td::model::ModelInstance;
use crate::td::sink::InstanceSink;
use pass::{
    ARRIVED, CHUNK, KILLED, Look, SLOT, Work, advance_all, cube_instance_of, fused, instance_of,
    write_parallel,
};
use tracks::Kept;
pub(crate) use tracks::{Columns, KeyColumns};

/// What one update did to the counts: enemies that reached a destination, and enemies killed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Removed {
    /// Those whose path ended at a destination (a life each under a scenario): removed at
    /// once, or with animation on left to play their outro clip, after which they go
    /// uncounted.
    pub reached: u64,
    /// Those whose health was at most 0 when their update began (with animation on: whose
    /// dying clip ended), removed.
    pub killed: u64,
    /// The killed by scenario type: the spawner's, small, medium, large.
    pub killed_by_type: [u64; 4],
}

impl Removed {
    /// Both together.
    pub fn total(&self) -> u64 {
        self.reached + self.killed
    }
}

/// A read-only view of one live enemy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EnemyView {
    /// Stable id: the spawn counter's value when it was spawned.
    pub id: u64,
    /// World `(x, z)` of the model's origin.
    pub position: [f32; 2],
    /// Yaw in degrees clockwise from north, in `[0, 360)`.
    pub yaw_deg: f32,
    /// Spawn characteristics.
    pub params: EnemyParams,
    /// Movement state within the current tile.
    pub state: MoveState,
    /// Progress through that state, `[0, 1)`.
    pub progress: f32,
    /// The tile being crossed (index `y * width + x`).
    pub tile: usize,
    /// Health left (at most 0: removed, counted killed, at its next update).
    pub health: f32,
    /// The animation clip playing ([`Clip::Move`] throughout with animation off).
    pub clip: Clip,
    /// Height of the model's centre as it is drawn (its target point): a quarter of its
    /// scale standing, wherever its clips lift it with animation on.
    pub height: f32,
}

/// Returned when an instance slice is shorter than the population it must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("instance slice holds {given} enemies, {needed} needed")]
pub struct SliceTooShort {
    /// Instances needed.
    pub needed: usize,
    /// Length of the slice given.
    pub given: usize,
}

/// All live enemies.
#[derive(Clone, Debug, Default)]
pub struct Enemies {
    states: Vec<Enemy>,
    ids: Vec<u64>,
    /// Scratch: each chunk writes the chunk-local indices of its reclaimed enemies into its own
    /// `CHUNK`-sized window.
    reclaimed_slots: Vec<u32>,
    /// Scratch: how many enemies each chunk reclaimed.
    reclaimed_per_chunk: Vec<u32>,
    next_id: u64,
    /// How many of them are drawn as balls ([`Enemies::write_spheres`]).
    spheres: usize,
    /// Whether the clips are rules and drawn ([`Enemies::set_animated`]).
    animated: bool,
    /// What is kept beside the enemies by slot for the spatial index and the towers.
    kept: Kept,
    /// Per slot, the speed factor towers gave each enemy for its next update (1 for none);
    /// empty when none was given since the last update ([`effects`]).
    speed_factors: Vec<f32>,
}

impl Enemies {
    /// An empty pool with room for `capacity` enemies before it allocates.
    pub fn with_capacity(capacity: usize) -> Enemies {
        let mut enemies = Enemies::default();
        enemies.reserve(capacity);
        enemies
    }

    /// Makes room for `additional` more enemies (and the update's scratch space).
    pub fn reserve(&mut self, additional: usize) {
        self.states.reserve(additional);
        self.ids.reserve(additional);
        self.kept.reserve(additional);
        let total = self.states.capacity();
        self.reclaimed_slots
            .reserve(total.saturating_sub(self.reclaimed_slots.len()));
        self.reclaimed_per_chunk.reserve(
            total
                .div_ceil(CHUNK)
                .saturating_sub(self.reclaimed_per_chunk.len()),
        );
    }

    /// Live enemies.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether no enemy is alive.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// How many enemies were ever spawned into this pool (the next id).
    pub fn spawned(&self) -> u64 {
        self.next_id
    }

    /// Turns the clips on or off for enemies spawned from now on and for every update: with
    /// them on, a new enemy plays its intro, death and arrival wait for their clips, only an
    /// enemy in its move clip is a target, and the instances show the clips.
    /// Turned off, enemies in their outro or dying clips leave at once (the dying ones
    /// returned as killed; the others were counted as their path ended) and the others stand
    /// in their move clip.
    pub fn set_animated(&mut self, on: bool) -> Removed {
        let mut left = Removed::default();
        if self.animated && !on {
            for dying in self.states.iter().filter(|e| e.anim.clip == Clip::Dying) {
                left.killed += 1;
                left.killed_by_type[usize::from(dying.kind & 3)] += 1;
            }
            self.replace_each(|e| {
                matches!(e.anim.clip, Clip::Intro | Clip::Move).then(|| {
                    let mut walking = *e;
                    walking.anim = Animation::MOVING;
                    walking
                })
            });
        }
        self.animated = on;
        left
    }

    /// Whether the clips are on.
    pub fn animated(&self) -> bool {
        self.animated
    }

    /// Plays the turns with `maths` from now on (a game's maths is chosen before its first
    /// tick: a loaded save's or a replayed recording's says which).
    pub fn set_maths(&mut self, maths: Maths) {
        if self.kept.maths != maths {
            self.kept.maths = maths;
            self.kept.refill(&self.states);
        }
    }

    /// The maths of the turns.
    pub fn maths(&self) -> Maths {
        self.kept.maths
    }

    /// How the instances are made now.
    fn look(&self) -> Look {
        Look {
            animated: self.animated,
            spheres: self.spheres > 0,
            maths: self.kept.maths,
        }
    }

    /// Removes every enemy; ids keep counting.
    pub fn clear(&mut self) {
        self.spheres = 0;
        self.states.clear();
        self.ids.clear();
        self.kept.clear();
        self.speed_factors.clear();
    }

    /// Replaces every enemy by what `change` makes of it, removing those it returns `None`
    /// for; the rest keep their ids and their order. Returns how many were removed. (A
    /// reloaded board moves its enemies; not for every tick: it allocates.)
    pub(crate) fn replace_each(&mut self, mut change: impl FnMut(&Enemy) -> Option<Enemy>) -> u64 {
        let before = self.states.len();
        let (states, ids) = (
            std::mem::take(&mut self.states),
            std::mem::take(&mut self.ids),
        );
        for (enemy, id) in states.iter().zip(ids) {
            if let Some(moved) = change(enemy) {
                self.states.push(moved);
                self.ids.push(id);
            }
        }
        self.spheres = self.states.iter().filter(|e| e.sphere).count();
        // Factors were given by slot: a changed pool keeps none.
        self.speed_factors.clear();
        self.kept.refill(&self.states);
        self.reserve(before.saturating_sub(self.states.len()));
        (before - self.states.len()) as u64
    }

    /// From now on, keeps every enemy's position and scale as the update leaves it (what the
    /// spatial index reads; about 12 bytes an enemy and no extra pass). Computes them once for
    /// the enemies there are when it is first asked.
    pub fn track_places(&mut self) {
        self.kept
            .track_places((&self.states, self.states.capacity()));
    }

    /// From now on, keeps every enemy's cell on `grid` (the spatial index's) as well as its
    /// place ([`Enemies::track_places`]), found by the update pass from the place in hand: 4
    /// bytes an enemy, and the index need not read the places again. Finds them once for the
    /// enemies there are when first asked, and again when the grid changes.
    pub(crate) fn track_cells(&mut self, grid: Grid) {
        self.kept
            .track_cells(grid, (&self.states, self.states.capacity()));
    }

    /// Keeps, from now on, what `columns` names of every enemy as the update leaves it,
    /// written by the update pass while the enemy is in cache: its cell on the grid named
    /// (as [`Enemies::track_cells`]) and the priority tables' keys named (path distance left,
    /// health; the tables then read 4 bytes an enemy, not the enemies). Finds them for the
    /// enemies there are when first asked; a key not named is no longer kept.
    pub(crate) fn keep(&mut self, board: &Board, columns: Columns) {
        self.track_cells(columns.cells);
        let pool = (board, &self.states[..], self.states.capacity());
        self.kept.track_keys(pool, columns.keys);
    }

    /// Every enemy's path distance left by slot as the last update left it, while tracked
    /// ([`Enemies::keep`]; else empty).
    pub(crate) fn path_lefts(&self) -> &[f32] {
        self.kept.path_lefts()
    }

    /// Every enemy's health by slot as the last update left it, while tracked
    /// ([`Enemies::keep`]; else empty).
    pub(crate) fn healths(&self) -> &[f32] {
        self.kept.healths()
    }

    /// Every enemy's cell on the spatial index's grid by slot, once [`Enemies::track_cells`]
    /// was called (else empty).
    pub(crate) fn cells(&self) -> &[u32] {
        self.kept.cells()
    }

    /// Every enemy's position `(x, z)` and scale by slot, once [`Enemies::track_places`] was
    /// called (else empty).
    pub fn places(&self) -> &[[f32; 3]] {
        self.kept.places()
    }

    /// The health of the enemy in storage slot `slot` (0 for no slot).
    #[inline]
    pub fn health_of(&self, slot: usize) -> f32 {
        self.states.get(slot).map_or(0.0, |e| e.health)
    }

    /// The path distance the enemy in storage slot `slot` has left to its destination on
    /// `board` (infinite for no slot).
    #[inline]
    pub fn path_left(&self, slot: usize, board: &crate::td::board::Board) -> f32 {
        self.states
            .get(slot)
            .map_or(f32::INFINITY, |e| e.path_left(board))
    }

    /// Deals `amount` to every enemy of the tracked places that `index` (rebuilt from them)
    /// finds within `reach` of `centre` (an explosion's blast).
    pub fn damage_within(
        &mut self,
        index: &SpatialIndex,
        centre: [f32; 2],
        reach: f32,
        amount: f32,
    ) {
        let states = &mut self.states;
        index.within(self.kept.places(), centre, reach, |slot| {
            states[slot].health -= amount;
        });
    }

    /// Spawns an enemy at the centre of `tile` with `progress` (`[0, 1)`) of its intro done
    /// and `health`, and returns its id. The caller has checked the tile and characteristics.
    /// With the clips on, a new enemy plays its intro, and one placed `in_play` (a stress
    /// run's board, filled at once) walks in its move clip at a phase of `progress`.
    pub(crate) fn spawn(
        &mut self,
        board: &Board,
        tile: usize,
        params: EnemyParams,
        (color, health, sphere, kind): (u32, f32, bool, u8),
        (progress, in_play): (f32, bool),
    ) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        let anim = match (self.animated, in_play) {
            (false, _) => Animation::MOVING,
            (true, false) => Animation::intro(0.0),
            (true, true) => Animation::moving_at(progress),
        };
        let enemy = Enemy::spawn(
            board,
            tile,
            params,
            (color, health, sphere, kind),
            progress,
            anim,
        );
        self.spheres += usize::from(sphere);
        self.kept.push(&enemy, board);
        self.states.push(enemy);
        self.ids.push(id);
        id
    }

    /// Advances every enemy by `dt` seconds and removes those that reached their destination's
    /// centre, and those whose health was at most 0 when the update began. Returns how many
    /// of each.
    pub fn update(&mut self, board: &Board, dt: f32) -> Removed {
        let chunks = self.prepare_scratch();
        let len = self.states.len();
        let work = Work {
            states: &mut self.states,
            slots: &mut self.reclaimed_slots[..len],
            counts: &mut self.reclaimed_per_chunk[..chunks],
            factors: &self.speed_factors,
        };
        let step = (board, dt, self.animated, self.kept.maths);
        advance_all(work, self.kept.tracks(), step);
        self.speed_factors.clear();
        self.remove_reclaimed(chunks, |_, _| {})
    }

    /// [`Enemies::update`] fused with writing every enemy's instance into any [`InstanceSink`]
    /// (a slice, or GPU staging memory), which must hold at least [`Enemies::len`] instances:
    /// one parallel pass advances each chunk of enemies and writes its instances while the
    /// chunk is in cache; then reclaimed enemies are swap-removed and the instance of each
    /// enemy moved into a hole is written again at its new slot. Slots from the new
    /// [`Enemies::len`] on are left as they are.
    pub fn update_into<S: InstanceSink>(
        &mut self,
        board: &Board,
        dt: f32,
        sink: &mut S,
    ) -> Result<Removed, SliceTooShort> {
        let len = self.states.len();
        if sink.len() < len {
            return Err(SliceTooShort {
                needed: len,
                given: sink.len(),
            });
        }
        let look = self.look();
        let chunks = self.prepare_scratch();
        {
            let (mut used, _) = sink.split(len);
            let work = Work {
                states: &mut self.states,
                slots: &mut self.reclaimed_slots[..len],
                counts: &mut self.reclaimed_per_chunk[..chunks],
                factors: &self.speed_factors,
            };
            fused(work, &mut used, self.kept.tracks(), (board, dt, look));
        }
        self.speed_factors.clear();
        let (animated, maths) = (self.animated, self.kept.maths);
        Ok(self.remove_reclaimed(chunks, |index, enemy| {
            sink.write(index, &[cube_instance_of(enemy, animated, maths)]);
        }))
    }

    /// Writes every enemy's instance into the first [`Enemies::len`] slots of any
    /// [`InstanceSink`], in parallel, moving nobody; returns the number written.
    pub fn write_into<S: InstanceSink>(&self, sink: &mut S) -> Result<usize, SliceTooShort> {
        let len = self.states.len();
        if sink.len() < len {
            return Err(SliceTooShort {
                needed: len,
                given: sink.len(),
            });
        }
        let (mut used, _) = sink.split(len);
        write_parallel(&self.states, &mut used, self.look());
        Ok(len)
    }

    /// How many enemies are drawn as balls (a scenario's type with `model: Sphere`).
    pub fn spheres(&self) -> usize {
        self.spheres
    }

    /// Hands `each` the instance of every enemy drawn as a ball, in storage order (the unit
    /// sphere's matrix is the unit cube's): a batch of its own, which the fused pass leaves to
    /// this scan, made only when [`Enemies::spheres`] says there are any. In the fused pass's
    /// instances their slots draw nothing.
    pub fn each_sphere(&self, mut each: impl FnMut(ModelInstance)) {
        if self.spheres == 0 {
            return;
        }
        let (animated, maths) = (self.animated, self.kept.maths);
        for enemy in self.states.iter().filter(|e| e.sphere) {
            each(instance_of(enemy, animated, maths));
        }
    }

    /// A view of the enemy in storage slot `index`.
    pub fn get(&self, index: usize) -> Option<EnemyView> {
        let enemy = self.states.get(index)?;
        Some(EnemyView {
            id: self.ids[index],
            position: enemy.pose(self.kept.maths).position,
            yaw_deg: enemy.yaw_deg(),
            params: enemy.params,
            state: enemy.state(),
            progress: enemy.progress(),
            tile: enemy.tile(),
            health: enemy.health,
            clip: enemy.anim.clip,
            height: if self.animated {
                enemy.anim.shape(enemy.move_rate()).lift * enemy.params.scale
            } else {
                0.25 * enemy.params.scale
            },
        })
    }

    /// Every live enemy's id, by storage slot.
    pub fn ids(&self) -> &[u64] {
        &self.ids
    }

    /// Takes `amount` of health from the enemy in storage slot `slot` (no slot, no effect).
    /// One at or below 0 is removed, counted killed, at the start of its next update.
    pub fn damage(&mut self, slot: usize, amount: f32) {
        if let Some(enemy) = self.states.get_mut(slot) {
            enemy.health -= amount;
        }
    }

    /// Every live enemy's id and state, by storage slot (what a save keeps).
    pub(crate) fn slots(&self) -> (&[u64], &[Enemy]) {
        (&self.ids, &self.states)
    }

    /// A pool holding `enemies` with `ids` (as long, each below `next_id`) in storage order, as
    /// a save left them; ids go on from `next_id`.
    pub(crate) fn restore(next_id: u64, ids: Vec<u64>, enemies: Vec<Enemy>) -> Enemies {
        debug_assert_eq!(ids.len(), enemies.len());
        let mut pool = Enemies {
            spheres: enemies.iter().filter(|e| e.sphere).count(),
            states: enemies,
            ids,
            next_id,
            ..Enemies::default()
        };
        pool.reserve(0);
        pool
    }

    /// Views of all live enemies in storage order.
    pub fn iter(&self) -> impl Iterator<Item = EnemyView> + '_ {
        (0..self.states.len()).filter_map(|i| self.get(i))
    }

    /// Sizes the scratch buffers for the current population (allocating only when it grows
    /// past its previous peak) and returns the number of chunks.
    fn prepare_scratch(&mut self) -> usize {
        let len = self.states.len();
        if !self.speed_factors.is_empty() {
            // Enemies spawned since the factors were given have none.
            self.speed_factors.resize(len, 1.0);
        }
        let chunks = len.div_ceil(CHUNK);
        if self.reclaimed_slots.len() < len {
            self.reclaimed_slots.resize(len, 0);
        }
        if self.reclaimed_per_chunk.len() < chunks {
            self.reclaimed_per_chunk.resize(chunks, 0);
        }
        chunks
    }

    /// Swap-removes the enemies the chunks reported, highest index first (so every enemy moved
    /// into a hole is alive), and tells `moved` about each enemy that moved into a hole.
    fn remove_reclaimed(&mut self, chunks: usize, mut moved: impl FnMut(usize, &Enemy)) -> Removed {
        let mut removed = Removed::default();
        for chunk in (0..chunks).rev() {
            let base = chunk * CHUNK;
            let count = self.reclaimed_per_chunk[chunk] as usize;
            for k in (0..count).rev() {
                let recorded = self.reclaimed_slots[base + k];
                let index = base + (recorded & SLOT) as usize;
                if recorded & ARRIVED != 0 {
                    // The path ended; the enemy stays for its outro clip.
                    removed.reached += 1;
                    continue;
                }
                let gone = self.states.swap_remove(index);
                if recorded & KILLED != 0 {
                    removed.killed += 1;
                    removed.killed_by_type[usize::from(gone.kind & 3)] += 1;
                } else if !self.animated {
                    // (With the clips on, it was counted as its path ended.)
                    removed.reached += 1;
                }
                self.spheres -= usize::from(gone.sphere);
                self.ids.swap_remove(index);
                self.kept.swap_remove(index);
                if let Some(enemy) = self.states.get(index) {
                    moved(index, enemy);
                }
            }
        }
        removed
    }
}
