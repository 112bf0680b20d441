//! What Horde's games look like, shared by the native app and the browser's page: each game's
//! state as the renderer's instances (one unit cube, placed, scaled and coloured), and the
//! cameras that frame them. Pure functions of the game: no GPU, window or thread.
//!
//! The rooms: `camera.rs` (the mirror from the simulation's left-handed frame to the renderer's
//! right-handed one, and the projections every scene uses), `runner.rs` (the endless runner's
//! track, obstacles, player and scenery chunks, and its chase camera), `platformer.rs` (the
//! section treadmill from the side, and the camera that frames it), `city.rs` (Wave Function
//! Collapse modules as boxes, a module or a whole map).
#![deny(missing_docs)]

mod camera;
mod city;
mod platformer;
mod runner;

pub use camera::{SIM_TO_RENDER, look_at, perspective};
pub use city::{CITY_AMBIENT, CITY_SKY, CITY_SUN, city_map_instances, module_instances};
pub use platformer::{platformer_camera, platformer_instances};
pub use runner::{
    VIEW_AHEAD, VIEW_BEHIND, runner_camera, runner_instances, scenery_instances, scenery_row,
    scenery_rows_in_view,
};
