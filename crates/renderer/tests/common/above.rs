//! A scene seen from straight above through an orthographic camera, as the shadow and
//! occlusion tests draw it: a 20 × 20 ground around the origin, a picture 200 pixels a side,
//! so a pixel is a place on the ground (10 pixels a world unit).

use glam::{Mat4, Vec3};
use horde_renderer::{
    FrameCounters, FrameParams, GpuContext, Instance, MeshKind, OffscreenTarget, Quality,
};

/// The picture's side in pixels: 20 world units.
pub const SIDE: u32 = 200;

/// A box of `size` whose bottom face is centred on `base`.
pub fn block(base: Vec3, size: Vec3, color: [u8; 4]) -> Instance {
    let model = Mat4::from_scale_rotation_translation(
        size,
        glam::Quat::IDENTITY,
        base + Vec3::new(0.0, size.y * 0.5, 0.0),
    );
    Instance::new(model, color)
}

/// The ground, 20 × 20 around the origin, its top at `y = 0`.
pub fn ground() -> Instance {
    block(
        Vec3::new(0.0, -0.2, 0.0),
        Vec3::new(20.0, 0.2, 20.0),
        [180, 180, 180, 255],
    )
}

/// The scene from straight above, lit from `light` (towards the light) with `ambient` of the
/// light ambient, on black.
pub fn from_above(light: Vec3, ambient: f32) -> FrameParams {
    let view = glam::camera::rh::view::look_at_mat4(
        Vec3::new(0.0, 30.0, 0.0),
        Vec3::ZERO,
        Vec3::new(0.0, 0.0, -1.0),
    );
    let proj = glam::camera::rh::proj::directx::orthographic(-10.0, 10.0, -10.0, 10.0, 0.1, 60.0);
    FrameParams::new(view, proj, light, ambient, [0.0, 0.0, 0.0, 1.0])
}

/// The picture of `blocks` (plain cubes) and `swarm` (three-face cubes) at `quality` through
/// `params`, with the frame's counters: grey levels (green), row by row from the top (world
/// `z` = −10 at the top, `x` = −10 at the left).
pub fn picture(
    ctx: &GpuContext,
    quality: Quality,
    params: &FrameParams,
    blocks: &[Instance],
    swarm: &[Instance],
) -> (FrameCounters, Vec<u8>) {
    let mut renderer = super::renderer(ctx, quality);
    let walls = renderer.add_batch(MeshKind::Cube, "blocks");
    renderer.set_instances(walls, blocks);
    let enemies = renderer.add_batch(MeshKind::ThreeFaceCube, "swarm");
    renderer.set_instances(enemies, swarm);
    let target = OffscreenTarget::new(ctx, SIDE, SIDE, 1);
    let counters = renderer.render_offscreen(ctx, &target, params);
    let rgba = target.read_rgba(ctx).expect("the picture reads back");
    (counters, rgba.chunks(4).map(|p| p[1]).collect())
}

/// The grey level at world `(x, z)` on the ground.
pub fn at(picture: &[u8], x: f32, z: f32) -> u8 {
    let u = ((x + 10.0) * 10.0) as usize;
    let v = ((z + 10.0) * 10.0) as usize;
    picture[v * SIDE as usize + u]
}
