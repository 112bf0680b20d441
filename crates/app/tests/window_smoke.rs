//! The window path under Xvfb: `horde run` opens a real window, presents frames on Vulkan and
//! on GL, and exits. Skipped only where Xvfb or an adapter is missing and `HORDE_REQUIRE_GPU`
//! is unset.
#![allow(clippy::unwrap_used)]

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A private X server, killed on drop.
struct Xvfb {
    child: Child,
    display: String,
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_xvfb(slot: u32) -> Option<Xvfb> {
    let required = std::env::var_os("HORDE_REQUIRE_GPU").is_some();
    let found = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|p| p.join("Xvfb").exists()));
    if !found {
        assert!(
            !required,
            "HORDE_REQUIRE_GPU is set but Xvfb is not installed"
        );
        eprintln!("skipped: Xvfb is not installed");
        return None;
    }
    for number in (200 + slot + 2 * (std::process::id() % 300)..)
        .step_by(7)
        .take(50)
    {
        if Path::new(&format!("/tmp/.X11-unix/X{number}")).exists() {
            continue;
        }
        let child = Command::new("Xvfb")
            .args([
                &format!(":{number}"),
                "-screen",
                "0",
                "1280x720x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let socket = format!("/tmp/.X11-unix/X{number}");
        let start = Instant::now();
        while !Path::new(&socket).exists() && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(50));
        }
        return Some(Xvfb {
            child,
            display: format!(":{number}"),
        });
    }
    panic!("no free X display number");
}

/// Runs `horde ARGS` on a private Xvfb display (display slot `slot`), with a time limit.
/// Returns `None` (skipped) where Xvfb or an adapter is missing and `HORDE_REQUIRE_GPU` is
/// unset; otherwise the output of a successful run (a failure fails the test).
fn horde_under_xvfb(slot: u32, args: &[&str]) -> Option<Output> {
    let xvfb = start_xvfb(slot)?;
    let runtime = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .env("DISPLAY", &xvfb.display)
        .env("XDG_RUNTIME_DIR", runtime.path())
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("horde {args:?} did not exit");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success()
        && stderr.contains("no graphics adapter")
        && std::env::var_os("HORDE_REQUIRE_GPU").is_none()
    {
        eprintln!("skipped: no adapter for horde {args:?}");
        return None;
    }
    assert!(out.status.success(), "horde {args:?} failed:\n{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    Some(out)
}

fn run_window(backend: &str, slot: u32) {
    let args = [
        "run",
        "--frames",
        "20",
        "--backend",
        backend,
        "--spawn-speed",
        "10",
    ];
    let Some(out) = horde_under_xvfb(slot, &args) else {
        return;
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("presented 20 frames"), "{stderr}");
}

#[test]
fn the_window_presents_frames_on_vulkan() {
    run_window("vulkan", 0);
}

#[test]
fn the_window_presents_frames_on_gl() {
    run_window("gl", 1);
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
    let Some(out) = horde_under_xvfb(2, &args) else {
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
        "--frames",
        "30",
        "--backend",
        "vulkan",
        "--seed",
        "2",
    ];
    let Some(out) = horde_under_xvfb(3, &args) else {
        return;
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("presented 30 frames"), "{stderr}");
    assert!(stderr.contains("render-thread stall max"), "{stderr}");
}

#[test]
fn the_runner_scene_plays_by_autopilot_and_streams_scenery() {
    let args = [
        "run",
        "--scene",
        "runner",
        "--frames",
        "60",
        "--autoplay",
        "--backend",
        "vulkan",
        "--seed",
        "3",
    ];
    let Some(out) = horde_under_xvfb(4, &args) else {
        return;
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("presented 60 frames"), "{stderr}");
    assert!(stderr.contains("runner Running"), "{stderr}");
    assert!(stderr.contains("in a pool of 15"), "{stderr}");
    assert!(stderr.contains("render-thread stall max"), "{stderr}");
}
