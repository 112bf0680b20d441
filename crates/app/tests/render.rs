//! Offscreen images of the tower-defense scene on Vulkan and GL (Mesa's lavapipe and llvmpipe
//! in CI): reference images, agreement between backends, orientation, one draw call for the
//! whole swarm.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use horde_renderer::{BackendChoice, DrawPath, MeshKind};

const SIZE: (u32, u32) = (640, 360);

fn fortress_picture(backend: BackendChoice) -> horde::offscreen::Picture {
    fortress_picture_with(backend, MeshKind::ThreeFaceCube)
}

/// The fortress after 900 steps with enemies drawn as `enemies` (the reference image was made
/// with the full cube).
fn fortress_picture_with(backend: BackendChoice, enemies: MeshKind) -> horde::offscreen::Picture {
    let scene = Drawn::new(scene(&level_text("fortress.txt"), 7, 10.0), enemies);
    render_with(scene.game, scene.view, 900, backend, SIZE)
}

/// Both cube paths draw the reference scene within the reference's tolerance, of the
/// reference and of each other.
fn both_cubes_match(backend: BackendChoice, name: &str, max_mean: f64, max_bad: f64) {
    let full = fortress_picture_with(backend, MeshKind::Cube);
    let visible = fortress_picture_with(backend, MeshKind::ThreeFaceCube);
    assert_matches_reference(
        &full,
        "td-fortress",
        &format!("{name}-full"),
        max_mean,
        max_bad,
    );
    assert_matches_reference(
        &visible,
        "td-fortress",
        &format!("{name}-visible"),
        max_mean,
        max_bad,
    );
    let (mean, bad) = difference(&full.pixels, &visible.pixels, 48);
    assert!(
        mean <= max_mean && bad <= max_bad,
        "{name}: the three-face cube differs from the full cube: mean error {mean}, {bad} of the pixels"
    );
    // The enemies are in the picture: a board with no enemies differs from it.
    let mut empty = scene(&level_text("fortress.txt"), 7, 10.0);
    empty.sim_mut().set_spawning(false);
    let empty = render(empty, 900, backend, SIZE);
    let (_, enemy_pixels) = difference(&empty.pixels, &visible.pixels, 48);
    assert!(
        enemy_pixels > 0.005,
        "{name}: enemies cover {enemy_pixels} of the picture"
    );
}

#[test]
fn the_three_face_cube_draws_the_reference_scene_like_the_full_cube_on_vulkan() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    both_cubes_match(BackendChoice::Vulkan, "vulkan", 1.0, 0.005);
}

#[test]
fn the_three_face_cube_draws_the_reference_scene_like_the_full_cube_on_gl() {
    if !gpu_available(BackendChoice::Gl) {
        return;
    }
    both_cubes_match(BackendChoice::Gl, "gl", 1.5, 0.01);
}

#[test]
fn fortress_matches_the_reference_on_vulkan() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let picture = fortress_picture(BackendChoice::Vulkan);
    assert_matches_reference(&picture, "td-fortress", "vulkan", 1.0, 0.005);
}

#[test]
fn fortress_matches_the_reference_on_gl() {
    if !gpu_available(BackendChoice::Gl) {
        return;
    }
    let picture = fortress_picture(BackendChoice::Gl);
    assert_matches_reference(&picture, "td-fortress", "gl", 1.5, 0.01);
}

#[test]
fn vulkan_and_gl_draw_the_same_frame() {
    if !gpu_available(BackendChoice::Vulkan) || !gpu_available(BackendChoice::Gl) {
        return;
    }
    let vulkan = fortress_picture(BackendChoice::Vulkan);
    let gl = fortress_picture(BackendChoice::Gl);
    assert!(vulkan.adapter.starts_with("vulkan") && gl.adapter.starts_with("gl"));
    let (mean, bad) = difference(&vulkan.pixels, &gl.pixels, 48);
    assert!(
        mean < 1.0 && bad < 0.01,
        "mean error {mean}, {bad} of the pixels differ"
    );
}

/// Whether a pixel looks like a lit wall: bright and grey.
fn is_wall(p: &[u8]) -> bool {
    let (r, g, b) = (p[0] as i32, p[1] as i32, p[2] as i32);
    r > 110 && (r - g).abs() < 24 && (g - b).abs() < 24
}

#[test]
fn walls_in_the_north_west_appear_in_the_upper_left() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let rows = "###.........\n............\n###.........\n............\n............\n..........D.\n............\nS...........\n";
    let picture = render(scene(rows, 1, 1.0), 0, BackendChoice::Vulkan, SIZE);
    let (w, h) = (picture.width as usize, picture.height as usize);
    let mut quadrants = [0usize; 4];
    for (i, p) in picture.pixels.chunks_exact(4).enumerate() {
        if is_wall(p) {
            let (x, y) = (i % w, i / w);
            quadrants[(y >= h / 2) as usize * 2 + (x >= w / 2) as usize] += 1;
        }
    }
    let total: usize = quadrants.iter().sum();
    assert!(total > 2000, "walls not visible: {quadrants:?}");
    assert!(
        quadrants[0] as f64 > 0.95 * total as f64,
        "walls by quadrant (UL, UR, LL, LR): {quadrants:?}"
    );
}

#[test]
fn the_whole_swarm_is_one_draw_call() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    for (enemies, mesh) in [1usize, 1_000, 100_000]
        .into_iter()
        .flat_map(|n| [(n, MeshKind::Cube), (n, MeshKind::ThreeFaceCube)])
    {
        let mut scene = Drawn::new(scene(&level_text("large.txt"), 3, 1.0), mesh);
        scene.game.sim_mut().set_spawning(false);
        scene.game.sim_mut().populate(enemies);
        let mut off =
            horde::offscreen::Offscreen::new(&flags(BackendChoice::Vulkan), (320, 180)).unwrap();
        let batches = scene.attach(&mut off.renderer);
        scene.sync(&mut off.renderer, &off.ctx).unwrap();
        let params = scene.params(320.0 / 180.0);
        let counters = off
            .renderer
            .render_offscreen(&off.ctx, &off.target, &params);
        assert_eq!(
            off.renderer.batch_draw_calls(batches.enemies),
            1,
            "{enemies} enemies as {mesh:?}"
        );
        assert_eq!(off.renderer.instance_count(batches.enemies), enemies);
        // Ground, grid, walls, markers and the enemies: one call each.
        assert_eq!(counters.draw_calls, 5, "{enemies} enemies");
        assert!(counters.instances >= enemies as u64);
        assert!(counters.bytes_uploaded >= enemies as u64 * 68);
        // A second frame re-uploads the enemies only, not the static batches, and them once:
        // the step writes them through the view's sink, and the sync after it writes nothing.
        scene.frame(&mut off.renderer, &off.ctx, 1).unwrap();
        let again = off
            .renderer
            .render_offscreen(&off.ctx, &off.target, &params);
        let expected =
            scene.game.sim().enemies().len() as u64 * 68 + horde_renderer::FRAME_UNIFORM_BYTES;
        assert_eq!(again.bytes_uploaded, expected, "{enemies} enemies");
        // Nothing stepped (paused): no batch is uploaded again, only the frame's uniforms.
        scene.sync(&mut off.renderer, &off.ctx).unwrap();
        let paused = off
            .renderer
            .render_offscreen(&off.ctx, &off.target, &params);
        assert_eq!(
            paused.bytes_uploaded,
            horde_renderer::FRAME_UNIFORM_BYTES,
            "{enemies} enemies, paused"
        );
    }
}

/// GPU work wgpu refuses is an error for the caller, not only a line in the log: a buffer
/// that may be mapped for reading and writing at once is invalid.
#[test]
fn a_validation_error_in_headless_work_is_an_error() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let ctx = horde_renderer::GpuContext::headless(horde_renderer::GpuRequest {
        backend: BackendChoice::Vulkan,
        ..Default::default()
    })
    .unwrap();
    let bad = ctx.checked("making a bad buffer", || {
        ctx.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("bad"),
            size: 16,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::MAP_WRITE,
            mapped_at_creation: false,
        })
    });
    let error = bad.expect_err("the invalid buffer was accepted");
    assert!(
        error
            .to_string()
            .starts_with("GPU error while making a bad buffer: "),
        "{error}"
    );
    // Good work inside the same kind of scope passes.
    let good = ctx.checked("making a buffer", || {
        ctx.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("good"),
            size: 16,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    });
    assert!(good.is_ok());
}

/// Cubes turned about every axis and stretched differently along each, all around a camera
/// (some beside and above it, so that their sides and tops show), seen in perspective and
/// orthographically: the three-face cube draws the same picture as the full cube.
#[test]
fn the_three_face_cube_matches_the_full_cube_for_any_turn_stretch_and_projection() {
    for backend in [BackendChoice::Vulkan, BackendChoice::Gl] {
        if gpu_available(backend) {
            turned_stretched_cubes(backend);
        }
    }
}

fn turned_stretched_cubes(backend: BackendChoice) {
    use glam::{EulerRot, Mat4, Quat, Vec3};
    use horde_renderer::{FrameParams, Instance};
    let mut instances = Vec::new();
    for i in 0..9 {
        for j in 0..9 {
            let k = (i * 9 + j) as f32;
            let turn = Quat::from_euler(EulerRot::YXZ, k * 0.7, k * 0.37, k * 0.23);
            let stretch = Vec3::new(
                0.4 + (k * 0.31) % 0.9,
                0.3 + (k * 0.53) % 1.1,
                0.5 + (k * 0.17) % 0.7,
            );
            let at = Vec3::new(
                i as f32 * 1.6 - 6.4,
                ((i + j) % 3) as f32 - 1.0,
                j as f32 * 1.6 - 6.4,
            );
            let shade = (40 + (k as u32 * 23) % 200) as u8;
            instances.push(Instance::new(
                Mat4::from_scale_rotation_translation(stretch, turn, at),
                [shade, 255 - shade, 120, 255],
            ));
        }
    }
    let eye = Vec3::new(0.5, 0.8, 3.0);
    let view = glam::camera::rh::view::look_at_mat4(eye, Vec3::new(-1.0, -0.5, -4.0), Vec3::Y);
    let projections = [
        glam::camera::rh::proj::directx::perspective(1.2, 16.0 / 9.0, 0.05, 100.0),
        glam::camera::rh::proj::directx::orthographic(-8.0, 8.0, -4.5, 4.5, -50.0, 50.0),
    ];
    for (p, proj) in projections.into_iter().enumerate() {
        let picture = |mesh: MeshKind| {
            let mut off = horde::offscreen::Offscreen::new(&flags(backend), (480, 270)).unwrap();
            let batch = off.renderer.add_batch(mesh, "cubes");
            off.renderer.set_instances(batch, &instances);
            off.take_picture(&FrameParams::new(
                view,
                proj,
                Vec3::new(0.4, 1.0, 0.3),
                0.35,
                [0.1, 0.1, 0.12, 1.0],
            ))
            .unwrap()
        };
        let (full, visible) = (picture(MeshKind::Cube), picture(MeshKind::ThreeFaceCube));
        let (mean, bad) = difference(&full.pixels, &visible.pixels, 48);
        assert!(
            mean < 1.0 && bad < 0.005,
            "{backend:?} projection {p}: mean error {mean}, {bad} of the pixels differ"
        );
        // The cubes fill a good part of the picture: the comparison is not of two backgrounds.
        let background = full
            .pixels
            .chunks_exact(4)
            .filter(|px| px[0] < 40 && px[1] < 40 && px[2] < 45)
            .count();
        assert!(
            background * 10 < full.pixels.len() / 4 * 8,
            "projection {p}: mostly background"
        );
    }
}

/// 100,000 enemies on the large board, the whole board in view: every enemy covers a pixel or
/// two, so the renderer draws the batch as small cubes (one triangle each, from the extent the
/// scene gives), which is the picture the three-face cube's own per-instance test draws, and
/// close to the full cube's. The fortress's enemies are large: three faces each.
#[test]
fn a_swarm_of_tiny_enemies_is_drawn_as_small_cubes_with_the_same_picture_on_vulkan() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    tiny_enemies(BackendChoice::Vulkan);
}

#[test]
fn a_swarm_of_tiny_enemies_is_drawn_as_small_cubes_with_the_same_picture_on_gl() {
    if !gpu_available(BackendChoice::Gl) {
        return;
    }
    tiny_enemies(BackendChoice::Gl);
}

fn tiny_enemies(backend: BackendChoice) {
    let size = (640, 360);
    let draw = |mesh: MeshKind, extent: bool| {
        let mut scene = Drawn::new(scene(&level_text("large.txt"), 3, 1.0), mesh);
        scene.game.sim_mut().set_spawning(false);
        scene.game.sim_mut().populate(100_000);
        let mut off = horde::offscreen::Offscreen::with_samples(&flags(backend), size, 1).unwrap();
        let batches = scene.attach(&mut off.renderer);
        scene.sync(&mut off.renderer, &off.ctx).unwrap();
        if !extent {
            off.renderer.set_extent(batches.enemies, None);
        }
        let aspect = size.0 as f32 / size.1 as f32;
        let params = scene.params(aspect);
        let picture = off.take_picture(&params).unwrap();
        (picture, off.renderer.draw_path(batches.enemies))
    };
    let (small, path) = draw(MeshKind::ThreeFaceCube, true);
    assert_eq!(
        path,
        DrawPath::PulledSmallCubes,
        "the swarm was not drawn as small cubes"
    );
    let (per_instance, path) = draw(MeshKind::ThreeFaceCube, false);
    assert_eq!(path, DrawPath::PulledThreeFaceCubes);
    let (mean, bad) = difference(&small.pixels, &per_instance.pixels, 8);
    assert!(
        mean < 0.01 && bad < 0.0005,
        "small cubes differ from the per-instance test: mean {mean}, {bad} of the pixels"
    );
    let (full, path) = draw(MeshKind::Cube, true);
    assert_eq!(
        path,
        DrawPath::Mesh,
        "only three-face cubes are drawn small"
    );
    let (mean, bad) = difference(&full.pixels, &small.pixels, 48);
    // One- and two-pixel cubes cover pixels by chance: the pictures agree in their mean, not
    // pixel for pixel (measured: mean error 2.5, 4.8 % of the pixels).
    assert!(
        mean < 3.5 && bad < 0.07,
        "small cubes against full cubes: mean error {mean}, {bad} of the pixels"
    );
    let mean_colour = |p: &[u8]| {
        let n = (p.len() / 4) as f64;
        [0, 1, 2].map(|c| p.chunks_exact(4).map(|px| f64::from(px[c])).sum::<f64>() / n)
    };
    let (a, b) = (mean_colour(&full.pixels), mean_colour(&small.pixels));
    assert!(
        (0..3).all(|c| (a[c] - b[c]).abs() < 2.0),
        "mean colour {a:?} with full cubes, {b:?} with small ones"
    );
    // Large enemies keep their three faces.
    let mut fortress = Drawn::new(
        scene(&level_text("fortress.txt"), 7, 10.0),
        MeshKind::ThreeFaceCube,
    );
    let mut off = horde::offscreen::Offscreen::new(&flags(backend), SIZE).unwrap();
    let batches = fortress.attach(&mut off.renderer);
    for _ in 0..300 {
        fortress.game.sim_mut().step(1.0 / 60.0);
    }
    fortress.sync(&mut off.renderer, &off.ctx).unwrap();
    let aspect = SIZE.0 as f32 / SIZE.1 as f32;
    let params = fortress.params(aspect);
    off.take_picture(&params).unwrap();
    assert_eq!(
        off.renderer.draw_path(batches.enemies),
        DrawPath::PulledThreeFaceCubes
    );
    assert!(off.renderer.instance_count(batches.enemies) > 0);
}

/// Pulled and instanced cubes draw the same pictures: the fortress (three faces) and a swarm
/// of tiny enemies (small cubes), on both backends.
#[test]
fn pulled_and_instanced_cubes_draw_the_same_picture() {
    for backend in [BackendChoice::Vulkan, BackendChoice::Gl] {
        if !gpu_available(backend) {
            continue;
        }
        for (level, enemies, size) in [("fortress.txt", 0, SIZE), ("large.txt", 20_000, (480, 270))]
        {
            let picture = |pulling: bool| {
                let mut scene =
                    Drawn::new(scene(&level_text(level), 7, 10.0), MeshKind::ThreeFaceCube);
                if enemies > 0 {
                    scene.game.sim_mut().set_spawning(false);
                    scene.game.sim_mut().populate(enemies);
                } else {
                    for _ in 0..600 {
                        scene.game.sim_mut().step(1.0 / 60.0);
                    }
                }
                let mut off =
                    horde::offscreen::Offscreen::with_samples(&flags(backend), size, 1).unwrap();
                off.renderer.set_pull_cubes(pulling);
                let batches = scene.attach(&mut off.renderer);
                scene.sync(&mut off.renderer, &off.ctx).unwrap();
                let aspect = size.0 as f32 / size.1 as f32;
                let params = scene.params(aspect);
                let picture = off.take_picture(&params).unwrap();
                (picture, off.renderer.draw_path(batches.enemies))
            };
            let ((pulled, pulled_path), (instanced, instanced_path)) =
                (picture(true), picture(false));
            assert!(
                matches!(
                    pulled_path,
                    DrawPath::PulledThreeFaceCubes | DrawPath::PulledSmallCubes
                ),
                "{backend:?} {level}: {pulled_path:?}"
            );
            assert!(
                matches!(
                    instanced_path,
                    DrawPath::ThreeFaceCubes | DrawPath::SmallCubes
                ),
                "{backend:?} {level}: {instanced_path:?}"
            );
            let (mean, bad) = difference(&pulled.pixels, &instanced.pixels, 8);
            assert!(
                mean < 0.01 && bad < 0.0005,
                "{backend:?} {level}: pulled and instanced differ: mean {mean}, {bad} of the pixels"
            );
        }
    }
}

/// A fight on the battle level under the example scenario: towers (base and turret), laser
/// beams, shells and explosions each one batch of one draw call, the enemies still one, and
/// the fight in the picture.
#[test]
fn a_fight_is_one_batch_per_kind_beside_the_one_enemy_call() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let scenario = horde_core_sim::td::game::Scenario::parse(
        horde_core_sim::td::game::EXAMPLE_SCENARIO,
        "example.ron".as_ref(),
    )
    .unwrap();
    let mut scene = Drawn::new(
        scene(&level_text("battle.txt"), 2, 1.0),
        MeshKind::ThreeFaceCube,
    );
    scene.game.play_scenario(Some(scenario), None);
    // Until a laser fires, a shell flies and an explosion shows, all at once.
    let mut ticks = 0;
    // A laser fires while it has a target.
    let firing = |t: &&horde_core_sim::td::defence::Tower| matches!(t.state, horde_core_sim::td::defence::TowerState::Laser(laser) if laser.firing());
    while !(scene.game.sim().towers().all().iter().any(|t| firing(&t))
        && !scene.game.sim().shells().is_empty()
        && !scene.game.sim().explosions().is_empty())
    {
        scene.game.sim_mut().step(1.0 / 60.0);
        ticks += 1;
        assert!(ticks < 60 * 60, "no fight after a minute");
    }
    let towers = scene.game.sim().towers().len();
    let beams = scene
        .game
        .sim()
        .towers()
        .all()
        .iter()
        .filter(firing)
        .count();
    let shells = scene.game.sim().shells().len();
    let explosions = scene.game.sim().explosions().len();
    let mut off = horde::offscreen::Offscreen::new(&flags(BackendChoice::Vulkan), SIZE).unwrap();
    let batches = scene.attach(&mut off.renderer);
    scene.sync(&mut off.renderer, &off.ctx).unwrap();
    let aspect = SIZE.0 as f32 / SIZE.1 as f32;
    let params = scene.params(aspect);
    off.renderer
        .render_offscreen(&off.ctx, &off.target, &params);
    let f = batches.fight;
    // Today's looks are boxes: every part in the box batch, none in the other shapes'.
    for other in &f.towers[1..] {
        assert_eq!(off.renderer.instance_count(*other), 0);
        assert_eq!(
            off.renderer.batch_draw_calls(*other),
            0,
            "an empty batch draws nothing"
        );
    }
    for (batch, instances, what) in [
        (f.towers[0], 2 * towers, "towers"),
        (f.effects, beams, "beams"),
        (f.shells, shells, "shells"),
        (f.explosions, explosions, "explosions"),
        // Each shell in flight has left its first trail puff.
        (f.trails, shells, "trails"),
        (batches.enemies, scene.game.sim().enemies().len(), "enemies"),
    ] {
        assert!(instances > 0, "{what}");
        assert_eq!(off.renderer.instance_count(batch), instances, "{what}");
        assert_eq!(off.renderer.batch_draw_calls(batch), 1, "{what}");
    }
    // An explosion is a translucent sphere: drawn (the picture without the batch differs at
    // its centre), yet the board shows through it (its centre is no opaque blast colour).
    let blast = scene.game.sim().explosions()[0];
    let camera = horde::scenes::td::view::default_camera(scene.game.sim(), aspect);
    let size = glam::Vec2::new(SIZE.0 as f32, SIZE.1 as f32);
    let at = camera
        .project(glam::Vec3::new(blast.at[0], 0.05, blast.at[1]), size)
        .unwrap();
    let pixel = |p: &horde::offscreen::Picture| {
        let i = 4 * (at.y as usize * SIZE.0 as usize + at.x as usize);
        [p.pixels[i], p.pixels[i + 1], p.pixels[i + 2]]
    };
    let with_blast = pixel(&off.take_picture(&params).unwrap());
    off.renderer.set_visible(f.explosions, false);
    let without_blast = pixel(&off.take_picture(&params).unwrap());
    off.renderer.set_visible(f.explosions, true);
    let apart = |a: [u8; 3], b: [u8; 3]| (0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap();
    assert!(
        apart(with_blast, without_blast) > 6,
        "{with_blast:?} {without_blast:?}"
    );
    assert!(
        apart(with_blast, [255, 190, 90]) > 30,
        "opaque: {with_blast:?}"
    );
    // Without its towers the picture differs: the towers are drawn.
    let with = render(scene.game, 0, BackendChoice::Vulkan, SIZE);
    let mut bare = scene_of_battle_without_towers();
    bare.sim_mut().set_spawning(false);
    let without = render(bare, 0, BackendChoice::Vulkan, SIZE);
    let (_, changed) = difference(&with.pixels, &without.pixels, 48);
    assert!(changed > 0.01, "the fight covers {changed} of the picture");
}

/// The battle level with its towers turned back into walls.
fn scene_of_battle_without_towers() -> horde::scenes::td::TdGame {
    let rows = level_text("battle.txt").replace(['L', 'M'], "#");
    scene(&rows, 2, 1.0)
}

/// A scenario type whose model is a sphere is drawn by the sphere batch, one draw call, beside
/// the one call of the cubes.
#[test]
fn a_sphere_type_is_drawn_as_balls_in_one_call() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let text = horde_core_sim::td::game::EXAMPLE_SCENARIO.replace(
        "health: (40.0, 50.0)",
        "health: (40.0, 50.0), model: Sphere",
    );
    let scenario = horde_core_sim::td::game::Scenario::parse(&text, "balls.ron".as_ref()).unwrap();
    assert_eq!(
        scenario.enemies.small.model,
        horde_core_sim::td::game::EnemyModel::Sphere
    );
    let mut scene = Drawn::new(
        scene(&level_text("battle.txt"), 2, 1.0),
        MeshKind::ThreeFaceCube,
    );
    scene.game.play_scenario(Some(scenario), None);
    for _ in 0..240 {
        scene.game.sim_mut().step(1.0 / 60.0);
    }
    let balls = scene.game.sim().enemies().spheres();
    assert!(balls > 0, "no small enemy yet");
    let mut off = horde::offscreen::Offscreen::new(&flags(BackendChoice::Vulkan), SIZE).unwrap();
    let batches = scene.attach(&mut off.renderer);
    scene.sync(&mut off.renderer, &off.ctx).unwrap();
    let params = scene.params(SIZE.0 as f32 / SIZE.1 as f32);
    off.renderer
        .render_offscreen(&off.ctx, &off.target, &params);
    assert_eq!(off.renderer.instance_count(batches.sphere_enemies), balls);
    assert_eq!(off.renderer.batch_draw_calls(batches.sphere_enemies), 1);
    assert_eq!(off.renderer.batch_draw_calls(batches.enemies), 1);
}

/// The elevation of a mortar's barrel read off the picture: the mortar's turret alone, seen
/// from the side (its aim to the right) through an orthographic camera, and the angle of the
/// long axis of the pixels it covers (their second moments), degrees above the horizon.
fn barrel_elevation_in_picture(aim: [f32; 2]) -> f32 {
    use glam::Vec3;
    use glam::camera::rh::proj::directx::orthographic;
    use glam::camera::rh::view::look_at_mat4;
    use horde::scenes::td::looks::{Around, look};
    use horde_core_sim::td::defence::{Tower, TowerKind, TowerSettings};
    use horde_core_sim::td::swarm::Enemies;
    let (enemies, settings) = (Enemies::default(), TowerSettings::default());
    let tower = Tower {
        tile: 0,
        at: [0.0, 0.0],
        aim: Some(aim),
        state: TowerKind::Mortar.idle(),
        priority: Default::default(),
    };
    let around = Around {
        enemies: &enemies,
        settings: &settings,
        owners: &[],
    };
    let [_, barrel] = look(TowerKind::Mortar).instances(&tower, around);
    const SIDE: u32 = 256;
    let mut off =
        horde::offscreen::Offscreen::with_samples(&flags(BackendChoice::Vulkan), (SIDE, SIDE), 1)
            .unwrap();
    let batch = off.renderer.add_batch(MeshKind::Cube, "barrel");
    off.renderer.set_instances(batch, &[barrel]);
    // From +z looking towards -z, up is up: the aim (+x) is to the right.
    let centre = Vec3::new(0.0, 0.45, 0.0);
    let view = look_at_mat4(centre + Vec3::Z * 10.0, centre, Vec3::Y);
    let proj = orthographic(-0.6, 0.6, -0.6, 0.6, 0.1, 100.0);
    let clear = [1.0, 1.0, 1.0, 1.0];
    let params =
        horde_renderer::FrameParams::new(view, proj, Vec3::new(0.3, 1.0, -0.5), 0.4, clear);
    let picture = off.take_picture(&params).unwrap();
    // The barrel's pixels: every one not the white background.
    let mut points = Vec::new();
    for y in 0..SIDE as usize {
        for x in 0..SIDE as usize {
            let p = &picture.pixels[4 * (y * SIDE as usize + x)..][..3];
            if p.iter().any(|&c| c < 200) {
                // Picture rows run top to bottom: up is -y.
                points.push((x as f64, -(y as f64)));
            }
        }
    }
    assert!(
        points.len() > 500,
        "the barrel covers {} pixels",
        points.len()
    );
    let n = points.len() as f64;
    let (mx, my) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let (mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0);
    for (x, y) in &points {
        let (dx, dy) = (x - mx, y - my);
        sxx += dx * dx;
        syy += dy * dy;
        sxy += dx * dy;
    }
    // The long axis of the covariance ellipse.
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    let degrees = angle.to_degrees() as f32;
    // An axis has no sign: the barrel leans towards the aim, up and to the right.
    if degrees < 0.0 {
        degrees + 180.0
    } else {
        degrees
    }
}

/// The launch elevation of a mortar at the origin shooting at `aim`, degrees.
fn launch_elevation(aim: [f32; 2]) -> f32 {
    use horde_core_sim::td::defence::TowerSettings;
    use horde_core_sim::td::defence::{Shell, launch_speed};
    let speed = launch_speed(TowerSettings::default().mortar.range);
    let [vx, vz, vy] = Shell::launch([0.0, 0.0], aim, speed, 0.0, 0.0).velocity;
    vy.atan2((vx * vx + vz * vz).sqrt()).to_degrees()
}

/// A mortar's barrel, as drawn, leans at the elevation of its shot: steep for a shot close
/// in, low at the edge of its range (the picture's angle within a few degrees of the launch).
#[test]
fn a_mortar_barrel_in_the_picture_leans_at_its_shot() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let mut seen = Vec::new();
    for aim in [[0.6, 0.0], [2.0, 0.0], [3.7, 0.0]] {
        let (drawn, shot) = (barrel_elevation_in_picture(aim), launch_elevation(aim));
        assert!(
            (drawn - shot).abs() < 4.0,
            "aim {aim:?}: barrel drawn at {drawn}°, shot at {shot}°"
        );
        seen.push(drawn);
    }
    // Farther shots, lower barrels: the angle follows the shot, it is not one fixed lean.
    assert!(
        seen[0] > seen[1] + 5.0 && seen[1] > seen[2] + 5.0,
        "{seen:?}"
    );
}
