//! The tower-defense counters as JSON: one shape, in the CLI contract's key order, for `horde
//! sim`'s summary line and the TD scene's `horde run --json` summary (after its `frames`).

use horde_core_sim::td::game::Counts;
use serde::Serialize;

/// [`Counts`] as the summaries print them: `ticks, spawned, reclaimed, alive, killed, reached,
/// lives, outcome, shots`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct CountsJson {
    ticks: u64,
    spawned: u64,
    reclaimed: u64,
    alive: u64,
    killed: u64,
    reached: u64,
    lives: u32,
    outcome: &'static str,
    shots: u64,
}

impl From<Counts> for CountsJson {
    fn from(c: Counts) -> CountsJson {
        CountsJson {
            ticks: c.ticks,
            spawned: c.spawned,
            reclaimed: c.reclaimed,
            alive: c.alive,
            killed: c.killed,
            reached: c.reached,
            lives: c.lives,
            outcome: c.outcome.name(),
            shots: c.shots,
        }
    }
}
