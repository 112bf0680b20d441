//! The tower-defense game of the reference texts (Catlike Coding's *Tower Defense* parts 1 and
//! 2): a tile board whose paths are a breadth-first flow field, and a stream of enemies that
//! follow them, updated in one deterministic parallel pass that also writes every enemy's
//! model matrix.
//!
//! Its public face is six groups of names, one path each, a reader can scan like the crate
//! root's three games: [`tiles`] (the board and its paths), [`swarm`] (the enemies),
//! [`defence`] (the towers and their fight), [`game`] (the simulation, scenarios, budgets,
//! where a game comes from), [`files`] (levels, saves, scripts, traces) and [`history`] (the
//! time machine: checksums, recordings, the timeline, the forecast). Every room is private.
//!
//! The rooms:
//! - the board: `tile.rs` (what a tile holds), `direction.rs` (compass constants), `board.rs`
//!   (tiles, edits and their revert rules), `flow_field.rs` (the multi-source breadth-first
//!   search).
//! - the enemies: `enemy.rs` (one enemy's state machine and pose), `clip.rs` (its animation
//!   clips, part 6), `enemies/` (the dense pool and its parallel update), `enemy_type.rs` (a
//!   scenario's enemy types), `enemy_color.rs` (the caller's choice of colour), `settings.rs`
//!   (spawn ranges and their limits), `model.rs` (the instance the renderer draws), `sink.rs`
//!   (where the fused pass writes instances).
//! - the towers: `towers/` (what every tower shares, and the kind table: one file a kind),
//!   `fight/` (the towers' tick: the spatial index, the priority tables, the plan, the
//!   shells), `ballistics.rs` (how shells fly and explosions last), `effect.rs` (what a tower
//!   does to an enemy), `pick.rs` (random choices independent of thread count).
//! - the game: `scenario/` (enemy types, waves, cycles, lives; `scenario_fuzz.rs` plays one
//!   for the fuzz target), `scenario_state.rs` (where a scenario stands), `budget.rs` (money
//!   under a budget), `simulation/` (board + enemies + spawner or scenario + towers + seeded
//!   random source, one tick in order).
//! - files: `source.rs` (where a game comes from, as a value: the level and the scenario),
//!   `save/` (saved games, `*.horde`), `level.rs` (level text files), `script.rs`
//!   (scripted edits), `trace.rs` (the CSV trace), `generate.rs` (large generated boards for
//!   stress runs).
//! - the time machine: `checksum.rs` (the state checksum), `recording/` (a recording's text:
//!   header, edits, checksums) and `recording_writer.rs` (writing one as a game is played),
//!   `timeline.rs` (keyframes and seeking), `preview.rs` (the forecast: the game run ahead).

pub(crate) mod ballistics;
pub(crate) mod board;
pub(crate) mod budget;
pub(crate) mod checksum;
pub(crate) mod clip;
pub(crate) mod direction;
pub(crate) mod effect;
pub(crate) mod enemies;
pub(crate) mod enemy;
pub(crate) mod enemy_color;
pub(crate) mod enemy_type;
pub(crate) mod fight;
pub(crate) mod flow_field;
pub(crate) mod generate;
pub(crate) mod level;
pub(crate) mod model;
pub(crate) mod pick;
pub(crate) mod preview;
pub(crate) mod recording;
pub(crate) mod recording_writer;
pub(crate) mod save;
pub(crate) mod scenario;
#[cfg(feature = "fuzzing")]
pub(crate) mod scenario_fuzz;
pub(crate) mod scenario_state;
pub(crate) mod script;
pub(crate) mod settings;
pub(crate) mod simulation;
pub(crate) mod sink;
pub(crate) mod source;
pub(crate) mod tile;
pub(crate) mod timeline;
pub(crate) mod towers;
pub(crate) mod trace;

/// The board and its paths: tiles, edits and their rules, compass directions, the flow field,
/// and large generated boards for stress runs.
pub mod tiles {
    pub use super::board::{Board, BoardError, EditKind, EditRefused, MAX_TILES};
    pub use super::direction::{Direction, DirectionChange};
    pub use super::flow_field::FlowField;
    pub use super::generate::winding_board;
    pub use super::tile::TileContent;
}

/// The swarm: one enemy's state and pose, its animation clips, the dense pool and its fused
/// parallel update, enemy types and colours, the spawner's settings, the instance the
/// renderer draws and where the fused pass writes it.
pub mod swarm {
    pub use super::clip::{
        Animation, Clip, DYING_SECONDS, INTRO_SECONDS, MOVE_SECONDS, OUTRO_SECONDS,
    };
    pub use super::enemies::{Enemies, EnemyView, Removed, SliceTooShort};
    pub use super::enemy::{EnemyParams, MoveState, Pose};
    pub use super::enemy_color::{EnemyColor, NEUTRAL_ENEMY_COLOR, neutral_enemy_color};
    pub use super::enemy_type::EnemyType;
    pub use super::model::{ModelInstance, pack_rgba};
    pub use super::settings::{
        FloatRange, PATH_OFFSET_LIMITS, SCALE_LIMITS, SPAWN_SPEED_LIMITS, SPEED_LIMITS,
        SettingsError, SpawnSettings, parse_range,
    };
    pub use super::sink::InstanceSink;
}

/// The defence: the tower kind table and what towers do, their settings and limits,
/// targeting, the fight (their tick: the spatial index), shells and explosions, and the
/// seeded random choices independent of thread count.
pub mod defence {
    pub use super::ballistics::{EXPLOSION_SECONDS, Explosion, LAUNCH_HEIGHT, Shell, launch_speed};
    pub use super::effect::Effect;
    pub use super::fight::spatial::SpatialIndex;
    pub use super::fight::{Fight, FightInput};
    pub use super::pick::mix as seeded_mix;
    pub use super::towers::behaviour::{KindInfo, Moment};
    pub use super::towers::kind::TowerKind;
    pub use super::towers::kinds::laser::{LaserSettings, LaserState};
    pub use super::towers::kinds::mortar::{MortarSettings, MortarState};
    pub use super::towers::kinds::{TowerSettings, TowerState};
    pub use super::towers::limits::{MAX_DAMAGE, MAX_RANGE, MAX_SHOTS_PER_SECOND, SettingField};
    pub use super::towers::priority::Priority;
    pub use super::towers::targeting::Target;
    pub use super::towers::{Tower, Towers};
}

/// The game: the simulation (one tick in order), scenarios and where one stands, budgets,
/// the waves' tally, and where a game comes from.
pub mod game {
    pub use super::budget::{Budget, Costs, KillPay, MAX_MONEY};
    pub use super::scenario::{
        EXAMPLE_SCENARIO, EnemyConfig, EnemyModel, EnemyTypes, Scenario, SpawnSequence, Wave,
    };
    pub use super::scenario_state::ScenarioState;
    pub use super::simulation::parts::SimulationParts;
    pub use super::simulation::reload::BoardReload;
    pub use super::simulation::waves::WaveTally;
    pub use super::simulation::{Counts, Outcome, Simulation, SpawnError};
    pub use super::source::{GameSource, GeneratedLevel, LevelSource, ScenarioSource};
}

/// Files: level texts, saved games, edit scripts and the CSV trace.
pub mod files {
    pub use super::level::{
        LevelError, LevelErrorKind, is_comment, level_comments, level_text, load_level,
        parse_level, save_level, tile_characters,
    };
    pub use super::save::{
        SAVE_CAP, SAVE_FORMAT, SavedGame, from_bytes as game_from_bytes, load as load_game,
        save as save_game, save_with_source as save_game_with_source, to_bytes as game_to_bytes,
        to_bytes_with_source as game_to_bytes_with_source,
    };
    pub use super::script::{EditScript, ScriptedEdit, action_name};
    pub use super::trace::{TRACE_HEADER, TraceWriter};
}

/// The time machine: the state checksum, recordings and their writer, the timeline, and the
/// forecast (the game run ahead).
pub mod history {
    pub use super::checksum::{
        CHECKSUM_STATE, from_hex as checksum_from_hex, to_hex as checksum_hex,
    };
    pub use super::preview::{
        GameEnd, LookAhead, MAX_PREVIEW_TICKS, Prediction, PreviewError, TileCount, predict,
        predict_end, predict_wave,
    };
    pub use super::recording::{
        Carried, Recording, RecordingHeader, board_checksum, header_if_any,
    };
    pub use super::recording_writer::{CHECKSUM_EVERY, RecordingWriter};
    pub use super::timeline::{Mark, MarkKind, TimedEdit, Timeline};
}
