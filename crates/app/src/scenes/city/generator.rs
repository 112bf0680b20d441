//! The city's background generator: makes the infinite map around the latest walker position
//! it was sent, on a low-priority worker with a small low-priority pool for the map's parallel
//! block solves, nearest first, and hands over whole blocks of columns. The map is a pure
//! function of seed and position, so whatever arrives is final: nothing shown ever changes.
//! Blocks far behind the walker are dropped from the map and from what was sent, and come back
//! identical if the walker returns.

use crate::worker::{Worker, WorkerChannels, lower_priority};
use horde_levelgen::wfc::infinite::layout::{block_area, blocks_over};
use horde_levelgen::wfc::infinite::{Area, BlockCoord, LAYERS};
use horde_levelgen::wfc::{InfiniteMap, ModuleSet};
use std::collections::HashSet;

/// Height of the city in cells.
pub const HEIGHT: u32 = 6;
/// Columns made around the walker, first the near ones then the rest (ten more than the view
/// radius: the generator's slack when it falls behind).
const NEAR: i32 = 16;
/// The outer reach of what is made.
pub const REACH: i32 = 24;
/// Columns the map keeps around the walker; what lies beyond is dropped.
pub const KEEP_RADIUS: i32 = 48;
/// Walker positions and finished batches in flight between the scene and the worker.
const QUEUE: usize = 64;

/// One column of the map: its position and its modules, bottom to top.
pub type Column = ((i32, i32), Vec<u16>);

/// What the generator hands over: finished columns, or why it stopped.
pub enum Generated {
    /// Newly made columns.
    Columns(Settled),
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

/// Starts the generator for `set` and `seed` on a background worker; send it walker cells.
pub fn start(set: ModuleSet, seed: u64) -> std::io::Result<Worker<(i32, i32), Generated>> {
    Worker::spawn("city generator", QUEUE, move |channels| {
        generate(&set, seed, channels)
    })
}

/// The worker's loop: for the newest position, the near square, then the far one.
fn generate(set: &ModuleSet, seed: u64, channels: WorkerChannels<(i32, i32), Generated>) {
    let mut map = match InfiniteMap::new(set, HEIGHT, seed) {
        Ok(map) => map,
        Err(error) => {
            let _ = channels.results.send(Generated::Failed(format!(
                "the city generator cannot start: {error}"
            )));
            return;
        }
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .thread_name(|i| format!("city worker {i}"))
        .start_handler(|_| lower_priority("a city worker"))
        .build();
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
            let made = match &pool {
                Ok(pool) => pool.install(|| map.ensure(area)),
                Err(_) => map.ensure(area),
            };
            if let Err(error) = made {
                let _ = channels.results.send(Generated::Failed(format!(
                    "the city generator stopped: {error}"
                )));
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
        sent.retain(|&b| block_area(last, b).distance_to(at.0, at.1) <= KEEP_RADIUS);
    }
}
