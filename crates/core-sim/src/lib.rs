//! Horde's tower-defense simulation, with no graphics, windowing or GPU dependency.
//!
//! Priorities, in order: behave exactly as the reference texts describe (Catlike Coding's
//! *Tower Defense* parts 1 and 2), be deterministic (the same seed, level, settings and steps
//! give the same run on any machine and with any number of threads), and be fast enough for a
//! million enemies (no allocation per step once warmed up; one parallel pass that updates every
//! enemy and writes its model matrix).
//!
//! The rooms:
//! - [`board`]: tiles, edits and their revert rules; [`flow_field`]: the breadth-first paths.
//! - [`enemy`]: one enemy's state machine; [`enemies`]: the dense pool and parallel update;
//!   [`enemy_color`]: the caller's choice of enemy colour.
//! - [`simulation`]: board + enemies + spawner + seeded random source.
//! - [`settings`]: spawn settings and their limits; [`model`]: the instance the renderer draws;
//!   [`sink`]: where the fused pass writes instances (a slice, or GPU staging memory).
//! - [`runner`]: the endless runner game (track pool, obstacles, jump and crouch, autopilot).
//! - [`platformer`]: the 2D section treadmill (three points, templates not active elsewhere).
//! - [`generate`]: large generated boards; [`level`]: level files; [`script`]: scripted edits;
//!   [`trace`]: the CSV trace. Reading and writing files (capped reads, RON with positioned
//!   errors, atomic saves) is `horde_files`'.
//!
//! ```
//! use horde_core_sim::{Simulation, SpawnSettings, level};
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

pub mod board;
pub mod direction;
pub mod enemies;
pub mod enemy;
pub mod enemy_color;
pub mod flow_field;
pub mod generate;
pub mod level;
pub mod model;
pub mod platformer;
pub mod runner;
pub mod script;
pub mod settings;
pub mod simulation;
pub mod sink;
pub mod tile;
pub mod trace;

pub use board::{Board, BoardError, EditKind, EditRefused};
pub use direction::{Direction, DirectionChange};
pub use enemies::{Enemies, EnemyView, SliceTooShort};
pub use enemy::{EnemyParams, MoveState, Pose};
pub use enemy_color::{EnemyColor, NEUTRAL_ENEMY_COLOR};
pub use model::{ModelInstance, pack_rgba};
pub use settings::{FloatRange, SettingsError, SpawnSettings};
pub use simulation::{Counts, Simulation, SpawnError};
pub use sink::InstanceSink;
pub use tile::TileContent;
