//! The renderer on a real device (in CI Mesa's lavapipe and llvmpipe): pulled cubes draw
//! exactly the instances they were given, whatever the buffer held before or past them, and
//! an id of one renderer never names a batch of another. Skipped only where the backend has
//! no adapter and `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)]

use glam::{Mat4, Quat, Vec3};
use horde_renderer::{
    BackendChoice, DrawPath, FrameParams, GpuContext, GpuRequest, Instance, MeshKind,
    OffscreenTarget, Renderer, RendererConfig, target::OFFSCREEN_FORMAT,
};

const SIZE: (u32, u32) = (320, 180);

/// A context on `backend`, or `None` (said on stderr) where it has no adapter and
/// `HORDE_REQUIRE_GPU` is unset.
fn context(backend: BackendChoice) -> Option<GpuContext> {
    match GpuContext::headless(GpuRequest {
        backend,
        ..GpuRequest::default()
    }) {
        Ok(ctx) => Some(ctx),
        Err(e) if std::env::var_os("HORDE_REQUIRE_GPU").is_some() => {
            panic!("HORDE_REQUIRE_GPU is set but {backend} has no adapter: {e}")
        }
        Err(e) => {
            use std::io::Write as _;
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED (HORDE_REQUIRE_GPU unset): no {backend} adapter ({e})"
            );
            None
        }
    }
}

fn renderer(ctx: &GpuContext) -> Renderer {
    Renderer::new(
        ctx,
        RendererConfig {
            color_format: OFFSCREEN_FORMAT,
            samples: 1,
        },
    )
}

/// `count` turned cubes on a 40 × 25 grid facing the camera, each with its own colour.
fn cubes(count: usize) -> Vec<Instance> {
    (0..count)
        .map(|i| {
            let (col, row) = ((i % 40) as f32, (i / 40) as f32);
            let model = Mat4::from_scale_rotation_translation(
                Vec3::splat(0.7),
                Quat::from_euler(glam::EulerRot::YXZ, 0.3 * col, 0.2 * row, 0.1),
                Vec3::new(col - 19.5, row - 12.0, 0.0),
            );
            let shade = (i * 37 % 200) as u8;
            Instance::new(model, [55 + shade, 200 - shade, 90 + shade / 2, 255])
        })
        .collect()
}

fn params() -> FrameParams {
    FrameParams::new(
        glam::camera::rh::view::look_at_mat4(Vec3::new(0.0, -4.0, 30.0), Vec3::ZERO, Vec3::Y),
        glam::camera::rh::proj::directx::perspective(1.1, 16.0 / 9.0, 0.1, 100.0),
        Vec3::new(0.3, 1.0, 0.5),
        0.35,
        [0.1, 0.1, 0.12, 1.0],
    )
}

/// Draws one frame and reads it back, with the enemy batch's draw path.
fn frame(
    ctx: &GpuContext,
    renderer: &mut Renderer,
    batch: horde_renderer::BatchId,
) -> (Vec<u8>, DrawPath) {
    let target = OffscreenTarget::new(ctx, SIZE.0, SIZE.1, 1);
    let counters = renderer.render_offscreen(ctx, &target, &params());
    assert_eq!(counters.draw_calls, 1);
    (target.read_rgba(ctx).unwrap(), renderer.draw_path(batch))
}

/// Bytes that differ by more than 2 between two pictures.
fn differing(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).filter(|(x, y)| x.abs_diff(**y) > 2).count()
}

/// The two pictures are the same but for rounding: under 0.05 % of the bytes differ (on
/// lavapipe and llvmpipe none do; a cube drawn too many, or too few, changes thousands).
fn assert_same(a: &[u8], b: &[u8], what: &str) {
    let bytes = differing(a, b);
    assert!(bytes * 2000 < a.len(), "{what}: {bytes} bytes differ");
}

/// The reference: `count` cubes drawn instanced by a fresh renderer.
fn instanced(ctx: &GpuContext, count: usize) -> Vec<u8> {
    let mut renderer = renderer(ctx);
    renderer.set_pull_cubes(false);
    let batch = renderer.add_batch(MeshKind::ThreeFaceCube, "cubes");
    renderer.set_instances(batch, &cubes(count));
    let (picture, path) = frame(ctx, &mut renderer, batch);
    assert_eq!(path, DrawPath::ThreeFaceCubes);
    picture
}

fn pulled_cubes_draw_exactly_their_instances(backend: BackendChoice) {
    let Some(ctx) = context(backend) else {
        return;
    };
    let all = cubes(1000);
    // 1000 cubes, then 300 (not a whole group of 256): the 300..1000 of the first frame are
    // still in the buffer, and the draw of the last group reads 300..512.
    let mut renderer = renderer(&ctx);
    let batch = renderer.add_batch(MeshKind::ThreeFaceCube, "cubes");
    renderer.set_instances(batch, &all);
    let (first, path) = frame(&ctx, &mut renderer, batch);
    assert_eq!(path, DrawPath::PulledThreeFaceCubes, "{backend}");
    assert_same(
        &first,
        &instanced(&ctx, 1000),
        &format!("{backend}: 1000 cubes"),
    );
    renderer.set_instances(batch, &all[..300]);
    let (shrunk, _) = frame(&ctx, &mut renderer, batch);
    let reference = instanced(&ctx, 300);
    assert!(
        differing(&first, &reference) > 1000,
        "{backend}: the test shows nothing"
    );
    assert_same(
        &shrunk,
        &reference,
        &format!("{backend}: 300 of 1000 cubes"),
    );
    // Written directly: the view holds 1000 cubes, of which the batch draws the first 300.
    renderer
        .write_direct(&ctx, batch, all.len(), |mut view| {
            view.copy_from_slice(bytemuck::cast_slice(&all));
            300
        })
        .unwrap();
    let (direct, path) = frame(&ctx, &mut renderer, batch);
    assert_eq!(path, DrawPath::PulledThreeFaceCubes);
    assert_eq!(renderer.instance_count(batch), 300);
    assert_same(
        &direct,
        &reference,
        &format!("{backend}: 300 written of 1000"),
    );
    // A frame that uploads nothing draws the same.
    let (again, _) = frame(&ctx, &mut renderer, batch);
    assert_same(&again, &reference, &format!("{backend}: a frame later"));
}

#[test]
fn pulled_cubes_draw_exactly_their_instances_on_vulkan() {
    pulled_cubes_draw_exactly_their_instances(BackendChoice::Vulkan);
}

#[test]
fn pulled_cubes_draw_exactly_their_instances_on_gl() {
    pulled_cubes_draw_exactly_their_instances(BackendChoice::Gl);
}

/// After a backend switch the app makes a new renderer; an id of the old one is caught, not
/// taken for the new renderer's batch of the same number.
#[test]
fn an_id_of_another_renderer_is_caught() {
    let Some(ctx) = context(BackendChoice::Vulkan) else {
        return;
    };
    let mut old = renderer(&ctx);
    let stale = old.add_batch(MeshKind::ThreeFaceCube, "enemies");
    let mut new = renderer(&ctx);
    let fresh = new.add_batch(MeshKind::ThreeFaceCube, "enemies");
    assert_ne!(stale, fresh);
    new.set_instances(fresh, &cubes(10));
    if cfg!(debug_assertions) {
        let panic = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            new.set_instances(stale, &cubes(3));
        }))
        .expect_err("a debug build panics on a stale id");
        let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(message.contains("added again"), "{message}");
    } else {
        // Release builds log it and leave the batches alone.
        new.set_instances(stale, &cubes(3));
        assert_eq!(new.instance_count(stale), 0);
        assert!(new.instances_mut(stale, 5).is_empty());
        assert_eq!(new.draw_path(stale), DrawPath::None);
        assert_eq!(new.batch_draw_calls(stale), 0);
    }
    assert_eq!(new.instance_count(fresh), 10);
    assert_eq!(old.instance_count(stale), 0);
}
