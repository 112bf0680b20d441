//! The tower-defense scene: the simulation and how it is drawn ([`scene`], [`draw`]), the
//! orbit camera with picking ([`camera`]), and the window's side of it — editing with the mouse,
//! the inspector panel and its widgets ([`play`], [`inspector`], [`widgets`]).

pub mod camera;
pub mod draw;
pub mod inspector;
pub mod play;
pub mod scene;
pub mod widgets;

pub use camera::TdCamera;
pub use play::TdPlay;
pub use scene::TdScene;
