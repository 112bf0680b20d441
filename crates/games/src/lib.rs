//! Horde's games from where they come from, and recordings played again: what the app and the
//! board server share, so that the server verifies a run by exactly the replay `horde replay`
//! runs.
//!
//! The rooms:
//! - `days.rs`: days as challenges name them, the UTC date as `YYYYMMDD`.
//! - `levels.rs`: where a game comes from, as a value ([`horde_core_sim::td::game::GameSource`]):
//!   the flags made into a source, a source made into a board and a scenario (a generated board
//!   made again from its version, seed and spec), what is a challenge, the texts a recording
//!   carries.
//! - `replay.rs`: a recording's game started from its header, and the one replay loop that
//!   plays it through its edits and checks its checksum lines — with its history kept (the
//!   window's timeline, `horde replay --at`) or nothing kept (a run verified).
//! - `shipped.rs`: the games Horde ships (a level and a scenario each), their texts compiled
//!   in for where there are no files, opened and recorded from them.
//! - `session/`: the [`Session`], the one type that drives a TD game — its simulation, source,
//!   [`Mode`] and tick (edits due, the step, whoever watches) — and the modes' rules.
#![deny(missing_docs)]

mod days;
mod levels;
mod replay;
mod session;
mod shipped;

pub use days::{civil_from_days, day_of, days_of, today_utc, unix_seconds};
pub use levels::{
    ENDLESS_SCENARIO, board_of, carried_texts, challenge, game_of, generated, generated_source,
    is_challenge, recording_header, scenario_of, simulation_of, source_from_flags,
};
pub use replay::{Checked, Desync, Replayed, check, open, play, replay, start};
pub use session::{
    ChallengeOf, Change, CoopSide, Due, Fused, Mode, Plain, Refusal, Rules, Scripted, Session,
    Stepper, Watcher, mode_of,
};
pub use shipped::{SHIPPED, Shipped};
