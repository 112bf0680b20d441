//! The city's background generator: grows the infinite map around the latest walker position
//! it was sent, on a low-priority worker, and hands over a chunk only once it is settled (its
//! eight neighbours exist, so no later chunk can change it): what the scene shows never has to
//! change.

use crate::worker::{Worker, WorkerChannels};
use horde_levelgen::wfc::infinite::CHUNK;
use horde_levelgen::wfc::{InfiniteMap, ModuleSet};
use std::collections::HashSet;

/// Height of the city in cells.
pub const HEIGHT: u32 = 6;
/// Chunks generated around the walker's chunk; those within one less are settled and shown
/// (at least `CHUNK * (LOOKAHEAD - 1)` = 24 cells out, ten more than the view radius, which is
/// the generator's slack when it falls behind).
const LOOKAHEAD: i32 = 4;
/// Walker positions and finished batches in flight between the scene and the worker.
const QUEUE: usize = 64;

/// One column of the map: its position and its modules, bottom to top.
pub type Column = ((i32, i32), Vec<u16>);

/// What the generator hands over at a time.
pub struct Settled {
    /// The columns of newly settled chunks.
    pub columns: Vec<Column>,
    /// Backtracks so far.
    pub backtracks: u64,
    /// Shown cells the map had to change so far.
    pub regenerated_shown: u64,
}

/// Starts the generator for `set` and `seed` on a background worker; send it walker cells.
pub fn start(set: ModuleSet, seed: u64) -> std::io::Result<Worker<(i32, i32), Settled>> {
    Worker::spawn("city generator", QUEUE, move |channels| {
        generate(&set, seed, channels)
    })
}

/// The worker's loop: for the newest position, nearest chunks first, ring by ring.
fn generate(set: &ModuleSet, seed: u64, channels: WorkerChannels<(i32, i32), Settled>) {
    let mut map = match InfiniteMap::new(set, HEIGHT, seed) {
        Ok(map) => map,
        Err(error) => {
            log::error!("the city generator cannot start: {error}");
            return;
        }
    };
    let mut sent = HashSet::new();
    while let Ok(mut at) = channels.requests.recv() {
        // Only the latest position matters.
        while let Ok(newer) = channels.requests.try_recv() {
            at = newer;
        }
        let (cx, cz) = (at.0.div_euclid(CHUNK), at.1.div_euclid(CHUNK));
        for radius in 0..=LOOKAHEAD {
            if let Err(error) = map.ensure_around(at.0, at.1, radius) {
                log::error!("the city generator stopped growing the map: {error}");
                break;
            }
            let mut columns = Vec::new();
            for dz in -radius..=radius {
                for dx in -radius..=radius {
                    let chunk = (cx + dx, cz + dz);
                    if !sent.contains(&chunk) && map.chunk_settled(chunk.0, chunk.1) {
                        sent.insert(chunk);
                        columns.extend(map.show_chunk(chunk.0, chunk.1));
                    }
                }
            }
            if !columns.is_empty() {
                let settled = Settled {
                    columns,
                    backtracks: map.backtracks(),
                    regenerated_shown: map.regenerated_shown(),
                };
                if channels.results.send(settled).is_err() {
                    return;
                }
            }
        }
    }
}
