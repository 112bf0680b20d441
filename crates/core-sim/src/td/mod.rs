//! The tower-defense game of the reference texts (Catlike Coding's *Tower Defense* parts 1 and
//! 2): a tile board whose paths are a breadth-first flow field, and a stream of enemies that
//! follow them, updated in one deterministic parallel pass that also writes every enemy's
//! model matrix.
//!
//! The rooms:
//! - the board: [`tile`] (what a tile holds), [`direction`] (compass constants), [`board`]
//!   (tiles, edits and their revert rules), [`flow_field`] (the multi-source breadth-first
//!   search).
//! - the enemies: [`enemy`] (one enemy's state machine and pose), [`clip`] (its animation
//!   clips, part 6), [`enemies`] (the dense pool
//!   and its parallel update), [`enemy_color`] (the caller's choice of colour),
//!   [`settings`] (spawn ranges and their limits), [`model`] (the instance the renderer
//!   draws), [`sink`] (where the fused pass writes instances).
//! - the towers: [`towers`] (what every tower shares, and the kind table: one file a kind),
//!   [`fight`] (the towers' tick: the spatial index, the priority tables, the plan, the
//!   shells), [`ballistics`] (how shells fly and explosions last), [`effect`] (what a tower
//!   does to an enemy), [`pick`] (random choices independent of thread count).
//! - the game: [`scenario`] (enemy types, waves, cycles, lives; [`scenario_fuzz`] plays one
//!   for the fuzz target), [`simulation`] (board +
//!   enemies + spawner or scenario + towers + seeded random source, one tick in order).
//! - files: [`save`] (saved games, `*.horde`), [`level`] (level text files), [`reload`] (a
//!   level file edited while its game runs, a room of [`simulation`]), [`script`] (scripted edits), [`trace`] (the CSV
//!   trace), [`generate`] (large generated boards for stress runs).

pub mod ballistics;
pub mod board;
pub mod budget;
pub mod checksum;
pub mod clip;
pub mod direction;
pub mod effect;
pub mod enemies;
pub mod enemy;
pub mod enemy_color;
pub mod enemy_type;
pub mod fight;
pub mod flow_field;
pub mod generate;
pub mod level;
pub mod model;
pub mod pick;
pub mod preview;
pub mod recording;
pub mod recording_writer;
pub mod save;
pub mod scenario;
#[cfg(feature = "fuzzing")]
pub mod scenario_fuzz;
pub mod scenario_state;
pub mod script;
pub mod settings;
pub mod simulation;
pub mod sink;
pub mod tile;
pub mod timeline;
pub mod towers;
pub mod trace;
