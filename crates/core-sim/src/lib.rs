//! Horde's games as simulations — the tower defense first, the endless runner and the
//! platformer treadmill beside it — with no graphics, windowing or GPU dependency.
//!
//! ```
//! use horde_core_sim::{Outcome, Scenario, Simulation, SpawnSettings, parse_level};
//!
//! // A level (one character a tile; the first line is the northmost row) and a scenario.
//! let board = parse_level("S....\n####.\nD....\n", "inline".as_ref()).unwrap();
//! let scenario = Scenario::parse(horde_core_sim::EXAMPLE_SCENARIO, "example.ron".as_ref())
//!     .unwrap();
//! let mut sim = Simulation::new(board, SpawnSettings::default(), 7);
//! sim.set_scenario(Some(scenario));
//! while sim.counts().ticks < 60 * 60 && sim.outcome() == Outcome::Running {
//!     sim.step(1.0 / 60.0);
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
//! Every module is private; this page's names are the crate's whole public face, one path
//! each. They come from three games, each in its folder of the source: the tower defense
//! (board, flow field, enemies, towers, scenarios, saves, recordings, the time machine), the
//! endless runner (its names start with `Run`/`Runner` where they would clash) and the
//! platformer treadmill. Reading and writing files (capped reads, RON with positioned errors,
//! atomic saves) is `horde_files`'. The crate's design is described in the repository's
//! `docs/ARCHITECTURE.md`.
#![deny(missing_docs)]

mod platformer;
mod runner;
mod script_lines;
mod td;

// The board and its paths.
pub use td::board::{Board, BoardError, EditKind, EditRefused, MAX_TILES};
pub use td::direction::{Direction, DirectionChange};
pub use td::flow_field::FlowField;
pub use td::tile::TileContent;

// Enemies.
pub use td::clip::{Animation, Clip, DYING_SECONDS, INTRO_SECONDS, MOVE_SECONDS, OUTRO_SECONDS};
pub use td::enemies::{Enemies, EnemyView, Removed, SliceTooShort};
pub use td::enemy::{EnemyParams, MoveState, Pose};
pub use td::enemy_color::{EnemyColor, NEUTRAL_ENEMY_COLOR, neutral_enemy_color};
pub use td::enemy_type::EnemyType;
pub use td::model::{ModelInstance, pack_rgba};
pub use td::settings::{
    FloatRange, PATH_OFFSET_LIMITS, SCALE_LIMITS, SPAWN_SPEED_LIMITS, SPEED_LIMITS, SettingsError,
    SpawnSettings, parse_range,
};
pub use td::sink::InstanceSink;

// Towers: the kind table, what a kind implements, and what towers do.
pub use td::ballistics::{EXPLOSION_SECONDS, Explosion, LAUNCH_HEIGHT, Shell, launch_speed};
pub use td::effect::Effect;
pub use td::fight::spatial::SpatialIndex;
pub use td::fight::{Fight, FightInput};
pub use td::pick::mix as seeded_mix;
pub use td::towers::behaviour::{Behaviour, KindInfo, Moment, Reads, Site, Turn};
pub use td::towers::kind::TowerKind;
pub use td::towers::kinds::laser::{LaserSettings, LaserState};
pub use td::towers::kinds::mortar::{MortarSettings, MortarState};
pub use td::towers::kinds::{TowerSettings, TowerState};
pub use td::towers::limits::{MAX_DAMAGE, MAX_RANGE, MAX_SHOTS_PER_SECOND, SettingField};
pub use td::towers::priority::Priority;
pub use td::towers::targeting::Target;
pub use td::towers::{Tower, Towers};

// The game: scenarios, budgets, the simulation.
pub use td::budget::{Budget, Costs, KillPay, MAX_MONEY};
pub use td::scenario::{
    EXAMPLE_SCENARIO, EnemyConfig, EnemyModel, EnemyTypes, Scenario, SpawnSequence, Wave,
};
pub use td::scenario_state::ScenarioState;
pub use td::simulation::parts::SimulationParts;
pub use td::simulation::reload::BoardReload;
pub use td::simulation::{Counts, Outcome, Simulation, SpawnError};

// Files: levels, edit scripts, traces, saves, generated boards.
pub use td::generate::winding_board;
pub use td::level::{
    LevelError, LevelErrorKind, is_comment, level_comments, level_text, load_level, parse_level,
    save_level, tile_characters,
};
pub use td::save::{
    SAVE_CAP, SAVE_FORMAT, SavedGame, from_bytes as game_from_bytes, load as load_game,
    save as save_game, to_bytes as game_to_bytes,
};
pub use td::script::{EditScript, ScriptedEdit, action_name};
pub use td::trace::{TRACE_HEADER, TraceWriter};

// The time machine: checksums, recordings, the timeline, the forecast.
pub use td::checksum::{CHECKSUM_STATE, from_hex as checksum_from_hex, to_hex as checksum_hex};
pub use td::preview::{
    GameEnd, LookAhead, MAX_PREVIEW_TICKS, Prediction, PreviewError, TileCount, predict,
    predict_end, predict_wave,
};
pub use td::recording::{Carried, Recording, RecordingHeader, board_checksum, header_if_any};
pub use td::recording_writer::{CHECKSUM_EVERY, RecordingWriter};
pub use td::timeline::{Mark, MarkKind, TimedEdit, Timeline};

// The endless runner.
pub use runner::settings::ObstacleBox;
pub use runner::{
    DEFAULT_SETTINGS as DEFAULT_RUNNER_SETTINGS, InputEvent, InputRecorder, InputScript,
    Player as RunnerPlayer, RunFigures, RunState, Runner, RunnerInput, RunnerSettings,
    RunnerSettingsError, Section as RunnerSection, autopilot as runner_autopilot,
};

// The platformer treadmill.
pub use platformer::{
    DEFAULT_SECTIONS, FALL_LIMIT, GRAVITY as PLATFORMER_GRAVITY, Held, JUMP_HEIGHT, MAX_BOXES,
    MAX_TEMPLATES, MAX_VALUE, MIN_TEMPLATES, PLAYER_HALF_WIDTH, PLAYER_HEIGHT,
    Player as PlatformerPlayer, STEP_UP, SectionBox, SectionTemplate, Sections, SectionsError,
    Treadmill, autopilot as platformer_autopilot, world_boxes,
};

/// What the fuzz targets run (`fuzz/`, with the `fuzzing` feature): each takes a hostile
/// input and must not panic, except on a broken rule of the game.
#[cfg(feature = "fuzzing")]
pub mod fuzzing {
    pub use crate::platformer::check_sections_text;
    pub use crate::td::recording::fuzz_parse as check_recording_text;
    pub use crate::td::save::fuzz::check_save_bytes;
    pub use crate::td::scenario_fuzz::check_scenario_text;
}
