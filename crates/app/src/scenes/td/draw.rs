//! What the tower-defense board looks like: the instances of its static batches, in simulation
//! coordinates. Rebuilt only when the board changes.

use glam::{Mat4, Quat, Vec3};
use horde_core_sim::td::tiles::{Board, TileContent};
use horde_renderer::Instance;

/// Colours, sRGB.
pub mod colors {
    /// The ground under the board.
    pub const GROUND: [u8; 4] = [70, 84, 62, 255];
    /// Grid lines between tiles.
    pub const GRID: [u8; 4] = [40, 48, 36, 255];
    /// Walls.
    pub const WALL: [u8; 4] = [190, 186, 178, 255];
    /// Destinations.
    pub const DESTINATION: [u8; 4] = [220, 60, 50, 255];
    /// Spawn points (orange, as in the texts).
    pub const SPAWN_POINT: [u8; 4] = [240, 150, 40, 255];
    /// Path arrows.
    pub const ARROW: [u8; 4] = [225, 230, 215, 255];
    /// A tile whose edit was refused.
    pub const REFUSED: [u8; 4] = [255, 30, 60, 255];
    /// Background.
    pub const SKY: [f64; 4] = [0.02, 0.025, 0.035, 1.0];

    /// An enemy's colour, chosen once, at spawn. From the spawner: the texts' dark blue for
    /// slow enemies, shading to a light cyan for the fastest, so speed can be read off the
    /// swarm. A scenario's types each in their own material (the series gives each type its
    /// own): small ones green, medium ones the blue, large ones a deep red, each shaded by
    /// speed too.
    pub fn enemy_color(
        params: &horde_core_sim::td::swarm::EnemyParams,
        kind: Option<horde_core_sim::td::swarm::EnemyType>,
    ) -> u32 {
        use horde_core_sim::td::swarm::EnemyType;
        let (slow, fast) = match kind {
            None | Some(EnemyType::Medium) => ([24, 40, 150, 255], [90, 200, 230, 255]),
            Some(EnemyType::Small) => ([30, 110, 40, 255], [150, 230, 90, 255]),
            Some(EnemyType::Large) => ([110, 20, 30, 255], [220, 90, 70, 255]),
        };
        let t = ((params.speed - 0.2) / 4.8).clamp(0.0, 1.0);
        let [r, g, b, a] = crate::scenes::td::draw::mix_colors(slow, fast, t);
        horde_core_sim::td::swarm::pack_rgba(r, g, b, a)
    }
}

/// `from` mixed towards `to` by `t` in `0..1`, channel by channel, rounded; opaque.
pub fn mix_colors(from: [u8; 4], to: [u8; 4], t: f32) -> [u8; 4] {
    let t = t.clamp(0.0, 1.0);
    let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
    [
        mix(from[0], to[0]),
        mix(from[1], to[1]),
        mix(from[2], to[2]),
        255,
    ]
}

/// Height of wall blocks.
pub const WALL_HEIGHT: f32 = 0.5;

/// A box of `size` standing on the ground at `(x, z)` (the unit cube scaled and lifted).
pub fn block(x: f32, z: f32, size: Vec3, lift: f32, color: [u8; 4]) -> Instance {
    let centre = Vec3::new(x, lift + size.y * 0.5, z);
    Instance::new(
        Mat4::from_scale_rotation_translation(size, Quat::IDENTITY, centre),
        color,
    )
}

/// The ground quad under the whole board.
pub fn ground(board: &Board) -> Vec<Instance> {
    let size = Vec3::new(board.width() as f32, 1.0, board.height() as f32);
    vec![Instance::new(Mat4::from_scale(size), colors::GROUND)]
}

/// Thin lines along every tile edge.
pub fn grid(board: &Board) -> Vec<Instance> {
    let (w, h) = (board.width() as f32, board.height() as f32);
    let thickness = 0.04;
    let mut lines = Vec::with_capacity((board.width() + board.height() + 2) as usize);
    for i in 0..=board.width() {
        let x = i as f32 - w * 0.5;
        lines.push(block(
            x,
            0.0,
            Vec3::new(thickness, 0.005, h),
            0.0,
            colors::GRID,
        ));
    }
    for j in 0..=board.height() {
        let z = j as f32 - h * 0.5;
        lines.push(block(
            0.0,
            z,
            Vec3::new(w, 0.005, thickness),
            0.0,
            colors::GRID,
        ));
    }
    lines
}

/// Walls as few boxes as possible: runs of walls along each row, and equal runs in
/// consecutive rows merged into one rectangle. Looks the same as a block per wall tile, but a
/// large board draws a few hundred boxes instead of tens of thousands.
pub fn walls(board: &Board, out: &mut Vec<Instance>) {
    out.clear();
    let (w, h) = (board.width() as usize, board.height() as usize);
    let is_wall = |x: usize, y: usize| board.contents()[y * w + x] == TileContent::Wall;
    // Open rectangles (first column, length, first row), extended while the next row repeats
    // the run exactly.
    let mut open: Vec<(usize, usize, usize)> = Vec::new();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut still_open = Vec::new();
    for y in 0..=h {
        runs.clear();
        let mut x = 0;
        while y < h && x < w {
            if is_wall(x, y) {
                let start = x;
                while x < w && is_wall(x, y) {
                    x += 1;
                }
                runs.push((start, x - start));
            } else {
                x += 1;
            }
        }
        still_open.clear();
        for rect in open.drain(..) {
            if let Some(i) = runs.iter().position(|&r| r == (rect.0, rect.1)) {
                runs.swap_remove(i);
                still_open.push(rect);
            } else {
                let (x0, len, y0) = rect;
                let first = board.tile_center(y0 * w + x0);
                let rows = y - y0;
                let centre_x = first[0] + (len as f32 - 1.0) * 0.5;
                let centre_z = first[1] + (rows as f32 - 1.0) * 0.5;
                let size = Vec3::new(len as f32, WALL_HEIGHT, rows as f32);
                out.push(block(centre_x, centre_z, size, 0.0, colors::WALL));
            }
        }
        std::mem::swap(&mut open, &mut still_open);
        open.extend(runs.iter().map(|&(x0, len)| (x0, len, y)));
    }
}

/// Destination and spawn point markers.
pub fn markers(board: &Board, out: &mut Vec<Instance>) {
    out.clear();
    for (index, content) in board.contents().iter().enumerate() {
        let [x, z] = board.tile_center(index);
        let (height, color) = match content {
            TileContent::Destination => (0.08, colors::DESTINATION),
            TileContent::SpawnPoint => (0.06, colors::SPAWN_POINT),
            TileContent::Empty | TileContent::Wall | TileContent::Tower(_) => continue,
        };
        out.push(block(x, z, Vec3::new(0.9, height, 0.9), 0.0, color));
    }
}

/// One arrow per walkable tile, pointing along its path.
pub fn arrows(board: &Board, out: &mut Vec<Instance>) {
    out.clear();
    for (index, content) in board.contents().iter().enumerate() {
        if content.blocks_path() || *content == TileContent::Destination {
            continue;
        }
        let [x, z] = board.tile_center(index);
        let yaw = board.path_direction(index).angle_deg().to_radians();
        // Yaw turns local +z (the arrow's point) to (sin, 0, cos): clockwise from north.
        let model = Mat4::from_translation(Vec3::new(x, 0.012, z)) * Mat4::from_rotation_y(yaw);
        out.push(Instance::new(model, colors::ARROW));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use horde_core_sim::td::files::parse_level;

    #[test]
    fn merged_walls_cover_exactly_the_wall_tiles() {
        for rows in [
            "S..#.\n.#.#.\n.#..D\n##.#.\n",
            "S#####\n......\n.##.##\n.##.##\n....D.\n",
        ] {
            let board = parse_level(rows, "t".as_ref()).unwrap();
            let mut boxes = Vec::new();
            walls(&board, &mut boxes);
            // Every tile centre is inside exactly one box if it is a wall, else none.
            for index in 0..board.tile_count() {
                let [x, z] = board.tile_center(index);
                let inside = boxes
                    .iter()
                    .filter(|b| {
                        let m = Mat4::from_cols_array_2d(&b.model);
                        let local = m.inverse().transform_point3(Vec3::new(x, 0.1, z));
                        local.abs().max_element() < 0.5
                    })
                    .count();
                let wall = board.content(index) == TileContent::Wall;
                assert_eq!(inside, wall as usize, "tile {index} in {rows:?}");
            }
        }
        let big = horde_core_sim::td::tiles::winding_board(256, 256, 64, 8).unwrap();
        let mut boxes = Vec::new();
        walls(&big, &mut boxes);
        assert!(boxes.len() < 200, "{} boxes", boxes.len());
    }

    #[test]
    fn arrows_point_along_the_path() {
        let board = parse_level("S.D\n", "t".as_ref()).unwrap();
        let mut out = Vec::new();
        arrows(&board, &mut out);
        assert_eq!(out.len(), 2);
        // Both point east: the arrow's local +z maps to world +x.
        let m = Mat4::from_cols_array_2d(&out[0].model);
        let tip = m.transform_vector3(Vec3::Z);
        assert!((tip - Vec3::X).length() < 1e-6);
    }

    #[test]
    fn a_scenarios_enemy_types_are_drawn_apart() {
        use horde_core_sim::td::swarm::EnemyType;
        let params = horde_core_sim::td::swarm::EnemyParams::default();
        let small = colors::enemy_color(&params, Some(EnemyType::Small));
        let medium = colors::enemy_color(&params, Some(EnemyType::Medium));
        let large = colors::enemy_color(&params, Some(EnemyType::Large));
        assert!(small != medium && medium != large && small != large);
        // The spawner's enemies keep the texts' blue.
        assert_eq!(colors::enemy_color(&params, None), medium);
    }
}
