//! The infinite city walk: a walker in a Wave Function Collapse city that grows around it.
//! [`scene`] holds the walker, the columns received and the batch; [`generator`] grows the map
//! on a background worker and hands over settled chunks; [`draw`] turns modules into boxes.

pub mod draw;
pub mod generator;
pub mod scene;

pub use scene::CityScene;
