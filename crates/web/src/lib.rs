//! Horde in the browser: the tower-defense game, the city, the runner and the platformer on a
//! page's canvas, built for `wasm32-unknown-unknown` with `wasm-bindgen --target web` and
//! served by `horde serve` at `/play`. The simulations are the native ones (`horde-core-sim`,
//! single-threaded where the browser gives no threads: the results are the same; levelgen's
//! city), with the same maths on every platform, so a recording replayed here gives `horde
//! replay`'s checksum; the renderer is the native one too (`horde-renderer`), on the
//! browser's WebGPU where it gives an adapter, else WebGL2, and the scenes look as the native
//! window draws them (`horde-looks`).
//!
//! The rooms: `query.rs` (what the page's address asks for: `?replay=URL`, `?scene=…`,
//! `?challenge=today`), `picture.rs` (the board and its enemies as the renderer's instances,
//! and the camera that frames them), `report.rs` (what the page tells a test on `<body>`:
//! frames drawn, the backend, a replay's ticks and checksum, a run submitted, a scene's
//! status, or an error), `online.rs` (what the page asks the challenge board and how it reads
//! the answers), `scenes/` (the city, the runner and the platformer as the page plays them), `ticks.rs` (the
//! fixed tick from the browser's frames, at the play speed) —
//! all platform-independent and tested natively — and, wasm32 only: `browser.rs` (the report
//! written, `fetch`, the frame loop, keys, the browser's storage, downloads), `canvas.rs` (the
//! canvas, its GPU and renderer, one frame drawn), `page.rs` (the page's entry point and the
//! tower defense's frame loop: ticks, clicks, keys, the picture), `games.rs` (where the tower
//! defense's game comes from: the address's game, recorded; a script played; the player's
//! token; a run submitted; a recording checked and opened to be watched), `scene_page.rs` (a scene other
//! than the tower defense, stepped and drawn), `keeping.rs` (the run kept and downloaded, the
//! quick-save F5 and F9).
//!
//! What the native window has and the page has not: the title screen's egui menu (the page's
//! front door is HTML), the inspector and HUD (egui), the time machine's timeline, co-op, and
//! the city's walker (the page's city is flown over).
#![deny(missing_docs)]

pub mod online;
pub mod picture;
pub mod query;
pub mod report;
pub mod scenes;
pub mod ticks;

#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(target_arch = "wasm32")]
mod canvas;
#[cfg(target_arch = "wasm32")]
mod games;
#[cfg(target_arch = "wasm32")]
mod keeping;
#[cfg(target_arch = "wasm32")]
mod page;
#[cfg(target_arch = "wasm32")]
mod scene_page;
