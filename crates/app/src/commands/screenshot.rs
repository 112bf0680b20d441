//! `horde screenshot`: a deterministic offscreen picture of a scene after N fixed steps.

use crate::cli::{CityView, Scene, ScreenshotArgs};
use crate::levels;
use crate::offscreen::{Offscreen, Picture};
use crate::scenes::city::draw::{load_set, map_instances};
use crate::scenes::city::{CityScene, generator};
use crate::scenes::platformer::PlatformerScene;
use crate::scenes::runner::{RunnerScene, load_scenery, load_settings};
use crate::scenes::td::{TdCamera, TdPlay, TdScene};
use crate::scenes::{InputState, Scene as SceneTrait, Tick};
use crate::shell::headless;
use anyhow::{Context, Result};
use horde_core_sim::platformer::{DEFAULT_SECTIONS, Sections};
use horde_levelgen::wfc::InfiniteMap;
use horde_levelgen::wfc::infinite::Area;
use horde_renderer::BackendChoice;

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

/// Writes a picture as a PNG, atomically.
fn save(picture: &Picture, out: &std::path::Path) -> Result<()> {
    picture
        .save_png(out)
        .with_context(|| format!("--out: cannot write {}", out.display()))
}

/// Runs `horde screenshot`: the scene the flags name, driven headlessly through the shell's
/// own frame order ([`headless::picture`]) for `--frames` fixed steps, drawn offscreen.
pub fn run(args: &ScreenshotArgs) -> Result<()> {
    let mut off = Offscreen::new(&args.gpu, args.size)?;
    let (picture, line) = match args.scene {
        Scene::Td => {
            let board = levels::load(args.level.as_deref())?;
            let mut scene = TdScene::new(board, args.spawn.settings()?, args.seed);
            scene.enemy_mesh = args.cube.mesh();
            let backend = BackendChoice::resolve(args.gpu.backend)?;
            let mut play = TdPlay::new(scene, args.level.clone(), backend, Vec::new());
            shoot(&mut play, args, &mut off)?
        }
        Scene::Runner => {
            let mut scene = RunnerScene::in_thread(
                load_settings(None)?,
                load_scenery(args.scenery.as_deref())?,
                args.seed,
                true,
            );
            shoot(&mut scene, args, &mut off)?
        }
        Scene::Platformer => {
            let sections =
                Sections::parse(DEFAULT_SECTIONS, "assets/platformer/default.ron".as_ref())?;
            shoot(
                &mut PlatformerScene::new(sections, args.seed),
                args,
                &mut off,
            )?
        }
        Scene::City => {
            let picture = match args.view {
                Some(view) => render_city_walk(args, view)?,
                None => render_city(args)?,
            };
            (picture, "city".to_string())
        }
    };
    save(&picture, &args.out)?;
    eprintln!(
        "{}: {}x{} after {} steps, {} instances, {} draw calls, adapter {}; {line}",
        args.out.display(),
        picture.width,
        picture.height,
        args.frames,
        picture.counters.instances,
        picture.counters.draw_calls,
        picture.adapter
    );
    Ok(())
}

/// The picture of `scene` after `--frames` steps, and the scene's own end-of-run line.
fn shoot<S: SceneTrait>(
    scene: &mut S,
    args: &ScreenshotArgs,
    off: &mut Offscreen,
) -> Result<(Picture, String)> {
    let picture = headless::picture(scene, args.frames, off)?;
    Ok((picture, scene.exit_line()))
}
