//! `horde run`: a scene in the shell's window, until it is closed or `--frames` frames were
//! presented; on exit a line on stderr and, with `--json`, the scene's summary on stdout. The
//! scene is opened by the scene registry from the shared scene flags; every scene watches the
//! files it was opened from (`crate::live`) unless `--no-watch`, and the TD scene can record
//! the player's edits (`--record`).

use crate::cli::RunArgs;
use crate::live::LiveFiles;
use crate::scenes::registry::{self, Opening};
use crate::shell::{self, GpuSettings, ShellOptions};
use anyhow::Result;
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
    let opening = Opening {
        picture: false,
        backend,
        adapters: horde_renderer::backend::list_adapters(wgpu::Backends::all()),
        live: LiveFiles::new(!args.no_watch),
        record: args.record.clone(),
        replay: args.replay.clone(),
        play_speed: args.play_speed,
    };
    let mut scene = registry::open(&args.scene, opening)?;
    let presented = shell::run(scene.as_mut(), options)?;
    shell::report(scene.as_ref(), presented, args.json)
}
