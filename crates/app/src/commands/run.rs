//! `horde run`: a scene in the shell's window, until it is closed, `--frames` frames were
//! presented or its summary meets every condition of `HORDE_RUN_UNTIL`; on exit a line on stderr and, with `--json`, the scene's summary on stdout. The
//! scene is opened by the scene registry from the shared scene flags; every scene watches the
//! files it was opened from (`crate::live`) unless `--no-watch`, and a scene's window-only
//! flags (the TD scene's `--record`, ..) reach it through the registry.

use crate::cli::Command;
use crate::cli::RunArgs;
use crate::cli::values::{Until, parse_until};
use crate::live::LiveFiles;
use crate::scenes::Reporting;
use crate::scenes::opening::Opening;
use crate::scenes::registry;
use crate::scenes::title::Pick;
use crate::scenes::until::RunUntil;
use crate::shell::{self, GpuSettings, ShellOptions};
use anyhow::{Result, anyhow, bail};
use horde_renderer::AdapterSummary;
use horde_renderer::{BackendChoice, Quality};
use std::path::PathBuf;

/// The conditions of `HORDE_RUN_UNTIL` (`KEY=VALUE`, `KEY>N` or `KEY<N`, separated by `,`):
/// the run quits once the scene's summary meets them all. For tests and scripts that wait for
/// a state (`outcome=victory`) rather than a number of frames; none when it is unset.
fn until_conditions() -> Result<Vec<Until>> {
    let Some(text) = std::env::var_os(UNTIL_VARIABLE) else {
        return Ok(Vec::new());
    };
    let text = text.to_string_lossy();
    let parts = text.split(',').map(str::trim).filter(|c| !c.is_empty());
    let parsed = parts.map(|c| parse_until(c).map_err(|e| anyhow!("{UNTIL_VARIABLE}: {e}")));
    parsed.collect()
}

/// The environment variable that names `horde run`'s conditions to quit on.
pub const UNTIL_VARIABLE: &str = "HORDE_RUN_UNTIL";

/// Runs `horde run`.
pub fn run(args: &RunArgs) -> Result<()> {
    let backend = BackendChoice::resolve(args.gpu.backend)?;
    let options = ShellOptions {
        size: (1280, 720),
        gpu: GpuSettings {
            request: (backend, args.gpu.adapter.clone()),
            msaa: 4,
            vsync: true,
            quality: args.gpu.quality.unwrap_or(Quality::High),
            quality_given: args.gpu.quality.is_some(),
        },
        frames: args.frames,
    };
    let adapters = horde_renderer::list_adapters(wgpu::Backends::all());
    let mut scene = if registry::names_no_scene(&args.scene, &args.window) {
        let server = crate::online::server_url(None);
        title_screen(backend, adapters, !args.no_watch, server)?
    } else {
        let opening = Opening {
            picture: false,
            backend,
            adapters,
            live: LiveFiles::new(!args.no_watch),
            window: args.window.clone(),
        };
        registry::open(&args.scene, opening)?
    };
    let until = until_conditions()?;
    if !until.is_empty() {
        scene = Box::new(RunUntil::new(scene, until));
    }
    let presented = shell::run(scene.as_mut(), options)?;
    shell::report(scene.as_ref(), presented, args.json)
}

/// The title screen over a sandbox board, opening each pick as `horde run` (or `horde
/// stress`) would with its words, on `backend` (the inspector offering `adapters`), the
/// scenes watching their files where `watch`; the daily challenge asks `server`.
pub fn title_screen(
    backend: BackendChoice,
    adapters: Vec<AdapterSummary>,
    watch: bool,
    server: String,
) -> Result<Box<dyn Reporting>> {
    let open_run = move |words: &[String]| -> Result<Box<dyn Reporting>> {
        let words: Vec<String> = std::iter::once("run".to_string())
            .chain(words.iter().cloned())
            .collect();
        let Some(Command::Run(run)) = super::parse_words(&words)?.command else {
            bail!("`horde {}` is not a window's command", words.join(" "));
        };
        let opening = Opening {
            picture: false,
            backend,
            adapters: adapters.clone(),
            live: LiveFiles::new(watch),
            window: run.window.clone(),
        };
        registry::open(&run.scene, opening)
    };
    let backdrop = open_run(&["--spawn-speed".to_string(), "3".to_string()])?;
    let opener = Box::new(move |pick: &Pick| match pick {
        Pick::Run(words) => open_run(words),
        Pick::Stress { enemies, backend } => {
            let words = ["stress", "--enemies", &enemies.to_string(), "--backend"];
            let mut words: Vec<String> = words.map(String::from).to_vec();
            words.push(backend.to_string());
            let Some(Command::Stress(stress)) = super::parse_words(&words)?.command else {
                bail!("`horde {}` is not the stress test", words.join(" "));
            };
            crate::stress::scene::window_scene(&stress)
        }
        Pick::Daily => bail!("the daily challenge opens as its words"),
    });
    let assets = assets_folder();
    Ok(registry::open_title(
        backdrop,
        opener,
        server,
        assets.as_deref(),
    ))
}

/// The shipped `assets/` folder: here, else beside the binary's build folder
/// (`target/release/horde` in a checkout).
fn assets_folder() -> Option<PathBuf> {
    let here = PathBuf::from("assets");
    if here.join("levels").is_dir() {
        return Some(here);
    }
    let exe = std::env::current_exe().ok()?;
    exe.ancestors()
        .map(|dir| dir.join("assets"))
        .find(|dir| dir.join("levels").is_dir())
}
