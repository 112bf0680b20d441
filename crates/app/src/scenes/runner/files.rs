//! The files a runner run reads: its settings and its scenery, or the built-in defaults.

use anyhow::Result;
use horde_core_sim::runner::{DEFAULT_SETTINGS, RunnerSettings};
use horde_levelgen::scatter::ScatterSettings;
use std::path::Path;

/// The runner settings at `path`, else the built-in `assets/runner/default.ron`.
pub fn load_settings(path: Option<&Path>) -> Result<RunnerSettings> {
    Ok(match path {
        Some(path) => RunnerSettings::load(path)?,
        None => RunnerSettings::parse(DEFAULT_SETTINGS, "assets/runner/default.ron".as_ref())?,
    })
}

/// The scatter settings at `path`, else the built-in `assets/scatter/default.ron`.
pub fn load_scenery(path: Option<&Path>) -> Result<ScatterSettings> {
    Ok(match path {
        Some(path) => ScatterSettings::load(path)?,
        None => ScatterSettings::parse(
            horde_levelgen::scatter::DEFAULT_SETTINGS,
            "assets/scatter/default.ron".as_ref(),
        )?,
    })
}
