//! `horde run`: a scene in the shell's window, until it is closed, `--frames` frames were
//! presented or its summary meets every condition of `HORDE_RUN_UNTIL`; on exit a line on stderr and, with `--json`, the scene's summary on stdout. The
//! scene is opened by the scene registry from the shared scene flags; every scene watches the
//! files it was opened from (`crate::live`) unless `--no-watch`, and a scene's window-only
//! flags (the TD scene's `--record`, ..) reach it through the registry.

use crate::cli::RunArgs;
use crate::cli::values::{Until, parse_until};
use crate::live::LiveFiles;
use crate::scenes::opening::Opening;
use crate::scenes::registry;
use crate::scenes::until::RunUntil;
use crate::shell::{self, GpuSettings, ShellOptions};
use anyhow::{Result, anyhow};
use horde_renderer::BackendChoice;

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
        },
        frames: args.frames,
    };
    let opening = Opening {
        picture: false,
        backend,
        adapters: horde_renderer::list_adapters(wgpu::Backends::all()),
        live: LiveFiles::new(!args.no_watch),
        window: args.window.clone(),
    };
    let mut scene = registry::open(&args.scene, opening)?;
    let until = until_conditions()?;
    if !until.is_empty() {
        scene = Box::new(RunUntil::new(scene, until));
    }
    let presented = shell::run(scene.as_mut(), options)?;
    shell::report(scene.as_ref(), presented, args.json)
}
