//! The infinite city walk: a walker in a Wave Function Collapse city that grows around it.
//! [`scene`] is the glue to the shell (the `Scene` impl); [`streaming`] takes columns from a
//! [`source`] (the background [`generator`], the generator in step, or by hand in tests) and
//! says when the map around the walker is there; [`columns`]
//! holds the columns received, each with its boxes, solids and places to stand (the walker's
//! terrain); [`view`] draws the columns near the walker in one batch and places the camera;
//! [`draw`] turns modules into boxes; [`map_view`] is a finite map of a set seen from above; [`opening`] opens either from the scene flags. The walker itself — its moves and auto-walk's path
//! search — is levelgen's (`horde_levelgen::Walker`).

pub mod args;
pub mod columns;
pub mod draw;
pub mod generator;
pub mod map_view;
pub mod opening;
pub mod scene;
pub mod source;
pub mod streaming;
pub mod view;

pub use scene::CityScene;
