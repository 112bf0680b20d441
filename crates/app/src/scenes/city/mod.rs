//! The infinite city walk: a walker in a Wave Function Collapse city that grows around it.
//! [`scene`] holds the walker, the camera and the batch; [`columns`] the columns received, each
//! with its boxes, solids and places to stand; [`walker`] the body's moves and auto-walk's path
//! search; [`generator`] grows the map on a background worker and hands over settled chunks;
//! [`draw`] turns modules into boxes.

pub mod columns;
pub mod draw;
pub mod generator;
pub mod scene;
pub mod walker;

pub use scene::CityScene;
