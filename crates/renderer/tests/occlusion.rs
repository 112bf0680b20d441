//! `high`'s ambient occlusion, read back from pictures (lavapipe and llvmpipe in CI): the ground
//! darkens at a wall's foot and under an enemy standing on it (and the darkening follows the
//! enemy), open ground does not, a face turned from the sun is not darkened by its own block
//! (seen from the side), and nothing of it shows below `high`. Seen from straight above
//! through an orthographic camera, so a pixel is a place on the ground, 10 pixels a world
//! unit; the sun straight overhead, so no shadow falls beside anything and what darkens the
//! ground there is the occlusion alone. Each level is compared with `medium`'s picture put
//! through high's tone curve.
//!
//! Each test skips only where the machine has no adapter and `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)]

mod common;

use common::above::{self, SIDE, at, block, from_above, ground};
use common::tone::{aces, srgb_level, to_linear};
use glam::Vec3;
use horde_renderer::{
    BackendChoice, FrameParams, GpuContext, Instance, MeshKind, OffscreenTarget, Quality,
};

/// The picture of `blocks` (plain cubes) and `swarm` (three-face cubes) at `quality`, the sun
/// overhead.
fn picture(ctx: &GpuContext, quality: Quality, blocks: &[Instance], swarm: &[Instance]) -> Vec<u8> {
    above::picture(ctx, quality, &from_above(Vec3::Y, 0.5), blocks, swarm).1
}

/// `medium`'s level as `high` would show it without occlusion: through the filmic curve.
fn toned(level: u8) -> f32 {
    srgb_level(aces(to_linear(level)))
}

/// How much darker `high` shows the ground at `(x, z)` than `medium` through the curve.
fn darkening(medium: &[u8], high: &[u8], x: f32, z: f32) -> f32 {
    toned(at(medium, x, z)) - f32::from(at(high, x, z))
}

#[test]
fn a_walls_foot_darkens_and_open_ground_does_not() {
    let Some(ctx) = common::context(BackendChoice::Auto) else {
        return;
    };
    let wall = block(Vec3::ZERO, Vec3::new(1.0, 2.0, 8.0), [200, 80, 60, 255]);
    let scene = [ground(), wall];
    let medium = picture(&ctx, Quality::Medium, &scene, &[]);
    let high = picture(&ctx, Quality::High, &scene, &[]);
    // Beside the wall's foot, on both sides.
    for x in [-0.7, 0.7] {
        let dark = darkening(&medium, &high, x, 0.0);
        assert!(dark >= 5.0, "at x = {x}: {dark}");
    }
    // Open ground, far from the wall: as medium through the curve.
    for (x, z) in [(-6.0, 0.0), (6.0, -6.0), (5.0, 7.0)] {
        let dark = darkening(&medium, &high, x, z);
        assert!(dark.abs() <= 3.0, "at ({x}, {z}): {dark}");
    }
    // Nothing of it below high: medium's ground by the wall is its open ground's.
    assert!(at(&medium, 0.7, 0.0).abs_diff(at(&medium, 6.0, 0.0)) <= 1);
}

#[test]
fn an_enemy_on_the_ground_darkens_it_and_the_darkening_follows() {
    let Some(ctx) = common::context(BackendChoice::Auto) else {
        return;
    };
    let enemy_at = |x: f32| block(Vec3::new(x, 0.0, 2.0), Vec3::splat(0.6), [60, 60, 200, 255]);
    for x in [-4.0, 3.0] {
        let swarm = [enemy_at(x)];
        let medium = picture(&ctx, Quality::Medium, &[ground()], &swarm);
        let high = picture(&ctx, Quality::High, &[ground()], &swarm);
        // Just beside the enemy: darker; a few units off: not.
        let beside = darkening(&medium, &high, x + 0.45, 2.0);
        assert!(beside >= 5.0, "beside the enemy at {x}: {beside}");
        let away = darkening(&medium, &high, x + 3.0, 2.0);
        assert!(away.abs() <= 3.0, "away from the enemy at {x}: {away}");
    }
}

#[test]
fn high_agrees_on_vulkan_and_gl() {
    let (Some(vulkan), Some(gl)) = (
        common::context(BackendChoice::Vulkan),
        common::context(BackendChoice::Gl),
    ) else {
        return;
    };
    let wall = block(Vec3::ZERO, Vec3::new(1.0, 2.0, 8.0), [200, 80, 60, 255]);
    let enemy = block(
        Vec3::new(4.0, 0.0, 2.0),
        Vec3::splat(0.6),
        [60, 60, 200, 255],
    );
    let a = picture(&vulkan, Quality::High, &[ground(), wall], &[enemy]);
    let b = picture(&gl, Quality::High, &[ground(), wall], &[enemy]);
    let differ = a
        .iter()
        .zip(&b)
        .filter(|(a, b)| a.abs_diff(**b) > 8)
        .count();
    // Edges differ (GL cannot view the target plain, so high draws there through the target's
    // own single-sampled attachments, where Vulkan's edges are multisampled); the light and
    // the occlusion are the same.
    assert!(
        differ * 100 <= 3 * a.len(),
        "{differ} of {} pixels differ",
        a.len()
    );
    for x in [-0.7, 0.7, 4.45] {
        let (va, vb) = (
            at(&a, x, 0.0 + f32::from(x > 1.0) * 2.0),
            at(&b, x, 0.0 + f32::from(x > 1.0) * 2.0),
        );
        assert!(va.abs_diff(vb) <= 4, "at x = {x}: {va} {vb}");
    }
}

#[test]
fn a_face_turned_from_the_sun_is_not_darkened_by_its_own_block() {
    let Some(ctx) = common::context(BackendChoice::Auto) else {
        return;
    };
    // A thick block lit from the east and above, seen from the west: its west face looks away
    // from the sun, and the sun's map shows the block's own body in front of it.
    // Thin and low, so the body the sun's map shows in front of the face lies within the
    // occlusion's range.
    let body = block(Vec3::ZERO, Vec3::new(0.8, 1.2, 6.0), [200, 180, 160, 255]);
    let view = glam::camera::rh::view::look_at_mat4(
        Vec3::new(-8.0, 0.6, 0.0),
        Vec3::new(0.0, 0.6, 0.0),
        Vec3::Y,
    );
    let proj = glam::camera::rh::proj::directx::perspective(0.3, 1.0, 0.1, 100.0);
    let params = FrameParams::new(view, proj, Vec3::new(1.0, 1.0, 0.2), 0.5, [0.0; 4]);
    let grey = |quality| {
        let mut renderer = common::renderer(&ctx, quality);
        let blocks = renderer.add_batch(MeshKind::Cube, "blocks");
        renderer.set_instances(blocks, &[ground(), body]);
        let target = OffscreenTarget::new(&ctx, SIDE, SIDE, 1);
        renderer.render_offscreen(&ctx, &target, &params);
        let rgba = target.read_rgba(&ctx).unwrap();
        let centre = ((SIDE / 2) * SIDE + SIDE / 2) as usize * 4;
        rgba[centre + 1]
    };
    let (medium, high) = (grey(Quality::Medium), grey(Quality::High));
    let expected = toned(medium);
    assert!(
        (f32::from(high) - expected).abs() <= 4.0,
        "medium {medium} (toned {expected}), high {high}"
    );
}
