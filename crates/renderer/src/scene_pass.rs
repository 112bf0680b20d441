//! The scene pass begun: colour cleared to the background (through the MSAA attachment when
//! there is one), depth cleared, the frame's viewport set, timestamps written where measured.

use crate::frame::FrameParams;
use crate::target::Attachments;

/// Begins the scene pass: colour cleared to the background (through the MSAA attachment when
/// there is one), depth cleared, the viewport set, timestamps written where measured.
pub(crate) fn begin_scene_pass<'e>(
    encoder: &'e mut wgpu::CommandEncoder,
    color: &wgpu::TextureView,
    attachments: &Attachments,
    params: &FrameParams,
    query: Option<&wgpu_profiler::GpuProfilerQuery>,
) -> wgpu::RenderPass<'e> {
    let [r, g, b, a] = params.clear;
    let (view, resolve_target) = match &attachments.msaa {
        Some(msaa) => (msaa, Some(color)),
        None => (color, None),
    };
    let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some("scene"),
        color_attachments: &[Some(wgpu::RenderPassColorAttachment {
            view,
            depth_slice: None,
            resolve_target,
            ops: wgpu::Operations {
                load: wgpu::LoadOp::Clear(wgpu::Color { r, g, b, a }),
                store: wgpu::StoreOp::Store,
            },
        })],
        depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
            view: &attachments.depth,
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
        let (tw, th) = attachments.size;
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
