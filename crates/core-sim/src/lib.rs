//! Horde's games as simulations — the tower defense first, the endless runner and the
//! platformer treadmill beside it — with no graphics, windowing or GPU dependency.
//!
//! Priorities, in order: behave exactly as the reference texts describe (Catlike Coding's
//! *Tower Defense* parts 1 and 2), be deterministic (the same seed, level, settings and steps
//! give the same run on any machine and with any number of threads), and be fast enough for a
//! million enemies (no allocation per step once warmed up; one parallel pass that updates every
//! enemy and writes its model matrix).
//!
//! The crate holds three games, each in its folder:
//! - [`td`]: the tower-defense board, flow field, enemies, simulation and level files — the
//!   reference texts' game and the crate's main one (its common types are re-exported here).
//! - [`runner`]: the endless runner (track pool, obstacles, jump and crouch, autopilot).
//! - [`platformer`]: the 2D section treadmill (three points, templates not active elsewhere).
//!
//! and `script_lines`, the line format the edit and input scripts share. Reading and writing
//! files (capped reads, RON with positioned errors, atomic saves) is `horde_files`'.
//!
//! ```
//! use horde_core_sim::{Simulation, SpawnSettings, td::level};
//!
//! let board = level::parse_level(".S.\n.D.\n...\n", "inline".as_ref()).unwrap();
//! let mut sim = Simulation::new(board, SpawnSettings::default(), 7);
//! for _ in 0..120 {
//!     sim.step(1.0 / 60.0);
//! }
//! // One enemy per second: two spawned, the first already reclaimed at the destination.
//! assert_eq!(sim.counts().spawned, 2);
//! assert_eq!(sim.counts().reclaimed, 1);
//! ```

pub mod platformer;
pub mod runner;
mod script_lines;
pub mod td;

/// The tower defense's rooms, also reachable at the root as they were before the games had
/// folders (`horde_core_sim::level` is `horde_core_sim::td::level`).
pub use td::{
    ballistics, board, clip, direction, enemies, enemy, enemy_color, flow_field, generate, level,
    model, pick, scenario, script, settings, simulation, sink, spatial, tile, towers, trace,
};

pub use td::{
    Animation, Board, BoardError, BoardReload, Clip, Counts, Direction, DirectionChange, EditKind,
    EditRefused, Enemies, EnemyColor, EnemyParams, EnemyView, FloatRange, InstanceSink,
    ModelInstance, MoveState, NEUTRAL_ENEMY_COLOR, Outcome, Pose, Scenario, SettingsError,
    Simulation, SliceTooShort, SpawnError, SpawnSettings, TileContent, Tower, TowerKind,
    TowerSettings, TowerState, pack_rgba,
};
