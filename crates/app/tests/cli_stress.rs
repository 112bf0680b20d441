//! `horde stress` prints every field of the CLI contract (the manual's `horde stress` chapter,
//! `docs/book/src/commands/stress.md`) as valid JSON, with and without a GPU.
#![allow(clippy::unwrap_used)]

mod common;

use horde_renderer::BackendChoice;
use std::process::Command;

fn stress(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_horde"))
        .arg("stress")
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.lines().last().unwrap()).unwrap()
}

/// `horde stress` drawing `enemies` offscreen on Vulkan at 320×180 for `frames` frames, with
/// `extra` flags: its JSON report.
fn headless_vulkan(frames: &str, enemies: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "--frames",
        frames,
        "--enemies",
        enemies,
        "--json",
        "--headless",
        "--backend",
        "vulkan",
        "--size",
        "320x180",
    ];
    args.extend_from_slice(extra);
    stress(&args)
}

/// `horde stress ARGS --renderer none` is refused as a usage error (status 2), its message
/// naming every one of `says`.
fn refused(args: &[&str], says: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_horde"))
        .arg("stress")
        .args(args)
        .args(["--renderer", "none"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(says.iter().all(|s| stderr.contains(s)), "{stderr}");
}

fn check_contract(report: &serde_json::Value, enemies: u64, frames: u64) {
    assert_eq!(report["enemies"], enemies);
    assert_eq!(report["frames"], frames);
    for key in ["backend", "adapter"] {
        assert!(report[key].is_string(), "{key}");
    }
    assert!(report["threads"].as_u64().unwrap() >= 1);
    assert!(report["enemy_draw_calls"].is_u64());
    for key in ["sim_ms", "upload_ms", "frame_ms"] {
        let stat = &report[key];
        let (p50, p95, max) = (
            stat["p50"].as_f64().unwrap(),
            stat["p95"].as_f64().unwrap(),
            stat["max"].as_f64().unwrap(),
        );
        assert!(0.0 <= p50 && p50 <= p95 && p95 <= max, "{key}: {stat}");
    }
    assert!(report["fps_p50"].as_f64().unwrap() > 0.0);
    assert!(
        report["frame_ms"]["p50"].as_f64().unwrap() >= report["sim_ms"]["p50"].as_f64().unwrap()
    );
}

#[test]
fn renderer_none_reports_the_simulation_alone() {
    let report = stress(&[
        "--frames",
        "5",
        "--enemies",
        "1000",
        "--json",
        "--renderer",
        "none",
    ]);
    check_contract(&report, 1000, 5);
    assert_eq!(report["backend"], "none");
    assert_eq!(report["adapter"], "none");
    assert_eq!(report["enemy_draw_calls"], 0);
    assert_eq!(report["upload_ms"]["max"], 0.0);
    assert!(report["sim_ms"]["p50"].as_f64().unwrap() > 0.0);
}

#[test]
fn headless_on_the_software_adapter_draws_the_swarm_in_one_call() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let report = headless_vulkan("5", "1000", &[]);
    check_contract(&report, 1000, 5);
    assert_eq!(report["backend"], "vulkan");
    assert_eq!(report["enemy_draw_calls"], 1);
    assert!(report["upload_ms"]["p50"].as_f64().unwrap() > 0.0);
    let fixed = stress(&[
        "--frames",
        "3",
        "--enemies",
        "1000",
        "--json",
        "--headless",
        "--static-instances",
        "--size",
        "320x180",
    ]);
    assert_eq!(fixed["static_instances"], true);
    assert_eq!(fixed["sim_ms"]["max"], 0.0);
}

#[test]
fn both_cube_paths_draw_the_swarm_in_one_call_and_say_how() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let run = |cube: &str, size: &str| {
        stress(&[
            "--frames",
            "3",
            "--enemies",
            "3000",
            "--json",
            "--headless",
            "--backend",
            "vulkan",
            "--size",
            size,
            "--cube",
            cube,
        ])
    };
    let full = run("full", "320x180");
    assert_eq!(
        (full["cube"].as_str(), full["cube_path"].as_str()),
        (Some("full"), Some("mesh"))
    );
    assert_eq!(full["enemy_draw_calls"], 1);
    // 256 tiles across 180 pixels: every enemy a pixel or two, one triangle each, pulled.
    let visible = run("visible", "320x180");
    assert_eq!(visible["cube"], "visible");
    assert_eq!(visible["cube_path"], "small-pulled");
    assert_eq!(visible["enemy_draw_calls"], 1);
    // At 4K the largest enemies at the board's near edge are wider than that: three faces.
    let large = run("visible", "3840x2160");
    assert_eq!(large["cube_path"], "three-face-pulled");
    assert_eq!(large["enemy_draw_calls"], 1);
    // The default is the visible cube.
    let default = stress(&[
        "--frames",
        "2",
        "--enemies",
        "100",
        "--json",
        "--headless",
        "--size",
        "320x180",
    ]);
    assert_eq!(default["cube"], "visible");
}

#[test]
fn a_bad_cube_choice_names_the_flag() {
    refused(&["--cube", "round"], &["--cube", "full"]);
}

#[test]
fn the_population_is_held_at_n() {
    // Every step reclaims some enemies and the top-up replaces them before the next step.
    use clap::Parser;
    use horde::cli::{Cli, Command as Cmd};
    let cli = Cli::parse_from(["horde", "stress", "--enemies", "3000", "--renderer", "none"]);
    let Some(Cmd::Stress(args)) = cli.command else {
        panic!()
    };
    let mut sim = horde::stress::step::stress_simulation(&args).unwrap();
    let mut out = vec![horde_core_sim::td::swarm::ModelInstance::zeroed_instance(); 4000];
    let mut reclaimed = 0;
    for _ in 0..600 {
        sim.populate(3000 - sim.enemies().len());
        assert_eq!(sim.enemies().len(), 3000);
        let before = sim.counts().reclaimed;
        let n = sim.step_and_write(1.0 / 60.0, &mut out).unwrap();
        reclaimed += sim.counts().reclaimed - before;
        // Spawning is off: only reclaims change the population within a step.
        assert!((3000 - 100..=3000).contains(&n), "{n}");
    }
    assert!(reclaimed > 0);
}

/// `--towers N`: N walls become lasers and mortars that fire on the swarm (mortars launch
/// shells, lasers kill), reported beside the contract keys; more towers than walls is an error
/// naming the flag.
#[test]
fn towers_fire_on_the_stress_swarm() {
    let report = stress(&[
        "--renderer",
        "none",
        "--enemies",
        "20000",
        "--frames",
        "240",
        "--towers",
        "400",
        "--json",
    ]);
    check_contract(&report, 20000, 240);
    assert_eq!(report["towers"], 400);
    assert!(
        report["shots"].as_u64().unwrap() > 0,
        "mortars fired: {report}"
    );
    assert!(
        report["killed"].as_u64().unwrap() > 0,
        "towers killed: {report}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_horde"))
        .args([
            "stress",
            "--renderer",
            "none",
            "--enemies",
            "10",
            "--towers",
            "999999",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && stderr.contains("--towers"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// `--priority P` gives every tower that targeting priority and says so in the report
/// (`random` by default); a name that is no priority is refused naming the flag and the names.
#[test]
fn every_tower_takes_the_priority_asked_for() {
    let base = [
        "--renderer",
        "none",
        "--enemies",
        "5000",
        "--frames",
        "30",
        "--towers",
        "200",
        "--json",
    ];
    let report = stress(&base);
    assert_eq!(report["priority"], "random");
    for priority in ["first", "closest", "weakest"] {
        let mut args = base.to_vec();
        args.extend(["--priority", priority]);
        let report = stress(&args);
        check_contract(&report, 5000, 30);
        assert_eq!(report["priority"], priority);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(["stress", "--renderer", "none", "--priority", "nearest"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("--priority"), "{stderr}");
    assert!(
        stderr.contains("random, first, last, strongest, weakest or closest"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// `horde stress ARGS`: its stdout lines and stderr, after checking it succeeded.
fn stress_lines(args: &[&str]) -> (Vec<serde_json::Value>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_horde"))
        .arg("stress")
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{args:?}: {stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (lines, stderr)
}

/// The chart at `path`, parsed as XML: its `<circle>` markers (one per p50 point of a panel)
/// and all its text.
fn chart(path: &std::path::Path) -> (usize, String) {
    let text = std::fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("not XML: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let circles = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "circle")
        .count();
    let words: String = doc
        .descendants()
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ");
    (circles, words)
}

#[test]
fn a_sweep_of_three_counts_prints_three_reports_and_a_chart_of_three_points_a_series() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("sweep.svg");
    let (lines, stderr) = stress_lines(&[
        "--renderer",
        "none",
        "--sweep",
        "1000,4000,2000",
        "--frames",
        "4",
        "--json",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(lines.len(), 3, "{lines:?}");
    for (line, n) in lines.iter().zip([1000, 4000, 2000]) {
        check_contract(line, n, 4);
    }
    assert!(stderr.contains("chart of 3 runs"), "{stderr}");
    let (circles, words) = chart(&svg);
    // Two panels (frame and sim), one series, three counts.
    assert_eq!(circles, 6, "{words}");
    for text in [
        "enemies", "frame_ms", "sim_ms", "p50", "p95", "1k", "2k", "4k",
    ] {
        assert!(words.contains(text), "{text} missing: {words}");
    }
}

#[test]
fn both_cubes_swept_are_two_series() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("cubes.svg");
    let (lines, _) = stress_lines(&[
        "--renderer",
        "none",
        "--sweep",
        "1000,3000,9000",
        "--cube",
        "full,visible",
        "--frames",
        "3",
        "--json",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    let cubes: Vec<&str> = lines.iter().map(|l| l["cube"].as_str().unwrap()).collect();
    assert_eq!(
        cubes,
        ["full", "full", "full", "visible", "visible", "visible"]
    );
    let (circles, words) = chart(&svg);
    assert_eq!(circles, 12);
    assert!(
        words.contains("full cube") && words.contains("visible cube"),
        "{words}"
    );
}

#[test]
fn a_gpu_sweep_measures_each_count_offscreen() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let (lines, _) = stress_lines(&[
        "--backend",
        "vulkan",
        "--size",
        "320x180",
        "--sweep",
        "500,1500,4500",
        "--frames",
        "3",
        "--json",
    ]);
    assert_eq!(lines.len(), 3);
    for (line, n) in lines.iter().zip([500, 1500, 4500]) {
        check_contract(line, n, 3);
        assert_eq!(line["backend"], "vulkan");
        assert_eq!(line["enemy_draw_calls"], 1);
    }
}

#[test]
fn bad_sweeps_are_refused_naming_the_flag() {
    for (args, expected) in [
        (&["--sweep", "1000,abc"][..], "--sweep"),
        (&["--sweep", "0,10"][..], "--sweep"),
        (&["--sweep", "10", "--enemies", "10"][..], "--enemies"),
        (&["--cube", "full,round"][..], "--cube"),
        (&["--sweep", "10", "--json", "--plot", "-"][..], "--plot"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_horde"))
            .args(["stress", "--renderer", "none", "--frames", "1"])
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        // Clap's usage errors exit 2; the command's own refusals 1.
        let code = if expected == "--plot" { 1 } else { 2 };
        assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn a_chart_that_cannot_be_written_is_refused_before_anything_is_measured() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no such folder").join("chart.svg");
    for (plot, says) in [
        (missing.as_path(), "No such file"),
        (dir.path(), "is a folder"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_horde"))
            .args(["stress", "--renderer", "none", "--frames", "2", "--json"])
            .args(["--sweep", "1000,2000", "--plot"])
            .arg(plot)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{plot:?}: {stderr}");
        assert!(
            stderr.contains("--plot") && stderr.contains(says),
            "{stderr}"
        );
        assert!(out.stdout.is_empty(), "measured first: {:?}", out.stdout);
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // Nothing was left in the folder (no temporary file of the refused chart).
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_chart_on_standard_output_is_all_that_goes_there() {
    let out = Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(["stress", "--renderer", "none", "--frames", "2"])
        .args(["--sweep", "1000,2000", "--plot", "-"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let svg = String::from_utf8(out.stdout).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}: {svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    // The reports went to standard error instead.
    assert_eq!(stderr.matches(" enemies, 2 frames").count(), 2, "{stderr}");
}

#[test]
fn quality_says_how_the_frames_were_lit_and_what_the_shadow_pass_drew() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let run = |quality: &str| headless_vulkan("3", "2000", &["--quality", quality]);
    let low = run("low");
    assert_eq!(low["quality"], "low");
    assert_eq!(low["shadow_draw_calls"], 0);
    for quality in ["medium", "high"] {
        let lit = run(quality);
        check_contract(&lit, 2000, 3);
        assert_eq!(lit["quality"], quality);
        // The colour pass draws the enemies in one call; so does the shadow pass, beside the
        // board's batches.
        assert_eq!(lit["enemy_draw_calls"], 1);
        let shadow = lit["shadow_draw_calls"].as_u64().unwrap();
        assert!(shadow >= 2, "{quality}: {shadow}");
    }
    // Without a renderer there is no quality.
    let none = stress(&[
        "--frames",
        "2",
        "--enemies",
        "100",
        "--json",
        "--renderer",
        "none",
    ]);
    assert_eq!(none["quality"], "none");
    assert_eq!(none["shadow_draw_calls"], 0);
}

#[test]
fn a_bad_quality_names_the_flag_and_the_levels() {
    refused(
        &["--quality", "ultra"],
        &["--quality", "low, medium or high"],
    );
}
