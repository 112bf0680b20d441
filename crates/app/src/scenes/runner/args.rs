//! The runner scene's own flags: the game's settings, the scenery's, and the autopilot.
//! Registered by the scene's line of `scenes/registry.rs`, which flattens them into `horde run`
//! and `horde screenshot`.

use crate::scenes::given::SceneFlags;
use clap::Args;
use std::path::PathBuf;

/// The runner scene's flags.
#[derive(Clone, Debug, Args)]
pub struct RunnerFlags {
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
}

impl SceneFlags for RunnerFlags {}
