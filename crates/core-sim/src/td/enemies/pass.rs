//! The enemy pool's parallel pass, chunk by chunk: advancing each enemy (and recording who
//! leaves), writing its instance and its place for the spatial index while the chunk is in
//! cache. The pool ([`super`]) owns the storage and applies the removals afterwards.

use crate::maths::Maths;
use crate::td::board::Board;
use crate::td::enemy::{Enemy, Pose, Stepped};
use crate::td::fight::spatial::{Grid, NOT_A_TARGET};
use crate::td::model::ModelInstance;
use crate::td::sink::InstanceSink;

/// Enemies per parallel work item.
pub(super) const CHUNK: usize = 2048;
/// Marks a recorded removal as a kill (the slot index fits in the bits below).
pub(super) const KILLED: u32 = 1 << 31;
/// Marks a recorded arrival: the path ended, the enemy stays for its outro clip (animation on).
pub(super) const ARRIVED: u32 = 1 << 30;
/// The slot index under the marks.
pub(super) const SLOT: u32 = ARRIVED - 1;

/// What the pass keeps for the spatial index and the towers besides the instances: every
/// enemy's place, and its cell on the index's grid (found here, from the place in hand, so
/// that the index does not read the places again); and the keys of the priority tables in use,
/// its path distance left and its health (read here while the enemy is in cache, so that the
/// tables do not read the enemies again). Each is empty while not tracked (the cells while no
/// grid is), otherwise as long as the enemies the pass covers.
pub(super) struct Tracks<'a> {
    pub(super) places: &'a mut [[f32; 3]],
    pub(super) cells: &'a mut [u32],
    pub(super) grid: Grid,
    pub(super) path_left: &'a mut [f32],
    pub(super) health: &'a mut [f32],
}

impl Tracks<'_> {
    /// Nothing tracked.
    pub(super) fn none() -> Tracks<'static> {
        Tracks {
            places: &mut [],
            cells: &mut [],
            grid: Grid::default(),
            path_left: &mut [],
            health: &mut [],
        }
    }

    /// The tracks of enemies `0..mid` and of `mid..`.
    fn split_at(self, mid: usize) -> (Self, Self) {
        let (places_a, places_b) = self.places.split_at_mut(mid.min(self.places.len()));
        let (cells_a, cells_b) = self.cells.split_at_mut(mid.min(self.cells.len()));
        let (left_a, left_b) = self.path_left.split_at_mut(mid.min(self.path_left.len()));
        let (health_a, health_b) = self.health.split_at_mut(mid.min(self.health.len()));
        let grid = self.grid;
        (
            Tracks {
                places: places_a,
                cells: cells_a,
                grid,
                path_left: left_a,
                health: health_a,
            },
            Tracks {
                places: places_b,
                cells: cells_b,
                grid,
                path_left: left_b,
                health: health_b,
            },
        )
    }

    /// Writes the keys tracked of `states` (these tracks' enemies) on `board` (the path
    /// distances left only with one).
    fn keep_keys(&mut self, states: &[Enemy], board: Option<&Board>) {
        if let Some(board) = board {
            for (left, enemy) in self.path_left.iter_mut().zip(states) {
                *left = enemy.path_left(board);
            }
        }
        for (health, enemy) in self.health.iter_mut().zip(states) {
            *health = enemy.health;
        }
    }

    /// The tracks of enemies `start..start + len` (empty where not tracked).
    fn range(&mut self, start: usize, len: usize) -> Tracks<'_> {
        let span = start..start + len;
        Tracks {
            places: self.places.get_mut(span.clone()).unwrap_or(&mut []),
            cells: self.cells.get_mut(span.clone()).unwrap_or(&mut []),
            grid: self.grid,
            path_left: self.path_left.get_mut(span.clone()).unwrap_or(&mut []),
            health: self.health.get_mut(span).unwrap_or(&mut []),
        }
    }

    /// Writes the place (and cell) of the enemy at `k` from `place`.
    #[inline(always)]
    fn keep(&mut self, k: usize, place: [f32; 3]) {
        self.places[k] = place;
        if let Some(cell) = self.cells.get_mut(k) {
            *cell = self.grid.cell_at([place[0], place[1]]);
        }
    }
}

/// An enemy's position `(x, z)` and scale, for the spatial index; an enemy that is no target
/// (not in its move clip) gets [`NOT_A_TARGET`] for its scale, which nothing reaches.
#[inline]
pub(super) fn place_of(enemy: &Enemy, maths: Maths) -> [f32; 3] {
    place_at(enemy, enemy.pose(maths).position)
}

/// [`place_of`] with the pose's position already known.
#[inline]
pub(super) fn place_at(enemy: &Enemy, [x, z]: [f32; 2]) -> [f32; 3] {
    let scale = if enemy.is_target() {
        enemy.params.scale
    } else {
        NOT_A_TARGET
    };
    [x, z, scale]
}

/// Advances one chunk (`animated`: by the clips' rules; each enemy by `dt` times its speed
/// factor, where `factors` is as long as the chunk, else by `dt`); records the chunk-local index of
/// each reclaimed enemy in `slots`, in ascending order (a kill marked with [`KILLED`], an
/// arrival that stays with [`ARRIVED`]), and returns their number.
pub(super) fn advance_chunk(
    states: &mut [Enemy],
    slots: &mut [u32],
    factors: &[f32],
    board: &Board,
    dt: f32,
    animated: bool,
) -> u32 {
    let mut recorded = 0;
    let mut record = |i: usize, stepped: Stepped| {
        let mark = match stepped {
            Stepped::Walking => return,
            Stepped::Reached => 0,
            Stepped::Killed => KILLED,
            Stepped::Arrived => ARRIVED,
        };
        slots[recorded] = i as u32 | mark;
        recorded += 1;
    };
    // One loop per mode: no per-enemy branch on the mode, nor on speed factors where no
    // tower gave any.
    match (animated, factors.is_empty()) {
        (true, true) => {
            for (i, enemy) in states.iter_mut().enumerate() {
                record(i, enemy.advance_animated(board, dt));
            }
        }
        (false, true) => {
            for (i, enemy) in states.iter_mut().enumerate() {
                record(i, enemy.advance(board, dt));
            }
        }
        (true, false) => {
            for (i, (enemy, factor)) in states.iter_mut().zip(factors).enumerate() {
                record(i, enemy.advance_animated(board, dt * factor));
            }
        }
        (false, false) => {
            for (i, (enemy, factor)) in states.iter_mut().zip(factors).enumerate() {
                record(i, enemy.advance(board, dt * factor));
            }
        }
    }
    recorded as u32
}

/// How a pass makes the instances, decided once for the whole pass.
#[derive(Clone, Copy, Debug)]
pub(super) struct Look {
    /// The clips are on.
    pub(super) animated: bool,
    /// Some enemies are balls, whose slots draw nothing.
    pub(super) spheres: bool,
    /// The maths of the turns.
    pub(super) maths: Maths,
}

/// An enemy's instance in the fused pass's batch: nothing (a zero matrix) for an enemy drawn
/// as a ball, which [`Enemies::write_spheres`] draws.
#[inline]
pub(super) fn cube_instance_of(enemy: &Enemy, animated: bool, maths: Maths) -> ModelInstance {
    if enemy.sphere {
        return ModelInstance::zeroed_instance();
    }
    instance_of(enemy, animated, maths)
}

/// An enemy's instance: its clips' shape with animation on, standing without.
#[inline]
pub(super) fn instance_of(enemy: &Enemy, animated: bool, maths: Maths) -> ModelInstance {
    let pose = enemy.pose(maths);
    if animated {
        animated_instance(enemy, &pose)
    } else {
        ModelInstance::new(&pose, enemy.params.scale, enemy.color)
    }
}

/// The instance of an enemy at `pose` with animation on: a walking enemy only bounces (the
/// standing instance, lifted); the clips' whole shape otherwise.
#[inline(always)]
fn animated_instance(enemy: &Enemy, pose: &Pose) -> ModelInstance {
    let (scale, color, rate) = (enemy.params.scale, enemy.color, enemy.move_rate());
    match enemy.anim.walking_lift(rate) {
        Some(lift) => ModelInstance::lifted(pose, scale, color, lift),
        None => ModelInstance::shaped(pose, scale, color, &enemy.anim.shape(rate)),
    }
}

/// The fused pass: splits enemies, scratch, sink and tracks in halves on chunk boundaries and
/// runs the halves in parallel; each chunk is advanced, then its instances (and tracks)
/// written.
pub(super) fn fused<S: InstanceSink>(
    work: Work<'_>,
    sink: &mut S,
    tracks: Tracks<'_>,
    step: (&Board, f32, Look),
) {
    let (board, dt, look) = step;
    if work.states.len() <= CHUNK {
        let states = work.advance(board, dt, look.animated);
        write_into(states, sink, tracks, (look, Some(board)));
        return;
    }
    let (a, b, mid) = work.halves();
    let (mut sink_a, mut sink_b) = sink.split(mid);
    let (tracks_a, tracks_b) = tracks.split_at(mid);
    rayon::join(
        || fused(a, &mut sink_a, tracks_a, step),
        || fused(b, &mut sink_b, tracks_b, step),
    );
}

/// What a pass advances: enemies, the scratch their removals are recorded in, one count a
/// chunk, and their speed factors (as long as the enemies, or empty when no tower gave any).
pub(super) struct Work<'a> {
    pub(super) states: &'a mut [Enemy],
    pub(super) slots: &'a mut [u32],
    pub(super) counts: &'a mut [u32],
    pub(super) factors: &'a [f32],
}

impl<'a> Work<'a> {
    /// Advances this chunk, recording its count; returns its enemies.
    fn advance(self, board: &Board, dt: f32, animated: bool) -> &'a [Enemy] {
        if let Some(count) = self.counts.first_mut() {
            *count = advance_chunk(self.states, self.slots, self.factors, board, dt, animated);
        }
        self.states
    }

    /// The work cut in two on a chunk boundary, and where.
    fn halves(self) -> (Work<'a>, Work<'a>, usize) {
        let mid_chunk = self.counts.len() / 2;
        let mid = mid_chunk * CHUNK;
        let (states_a, states_b) = self.states.split_at_mut(mid);
        let (slots_a, slots_b) = self.slots.split_at_mut(mid);
        let (counts_a, counts_b) = self.counts.split_at_mut(mid_chunk);
        let (factors_a, factors_b) = self.factors.split_at(mid.min(self.factors.len()));
        let a = Work {
            states: states_a,
            slots: slots_a,
            counts: counts_a,
            factors: factors_a,
        };
        let b = Work {
            states: states_b,
            slots: slots_b,
            counts: counts_b,
            factors: factors_b,
        };
        (a, b, mid)
    }
}

/// The update's pass without instances: each chunk advanced, then (where tracked) its places
/// and cells written while it is in cache; halves in parallel.
pub(super) fn advance_all(
    work: Work<'_>,
    mut tracks: Tracks<'_>,
    step: (&Board, f32, bool, Maths),
) {
    let (board, dt, animated, maths) = step;
    if work.states.len() <= CHUNK {
        let states = work.advance(board, dt, animated);
        tracks.keep_keys(states, Some(board));
        if !tracks.places.is_empty() {
            for (k, enemy) in states.iter().enumerate() {
                tracks.keep(k, place_of(enemy, maths));
            }
        }
        return;
    }
    let (a, b, mid) = work.halves();
    let (tracks_a, tracks_b) = tracks.split_at(mid);
    rayon::join(
        || advance_all(a, tracks_a, step),
        || advance_all(b, tracks_b, step),
    );
}

/// Writes the instances of `states` into `sink` (as long as `states`), halving both until a
/// chunk is left and writing the halves in parallel.
pub(super) fn write_parallel<S: InstanceSink>(states: &[Enemy], sink: &mut S, look: Look) {
    if states.len() <= CHUNK {
        write_into(states, sink, Tracks::none(), (look, None));
        return;
    }
    let mid = states.len() / 2;
    let (states_a, states_b) = states.split_at(mid);
    let (mut sink_a, mut sink_b) = sink.split(mid);
    rayon::join(
        || write_parallel(states_a, &mut sink_a, look),
        || write_parallel(states_b, &mut sink_b, look),
    );
}

/// Writes a chunk's instances into a sink: in place when it is a slice, else through a small
/// stack buffer (so write-only memory gets whole runs of bytes). Where tracked, each enemy's
/// place and cell are written from the same pose, and its keys on `board` right after, while
/// the enemies are in the nearest cache (`board` is needed where keys are tracked).
pub(super) fn write_into<S: InstanceSink>(
    states: &[Enemy],
    sink: &mut S,
    mut tracks: Tracks<'_>,
    (look, board): (Look, Option<&Board>),
) {
    if let Some(slice) = sink.as_slice() {
        tracks.keep_keys(states, board);
        write_chunk(states, slice, tracks, look);
        return;
    }
    const RUN: usize = 64;
    let mut buffer = [ModelInstance::zeroed_instance(); RUN];
    for (run, enemies) in states.chunks(RUN).enumerate() {
        let start = run * RUN;
        let mut run_tracks = tracks.range(start, enemies.len());
        run_tracks.keep_keys(enemies, board);
        write_chunk(enemies, &mut buffer[..enemies.len()], run_tracks, look);
        sink.write(start, &buffer[..enemies.len()]);
    }
}

/// Writes one chunk's instances, and where tracked their places and cells, computing each pose
/// once; with the clips on (`look.animated`) each instance shows them, and with balls in the
/// pool (`look.spheres`) their slots draw nothing.
#[inline]
fn write_chunk(states: &[Enemy], out: &mut [ModelInstance], tracks: Tracks<'_>, look: Look) {
    // One loop per mode: the shape of a standing enemy is not worked out per enemy.
    if look.animated {
        write_chunk_as(states, out, (tracks, look.maths), animated_instance);
    } else {
        write_chunk_as(states, out, (tracks, look.maths), |enemy, pose| {
            ModelInstance::new(pose, enemy.params.scale, enemy.color)
        });
    }
    if look.spheres {
        // The balls are drawn by their own batch: their slots here draw nothing.
        for (enemy, slot) in states.iter().zip(out.iter_mut()) {
            if enemy.sphere {
                *slot = ModelInstance::zeroed_instance();
            }
        }
    }
}

/// [`write_chunk`] with each instance made by `instance`.
#[inline(always)]
fn write_chunk_as(
    states: &[Enemy],
    out: &mut [ModelInstance],
    (tracks, maths): (Tracks<'_>, Maths),
    instance: impl Fn(&Enemy, &Pose) -> ModelInstance,
) {
    if tracks.places.is_empty() {
        for (enemy, slot) in states.iter().zip(out.iter_mut()) {
            *slot = instance(enemy, &enemy.pose(maths));
        }
        return;
    }
    if tracks.cells.is_empty() {
        for ((enemy, slot), place) in states.iter().zip(out.iter_mut()).zip(tracks.places) {
            let pose = enemy.pose(maths);
            *slot = instance(enemy, &pose);
            *place = place_at(enemy, pose.position);
        }
        return;
    }
    let grid = tracks.grid;
    let kept = tracks.places.iter_mut().zip(tracks.cells.iter_mut());
    for ((enemy, slot), (place, cell)) in states.iter().zip(out.iter_mut()).zip(kept) {
        let pose = enemy.pose(maths);
        *slot = instance(enemy, &pose);
        *place = place_at(enemy, pose.position);
        *cell = grid.cell_at(pose.position);
    }
}
