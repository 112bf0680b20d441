//! `horde stress`: N enemies measured end to end, in the shell's window or headless; prints the
//! report as text or, with `--json`, as one JSON object. `--sweep` and a list of `--cube`s run
//! one measurement after another (offscreen: a process opens one window), a report each, and
//! `--plot` draws them all into one SVG chart ([`crate::stress::chart`]).

use crate::cli::{StressArgs, StressRenderer};
use crate::shell::{self, GpuSettings, ShellOptions};
use crate::stress::chart;
use crate::stress::report::{Measured, Report, report};
use crate::stress::scene::StressScene;
use crate::stress::step::{stress_simulation, stress_view};
use crate::stress::{WARM_UP_FRAMES, measure_headless};
use anyhow::{Context, Result, bail};
use horde_files::{OutputFile, is_stdout};
use horde_renderer::BackendChoice;
use std::io::Write as _;

/// Runs `horde stress`.
pub fn run(args: &StressArgs) -> Result<()> {
    if args.static_instances && args.renderer == StressRenderer::None {
        bail!("--static-instances needs a renderer: it measures drawing without re-uploading");
    }
    if args.json && args.plot.as_deref().is_some_and(is_stdout) {
        bail!("--plot -: standard output carries the --json lines; name a file");
    }
    // The chart's file is opened before anything is measured: a path that cannot be written
    // is refused now, not after a sweep of many minutes.
    let plot = match &args.plot {
        Some(path) => Some(
            OutputFile::create(path)
                .with_context(|| format!("--plot: cannot write {}", path.display()))?,
        ),
        None => None,
    };
    let runs = args.runs();
    let windowed = args.renderer == StressRenderer::Wgpu && !args.headless;
    if windowed && runs.len() > 1 {
        log::info!(
            "{} runs: measured offscreen, one after another (a window opens once a process)",
            runs.len()
        );
    }
    let mut reports = Vec::with_capacity(runs.len());
    for run in &runs {
        if runs.len() > 1 {
            forget_peak_memory();
        }
        let report = if windowed && runs.len() == 1 {
            measure_in_window(run)?
        } else {
            measure_headless(run)?
        };
        print_report(
            &report,
            args.json,
            args.plot.as_deref().is_some_and(is_stdout),
        )?;
        reports.push(report);
    }
    if let Some(mut file) = plot {
        let path = file.path().to_path_buf();
        let first = &reports[0];
        let title = format!(
            "horde stress: {} frames a run, {} threads",
            first.frames, first.threads
        );
        let svg = chart::svg(&reports, &title)?;
        file.write_all(svg.as_bytes())
            .and_then(|()| file.commit())
            .with_context(|| format!("--plot: cannot write {}", path.display()))?;
        if !is_stdout(&path) {
            eprintln!(
                "horde: chart of {} runs written to {}",
                reports.len(),
                path.display()
            );
        }
    }
    Ok(())
}

/// Prints one run's report: a JSON line on standard output, or a sentence there — on standard
/// error when standard output carries the chart (`--plot -`).
fn print_report(report: &Report, json: bool, chart_on_stdout: bool) -> Result<()> {
    let mut out: Box<dyn std::io::Write> = if chart_on_stdout {
        Box::new(std::io::stderr().lock())
    } else {
        Box::new(std::io::stdout().lock())
    };
    if json {
        writeln!(out, "{}", serde_json::to_string(report)?)?;
    } else {
        writeln!(
            out,
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
        )?;
    }
    // Each line as its run ends: a sweep takes minutes.
    out.flush()?;
    Ok(())
}

/// Starts the process's peak-memory count again (Linux: `5` to `/proc/self/clear_refs`), so
/// that each run of a sweep reports its own peak; elsewhere the peak is the whole sweep's.
fn forget_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The stress view in a window (no vsync, no MSAA) until the measured frames are done or the
/// window is closed.
fn measure_in_window(args: &StressArgs) -> Result<Report> {
    let backend = BackendChoice::resolve(args.gpu.backend)?;
    let sim = stress_simulation(args)?;
    let board = [sim.board().width(), sim.board().height()];
    let mut scene = StressScene::new(
        (sim, stress_view(args)),
        args.enemies as usize,
        args.frames as usize,
        args.static_instances,
    );
    let options = ShellOptions {
        size: args.size,
        gpu: GpuSettings {
            request: (backend, args.gpu.adapter.clone()),
            msaa: 1,
            vsync: false,
            quality: args.gpu.quality.unwrap_or_default(),
            quality_given: true,
        },
        frames: Some(StressScene::frames_to_present(args.frames)),
    };
    let presented = shell::run(&mut scene, options)?;
    log::info!("stress view: presented {presented} frames ({WARM_UP_FRAMES} warm-up)");
    let counts = scene.session.sim().counts();
    Ok(report(
        args,
        Measured {
            samples: scene.samples,
            drawing: scene.drawing,
            board,
            counts,
        },
    ))
}
