//! What a stress run reports: the per-frame samples, their percentiles, and the JSON object of
//! `horde stress --json` (keys in contract order, extras after them).

use crate::cli::StressArgs;
use crate::stats::Stat;
use serde::Serialize;

/// The JSON report (the CLI contract in docs/ARCHITECTURE.md), plus a few extras after the
/// contract's fields.
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
    /// How enemy cubes were asked to be drawn: `visible` (only the faces the camera can see)
    /// or `full`.
    pub cube: &'static str,
    /// How the last frame drew them: `mesh` (the full cube), `three-face`, `small` (every cube
    /// a pixel or two: one triangle each) or `small-pulled` (the same without instancing).
    pub cube_path: &'static str,
    /// Towers on the board (`--towers`).
    pub towers: u64,
    /// Enemies the towers killed during the run (the population is topped up again).
    pub killed: u64,
    /// Mortar shells launched during the run.
    pub shots: u64,
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

    /// Frames recorded.
    pub fn len(&self) -> usize {
        self.frame.len()
    }

    /// Whether no frame was recorded.
    pub fn is_empty(&self) -> bool {
        self.frame.is_empty()
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

/// Builds the report from the samples of a run.
pub fn report(
    args: &StressArgs,
    mut samples: Samples,
    (backend, adapter): (String, String),
    (enemy_draw_calls, cube_path): (u32, &'static str),
    board: [u32; 2],
    size: [u32; 2],
    fights: horde_core_sim::Counts,
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
        cube: args.cube().name(),
        cube_path,
        towers: args.towers(),
        killed: fights.killed,
        shots: fights.shots,
    }
}

/// Peak resident set size of this process in bytes (0 where the system does not say).
pub fn peak_rss_bytes() -> u64 {
    proc_status::mem_usage().map_or(0, |usage| usage.peak as u64)
}
