//! Horde's games as simulations — the tower defense first, the endless runner and the
//! platformer treadmill beside it — with no graphics, windowing or GPU dependency.
//!
//! ```
//! use horde_core_sim::DT;
//! use horde_core_sim::td::files::parse_level;
//! use horde_core_sim::td::game::{Outcome, Scenario, Simulation};
//! use horde_core_sim::td::swarm::SpawnSettings;
//!
//! // A level (one character a tile; the first line is the northmost row) and a scenario.
//! let board = parse_level("S....\n####.\nD....\n", "inline".as_ref()).unwrap();
//! let scenario = Scenario::parse(horde_core_sim::td::game::EXAMPLE_SCENARIO, "example.ron".as_ref())
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
//! each): [`td`] (`td/`), the tower defense (board, flow field, enemies, towers and their
//! fight, scenarios, saves, recordings, the time machine); [`runner`] (`runner/`), the endless
//! runner; and [`platformer`] (`platformer/`), the platformer treadmill. What they share is
//! here: the fixed step every game is played at ([`TICKS_PER_SECOND`], [`DT`]), and the maths
//! beyond IEEE's basic operations every game takes from one implementation on every platform
//! ([`maths`], `maths.rs`: the same game gives the same checksums natively and in wasm).
//! Every other module is private: `step.rs` holds the step and `script_lines.rs` the line reader the text
//! formats share; only `fuzzing.rs` (what the fuzz targets in `fuzz/` run) is public too, and
//! only with the `fuzzing` feature. Reading and writing files (capped reads, RON with
//! positioned errors, atomic saves) is `horde_files`'. The crate's design is described in the
//! repository's `docs/ARCHITECTURE.md`.
#![deny(missing_docs)]

pub mod maths;
pub mod platformer;
pub mod runner;
mod script_lines;
mod step;
pub mod td;

pub use step::{DT, TICKS_PER_SECOND};

#[cfg(feature = "fuzzing")]
pub mod fuzzing;
