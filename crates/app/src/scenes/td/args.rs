//! The tower-defense scene's own flags (`--level`, `--scenario`, `--load`, the enemy cube and
//! the spawn settings), the ones only its window takes (`--record`, `--replay`,
//! `--play-speed`, co-op's `--host`, `--join` and `--script`), and the spawn flags `horde sim` shares. Registered by the scene's line of
//! `scenes/registry.rs`, which flattens them into `horde run` and `horde screenshot`.

use crate::cli::board::SceneGenerateFlags;
use crate::cli::values::{parse_path_offset, parse_scale, parse_spawn_speed, parse_speed};
use crate::scenes::given::SceneFlags;
use clap::{Args, ValueEnum};
use horde_core_sim::td::swarm::FloatRange;
use std::path::PathBuf;

/// The TD scene's flags, in a window and in a picture.
#[derive(Clone, Debug, Args)]
pub struct TdFlags {
    /// TD scene: the level file (default: the built-in 11×11 board).
    #[arg(long, value_name = "FILE")]
    pub level: Option<PathBuf>,
    /// TD scene: play this scenario (RON) instead of the spawner, from the level's start.
    #[arg(long, value_name = "FILE.ron")]
    pub scenario: Option<PathBuf>,
    /// TD scene: open the game saved in this file (`*.horde`) instead of a level.
    #[arg(long, value_name = "FILE.horde", conflicts_with_all = ["level", "scenario", "generate"])]
    pub load: Option<PathBuf>,
    /// A generated board instead of a level file (`--generate N`, `--board-size`, ..).
    #[command(flatten)]
    pub board: SceneGenerateFlags,
    /// TD scene: how enemy cubes are drawn, `visible` (only the faces the camera can see) or
    /// `full` (all six).
    #[arg(long, value_enum, default_value = "visible")]
    pub cube: CubeChoice,
    /// Spawn settings to start with (TD scene).
    #[command(flatten)]
    pub spawn: SpawnFlags,
}

/// The TD scene's flags only a window takes (`horde run`, not `horde screenshot`).
#[derive(Clone, Debug, Default, Args)]
pub struct TdWindowFlags {
    /// TD scene: write every edit the player makes, with its tick, to this edit script
    /// (`horde sim --script` replays it; the file's header gives the command).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// TD scene: open this recording on the timeline (its header gives the level, scenario,
    /// spawner and seed; its checksums are checked as it loads), read only until the player
    /// edits.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["record", "load", "host", "join"])]
    pub replay: Option<PathBuf>,
    /// TD scene: start at this play speed, 1–100 (simulated seconds per real second; the
    /// inspector's slider).
    #[arg(long, value_name = "X", value_parser = parse_play_speed)]
    pub play_speed: Option<f32>,
    /// TD scene, co-op: make this edit script's edits (`TICK ACTION X Y`) as this player,
    /// each at its tick as if clicked then (a joiner's from the tick it joins at).
    #[arg(long, value_name = "FILE", conflicts_with = "replay")]
    pub script: Option<PathBuf>,
    /// Co-op: host this game (`--host [ADDR]`) or join one (`--join CODE --name N`).
    #[command(flatten)]
    pub coop: crate::cli::coop::CoopFlags,
}

impl SceneFlags for TdFlags {
    /// The enemy cube and the spawn settings have always been taken (and ignored) by the other
    /// scenes.
    const TAKEN_BY_EVERY_SCENE: &'static [&'static str] = &[
        "cube",
        "spawn-speed",
        "scale",
        "speed",
        "path-offset",
        "animation",
    ];

    fn augment_window(command: clap::Command) -> clap::Command {
        <TdWindowFlags as Args>::augment_args(command)
    }
}

/// `--play-speed`: a number from 1 to 100.
fn parse_play_speed(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(x) if (1.0..=100.0).contains(&x) => Ok(x),
        _ => Err(format!("`{text}` is not a play speed from 1 to 100")),
    }
}

/// How enemy cubes are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CubeChoice {
    /// All six faces: 8 corners, 12 triangles.
    Full,
    /// Only the faces the camera can see: 7 corners, 6 triangles, placed by the vertex shader.
    Visible,
}

impl CubeChoice {
    /// The renderer's mesh for this choice.
    pub fn mesh(self) -> horde_renderer::MeshKind {
        match self {
            CubeChoice::Full => horde_renderer::MeshKind::Cube,
            CubeChoice::Visible => horde_renderer::MeshKind::ThreeFaceCube,
        }
    }

    /// The name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            CubeChoice::Full => "full",
            CubeChoice::Visible => "visible",
        }
    }
}

/// Spawn settings as flags, shared by `sim`, `run` and `screenshot`.
#[derive(Clone, Debug, Args)]
pub struct SpawnFlags {
    /// Enemies spawned per second, 0.1–10.
    #[arg(long, value_name = "X", default_value = "1", value_parser = parse_spawn_speed,
          allow_hyphen_values = true)]
    pub spawn_speed: f32,
    /// Enemy scale range `A..B` (or one value), within 0.5..2.
    #[arg(long, value_name = "A..B", default_value = "1", value_parser = parse_scale,
          allow_hyphen_values = true)]
    pub scale: FloatRange,
    /// Enemy speed range `A..B` in units per second, within 0.2..5.
    #[arg(long, value_name = "A..B", default_value = "1", value_parser = parse_speed,
          allow_hyphen_values = true)]
    pub speed: FloatRange,
    /// Sideways path offset range `A..B`, within -0.4..0.4.
    #[arg(long, value_name = "A..B", default_value = "0", value_parser = parse_path_offset,
          allow_hyphen_values = true)]
    pub path_offset: FloatRange,
    /// The enemies play the series' animation clips (intro, move, outro, dying), which decide
    /// when they can be hit and when they leave; a scenario that says `animation: true` turns
    /// them on too.
    #[arg(long)]
    pub animation: bool,
}

impl Default for SpawnFlags {
    fn default() -> SpawnFlags {
        SpawnFlags {
            spawn_speed: 1.0,
            scale: FloatRange::constant(1.0),
            speed: FloatRange::constant(1.0),
            path_offset: FloatRange::constant(0.0),
            animation: false,
        }
    }
}
