//! The fixed step every game of the crate is played at, exported from the crate root.

/// Ticks in a second of game time: every game of the crate is played in fixed steps of
/// [`DT`], as the reference texts' fixed update is (recordings, saves and checksums count
/// ticks of it).
pub const TICKS_PER_SECOND: u32 = 60;

/// Seconds one fixed step lasts: `1 / TICKS_PER_SECOND`.
pub const DT: f32 = 1.0 / TICKS_PER_SECOND as f32;
