//! The tower-defense scene: the simulation and how it is drawn ([`scene`]; the board in
//! [`draw`], the towers, their effects, shells and explosions in [`fight`], each tower kind's
//! look in [`looks`]), the orbit camera with
//! picking ([`camera`]), saving, loading and recording games ([`games`]), and the window's side of it — editing with the mouse and keys, the
//! game's HUD, the inspector panel and its widgets ([`play`], [`hud`], [`inspector`],
//! [`widgets`]).

pub mod camera;
pub mod draw;
pub mod fight;
pub mod games;
pub mod hud;
pub mod inspector;
pub mod looks;
pub mod open;
pub mod play;
pub mod scene;
pub mod widgets;

pub use camera::TdCamera;
pub use play::TdPlay;
pub use scene::TdScene;
