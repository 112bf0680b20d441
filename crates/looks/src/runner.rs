//! What the runner looks like: the track, its obstacles and the player as boxes, each scenery
//! chunk's ground (coloured by slice), its roads as flat strips on it and its placements as
//! boxes, and the chase camera.

use crate::camera::{look_at, perspective};
use glam::{Mat4, Quat, Vec3};
use horde_core_sim::runner::{RunState, Runner};
use horde_levelgen::scenery::{ChunkPlacements, Scatter, ScatterSettings};
use horde_renderer::{FrameParams, Instance};

/// Ground colour of each configured slice (the last repeats), sRGB.
const GROUND: [[u8; 4]; 4] = [
    [70, 112, 58, 255],
    [128, 150, 72, 255],
    [196, 170, 118, 255],
    [150, 150, 160, 255],
];

/// Scenery drawn behind the player (world units).
pub const VIEW_BEHIND: f32 = 30.0;
/// Scenery drawn ahead of the player.
pub const VIEW_AHEAD: f32 = 220.0;

/// Colour of the roads, sRGB.
const ROAD: [u8; 4] = [112, 96, 78, 255];
/// Height of a road strip above its chunk's ground.
const ROAD_THICKNESS: f32 = 0.03;
/// Top of a chunk's ground (its box spans 0.1 below it).
const GROUND_TOP: f32 = -0.5;
/// Where placements stand: a little into the ground, so none seems to float.
const PLACEMENT_BASE: f32 = -0.55;

/// Camera and light: behind, above and a little to the right of a player at `z`.
pub fn runner_camera(z: f32, aspect: f32) -> FrameParams {
    let eye = Vec3::new(3.0, 4.5, z - 9.0);
    let target = Vec3::new(0.0, 0.8, z + 8.0);
    FrameParams::new(
        look_at(eye, target),
        perspective(60.0, aspect, 0.1, 400.0),
        Vec3::new(0.5, 1.0, -0.4),
        0.4,
        [0.55, 0.72, 0.9, 1.0],
    )
    // The ground's top is at −0.5; nothing stands lower.
    .with_floor(-1.0)
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
pub fn runner_instances(runner: &Runner, out: &mut Vec<Instance>) {
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

/// One chunk's ground (coloured by slice), its roads and its placements as boxes.
pub fn scenery_instances(
    settings: &ScatterSettings,
    chunk: &ChunkPlacements,
    out: &mut Vec<Instance>,
) {
    let size = settings.chunk_size;
    let ground = GROUND[chunk.slice.min(GROUND.len() - 1)];
    out.push(upright_box(
        Vec3::new(
            (chunk.coord.x as f32 + 0.5) * size,
            GROUND_TOP - 0.1,
            (chunk.coord.z as f32 + 0.5) * size,
        ),
        Vec3::new(size, 0.1, size),
        0.0,
        ground,
    ));
    let width = settings.roads.map_or(0.0, |r| r.width);
    for piece in &chunk.roads {
        for w in piece.points.windows(2) {
            road_strip(w[0], w[1], width, out);
        }
    }
    for p in &chunk.placements {
        let Some(kind) = settings.kinds.get(p.kind as usize) else {
            continue;
        };
        // A turn from the position, so neighbours do not all line up.
        let yaw = (p.x * 12.9898 + p.z * 78.233).sin() * std::f32::consts::PI;
        let side = p.radius * 1.4;
        out.push(upright_box(
            Vec3::new(p.x, PLACEMENT_BASE, p.z),
            Vec3::new(side, kind.height, side),
            yaw,
            srgb(kind.colour),
        ));
    }
}

/// A flat strip of road `width` wide on the ground from `a` to `b` (world `x, z`), long enough
/// to cover the joint with the next strip where the road bends.
fn road_strip(a: [f32; 2], b: [f32; 2], width: f32, out: &mut Vec<Instance>) {
    let (dx, dz) = (b[0] - a[0], b[1] - a[1]);
    let length = dx.hypot(dz);
    if length <= 0.0 || width <= 0.0 {
        return;
    }
    let centre = Vec3::new((a[0] + b[0]) * 0.5, GROUND_TOP, (a[1] + b[1]) * 0.5);
    out.push(upright_box(
        centre,
        Vec3::new(width, ROAD_THICKNESS, length + width * 0.25),
        dx.atan2(dz),
        ROAD,
    ));
}

/// The scenery chunk rows in view of a player at `z` (first, last), for chunks of `chunk_size`.
pub fn scenery_rows_in_view(z: f32, chunk_size: f32) -> (i32, i32) {
    (
        ((z - VIEW_BEHIND) / chunk_size).floor() as i32,
        ((z + VIEW_AHEAD) / chunk_size).floor() as i32,
    )
}

/// The boxes of chunk row `row`, its chunks generated in parallel on the current pool (what
/// the worker sends, and what a scene generating in its own thread makes).
pub fn scenery_row(scatter: &Scatter, row: i32) -> Vec<Instance> {
    let chunks = scatter.generate(&scatter.chunk_row(row));
    let mut boxes = Vec::new();
    for chunk in &chunks {
        scenery_instances(scatter.settings(), chunk, &mut boxes);
    }
    boxes
}

#[cfg(test)]
mod tests {
    use super::*;
    use horde_levelgen::scenery::DEFAULT_SCATTER_SETTINGS as DEFAULT_SETTINGS;

    #[test]
    fn every_road_segment_of_a_chunk_is_a_strip_along_it_on_the_ground() {
        let settings = ScatterSettings::parse(DEFAULT_SETTINGS, "default.ron".as_ref())
            .unwrap_or_else(|e| panic!("{e}"));
        let width = settings.roads.map_or(0.0, |r| r.width);
        let scatter = Scatter::new(settings.clone(), 1);
        let chunk = scatter
            .chunk_row(0)
            .into_iter()
            .map(|c| scatter.generate_chunk(c))
            .find(|c| !c.roads.is_empty())
            .unwrap_or_else(|| panic!("no chunk of row 0 has a road"));
        let mut out = Vec::new();
        scenery_instances(&settings, &chunk, &mut out);
        let segments: Vec<([f32; 2], [f32; 2])> = chunk
            .roads
            .iter()
            .flat_map(|p| p.points.windows(2).map(|w| (w[0], w[1])))
            .collect();
        assert_eq!(out.len(), 1 + segments.len() + chunk.placements.len());
        for (strip, (a, b)) in out[1..].iter().zip(&segments) {
            assert_eq!(strip.color, Instance::new(Mat4::IDENTITY, ROAD).color);
            let model = Mat4::from_cols_array_2d(&strip.model);
            let at = |x: f32, y: f32, z: f32| model.transform_point3(Vec3::new(x, y, z));
            // The strip's ends lie on the segment's line, past its ends; it lies on the ground.
            let (start, end) = (at(0.0, -0.5, -0.5), at(0.0, -0.5, 0.5));
            let (a, b) = (
                Vec3::new(a[0], GROUND_TOP, a[1]),
                Vec3::new(b[0], GROUND_TOP, b[1]),
            );
            let along = (b - a).normalize();
            assert!(
                (start - a).cross(along).length() < 1e-3,
                "{start} off {a}–{b}"
            );
            assert!((end - b).cross(along).length() < 1e-3, "{end} off {a}–{b}");
            assert!((start - a).dot(along) < 0.0 && (end - b).dot(along) > 0.0);
            let across = at(0.5, -0.5, 0.0) - at(-0.5, -0.5, 0.0);
            assert!((across.length() - width).abs() < 1e-3);
            assert!(across.dot(along).abs() < 1e-3);
        }
    }
}
