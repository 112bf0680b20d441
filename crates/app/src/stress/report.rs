//! What a stress run reports: the per-frame samples, their percentiles, and the JSON object of
//! `horde stress --json` (keys in contract order, extras after them).

use crate::cli::StressArgs;
use crate::stats::Stat;
use serde::Serialize;

/// The JSON report (its keys: the manual's `horde stress` chapter,
/// `docs/book/src/commands/stress.md`), plus a few extras after the contract's fields.
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
    /// Draw calls for all enemies in a frame's colour pass (1, or 0 without a renderer).
    pub enemy_draw_calls: u32,
    /// How much of the light the frames were drawn with (`--quality`): `low`, `medium` or
    /// `high` (`none` without a renderer).
    pub quality: &'static str,
    /// Draw calls of a frame's shadow pass: one for each opaque batch drawn (the board's, the
    /// enemies' one), none at `low`.
    pub shadow_draw_calls: u32,
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
    /// Shells launched by towers during the run.
    pub shots: u64,
    /// Whether the enemies played their animation clips (`--animation`).
    pub animation: bool,
    /// Every tower's targeting priority (`--priority`): `random`, `first`, `last`,
    /// `strongest`, `weakest` or `closest`.
    pub priority: &'static str,
    /// With `--checksum`: the state checksum's time after each frame's step, milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checksum_ms: Option<Stat>,
    /// The shadow pass's GPU time in the last frame, milliseconds, where the adapter has
    /// timestamp queries and the sun casts shadows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu_shadow_ms: Option<f64>,
    /// The scene pass's GPU time in the last frame (the colour pass, with `high`'s resolve),
    /// milliseconds, where the adapter has timestamp queries.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu_scene_ms: Option<f64>,
}

/// The per-frame samples, milliseconds.
#[derive(Debug, Default)]
pub struct Samples {
    sim: Vec<f64>,
    upload: Vec<f64>,
    frame: Vec<f64>,
    checksum: Vec<f64>,
}

impl Samples {
    /// The measured frames' times, milliseconds (a copy, to sort).
    pub fn frame_times(&self) -> Vec<f64> {
        self.frame.clone()
    }

    /// Room for `n` frames.
    pub fn with_capacity(n: usize) -> Samples {
        Samples {
            sim: Vec::with_capacity(n),
            upload: Vec::with_capacity(n),
            frame: Vec::with_capacity(n),
            checksum: Vec::with_capacity(n),
        }
    }

    /// Records the checksum's time after a frame, if `measured`.
    pub fn push_checksum(&mut self, measured: bool, ms: f64) {
        if measured {
            self.checksum.push(ms);
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

/// What a stress run drew with.
#[derive(Clone, Debug)]
pub struct Drawing {
    /// `vulkan`, `gl`, ... or `none`.
    pub backend: String,
    /// The adapter's name, or `none`.
    pub adapter: String,
    /// Draw calls of the enemy batch in the last frame.
    pub enemy_draw_calls: u32,
    /// The quality it was drawn at (`none` without a renderer).
    pub quality: &'static str,
    /// Draw calls of the last frame's shadow pass.
    pub shadow_draw_calls: u32,
    /// GPU time of the shadow pass, milliseconds, where measured (the last frame's).
    pub gpu_shadow_ms: Option<f64>,
    /// GPU time of the scene pass, milliseconds, where measured (the last frame's).
    pub gpu_scene_ms: Option<f64>,
    /// How the last frame drew the enemies ([`horde_renderer::DrawPath::name`]).
    pub cube_path: &'static str,
    /// Frame size in pixels.
    pub size: [u32; 2],
}

impl Drawing {
    /// No renderer (`--renderer none`).
    pub fn none() -> Drawing {
        Drawing {
            backend: "none".to_string(),
            adapter: "none".to_string(),
            enemy_draw_calls: 0,
            quality: "none",
            shadow_draw_calls: 0,
            gpu_shadow_ms: None,
            gpu_scene_ms: None,
            cube_path: "none",
            size: [0, 0],
        }
    }
}

/// Everything a stress run measured and saw, for [`report`].
#[derive(Debug)]
pub struct Measured {
    /// The per-frame samples.
    pub samples: Samples,
    /// What it drew with.
    pub drawing: Drawing,
    /// Board size in tiles.
    pub board: [u32; 2],
    /// The simulation's counters at the end (kills and shots).
    pub counts: horde_core_sim::td::game::Counts,
}

/// The report of a run of `args` that measured `measured`.
pub fn report(args: &StressArgs, measured: Measured) -> Report {
    let Measured {
        mut samples,
        drawing,
        board,
        counts,
    } = measured;
    let frame_ms = Stat::of(&mut samples.frame);
    let peak = peak_rss_bytes();
    Report {
        enemies: args.enemies,
        frames: samples.sim.len() as u64,
        backend: drawing.backend,
        adapter: drawing.adapter,
        threads: rayon::current_num_threads(),
        enemy_draw_calls: drawing.enemy_draw_calls,
        quality: drawing.quality,
        shadow_draw_calls: drawing.shadow_draw_calls,
        sim_ms: Stat::of(&mut samples.sim),
        upload_ms: Stat::of(&mut samples.upload),
        frame_ms,
        fps_p50: if frame_ms.p50 > 0.0 {
            1e3 / frame_ms.p50
        } else {
            0.0
        },
        board,
        size: drawing.size,
        static_instances: args.static_instances,
        peak_rss_bytes: peak,
        peak_rss_bytes_per_enemy: peak as f64 / args.enemies as f64,
        cube: args.cube().name(),
        cube_path: drawing.cube_path,
        towers: args.towers(),
        killed: counts.killed,
        shots: counts.shots,
        animation: args.animation,
        priority: args.priority.name(),
        checksum_ms: (!samples.checksum.is_empty()).then(|| Stat::of(&mut samples.checksum)),
        gpu_shadow_ms: drawing.gpu_shadow_ms,
        gpu_scene_ms: drawing.gpu_scene_ms,
    }
}

/// Peak resident set size of this process in bytes: Linux's `VmHWM` (0 where the system does
/// not say). Not `proc_status::mem_usage().peak`, which despite its docs is `VmPeak`, the peak
/// of the address space: every thread's reserved stack and allocator arena counts there, so
/// two rayon threads "took" 200 MB with 4,000 enemies.
pub fn peak_rss_bytes() -> u64 {
    proc_status::value_KiB("VmHWM").map_or(0, |kib| kib as u64 * 1024)
}

#[cfg(test)]
mod tests {
    /// Address space reserved and never touched is not resident: the peak must not count it,
    /// while memory written is counted. Measured in a child process of this test binary, alone
    /// (filtered by its name), so that no test beside it moves the process's peak.
    #[test]
    #[cfg(target_os = "linux")]
    fn the_peak_counts_memory_touched_not_address_space_reserved() {
        /// Set in the child process that measures.
        const CHILD: &str = "HORDE_PEAK_RSS_TEST_CHILD";
        /// A `/proc/self/status` figure in bytes.
        fn status_bytes(key: &str) -> u64 {
            proc_status::value_KiB(key).expect("Linux says") as u64 * 1024
        }
        if std::env::var_os(CHILD).is_some() {
            let reserved: Vec<u8> = std::hint::black_box(Vec::with_capacity(1 << 30));
            let peak = super::peak_rss_bytes();
            let address_space = status_bytes("VmPeak");
            assert!(address_space >= 1 << 30, "{address_space}");
            assert!(
                peak + (512 << 20) < address_space,
                "peak {peak} B counts the reserved GiB (address space {address_space} B)"
            );
            drop(reserved);
            let touched = std::hint::black_box(vec![1u8; 64 << 20]);
            assert!(super::peak_rss_bytes() >= 64 << 20);
            assert_eq!(super::peak_rss_bytes(), status_bytes("VmHWM"));
            drop(touched);
            return;
        }
        // The test's own name as a filter: it matches this test alone.
        let name = "the_peak_counts_memory_touched_not_address_space_reserved";
        let out = std::process::Command::new(std::env::current_exe().expect("the test binary"))
            .args([name, "--test-threads=1"])
            .env(CHILD, "1")
            .output()
            .expect("the child runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{stdout}");
        assert!(
            stdout.contains("1 passed"),
            "the child ran no test: {stdout}"
        );
    }
}
