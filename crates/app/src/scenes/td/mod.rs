//! The tower-defense scene. The game apart from its view: [`game`] (`game.rs`: its session,
//! level, seed, pause and speed, tower choice, the refused edit; no GPU type; its time
//! machine in `game/`) and [`view`] (`view.rs`: the renderer's batches
//! brought up to date from the game: the board in [`draw`] (`draw.rs`), the towers, their
//! effects, shells and explosions in [`fight`] (`fight.rs`), each tower kind's look in
//! [`looks`] (`looks.rs`)). Around them: the orbit camera with picking ([`camera`],
//! `camera.rs`), saving, loading and recording games ([`games`], `games.rs`), opening the scene
//! from its flags ([`open`], `open.rs`; the flags themselves are [`args`], `args.rs`), and the
//! window's side of it — editing with the mouse and keys, the game's HUD, the inspector panel
//! and its widgets ([`play`], [`hud`], [`inspector`], [`panels`], [`widgets`]: `play/`,
//! `hud.rs`, `inspector.rs` (what the game's mode allows, and what it keeps fixed),
//! `panels.rs`, `widgets.rs`), the wave forecast worked out on a background worker
//! ([`forecast`], `forecast.rs`) and the timeline bar that seeks through the game
//! ([`timeline_bar`], `timeline_bar.rs`), and the *Submit* of a lost challenge to the board
//! server ([`submit`], `submit.rs`), and co-op: the scene's side of a lockstep session, its
//! players' window and its tinted towers ([`coop`], `coop.rs`).

pub mod args;
pub mod camera;
pub mod coop;
pub mod draw;
pub mod fight;
pub mod forecast;
pub mod game;
pub mod games;
pub mod hud;
pub mod inspector;
pub mod looks;
pub mod open;
pub mod panels;
pub mod play;
pub mod submit;
pub mod timeline_bar;
pub mod view;
pub mod widgets;

pub use camera::TdCamera;
pub use game::{Plain, Stepper, TdGame};
pub use play::TdPlay;
pub use view::TdView;
