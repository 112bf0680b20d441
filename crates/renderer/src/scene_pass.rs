//! The scene pass begun: colour cleared to the background (through a multisampled attachment
//! resolved into the target, where there is one), depth cleared, the frame's viewport set,
//! timestamps written where measured.

use crate::frame::FrameParams;
use crate::target::Attachments;

/// What the scene pass draws into.
pub(crate) struct SceneTargets<'a> {
    /// The colour attachment.
    pub colour: &'a wgpu::TextureView,
    /// Where the multisampled colour is resolved at the pass's end (none: not resolved).
    pub resolve: Option<&'a wgpu::TextureView>,
    /// The depth attachment.
    pub depth: &'a wgpu::TextureView,
    /// Width and height in pixels.
    pub size: (u32, u32),
    /// Whether the colour holds what `high` encodes itself (the tone curve and sRGB): the
    /// background is cleared to its colour so encoded.
    pub encoded: bool,
}

impl<'a> SceneTargets<'a> {
    /// A caller's target: its `color` view, drawn through the MSAA attachment where
    /// `attachments` has one, and its depth, discarded after the pass.
    pub fn of(attachments: &'a Attachments, color: &'a wgpu::TextureView) -> SceneTargets<'a> {
        let (colour, resolve) = match &attachments.msaa {
            Some(msaa) => (msaa, Some(color)),
            None => (color, None),
        };
        SceneTargets {
            colour,
            resolve,
            depth: &attachments.depth,
            size: attachments.size,
            encoded: false,
        }
    }
}

/// Begins the scene pass into `targets`: colour cleared to the background, depth cleared, the
/// viewport set, timestamps written where measured.
pub(crate) fn begin_scene_pass<'e>(
    encoder: &'e mut wgpu::CommandEncoder,
    targets: &SceneTargets<'_>,
    params: &FrameParams,
    query: Option<&wgpu_profiler::GpuProfilerQuery>,
) -> wgpu::RenderPass<'e> {
    let [mut r, mut g, mut b, a] = params.clear;
    if targets.encoded {
        [r, g, b] = [r, g, b].map(encode);
    }
    let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some("scene"),
        color_attachments: &[Some(wgpu::RenderPassColorAttachment {
            view: targets.colour,
            depth_slice: None,
            resolve_target: targets.resolve,
            ops: wgpu::Operations {
                load: wgpu::LoadOp::Clear(wgpu::Color { r, g, b, a }),
                // Multisampled colour is needed only until it is resolved.
                store: if targets.resolve.is_some() {
                    wgpu::StoreOp::Discard
                } else {
                    wgpu::StoreOp::Store
                },
            },
        })],
        depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
            view: targets.depth,
            depth_ops: Some(wgpu::Operations {
                load: wgpu::LoadOp::Clear(1.0),
                store: wgpu::StoreOp::Discard,
            }),
            stencil_ops: None,
        }),
        timestamp_writes: query.and_then(|q| q.render_pass_timestamp_writes()),
        occlusion_query_set: None,
        multiview_mask: None,
    });
    if let Some([x, y, w, h]) = params.viewport {
        let (tw, th) = targets.size;
        let x = x.clamp(0.0, tw as f32 - 1.0);
        let y = y.clamp(0.0, th as f32 - 1.0);
        pass.set_viewport(
            x,
            y,
            w.clamp(1.0, tw as f32 - x),
            h.clamp(1.0, th as f32 - y),
            0.0,
            1.0,
        );
    }
    pass
}

/// A linear colour channel as `high` writes it into its plain texture: through the filmic
/// curve (`finish` in `shaders/instanced.wgsl`), then sRGB-encoded.
fn encode(linear: f64) -> f64 {
    let x = linear.max(0.0);
    let toned = ((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14)).clamp(0.0, 1.0);
    if toned <= 0.0031308 {
        12.92 * toned
    } else {
        1.055 * toned.powf(1.0 / 2.4) - 0.055
    }
}
