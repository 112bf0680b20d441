//! Where frames go: a window surface or an offscreen texture, each with the depth (and, with
//! MSAA, multisampled colour) attachments the renderer draws into.

use crate::context::GpuContext;

/// The depth format of every target.
pub(crate) const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

/// The colour format of offscreen targets (sRGB, so readback gives display-ready bytes).
pub const OFFSCREEN_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8UnormSrgb;

/// Depth and multisampled colour textures sized to a target.
#[derive(Debug)]
pub struct Attachments {
    /// Depth buffer view.
    pub depth: wgpu::TextureView,
    /// The multisampled colour view, resolved into the target; `None` without MSAA.
    pub msaa: Option<wgpu::TextureView>,
    /// Width and height in pixels.
    pub size: (u32, u32),
    /// The format without sRGB encoding the target's texture may also be viewed in, where
    /// it may (`high` resolves its own scene through it).
    pub plain_format: Option<wgpu::TextureFormat>,
}

impl Attachments {
    /// Attachments for a `width × height` target of `format` with `samples` samples.
    pub(crate) fn new(
        device: &wgpu::Device,
        format: wgpu::TextureFormat,
        (width, height): (u32, u32),
        samples: u32,
    ) -> Attachments {
        let texture = |label, format, sample_count| {
            device
                .create_texture(&wgpu::TextureDescriptor {
                    label: Some(label),
                    size: wgpu::Extent3d {
                        width,
                        height,
                        depth_or_array_layers: 1,
                    },
                    mip_level_count: 1,
                    sample_count,
                    dimension: wgpu::TextureDimension::D2,
                    format,
                    usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
                    view_formats: &[],
                })
                .create_view(&wgpu::TextureViewDescriptor::default())
        };
        Attachments {
            depth: texture("depth", DEPTH_FORMAT, samples),
            msaa: (samples > 1).then(|| texture("msaa colour", format, samples)),
            size: (width, height),
            plain_format: None,
        }
    }
}

/// The most MSAA samples (up to `wanted`) the adapter supports for `format` and for depth.
pub fn supported_samples(ctx: &GpuContext, format: wgpu::TextureFormat, wanted: u32) -> u32 {
    let color = ctx.adapter.get_texture_format_features(format).flags;
    let depth = ctx.adapter.get_texture_format_features(DEPTH_FORMAT).flags;
    [16, 8, 4, 2]
        .into_iter()
        .find(|&n| {
            n <= wanted && color.sample_count_supported(n) && depth.sample_count_supported(n)
        })
        .unwrap_or(1)
}

/// A texture rendered to and read back as RGBA8.
#[derive(Debug)]
pub struct OffscreenTarget {
    texture: wgpu::Texture,
    view: wgpu::TextureView,
    attachments: Attachments,
    readback: wgpu::Buffer,
    padded_row: u32,
    /// The texture stores blue first; readback swaps to RGBA.
    bgra: bool,
}

/// A failed readback.
#[derive(Debug, thiserror::Error)]
#[error("reading the rendered image back failed: {0}")]
pub struct ReadbackError(String);

impl OffscreenTarget {
    /// A `width × height` sRGB target with `samples` MSAA samples.
    pub fn new(ctx: &GpuContext, width: u32, height: u32, samples: u32) -> OffscreenTarget {
        OffscreenTarget::with_format(ctx, width, height, OFFSCREEN_FORMAT, samples)
    }

    /// A target of another 8-bit RGBA or BGRA format (for example a window's, to reuse its
    /// renderer); readback still returns RGBA.
    pub fn with_format(
        ctx: &GpuContext,
        width: u32,
        height: u32,
        format: wgpu::TextureFormat,
        samples: u32,
    ) -> OffscreenTarget {
        // The same texture viewed without sRGB, for `high`'s resolve, where views may differ.
        let view_formats = (ctx.adapter.get_downlevel_capabilities().flags)
            .contains(wgpu::DownlevelFlags::VIEW_FORMATS);
        let plain: Vec<wgpu::TextureFormat> = (format.is_srgb() && view_formats)
            .then(|| format.remove_srgb_suffix())
            .into_iter()
            .collect();
        let texture = ctx.device.create_texture(&wgpu::TextureDescriptor {
            label: Some("offscreen colour"),
            size: wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
            view_formats: &plain,
        });
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let align = wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
        let padded_row = (width * 4).div_ceil(align) * align;
        let readback = ctx.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("readback"),
            size: padded_row as u64 * height as u64,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut attachments = Attachments::new(&ctx.device, format, (width, height), samples);
        attachments.plain_format = plain.first().copied();
        OffscreenTarget {
            texture,
            view,
            attachments,
            readback,
            padded_row,
            bgra: matches!(
                format,
                wgpu::TextureFormat::Bgra8Unorm | wgpu::TextureFormat::Bgra8UnormSrgb
            ),
        }
    }

    /// The colour view to render into.
    pub(crate) fn view(&self) -> &wgpu::TextureView {
        &self.view
    }

    /// The depth and MSAA attachments.
    pub(crate) fn attachments(&self) -> &Attachments {
        &self.attachments
    }

    /// Width and height in pixels.
    pub fn size(&self) -> (u32, u32) {
        self.attachments.size
    }

    /// Copies the image to the CPU: `width × height × 4` bytes, rows top to bottom, RGBA.
    pub fn read_rgba(&self, ctx: &GpuContext) -> Result<Vec<u8>, ReadbackError> {
        let (width, height) = self.size();
        let mut encoder = ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("readback"),
            });
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                texture: &self.texture,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &self.readback,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(self.padded_row),
                    rows_per_image: Some(height),
                },
            },
            wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
        );
        ctx.queue.submit([encoder.finish()]);
        let slice = self.readback.slice(..);
        let (sender, receiver) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |result| {
            let _ = sender.send(result);
        });
        ctx.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| ReadbackError(e.to_string()))?;
        receiver
            .recv()
            .map_err(|e| ReadbackError(e.to_string()))?
            .map_err(|e| ReadbackError(e.to_string()))?;
        let row = width as usize * 4;
        let mut pixels = Vec::with_capacity(row * height as usize);
        {
            let data = slice
                .get_mapped_range()
                .map_err(|e| ReadbackError(e.to_string()))?;
            for y in 0..height as usize {
                let start = y * self.padded_row as usize;
                pixels.extend_from_slice(&data[start..start + row]);
            }
        }
        self.readback.unmap();
        if self.bgra {
            pixels.chunks_exact_mut(4).for_each(|p| p.swap(0, 2));
        }
        Ok(pixels)
    }
}

/// A window surface, configured and reconfigured as the window changes.
#[derive(Debug)]
pub struct SurfaceTarget {
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
    samples: u32,
    /// `None` while the window is 0×0 (minimised).
    attachments: Option<Attachments>,
}

/// What [`SurfaceTarget::acquire`] found.
#[derive(Debug)]
pub enum Acquired {
    /// A frame to draw into and present.
    Frame(wgpu::SurfaceTexture),
    /// Nothing to draw this time (minimised, occluded, timed out, or just reconfigured).
    Skip,
    /// The surface is lost: make a new one with [`SurfaceTarget::replace_surface`].
    Lost,
}

impl SurfaceTarget {
    /// Configures `surface` for a `width × height` window; `vsync` picks FIFO, otherwise the
    /// fastest mode the surface offers.
    pub fn new(
        ctx: &GpuContext,
        surface: wgpu::Surface<'static>,
        (width, height): (u32, u32),
        samples_wanted: u32,
        vsync: bool,
    ) -> Option<SurfaceTarget> {
        let caps = surface.get_capabilities(&ctx.adapter);
        let mut config = surface.get_default_config(&ctx.adapter, width.max(1), height.max(1))?;
        if let Some(srgb) = caps.formats.iter().find(|f| f.is_srgb()) {
            config.format = *srgb;
        }
        // Overlays that blend in gamma space (egui) draw through a non-sRGB view of the frame.
        let linear = config.format.remove_srgb_suffix();
        let view_formats_ok = ctx
            .adapter
            .get_downlevel_capabilities()
            .flags
            .contains(wgpu::DownlevelFlags::SURFACE_VIEW_FORMATS);
        if linear != config.format && view_formats_ok && caps.formats.contains(&linear) {
            config.view_formats = vec![linear];
        }
        config.present_mode = if vsync {
            wgpu::PresentMode::AutoVsync
        } else {
            wgpu::PresentMode::AutoNoVsync
        };
        let samples = supported_samples(ctx, config.format, samples_wanted);
        let mut target = SurfaceTarget {
            surface,
            config,
            samples,
            attachments: None,
        };
        target.resize(ctx, (width, height));
        Some(target)
    }

    /// The surface's colour format.
    pub fn format(&self) -> wgpu::TextureFormat {
        self.config.format
    }

    /// The format to view frames in for overlays that expect a non-sRGB target: the surface's
    /// format without its sRGB suffix where the surface allows that view, else the same.
    pub fn overlay_format(&self) -> wgpu::TextureFormat {
        self.config
            .view_formats
            .first()
            .copied()
            .unwrap_or(self.config.format)
    }

    /// MSAA samples in use.
    pub fn samples(&self) -> u32 {
        self.samples
    }

    /// Width and height in pixels (0×0 while minimised).
    pub fn size(&self) -> (u32, u32) {
        self.attachments.as_ref().map_or((0, 0), |a| a.size)
    }

    /// The depth and MSAA attachments, unless minimised.
    pub fn attachments(&self) -> Option<&Attachments> {
        self.attachments.as_ref()
    }

    /// Swaps in a freshly created surface for the same window (after [`Acquired::Lost`]) and
    /// configures it as the old one was.
    pub fn replace_surface(&mut self, ctx: &GpuContext, surface: wgpu::Surface<'static>) {
        self.surface = surface;
        if self.attachments.is_some() {
            self.surface.configure(&ctx.device, &self.config);
        }
    }

    /// Follows a window resize; a zero size just stops drawing until the next resize.
    pub fn resize(&mut self, ctx: &GpuContext, (width, height): (u32, u32)) {
        if width == 0 || height == 0 {
            self.attachments = None;
            return;
        }
        self.config.width = width;
        self.config.height = height;
        self.surface.configure(&ctx.device, &self.config);
        let mut attachments = Attachments::new(
            &ctx.device,
            self.config.format,
            (width, height),
            self.samples,
        );
        attachments.plain_format = self.config.view_formats.first().copied();
        self.attachments = Some(attachments);
    }

    /// The next frame, or `Skip` when there is nothing to draw into; a lost or outdated surface
    /// is reconfigured and skipped.
    pub fn acquire(&mut self, ctx: &GpuContext) -> Acquired {
        if self.attachments.is_none() {
            return Acquired::Skip;
        }
        match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(frame)
            | wgpu::CurrentSurfaceTexture::Suboptimal(frame) => Acquired::Frame(frame),
            wgpu::CurrentSurfaceTexture::Outdated => {
                log::debug!("surface outdated: reconfiguring");
                self.surface.configure(&ctx.device, &self.config);
                Acquired::Skip
            }
            wgpu::CurrentSurfaceTexture::Lost => {
                log::warn!("surface lost: it will be recreated");
                Acquired::Lost
            }
            other => {
                log::debug!("no surface texture this frame: {other:?}");
                Acquired::Skip
            }
        }
    }
}
