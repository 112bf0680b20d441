//! `horde stress`: N enemies measured end to end, frame by frame.
//!
//! The board is a generated serpentine (256×256 up to 250k enemies, 512×512 above), pre-filled
//! with N enemies on random walkable tiles at random points of their intro, topped up to N
//! after every step as enemies are reclaimed. Each frame: the fused simulation step writes every
//! enemy's instance straight into wgpu's staging memory (`sim_ms`; see [`crate::staging`]), the
//! rest of the upload call is `upload_ms` (the staging-to-buffer copy itself runs at submission,
//! inside `frame_ms`), and the frame is drawn and waited for (`frame_ms`, wall clock, all of it).
//! With `--renderer none` there is no GPU: the fused step writes into a plain array.

use crate::cli::{StressArgs, StressRenderer};
use crate::gpu::Offscreen;
use crate::levels;
use crate::td::TdScene;
use crate::td::scene::STEP;
use anyhow::Result;
use horde_core_sim::generate::winding_board;
use horde_core_sim::{Board, FloatRange, ModelInstance, Simulation, SpawnSettings};
use serde::Serialize;
use std::time::Instant;

/// Frames run before measuring (pipeline compilation, first uploads, buffer growth).
pub const WARM_UP_FRAMES: u64 = 3;

/// Percentiles of one figure over the measured frames, milliseconds.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq)]
pub struct Stat {
    /// Median.
    pub p50: f64,
    /// 95th percentile.
    pub p95: f64,
    /// Largest.
    pub max: f64,
}

impl Stat {
    /// The percentiles of `samples` (sorted in place).
    pub fn of(samples: &mut [f64]) -> Stat {
        if samples.is_empty() {
            return Stat::default();
        }
        samples.sort_by(f64::total_cmp);
        let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
        Stat {
            p50: at(0.5),
            p95: at(0.95),
            max: at(1.0),
        }
    }
}

/// The JSON report (DESIGN §6), plus a few extras after the contract's fields.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Enemies held on the board.
    pub enemies: u64,
    /// Frames measured.
    pub frames: u64,
    /// `vulkan`, `gl`, ... or `none`.
    pub backend: String,
    /// The adapter's name, or `none`.
    pub adapter: String,
    /// Rayon threads.
    pub threads: usize,
    /// Draw calls for all enemies in a frame (1, or 0 without a renderer).
    pub enemy_draw_calls: u32,
    /// Simulation step with every model matrix written (one fused pass).
    pub sim_ms: Stat,
    /// Handing the instances to the GPU.
    pub upload_ms: Stat,
    /// The whole frame, wall clock.
    pub frame_ms: Stat,
    /// Frames per second at the median frame time.
    pub fps_p50: f64,
    /// Board size in tiles.
    pub board: [u32; 2],
    /// Frame size in pixels (`[0, 0]` without a renderer).
    pub size: [u32; 2],
    /// Whether instances were uploaded once and only drawn afterwards.
    pub static_instances: bool,
    /// Peak resident memory of the process, bytes (Linux), and per enemy.
    pub peak_rss_bytes: u64,
    /// `peak_rss_bytes / enemies`.
    pub peak_rss_bytes_per_enemy: f64,
}

/// The board for a stress run of `enemies`.
pub fn stress_board(enemies: u64) -> Result<Board> {
    let side = if enemies > 250_000 { 512 } else { 256 };
    Ok(winding_board(side, side, 64, 8)?)
}

/// Every characteristic varies over its whole range.
pub fn stress_settings() -> Result<SpawnSettings> {
    let range = |a, b| FloatRange::new(a, b).ok_or_else(|| anyhow::anyhow!("bad range"));
    Ok(SpawnSettings::new(
        10.0,
        range(0.5, 2.0)?,
        range(0.2, 5.0)?,
        range(-0.4, 0.4)?,
    )?)
}

/// The per-frame samples, milliseconds.
#[derive(Debug, Default)]
pub struct Samples {
    sim: Vec<f64>,
    upload: Vec<f64>,
    frame: Vec<f64>,
}

impl Samples {
    /// Room for `n` frames.
    pub fn with_capacity(n: usize) -> Samples {
        Samples {
            sim: Vec::with_capacity(n),
            upload: Vec::with_capacity(n),
            frame: Vec::with_capacity(n),
        }
    }

    /// Records a frame, if `measured` (warm-up frames are not).
    pub fn push(&mut self, measured: bool, sim: f64, upload: f64, frame: f64) {
        if measured {
            self.sim.push(sim);
            self.upload.push(upload);
            self.frame.push(frame);
        }
    }
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e3
}

/// Runs `horde stress`.
pub fn run(args: &StressArgs) -> Result<()> {
    if args.static_instances && args.renderer == StressRenderer::None {
        anyhow::bail!(
            "--static-instances needs a renderer: it measures drawing without re-uploading"
        );
    }
    let report = if args.renderer == StressRenderer::Wgpu && !args.headless {
        crate::window::run_stress(args)?
    } else {
        measure(args)?
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!(
            "{} enemies, {} frames on {} ({}), {} threads: sim p50 {:.2} ms, upload p50 {:.2} ms, \
             frame p50 {:.2} ms ({:.1} FPS), {} enemy draw call(s), peak RSS {:.0} MB",
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
            report.peak_rss_bytes as f64 / 1e6
        );
    }
    Ok(())
}

/// Runs the measurement and returns the report.
pub fn measure(args: &StressArgs) -> Result<Report> {
    let mut sim = stress_simulation(args)?;
    let board_size = [sim.board().width(), sim.board().height()];
    let n = args.enemies as usize;
    let total = WARM_UP_FRAMES + args.frames;
    let mut samples = Samples::with_capacity(args.frames as usize);
    let (backend, adapter, draw_calls, size) = match args.renderer {
        StressRenderer::None => {
            let mut out = vec![ModelInstance::zeroed_instance(); n + n / 4];
            for frame in 0..total {
                let start = Instant::now();
                sim.populate(n.saturating_sub(sim.enemies().len()));
                let step = Instant::now();
                sim.step_and_write(STEP, &mut out)?;
                let sim_ms = ms(step);
                samples.push(frame >= WARM_UP_FRAMES, sim_ms, 0.0, ms(start));
            }
            ("none".to_string(), "none".to_string(), 0, [0, 0])
        }
        StressRenderer::Wgpu => {
            let mut off = Offscreen::with_samples(&args.gpu, args.size, 1)?;
            let board = sim.board().clone();
            let mut scene = TdScene::new(board, stress_settings()?, args.seed);
            scene.show_grid = false;
            let batches = scene.attach(&mut off.renderer);
            scene.sync_static(&mut off.renderer);
            let aspect = args.size.0 as f32 / args.size.1 as f32;
            let params = scene.frame_params(&scene.default_camera(aspect), aspect);
            let mut draw_calls = 0;
            for frame in 0..total {
                let start = Instant::now();
                let (mut sim_ms, mut upload_ms) = (0.0, 0.0);
                if !args.static_instances || frame == 0 {
                    (sim_ms, upload_ms) =
                        step_into_batch(&mut sim, n, &mut off.renderer, &off.ctx, batches.enemies)?;
                }
                off.renderer
                    .render_offscreen(&off.ctx, &off.target, &params);
                let _ = off.ctx.device.poll(wgpu::PollType::wait_indefinitely());
                draw_calls = off.renderer.batch_draw_calls(batches.enemies);
                samples.push(frame >= WARM_UP_FRAMES, sim_ms, upload_ms, ms(start));
            }
            let summary = off.ctx.summary();
            (
                summary.backend,
                summary.name,
                draw_calls,
                [args.size.0, args.size.1],
            )
        }
    };
    Ok(report(
        args,
        samples,
        (backend, adapter),
        draw_calls,
        board_size,
        size,
    ))
}

/// Builds the report from the samples of a run.
pub fn report(
    args: &StressArgs,
    mut samples: Samples,
    (backend, adapter): (String, String),
    enemy_draw_calls: u32,
    board: [u32; 2],
    size: [u32; 2],
) -> Report {
    let frame_ms = Stat::of(&mut samples.frame);
    let peak = peak_rss_bytes();
    Report {
        enemies: args.enemies,
        frames: samples.sim.len() as u64,
        backend,
        adapter,
        threads: rayon::current_num_threads(),
        enemy_draw_calls,
        sim_ms: Stat::of(&mut samples.sim),
        upload_ms: Stat::of(&mut samples.upload),
        frame_ms,
        fps_p50: if frame_ms.p50 > 0.0 {
            1e3 / frame_ms.p50
        } else {
            0.0
        },
        board,
        size,
        static_instances: args.static_instances,
        peak_rss_bytes: peak,
        peak_rss_bytes_per_enemy: peak as f64 / args.enemies as f64,
    }
}

/// A simulation set up for a stress run: the board, every characteristic over its whole range,
/// spawning off (the population is topped up instead), `n` enemies placed.
pub fn stress_simulation(args: &StressArgs) -> Result<Simulation> {
    let board = match &args.level {
        Some(path) => levels::load(Some(path))?,
        None => stress_board(args.enemies)?,
    };
    let mut sim = Simulation::new(board, stress_settings()?, args.seed);
    sim.set_spawning(false);
    let n = args.enemies as usize;
    sim.reserve_enemies(n + n / 4);
    sim.populate(n);
    Ok(sim)
}

/// One stress step into a renderer batch: tops the population up to `n`, runs the fused step
/// writing every instance into the batch, and hands the instances to the GPU. Returns
/// `(sim_ms, upload_ms)`.
///
/// With [`StagingPath::Direct`] the fused pass writes straight into wgpu's staging memory
/// (`Queue::write_buffer_with`), and `upload_ms` is the rest of that call; with
/// [`StagingPath::Copy`] it writes into the batch's CPU array, and `upload_ms` is the copy of
/// that array into wgpu's staging memory.
pub fn step_into_batch(
    sim: &mut Simulation,
    n: usize,
    renderer: &mut horde_renderer::Renderer,
    ctx: &horde_renderer::GpuContext,
    batch: horde_renderer::BatchId,
) -> Result<(f64, f64)> {
    sim.populate(n.saturating_sub(sim.enemies().len()));
    let needed = sim.instances_needed(STEP);
    if staging_path() == StagingPath::Direct {
        let mut sim_ms = 0.0;
        let mut result = Ok(0);
        let start = Instant::now();
        renderer.write_direct(ctx, batch, needed, |view| {
            let step = Instant::now();
            result = sim.step_into(STEP, &mut crate::staging::StagingSink::new(view));
            sim_ms = ms(step);
            *result.as_ref().unwrap_or(&0)
        });
        result?;
        return Ok((sim_ms, (ms(start) - sim_ms).max(0.0)));
    }
    let step = Instant::now();
    let slots = renderer.instances_mut(batch, needed);
    let written = sim.step_and_write(STEP, bytemuck::cast_slice_mut(slots))?;
    renderer.instances_mut(batch, written);
    let sim_ms = ms(step);
    let upload = Instant::now();
    renderer.upload(ctx);
    Ok((sim_ms, ms(upload)))
}

/// How the fused pass hands instances to the GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StagingPath {
    /// Straight into wgpu's staging memory (the default).
    Direct,
    /// Into the batch's CPU array, then copied (`HORDE_STAGING=copy`, for comparison).
    Copy,
}

/// The staging path: `HORDE_STAGING=copy` selects the copying one.
pub fn staging_path() -> StagingPath {
    match std::env::var("HORDE_STAGING").as_deref() {
        Ok("copy") => StagingPath::Copy,
        _ => StagingPath::Direct,
    }
}

/// Peak resident set size from `/proc/self/status` (0 where unavailable).
fn peak_rss_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024)
}
