//! The endless runner scene: [`scene`] (the game at the fixed step, its batches and HUD),
//! [`generator`] (scenery rows on a background worker) and [`draw`] (boxes and the chase
//! camera).

pub mod draw;
pub mod generator;
pub mod scene;

pub use scene::RunnerScene;

use anyhow::Result;
use horde_core_sim::runner::{DEFAULT_SETTINGS, RunState, Runner, RunnerSettings};
use horde_levelgen::scatter::ScatterSettings;
use serde::Serialize;
use std::path::Path;

/// Where a run stands, as `horde runner` prints it (keys in contract order). Times and
/// distances are rounded to micro-units: enough for any use, and no 119.99999999999447 from
/// summing 1/60.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RunFigures {
    /// Simulated seconds of the current run.
    pub seconds: f64,
    /// Score.
    pub score: f64,
    /// Distance run.
    pub distance: f64,
    /// Whether the run ended on an obstacle.
    pub game_over: bool,
    /// Track sections moved ahead so far.
    pub sections_recycled: u64,
    /// Sections in the pool.
    pub pool: usize,
}

impl RunFigures {
    /// The figures of `runner` now.
    pub fn of(runner: &Runner) -> RunFigures {
        let round = |v: f64| (v * 1e6).round() / 1e6;
        RunFigures {
            seconds: round(runner.seconds()),
            score: round(runner.score()),
            distance: round(runner.distance()),
            game_over: runner.state() == RunState::GameOver,
            sections_recycled: runner.sections_recycled(),
            pool: runner.sections().len(),
        }
    }
}

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
