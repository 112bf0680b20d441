//! The window path under Xvfb: `horde run` opens a real window, presents frames on Vulkan and
//! on GL, and exits. Skipped only where Xvfb or an adapter is missing and `HORDE_REQUIRE_GPU`
//! is unset.
#![allow(clippy::unwrap_used)]

mod common;

use common::skipped;
use common::xvfb::{Xvfb, press_key, start_xvfb, summary, wait_for_display, window_exists};

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `horde ARGS` on a private Xvfb display, with a time limit.
/// Returns `None` (skipped) where Xvfb or an adapter is missing and `HORDE_REQUIRE_GPU` is
/// unset; otherwise the output of a successful run (a failure fails the test).
fn horde_under_xvfb(args: &[&str]) -> Option<Output> {
    let runtime = tempfile::tempdir().unwrap();
    horde_in(args, runtime.path(), F12::Never)
}

/// When the test presses F12 in the window (through `xdotool`), counted from the moment the
/// window is up.
#[derive(Clone, Copy)]
enum F12 {
    /// Never.
    Never,
    /// Once, this long after the window appeared.
    Once(Duration),
    /// Again and again, this far apart, until the app exits (for scenes whose content arrives
    /// from a worker thread at a pace the test cannot know).
    Every(Duration),
}

/// Like [`horde_under_xvfb`], run in the folder `cwd`, pressing F12 as `f12` says.
fn horde_in(args: &[&str], cwd: &Path, f12: F12) -> Option<Output> {
    let xvfb = start_xvfb()?;
    wait_for_display(&xvfb.display);
    match run_on(&xvfb, args, cwd, f12) {
        // The server answered a moment ago; one more try if the app still found none, said
        // on the uncaptured stderr so that it shows in CI's log.
        Err(stderr) if stderr.contains("Failed to open connection to X server") => {
            eprintln!("RETRIED horde {args:?}: it could not connect to Xvfb:\n{stderr}");
            wait_for_display(&xvfb.display);
            run_on(&xvfb, args, cwd, f12)
                .unwrap_or_else(|stderr| panic!("horde {args:?} failed:\n{stderr}"))
        }
        Err(stderr) => panic!("horde {args:?} failed:\n{stderr}"),
        Ok(out) => out,
    }
}

/// One run of `horde ARGS` on `xvfb` (see [`horde_in`]): the output, `None` where skipped,
/// or the stderr of a failed run.
fn run_on(xvfb: &Xvfb, args: &[&str], cwd: &Path, f12: F12) -> Result<Option<Output>, String> {
    let runtime = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .current_dir(cwd)
        .env("DISPLAY", &xvfb.display)
        .env("XDG_RUNTIME_DIR", runtime.path())
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let mut presses = 0u32;
    let mut window_seen: Option<Instant> = None;
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(240) {
            let _ = child.kill();
            panic!("horde {args:?} did not exit");
        }
        let next_press = match f12 {
            F12::Never => None,
            F12::Once(delay) => (presses == 0).then_some(delay),
            F12::Every(gap) => Some(gap * (presses + 1)),
        };
        if let Some(due) = next_press {
            if window_seen.is_none() && window_exists(&xvfb.display) {
                window_seen = Some(Instant::now());
            }
            if window_seen.is_some_and(|seen| seen.elapsed() >= due)
                && press_key(&xvfb.display, "F12")
            {
                presses += 1;
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success()
        && stderr.contains("no graphics adapter")
        && std::env::var_os("HORDE_REQUIRE_GPU").is_none()
    {
        skipped(&format!("no adapter for horde {args:?}"));
        return Ok(None);
    }
    if !out.status.success() {
        return Err(stderr.into_owned());
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
    let pressed = matches!(f12, F12::Never) || presses > 0;
    assert!(pressed, "the window never appeared for xdotool:\n{stderr}");
    Ok(Some(out))
}

/// Checks the last picture F12 saved in `dir` (`horde-screenshot-NNN.png`, the highest NNN):
/// `width` pixels or less across (the scene's part of the window) with more than one colour.
fn assert_screenshot(dir: &Path, max_width: u32) {
    let path = (1..1000)
        .map(|n| dir.join(format!("horde-screenshot-{n:03}.png")))
        .take_while(|path| path.exists())
        .last()
        .unwrap_or_else(|| panic!("F12 saved no picture in {}", dir.display()));
    let picture = image::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgba8();
    let (w, h) = picture.dimensions();
    assert!(w <= max_width && w > 100 && h == 720, "{w}x{h}");
    let first = picture.get_pixel(0, 0);
    assert!(
        picture.pixels().any(|p| p != first),
        "the screenshot is one colour"
    );
}

fn run_window(backend: &str) {
    let args = [
        "run",
        "--frames",
        "20",
        "--backend",
        backend,
        "--spawn-speed",
        "10",
    ];
    let Some(out) = horde_under_xvfb(&args) else {
        return;
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("presented 20 frames"), "{stderr}");
}

#[test]
fn the_td_scene_saves_f12_and_prints_its_summary() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "run",
        "--frames",
        "120",
        "--json",
        "--backend",
        "vulkan",
        "--spawn-speed",
        "10",
    ];
    let Some(out) = horde_in(&args, dir.path(), F12::Once(Duration::ZERO)) else {
        return;
    };
    let summary = summary(&out);
    assert_eq!(summary["frames"], 120);
    assert!(summary["ticks"].as_u64().unwrap() > 0, "{summary}");
    assert!(summary["spawned"].as_u64().unwrap() > 0, "{summary}");
    // The inspector panel takes the right-hand side; the picture is the scene's part only.
    assert_screenshot(dir.path(), 1279);
}

#[test]
fn a_scenario_is_played_in_the_window_with_its_towers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let level = root.join("assets/levels/battle.txt");
    let scenario = root.join("assets/scenarios/example.ron");
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "run",
        "--level",
        level.to_str().unwrap(),
        "--scenario",
        scenario.to_str().unwrap(),
        "--frames",
        "90",
        "--json",
        "--backend",
        "vulkan",
    ];
    let Some(out) = horde_in(&args, dir.path(), F12::Never) else {
        return;
    };
    let summary = summary(&out);
    assert_eq!(summary["frames"], 90);
    assert!(summary["spawned"].as_u64().unwrap() > 0, "{summary}");
    assert_eq!(summary["lives"], 10, "{summary}");
    assert_eq!(summary["outcome"], "running", "{summary}");
    for key in ["killed", "reached", "shots"] {
        assert!(summary[key].is_u64(), "{key} in {summary}");
    }
}

#[test]
fn the_window_presents_frames_on_vulkan() {
    run_window("vulkan");
}

#[test]
fn the_window_presents_frames_on_gl() {
    run_window("gl");
}

#[test]
fn the_windowed_stress_view_reports_json() {
    let args = [
        "stress",
        "--enemies",
        "2000",
        "--frames",
        "5",
        "--json",
        "--backend",
        "vulkan",
    ];
    let Some(out) = horde_under_xvfb(&args) else {
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(report["frames"], 5);
    assert_eq!(report["enemies"], 2000);
    assert_eq!(report["enemy_draw_calls"], 1);
    assert_eq!(report["backend"], "vulkan");
}

#[test]
fn the_city_scene_walks_and_reports_its_stall() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "run",
        "--scene",
        "city",
        "--frames",
        "200",
        "--json",
        "--backend",
        "vulkan",
        "--seed",
        "2",
    ];
    // The streets arrive from the generator thread at the machine's pace: F12 every few
    // seconds, and the last picture (taken after the walker has walked) is the one checked.
    let Some(out) = horde_in(&args, dir.path(), F12::Every(Duration::from_secs(3))) else {
        return;
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("presented 200 frames"), "{stderr}");
    assert!(stderr.contains("render-thread stall max"), "{stderr}");
    let summary = summary(&out);
    assert_eq!(summary["frames"], 200);
    assert!(
        summary["distance"].as_f64().unwrap() > 1.0,
        "the walker did not move: {summary}"
    );
    assert!(
        summary["columns_resident_max"].as_u64().unwrap() > 0,
        "{summary}"
    );
    for key in ["stall_ms", "stall_cpu_ms"] {
        let stat = &summary[key];
        let (p50, p95, max) = (
            stat["p50"].as_f64().unwrap(),
            stat["p95"].as_f64().unwrap(),
            stat["max"].as_f64().unwrap(),
        );
        assert!(p50 <= p95 && p95 <= max && max > 0.0, "{key}: {stat}");
    }
    for key in [
        "inside_solid_frames",
        "regenerated_shown",
        "holes_after_first_view",
    ] {
        assert!(summary[key].is_u64(), "{key} missing: {summary}");
    }
    assert_screenshot(dir.path(), 1280);
}

#[test]
fn the_runner_scene_plays_by_autopilot_and_streams_scenery() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "run",
        "--scene",
        "runner",
        "--frames",
        "120",
        "--autoplay",
        "--json",
        "--backend",
        "vulkan",
        "--seed",
        "3",
    ];
    let Some(out) = horde_in(&args, dir.path(), F12::Once(Duration::ZERO)) else {
        return;
    };
    let summary = summary(&out);
    assert_eq!(summary["frames"], 120);
    assert!(summary["distance"].as_f64().unwrap() > 0.0, "{summary}");
    assert_eq!(summary["game_over"], false);
    assert_eq!(summary["pool"], 15);
    // The scenery generator's rows arrived and were drawn.
    assert!(summary["scenery_rows"].as_u64().unwrap() > 0, "{summary}");
    assert!(
        summary["scenery_instances"].as_u64().unwrap() > 0,
        "{summary}"
    );
    assert_screenshot(dir.path(), 1280);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("presented 120 frames"), "{stderr}");
    assert!(stderr.contains("runner Running"), "{stderr}");
    assert!(stderr.contains("in a pool of 15"), "{stderr}");
    assert!(stderr.contains("render-thread stall max"), "{stderr}");
}

#[test]
fn the_platformer_scene_moves_its_sections() {
    let args = [
        "run",
        "--scene",
        "platformer",
        "--frames",
        "90",
        "--json",
        "--backend",
        "vulkan",
    ];
    let Some(out) = horde_under_xvfb(&args) else {
        return;
    };
    let summary = summary(&out);
    assert_eq!(summary["frames"], 90);
    assert!(summary["seconds"].as_f64().unwrap() > 0.0, "{summary}");
    assert_eq!(summary["speed"], 5.0);
    assert_eq!(summary["max_same_template_active"], 1);
    assert_eq!(summary["game_over"], false, "{summary}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("presented 90 frames"), "{stderr}");
    assert!(stderr.contains("sections recycled"), "{stderr}");
}

/// A game recorded in the window (fast-forwarded, so its steps run both in the game and fused
/// into the view's write) replays with every checksum matching, and `--replay` opens it on
/// the timeline without writing to it.
#[test]
fn a_window_recording_replays_and_opens_on_the_timeline() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let level = root.join("assets/levels/battle.txt");
    let scenario = root.join("assets/scenarios/siege.ron");
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("window.rec");
    let args = [
        "run",
        "--level",
        level.to_str().unwrap(),
        "--scenario",
        scenario.to_str().unwrap(),
        "--frames",
        "120",
        "--play-speed",
        "20",
        "--json",
        "--record",
        record.to_str().unwrap(),
    ];
    let Some(out) = horde_in(&args, dir.path(), F12::Never) else {
        return;
    };
    let played = summary(&out);
    assert_eq!(played["play_speed"], 20.0, "{played}");
    let ticks = played["ticks"].as_u64().unwrap();
    assert!(ticks > 120, "fast-forward ran {ticks} ticks in 120 frames");
    let text = std::fs::read_to_string(&record).unwrap();
    let replay = Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(["replay", record.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let replayed = summary(&replay);
    assert_eq!(
        replayed["checked"].as_u64().unwrap(),
        ticks / 60,
        "{replayed}"
    );
    assert!(replayed["desync"].is_null());
    let args = [
        "run",
        "--replay",
        record.to_str().unwrap(),
        "--frames",
        "30",
        "--json",
    ];
    let Some(out) = horde_in(&args, dir.path(), F12::Never) else {
        return;
    };
    assert_eq!(summary(&out)["frames"], 30);
    assert_eq!(
        std::fs::read_to_string(&record).unwrap(),
        text,
        "--replay wrote to it"
    );
}
