//! The budget of messages one connection may send: a token bucket of [`BURST`] messages at
//! once and [`PER_SECOND`] after; what passes it is dropped and counted, the count logged once
//! a second, so one hostile peer cannot fill the game's queue.

use std::time::{Duration, Instant};

/// The messages a peer may send in a burst, and a second, before the rest are dropped.
pub(crate) const BURST: f64 = 64.0;
/// See [`BURST`].
pub(crate) const PER_SECOND: f64 = 600.0;

/// A token bucket over one connection's messages: [`BURST`] at once, [`PER_SECOND`] after.
pub(crate) struct Bucket {
    tokens: f64,
    at: Instant,
    dropped: u64,
    told: Instant,
}

impl Bucket {
    pub(crate) fn new() -> Bucket {
        Bucket {
            tokens: BURST,
            at: Instant::now(),
            dropped: 0,
            told: Instant::now(),
        }
    }

    /// Whether one more message may pass (else it is counted, and the count logged once a
    /// second).
    pub(crate) fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * PER_SECOND;
        self.tokens = (self.tokens + refill).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            return true;
        }
        self.dropped += 1;
        if now.duration_since(self.told) >= Duration::from_secs(1) {
            log::warn!(
                "co-op: a peer floods the host: {} messages dropped (more than {PER_SECOND} a second)",
                self.dropped
            );
            self.told = now;
            self.dropped = 0;
        }
        false
    }
}
