//! The Horde app: the `horde` binary's subcommands, the one window shell, and the scenes it
//! shows.
//!
//! It joins the simulation (`horde-core-sim`) and the generators (`horde-levelgen`) to the
//! renderer (`horde-renderer`), which know nothing of each other. The layout follows what the
//! app does (`docs/ARCHITECTURE.md` has the map):
//!
//! - [`cli`] (`cli/`): the command line's types; [`commands`] (`commands/`): one module per
//!   subcommand.
//! - [`shell`] (`shell/`): the one windowed app — window, GPU, overlay, fixed-step clock, F12,
//!   `--frames`, `--json` — showing any [`scenes::Scene`]; it never names a scene's content.
//! - [`scenes`] (`scenes/`): the contract and the scenes (`td`, `city`, `runner`,
//!   `platformer`), each in its own folder.
//! - [`stress`] (`stress/`): measuring frames for `horde stress`, headless or as a scene.
//! - [`live`] (`live/`): the files a scene loaded, watched and applied again when they change.
//! - [`overlay`] (`overlay.rs`): the panels and colours every scene's overlay shares (the HUD
//!   panel, anchored panels, large messages, the error colour).
//! - [`offscreen`] (`offscreen.rs`): drawing without a window (screenshots, image tests);
//!   [`clock`] (`clock.rs`): the fixed step; [`worker`] (`worker.rs`): background generator
//!   threads; [`progress`] (`progress.rs`): progress
//!   bars; [`stats`] (`stats.rs`): percentiles; [`staging`] (`staging.rs`): the simulation's
//!   instance sink over wgpu's staging memory and the fused enemy write (shared by the TD
//!   view and the stress run).
//! - [`online`] (`online.rs`): the game's side of the challenge board (which server, today's
//!   seed for `--challenge online`, the player's token kept in the data folder).
//! - [`outputs`] (`outputs.rs`): where a command's files and closing line go (`-` is standard
//!   output); [`td_counts`] (`td_counts.rs`): the tower-defense counters as JSON, for `horde
//!   sim` and the TD scene's summary.
//!
//! Where a game comes from and how a recording is played again are `horde-games`' (shared
//! with the board server).
//!
//! The binary (`main.rs`) adds `heap` (`heap.rs`), private to it: keeping the memory the
//! software drivers free each frame, set before any other thread starts.
//!
//! The mapping between the simulation's left-handed frame (`+z` north) and the renderer's
//! right-handed one lives in one place: `horde_looks::SIM_TO_RENDER` (with `look_at`).

pub mod cli;
pub mod clock;
pub mod commands;
pub mod live;
pub mod offscreen;
pub mod online;
pub mod outputs;
pub mod overlay;
pub mod progress;
pub mod scenes;
pub mod shell;
pub mod staging;
pub mod stats;
pub mod stress;
pub mod td_counts;
pub mod worker;
