//! `horde screenshot`: a deterministic offscreen picture of a scene after N fixed steps. The
//! scene is opened by the scene registry from the same scene flags as `horde run`, with its
//! background work in step so the picture is a pure function of the flags.

use crate::cli::ScreenshotArgs;
use crate::offscreen::{Offscreen, Picture};
use crate::scenes::opening::Opening;
use crate::scenes::registry;
use crate::shell::headless;
use anyhow::{Context, Result};
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
    let backend = BackendChoice::resolve(args.gpu.backend)?;
    let mut scene = registry::open(&args.scene, Opening::picture(backend))?;
    let mut off = Offscreen::new(&args.gpu, args.size)?;
    let picture = headless::picture(scene.as_mut(), args.frames, &mut off)?;
    save(&picture, &args.out)?;
    let shares = picture.colour_shares(picture.clear);
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
