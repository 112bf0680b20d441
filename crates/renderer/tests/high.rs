//! `high`'s look, read back from pictures (lavapipe and llvmpipe in CI): the sky deepens and
//! turns bluer from the background colour at the horizon towards the zenith, where `low`
//! clears to the background colour alone; and every colour goes through the filmic curve
//! (ACES, Narkowicz's fit), where `medium` shows it as it is.
//!
//! Each test skips only where the machine has no adapter and `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)]

mod common;

use common::tone::{aces, to_linear, to_srgb};

use glam::{Mat4, Vec3};
use horde_renderer::{
    BackendChoice, FrameParams, GpuContext, Instance, MeshKind, OffscreenTarget, Quality,
};

const SIZE: (u32, u32) = (160, 120);
const CLEAR: [f64; 4] = [0.5, 0.6, 0.7, 1.0];

/// A picture at `quality` of a wide flat floor (its top at 0) seen from 2 units up, looking
/// level along −z: the sky above the middle row, the floor below it. RGBA rows from the top.
fn picture(ctx: &GpuContext, quality: Quality, floor_colour: u8) -> Vec<u8> {
    let mut renderer = common::renderer(ctx, quality);
    let floor = renderer.add_batch(MeshKind::Cube, "floor");
    let model = Mat4::from_scale_rotation_translation(
        Vec3::new(400.0, 0.2, 400.0),
        glam::Quat::IDENTITY,
        Vec3::new(0.0, -0.1, 0.0),
    );
    let c = floor_colour;
    renderer.set_instances(floor, &[Instance::new(model, [c, c, c, 255])]);
    let params = FrameParams::new(
        glam::camera::rh::view::look_at_mat4(
            Vec3::new(0.0, 2.0, 0.0),
            Vec3::new(0.0, 2.0, -10.0),
            Vec3::Y,
        ),
        glam::camera::rh::proj::directx::perspective(1.2, 4.0 / 3.0, 0.1, 1000.0),
        Vec3::Y,
        0.3,
        CLEAR,
    );
    let target = OffscreenTarget::new(ctx, SIZE.0, SIZE.1, 1);
    renderer.render_offscreen(ctx, &target, &params);
    target.read_rgba(ctx).unwrap()
}

fn pixel(rgba: &[u8], x: u32, y: u32) -> [u8; 4] {
    let at = ((y * SIZE.0 + x) * 4) as usize;
    [rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3]]
}

#[test]
fn the_sky_deepens_towards_the_zenith_at_high_only() {
    let Some(ctx) = common::context(BackendChoice::Auto) else {
        return;
    };
    let (centre, top) = (SIZE.0 / 2, 1);
    let plain = picture(&ctx, Quality::Low, 200);
    let clear = CLEAR.map(|c| to_srgb(c as f32));
    // At `low` the sky is the background colour, top to horizon.
    for y in [top, SIZE.1 / 4] {
        let p = pixel(&plain, centre, y);
        for channel in 0..3 {
            assert!(
                p[channel].abs_diff(clear[channel]) <= 1,
                "low, row {y}: {p:?}"
            );
        }
    }
    let high = picture(&ctx, Quality::High, 200);
    let zenithward = pixel(&high, centre, top);
    let horizon = pixel(&high, centre, SIZE.1 / 2 - 2);
    let brightness = |p: [u8; 4]| u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2]);
    assert!(
        brightness(zenithward) < brightness(horizon),
        "{zenithward:?} {horizon:?}"
    );
    // Bluer upwards: blue over red grows.
    let blueness = |p: [u8; 4]| f32::from(p[2]) / f32::from(p[0].max(1));
    assert!(
        blueness(zenithward) > blueness(horizon),
        "{zenithward:?} {horizon:?}"
    );
}

#[test]
fn high_puts_every_colour_through_the_filmic_curve() {
    let Some(ctx) = common::context(BackendChoice::Auto) else {
        return;
    };
    let (x, y) = (SIZE.0 / 2, SIZE.1 - 4);
    for floor in [60, 140, 230] {
        let medium = pixel(&picture(&ctx, Quality::Medium, floor), x, y);
        let high = pixel(&picture(&ctx, Quality::High, floor), x, y);
        for channel in 0..3 {
            let expected = to_srgb(aces(to_linear(medium[channel])));
            assert!(
                high[channel].abs_diff(expected) <= 3,
                "floor {floor}: medium {medium:?}, high {high:?}, expected {expected}"
            );
        }
        // The curve is not the identity: mid-tones come out brighter.
        if floor == 140 {
            assert!(high[0] > medium[0], "{medium:?} {high:?}");
        }
    }
}
