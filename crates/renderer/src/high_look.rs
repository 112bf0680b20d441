//! `high`'s own multisampled scene: the scene pass draws into a colour texture of the target's
//! format without its sRGB encoding (the shader encodes, once a vertex or a pixel; a software
//! rasteriser writes a plain 8-bit texture far faster, four samples a pixel, than an sRGB one)
//! and a depth texture, both kept by the renderer at the target's size, and resolves into the
//! target viewed in that plain format. Where a target cannot be viewed so, `high` draws
//! through the target's own attachments instead.

use crate::scene_pass::SceneTargets;
use crate::target::DEPTH_FORMAT;

/// The samples high asks for.
pub(crate) const HIGH_SAMPLES: u32 = 4;

/// High's scene textures for the latest target size, and the plain view of the latest target.
#[derive(Debug)]
pub(crate) struct HighLook {
    /// The scene's samples a pixel (4, or fewer where the adapter has less).
    pub samples: u32,
    /// The scene's colour format: the target's, without sRGB.
    pub format: wgpu::TextureFormat,
    textures: Option<HighTextures>,
    /// The latest target texture and its plain view.
    plain: Option<(wgpu::Texture, wgpu::TextureView)>,
}

/// High's textures for one target size.
#[derive(Debug)]
struct HighTextures {
    size: (u32, u32),
    /// The multisampled colour (none with one sample: the scene is drawn into the target).
    colour: Option<wgpu::TextureView>,
    depth: wgpu::TextureView,
}

/// What the scene pass draws into at `high`.
pub(crate) struct HighScene<'a> {
    /// The multisampled colour (none where the adapter gave one sample).
    pub colour: Option<&'a wgpu::TextureView>,
    /// The multisampled depth.
    pub depth: &'a wgpu::TextureView,
    /// The target, viewed in the plain format, to resolve into.
    pub resolve: &'a wgpu::TextureView,
}

impl<'a> HighScene<'a> {
    /// The scene pass's targets for a target of `size`: the multisampled textures, resolved
    /// into the target's plain view (or, with one sample, that view itself), the background
    /// encoded as the shader encodes.
    pub fn targets(&self, size: (u32, u32)) -> SceneTargets<'a> {
        let (colour, resolve) = match self.colour {
            Some(colour) => (colour, Some(self.resolve)),
            None => (self.resolve, None),
        };
        SceneTargets {
            colour,
            resolve,
            depth: self.depth,
            size,
            encoded: true,
        }
    }
}

impl HighLook {
    /// High's scene in `format` (a target's, without sRGB), with `samples` samples.
    pub fn new(format: wgpu::TextureFormat, samples: u32) -> HighLook {
        HighLook {
            samples,
            format,
            textures: None,
            plain: None,
        }
    }

    /// Sizes the scene's textures to `target` (made anew when its size changed) and makes the
    /// target's plain view (anew for another texture). `false`, with nothing made, where the
    /// target's texture cannot be viewed in the plain format (`plain_format`, from its
    /// attachments): high then draws through the target's own attachments.
    pub fn prepare(
        &mut self,
        device: &wgpu::Device,
        target: &wgpu::TextureView,
        plain_format: Option<wgpu::TextureFormat>,
    ) -> bool {
        if plain_format != Some(self.format) {
            return false;
        }
        let texture = target.texture();
        let size = (texture.width(), texture.height());
        let textures = match self.textures.take() {
            Some(textures) if textures.size == size => textures,
            _ => self.make_textures(device, size),
        };
        let plain = match self.plain.take() {
            Some((kept, view)) if kept == *texture => (kept, view),
            _ => {
                let view = texture.create_view(&wgpu::TextureViewDescriptor {
                    label: Some("target, plain"),
                    format: Some(self.format),
                    ..Default::default()
                });
                (texture.clone(), view)
            }
        };
        self.textures = Some(textures);
        self.plain = Some(plain);
        true
    }

    /// What the scene pass draws into, once [`HighLook::prepare`] made it.
    pub fn scene(&self) -> Option<HighScene<'_>> {
        let (textures, (_, resolve)) = self.textures.as_ref().zip(self.plain.as_ref())?;
        Some(HighScene {
            colour: textures.colour.as_ref(),
            depth: &textures.depth,
            resolve,
        })
    }

    /// High's textures for a target of `size`.
    fn make_textures(&self, device: &wgpu::Device, (width, height): (u32, u32)) -> HighTextures {
        let texture = |label, format| {
            device
                .create_texture(&wgpu::TextureDescriptor {
                    label: Some(label),
                    size: wgpu::Extent3d {
                        width: width.max(1),
                        height: height.max(1),
                        depth_or_array_layers: 1,
                    },
                    mip_level_count: 1,
                    sample_count: self.samples,
                    dimension: wgpu::TextureDimension::D2,
                    format,
                    usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
                    view_formats: &[],
                })
                .create_view(&wgpu::TextureViewDescriptor::default())
        };
        HighTextures {
            size: (width, height),
            colour: (self.samples > 1).then(|| texture("high scene colour", self.format)),
            depth: texture("high scene depth", DEPTH_FORMAT),
        }
    }
}
