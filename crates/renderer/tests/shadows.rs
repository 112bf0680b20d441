//! The sun's shadows, read back from pictures (lavapipe and llvmpipe in CI): a wall's shadow
//! lies on the side away from the light and moves when the light does; flat ground has no
//! acne; a floating cube's shadow follows it; `low` draws no shadow at all; `medium` on Vulkan
//! and on GL agree; a batch that casts no shadow is left out of the shadow pass and is still
//! shadowed. Seen from straight above through an orthographic camera, so a pixel is
//! a place on the ground: 10 pixels a world unit.
//!
//! Each test skips only where the machine has no adapter and `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)]

mod common;

use common::above::{self, SIDE, at, block, from_above, ground};
use glam::Vec3;
use horde_renderer::{BackendChoice, GpuContext, Instance, MeshKind, OffscreenTarget, Quality};

/// The picture of `blocks` (plain cubes) and `swarm` (three-face cubes) at `quality`, lit from
/// `light`, one draw call a batch in each pass (the shadow pass from `medium` on).
fn picture(
    ctx: &GpuContext,
    quality: Quality,
    light: Vec3,
    blocks: &[Instance],
    swarm: &[Instance],
) -> Vec<u8> {
    let params = from_above(light, 0.3);
    let (counters, grey) = above::picture(ctx, quality, &params, blocks, swarm);
    let batches = u32::from(!blocks.is_empty()) + u32::from(!swarm.is_empty());
    assert_eq!(counters.draw_calls, batches);
    let shadows = if quality.shadows() { batches } else { 0 };
    assert_eq!(counters.shadow_draw_calls, shadows, "{quality}");
    grey
}

/// The mean grey level over the ground between `x0` and `x1`, `z` from −3 to 3.
fn mean(picture: &[u8], x0: f32, x1: f32) -> f32 {
    let mut sum = 0.0;
    let mut n = 0.0;
    let mut x = x0;
    while x < x1 {
        for z in [-3.0, -1.5, 0.0, 1.5, 3.0] {
            sum += f32::from(at(picture, x, z));
            n += 1.0;
        }
        x += 0.25;
    }
    sum / n
}

#[test]
fn a_walls_shadow_lies_away_from_the_light_and_moves_with_it() {
    let Some(ctx) = common::context(BackendChoice::Auto) else {
        return;
    };
    // A wall along z, 2 high, 0.6 thick, at x = 0.
    let wall = block(Vec3::ZERO, Vec3::new(0.6, 2.0, 8.0), [200, 80, 60, 255]);
    let scene = [ground(), wall];
    let east = Vec3::new(1.0, 1.0, 0.0);
    let west = Vec3::new(-1.0, 1.0, 0.0);
    let lit_from_east = picture(&ctx, Quality::Medium, east, &scene, &[]);
    // The shadow falls west of the wall (x from −0.3 to −2.3), not east.
    let (shaded, lit) = (
        mean(&lit_from_east, -2.0, -0.6),
        mean(&lit_from_east, 0.6, 2.0),
    );
    assert!(shaded < 0.75 * lit, "west {shaded}, east {lit}");
    // No gap at the wall's foot: the ground 0.15 from its face is in shadow too.
    let foot = f32::from(at(&lit_from_east, -0.45, 0.0));
    assert!(foot < 0.75 * lit, "at the foot {foot}, east {lit}");
    // Beyond the shadow's end the ground is lit again.
    let beyond = mean(&lit_from_east, -5.0, -3.5);
    assert!((beyond - lit).abs() <= 2.0, "{beyond} {lit}");
    // The light moves west: so does the shadow, to the east.
    let lit_from_west = picture(&ctx, Quality::Medium, west, &scene, &[]);
    let (shaded, lit) = (
        mean(&lit_from_west, 0.6, 2.0),
        mean(&lit_from_west, -2.0, -0.6),
    );
    assert!(shaded < 0.75 * lit, "east {shaded}, west {lit}");
    // At `low` nothing casts a shadow: both sides alike.
    let plain = picture(&ctx, Quality::Low, east, &scene, &[]);
    assert!((mean(&plain, -2.0, -0.6) - mean(&plain, 0.6, 2.0)).abs() <= 1.0);
}

#[test]
fn flat_ground_has_no_acne() {
    let Some(ctx) = common::context(BackendChoice::Auto) else {
        return;
    };
    for light in [Vec3::new(0.3, 1.0, 0.2), Vec3::new(1.0, 0.35, -0.4)] {
        let lit = picture(&ctx, Quality::Medium, light, &[ground()], &[]);
        let plain = picture(&ctx, Quality::Low, light, &[ground()], &[]);
        // Every pixel of the ground as the plain picture has it, give or take a level.
        let worst = lit
            .iter()
            .zip(&plain)
            .map(|(a, b)| a.abs_diff(*b))
            .max()
            .unwrap_or(0);
        assert!(worst <= 1, "light {light}: a pixel {worst} levels off");
    }
}

#[test]
fn a_floating_cubes_shadow_follows_it() {
    let Some(ctx) = common::context(BackendChoice::Auto) else {
        return;
    };
    let cube = |x: f32| block(Vec3::new(x, 1.5, 0.0), Vec3::splat(1.0), [60, 200, 60, 255]);
    // The light leans from +z: the shadow falls past the cube towards −z, where the ground
    // shows from above.
    let lean = Vec3::new(0.0, 1.0, 1.0);
    for x in [-4.0, 3.0] {
        let shot = picture(&ctx, Quality::Medium, lean, &[ground()], &[cube(x)]);
        // The cube spans z −0.5..0.5 at height 1.5–2.5: its shadow on the ground spans
        // z −3..−1 (cast 45° towards −z), under the cube's x.
        let under = f32::from(at(&shot, x, -2.0));
        let beside = f32::from(at(&shot, x + 3.0, -2.0));
        assert!(under < 0.75 * beside, "x {x}: {under} vs {beside}");
        // At `low` the same place is as lit as beside it.
        let plain = picture(&ctx, Quality::Low, lean, &[ground()], &[cube(x)]);
        assert!(at(&plain, x, -2.0).abs_diff(at(&plain, x + 3.0, -2.0)) <= 1);
    }
}

#[test]
fn medium_agrees_on_vulkan_and_gl() {
    let (Some(vulkan), Some(gl)) = (
        common::context(BackendChoice::Vulkan),
        common::context(BackendChoice::Gl),
    ) else {
        return;
    };
    let wall = block(Vec3::ZERO, Vec3::new(0.6, 2.0, 8.0), [200, 80, 60, 255]);
    let light = Vec3::new(1.0, 1.0, 0.3);
    let a = picture(&vulkan, Quality::Medium, light, &[ground(), wall], &[]);
    let b = picture(&gl, Quality::Medium, light, &[ground(), wall], &[]);
    let differ = a
        .iter()
        .zip(&b)
        .filter(|(a, b)| a.abs_diff(**b) > 8)
        .count();
    // Edges may fall a pixel apart; the shadow is the same.
    assert!(
        differ * 100 <= a.len(),
        "{differ} of {} pixels differ",
        a.len()
    );
    assert!((mean(&a, -2.0, -0.6) - mean(&b, -2.0, -0.6)).abs() <= 3.0);
}

#[test]
fn a_batch_that_casts_no_shadow_is_left_out_of_the_shadow_pass_but_still_receives() {
    let Some(ctx) = common::context(BackendChoice::Auto) else {
        return;
    };
    let wall = block(Vec3::ZERO, Vec3::new(0.6, 2.0, 8.0), [200, 80, 60, 255]);
    let east = Vec3::new(1.0, 1.0, 0.0);
    let mut renderer = common::renderer(&ctx, Quality::Medium);
    let floor = renderer.add_batch(MeshKind::Cube, "floor");
    renderer.set_instances(floor, &[ground()]);
    let walls = renderer.add_batch(MeshKind::Cube, "walls");
    renderer.set_instances(walls, &[wall]);
    let target = OffscreenTarget::new(&ctx, SIDE, SIDE, 1);
    let draw = |renderer: &mut horde_renderer::Renderer| {
        let counters = renderer.render_offscreen(&ctx, &target, &from_above(east, 0.3));
        let rgba = target.read_rgba(&ctx).unwrap();
        let grey: Vec<u8> = rgba.chunks(4).map(|p| p[1]).collect();
        (counters.shadow_draw_calls, grey)
    };
    // The floor out of the shadow pass: one call fewer, and the wall's shadow still on it.
    renderer.set_casts_shadows(floor, false);
    let (calls, grey) = draw(&mut renderer);
    assert_eq!(calls, 1);
    assert!(mean(&grey, -2.0, -0.6) < 0.75 * mean(&grey, 0.6, 2.0));
    // The wall out too: no shadow at all.
    renderer.set_casts_shadows(walls, false);
    let (calls, grey) = draw(&mut renderer);
    assert_eq!(calls, 0);
    assert!((mean(&grey, -2.0, -0.6) - mean(&grey, 0.6, 2.0)).abs() <= 2.0);
}
