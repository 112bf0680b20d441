//! The endless runner scene: [`scene`] (`scene.rs`: the game at the fixed step, its batches and
//! HUD), [`generator`] (`generator.rs`: scenery rows on a background worker), [`args`] (`args.rs`: its own flags, for the game's
//! settings, the scenery's and the autopilot); its boxes and chase camera are
//! `horde-looks`'s (`runner_instances`, `scenery_instances`, `runner_camera`); where a run stands is core-sim's
//! `runner::RunFigures`, its settings and scenery are read by their own crates
//! (`load_or_built_in`).

pub mod args;
pub mod generator;
pub mod scene;

pub use scene::RunnerScene;
