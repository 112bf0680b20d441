//! What a desync leaves: the checksums of the last checked ticks with a copy of the game at
//! each ([`Checks`], on every side), so that a difference found later is still written as the
//! save of the tick it was found at (`desync-TICK-NAME.horde`); and the error every side stops
//! with ([`DesyncError`]).

use anyhow::{Context, Result};
use horde_core_sim::DT;
use horde_core_sim::td::files::save_game_with_source;
use horde_core_sim::td::game::{GameSource, Simulation};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};

/// How many checked ticks each side keeps a copy of: a desync is found within the delay and a
/// report's interval of the later side (less than a check apart), and each copy held costs
/// the step memory it was copied from (BENCHMARKS.md, co-op).
const KEPT_CHECKS: usize = 2;

/// A desync, as every side reports it.
#[derive(Debug)]
pub struct DesyncError {
    /// The tick whose checksums differ.
    pub tick: u64,
    /// The sentence.
    pub message: String,
}

impl std::fmt::Display for DesyncError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DesyncError {}

/// The checksums of the last checked ticks, with a copy of the game at each.
#[derive(Default)]
pub struct Checks {
    kept: VecDeque<(u64, u64, Simulation)>,
}

impl Checks {
    /// After a checked tick: keeps its checksum and a copy of `sim`; returns the checksum.
    pub fn keep(&mut self, sim: &Simulation) -> u64 {
        let checksum = sim.checksum();
        if self.kept.len() == KEPT_CHECKS {
            self.kept.pop_front();
        }
        self.kept
            .push_back((sim.counts().ticks, checksum, sim.clone()));
        checksum
    }

    /// Forgets every tick after `tick` (the game was taken back there).
    pub fn forget_after(&mut self, tick: u64) {
        self.kept.retain(|k| k.0 <= tick);
    }

    /// The checksum kept for `tick`.
    pub fn checksum(&self, tick: u64) -> Option<u64> {
        self.kept.iter().find(|k| k.0 == tick).map(|k| k.1)
    }

    /// Writes the game of `tick` as `desync-TICK-NAME.horde` in `folder`; the path written.
    pub fn write_desync_save(
        &self,
        tick: u64,
        name: &str,
        folder: &Path,
        source: Option<&GameSource>,
    ) -> Result<PathBuf> {
        let (_, _, sim) = self
            .kept
            .iter()
            .find(|k| k.0 == tick)
            .with_context(|| format!("no copy of tick {tick} is kept any more"))?;
        let file: String = name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let path = folder.join(format!("desync-{tick}-{file}.horde"));
        save_game_with_source(&path, sim, DT, source)?;
        Ok(path)
    }
}
