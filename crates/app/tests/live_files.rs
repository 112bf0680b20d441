//! Live files in a real window (Xvfb): the TD level is rewritten while `horde run` plays it —
//! a good edit, a broken one, a fixed one. The good ones apply, the broken one keeps the board
//! and shows its error (file, line and column) in the window and the log until it is fixed; the
//! summary counts them. Without a watch (`--no-watch`) nothing is reloaded. Skipped only where
//! Xvfb or an adapter is missing and `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)]

mod common;

use common::skipped;
use common::xvfb::{Xvfb, press_key, spawn_logged as spawn, start_xvfb, summary, wait_for_display};
use std::path::Path;
use std::process::{Child, Command, Output};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// The level as it starts: the built-in board.
const LEVEL: &str = include_str!("../../../assets/levels/default.txt");

/// Reads lines from `lines` into `log` until one contains `text`; panics after `limit` or if
/// the app exits first.
fn wait_for(lines: &Receiver<String>, log: &mut Vec<String>, text: &str, limit: Duration) {
    assert!(
        seen(lines, log, text, limit),
        "no line with {text:?} in:\n{}",
        log.join("\n")
    );
}

/// Whether a line with `text` came within `limit` (false: the app ended first, or the time
/// ran out); every line read is kept in `log`.
fn seen(lines: &Receiver<String>, log: &mut Vec<String>, text: &str, limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        match lines.recv_timeout(Duration::from_millis(200)) {
            Ok(line) => {
                let found = line.contains(text);
                log.push(line);
                if found {
                    return true;
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    false
}

/// Waits for the window's renderer; false (the test is skipped) where no adapter exists and
/// `HORDE_REQUIRE_GPU` is unset.
fn started(lines: &Receiver<String>, log: &mut Vec<String>) -> bool {
    if seen(lines, log, "rendering with", Duration::from_secs(120)) {
        return true;
    }
    let all = log.join("\n");
    if all.contains("no graphics adapter") && std::env::var_os("HORDE_REQUIRE_GPU").is_none() {
        skipped("no adapter for the window");
        return false;
    }
    panic!("the window never rendered:\n{all}");
}

/// Writes `text` to `path` the way many editors save: a new file renamed over the old one.
fn save_by_rename(path: &Path, text: &str) {
    let new = path.with_extension("txt.new");
    std::fs::write(&new, text).unwrap();
    std::fs::rename(&new, path).unwrap();
}

/// What the screen of `xvfb` shows now, window and overlay (ImageMagick's `import`).
fn screen(xvfb: &Xvfb, dir: &Path, name: &str) -> image::RgbaImage {
    let path = dir.join(name);
    let status = Command::new("import")
        .args(["-window", "root"])
        .arg(&path)
        .env("DISPLAY", &xvfb.display)
        .status()
        .expect("ImageMagick's import takes the screen (apt-get install imagemagick)");
    assert!(status.success(), "import failed");
    image::open(&path).unwrap().to_rgba8()
}

/// The error pixels of the screen, taken again and again until `wanted` holds for them or
/// two minutes pass; the last count.
fn screen_until(xvfb: &Xvfb, dir: &Path, name: &str, wanted: impl Fn(usize) -> bool) -> usize {
    let start = Instant::now();
    loop {
        let pixels = error_pixels(&screen(xvfb, dir, name));
        if wanted(pixels) || start.elapsed() > Duration::from_secs(120) {
            return pixels;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Pixels of the overlay's error colour (255, 90, 90), give or take the blending.
fn error_pixels(picture: &image::RgbaImage) -> usize {
    picture
        .pixels()
        .filter(|p| p[0] > 200 && (60..=120).contains(&p[1]) && (60..=120).contains(&p[2]))
        .count()
}

/// Ends the run with Escape, waits for it and returns its output.
fn quit(xvfb: &Xvfb, mut child: Child, log: &mut Vec<String>, lines: &Receiver<String>) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "horde did not quit"
        );
        press_key(&xvfb.display, "Escape");
        std::thread::sleep(Duration::from_millis(300));
    }
    let out = child.wait_with_output().unwrap();
    log.extend(lines.try_iter());
    assert!(out.status.success(), "horde failed:\n{}", log.join("\n"));
    out
}

#[test]
fn a_level_rewritten_good_broken_fixed_reloads_twice_and_shows_the_error_while_it_lasts() {
    let Some(xvfb) = start_xvfb() else { return };
    wait_for_display(&xvfb.display);
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("level.txt");
    std::fs::write(&level, LEVEL).unwrap();
    let args = ["run", "--level", level.to_str().unwrap(), "--json"];
    let (child, lines) = spawn(&xvfb, &args, dir.path());
    let mut log = Vec::new();
    let limit = Duration::from_secs(120);
    if !started(&lines, &mut log) {
        return;
    }

    // A good edit: a wall west of the destination.
    let good = LEVEL.replacen(".....D", "....#D", 1);
    assert_ne!(good, LEVEL);
    save_by_rename(&level, &good);
    wait_for(&lines, &mut log, "reloaded", limit);

    // A broken one: the board keeps the good edit, the error names file, line and column.
    let broken = good.replacen("....#D", "....#D?", 1);
    std::fs::write(&level, &broken).unwrap();
    wait_for(&lines, &mut log, "live files:", limit);
    let error = log.last().unwrap().clone();
    assert!(error.contains("level.txt:6:"), "{error}");
    // While it lasts it is on screen (the screen is taken until it shows, or the time is up).
    let with_error = screen_until(&xvfb, dir.path(), "error.png", |pixels| pixels > 50);

    // Fixed: applied, and the error leaves the window.
    save_by_rename(&level, &good.replacen("....#D", "...#.D", 1));
    wait_for(&lines, &mut log, "reloaded", limit);
    let gone = |pixels: usize| with_error > 4 * pixels + 20;
    let fixed = screen_until(&xvfb, dir.path(), "fixed.png", gone);
    let out = quit(&xvfb, child, &mut log, &lines);
    let all = log.join("\n");
    assert!(!all.contains("panicked"), "{all}");

    let summary = summary(&out);
    assert!(summary["reloads"].as_u64().unwrap() >= 2, "{summary}");
    assert!(summary["reload_errors"].as_u64().unwrap() >= 1, "{summary}");
    assert!(summary["ticks"].as_u64().unwrap() > 0, "{summary}");
    // The error was on screen while it lasted, and left with the fix.
    assert!(
        with_error > 50 && with_error > 4 * fixed + 20,
        "{with_error} vs {fixed}"
    );
}

/// The edit is made to both the unwatched run and a watched twin on a display of its own; once
/// the twin has reloaded it, the unwatched run has had as long to see it, and has not.
#[test]
fn without_a_watch_an_edit_waits_for_the_next_start() {
    let Some(xvfb) = start_xvfb() else { return };
    let Some(twin_xvfb) = start_xvfb() else {
        return;
    };
    wait_for_display(&xvfb.display);
    wait_for_display(&twin_xvfb.display);
    let dir = tempfile::tempdir().unwrap();
    let (level, twin_level) = (dir.path().join("level.txt"), dir.path().join("twin.txt"));
    std::fs::write(&level, LEVEL).unwrap();
    std::fs::write(&twin_level, LEVEL).unwrap();
    let args = |level: &Path, watch: bool| {
        let mut args = vec!["run".to_string(), "--level".to_string()];
        args.push(level.to_str().unwrap().to_string());
        args.push("--json".to_string());
        if !watch {
            args.push("--no-watch".to_string());
        }
        args
    };
    let (unwatched, watched) = (args(&level, false), args(&twin_level, true));
    let unwatched: Vec<&str> = unwatched.iter().map(String::as_str).collect();
    let watched: Vec<&str> = watched.iter().map(String::as_str).collect();
    let (child, lines) = spawn(&xvfb, &unwatched, dir.path());
    let (twin, twin_lines) = spawn(&twin_xvfb, &watched, dir.path());
    let (mut log, mut twin_log) = (Vec::new(), Vec::new());
    if !started(&lines, &mut log) || !started(&twin_lines, &mut twin_log) {
        return;
    }
    let edited = LEVEL.replacen(".....D", "....#D", 1);
    save_by_rename(&level, &edited);
    save_by_rename(&twin_level, &edited);
    wait_for(
        &twin_lines,
        &mut twin_log,
        "reloaded",
        Duration::from_secs(120),
    );
    let out = quit(&xvfb, child, &mut log, &lines);
    quit(&twin_xvfb, twin, &mut twin_log, &twin_lines);
    let summary = summary(&out);
    assert_eq!(summary["reloads"], 0, "{summary}");
    assert_eq!(summary["reload_errors"], 0, "{summary}");
    assert!(!log.join("\n").contains("reloaded"));
}
