//! The tower-defense scene. The game apart from its view: [`game`] (simulation, level, seed,
//! recording, pause and speed, tower choice, the refused edit; no GPU type) and [`view`] (the
//! renderer's batches brought up to date from the game: the board in [`draw`], the towers,
//! their effects, shells and explosions in [`fight`], each tower kind's look in [`looks`]).
//! Around them: the orbit camera with picking ([`camera`]), saving, loading and recording games
//! ([`games`]), opening the scene from its flags ([`open`]), and the window's side of it —
//! editing with the mouse and keys, the game's HUD, the inspector panel and its widgets
//! ([`play`], [`hud`], [`inspector`], [`widgets`]).

pub mod args;
pub mod camera;
pub mod draw;
pub mod fight;
pub mod forecast;
pub mod game;
pub mod games;
pub mod hud;
pub mod inspector;
pub mod looks;
pub mod open;
pub mod play;
pub mod timeline_bar;
pub mod view;
pub mod widgets;

pub use camera::TdCamera;
pub use game::{StepSink, TdGame, Undrawn};
pub use play::TdPlay;
pub use view::TdView;
