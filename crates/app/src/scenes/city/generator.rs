//! The city's background generator: makes the infinite map around the latest walker position
//! it was sent, on a low-priority worker with a small low-priority pool for the map's parallel
//! block solves, nearest first, and hands over whole blocks of columns. The map is a pure
//! function of seed and position, so whatever arrives is final: nothing shown ever changes.
//! Blocks far behind the walker are dropped from the map and from what was sent, and come back
//! identical if the walker returns.
//!
//! [`in_step`] is the same map on a worker asked in step with its scene instead: the scene
//! waits for each answer, so what it holds is a pure function of where its walker went
//! (`horde screenshot`, tests). Both are [`Worker`]s, bounded like the other generators.

use crate::worker::{Worker, WorkerChannels, background_pool, on_pool};
use horde_levelgen::collapse::{
    Area, BlockCoord, CITY_HEIGHT as HEIGHT, CITY_KEEP_RADIUS as KEEP_RADIUS, InfiniteMap, LAYERS,
    ModuleSet, block_area, blocks_over,
};
use std::collections::HashSet;

/// Columns made around the walker, first the near ones then the rest (ten more than the view
/// radius: the generator's slack when it falls behind).
const NEAR: i32 = 16;
/// The outer reach of what is made.
pub const REACH: i32 = 24;
/// Walker positions and finished batches in flight between the scene and the worker.
const QUEUE: usize = 64;

/// One column of the map: its position and its modules, bottom to top.
pub type Column = ((i32, i32), Vec<u16>);

/// What the generator hands over: finished columns, or why it stopped.
pub enum Generated {
    /// Newly made columns.
    Columns(Settled),
    /// Blocks (of the map's last layer) the generator dropped: the scene drops their columns
    /// too. The generator is the one judge of what is held, so a block it will send again
    /// when the walker comes back is never one the scene still holds, nor one it lacks.
    Dropped(Vec<BlockCoord>),
    /// The generator stopped for this reason; nothing more will come.
    Failed(String),
}

/// Columns the generator hands over at a time.
pub struct Settled {
    /// The columns of newly made blocks.
    pub columns: Vec<Column>,
    /// Backtracks so far.
    pub backtracks: u64,
    /// Blocks that could not be solved and kept the layer below, so far.
    pub blocks_kept: u64,
}

/// What the scene shows and logs when its generator stops: the one sentence for it.
pub fn stopped(why: impl std::fmt::Display) -> String {
    format!("the city generator stopped: {why}")
}

/// The map of `set` and `seed`, or why the generator stopped before it began.
fn new_map(set: &ModuleSet, seed: u64) -> Result<InfiniteMap<'_>, Generated> {
    InfiniteMap::new(set, HEIGHT, seed)
        .map_err(|error| Generated::Failed(stopped(format_args!("it cannot start: {error}"))))
}

/// Starts the generator for `set` and `seed` on a background worker; send it walker cells.
pub fn start(set: ModuleSet, seed: u64) -> std::io::Result<Worker<(i32, i32), Generated>> {
    Worker::spawn("city generator", QUEUE, move |channels| {
        generate(&set, seed, channels)
    })
}

/// The worker's loop: for the newest position, the near square, then the far one.
fn generate(set: &ModuleSet, seed: u64, channels: WorkerChannels<(i32, i32), Generated>) {
    let mut map = match new_map(set, seed) {
        Ok(map) => map,
        Err(failed) => {
            let _ = channels.results.send(failed);
            return;
        }
    };
    let pool = background_pool("city worker");
    let mut sent: HashSet<BlockCoord> = HashSet::new();
    let last = LAYERS - 1;
    while let Ok(mut at) = channels.requests.recv() {
        // Only the latest position matters.
        while let Ok(newer) = channels.requests.try_recv() {
            at = newer;
        }
        for radius in [NEAR, REACH] {
            let side = (2 * radius + 1) as u32;
            let area = Area::new(at.0 - radius, at.1 - radius, side, side);
            if let Err(error) = on_pool(pool.as_ref(), || map.ensure(area)) {
                let _ = channels.results.send(Generated::Failed(stopped(error)));
                return;
            }
            let mut columns = Vec::new();
            for block in blocks_over(last, area) {
                if !sent.insert(block) {
                    continue;
                }
                let b = block_area(last, block);
                for z in b.z0..b.z1 {
                    for x in b.x0..b.x1 {
                        if let Some(column) = map.column(x, z) {
                            columns.push(((x, z), column.to_vec()));
                        }
                    }
                }
            }
            if !columns.is_empty() {
                let stats = map.stats();
                let settled = Settled {
                    columns,
                    backtracks: stats.backtracks,
                    blocks_kept: stats.blocks_kept.iter().sum(),
                };
                if channels.results.send(Generated::Columns(settled)).is_err() {
                    return;
                }
            }
        }
        map.retain_near(at.0, at.1, KEEP_RADIUS);
        let mut dropped = Vec::new();
        sent.retain(|&b| {
            let near = block_area(last, b).distance_to(at.0, at.1) <= KEEP_RADIUS;
            if !near {
                dropped.push(b);
            }
            near
        });
        if !dropped.is_empty() && channels.results.send(Generated::Dropped(dropped)).is_err() {
            return;
        }
    }
}

/// Starts the generator in step for `set` and `seed`: a worker that owns the map and answers
/// each walker cell it is asked about ([`Worker::ask`]) with every column within [`REACH`] of
/// it, made before it answers; the map keeps what lies within [`KEEP_RADIUS`], as the
/// background generator's does.
pub fn in_step(set: ModuleSet, seed: u64) -> std::io::Result<Worker<(i32, i32), Generated>> {
    Worker::spawn("city generator (in step)", 1, move |channels| {
        answer_in_step(&set, seed, channels)
    })
}

/// The in-step worker's loop.
fn answer_in_step(set: &ModuleSet, seed: u64, channels: WorkerChannels<(i32, i32), Generated>) {
    let mut map = match new_map(set, seed) {
        Ok(map) => map,
        Err(failed) => {
            let _ = channels.results.send(failed);
            return;
        }
    };
    while let Ok(at) = channels.requests.recv() {
        let side = (2 * REACH + 1) as u32;
        let area = Area::new(at.0 - REACH, at.1 - REACH, side, side);
        let answer = match map.ensure(area) {
            Ok(_) => {
                let cells =
                    (area.z0..area.z1).flat_map(|z| (area.x0..area.x1).map(move |x| (x, z)));
                let columns = cells
                    .filter_map(|(x, z)| map.column(x, z).map(|c| ((x, z), c.to_vec())))
                    .collect();
                let stats = map.stats();
                Generated::Columns(Settled {
                    columns,
                    backtracks: stats.backtracks,
                    blocks_kept: stats.blocks_kept.iter().sum(),
                })
            }
            Err(error) => Generated::Failed(stopped(error)),
        };
        map.retain_near(at.0, at.1, KEEP_RADIUS);
        let failed = matches!(answer, Generated::Failed(_));
        if channels.results.send(answer).is_err() || failed {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::time::{Duration, Instant};

    /// What a scene holds, kept from the generator's messages.
    fn take(worker: &Worker<(i32, i32), Generated>, held: &mut HashSet<(i32, i32)>) {
        while let Some(generated) = worker.try_recv() {
            match generated {
                Generated::Columns(settled) => {
                    held.extend(settled.columns.into_iter().map(|(at, _)| at));
                }
                Generated::Dropped(blocks) => {
                    for block in blocks {
                        let b = block_area(LAYERS - 1, block);
                        held.retain(|&(x, z)| {
                            !((b.x0..b.x1).contains(&x) && (b.z0..b.z1).contains(&z))
                        });
                    }
                }
                Generated::Failed(reason) => panic!("{reason}"),
            }
        }
    }

    /// Out 160 columns and back: what was dropped on the way out is sent again on the way
    /// back, so the view at the start is whole again (a scene that dropped by its own rule
    /// could be left with holes the generator thought it had filled).
    #[test]
    fn columns_dropped_far_away_come_back_with_the_walker() {
        let set = horde_levelgen::collapse::ModuleSet::built_in().unwrap();
        let worker = start(set, 5).unwrap();
        let mut held = HashSet::new();
        let out = (0..=160).step_by(8).map(|x| (x, 0));
        let back = (0..=160).rev().step_by(8).map(|x| (x, 0));
        let start_time = Instant::now();
        for at in out.chain(back) {
            while worker.try_send(at).is_err() {
                take(&worker, &mut held);
                std::thread::sleep(Duration::from_millis(5));
            }
            // Let the generator catch up a little, as a walker would.
            std::thread::sleep(Duration::from_millis(30));
            take(&worker, &mut held);
        }
        let view = |held: &HashSet<(i32, i32)>| {
            (-16..=16)
                .flat_map(|z| (-16..=16).map(move |x| (x, z)))
                .filter(|at| !held.contains(at))
                .count()
        };
        type Count = dyn Fn(&HashSet<(i32, i32)>) -> usize;
        let mut wait_until_none = |count: &Count, what: &str| {
            while count(&held) > 0 {
                assert!(
                    start_time.elapsed() < Duration::from_secs(120),
                    "{} columns {what}",
                    count(&held)
                );
                std::thread::sleep(Duration::from_millis(20));
                take(&worker, &mut held);
            }
        };
        wait_until_none(&view, "near the start never came back");
        // Nothing far away is kept, once the generator has said what it dropped (its last
        // messages may still be on the way when the view is whole).
        let far = |held: &HashSet<(i32, i32)>| {
            held.iter()
                .filter(|&&(x, z)| x.abs().max(z.abs()) > KEEP_RADIUS + 32)
                .count()
        };
        wait_until_none(&far, "far away were never dropped");
    }
}
