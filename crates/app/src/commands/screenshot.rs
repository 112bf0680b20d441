//! `horde screenshot`: a deterministic offscreen picture of a scene after N fixed steps.

use crate::cli::{CityView, Scene, ScreenshotArgs};
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
use horde_core_sim::platformer::{DEFAULT_SECTIONS, Sections};
use horde_renderer::BackendChoice;

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
            let set = load_set(args.modules.as_deref())?;
            match args.view {
                Some(view) => {
                    let mut scene = CityScene::in_step(set, args.seed)?;
                    scene.overview = view == CityView::Overview;
                    shoot(&mut scene, args, &mut off)?
                }
                None => {
                    let (x, y, z) = args.map_size;
                    let size = horde_levelgen::wfc::Size { x, y, z };
                    let mut map = MapView::new(&set, size, args.seed)
                        .map_err(|e| anyhow::anyhow!("--map-size: {e}"))?;
                    shoot(&mut map, args, &mut off)?
                }
            }
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
