//! Horde in the browser: the tower-defense game on a page's canvas, built for
//! `wasm32-unknown-unknown` with `wasm-bindgen --target web` and served by `horde serve` at
//! `/play`. The simulation is the native one (`horde-core-sim`, single-threaded where the
//! browser gives no threads: the results are the same), with the same maths on every platform,
//! so a recording replayed here gives `horde replay`'s checksum; the renderer is the native
//! one too (`horde-renderer`), on the browser's WebGPU where it gives an adapter, else WebGL2.
//!
//! The rooms: `query.rs` (what the page's address asks for: `?replay=URL`, `?scene=td`,
//! `?challenge=today`), `picture.rs` (the board and its enemies as the renderer's instances,
//! and the camera that frames them), `report.rs` (what the page tells a test on `<body>`:
//! frames drawn, the backend, a replay's ticks and checksum, a run submitted, or an error),
//! `online.rs` (what the page asks the challenge board and how it reads the answers) — all
//! four platform-independent and tested natively — and `page.rs` (wasm32 only: the canvas, the GPU,
//! the frame loop, fetching a recording).
//!
//! What is not here yet: the title screen, the city, the runner and the platformer, the
//! inspector (egui), saves in the browser's storage, and submitting a run (the native app's
//! scenes live in the app crate, with its native dependencies).
#![deny(missing_docs)]

pub mod online;
pub mod picture;
pub mod query;
pub mod report;

#[cfg(target_arch = "wasm32")]
mod page;
