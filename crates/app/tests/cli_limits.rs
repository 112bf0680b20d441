//! Hostile sizes and counts on the command line: each is refused promptly, before anything is
//! allocated, with an error that names the flag, exit code 1 or 2, and no panic or abort.
#![allow(clippy::unwrap_used)]

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn horde(args: &[&str]) -> (Output, Duration) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .output()
        .unwrap();
    (out, start.elapsed())
}

fn city() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/wfc/city.ron")
        .to_string_lossy()
        .into_owned()
}

/// Runs `args` and checks the refusal: exit 1 or 2, `flag` named, no panic or abort, and
/// quickly (nothing was attempted).
fn refused(args: &[&str], flag: &str) {
    let (out, took) = horde(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let code = out.status.code();
    assert!(
        matches!(code, Some(1) | Some(2)),
        "{args:?}: exit {code:?}\n{stderr}"
    );
    assert!(
        stderr.contains(flag),
        "{args:?}: {flag} not named in\n{stderr}"
    );
    for bad in ["panicked", "memory allocation", "capacity overflow"] {
        assert!(!stderr.contains(bad), "{args:?}: {stderr}");
    }
    assert!(took < Duration::from_secs(20), "{args:?} took {took:?}");
}

#[test]
fn a_huge_finite_map_is_refused() {
    refused(
        &["wfc", "--modules", &city(), "--size", "1024x1024x1024"],
        "--size",
    );
}

#[test]
fn a_huge_screenshot_map_is_refused() {
    refused(
        &[
            "screenshot",
            "--scene",
            "city",
            "--view",
            "map",
            "--map-size",
            "1024x1024x1024",
            "--out",
            "never.png",
        ],
        "--map-size",
    );
    assert!(!Path::new("never.png").exists());
    // A map size for a view that draws no finite map is a mistake, said so.
    refused(
        &[
            "screenshot",
            "--scene",
            "city",
            "--map-size",
            "8x4x8",
            "--out",
            "never.png",
        ],
        "--map-size",
    );
}

#[test]
fn an_endless_stress_run_is_refused() {
    refused(
        &[
            "stress",
            "--renderer",
            "none",
            "--enemies",
            "1000",
            "--frames",
            "18446744073709551615",
        ],
        "--frames",
    );
}

#[test]
fn endless_steps_are_refused() {
    refused(&["sim", "--ticks", "18446744073709551615"], "--ticks");
    refused(
        &[
            "screenshot",
            "--frames",
            "18446744073709551615",
            "--out",
            "never.png",
        ],
        "--frames",
    );
}

#[test]
fn a_tall_infinite_region_is_refused() {
    refused(
        &[
            "wfc",
            "--modules",
            &city(),
            "--infinite",
            "--size",
            "1x1024x1",
            "--region",
            "0,0,1024x1024",
            "--out",
            "never.json",
        ],
        "--region",
    );
}
