//! The infinite city walk: a walker in a Wave Function Collapse city that grows around it.
//! The walker itself — its moves and auto-walk's path search — is levelgen's
//! (`horde_levelgen::walk::Walker`).
//!
//! The rooms:
//! - [`scene`] (`scene/`): the glue to the shell (the `Scene` impl).
//! - [`streaming`] (`streaming.rs`): takes columns from a [`source`] (`source.rs`: the
//!   background [`generator`] in `generator.rs`, the generator in step, or by hand in tests)
//!   and says when the map around the walker is there.
//! - [`columns`] (`columns.rs`): the columns received, each with its boxes, solids and places
//!   to stand (the walker's terrain).
//! - [`view`] (`view.rs`): draws the columns near the walker in one batch and places the
//!   camera (modules turn into boxes by `horde_looks::module_instances`).
//! - [`map_view`] (`map_view.rs`): a finite map of a set seen from above.
//! - [`opening`] (`opening.rs`): opens either from the scene flags; [`args`] (`args.rs`): the
//!   scene's own flags (the module set, what is seen, the finite map's size).

pub mod args;
pub mod columns;
pub mod generator;
pub mod map_view;
pub mod opening;
pub mod scene;
pub mod source;
pub mod streaming;
pub mod view;

pub use scene::CityScene;
