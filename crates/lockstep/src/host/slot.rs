//! A peer as the host holds it: its connection, its name, where it says it stands, when it
//! was last heard, and its edits at its last stamp tick.

use crate::net::Link;
use std::time::Instant;

/// A peer that said hello.
pub(super) struct Slot {
    pub(super) conn: u64,
    pub(super) name: String,
    pub(super) link: Link,
    /// The last tick it said it stood after.
    pub(super) tick: u64,
    /// When it was last heard from.
    pub(super) heard: Instant,
    /// The stamp tick of its last edits, and how many it had.
    pub(super) edits_at: (u64, usize),
}
