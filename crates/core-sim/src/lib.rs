//! Horde's games as simulations — the tower defense first, the endless runner and the
//! platformer treadmill beside it — with no graphics, windowing or GPU dependency.
//!
//! ```
//! use horde_core_sim::DT;
//! use horde_core_sim::td::{Outcome, Scenario, Simulation, SpawnSettings, parse_level};
//!
//! // A level (one character a tile; the first line is the northmost row) and a scenario.
//! let board = parse_level("S....\n####.\nD....\n", "inline".as_ref()).unwrap();
//! let scenario = Scenario::parse(horde_core_sim::td::EXAMPLE_SCENARIO, "example.ron".as_ref())
//!     .unwrap();
//! let mut sim = Simulation::new(board, SpawnSettings::default(), 7);
//! sim.set_scenario(Some(scenario));
//! while sim.counts().ticks < 60 * 60 && sim.outcome() == Outcome::Running {
//!     sim.step(DT);
//! }
//! // No tower stands: the example's wave walks in, and its ten lives are not enough.
//! assert_eq!(sim.outcome(), Outcome::Defeat);
//! println!("lost after {} ticks, checksum {:016x}", sim.counts().ticks, sim.checksum());
//! ```
//!
//! (`cargo run -p horde-core-sim --example headless_game` plays a whole game this way and
//! prints its checksums.)
//!
//! Priorities, in order: behave exactly as the reference texts describe (Catlike Coding's
//! *Tower Defense* series), be deterministic (the same seed, level, settings and steps give
//! the same run on any machine and with any number of threads; a state checksum proves it),
//! and be fast enough for a million enemies (no allocation per step once warmed up; one
//! parallel pass that updates every enemy and writes its model matrix).
//!
//! The crate shows three faces, one module a game, each a curated list of names (one path
//! each): [`td`], the tower defense (board, flow field, enemies, towers and their fight,
//! scenarios, saves, recordings, the time machine); [`runner`], the endless runner; and
//! [`platformer`], the platformer treadmill. What they share is here: the fixed step every
//! game is played at ([`TICKS_PER_SECOND`], [`DT`]). Every other module is private. Reading and writing files (capped reads, RON with positioned errors,
//! atomic saves) is `horde_files`'. The crate's design is described in the repository's
//! `docs/ARCHITECTURE.md`.
#![deny(missing_docs)]

pub mod platformer;
pub mod runner;
mod script_lines;
pub mod td;

/// Ticks in a second of game time: every game of the crate is played in fixed steps of
/// [`DT`], as the reference texts' fixed update is (recordings, saves and checksums count
/// ticks of it).
pub const TICKS_PER_SECOND: u32 = 60;

/// Seconds one fixed step lasts: `1 / TICKS_PER_SECOND`.
pub const DT: f32 = 1.0 / TICKS_PER_SECOND as f32;

/// What the fuzz targets run (`fuzz/`, with the `fuzzing` feature): each takes a hostile
/// input and must not panic, except on a broken rule of the game.
#[cfg(feature = "fuzzing")]
pub mod fuzzing {
    pub use crate::platformer::check_sections_text;
    pub use crate::td::recording::fuzz_parse as check_recording_text;
    pub use crate::td::save::fuzz::check_save_bytes;
    pub use crate::td::scenario_fuzz::check_scenario_text;
}
