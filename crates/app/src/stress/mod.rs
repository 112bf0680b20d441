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
//! Rooms: [`step`] (`step.rs`: the stress simulation and its step drawn through the
//! tower-defense view, [`crate::scenes::td::TdView`], with no game around it),
//! [`report`](mod@report) (`report.rs`: samples and the JSON report), [`chart`] (`chart.rs`:
//! the `--plot` SVG of a sweep), [`scene`] (`scene.rs`: the stress view in the shell's
//! window). This module measures headless.

pub mod chart;
pub mod report;
pub mod scene;
pub mod step;

use crate::cli::{StressArgs, StressRenderer};
use crate::offscreen::Offscreen;
use crate::progress::Progress;
use crate::scenes::td::view as td_view;
use crate::staging::{WriteTimes, ms};
use anyhow::Result;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::ModelInstance;
use horde_games::{Fused, Mode, Session};
use report::{Drawing, Measured, Report, Samples, report};
use std::time::Instant;
use step::{step_into_view, stress_simulation, stress_view};

/// Frames run before measuring (pipeline compilation, first uploads, buffer growth).
pub const WARM_UP_FRAMES: u64 = 3;

/// With `--checksum`: times the game's state checksum, apart from the frame.
fn time_checksum(args: &StressArgs, sim: &Simulation, measured: bool, samples: &mut Samples) {
    if args.checksum {
        let start = Instant::now();
        std::hint::black_box(sim.checksum());
        samples.push_checksum(measured, ms(start));
    }
}

/// Measures without a window (`--headless`, or `--renderer none`) and returns the report.
pub fn measure_headless(args: &StressArgs) -> Result<Report> {
    let mut session = Session::new(stress_simulation(args)?, None, Mode::Sandbox);
    let board = [
        session.sim().board().width(),
        session.sim().board().height(),
    ];
    let n = args.enemies as usize;
    let total = WARM_UP_FRAMES + args.frames;
    let mut samples = Samples::with_capacity(args.frames as usize);
    let progress = Progress::new(total, "frames", !args.json);
    let drawing = match args.renderer {
        StressRenderer::None => {
            let mut out = vec![ModelInstance::zeroed_instance(); n + n / 4];
            for frame in 0..total {
                let start = Instant::now();
                let sim = session.sim_mut();
                sim.populate(n.saturating_sub(sim.enemies().len()));
                let step = Instant::now();
                let mut fused = Fused::new(out.as_mut_slice());
                session.advance(&mut (), &mut fused, &mut ())?;
                fused.written?;
                let sim_ms = ms(step);
                samples.push(frame >= WARM_UP_FRAMES, sim_ms, 0.0, ms(start));
                time_checksum(args, session.sim(), frame >= WARM_UP_FRAMES, &mut samples);
                progress.inc();
            }
            Drawing::none()
        }
        StressRenderer::Wgpu => {
            let mut off = Offscreen::with_samples(&args.gpu, args.size, 1)?;
            // The tower-defense view draws the stress simulation itself: the board, its
            // towers and their fight as the window shows them.
            let mut view = stress_view(args);
            let batches = view.attach(&mut off.renderer);
            view.sync_board(&mut off.renderer, session.sim(), None);
            let aspect = args.size.0 as f32 / args.size.1 as f32;
            let camera = td_view::default_camera(session.sim(), aspect);
            let params = td_view::frame_params(&camera, aspect);
            let mut drawing = Drawing::none();
            for frame in 0..total {
                let start = Instant::now();
                let mut times = WriteTimes::default();
                if !args.static_instances || frame == 0 {
                    let (renderer, ctx) = (&mut off.renderer, &off.ctx);
                    times = step_into_view(&mut session, n, &mut view, renderer, ctx)?;
                }
                let (renderer, target, ctx) = (&mut off.renderer, &off.target, &off.ctx);
                let counters = ctx.checked("drawing a stress frame", || {
                    renderer.render_offscreen(ctx, target, &params)
                })?;
                drawing.shadow_draw_calls = counters.shadow_draw_calls;
                drawing.gpu_shadow_ms = counters.gpu_shadow_ms;
                drawing.gpu_scene_ms = counters.gpu_ms;
                drawing.quality = off.renderer.quality().name();
                drawing.enemy_draw_calls = off.renderer.batch_draw_calls(batches.enemies);
                drawing.cube_path = off.renderer.draw_path(batches.enemies).name();
                let measured = frame >= WARM_UP_FRAMES;
                samples.push(measured, times.sim_ms, times.upload_ms, ms(start));
                time_checksum(args, session.sim(), measured, &mut samples);
                progress.inc();
            }
            let summary = off.ctx.summary();
            drawing.backend = summary.backend;
            drawing.adapter = summary.name;
            drawing.size = [args.size.0, args.size.1];
            drawing
        }
    };
    let counts = session.sim().counts();
    Ok(report(
        args,
        Measured {
            samples,
            drawing,
            board,
            counts,
        },
    ))
}
