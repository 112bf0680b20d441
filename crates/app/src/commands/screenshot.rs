//! `horde screenshot`: a deterministic offscreen picture of a scene after N fixed steps.

use crate::cli::GpuFlags;
use crate::cli::{CityView, Scene, ScreenshotArgs};
use crate::clock::{STEP, STEP_F32};
use crate::levels;
use crate::offscreen::{Offscreen, Picture};
use crate::scenes::city::draw::{load_set, map_instances};
use crate::scenes::city::{CityScene, generator};
use crate::scenes::runner::draw::{chunk_instances, frame_params, game_instances};
use crate::scenes::runner::scene::rows_in_view;
use crate::scenes::runner::{load_scenery, load_settings};
use crate::scenes::td::{TdCamera, TdScene};
use crate::scenes::{InputState, Scene as _, Tick};
use anyhow::{Context, Result};
use horde_levelgen::wfc::InfiniteMap;
use horde_levelgen::wfc::infinite::Area;

/// Renders the tower-defense scene after `frames` fixed steps.
pub fn render_td(
    scene: &mut TdScene,
    frames: u64,
    gpu: &GpuFlags,
    size: (u32, u32),
) -> Result<Picture> {
    for _ in 0..frames {
        scene.sim.step(STEP_F32);
    }
    let mut off = Offscreen::new(gpu, size)?;
    scene.attach(&mut off.renderer);
    scene.sync(&mut off.renderer, &off.ctx)?;
    let aspect = size.0 as f32 / size.1 as f32;
    let camera = scene.default_camera(aspect);
    let params = scene.frame_params(&camera, aspect);
    off.take_picture(&params)
}

/// Renders a finite WFC city map of the module set, seen like the tower-defense board.
pub fn render_city(args: &ScreenshotArgs) -> Result<Picture> {
    let set = load_set(args.modules.as_deref())?;
    let (x, y, z) = args.map_size;
    let size = horde_levelgen::wfc::Size { x, y, z };
    let map = horde_levelgen::wfc::Solver::new(&set, size, args.seed)
        .map_err(|e| anyhow::anyhow!("--map-size: {e}"))?
        .solve()?;
    let mut off = Offscreen::new(&args.gpu, args.size)?;
    let batch = off
        .renderer
        .add_batch(horde_renderer::MeshKind::Cube, "city");
    let mut boxes = Vec::new();
    map_instances(&set, &map, &mut boxes);
    off.renderer.set_instances(batch, &boxes);
    let aspect = args.size.0 as f32 / args.size.1 as f32;
    let mut camera = TdCamera::framing(x, z, aspect);
    camera.pitch = 45f32.to_radians();
    camera.yaw = 30f32.to_radians();
    let params = horde_renderer::FrameParams {
        view: camera.view(),
        proj: camera.proj(aspect),
        light_dir: glam::Vec3::new(0.4, 1.0, -0.3),
        ambient: 0.35,
        clear: [0.45, 0.6, 0.8, 1.0],
        viewport: None,
        fog: None,
    };
    off.take_picture(&params)
}

/// Renders the infinite city after `--frames` fixed steps of auto-walk, from `view`. The map
/// is made in this thread, around the walker, before every step, so the picture is a pure
/// function of the flags.
pub fn render_city_walk(args: &ScreenshotArgs, view: CityView) -> Result<Picture> {
    let set = load_set(args.modules.as_deref())?;
    let mut map = InfiniteMap::new(&set, generator::HEIGHT, args.seed)?;
    let mut scene = CityScene::without_generator(set.clone(), args.seed);
    let mut off = Offscreen::new(&args.gpu, args.size)?;
    scene.attach(&mut off.renderer);
    scene.overview = view == CityView::Overview;
    let reach = generator::REACH;
    for _ in 0..=args.frames {
        let (x, z) = scene.cell();
        let side = (2 * reach + 1) as u32;
        let area = Area::new(x - reach, z - reach, side, side);
        map.ensure(area)?;
        scene.take_columns(&map, area);
        scene.update_batch(&mut off.renderer);
        scene.update(Tick::steps(1), &InputState::default());
        map.retain_near(x, z, generator::KEEP_RADIUS);
    }
    scene.update_batch(&mut off.renderer);
    let aspect = args.size.0 as f32 / args.size.1 as f32;
    off.take_picture(&scene.camera(aspect))
}

/// Renders the runner after `--frames` fixed steps of the autopilot, with the scenery in view
/// generated on the spot (the same pure function of seed and chunk the scene streams).
pub fn render_runner(args: &ScreenshotArgs) -> Result<(Picture, horde_core_sim::runner::Runner)> {
    use horde_core_sim::runner::{Runner, autopilot};
    use horde_levelgen::scatter::Scatter;
    let settings = load_settings(None)?;
    let mut runner = Runner::new(settings, args.seed);
    for _ in 0..args.frames {
        let input = autopilot(&runner);
        runner.step(input, STEP);
    }
    let scenery = load_scenery(args.scenery.as_deref())?;
    let scatter = Scatter::new(scenery.clone(), args.seed);
    let z = runner.player().z as f32;
    let (first, last) = rows_in_view(z, scenery.chunk_size);
    let coords: Vec<_> = (first..=last)
        .flat_map(|row| scatter.chunk_row(row))
        .collect();
    let mut boxes = Vec::new();
    for chunk in scatter.generate(&coords) {
        chunk_instances(&scenery, &chunk, &mut boxes);
    }
    game_instances(&runner, &mut boxes);
    let mut off = Offscreen::new(&args.gpu, args.size)?;
    let batch = off
        .renderer
        .add_batch(horde_renderer::MeshKind::Cube, "runner");
    off.renderer.set_instances(batch, &boxes);
    let aspect = args.size.0 as f32 / args.size.1 as f32;
    let params = frame_params(z, aspect);
    Ok((off.take_picture(&params)?, runner))
}

/// Writes a picture as a PNG, atomically.
fn save(picture: &Picture, out: &std::path::Path) -> Result<()> {
    picture
        .save_png(out)
        .with_context(|| format!("--out: cannot write {}", out.display()))
}

/// Runs `horde screenshot`.
pub fn run(args: &ScreenshotArgs) -> Result<()> {
    if args.scene == Scene::City {
        let picture = match args.view {
            Some(view) => render_city_walk(args, view)?,
            None => render_city(args)?,
        };
        save(&picture, &args.out)?;
        eprintln!(
            "{}: city {}x{}, {} instances, {} draw calls",
            args.out.display(),
            picture.width,
            picture.height,
            picture.counters.instances,
            picture.counters.draw_calls
        );
        return Ok(());
    }
    if args.scene == Scene::Runner {
        let (picture, runner) = render_runner(args)?;
        save(&picture, &args.out)?;
        eprintln!(
            "{}: runner {}x{} after {} steps, score {:.0}, {} instances, {} draw calls",
            args.out.display(),
            picture.width,
            picture.height,
            args.frames,
            runner.score(),
            picture.counters.instances,
            picture.counters.draw_calls
        );
        return Ok(());
    }
    let board = levels::load(args.level.as_deref())?;
    let mut scene = TdScene::new(board, args.spawn.settings()?, args.seed);
    scene.enemy_mesh = args.cube.mesh();
    let picture = render_td(&mut scene, args.frames, &args.gpu, args.size)?;
    save(&picture, &args.out)?;
    eprintln!(
        "{}: {}x{} after {} steps, {} enemies, {} draw calls, adapter {}",
        args.out.display(),
        picture.width,
        picture.height,
        args.frames,
        scene.sim.enemies().len(),
        picture.counters.draw_calls,
        picture.adapter
    );
    Ok(())
}
