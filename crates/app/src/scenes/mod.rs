//! The scenes and the contract between a scene and the shell that shows it.
//!
//! A scene is everything one kind of play needs — its state, how it is drawn, its camera, its
//! overlay UI, its keys and its summary — and nothing of the window: it never creates a window,
//! a surface or an event loop. The shell (`shell/`) owns those and calls the scene in
//! this order every frame:
//!
//! 1. input events as they arrive: [`Scene::key`], [`Scene::mouse_button`],
//!    [`Scene::cursor_moved`], [`Scene::wheel`];
//! 2. [`Scene::update`] with the fixed steps due this frame (the shell's clock, scaled by
//!    [`Scene::time_scale`]) and the input held;
//! 3. [`Scene::overlay`]: the egui UI over the scene;
//! 4. [`Scene::prepare`]: bring the renderer's batches up to date;
//! 5. [`Scene::frame_params`]: camera and light for the part of the window the scene fills;
//! 6. after the frame is submitted, [`Scene::rendered`] with the renderer's counters.
//!
//! A scene `run` and `screenshot` open is also [`Reporting`]: on exit the shell prints its
//! [`Reporting::exit_line`] and, with `--json`, its [`Reporting::summary_json`]. (The stress
//! window is a `Scene` only: `horde stress` reports its own measurements.)
//!
//! A scene is opened one way, by [`registry::open`] from the scene flags that `run` and
//! `screenshot` share and an [`opening::Opening`] (window or picture).
//!
//! The rooms:
//! - the scenes, a folder each: [`td`] (`td/`, the tower-defense board), [`city`] (`city/`,
//!   the infinite WFC city walk), [`runner`] (`runner/`, the endless runner), [`platformer`]
//!   (`platformer/`, the 2D section treadmill);
//! - shared between them: [`input`] (`input.rs`, what is held) and [`stall`] (`stall.rs`, what
//!   background generation costs the render thread); what the runner, the platformer and the
//!   city's modules look like, and the cameras, are `horde-looks`'s (the browser draws them
//!   too);
//! - [`title`] (`title/`): the title screen `horde run` opens when no flag names a scene, a
//!   menu over a live scene that opens the others in the same window;
//! - opening a scene: `registry.rs` (the one list of scenes, and the one way `run` and
//!   `screenshot` open one), `flags.rs` (the scene flags as clap reads them), `given.rs` (what
//!   was given of them, as the scenes read it), `opening.rs` (in a window or for one picture),
//!   `until.rs` (`HORDE_RUN_UNTIL`: a run that ends once the summary meets its conditions).

pub mod city;
pub mod flags;
pub mod given;
pub mod input;
pub mod opening;
pub mod platformer;
pub mod registry;
pub mod runner;
pub mod stall;
pub mod td;
pub mod title;
pub mod until;

use horde_renderer::{
    AdapterSummary, BackendChoice, FrameCounters, FrameParams, GpuContext, Quality, Renderer,
};
pub use input::InputState;
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

/// The frame's share of simulated time, from the shell's fixed-step clock.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tick {
    /// Fixed steps of [`crate::clock::STEP`] seconds due this frame (at most
    /// [`crate::clock::MAX_STEPS_PER_FRAME`]).
    pub steps: u32,
    /// Wall-clock seconds since the previous frame (unscaled).
    pub frame_seconds: f64,
    /// Frames presented before this one.
    pub frame: u64,
}

impl Tick {
    /// A tick of `steps` fixed steps and no wall-clock time (for tests and headless use).
    pub fn steps(steps: u32) -> Tick {
        Tick {
            steps,
            ..Tick::default()
        }
    }
}

/// What the scene asks of the shell; set during input handling or the overlay, carried out by
/// the shell at the end of the frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Requests {
    /// Close the window.
    pub quit: bool,
    /// Save a picture of the scene (what F12 does).
    pub screenshot: bool,
    /// Rebuild the GPU side on this backend (and adapter name); the scene carries on.
    pub switch_renderer: Option<(BackendChoice, Option<String>)>,
    /// Draw the frames at this quality from now on.
    pub quality: Option<Quality>,
    /// Capture the cursor for looking around (hide it and keep it in the window); Escape, or
    /// losing focus, releases it again ([`Scene::cursor_released`]).
    pub capture_cursor: bool,
}

/// What the shell knows about the frames, for the overlay.
pub struct FrameInfo<'a> {
    /// Recent frame times in milliseconds.
    pub frame_times: &'a egui::util::History<f32>,
    /// The last frame's renderer counters.
    pub counters: &'a FrameCounters,
    /// The adapter in use, `backend: name`.
    pub adapter: &'a str,
    /// MSAA samples of the window's target.
    pub samples: u32,
    /// The quality frames are drawn at.
    pub quality: Quality,
}

impl FrameInfo<'_> {
    /// Frames per second over the recent frames.
    pub fn fps(&self) -> f32 {
        fps(self.frame_times)
    }

    /// The last frame's time in milliseconds.
    pub fn last_frame_ms(&self) -> f32 {
        self.frame_times.latest().unwrap_or(0.0)
    }
}

/// Frames per second over the frame times (milliseconds) in `history`.
pub fn fps(history: &egui::util::History<f32>) -> f32 {
    let total = history.sum();
    if total > 0.0 {
        history.len() as f32 * 1000.0 / total
    } else {
        0.0
    }
}

/// The part of the window a scene is drawn into, in physical pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width (at least 1).
    pub width: f32,
    /// Height (at least 1).
    pub height: f32,
}

impl Viewport {
    /// Width over height.
    pub fn aspect(&self) -> f32 {
        self.width / self.height
    }
}

/// A scene the shell can show. Every method but the drawing ones runs without a GPU, so scenes
/// are tested headless.
pub trait Scene {
    /// The window title.
    fn title(&self) -> String;

    /// Creates the scene's batches in a new renderer: at start, and again after the renderer
    /// was rebuilt on another backend.
    fn attach(&mut self, renderer: &mut Renderer);

    /// The GPU is ready (at start or after a switch) on `adapter`.
    fn gpu_ready(&mut self, adapter: &AdapterSummary) {
        let _ = adapter;
    }

    /// How fast simulated time runs against wall clock (0 while paused).
    fn time_scale(&self) -> f64 {
        1.0
    }

    /// The most steps one frame may be given ([`crate::clock::MAX_STEPS_PER_FRAME`] unless
    /// the scene fast-forwards, and then bounds its own steps by time).
    fn max_steps_per_frame(&self) -> u32 {
        crate::clock::MAX_STEPS_PER_FRAME
    }

    /// Advances the scene by the steps in `tick`, reading what the player holds in `input`.
    fn update(&mut self, tick: Tick, input: &InputState);

    /// Draws the scene's overlay UI; returns the width in egui points of a panel along the
    /// window's right edge that the scene must not be drawn under (0 for none).
    fn overlay(&mut self, ui: &mut egui::Ui, info: &FrameInfo, requests: &mut Requests) -> f32;

    /// Brings the renderer's batches up to date for this frame. An error ends the run.
    fn prepare(&mut self, renderer: &mut Renderer, ctx: &GpuContext) -> anyhow::Result<()>;

    /// Camera and light for a frame drawn into `viewport`.
    fn frame_params(&mut self, viewport: Viewport) -> FrameParams;

    /// The frame was submitted; `counters` are the renderer's figures for it.
    fn rendered(&mut self, renderer: &Renderer, counters: &FrameCounters) {
        let _ = (renderer, counters);
    }

    /// Escape was pressed (and no cursor was captured): whether the scene took it (the
    /// title screen goes back to its menu). Not taken, the window closes.
    fn escape(&mut self, requests: &mut Requests) -> bool {
        let _ = requests;
        false
    }

    /// A key went down (`pressed`) or up, and egui did not take it. `repeat` marks the
    /// keyboard's auto-repeat. Escape (release a captured cursor, else [`Scene::escape`],
    /// else quit) and F12 (screenshot) are the shell's.
    fn key(&mut self, key: KeyCode, pressed: bool, repeat: bool, requests: &mut Requests) {
        let _ = (key, pressed, repeat, requests);
    }

    /// A mouse button went down or up over the scene; `input` has the cursor and modifiers.
    fn mouse_button(
        &mut self,
        button: MouseButton,
        pressed: bool,
        input: &InputState,
        requests: &mut Requests,
    ) {
        let _ = (button, pressed, input, requests);
    }

    /// The cursor moved by `delta` pixels; `input` says what is held. While the cursor is
    /// captured (`input.captured`) this is raw mouse motion.
    fn cursor_moved(&mut self, delta: glam::Vec2, input: &InputState) {
        let _ = (delta, input);
    }

    /// The mouse wheel turned `steps` notches (positive: away from the user).
    fn wheel(&mut self, steps: f32) {
        let _ = steps;
    }

    /// The window lost focus (held keys were released).
    fn focus_lost(&mut self) {}

    /// A cursor captured at the scene's request was released (Escape, or focus lost).
    fn cursor_released(&mut self) {}

    /// A message from the shell for the player (a screenshot saved, a renderer switch that
    /// failed).
    fn message(&mut self, text: String) {
        log::info!("{text}");
    }
}

/// A scene that says how its run went: what `horde run` and `horde screenshot` print on exit.
pub trait Reporting: Scene {
    /// One line for the end of the run, after "presented N frames; ".
    fn exit_line(&self) -> String;

    /// The run's summary as one JSON object; `frames` is the number presented.
    fn summary_json(&self, frames: u64) -> anyhow::Result<String>;
}
