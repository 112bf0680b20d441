//! What the runner looks like: the track, its obstacles and the player as boxes, each scenery
//! chunk's ground (coloured by slice) and placements as boxes, and the chase camera.

use crate::scenes::camera::{look_at, perspective};
use glam::{Mat4, Quat, Vec3};
use horde_core_sim::runner::{RunState, Runner};
use horde_levelgen::scatter::{ChunkPlacements, ScatterSettings};
use horde_renderer::{FrameParams, Instance};

/// Ground colour of each configured slice (the last repeats), sRGB.
const GROUND: [[u8; 4]; 4] = [
    [70, 112, 58, 255],
    [128, 150, 72, 255],
    [196, 170, 118, 255],
    [150, 150, 160, 255],
];

/// Camera and light: behind, above and a little to the right of a player at `z`.
pub fn frame_params(z: f32, aspect: f32) -> FrameParams {
    let eye = Vec3::new(3.0, 4.5, z - 9.0);
    let target = Vec3::new(0.0, 0.8, z + 8.0);
    FrameParams {
        view: look_at(eye, target),
        proj: perspective(60.0, aspect, 0.1, 400.0),
        light_dir: Vec3::new(0.5, 1.0, -0.4),
        ambient: 0.4,
        clear: [0.55, 0.72, 0.9, 1.0],
        viewport: None,
        fog: None,
    }
}

/// A box standing on `base` (the centre of its bottom face), of `size`, turned `yaw` about `+y`.
fn upright_box(base: Vec3, size: Vec3, yaw: f32, color: [u8; 4]) -> Instance {
    let model = Mat4::from_scale_rotation_translation(
        size,
        Quat::from_rotation_y(yaw),
        base + Vec3::new(0.0, size.y * 0.5, 0.0),
    );
    Instance::new(model, color)
}

/// sRGB bytes of a colour given as floats 0–1.
fn srgb(c: [f32; 3]) -> [u8; 4] {
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    [byte(c[0]), byte(c[1]), byte(c[2]), 255]
}

/// The track, its obstacles and the player.
pub fn game_instances(runner: &Runner, out: &mut Vec<Instance>) {
    let s = runner.settings();
    let length = s.section.length;
    for section in runner.sections() {
        let row = (section.start_z / length as f64).round() as i64;
        let shade = if row % 2 == 0 { 88 } else { 104 };
        out.push(upright_box(
            Vec3::new(
                0.0,
                -s.section.height,
                section.start_z as f32 + length * 0.5,
            ),
            Vec3::new(s.section.width, s.section.height, length),
            0.0,
            [shade, shade, shade + 8, 255],
        ));
    }
    for (_, (min, max)) in runner.obstacle_boxes() {
        let min = Vec3::new(min[0] as f32, min[1] as f32, min[2] as f32);
        let max = Vec3::new(max[0] as f32, max[1] as f32, max[2] as f32);
        let centre = (min + max) * 0.5;
        out.push(upright_box(
            Vec3::new(centre.x, min.y, centre.z),
            max - min,
            0.0,
            [200, 36, 36, 255],
        ));
    }
    let (min, max) = runner.player_box();
    let color = if runner.state() == RunState::GameOver {
        [90, 90, 90, 255]
    } else {
        [240, 150, 40, 255]
    };
    out.push(upright_box(
        Vec3::new(0.0, min[1] as f32, ((min[2] + max[2]) * 0.5) as f32),
        Vec3::new(
            (max[0] - min[0]) as f32,
            (max[1] - min[1]) as f32,
            (max[2] - min[2]) as f32,
        ),
        0.0,
        color,
    ));
}

/// One chunk's ground (coloured by slice) and its placements as boxes.
pub fn chunk_instances(
    settings: &ScatterSettings,
    chunk: &ChunkPlacements,
    out: &mut Vec<Instance>,
) {
    let size = settings.chunk_size;
    let ground = GROUND[chunk.slice.min(GROUND.len() - 1)];
    out.push(upright_box(
        Vec3::new(
            (chunk.coord.x as f32 + 0.5) * size,
            -0.6,
            (chunk.coord.z as f32 + 0.5) * size,
        ),
        Vec3::new(size, 0.1, size),
        0.0,
        ground,
    ));
    for p in &chunk.placements {
        let Some(kind) = settings.kinds.get(p.kind as usize) else {
            continue;
        };
        // A turn from the position, so neighbours do not all line up.
        let yaw = (p.x * 12.9898 + p.z * 78.233).sin() * std::f32::consts::PI;
        let side = p.radius * 1.4;
        out.push(upright_box(
            Vec3::new(p.x, -0.55, p.z),
            Vec3::new(side, kind.height, side),
            yaw,
            srgb(kind.colour),
        ));
    }
}
