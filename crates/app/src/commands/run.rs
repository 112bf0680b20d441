//! `horde run`: a scene in the shell's window, until it is closed or `--frames` frames were
//! presented; on exit a line on stderr and, with `--json`, the scene's summary on stdout. The
//! TD scene can open a saved game (`--load`) and record the player's edits (`--record`). Every
//! scene watches the files it was opened from (`crate::live`) unless `--no-watch`.

use crate::cli::{RunArgs, Scene as SceneChoice};
use crate::levels;
use crate::live::LiveFiles;
use crate::scenes::Scene;
use crate::scenes::city::CityScene;
use crate::scenes::platformer::PlatformerScene;
use crate::scenes::runner::load_settings as load_runner_settings;
use crate::scenes::runner::{RunnerScene, load_scenery};
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
        let scene = scene_name(args.scene);
        bail!("--record and --load belong to the td scene, not --scene {scene}");
    }
    scene_flags(args)?;
    let live = LiveFiles::new(!args.no_watch);
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
            let mut play = TdPlay::new(scene, files, backend, adapters);
            // A loaded game has no level file of its own to watch, but what the inspector
            // loads later is watched.
            if args.load.is_none() {
                play.watch(live, args.level.as_deref(), args.scenario.as_deref());
            } else {
                play.watch(live, None, None);
            }
            show(play, options, args.json)
        }
        SceneChoice::City => {
            let modules = args.modules.as_deref();
            let mut scene = CityScene::open(modules, args.seed)?;
            scene.watch(live, modules);
            show(scene, options, args.json)
        }
        SceneChoice::Runner => {
            let (settings, scenery) = (args.settings.as_deref(), args.scenery.as_deref());
            let mut scene = RunnerScene::new(
                load_runner_settings(settings)?,
                load_scenery(scenery)?,
                args.seed,
                args.autoplay,
            )?;
            scene.watch(live, settings, scenery);
            show(scene, options, args.json)
        }
        SceneChoice::Platformer => {
            let sections = match &args.sections {
                Some(path) => Sections::load(path)?,
                None => Sections::built_in()?,
            };
            let mut scene = PlatformerScene::new(sections, args.seed);
            scene.watch(live, args.sections.as_deref());
            show(scene, options, args.json)
        }
    }
}

/// Refuses a file flag that belongs to another scene than the one asked for.
fn scene_flags(args: &RunArgs) -> Result<()> {
    let given = [
        ("--modules", args.modules.is_some(), SceneChoice::City),
        ("--settings", args.settings.is_some(), SceneChoice::Runner),
        ("--scenery", args.scenery.is_some(), SceneChoice::Runner),
        (
            "--sections",
            args.sections.is_some(),
            SceneChoice::Platformer,
        ),
    ];
    for (flag, is_given, scene) in given {
        if is_given && args.scene != scene {
            let (owner, asked) = (scene_name(scene), scene_name(args.scene));
            bail!("{flag}: only with --scene {owner}, not --scene {asked}");
        }
    }
    Ok(())
}

/// A scene's name as `--scene` takes it.
fn scene_name(scene: SceneChoice) -> String {
    format!("{scene:?}").to_lowercase()
}

/// Shows `scene` in the shell and reports how the run went.
fn show(mut scene: impl Scene, options: ShellOptions, json: bool) -> Result<()> {
    let presented = shell::run(&mut scene, options)?;
    shell::report(&scene, presented, json)
}
