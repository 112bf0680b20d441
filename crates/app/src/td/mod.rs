//! The tower-defense scene: the simulation, how it is drawn, and how the camera sees it.

pub mod camera;
pub mod draw;
pub mod scene;

pub use camera::TdCamera;
pub use scene::TdScene;
