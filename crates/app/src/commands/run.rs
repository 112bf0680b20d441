//! `horde run`: a scene in the shell's window, until it is closed or `--frames` frames were
//! presented; on exit a line on stderr and, with `--json`, the scene's summary on stdout. The
//! TD scene can open a saved game (`--load`) and record the player's edits (`--record`).

use crate::cli::{RunArgs, Scene as SceneChoice};
use crate::levels;
use crate::scenes::Scene;
use crate::scenes::city::CityScene;
use crate::scenes::platformer::PlatformerScene;
use crate::scenes::runner::{RunnerScene, load_scenery, load_settings};
use crate::scenes::td::games::{GameStart, Recording};
use crate::scenes::td::{TdPlay, TdScene};
use crate::shell::{self, GpuSettings, ShellOptions};
use anyhow::{Context, Result, bail};
use horde_core_sim::platformer::Sections;
use horde_renderer::BackendChoice;

/// Runs `horde run`.
pub fn run(args: &RunArgs) -> Result<()> {
    let backend = BackendChoice::resolve(args.gpu.backend)?;
    let options = ShellOptions {
        size: (1280, 720),
        gpu: GpuSettings {
            request: (backend, args.gpu.adapter.clone()),
            msaa: 4,
            vsync: true,
        },
        frames: args.frames,
    };
    levels::scenario_only_for_td(args.scenario.as_deref(), args.scene == SceneChoice::Td)?;
    if args.scene != SceneChoice::Td && (args.record.is_some() || args.load.is_some()) {
        let scene = format!("{:?}", args.scene).to_lowercase();
        bail!("--record and --load belong to the td scene, not --scene {scene}");
    }
    if args.record.is_some() && args.load.is_some() {
        bail!("--record cannot start from --load: an edit script starts from a level");
    }
    match args.scene {
        SceneChoice::Td => {
            let scenario = levels::scenario(args.scenario.as_deref())?;
            let settings = args.spawn.settings()?;
            let mut scene = TdScene::open(args.level.as_deref(), scenario, settings, args.seed)?;
            if let Some(path) = &args.load {
                scene.load_game(path)?;
            }
            if let Some(path) = &args.record {
                let start = GameStart {
                    level: args.level.clone(),
                    scenario: args.scenario.clone(),
                    seed: args.seed,
                    settings,
                };
                scene.recording = Some(Recording::start(path, start).context("--record")?);
            }
            let adapters = horde_renderer::backend::list_adapters(wgpu::Backends::all());
            let files = (args.level.clone(), args.scenario.clone());
            let play = TdPlay::new(scene, files, backend, adapters);
            show(play, options, args.json)
        }
        SceneChoice::City => show(CityScene::new(args.seed)?, options, args.json),
        SceneChoice::Runner => {
            let scene = RunnerScene::new(
                load_settings(None)?,
                load_scenery(args.scenery.as_deref())?,
                args.seed,
                args.autoplay,
            )?;
            show(scene, options, args.json)
        }
        SceneChoice::Platformer => {
            let sections = Sections::built_in()?;
            show(
                PlatformerScene::new(sections, args.seed),
                options,
                args.json,
            )
        }
    }
}

/// Shows `scene` in the shell and reports how the run went.
fn show(mut scene: impl Scene, options: ShellOptions, json: bool) -> Result<()> {
    let presented = shell::run(&mut scene, options)?;
    shell::report(&scene, presented, json)
}
