//! The Horde app: the `horde` binary's scenes, window, inspector and subcommands.
//!
//! It joins the simulation (`horde-core-sim`) to the renderer (`horde-renderer`), which know
//! nothing of each other. The mapping between the simulation's left-handed frame (`+z` north)
//! and the renderer's right-handed one lives in one place: [`td::camera`].

pub mod background;
pub mod city;
pub mod city_scene;
pub mod cli;
pub mod gpu;
pub mod levels;
pub mod runner_command;
pub mod runner_scene;
pub mod scatter_command;
pub mod screenshot;
pub mod sim_command;
pub mod staging;
pub mod stall;
pub mod stress;
pub mod td;
pub mod wfc_command;
pub mod window;
