//! F12 pictures: the scene drawn again offscreen at the size of its part of the window, with
//! the window's format and sample count but without the overlay, through the offscreen
//! drawing's one checked capture ([`crate::offscreen::draw_and_read`]), saved atomically as
//! the next free `horde-screenshot-NNN.png` in the working folder.

use super::gpu::WindowGpu;
use crate::offscreen::{draw_and_read, encode_png};
use crate::scenes::Viewport;
use anyhow::{Context, Result, bail};
use horde_files::write_file;
use horde_renderer::{FrameParams, OffscreenTarget};
use std::path::PathBuf;

/// Renders `params` offscreen at `viewport`'s size and saves it; `taken` counts the pictures
/// of this run and moves past names that exist. Returns the path written.
pub fn save_numbered(
    gpu: &mut WindowGpu,
    params: &FrameParams,
    viewport: Viewport,
    taken: &mut u32,
) -> Result<PathBuf> {
    let (w, h) = (viewport.width as u32, viewport.height as u32);
    if w == 0 || h == 0 || gpu.minimised() {
        bail!("the window has no area to picture");
    }
    let config = gpu.renderer.config();
    let target = OffscreenTarget::with_format(&gpu.ctx, w, h, config.color_format, config.samples);
    let mut params = *params;
    params.viewport = None;
    let (_, pixels) = draw_and_read(&gpu.ctx, &mut gpu.renderer, &target, &params)?;
    let png = encode_png(&pixels, w, h)?;
    let path = loop {
        *taken += 1;
        let path = PathBuf::from(format!("horde-screenshot-{:03}.png", *taken));
        if !path.exists() {
            break path;
        }
    };
    write_file(&path, &png).with_context(|| path.display().to_string())?;
    Ok(path)
}
