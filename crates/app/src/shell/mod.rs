//! The shell: the one windowed app. It owns the window, the event loop, the GPU side (surface,
//! renderer, egui overlay, one present path), the fixed-step clock, the input held, F12
//! pictures, `--frames N` and `--json`, and shows any [`Scene`] — it never names a scene's
//! content. See [`crate::scenes`] for the contract and the order of calls in a frame.
//!
//! Rooms: `app.rs` (the winit `ApplicationHandler` and the frame loop), [`gpu`] (`gpu.rs`: what
//! draws into the window, rebuilt on a backend switch), [`overlay`] (`overlay.rs`: egui),
//! [`screenshot`] (`screenshot.rs`: F12), [`headless`] (`headless.rs`: the same frames without
//! a window, for `horde screenshot`), [`light`] (`light.rs`: the window's quality stepped
//! down on a slow software adapter).

mod app;
pub mod gpu;
pub mod headless;
pub mod light;
pub mod overlay;
pub mod screenshot;

use crate::scenes::{Reporting, Scene};
use anyhow::{Context, Result};
pub use gpu::GpuSettings;
use winit::event_loop::EventLoop;

/// How the shell opens its window.
#[derive(Clone, Debug)]
pub struct ShellOptions {
    /// Initial inner size in pixels.
    pub size: (u32, u32),
    /// Backend, adapter, MSAA, vsync.
    pub gpu: GpuSettings,
    /// Quit after presenting this many frames.
    pub frames: Option<u64>,
}

/// Opens the window and shows `scene` until the window is closed, Escape is pressed or
/// `--frames` frames were presented. Returns the number of frames presented.
pub fn run<S: Scene + ?Sized>(scene: &mut S, options: ShellOptions) -> Result<u64> {
    let event_loop = EventLoop::new().context("cannot open a window (is a display available?)")?;
    let mut app = app::ShellApp::new(scene, options.gpu, options.size, options.frames);
    event_loop
        .run_app(&mut app)
        .context("the event loop failed")?;
    match app.error.take() {
        Some(error) => Err(error),
        None => Ok(app.presented),
    }
}

/// Says how the run went: "horde: presented N frames; …" on stderr, and with `json` the
/// scene's summary as one JSON line on stdout.
pub fn report<S: Reporting + ?Sized>(scene: &S, presented: u64, json: bool) -> Result<()> {
    eprintln!("horde: presented {presented} frames; {}", scene.exit_line());
    if json {
        println!("{}", scene.summary_json(presented)?);
    }
    Ok(())
}
