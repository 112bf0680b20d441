//! The sun's shadow map: a depth texture drawn from the light before the scene pass, through
//! the same instance buffers and the same vertex stages (an orthographic "camera" looking
//! along the light), and the light's box fitted to what the camera sees — the camera's
//! frustum from its near plane to [`SHADOW_REACH`] away (the fog's end, where there is fog),
//! deepened towards the light so that what stands outside the view still casts into it. The
//! scene pass reads the map with a comparison sampler, 3×3 PCF.

use crate::batch::{Batch, DrawPath};
use crate::draw::draw_batch;
use crate::frame::FrameParams;
use crate::mesh::{GpuMesh, MeshKind};
use crate::pipelines::ShadowPipelines;
use crate::target::DEPTH_FORMAT;
use glam::{Mat4, Vec3, Vec4};

/// Texels along each side of the shadow map.
pub const SHADOW_MAP_SIZE: u32 = 2048;

/// How far from the camera's near plane shadows reach where the frame has no fog (world
/// units): beyond it everything is lit.
pub const SHADOW_REACH: f32 = 160.0;

/// How far towards the light beyond the view the box reaches for casters.
const CASTER_MARGIN: f32 = 200.0;

/// The light's view and projection for a frame of `params`: an orthographic box looking
/// along `-light_dir` that holds every point the camera sees up to `reach` from its near
/// plane, and everything towards the light from there up to [`CASTER_MARGIN`].
pub(crate) fn light_view_proj(params: &FrameParams, reach: f32) -> Mat4 {
    let corners = frustum_corners(params.proj * params.view, reach, params.floor);
    let towards = params.light_dir.try_normalize().unwrap_or(Vec3::Y);
    let centre = corners.iter().copied().sum::<Vec3>() / corners.len() as f32;
    let up = if towards.y.abs() > 0.99 {
        Vec3::Z
    } else {
        Vec3::Y
    };
    let view = glam::camera::rh::view::look_at_mat4(centre + towards, centre, up);
    let (mut min, mut max) = (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY));
    for corner in corners {
        let p = view.transform_point3(corner);
        min = min.min(p);
        max = max.max(p);
    }
    // Looking down −z: the nearest point has the largest z.
    let proj = glam::camera::rh::proj::directx::orthographic(
        min.x,
        max.x.max(min.x + 1e-3),
        min.y,
        max.y.max(min.y + 1e-3),
        -max.z - CASTER_MARGIN,
        -min.z + 1e-3,
    );
    proj * view
}

/// The eight corners of what `view_proj` sees, its far ones no further than `reach` from
/// the near ones along each corner's line of sight, nor below the `floor`.
fn frustum_corners(view_proj: Mat4, reach: f32, floor: Option<f32>) -> [Vec3; 8] {
    let inverse = view_proj.inverse();
    let unproject = |x: f32, y: f32, z: f32| {
        let p = inverse * Vec4::new(x, y, z, 1.0);
        p.truncate() / p.w
    };
    let mut corners = [Vec3::ZERO; 8];
    for (i, (x, y)) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
        .into_iter()
        .enumerate()
    {
        let near = unproject(x, y, 0.0);
        let mut far = unproject(x, y, 1.0);
        if !far.is_finite() {
            far = unproject(x, y, 0.999);
        }
        if let Some(y) = floor
            && near.y > y
            && far.y < y
        {
            far = near + (far - near) * ((near.y - y) / (near.y - far.y));
        }
        let along = far - near;
        let length = along.length();
        if length.is_finite() && length > reach {
            far = near + along * (reach / length);
        }
        corners[2 * i] = near;
        corners[2 * i + 1] = far;
    }
    corners
}

/// How far shadows reach in a frame of `params`: to the fog's end, else [`SHADOW_REACH`].
pub(crate) fn reach_of(params: &FrameParams) -> f32 {
    match params.fog {
        Some([_, end]) if end.is_finite() && end > 0.0 => end.min(SHADOW_REACH),
        _ => SHADOW_REACH,
    }
}

/// The shadow map's GPU side: its depth texture and the light's uniform block for the
/// shadow pass.
#[derive(Debug)]
pub(crate) struct ShadowMap {
    /// The depth texture's view: the shadow pass's attachment, the scene pass's input.
    pub view: wgpu::TextureView,
    /// The light's uniform block (the frame block, seen from the light).
    pub uniform: wgpu::Buffer,
    /// Group 0 of the shadow pass: the light's uniform block.
    pub bind_group: wgpu::BindGroup,
}

impl ShadowMap {
    /// A map of [`SHADOW_MAP_SIZE`]², its group 0 laid out as `layout` (the uniform only).
    pub fn new(
        device: &wgpu::Device,
        layout: &wgpu::BindGroupLayout,
        uniform_bytes: u64,
    ) -> ShadowMap {
        let view = depth_texture(device, SHADOW_MAP_SIZE, "shadow map");
        let uniform = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("light uniform"),
            size: uniform_bytes,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("light"),
            layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: uniform.as_entire_binding(),
            }],
        });
        ShadowMap {
            view,
            uniform,
            bind_group,
        }
    }
}

/// Records the shadow pass into `encoder`: the map cleared, then each of `batches` the scene
/// pass will draw (opaque, visible, not empty) drawn from the light, one draw call each, from
/// its own instance buffer: a mesh as its mesh, cubes as the light sees them (three faces,
/// or one triangle where a cube is a texel or two wide in the map), pulled where the scene
/// pass pulls them. Returns the draw calls.
pub(crate) fn record_shadow_pass<'b>(
    encoder: &mut wgpu::CommandEncoder,
    map: &ShadowMap,
    pipelines: &ShadowPipelines,
    meshes: &[GpuMesh],
    pulled_cube_indices: &wgpu::Buffer,
    batches: impl Iterator<Item = &'b Batch>,
    timestamps: Option<wgpu::RenderPassTimestampWrites<'_>>,
) -> u32 {
    let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some("shadow"),
        color_attachments: &[],
        depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
            view: &map.view,
            depth_ops: Some(wgpu::Operations {
                load: wgpu::LoadOp::Clear(1.0),
                store: wgpu::StoreOp::Store,
            }),
            stencil_ops: None,
        }),
        timestamp_writes: timestamps,
        occlusion_query_set: None,
        multiview_mask: None,
    });
    pass.set_bind_group(0, &map.bind_group, &[]);
    let mut draws = 0;
    for batch in batches.filter(|b| !b.translucent && b.casts_shadows) {
        let path = batch.drawn;
        let (pipeline, kind) = match path {
            DrawPath::PulledThreeFaceCubes => (&pipelines.pulled_three_face, MeshKind::Cube),
            DrawPath::PulledSmallCubes => (&pipelines.pulled_small, MeshKind::Cube),
            DrawPath::ThreeFaceCubes | DrawPath::SmallCubes => {
                (&pipelines.three_face, MeshKind::ThreeFaceCube)
            }
            DrawPath::Mesh | DrawPath::None => (&pipelines.mesh, path.mesh_drawn(batch.mesh)),
        };
        pass.set_pipeline(pipeline);
        if !draw_batch(
            &mut pass,
            batch,
            path,
            &meshes[kind as usize],
            pulled_cube_indices,
        ) {
            continue;
        }
        draws += 1;
    }
    draws
}

/// A square depth texture `size` texels wide that passes can draw into and shaders read.
pub(crate) fn depth_texture(device: &wgpu::Device, size: u32, label: &str) -> wgpu::TextureView {
    device
        .create_texture(&wgpu::TextureDescriptor {
            label: Some(label),
            size: wgpu::Extent3d {
                width: size,
                height: size,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: DEPTH_FORMAT,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING,
            view_formats: &[],
        })
        .create_view(&wgpu::TextureViewDescriptor::default())
}

/// The sampler the scene pass reads the map with: a depth comparison (lit where the map's
/// depth is not nearer the light), filtered, clamped at the edges.
pub(crate) fn comparison_sampler(device: &wgpu::Device) -> wgpu::Sampler {
    device.create_sampler(&wgpu::SamplerDescriptor {
        label: Some("shadow"),
        address_mode_u: wgpu::AddressMode::ClampToEdge,
        address_mode_v: wgpu::AddressMode::ClampToEdge,
        address_mode_w: wgpu::AddressMode::ClampToEdge,
        mag_filter: wgpu::FilterMode::Linear,
        min_filter: wgpu::FilterMode::Linear,
        compare: Some(wgpu::CompareFunction::LessEqual),
        ..Default::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::camera::rh::proj::directx::perspective;
    use glam::camera::rh::view::look_at_mat4;

    fn params(eye: Vec3, target: Vec3, far: f32) -> FrameParams {
        FrameParams::new(
            look_at_mat4(eye, target, Vec3::Y),
            perspective(0.9, 16.0 / 9.0, 0.1, far),
            Vec3::new(0.4, 1.0, -0.3),
            0.35,
            [0.0; 4],
        )
    }

    /// Whether `p` lies in the light's box.
    fn inside(light: Mat4, p: Vec3) -> bool {
        let c = light * p.extend(1.0);
        let n = c.truncate() / c.w;
        n.x.abs() <= 1.0 + 1e-4 && n.y.abs() <= 1.0 + 1e-4 && (-1e-4..=1.0 + 1e-4).contains(&n.z)
    }

    #[test]
    fn the_light_box_holds_what_the_camera_sees_and_what_casts_into_it() {
        let params = params(Vec3::new(0.0, 40.0, 50.0), Vec3::ZERO, 1000.0);
        let light = light_view_proj(&params, 120.0);
        // The board the camera looks at, and points along the view near and far.
        for p in [
            Vec3::ZERO,
            Vec3::new(20.0, 0.0, 20.0),
            Vec3::new(-20.0, 0.0, -20.0),
            Vec3::new(0.0, 39.0, 49.0),
        ] {
            assert!(inside(light, p), "{p}");
        }
        // A caster high above the board, towards the light, is in the box.
        let towards = params.light_dir.normalize();
        assert!(inside(light, Vec3::ZERO + towards * 150.0));
        // Further from the camera than the reach is not.
        assert!(!inside(light, Vec3::new(0.0, 0.0, -600.0)));
        // Over a floor, the box of a camera looking down ends where the view meets it: far
        // smaller, the board still in.
        let params = self::params(Vec3::new(0.0, 60.0, 30.0), Vec3::ZERO, 1000.0);
        let light = light_view_proj(&params, 120.0);
        let floored = light_view_proj(&params.with_floor(-1.0), 120.0);
        assert!(inside(floored, Vec3::new(20.0, 0.0, 20.0)));
        let width = |m: Mat4| 2.0 / m.row(0).truncate().length();
        assert!(
            width(floored) < 0.95 * width(light),
            "{} {}",
            width(floored),
            width(light)
        );
        // Nearer the light means a smaller depth: the map keeps the nearest caster.
        let depth = |p: Vec3| {
            let c = light * p.extend(1.0);
            c.z / c.w
        };
        assert!(depth(towards * 10.0) < depth(Vec3::ZERO));
    }

    #[test]
    fn shadows_reach_the_fog_at_most() {
        let plain = params(Vec3::new(0.0, 2.0, 5.0), Vec3::ZERO, 200.0);
        assert_eq!(reach_of(&plain), SHADOW_REACH);
        assert_eq!(reach_of(&plain.with_fog(Some([6.0, 13.5]))), 13.5);
    }
}
