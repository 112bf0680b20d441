//! The flags that open a scene, shared by `horde run` (a window) and `horde screenshot` (one
//! picture): every flag a scene takes in a window it takes in a picture. Which scene owns which
//! flag is the scene registry's (`scenes/registry.rs`), which refuses a flag given to another
//! scene. The spawn flags are `horde sim`'s too.

use super::values::{parse_path_offset, parse_scale, parse_size3, parse_spawn_speed, parse_speed};
use clap::{Args, ValueEnum};
use horde_core_sim::FloatRange;
use std::path::PathBuf;

/// The size of `--scene city --view map` when `--map-size` is not given.
pub const DEFAULT_MAP_SIZE: (u32, u32, u32) = (24, 6, 24);

/// What `--scene city --view` shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum CityView {
    /// Through the walker's eyes (a window's default).
    Walker,
    /// From above and behind the walker (a picture's default).
    #[default]
    Overview,
    /// A finite map of `--map-size` cells, seen from above at an angle.
    Map,
}

/// The flags that open a scene.
#[derive(Clone, Debug, Args)]
pub struct SceneArgs {
    /// The scene to open: a name of the scene registry (`td`, the tower defense, by default).
    #[arg(
        id = "scene",
        long = "scene",
        value_name = "SCENE",
        default_value = "td"
    )]
    pub name: String,
    /// TD scene: the level file (default: the built-in 11×11 board).
    #[arg(long, value_name = "FILE")]
    pub level: Option<PathBuf>,
    /// TD scene: play this scenario (RON) instead of the spawner, from the level's start.
    #[arg(long, value_name = "FILE.ron")]
    pub scenario: Option<PathBuf>,
    /// TD scene: open the game saved in this file (`*.horde`) instead of a level.
    #[arg(long, value_name = "FILE.horde", conflicts_with_all = ["level", "scenario"])]
    pub load: Option<PathBuf>,
    /// TD scene: how enemy cubes are drawn, `visible` (only the faces the camera can see) or
    /// `full` (all six).
    #[arg(long, value_enum, default_value = "visible")]
    pub cube: CubeChoice,
    /// Spawn settings to start with (TD scene).
    #[command(flatten)]
    pub spawn: SpawnFlags,
    /// City scene: the module set (RON; default: `assets/wfc/city.ron`, built in).
    #[arg(long, value_name = "FILE.ron")]
    pub modules: Option<PathBuf>,
    /// City scene: through the walker's eyes (a window's default), from the overview camera
    /// (a picture's default), or `map`, a finite `--map-size` map seen from above.
    #[arg(long, value_enum)]
    pub view: Option<CityView>,
    /// City scene with `--view map`: the map size in cells, `XxYxZ` (default 24x6x24).
    #[arg(long, value_name = "XxYxZ", value_parser = parse_size3)]
    pub map_size: Option<(u32, u32, u32)>,
    /// Runner scene: the game's settings (RON; default: `assets/runner/default.ron`, built
    /// in).
    #[arg(long, value_name = "FILE.ron")]
    pub settings: Option<PathBuf>,
    /// Runner scene: scatter settings for the scenery and roads (RON; default:
    /// `assets/scatter/default.ron`, built in).
    #[arg(long, value_name = "FILE")]
    pub scenery: Option<PathBuf>,
    /// Runner scene: let the autopilot play from the start (P toggles it).
    #[arg(long)]
    pub autoplay: bool,
    /// Platformer scene: the sections file (RON; default: `assets/platformer/default.ron`,
    /// built in).
    #[arg(long, value_name = "FILE.ron")]
    pub sections: Option<PathBuf>,
    /// Random seed.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
}

impl SceneArgs {
    /// The scene-owned flags given, by name (`--modules`, ..): what the registry checks
    /// against the scene asked for.
    pub fn given(&self) -> Vec<&'static str> {
        let flags = [
            ("--level", self.level.is_some()),
            ("--scenario", self.scenario.is_some()),
            ("--load", self.load.is_some()),
            ("--modules", self.modules.is_some()),
            ("--view", self.view.is_some()),
            ("--map-size", self.map_size.is_some()),
            ("--settings", self.settings.is_some()),
            ("--scenery", self.scenery.is_some()),
            ("--sections", self.sections.is_some()),
            ("--autoplay", self.autoplay),
        ];
        (flags.into_iter())
            .filter_map(|(flag, given)| given.then_some(flag))
            .collect()
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
