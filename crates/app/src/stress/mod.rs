//! Measuring frames for `horde stress`: N enemies, end to end, frame by frame.
//!
//! The board is a generated serpentine (256×256 up to 250k enemies, 512×512 above), pre-filled
//! with N enemies on random walkable tiles at random points of their intro, topped up to N
//! after every step as enemies are reclaimed. Each frame: the fused simulation step writes every
//! enemy's instance straight into wgpu's staging memory (`sim_ms`; see [`crate::staging`]), the rest of
//! the upload call is `upload_ms` (the staging-to-buffer copy itself runs at submission, inside
//! `frame_ms`), and the frame is drawn and waited for (`frame_ms`, wall clock, all of it). With
//! `--renderer none` there is no GPU: the fused step writes into a plain array.
//!
//! Rooms: [`step`] (the stress simulation and the fused step into a batch), [`report`] (samples
//! and the JSON report), [`chart`] (the `--plot` SVG of a sweep),
//! [`scene`] (the stress view in the shell's window). This module measures headless.

pub mod chart;
pub mod report;
pub mod scene;
pub mod step;

use crate::cli::{StressArgs, StressRenderer};
use crate::clock::STEP_F32;
use crate::offscreen::Offscreen;
use crate::progress::Progress;
use crate::scenes::td::TdScene;
use anyhow::Result;
use horde_core_sim::ModelInstance;
use report::{Report, Samples, report};
use std::time::Instant;
use step::{ms, step_into_batch, stress_simulation};

/// Frames run before measuring (pipeline compilation, first uploads, buffer growth).
pub const WARM_UP_FRAMES: u64 = 3;

/// Measures without a window (`--headless`, or `--renderer none`) and returns the report.
pub fn measure_headless(args: &StressArgs) -> Result<Report> {
    let mut sim = stress_simulation(args)?;
    let board_size = [sim.board().width(), sim.board().height()];
    let n = args.enemies as usize;
    let total = WARM_UP_FRAMES + args.frames;
    let mut samples = Samples::with_capacity(args.frames as usize);
    let progress = Progress::new(total, "frames", !args.json);
    let (backend, adapter, draw_calls, size, counts) = match args.renderer {
        StressRenderer::None => {
            let mut out = vec![ModelInstance::zeroed_instance(); n + n / 4];
            for frame in 0..total {
                let start = Instant::now();
                sim.populate(n.saturating_sub(sim.enemies().len()));
                let step = Instant::now();
                sim.step_and_write(STEP_F32, &mut out)?;
                let sim_ms = ms(step);
                samples.push(frame >= WARM_UP_FRAMES, sim_ms, 0.0, ms(start));
                progress.inc();
            }
            let counts = sim.counts();
            (
                "none".to_string(),
                "none".to_string(),
                (0, "none"),
                [0, 0],
                counts,
            )
        }
        StressRenderer::Wgpu => {
            let mut off = Offscreen::with_samples(&args.gpu, args.size, 1)?;
            // The scene draws the stress simulation itself: the board, its towers and their
            // fight as the window shows them.
            let mut scene = TdScene::from_simulation(sim, args.seed);
            scene.show_grid = false;
            scene.enemy_mesh = args.cube().mesh();
            let batches = scene.attach(&mut off.renderer);
            scene.sync_static(&mut off.renderer);
            let aspect = args.size.0 as f32 / args.size.1 as f32;
            let params = scene.frame_params(&scene.default_camera(aspect), aspect);
            let mut draw_calls = (0, "none");
            for frame in 0..total {
                let start = Instant::now();
                let (mut sim_ms, mut upload_ms) = (0.0, 0.0);
                if !args.static_instances || frame == 0 {
                    (sim_ms, upload_ms) = step_into_batch(
                        &mut scene.sim,
                        n,
                        &mut off.renderer,
                        &off.ctx,
                        batches.enemies,
                    )?;
                }
                scene.sync_fight(&mut off.renderer);
                let (renderer, target, ctx) = (&mut off.renderer, &off.target, &off.ctx);
                ctx.checked("drawing a stress frame", || {
                    renderer.render_offscreen(ctx, target, &params)
                })?;
                draw_calls = (
                    off.renderer.batch_draw_calls(batches.enemies),
                    off.renderer.draw_path(batches.enemies).name(),
                );
                samples.push(frame >= WARM_UP_FRAMES, sim_ms, upload_ms, ms(start));
                progress.inc();
            }
            let summary = off.ctx.summary();
            (
                summary.backend,
                summary.name,
                draw_calls,
                [args.size.0, args.size.1],
                scene.sim.counts(),
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
        counts,
    ))
}
