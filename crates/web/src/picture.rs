//! The tower-defense board and its enemies as the renderer's instances, and the camera that
//! frames them: what the page draws each frame, in two batches (the board, redrawn when it
//! changes; the enemies, every frame).

use glam::{Mat4, Vec3};
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::ModelInstance;
use horde_core_sim::td::tiles::{Board, TileContent};
use horde_renderer::{FrameParams, Instance};

/// The simulation is left-handed (`+x` east, `+z` north); the renderer's cameras are
/// right-handed: every view starts with the mirror `z → −z`, so north is up and east right.
const SIM_TO_RENDER: Mat4 = Mat4::from_cols_array(&[
    1.0, 0.0, 0.0, 0.0, //
    0.0, 1.0, 0.0, 0.0, //
    0.0, 0.0, -1.0, 0.0, //
    0.0, 0.0, 0.0, 1.0,
]);

/// The colour of a tile's block, and its height.
fn tile_look(content: TileContent) -> ([u8; 4], f32) {
    match content {
        TileContent::Empty => ([92, 110, 84, 255], 0.05),
        TileContent::Wall => ([150, 146, 138, 255], 0.5),
        TileContent::Destination => ([214, 74, 64, 255], 0.1),
        TileContent::SpawnPoint => ([72, 116, 204, 255], 0.1),
        TileContent::Tower(_) => ([224, 190, 92, 255], 0.75),
    }
}

/// Every tile of `board` as a block standing on the ground, into `out` (cleared first).
pub fn board_instances(board: &Board, out: &mut Vec<Instance>) {
    out.clear();
    for (index, content) in board.contents().iter().enumerate() {
        let [x, z] = board.tile_center(index);
        let (color, height) = tile_look(*content);
        let model = Mat4::from_scale_rotation_translation(
            Vec3::new(0.96, height, 0.96),
            glam::Quat::IDENTITY,
            Vec3::new(x, height * 0.5 - 0.05, z),
        );
        out.push(Instance::new(model, color));
    }
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
    let view = glam::camera::rh::view::look_at_mat4(
        SIM_TO_RENDER.transform_point3(eye),
        SIM_TO_RENDER.transform_point3(target),
        Vec3::Y,
    ) * SIM_TO_RENDER;
    let proj = glam::camera::rh::proj::directx::perspective(
        fov_y,
        aspect.max(1e-3),
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
    fn every_tile_is_a_block_and_walls_stand_taller_than_the_ground() {
        let board = board_of(&LevelSource::BuiltIn).unwrap_or_else(|e| panic!("{e}"));
        let mut out = Vec::new();
        board_instances(&board, &mut out);
        assert_eq!(out.len(), board.contents().len());
        let height = |i: &Instance| i.model[1][1];
        let wall = board
            .contents()
            .iter()
            .position(|c| *c == TileContent::Wall);
        let empty = board
            .contents()
            .iter()
            .position(|c| *c == TileContent::Empty);
        if let (Some(wall), Some(empty)) = (wall, empty) {
            assert!(height(&out[wall]) > height(&out[empty]));
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
