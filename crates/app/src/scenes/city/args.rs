//! The city scene's own flags: the module set, what is seen, and the finite map's size.
//! Registered by the scene's line of `scenes/registry.rs`, which flattens them into `horde run`
//! and `horde screenshot`.

use crate::cli::values::parse_size3;
use crate::scenes::given::SceneFlags;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// The size of `--scene city --view map` when `--map-size` is not given.
pub const DEFAULT_MAP_SIZE: (u32, u32, u32) = (24, 6, 24);

/// The city scene's flags.
#[derive(Clone, Debug, Args)]
pub struct CityFlags {
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
}

impl SceneFlags for CityFlags {}

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
