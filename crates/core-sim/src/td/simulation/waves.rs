//! The waves cleared of an endless game, its score: a wave is cleared once it has spawned its
//! last enemy and every enemy it spawned is gone (killed, or arrived). Enemies' ids count up in
//! spawn order, so a wave's enemies are those below the next id when its last one spawned; the
//! oldest wave still waiting is cleared when no live enemy is below its mark. Kept only under
//! endless waves (the other games' saves and checksums hold nothing of it).

use crate::td::enemies::Enemies;
use std::collections::VecDeque;

/// The waves cleared, and the marks of the waves spawned but not yet cleared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WaveTally {
    /// Waves whose last enemy is gone.
    pub cleared: u64,
    /// For each wave spawned and not yet cleared, oldest first: the next id when its last
    /// enemy spawned.
    pub waiting: VecDeque<u64>,
}

impl WaveTally {
    /// A wave spawned its last enemy; `next_id` will be the next enemy's id.
    pub(super) fn wave_ended(&mut self, next_id: u64) {
        self.waiting.push_back(next_id);
    }

    /// Counts the waves the pool no longer holds an enemy of.
    pub(super) fn settle(&mut self, enemies: &Enemies) {
        if self.waiting.is_empty() {
            return;
        }
        let oldest = enemies.ids().iter().min().copied().unwrap_or(u64::MAX);
        while self.waiting.front().is_some_and(|&mark| oldest >= mark) {
            self.waiting.pop_front();
            self.cleared += 1;
        }
    }

    /// Whether the marks are a tally some game could have left: rising, none past `next_id`.
    pub(crate) fn check(&self, next_id: u64) -> Result<(), String> {
        let rising = self
            .waiting
            .iter()
            .zip(self.waiting.iter().skip(1))
            .all(|(a, b)| a <= b);
        if rising && self.waiting.iter().all(|&m| m <= next_id) {
            Ok(())
        } else {
            Err(format!(
                "its waves' marks {:?} are not a game's",
                self.waiting
            ))
        }
    }
}
