//! What the platformer looks like: the 2D section treadmill seen from the side — the three
//! points' sections as slabs coloured by template, a marker under each point, the player — and
//! the camera that frames the stretch the sections always cover.

use crate::camera::{look_at, perspective};
use glam::{Mat4, Quat, Vec3};
use horde_core_sim::platformer::{Held, PLAYER_HALF_WIDTH, PLAYER_HEIGHT, Player, Treadmill};
use horde_renderer::{FrameParams, Instance};

/// The camera's vertical field of view, degrees.
const FOV_Y: f32 = 50.0;

/// The camera for sections `w` wide and a picture of `aspect` (width over height): from the
/// south, looking north at the strip the sections move along, framed so that it shows the
/// track only between `−w/2` and `3w/2` — the stretch the three sections always cover (a
/// section leaves when its point passes `−w`, spanning `−3w/2..−w/2`, and comes back spanning
/// `3w/2..5w/2`), so that no section vanishes or appears on screen, as the text sizes a
/// section to the screen for.
pub fn platformer_camera(w: f32, aspect: f32) -> FrameParams {
    let half_width = (FOV_Y.to_radians() * 0.5).tan() * aspect.max(1e-3);
    // Level, so that the view's width does not change with height: the boxes' far faces (the
    // widest the picture reaches) at most `w` either side of the middle, a little inside.
    let distance = 0.97 * w / half_width - DEPTH / 2.0;
    let (middle, height) = (0.5 * w, 1.0);
    let eye = Vec3::new(middle, height, -distance);
    FrameParams::new(
        look_at(eye, Vec3::new(middle, height, 0.0)),
        perspective(FOV_Y, aspect, 0.1, 500.0),
        Vec3::new(0.3, 1.0, -0.6),
        0.45,
        [0.55, 0.7, 0.85, 1.0],
    )
}

/// Depth of the boxes (the level is 2D; its boxes are drawn as slabs).
const DEPTH: f32 = 2.0;
/// Colours: the start section, then the templates in turn.
const COLOURS: [[u8; 4]; 4] = [
    [150, 150, 140, 255],
    [90, 140, 80, 255],
    [150, 110, 70, 255],
    [90, 110, 160, 255],
];
/// The point markers' colour.
const MARKER: [u8; 4] = [230, 200, 60, 255];
/// The player's colour.
const PLAYER: [u8; 4] = [210, 60, 50, 255];

/// Pushes onto `boxes` every box of the treadmill's three points' sections, a marker at each
/// point and the player.
pub fn platformer_instances(treadmill: &Treadmill, player: &Player, boxes: &mut Vec<Instance>) {
    let p = player;
    let body = Mat4::from_scale_rotation_translation(
        Vec3::new(2.0 * PLAYER_HALF_WIDTH as f32, PLAYER_HEIGHT as f32, 0.6),
        Quat::IDENTITY,
        Vec3::new(0.0, (p.y + PLAYER_HEIGHT / 2.0) as f32, 0.0),
    );
    boxes.push(Instance::new(body, PLAYER));
    for (point, (x, held)) in treadmill.points().enumerate() {
        let colour = match held {
            Held::Start => COLOURS[0],
            Held::Template(t) => COLOURS[1 + t % 3],
        };
        for b in &treadmill.point_section(point).boxes {
            let min = Vec3::new((x + b.min.0) as f32, b.min.1 as f32, -DEPTH / 2.0);
            let max = Vec3::new((x + b.max.0) as f32, b.max.1 as f32, DEPTH / 2.0);
            let model =
                Mat4::from_scale_rotation_translation(max - min, Quat::IDENTITY, (min + max) * 0.5);
            boxes.push(Instance::new(model, colour));
        }
        let marker = Mat4::from_scale_rotation_translation(
            Vec3::new(0.2, 0.2, 0.2),
            Quat::IDENTITY,
            Vec3::new(x as f32, -1.4, -DEPTH / 2.0),
        );
        boxes.push(Instance::new(marker, MARKER));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where `(x, y, z)` lands across the picture: −1 at its left edge, 1 at its right.
    fn across(params: &FrameParams, x: f32, y: f32, z: f32) -> f32 {
        let clip = params.proj * params.view * glam::Vec4::new(x, y, z, 1.0);
        clip.x / clip.w
    }

    #[test]
    fn the_picture_shows_only_the_stretch_the_sections_always_cover() {
        for w in [6.0, 10.0, 16.0] {
            for aspect in [4.0 / 3.0, 16.0 / 9.0, 21.0 / 9.0, 0.6] {
                let params = platformer_camera(w, aspect);
                for y in [-2.0, 0.0, 2.0, 5.0] {
                    for z in [-DEPTH / 2.0, DEPTH / 2.0] {
                        let (left, right) = (
                            across(&params, -0.5 * w, y, z),
                            across(&params, 1.5 * w, y, z),
                        );
                        // The sections' comings and goings are off the picture, near faces
                        // and far ones...
                        assert!(
                            left <= -1.0 && right >= 1.0,
                            "w {w}, aspect {aspect}, z {z}: {left}..{right}"
                        );
                    }
                    // ...and only just: the far faces nearly reach the picture's edges.
                    let far = across(&params, 1.5 * w, y, DEPTH / 2.0);
                    assert!(far < 1.05, "w {w}, aspect {aspect}: {far}");
                }
            }
        }
    }
}
