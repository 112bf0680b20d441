//! `horde stress`: N enemies measured end to end, in the shell's window or headless; prints the
//! report as text or, with `--json`, as one JSON object.

use crate::cli::{StressArgs, StressRenderer};
use crate::shell::{self, GpuSettings, ShellOptions};
use crate::stress::report::{Report, report};
use crate::stress::scene::StressScene;
use crate::stress::step::stress_simulation;
use crate::stress::{WARM_UP_FRAMES, measure_headless};
use anyhow::{Result, bail};
use horde_renderer::BackendChoice;

/// Runs `horde stress`.
pub fn run(args: &StressArgs) -> Result<()> {
    if args.static_instances && args.renderer == StressRenderer::None {
        bail!("--static-instances needs a renderer: it measures drawing without re-uploading");
    }
    let report = if args.renderer == StressRenderer::Wgpu && !args.headless {
        measure_in_window(args)?
    } else {
        measure_headless(args)?
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!(
            "{} enemies, {} frames on {} ({}), {} threads: sim p50 {:.2} ms, upload p50 {:.2} ms, \
             frame p50 {:.2} ms ({:.1} FPS), {} enemy draw call(s) of {} cubes, peak RSS {:.0} MB",
            report.enemies,
            report.frames,
            report.backend,
            report.adapter,
            report.threads,
            report.sim_ms.p50,
            report.upload_ms.p50,
            report.frame_ms.p50,
            report.fps_p50,
            report.enemy_draw_calls,
            report.cube,
            report.peak_rss_bytes as f64 / 1e6
        );
    }
    Ok(())
}

/// The stress view in a window (no vsync, no MSAA) until the measured frames are done or the
/// window is closed.
fn measure_in_window(args: &StressArgs) -> Result<Report> {
    let backend = BackendChoice::resolve(args.gpu.backend)?;
    let sim = stress_simulation(args)?;
    let board = [sim.board().width(), sim.board().height()];
    let mut scene = StressScene::new(
        sim,
        args.seed,
        args.enemies as usize,
        args.frames as usize,
        args.static_instances,
    );
    scene.scene.enemy_mesh = args.cube.mesh();
    let options = ShellOptions {
        size: args.size,
        gpu: GpuSettings {
            request: (backend, args.gpu.adapter.clone()),
            msaa: 1,
            vsync: false,
        },
        frames: Some(StressScene::frames_to_present(args.frames)),
    };
    let presented = shell::run(&mut scene, options)?;
    log::info!("stress view: presented {presented} frames ({WARM_UP_FRAMES} warm-up)");
    let adapter = match &scene.adapter {
        Some(a) => (a.backend.clone(), a.name.clone()),
        None => ("none".to_string(), "none".to_string()),
    };
    Ok(report(
        args,
        scene.samples,
        adapter,
        (scene.enemy_draw_calls, scene.cube_path),
        board,
        scene.size,
        scene.scene.sim.counts(),
    ))
}
