//! Saves and files as a user meets them on the command line: `horde sim --save` and `--load`
//! go on exactly where the game stopped (on 1 and 2 threads), damaged saves are refused with
//! exit 1 naming the file, and every file is written the careful way — through symbolic links
//! to their target, devices in place, `-` to standard output — and read with a cap.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn horde(args: &[&str], threads: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("horde runs")
}

fn ok(out: Output) -> Output {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn asset(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets")
        .join(path)
        .to_str()
        .unwrap()
        .to_string()
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The trace rows of ticks after `after`.
fn rows_after(csv: &str, after: u64) -> Vec<&str> {
    csv.lines()
        .skip(1)
        .filter(|line| line.split(',').next().unwrap().parse::<u64>().unwrap() > after)
        .collect()
}

#[test]
fn a_saved_game_goes_on_exactly_as_the_uninterrupted_one() {
    let dir = tempfile::tempdir().unwrap();
    let (level, scenario) = (asset("levels/battle.txt"), asset("scenarios/siege.ron"));
    let game = ["--level", &level, "--scenario", &scenario, "--seed", "11"];
    let whole = dir.path().join("whole.csv");
    let mut args = vec!["sim", "--ticks", "900", "--trace", s(&whole)];
    args.extend(game);
    ok(horde(&args, "2"));
    let whole = std::fs::read_to_string(&whole).unwrap();
    // The first tick, mid-scenario with shells in flight, and late.
    for (stop, threads) in [(1u64, "1"), (400, "2"), (777, "1"), (777, "2")] {
        let save = dir.path().join(format!("at-{stop}.horde"));
        let ticks = stop.to_string();
        let mut args = vec!["sim", "--ticks", &ticks, "--save", s(&save)];
        args.extend(game);
        ok(horde(&args, threads));
        let rest = dir.path().join("rest.csv");
        let left = (900 - stop).to_string();
        let out = ok(horde(
            &[
                "sim",
                "--load",
                s(&save),
                "--ticks",
                &left,
                "--trace",
                s(&rest),
            ],
            threads,
        ));
        let rest = std::fs::read_to_string(&rest).unwrap();
        assert_eq!(rest.lines().next(), whole.lines().next(), "the header");
        assert!(
            rows_after(&rest, 0) == rows_after(&whole, stop),
            "resumed after tick {stop} on {threads} threads: the trace differs"
        );
        let summary = String::from_utf8(out.stdout).unwrap();
        assert!(summary.starts_with("{\"ticks\":900,"), "{summary}");
    }
}

#[test]
fn load_refuses_the_flags_its_save_decides() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.horde");
    ok(horde(&["sim", "--ticks", "10", "--save", s(&save)], "2"));
    for flag in [
        ["--level", "x.txt"],
        ["--seed", "4"],
        ["--spawn-speed", "2"],
    ] {
        let out = horde(&["sim", "--load", s(&save), flag[0], flag[1]], "2");
        assert!(!out.status.success());
        assert!(stderr(&out).contains(flag[0]), "{}", stderr(&out));
    }
}

#[test]
fn damaged_saves_are_refused_with_exit_1_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.horde");
    ok(horde(&["sim", "--ticks", "300", "--save", s(&save)], "2"));
    let good = std::fs::read(&save).unwrap();
    let mut flipped = good.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x10;
    let mut future = good.clone();
    future[8] = 99;
    let cases: [(&str, Vec<u8>, &str); 6] = [
        ("empty", vec![], "empty file"),
        ("truncated", good[..good.len() - 7].to_vec(), "truncated"),
        ("flipped", flipped, "checksum"),
        ("future", future, "format version 99, from a newer Horde"),
        ("level", b"S..D\n".to_vec(), "not a Horde save"),
        ("header", good[..10].to_vec(), "truncated"),
    ];
    for (name, bytes, expected) in cases {
        let path = dir.path().join(format!("{name}.horde"));
        std::fs::write(&path, bytes).unwrap();
        let out = horde(&["sim", "--load", s(&path), "--ticks", "5"], "2");
        assert_eq!(out.status.code(), Some(1), "{name}");
        let error = stderr(&out);
        assert!(
            error.contains(&format!("{name}.horde: ")),
            "{name}: {error}"
        );
        assert!(error.contains(expected), "{name}: {error}");
        assert!(!error.contains("panicked"), "{name}: {error}");
    }
}

#[cfg(unix)]
#[test]
fn a_trace_and_a_map_through_a_symbolic_link_land_in_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let shared = dir.path().join("shared");
    std::fs::create_dir(&shared).unwrap();
    let (trace, map) = (dir.path().join("out.csv"), dir.path().join("map.json"));
    std::os::unix::fs::symlink("shared/trace.csv", &trace).unwrap();
    std::os::unix::fs::symlink(shared.join("map.json"), &map).unwrap();
    std::fs::write(shared.join("map.json"), "old").unwrap();
    ok(horde(&["sim", "--ticks", "120", "--trace", s(&trace)], "2"));
    ok(horde(
        &[
            "wfc",
            "--modules",
            &asset("wfc/city.ron"),
            "--size",
            "6x3x6",
            "--out",
            s(&map),
        ],
        "2",
    ));
    for link in [&trace, &map] {
        let kind = std::fs::symlink_metadata(link).unwrap().file_type();
        assert!(kind.is_symlink(), "{} is no longer a link", link.display());
    }
    let csv = std::fs::read_to_string(shared.join("trace.csv")).unwrap();
    assert!(csv.starts_with("tick,id,x,z,"), "{csv}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(shared.join("map.json")).unwrap()).unwrap();
    assert_eq!(json["size"], serde_json::json!([6, 3, 6]));
    let mut names: Vec<_> = std::fs::read_dir(&shared)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["map.json", "trace.csv"], "no temporary file left");
}

#[cfg(unix)]
#[test]
fn a_private_character_device_stays_a_device() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let device = dir.path().join("sink");
    let made = Command::new("mknod")
        .arg(&device)
        .args(["c", "1", "3"])
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        let root = Command::new("id").arg("-u").output().unwrap();
        assert_ne!(
            String::from_utf8_lossy(&root.stdout).trim(),
            "0",
            "root could not mknod"
        );
        eprintln!("skipped: only root can make a device node");
        return;
    }
    ok(horde(&["sim", "--ticks", "60", "--trace", s(&device)], "2"));
    ok(horde(&["sim", "--ticks", "60", "--save", s(&device)], "2"));
    let kind = std::fs::symlink_metadata(&device).unwrap().file_type();
    assert!(kind.is_char_device(), "the device became {kind:?}");
}

#[test]
fn a_dash_prints_the_trace_on_standard_output() {
    let out = ok(horde(&["sim", "--ticks", "180", "--trace", "-"], "2"));
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("tick,id,x,z,yaw_deg,scale,speed,path_offset,health,clip")
    );
    assert!(text.lines().any(|l| l.starts_with("180,")), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("{\"ticks\":180,"),
        "the summary comes last: {last}"
    );
    // JSON outputs too.
    let out = ok(horde(
        &[
            "wfc",
            "--modules",
            &asset("wfc/city.ron"),
            "--size",
            "4x3x4",
            "--out",
            "-",
        ],
        "2",
    ));
    let text = String::from_utf8(out.stdout).unwrap();
    let map: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(map["size"], serde_json::json!([4, 3, 4]));
}

/// Runs horde with `args` and waits at most `limit` for it, killing it past that.
fn finishes_within(args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("horde {args:?} still ran after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[cfg(unix)]
#[test]
fn an_endless_file_is_refused_naming_it() {
    let cases: [(&[&str], &str); 4] = [
        (&["sim", "--load", "/dev/zero"], "not a Horde save"),
        (&["sim", "--level", "/dev/zero"], "larger than"),
        (&["sim", "--script", "/dev/zero"], "larger than"),
        (&["sim", "--scenario", "/dev/zero"], "larger than"),
    ];
    for (args, expected) in cases {
        // A hang guard, not a timing: the refusal takes milliseconds.
        let out = finishes_within(args, Duration::from_secs(20));
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let error = stderr(&out);
        assert!(error.contains("/dev/zero: "), "{args:?}: {error}");
        assert!(error.contains(expected), "{args:?}: {error}");
    }
}
