//! The host's checksum comparison: each peer's checksum of a checked tick against the host's
//! own (kept until the host has played that tick); the first difference is told to everyone
//! and ends the game with the host's save of that tick written.

use super::Host;
use crate::desync::DesyncError;
use crate::game::Game;
use crate::wire::{ToPeer, frame};
use anyhow::Result;
use horde_core_sim::td::history::checksum_hex;
use std::sync::Arc;

impl Host {
    /// Compares the peers' checksums of ticks up to the host's `tick`.
    pub(super) fn compare_early<G: Game>(&mut self, game: &G, tick: u64) -> Result<()> {
        let mut differ: Vec<(u64, String, u64, u64)> = Vec::new();
        let checks = &self.checks;
        self.early.retain(|(at, name, theirs)| {
            if *at > tick {
                return true;
            }
            match checks.checksum(*at) {
                Some(ours) if ours != *theirs => differ.push((*at, name.clone(), *theirs, ours)),
                Some(_) => {}
                None => {
                    log::warn!("co-op: {name} sent a checksum of tick {at}, which is not checked")
                }
            }
            false
        });
        let Some(first) = differ.iter().map(|d| d.0).min() else {
            return Ok(());
        };
        let _ = game;
        let names: Vec<String> = differ
            .iter()
            .filter(|d| d.0 == first)
            .map(|d| d.1.clone())
            .collect();
        let told = Arc::new(frame(&ToPeer::Desync {
            tick: first,
            players: names.clone(),
        }));
        self.broadcast(&told);
        let detail: Vec<String> = differ
            .iter()
            .filter(|d| d.0 == first)
            .map(|d| {
                format!(
                    "{}'s checksum is {}, the host's {}",
                    d.1,
                    checksum_hex(d.2),
                    checksum_hex(d.3)
                )
            })
            .collect();
        let saved = self.checks.write_desync_save(
            first,
            &self.settings.name,
            &self.settings.report_dir,
            self.settings.source.as_ref(),
        );
        let saved = match saved {
            Ok(path) => format!("the host's save of tick {first}: {}", path.display()),
            Err(e) => format!("the host's save could not be written: {e:#}"),
        };
        Err(DesyncError {
            tick: first,
            message: format!(
                "desync at tick {first}: {} ({saved}; every player writes theirs as desync-{first}-NAME.horde)",
                detail.join("; ")
            ),
        }
        .into())
    }
}
