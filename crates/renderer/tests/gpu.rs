//! The renderer on a real device (in CI Mesa's lavapipe and llvmpipe): pulled cubes draw
//! exactly the instances they were given, whatever the buffer held before or past them, an id
//! of one renderer never names a batch of another, and a translucent batch blends over the
//! opaque ones (drawn after them, depth tested, not written). Skipped only where the backend
//! has no adapter and `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)]

mod common;

use glam::{Mat4, Quat, Vec3};
use horde_renderer::{
    BackendChoice, DrawPath, FrameParams, GpuContext, Instance, MeshKind, OFFSCREEN_FORMAT,
    OffscreenTarget, Renderer, RendererConfig,
};

const SIZE: (u32, u32) = (320, 180);

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
    let mut renderer = common::renderer(ctx, horde_renderer::Quality::Low);
    renderer.set_pull_cubes(false);
    let batch = renderer.add_batch(MeshKind::ThreeFaceCube, "cubes");
    renderer.set_instances(batch, &cubes(count));
    let (picture, path) = frame(ctx, &mut renderer, batch);
    assert_eq!(path, DrawPath::ThreeFaceCubes);
    picture
}

fn pulled_cubes_draw_exactly_their_instances(backend: BackendChoice) {
    let Some(ctx) = common::context(backend) else {
        return;
    };
    let all = cubes(1000);
    // 1000 cubes, then 300 (not a whole group of 256): the 300..1000 of the first frame are
    // still in the buffer, and the draw of the last group reads 300..512.
    let mut renderer = common::renderer(&ctx, horde_renderer::Quality::Low);
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
    let Some(ctx) = common::context(BackendChoice::Vulkan) else {
        return;
    };
    let mut old = common::renderer(&ctx, horde_renderer::Quality::Low);
    let stale = old.add_batch(MeshKind::ThreeFaceCube, "enemies");
    let mut new = common::renderer(&ctx, horde_renderer::Quality::Low);
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

/// The translucent-sphere scene: a camera above a ground, looking at a sphere on it.
mod translucent {
    use super::*;
    use horde_renderer::{BatchId, FrameCounters};

    pub const EYE: Vec3 = Vec3::new(0.0, 3.0, 5.0);
    /// The sphere's centre and diameter.
    pub const CENTRE: Vec3 = Vec3::new(0.0, 0.75, 0.0);
    pub const DIAMETER: f32 = 1.5;
    /// Half-transparent red.
    pub const RED: [u8; 4] = [230, 30, 30, 128];

    pub fn view_proj() -> Mat4 {
        glam::camera::rh::proj::directx::perspective(0.8, 16.0 / 9.0, 0.1, 100.0)
            * glam::camera::rh::view::look_at_mat4(EYE, CENTRE, Vec3::Y)
    }

    pub fn params() -> FrameParams {
        FrameParams::new(
            glam::camera::rh::view::look_at_mat4(EYE, CENTRE, Vec3::Y),
            glam::camera::rh::proj::directx::perspective(0.8, 16.0 / 9.0, 0.1, 100.0),
            Vec3::new(0.3, 1.0, 0.5),
            0.35,
            [0.1, 0.1, 0.12, 1.0],
        )
    }

    /// Where `point` falls in the picture, in pixels from the top left.
    pub fn pixel_of(point: Vec3) -> (f32, f32) {
        let ndc = view_proj().project_point3(point);
        (
            (ndc.x + 1.0) * 0.5 * SIZE.0 as f32,
            (1.0 - ndc.y) * 0.5 * SIZE.1 as f32,
        )
    }

    /// The unit direction from the eye through the sphere's centre.
    pub fn ray() -> Vec3 {
        (CENTRE - EYE).normalize()
    }

    /// The scene's batches, added in an order that puts the translucent ones first: the red
    /// sphere, the ground, an opaque cube between the eye and the sphere, and a blue sphere
    /// just behind the red one along the ray through its centre (partly sunk in the ground).
    pub struct Scene {
        pub renderer: Renderer,
        pub target: OffscreenTarget,
        pub red: BatchId,
        pub ground: BatchId,
        pub wall: BatchId,
        pub blue: BatchId,
    }

    impl Scene {
        pub fn new(ctx: &GpuContext, samples: u32) -> Scene {
            let mut renderer = Renderer::new(
                ctx,
                RendererConfig {
                    color_format: OFFSCREEN_FORMAT,
                    samples,
                },
            );
            let red = renderer.add_batch(MeshKind::Sphere, "red sphere");
            let ground = renderer.add_batch(MeshKind::Quad, "ground");
            let wall = renderer.add_batch(MeshKind::Cube, "wall");
            let blue = renderer.add_batch(MeshKind::Sphere, "blue sphere");
            renderer.set_instances(
                red,
                &[Instance::new(
                    Mat4::from_scale_rotation_translation(
                        Vec3::splat(DIAMETER),
                        Quat::IDENTITY,
                        CENTRE,
                    ),
                    RED,
                )],
            );
            renderer.set_instances(
                ground,
                &[Instance::new(
                    Mat4::from_scale(Vec3::new(30.0, 1.0, 30.0)),
                    [70, 150, 80, 255],
                )],
            );
            renderer.set_instances(
                wall,
                &[Instance::new(
                    Mat4::from_scale_rotation_translation(
                        Vec3::splat(0.5),
                        Quat::IDENTITY,
                        CENTRE + 0.45 * (EYE - CENTRE),
                    ),
                    [200, 200, 200, 255],
                )],
            );
            renderer.set_instances(
                blue,
                &[Instance::new(
                    Mat4::from_scale_rotation_translation(
                        Vec3::splat(DIAMETER),
                        Quat::IDENTITY,
                        CENTRE + 1.6 * ray(),
                    ),
                    [40, 60, 240, 128],
                )],
            );
            renderer.set_translucent(blue, true);
            Scene {
                renderer,
                target: OffscreenTarget::new(ctx, SIZE.0, SIZE.1, samples),
                red,
                ground,
                wall,
                blue,
            }
        }

        /// Draws the batches in `shown` (hiding the others), the red sphere translucent or
        /// not, and reads the picture back.
        pub fn draw(
            &mut self,
            ctx: &GpuContext,
            shown: &[BatchId],
            red_translucent: bool,
        ) -> (Vec<u8>, FrameCounters) {
            for id in [self.red, self.ground, self.wall, self.blue] {
                self.renderer.set_visible(id, shown.contains(&id));
            }
            self.renderer.set_translucent(self.red, red_translucent);
            let counters = self.renderer.render_offscreen(ctx, &self.target, &params());
            assert_eq!(counters.draw_calls as usize, shown.len());
            assert_eq!(counters.instances, shown.len() as u64);
            (self.target.read_rgba(ctx).unwrap(), counters)
        }
    }

    /// The RGBA bytes of pixel `(x, y)`.
    pub fn at(picture: &[u8], (x, y): (usize, usize)) -> [u8; 4] {
        let i = (y * SIZE.0 as usize + x) * 4;
        [picture[i], picture[i + 1], picture[i + 2], picture[i + 3]]
    }

    pub fn to_linear(c: u8) -> f32 {
        let c = f32::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }

    pub fn to_srgb(c: f32) -> f32 {
        let s = if c <= 0.0031308 {
            c * 12.92
        } else {
            1.055 * c.powf(1.0 / 2.4) - 0.055
        };
        s * 255.0
    }
}

fn a_translucent_sphere_blends_over_the_ground(backend: BackendChoice) {
    use translucent::*;
    let Some(ctx) = common::context(backend) else {
        return;
    };
    let msaa = horde_renderer::supported_samples(&ctx, OFFSCREEN_FORMAT, 4);
    let mut sample_counts = vec![1];
    if msaa > 1 {
        sample_counts.push(msaa);
    }
    for samples in sample_counts {
        let what = format!("{backend}, {samples} sample(s)");
        let mut scene = Scene::new(&ctx, samples);
        let (red, ground, wall, blue) = (scene.red, scene.ground, scene.wall, scene.blue);
        let (centre_x, centre_y) = pixel_of(CENTRE);
        let centre = (centre_x as usize, centre_y as usize);

        let (bare, _) = scene.draw(&ctx, &[ground], false);
        // The red sphere translucent, though added before the ground: drawn after it.
        let (mixed, counters) = scene.draw(&ctx, &[red, ground], true);
        assert_eq!(scene.renderer.batch_draw_calls(red), 1, "{what}");
        assert_eq!(scene.renderer.draw_path(red), DrawPath::Mesh, "{what}");
        assert!(counters.bytes_uploaded > 0);
        // The same instance (alpha 128) in an opaque batch: alpha ignored, the sphere solid.
        let (solid, _) = scene.draw(&ctx, &[red, ground], false);
        assert_eq!(scene.renderer.batch_draw_calls(red), 1, "{what}");

        let [bare_px, mixed_px, solid_px] = [&bare, &mixed, &solid].map(|p| at(p, centre));
        eprintln!("{what}: ground {bare_px:?}, translucent {mixed_px:?}, opaque {solid_px:?}");
        assert!(
            solid_px[0] > 150 && solid_px[1] < 60,
            "{what}: {solid_px:?} is not red"
        );
        // A mix: redder than the ground, less red than the opaque sphere, still some green.
        assert!(
            mixed_px[0] > bare_px[0] + 30,
            "{what}: {mixed_px:?} vs {bare_px:?}"
        );
        assert!(
            mixed_px[1] + 30 < bare_px[1],
            "{what}: {mixed_px:?} vs {bare_px:?}"
        );
        assert!(
            mixed_px[0] + 20 < solid_px[0],
            "{what}: {mixed_px:?} vs {solid_px:?}"
        );
        assert!(
            mixed_px[1] > solid_px[1] + 20,
            "{what}: {mixed_px:?} vs {solid_px:?}"
        );
        assert_eq!(mixed_px[3], 255, "{what}: the picture stays opaque");
        // Exactly the blend, in linear light (the target is sRGB): alpha 128/255 of the
        // sphere's colour over the ground's.
        let alpha = 128.0 / 255.0;
        for k in 0..3 {
            let expected =
                to_srgb(alpha * to_linear(solid_px[k]) + (1.0 - alpha) * to_linear(bare_px[k]));
            assert!(
                (f32::from(mixed_px[k]) - expected).abs() <= 3.0,
                "{what}: channel {k} is {}, the blend {expected}",
                mixed_px[k]
            );
        }
        // Outside the sphere's disc the picture is the ground's, to the byte.
        let edge = pixel_of(CENTRE + 0.5 * DIAMETER * ray().cross(Vec3::Y).normalize());
        let radius = (edge.0 - centre_x).hypot(edge.1 - centre_y);
        assert!(
            radius > 20.0,
            "{what}: the sphere is {radius} pixels across"
        );
        let mut outside = 0;
        for y in 0..SIZE.1 as usize {
            for x in 0..SIZE.0 as usize {
                let off = (x as f32 + 0.5 - centre_x).hypot(y as f32 + 0.5 - centre_y);
                if off > 1.25 * radius + 2.0 {
                    outside += 1;
                    assert_eq!(at(&mixed, (x, y)), at(&bare, (x, y)), "{what}: ({x}, {y})");
                }
            }
        }
        assert!(outside > SIZE.0 as usize * SIZE.1 as usize / 2);
        // Inside, the sphere shows: it changed many pixels.
        assert!(differing(&mixed, &bare) > 1000, "{what}");

        // Depth-tested: an opaque cube in front hides the sphere.
        let (walled, _) = scene.draw(&ctx, &[ground, wall], true);
        let (walled_sphere, _) = scene.draw(&ctx, &[red, ground, wall], true);
        assert_ne!(
            at(&walled, centre),
            bare_px,
            "{what}: the wall misses the centre"
        );
        assert_eq!(at(&walled_sphere, centre), at(&walled, centre), "{what}");
        // Writing no depth: the blue sphere behind the red one, added after it, still blends
        // in (were the red one's depth written, the blue one would fail the depth test there).
        let (both, counters) = scene.draw(&ctx, &[red, ground, blue], true);
        assert_eq!(counters.draw_calls, 3);
        assert_eq!(scene.renderer.batch_draw_calls(blue), 1, "{what}");
        let both_px = at(&both, centre);
        assert!(
            both_px[2] > mixed_px[2] + 20,
            "{what}: {both_px:?} vs {mixed_px:?}"
        );
        // And a translucent batch made opaque again draws as before.
        let (solid_again, _) = scene.draw(&ctx, &[red, ground], false);
        assert_eq!(solid_again, solid, "{what}");

        // A translucent batch of three-face cubes is drawn by the mesh path as full cubes:
        // the same picture as a translucent batch of cubes.
        let mut glass = Vec::new();
        for mesh in [MeshKind::ThreeFaceCube, MeshKind::Cube] {
            let mut renderer = Renderer::new(
                &ctx,
                RendererConfig {
                    color_format: OFFSCREEN_FORMAT,
                    samples,
                },
            );
            let ground = renderer.add_batch(MeshKind::Quad, "ground");
            let cubes = renderer.add_batch(mesh, "glass cubes");
            renderer.set_instances(
                ground,
                &[Instance::new(
                    Mat4::from_scale(Vec3::new(30.0, 1.0, 30.0)),
                    [70, 150, 80, 255],
                )],
            );
            let mut instances = cubes_of(60);
            for instance in &mut instances {
                instance.color = (instance.color & 0x00ff_ffff) | (100 << 24);
            }
            renderer.set_instances(cubes, &instances);
            renderer.set_translucent(cubes, true);
            let counters = renderer.render_offscreen(&ctx, &scene.target, &params());
            assert_eq!((counters.draw_calls, counters.instances), (2, 61), "{what}");
            assert_eq!(
                renderer.draw_path(cubes),
                DrawPath::Mesh,
                "{what}: {mesh:?}"
            );
            assert_eq!(renderer.batch_draw_calls(cubes), 1, "{what}");
            glass.push(scene.target.read_rgba(&ctx).unwrap());
        }
        assert!(differing(&glass[1], &bare) > 1000, "{what}: no cubes drawn");
        assert_same(&glass[0], &glass[1], &format!("{what}: translucent cubes"));
    }
}

/// `count` turned cubes of a little over half a unit, on a grid around the sphere's place.
fn cubes_of(count: usize) -> Vec<Instance> {
    (0..count)
        .map(|i| {
            let (col, row) = ((i % 10) as f32, (i / 10) as f32);
            let model = Mat4::from_scale_rotation_translation(
                Vec3::splat(0.6),
                Quat::from_euler(glam::EulerRot::YXZ, 0.4 * col, 0.3 * row, 0.2),
                Vec3::new(col - 4.5, 0.6, 1.0 - row),
            );
            Instance::new(model, [200, 40 + 20 * row as u8, 40 + 20 * col as u8, 255])
        })
        .collect()
}

#[test]
fn a_translucent_sphere_blends_over_the_ground_on_vulkan() {
    a_translucent_sphere_blends_over_the_ground(BackendChoice::Vulkan);
}

#[test]
fn a_translucent_sphere_blends_over_the_ground_on_gl() {
    a_translucent_sphere_blends_over_the_ground(BackendChoice::Gl);
}
