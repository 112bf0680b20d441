//! The tower-defense board and its enemies as the renderer's instances, and the camera that
//! frames them: what the page draws each frame, in two batches (the board, redrawn when it
//! changes; the enemies, every frame).

use glam::{Mat4, Vec3};
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::ModelInstance;
use horde_core_sim::td::tiles::{Board, TileContent};
use horde_looks::{look_at, perspective};
use horde_renderer::{FrameParams, Instance};

/// The colour of a tile's block, and its height.
fn tile_look(content: TileContent) -> ([u8; 4], f32) {
    match content {
        TileContent::Empty => ([92, 110, 84, 255], 0.1),
        TileContent::Wall => ([150, 146, 138, 255], 0.5),
        TileContent::Destination => ([214, 74, 64, 255], 0.12),
        TileContent::SpawnPoint => ([72, 116, 204, 255], 0.12),
        TileContent::Tower(_) => ([224, 190, 92, 255], 0.75),
    }
}

/// A block from `from` to `to` (tile centres `[x, z]`, the same row), `height` tall, standing
/// on the ground, a little inset so that neighbours show apart.
fn block(from: [f32; 2], to: [f32; 2], height: f32, color: [u8; 4]) -> Instance {
    let model = Mat4::from_scale_rotation_translation(
        Vec3::new(to[0] - from[0] + 0.96, height, to[1] - from[1] + 0.96),
        glam::Quat::IDENTITY,
        Vec3::new(
            (from[0] + to[0]) * 0.5,
            height * 0.5 - 0.1,
            (from[1] + to[1]) * 0.5,
        ),
    );
    Instance::new(model, color)
}

/// The board as blocks, into `out` (cleared first): the ground under every tile as one slab,
/// the walls in runs along rows or along columns, whichever makes fewer blocks (a 256×256
/// serpentine is a few hundred, not tens of thousands), and every other tile that is not
/// empty as a block of its own.
pub fn board_instances(board: &Board, out: &mut Vec<Instance>) {
    out.clear();
    let (width, height) = (board.width() as usize, board.height() as usize);
    let (ground, thickness) = tile_look(TileContent::Empty);
    let half = [(width as f32 - 1.0) * 0.5, (height as f32 - 1.0) * 0.5];
    out.push(block([-half[0], -half[1]], half, thickness, ground));
    let rows = runs(board, true);
    let columns = runs(board, false);
    let walls = if rows.len() <= columns.len() {
        rows
    } else {
        columns
    };
    let (wall, tall) = tile_look(TileContent::Wall);
    for (from, to) in walls {
        out.push(block(
            board.tile_center(from),
            board.tile_center(to),
            tall,
            wall,
        ));
    }
    for (index, content) in board.contents().iter().enumerate() {
        if !matches!(content, TileContent::Empty | TileContent::Wall) {
            let (color, tall) = tile_look(*content);
            let at = board.tile_center(index);
            out.push(block(at, at, tall, color));
        }
    }
}

/// The runs of walls of `board` along its rows (`along_rows`) or its columns: the first and
/// last tile of each.
fn runs(board: &Board, along_rows: bool) -> Vec<(usize, usize)> {
    let (width, height) = (board.width() as usize, board.height() as usize);
    let (lines, length) = if along_rows {
        (height, width)
    } else {
        (width, height)
    };
    let index = |line: usize, at: usize| {
        if along_rows {
            line * width + at
        } else {
            at * width + line
        }
    };
    let is_wall = |i: usize| board.contents()[i] == TileContent::Wall;
    let mut out = Vec::new();
    for line in 0..lines {
        let mut at = 0;
        while at < length {
            if !is_wall(index(line, at)) {
                at += 1;
                continue;
            }
            let mut last = at;
            while last + 1 < length && is_wall(index(line, last + 1)) {
                last += 1;
            }
            out.push((index(line, at), index(line, last)));
            at = last + 1;
        }
    }
    out
}

/// Every enemy of `sim` as it stands, into `out` (resized to their number): the simulation's
/// own instances.
pub fn enemy_instances(
    sim: &Simulation,
    scratch: &mut Vec<ModelInstance>,
    out: &mut Vec<Instance>,
) {
    let count = sim.enemies().len();
    scratch.resize(count, ModelInstance::zeroed_instance());
    let written = sim.write_into(&mut scratch.as_mut_slice()).unwrap_or(0);
    out.clear();
    out.extend(scratch[..written].iter().map(|m| Instance {
        model: m.model,
        color: m.color,
    }));
}

/// The camera, light and background of a frame showing the whole of a `width × height` board
/// at `aspect` (width over height), from above and to the south, north up.
pub fn frame_params(width: u32, height: u32, aspect: f32) -> FrameParams {
    let fov_y = 45f32.to_radians();
    let pitch = 60f32.to_radians();
    let extent = (height as f32).max(width as f32 / aspect.max(0.1)) + 1.0;
    let distance = 0.62 * extent / (fov_y * 0.5).tan();
    let target = Vec3::new(0.0, 0.0, -0.04 * extent);
    let eye = target + Vec3::new(0.0, distance * pitch.sin(), -distance * pitch.cos());
    let view = look_at(eye, target);
    let proj = perspective(
        fov_y.to_degrees(),
        aspect,
        (distance * 0.01).max(0.01),
        distance * 4.0 + 100.0,
    );
    FrameParams::new(
        view,
        proj,
        Vec3::new(0.4, 1.0, 0.3),
        0.35,
        [0.08, 0.09, 0.11, 1.0],
    )
}

/// The tile of `board` under the pixel `(x, y)` (from the top-left corner) of a `width ×
/// height` picture drawn with `params`: where the ray through it meets the ground.
pub fn tile_under(
    board: &Board,
    params: &FrameParams,
    (x, y): (f32, f32),
    (width, height): (f32, f32),
) -> Option<(i64, i64)> {
    let ndc_x = 2.0 * x / width.max(1.0) - 1.0;
    let ndc_y = 1.0 - 2.0 * y / height.max(1.0);
    // Clip space back to the simulation's (the view starts with the mirror).
    let back = (params.proj * params.view).inverse();
    let near = back.project_point3(Vec3::new(ndc_x, ndc_y, 0.0));
    let far = back.project_point3(Vec3::new(ndc_x, ndc_y, 1.0));
    let down = near.y - far.y;
    if down <= f32::EPSILON {
        return None;
    }
    let ground = near + (far - near) * (near.y / down);
    let tile_x = (ground.x + (board.width() as f32 - 1.0) * 0.5).round();
    let tile_y = (ground.z + (board.height() as f32 - 1.0) * 0.5).round();
    board
        .index(tile_x as i64, tile_y as i64)
        .map(|_| (tile_x as i64, tile_y as i64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use horde_core_sim::DT;
    use horde_core_sim::td::game::LevelSource;
    use horde_core_sim::td::swarm::SpawnSettings;
    use horde_games::board_of;

    #[test]
    fn walls_are_merged_in_runs_and_cover_exactly_the_wall_tiles() {
        let board = horde_core_sim::td::tiles::winding_board(64, 64, 16, 4)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut out = Vec::new();
        board_instances(&board, &mut out);
        let walls = board
            .contents()
            .iter()
            .filter(|c| **c == TileContent::Wall)
            .count();
        assert!(
            out.len() < walls / 4,
            "{} blocks for {walls} walls",
            out.len()
        );
        // Every tile's centre is inside the blocks of its kind: walls under a wall block.
        let tall = |i: &Instance| i.model[1][1];
        let covers = |i: &Instance, [x, z]: [f32; 2]| {
            let (cx, cz) = (i.model[3][0], i.model[3][2]);
            (x - cx).abs() < i.model[0][0] * 0.5 && (z - cz).abs() < i.model[2][2] * 0.5
        };
        for (index, content) in board.contents().iter().enumerate() {
            let at = board.tile_center(index);
            let over: Vec<&Instance> = out.iter().skip(1).filter(|i| covers(i, at)).collect();
            match content {
                TileContent::Empty => assert!(over.is_empty(), "{index}"),
                TileContent::Wall => {
                    assert_eq!(over.len(), 1, "{index}");
                    assert_eq!(tall(over[0]), 0.5);
                }
                _ => assert_eq!(over.len(), 1, "{index}"),
            }
            assert!(covers(&out[0], at), "the ground is under {index}");
        }
    }

    #[test]
    fn the_enemies_drawn_are_the_simulations() {
        let board = board_of(&LevelSource::BuiltIn).unwrap_or_else(|e| panic!("{e}"));
        let mut sim = Simulation::new(board, SpawnSettings::default(), 3);
        for _ in 0..300 {
            sim.step(DT);
        }
        let (mut scratch, mut out) = (Vec::new(), Vec::new());
        enemy_instances(&sim, &mut scratch, &mut out);
        assert_eq!(out.len(), sim.enemies().len());
        assert!(!out.is_empty());
        let mut expected = vec![ModelInstance::zeroed_instance(); out.len()];
        sim.write_into(&mut expected.as_mut_slice()).unwrap_or(0);
        assert!(
            out.iter()
                .zip(&expected)
                .all(|(a, b)| a.model == b.model && a.color == b.color)
        );
    }

    #[test]
    fn the_tile_under_a_pixel_is_the_one_drawn_there() {
        let board = board_of(&LevelSource::BuiltIn).unwrap_or_else(|e| panic!("{e}"));
        let (w, h) = (1280.0, 720.0);
        let params = frame_params(board.width(), board.height(), w / h);
        for index in [0, board.contents().len() / 2, board.contents().len() - 1] {
            let [x, z] = board.tile_center(index);
            let clip = params.proj * params.view * glam::Vec4::new(x, 0.0, z, 1.0);
            let ndc = clip / clip.w;
            let pixel = ((ndc.x + 1.0) * 0.5 * w, (1.0 - ndc.y) * 0.5 * h);
            let expected = board.coords(index);
            let expected = (expected.0 as i64, expected.1 as i64);
            assert_eq!(tile_under(&board, &params, pixel, (w, h)), Some(expected));
        }
        assert_eq!(
            tile_under(&board, &params, (2.0, 2.0), (w, h)),
            None,
            "off the board"
        );
    }

    #[test]
    fn the_board_is_in_front_of_the_camera() {
        let params = frame_params(16, 9, 16.0 / 9.0);
        let clip = params.proj * params.view * glam::Vec4::new(0.0, 0.0, 0.0, 1.0);
        assert!(clip.w > 0.0);
        let ndc = clip / clip.w;
        assert!(ndc.x.abs() < 1.0 && ndc.y.abs() < 1.0, "{ndc}");
    }
}
