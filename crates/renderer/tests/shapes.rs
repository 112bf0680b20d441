//! The round meshes a look may use, on a real device (in CI Mesa's lavapipe): a sphere, a
//! dome and a cylinder fill the unit box as their descriptions say. Seen from above, each is
//! a disc in the box's square (π/4 of the cube's pixels); from the side, the cylinder is the
//! cube's square and the dome a half ellipse in it (π/4 again). Skipped only where no adapter
//! exists and `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)]

use glam::{Mat4, Vec3};
use horde_renderer::{
    BackendChoice, FrameParams, GpuContext, GpuRequest, Instance, MeshKind, OFFSCREEN_FORMAT,
    OffscreenTarget, Renderer, RendererConfig,
};

const SIZE: u32 = 256;
const BACKGROUND: [f64; 4] = [0.0, 0.0, 0.0, 1.0];

fn context() -> Option<GpuContext> {
    let request = GpuRequest {
        backend: BackendChoice::Vulkan,
        ..GpuRequest::default()
    };
    match GpuContext::headless(request) {
        Ok(ctx) => Some(ctx),
        Err(e) if std::env::var_os("HORDE_REQUIRE_GPU").is_some() => {
            panic!("HORDE_REQUIRE_GPU is set but there is no adapter: {e}")
        }
        Err(e) => {
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr(), "SKIPPED (HORDE_REQUIRE_GPU unset): {e}");
            None
        }
    }
}

/// The pixels that are not background when one `mesh` scaled to 8 units a side is seen
/// orthographically from `eye` (looking at the origin, 10 units a side of the picture).
fn covered(ctx: &GpuContext, mesh: MeshKind, eye: Vec3, up: Vec3) -> usize {
    let config = RendererConfig {
        color_format: OFFSCREEN_FORMAT,
        samples: 1,
    };
    let mut renderer = Renderer::new(ctx, config);
    let batch = renderer.add_batch(mesh, "shape");
    let model = Mat4::from_scale(Vec3::splat(8.0));
    renderer.set_instances(batch, &[Instance::new(model, [200, 180, 160, 255])]);
    let params = FrameParams::new(
        glam::camera::rh::view::look_at_mat4(eye, Vec3::ZERO, up),
        glam::camera::rh::proj::directx::orthographic(-5.0, 5.0, -5.0, 5.0, 0.1, 100.0),
        Vec3::new(0.3, 1.0, 0.5),
        0.6,
        BACKGROUND,
    );
    let target = OffscreenTarget::new(ctx, SIZE, SIZE, 1);
    renderer.render_offscreen(ctx, &target, &params);
    let rgba = target.read_rgba(ctx).unwrap();
    rgba.chunks_exact(4)
        .filter(|p| p[..3].iter().any(|&c| c > 8))
        .count()
}

#[test]
fn round_shapes_fill_the_unit_box_as_described() {
    let Some(ctx) = context() else {
        return;
    };
    let above = |mesh| covered(&ctx, mesh, Vec3::new(0.0, 30.0, 0.0), Vec3::Z);
    let side = |mesh| covered(&ctx, mesh, Vec3::new(0.0, 0.0, 30.0), Vec3::Y);
    let (square_above, square_side) = (above(MeshKind::Cube), side(MeshKind::Cube));
    // 8 of 10 units a side: 64 % of the picture.
    let expected = (SIZE * SIZE) as f64 * 0.64;
    assert!(
        (square_above as f64 / expected - 1.0).abs() < 0.03,
        "{square_above}"
    );
    let ratio = |n: usize, of: usize| n as f64 / of as f64;
    let quarter_pi = std::f64::consts::FRAC_PI_4;
    for mesh in [MeshKind::Sphere, MeshKind::Dome, MeshKind::Cylinder] {
        let disc = ratio(above(mesh), square_above);
        assert!(
            (disc - quarter_pi).abs() < 0.03,
            "{mesh:?} from above: {disc}"
        );
    }
    let cylinder = ratio(side(MeshKind::Cylinder), square_side);
    assert!(
        (cylinder - 1.0).abs() < 0.03,
        "the cylinder from the side: {cylinder}"
    );
    let dome = ratio(side(MeshKind::Dome), square_side);
    assert!(
        (dome - quarter_pi).abs() < 0.03,
        "the dome from the side: {dome}"
    );
}
