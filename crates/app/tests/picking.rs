//! Picking under the default camera: the pixel over tile (x, y) picks tile (x, y).
#![allow(clippy::unwrap_used)]

use glam::{Vec2, Vec3};
use horde::scenes::td::TdCamera;

#[test]
fn a_pixel_over_a_tile_picks_that_tile() {
    for (w, h) in [(11u32, 11u32), (23, 15), (48, 32)] {
        for (vw, vh) in [(1280.0, 720.0), (800.0, 800.0)] {
            let viewport = Vec2::new(vw, vh);
            let camera = TdCamera::framing(w, h, vw / vh);
            for y in 0..h {
                for x in 0..w {
                    let centre = Vec3::new(
                        x as f32 - (w as f32 - 1.0) / 2.0,
                        0.0,
                        y as f32 - (h as f32 - 1.0) / 2.0,
                    );
                    // The centre, and a point a third of the way to the north-east corner.
                    for offset in [Vec3::ZERO, Vec3::new(0.3, 0.0, 0.3)] {
                        let pixel = camera.project(centre + offset, viewport).unwrap();
                        assert_eq!(
                            camera.pick_tile(pixel, viewport, w, h),
                            Some((x as i64, y as i64)),
                            "{w}x{h} at {pixel}"
                        );
                    }
                }
            }
            // Outside the board: nothing.
            assert_eq!(camera.pick_tile(Vec2::new(2.0, 2.0), viewport, w, h), None);
        }
    }
}

#[test]
fn the_south_west_corner_is_bottom_left() {
    let camera = TdCamera::framing(11, 11, 16.0 / 9.0);
    let viewport = Vec2::new(1280.0, 720.0);
    let sw = camera
        .project(Vec3::new(-5.0, 0.0, -5.0), viewport)
        .unwrap();
    let ne = camera.project(Vec3::new(5.0, 0.0, 5.0), viewport).unwrap();
    assert!(sw.x < ne.x && sw.y > ne.y);
}
