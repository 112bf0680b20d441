//! The session's numbers, in one place: the default delay, the silence that drops a peer,
//! the wait after which the HUD names whom the game waits for, how often lists and reports
//! travel, the most edits a player has at one tick, and how far the pace catches up.

use std::time::Duration;

/// Ticks between an edit and the tick it applies at, unless `--delay-ticks` says otherwise.
pub const DEFAULT_DELAY_TICKS: u64 = 6;

/// A peer heard from by nobody for this long is dropped, and the game goes on.
pub const SILENT_DROP: Duration = Duration::from_secs(10);

/// The HUD names whom the game waits for once it has waited this long.
pub const WAIT_NAMED_AFTER: Duration = Duration::from_millis(500);

/// A peer reports where it stands every this many ticks (and on every checked tick).
pub const REPORT_EVERY: u64 = 6;

/// The host sends its lists every this many ticks (sooner when an edit is among them).
pub const LIST_EVERY: u64 = 6;

/// The most edits one player may have applied at one tick; more are dropped.
pub const MAX_EDITS_PER_TICK: usize = 4;

/// The most time the pace catches up after a late frame or nap: a window whose frames come
/// slowly still plays 60 × pace ticks a second (several a frame), but after a longer stall
/// the game goes on from now at its pace rather than sprinting through it.
pub const CATCH_UP: Duration = Duration::from_millis(250);
