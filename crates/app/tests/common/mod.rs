//! Helpers for the GPU tests: skip only where no adapter exists and `HORDE_REQUIRE_GPU` is
//! unset; compare images with a tolerance, writing `-actual` and `-difference` PNGs on failure.
#![allow(dead_code, clippy::unwrap_used)]

pub mod board;
pub mod logged;
pub mod play;
pub mod xvfb;

use horde::cli::{GpuFlags, SpawnFlags};
use horde::offscreen::{Offscreen, Picture, encode_png};
use horde::scenes::td::view::{self, TdBatches};
use horde::scenes::td::{TdGame, TdPlay, TdView};
use horde::shell::headless;
use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::swarm::{FloatRange, SpawnSettings};
use horde_renderer::{BackendChoice, GpuContext, GpuRequest};
use std::path::{Path, PathBuf};

/// Whether `backend` has an adapter here. Without one the test is skipped, unless
/// `HORDE_REQUIRE_GPU` is set, in which case it fails.
pub fn gpu_available(backend: BackendChoice) -> bool {
    match GpuContext::headless(GpuRequest {
        backend,
        ..GpuRequest::default()
    }) {
        Ok(_) => true,
        Err(e) if std::env::var_os("HORDE_REQUIRE_GPU").is_some() => {
            panic!("HORDE_REQUIRE_GPU is set but {backend} has no adapter: {e}")
        }
        Err(e) => {
            skipped(&format!("no {backend} adapter ({e})"));
            false
        }
    }
}

/// Says that a test is skipped, and why, where it shows: straight on stderr, which the test
/// harness does not capture, so a skipped test never reads as a plain "ok".
pub fn skipped(why: &str) {
    use std::io::Write as _;
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED (HORDE_REQUIRE_GPU unset): {why}"
    );
}

/// GPU flags for one backend.
pub fn flags(backend: BackendChoice) -> GpuFlags {
    GpuFlags {
        backend: Some(backend),
        adapter: None,
        quality: None,
    }
}

/// A game of level text with the full spawn ranges.
pub fn scene(rows: &str, seed: u64, spawn_speed: f32) -> TdGame {
    let board = parse_level(rows, Path::new("test")).unwrap();
    let settings = SpawnSettings::new(
        spawn_speed,
        FloatRange::new(0.5, 1.5).unwrap(),
        FloatRange::new(0.5, 2.0).unwrap(),
        FloatRange::new(-0.25, 0.25).unwrap(),
    )
    .unwrap();
    TdGame::new(board, settings, seed)
}

/// A shipped level's text.
pub fn level_text(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../assets/levels")
            .join(name),
    )
    .unwrap()
}

/// The picture `horde screenshot` takes of a game after `frames` steps: the game in the
/// window's tower-defense play, drawn by a default view, driven headlessly through the
/// shell's frame order.
pub fn render(game: TdGame, frames: u64, backend: BackendChoice, size: (u32, u32)) -> Picture {
    render_with(game, TdView::new(), frames, backend, size)
}

/// [`render`] with the view `view`.
pub fn render_with(
    game: TdGame,
    view: TdView,
    frames: u64,
    backend: BackendChoice,
    size: (u32, u32),
) -> Picture {
    let mut off = Offscreen::new(&flags(backend), size).unwrap();
    let mut play = TdPlay::new((game, view), (None, None), backend, Vec::new());
    headless::picture(&mut play, frames, &mut off).unwrap()
}

/// Spawn flags with the defaults.
pub fn default_spawn() -> SpawnFlags {
    SpawnFlags::default()
}

/// Per-channel mean absolute difference, and the share of pixels where some channel differs
/// by more than `threshold`.
pub fn difference(a: &[u8], b: &[u8], threshold: u8) -> (f64, f64) {
    assert_eq!(a.len(), b.len());
    let total: u64 = a.iter().zip(b).map(|(x, y)| x.abs_diff(*y) as u64).sum();
    let mean = total as f64 / a.len() as f64;
    let bad = a
        .chunks_exact(4)
        .zip(b.chunks_exact(4))
        .filter(|(p, q)| {
            p.iter()
                .zip(q.iter())
                .any(|(x, y)| x.abs_diff(*y) > threshold)
        })
        .count();
    (mean, bad as f64 / (a.len() / 4) as f64)
}

/// The reference image folder.
pub fn reference_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference")
}

/// Compares a picture with `reference/NAME.png` (mean error ≤ `max_mean`, at most `max_bad` of
/// the pixels off by more than 48). On failure writes `NAME-BACKEND-actual.png` and
/// `NAME-BACKEND-difference.png` beside the reference and panics. With
/// `HORDE_UPDATE_REFERENCE=1` the reference is rewritten instead.
pub fn assert_matches_reference(
    picture: &Picture,
    name: &str,
    backend: &str,
    max_mean: f64,
    max_bad: f64,
) {
    let dir = reference_dir();
    let reference_path = dir.join(format!("{name}.png"));
    if std::env::var_os("HORDE_UPDATE_REFERENCE").is_some() {
        let png = encode_png(&picture.pixels, picture.width, picture.height).unwrap();
        std::fs::write(&reference_path, png).unwrap();
        return;
    }
    let reference = image::open(&reference_path)
        .unwrap_or_else(|e| panic!("{}: {e}", reference_path.display()))
        .to_rgba8();
    assert_eq!(reference.dimensions(), (picture.width, picture.height));
    let (mean, bad) = difference(reference.as_raw(), &picture.pixels, 48);
    if mean > max_mean || bad > max_bad {
        let actual = dir.join(format!("{name}-{backend}-actual.png"));
        let diff_path = dir.join(format!("{name}-{backend}-difference.png"));
        std::fs::write(
            &actual,
            encode_png(&picture.pixels, picture.width, picture.height).unwrap(),
        )
        .unwrap();
        let diff: Vec<u8> = reference
            .as_raw()
            .chunks_exact(4)
            .zip(picture.pixels.chunks_exact(4))
            .flat_map(|(p, q)| {
                let d = p
                    .iter()
                    .zip(q)
                    .take(3)
                    .map(|(x, y)| x.abs_diff(*y))
                    .max()
                    .unwrap_or(0);
                [
                    d.saturating_mul(4),
                    d.saturating_mul(4),
                    d.saturating_mul(4),
                    255,
                ]
            })
            .collect();
        std::fs::write(
            &diff_path,
            encode_png(&diff, picture.width, picture.height).unwrap(),
        )
        .unwrap();
        panic!(
            "{backend} image differs from {}: mean error {mean:.3} (max {max_mean}), {:.3}% pixels off (max {:.3}%); wrote {} and {}",
            reference_path.display(),
            bad * 100.0,
            max_bad * 100.0,
            actual.display(),
            diff_path.display()
        );
    }
}

/// Runs the `horde` binary with `args` and waits for it.
pub fn horde(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .output()
        .unwrap()
}

/// `horde replay RECORDING --json` run in `cwd`, which must succeed: its summary.
pub fn replay_json(recording: &Path, cwd: &Path) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(["replay", recording.to_str().unwrap(), "--json"])
        .current_dir(cwd)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap()
}

/// A game and the view that draws it, driven without the window's play around them.
pub struct Drawn {
    /// The game.
    pub game: TdGame,
    /// Its view.
    pub view: TdView,
}

impl Drawn {
    /// `game` drawn by a view of enemies as `mesh`.
    pub fn new(game: TdGame, mesh: horde_renderer::MeshKind) -> Drawn {
        let mut view = TdView::new();
        view.enemy_mesh = mesh;
        Drawn { game, view }
    }

    /// The view's batches in `renderer`.
    pub fn attach(&mut self, renderer: &mut horde_renderer::Renderer) -> TdBatches {
        self.view.attach(renderer)
    }

    /// Brings the batches up to date with the game.
    pub fn sync(
        &mut self,
        renderer: &mut horde_renderer::Renderer,
        ctx: &horde_renderer::GpuContext,
    ) -> anyhow::Result<()> {
        self.view.sync(renderer, ctx, &self.game)
    }

    /// A frame as the window plays it: `steps` steps, the last writing the enemies through the
    /// view's sink, then the rest of the batches brought up to date.
    pub fn frame(
        &mut self,
        renderer: &mut horde_renderer::Renderer,
        ctx: &horde_renderer::GpuContext,
        steps: u32,
    ) -> anyhow::Result<()> {
        let mut sink = self.view.enemy_sink(renderer, ctx, &self.game);
        let seconds = f64::from(steps) * f64::from(horde_core_sim::DT);
        self.game.run_steps(steps, seconds, &mut sink);
        let stepped = sink.finish();
        let synced = self.view.sync(renderer, ctx, &self.game);
        stepped.and(synced)
    }

    /// The default camera's frame for an aspect ratio.
    pub fn params(&self, aspect: f32) -> horde_renderer::FrameParams {
        view::frame_params(&view::default_camera(self.game.sim(), aspect), aspect)
    }
}
