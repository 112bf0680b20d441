//! The window path under Xvfb: `horde run` opens a real window, presents frames on Vulkan and
//! on GL, and exits; every scene of the registry shows itself in a window. Nothing here waits a
//! fixed time or expects a state after a fixed number of frames: a run that must reach a state
//! runs until its summary says so (`HORDE_RUN_UNTIL`), and F12 is pressed until a picture of
//! more than one colour is saved, all under a generous deadline, so the tests pass on a loaded
//! machine. Skipped only where Xvfb or an adapter is missing and `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)]

mod common;

use common::skipped;
use common::xvfb::{Xvfb, press_key, start_xvfb, summary, wait_for_display, window_exists};

use horde::commands::run::UNTIL_VARIABLE;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `horde ARGS` on a private Xvfb display, with a time limit.
/// Returns `None` (skipped) where Xvfb or an adapter is missing and `HORDE_REQUIRE_GPU` is
/// unset; otherwise the output of a successful run (a failure fails the test).
fn horde_under_xvfb(args: &[&str]) -> Option<Output> {
    let runtime = tempfile::tempdir().unwrap();
    horde_in(args, runtime.path(), F12::Never)
}

/// `horde ARGS` under Xvfb (see [`horde_under_xvfb`]) until the scene's summary meets every
/// condition of `until` (`HORDE_RUN_UNTIL`, `spawned>0,ticks>0`).
fn horde_until(args: &[&str], until: &str) -> Option<Output> {
    let runtime = tempfile::tempdir().unwrap();
    horde_in(args, runtime.path(), F12::Until(until))
}

/// What the test does in the window (through `xdotool`) while the app runs.
#[derive(Clone, Copy)]
enum F12<'a> {
    /// Nothing: the app ends itself (`--frames`).
    Never,
    /// Nothing, and the app runs until its summary meets these conditions (`HORDE_RUN_UNTIL`).
    Until(&'a str),
    /// F12 about once a second once the window is up, until a picture of more than one colour
    /// is saved (the scene's content may come from a worker thread at a pace the test cannot
    /// know), then Escape until the app quits.
    UntilPicture,
}

/// How long one run may take, on a loaded machine.
const DEADLINE: Duration = Duration::from_secs(240);

/// Like [`horde_under_xvfb`], run in the folder `cwd`, doing in the window what `f12` says.
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
    let mut command = Command::new(env!("CARGO_BIN_EXE_horde"));
    command
        .args(args)
        .current_dir(cwd)
        .env("DISPLAY", &xvfb.display)
        .env("XDG_RUNTIME_DIR", runtime.path())
        .env_remove("WAYLAND_DISPLAY")
        .env_remove(UNTIL_VARIABLE)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let F12::Until(until) = f12 {
        command.env(UNTIL_VARIABLE, until);
    }
    let mut child = command.spawn().unwrap();
    let start = Instant::now();
    let mut presses = 0u32;
    let mut last_key: Option<Instant> = None;
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            panic!("horde {args:?} did not exit within {DEADLINE:?}");
        }
        let due = last_key.is_none_or(|at| at.elapsed() >= Duration::from_secs(1));
        if matches!(f12, F12::UntilPicture) && due && window_exists(&xvfb.display) {
            let key = if good_picture(cwd).is_some() {
                "Escape"
            } else {
                "F12"
            };
            if press_key(&xvfb.display, key) {
                presses += u32::from(key == "F12");
                last_key = Some(Instant::now());
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
    let pressed = !matches!(f12, F12::UntilPicture) || presses > 0;
    assert!(pressed, "the window never appeared for xdotool:\n{stderr}");
    Ok(Some(out))
}

/// The last picture F12 saved in `dir` (`horde-screenshot-NNN.png`, the highest NNN).
fn last_picture(dir: &Path) -> Option<PathBuf> {
    (1..1000)
        .map(|n| dir.join(format!("horde-screenshot-{n:03}.png")))
        .take_while(|path| path.exists())
        .last()
}

/// The last picture F12 saved in `dir`, where it reads and has more than one colour.
fn good_picture(dir: &Path) -> Option<PathBuf> {
    let path = last_picture(dir)?;
    let picture = image::open(&path).ok()?.to_rgba8();
    let first = *picture.get_pixel(0, 0);
    picture.pixels().any(|p| *p != first).then_some(path)
}

/// Checks the last picture F12 saved in `dir`: `width` pixels or less across (the scene's
/// part of the window) with more than one colour.
fn assert_screenshot(dir: &Path, max_width: u32) {
    let path =
        last_picture(dir).unwrap_or_else(|| panic!("F12 saved no picture in {}", dir.display()));
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
        "--json",
        "--backend",
        "vulkan",
        "--spawn-speed",
        "10",
    ];
    let Some(out) = horde_in(&args, dir.path(), F12::UntilPicture) else {
        return;
    };
    assert!(summary(&out)["frames"].as_u64().unwrap() > 0);
    // The inspector panel takes the right-hand side; the picture is the scene's part only.
    assert_screenshot(dir.path(), 1279);
    let Some(out) = horde_until(&args, "spawned>0,ticks>0") else {
        return;
    };
    let summary = summary(&out);
    assert!(summary["ticks"].as_u64().unwrap() > 0, "{summary}");
    assert!(summary["spawned"].as_u64().unwrap() > 0, "{summary}");
}

#[test]
fn a_scenario_is_played_in_the_window_with_its_towers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let level = root.join("assets/levels/battle.txt");
    let scenario = root.join("assets/scenarios/example.ron");
    let args = [
        "run",
        "--level",
        level.to_str().unwrap(),
        "--scenario",
        scenario.to_str().unwrap(),
        "--json",
        "--backend",
        "vulkan",
    ];
    // Until the first enemy is out: none has reached the exit yet.
    let Some(out) = horde_until(&args, "spawned>0") else {
        return;
    };
    let summary = summary(&out);
    assert!(summary["frames"].as_u64().unwrap() > 0, "{summary}");
    assert!(summary["spawned"].as_u64().unwrap() > 0, "{summary}");
    assert_eq!(summary["lives"], 10, "{summary}");
    assert_eq!(summary["outcome"], "running", "{summary}");
    for key in ["killed", "reached", "shots"] {
        assert!(summary[key].is_u64(), "{key} in {summary}");
    }
}

/// Every scene of the registry, read from it: `horde run --scene NAME --frames N` presents
/// its frames and prints its summary, and F12 in its window saves a picture of more than one
/// colour (pressed until one is saved).
#[test]
fn every_registered_scene_runs_in_a_window_and_f12_shows_it() {
    for name in horde::scenes::registry::names() {
        let args = ["run", "--scene", name, "--frames", "30", "--json"];
        let Some(out) = horde_under_xvfb(&[&args[..], &["--backend", "vulkan"]].concat()) else {
            return;
        };
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("presented 30 frames"), "{name}: {stderr}");
        assert_eq!(summary(&out)["frames"], 30, "{name}");
        let dir = tempfile::tempdir().unwrap();
        let args = ["run", "--scene", name, "--json", "--backend", "vulkan"];
        let Some(out) = horde_in(&args, dir.path(), F12::UntilPicture) else {
            return;
        };
        assert!(summary(&out)["frames"].as_u64().unwrap() > 0, "{name}");
        assert_screenshot(dir.path(), 1280);
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
    let args = [
        "run",
        "--scene",
        "city",
        "--json",
        "--backend",
        "vulkan",
        "--seed",
        "2",
    ];
    // The streets arrive from the generator thread at the machine's pace: the run lasts until
    // the walker has walked.
    let Some(out) = horde_until(&args, "distance>1,columns_resident_max>0") else {
        return;
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("render-thread stall max"), "{stderr}");
    let summary = summary(&out);
    assert!(summary["frames"].as_u64().unwrap() > 0, "{summary}");
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
}

#[test]
fn the_runner_scene_plays_by_autopilot_and_streams_scenery() {
    let args = [
        "run",
        "--scene",
        "runner",
        "--autoplay",
        "--json",
        "--backend",
        "vulkan",
        "--seed",
        "3",
    ];
    // Until the scenery generator's rows arrived and were drawn.
    let until = "distance>0,scenery_rows>0,scenery_instances>0";
    let Some(out) = horde_until(&args, until) else {
        return;
    };
    let summary = summary(&out);
    assert!(summary["distance"].as_f64().unwrap() > 0.0, "{summary}");
    assert_eq!(summary["game_over"], false);
    assert_eq!(summary["pool"], 15);
    assert!(summary["scenery_rows"].as_u64().unwrap() > 0, "{summary}");
    assert!(
        summary["scenery_instances"].as_u64().unwrap() > 0,
        "{summary}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
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
        "--json",
        "--backend",
        "vulkan",
    ];
    let Some(out) = horde_until(&args, "seconds>0") else {
        return;
    };
    let summary = summary(&out);
    assert!(summary["seconds"].as_f64().unwrap() > 0.0, "{summary}");
    assert_eq!(summary["speed"], 5.0);
    assert_eq!(summary["max_same_template_active"], 1);
    assert_eq!(summary["game_over"], false, "{summary}");
    let stderr = String::from_utf8_lossy(&out.stderr);
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
        "--play-speed",
        "20",
        "--json",
        "--record",
        record.to_str().unwrap(),
    ];
    let Some(out) = horde_until(&args, "ticks>600") else {
        return;
    };
    let played = summary(&out);
    assert_eq!(played["play_speed"], 20.0, "{played}");
    let (ticks, frames) = (
        played["ticks"].as_u64().unwrap(),
        played["frames"].as_u64().unwrap(),
    );
    assert!(
        ticks > frames,
        "fast-forward ran {ticks} ticks in {frames} frames"
    );
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
