//! `horde screenshot`: a deterministic offscreen picture of a scene after N fixed steps.

use crate::cli::{CityView, DEFAULT_MAP_SIZE, Scene, ScreenshotArgs};
use crate::levels;
use crate::offscreen::{Offscreen, Picture};
use crate::scenes::Scene as SceneTrait;
use crate::scenes::city::CityScene;
use crate::scenes::city::draw::load_set;
use crate::scenes::city::map_view::MapView;
use crate::scenes::platformer::PlatformerScene;
use crate::scenes::runner::{RunnerScene, load_scenery, load_settings};
use crate::scenes::td::{TdPlay, TdScene};
use crate::shell::headless;
use anyhow::{Context, Result};
use horde_core_sim::platformer::Sections;
use horde_renderer::BackendChoice;

/// Writes a picture as a PNG, atomically.
fn save(picture: &Picture, out: &std::path::Path) -> Result<()> {
    picture
        .save_png(out)
        .with_context(|| format!("--out: cannot write {}", out.display()))
}

/// Runs `horde screenshot`: the scene the flags name, driven headlessly through the shell's
/// own frame order ([`headless::picture`]) for `--frames` fixed steps, drawn offscreen. The
/// flags and files are checked before the GPU is set up.
pub fn run(args: &ScreenshotArgs) -> Result<()> {
    let mut scene = scene(args)?;
    let mut off = Offscreen::new(&args.gpu, args.size)?;
    let picture = headless::picture(scene.as_mut(), args.frames, &mut off)?;
    save(&picture, &args.out)?;
    let (w, h) = (picture.width as f32, picture.height as f32);
    let clear = scene
        .frame_params(crate::scenes::Viewport {
            x: 0.0,
            y: 0.0,
            width: w,
            height: h,
        })
        .clear;
    let shares = picture.colour_shares(clear);
    eprintln!(
        "{}: {}x{} after {} steps, {} instances, {} draw calls, adapter {}; largest colour {:.1} %, \
         sky {:.1} %; {}",
        args.out.display(),
        picture.width,
        picture.height,
        args.frames,
        picture.counters.instances,
        picture.counters.draw_calls,
        picture.adapter,
        shares.largest * 100.0,
        shares.sky * 100.0,
        scene.exit_line()
    );
    Ok(())
}

/// The scene the flags name, as the window would show it (with its background work in step,
/// so the picture is a pure function of the flags).
fn scene(args: &ScreenshotArgs) -> Result<Box<dyn SceneTrait>> {
    levels::scenario_only_for_td(args.scenario.as_deref(), args.scene == Scene::Td)?;
    Ok(match args.scene {
        Scene::Td => {
            let scenario = levels::scenario(args.scenario.as_deref())?;
            let settings = args.spawn.settings()?;
            let mut scene = TdScene::open(args.level.as_deref(), scenario, settings, args.seed)?;
            scene.enemy_mesh = args.cube.mesh();
            let backend = BackendChoice::resolve(args.gpu.backend)?;
            let files = (args.level.clone(), args.scenario.clone());
            Box::new(TdPlay::new(scene, files, backend, Vec::new()))
        }
        Scene::Runner => Box::new(RunnerScene::in_thread(
            load_settings(None)?,
            load_scenery(args.scenery.as_deref())?,
            args.seed,
            true,
        )),
        Scene::Platformer => {
            let sections = Sections::built_in()?;
            Box::new(PlatformerScene::new(sections, args.seed))
        }
        Scene::City => {
            let set = load_set(args.modules.as_deref())?;
            match args.view {
                CityView::Walker | CityView::Overview => {
                    if args.map_size.is_some() {
                        anyhow::bail!("--map-size: only with --view map (a finite map)");
                    }
                    let mut scene = CityScene::in_step(set, args.seed)?;
                    scene.overview = args.view == CityView::Overview;
                    Box::new(scene)
                }
                CityView::Map => {
                    let (x, y, z) = args.map_size.unwrap_or(DEFAULT_MAP_SIZE);
                    let size = horde_levelgen::wfc::Size { x, y, z };
                    let map = MapView::new(&set, size, args.seed)
                        .map_err(|e| anyhow::anyhow!("--map-size: {e}"))?;
                    Box::new(map)
                }
            }
        }
    })
}
