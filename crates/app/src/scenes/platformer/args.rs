//! The platformer scene's own flag: its sections file. Registered by the scene's line of
//! `scenes/registry.rs`, which flattens it into `horde run` and `horde screenshot`.

use crate::scenes::given::SceneFlags;
use clap::Args;
use std::path::PathBuf;

/// The platformer scene's flags.
#[derive(Clone, Debug, Args)]
pub struct PlatformerFlags {
    /// Platformer scene: the sections file (RON; default: `assets/platformer/default.ron`,
    /// built in).
    #[arg(long, value_name = "FILE.ron")]
    pub sections: Option<PathBuf>,
}

impl SceneFlags for PlatformerFlags {}
