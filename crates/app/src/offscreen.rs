//! Drawing without a window: a headless GPU context with a renderer and an offscreen target,
//! one frame drawn and read back as a [`Picture`], and PNG encoding. Used by `horde
//! screenshot`, `horde stress --headless`, the shell's F12 pictures and the image tests.

use crate::cli::GpuFlags;
use anyhow::{Context, Result};
use horde_files::write_file;
use horde_renderer::{
    BackendChoice, FrameCounters, FrameParams, GpuContext, GpuRequest, OFFSCREEN_FORMAT,
    OffscreenTarget, Renderer, RendererConfig, supported_samples,
};
use std::path::Path;

/// A headless context, renderer and offscreen target of one size.
pub struct Offscreen {
    /// The GPU.
    pub ctx: GpuContext,
    /// The renderer, set up for the target.
    pub renderer: Renderer,
    /// The image.
    pub target: OffscreenTarget,
}

impl Offscreen {
    /// Sets up offscreen rendering on the backend and adapter the flags name (MSAA 4× where
    /// supported), at the flags' quality (`low` where they name none).
    pub fn new(gpu: &GpuFlags, size: (u32, u32)) -> Result<Offscreen> {
        Offscreen::with_samples(gpu, size, 4)
    }

    /// The same with at most `samples` MSAA samples (1 for none; `--quality high` asks for
    /// 4 whatever the caller's).
    pub fn with_samples(
        gpu: &GpuFlags,
        (width, height): (u32, u32),
        samples: u32,
    ) -> Result<Offscreen> {
        let backend = BackendChoice::resolve(gpu.backend)?;
        let ctx = GpuContext::headless(GpuRequest {
            backend,
            adapter_name: gpu.adapter.clone(),
            display: None,
        })?;
        let quality = gpu.quality.unwrap_or_default();
        let samples = quality.samples().unwrap_or(samples);
        let samples = supported_samples(&ctx, OFFSCREEN_FORMAT, samples);
        let mut renderer = Renderer::new(
            &ctx,
            RendererConfig {
                color_format: OFFSCREEN_FORMAT,
                samples,
            },
        );
        renderer.set_quality(&ctx, quality);
        let target = OffscreenTarget::new(&ctx, width, height, samples);
        Ok(Offscreen {
            ctx,
            renderer,
            target,
        })
    }

    /// Draws one frame of the renderer's batches with `params` and reads it back; an error
    /// wgpu raises meanwhile (validation, out of memory) is an error here.
    pub fn take_picture(&mut self, params: &FrameParams) -> Result<Picture> {
        let (counters, pixels) =
            draw_and_read(&self.ctx, &mut self.renderer, &self.target, params)?;
        let summary = self.ctx.summary();
        let (width, height) = self.target.size();
        Ok(Picture {
            pixels,
            width,
            height,
            counters,
            adapter: format!("{}: {}", summary.backend, summary.name),
            clear: params.clear,
        })
    }
}

/// Draws one frame of `renderer`'s batches with `params` into `target` and reads its pixels
/// back (RGBA8, rows top to bottom), with the frame's counters: the one way a picture is taken
/// (`horde screenshot`, F12, the image tests). An error wgpu raises meanwhile (validation, out
/// of memory) is an error here.
pub fn draw_and_read(
    ctx: &GpuContext,
    renderer: &mut Renderer,
    target: &OffscreenTarget,
    params: &FrameParams,
) -> Result<(FrameCounters, Vec<u8>)> {
    let (counters, pixels) = ctx.checked("drawing the picture", || {
        let counters = renderer.render_offscreen(ctx, target, params);
        (counters, target.read_rgba(ctx))
    })?;
    Ok((counters, pixels?))
}

/// A rendered image and what it cost.
pub struct Picture {
    /// RGBA8, rows top to bottom.
    pub pixels: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The renderer's counters for the frame.
    pub counters: FrameCounters,
    /// `backend: name`, of the adapter used.
    pub adapter: String,
    /// The colour the frame was cleared to (the scene's sky).
    pub clear: [f64; 4],
}

/// How a picture's pixels are shared among colours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColourShares {
    /// The share of the most common colour (colours counted 16 levels a channel, so a face
    /// shaded alike is one colour).
    pub largest: f64,
    /// The share of pixels of the clear colour (within 3 of 255 a channel): sky, and what fog
    /// has hidden entirely.
    pub sky: f64,
}

/// A linear colour channel (`0..1`) as an sRGB byte, as the sRGB targets store it.
fn srgb_byte(linear: f64) -> u8 {
    let c = linear.clamp(0.0, 1.0);
    let s = if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0).round() as u8
}

impl Picture {
    /// How its pixels are shared among colours, `clear` being the frame's clear colour
    /// (linear RGBA).
    pub fn colour_shares(&self, clear: [f64; 4]) -> ColourShares {
        let sky = [0, 1, 2].map(|i| srgb_byte(clear[i]));
        let mut counts = vec![0u32; 1 << 12];
        let (mut sky_pixels, mut total) = (0u64, 0u64);
        for p in self.pixels.chunks_exact(4) {
            total += 1;
            let bucket = (usize::from(p[0] >> 4) << 8)
                | (usize::from(p[1] >> 4) << 4)
                | usize::from(p[2] >> 4);
            counts[bucket] += 1;
            if (0..3).all(|i| p[i].abs_diff(sky[i]) <= 3) {
                sky_pixels += 1;
            }
        }
        let total = total.max(1) as f64;
        ColourShares {
            largest: f64::from(counts.iter().copied().max().unwrap_or(0)) / total,
            sky: sky_pixels as f64 / total,
        }
    }

    /// Saves the picture as a PNG at `path`, atomically.
    pub fn save_png(&self, path: &Path) -> Result<()> {
        let png = encode_png(&self.pixels, self.width, self.height)?;
        write_file(path, &png).with_context(|| format!("cannot write {}", path.display()))
    }
}

/// Encodes RGBA8 pixels as PNG bytes.
pub fn encode_png(pixels: &[u8], width: u32, height: u32) -> Result<Vec<u8>> {
    use image::ImageEncoder;
    let mut bytes = Vec::new();
    image::codecs::png::PngEncoder::new(&mut bytes)
        .write_image(pixels, width, height, image::ExtendedColorType::Rgba8)
        .context("encoding the PNG")?;
    Ok(bytes)
}
