//! The endless runner scene: [`scene`] (the game at the fixed step, its batches and HUD),
//! [`generator`] (scenery rows on a background worker), [`draw`] (boxes and the chase
//! camera); where a run stands is core-sim's `runner::RunFigures`, its
//! settings and scenery are read by their own crates (`load_or_built_in`).

pub mod args;
pub mod draw;
pub mod generator;
pub mod scene;

pub use scene::RunnerScene;
