//! The forecast in a real window (Xvfb): the siege is played to its defeat, the panel says the
//! game is over; taken a tick back (`,`, which pauses), the panel says it is predicting and
//! never again that the game is over until the new forecast is in, and that forecast is the
//! running game's, with how it ends. The panel's lines are read from the log, where the window
//! says them as they change. Skipped only where Xvfb or an adapter is missing and
//! `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)]

mod common;

use common::skipped;
use common::xvfb::{press_key, spawn_logged, start_xvfb, wait_for_display};
use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The next panel line (`forecast panel: …`) within `limit`, every line read kept in `log`.
fn next_panel(lines: &Receiver<String>, log: &mut Vec<String>, limit: Duration) -> Option<String> {
    let start = Instant::now();
    while start.elapsed() < limit {
        match lines.recv_timeout(Duration::from_millis(100)) {
            Ok(line) => {
                log.push(line.clone());
                if let Some(at) = line.find("forecast panel: ") {
                    return Some(line[at + "forecast panel: ".len()..].to_string());
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return None,
        }
    }
    None
}

#[test]
fn after_a_seek_the_window_never_shows_the_lost_game() {
    let Some(xvfb) = start_xvfb() else {
        return;
    };
    wait_for_display(&xvfb.display);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let runtime = tempfile::tempdir().unwrap();
    let (level, scenario) = (
        root.join("assets/levels/battle.txt"),
        root.join("assets/scenarios/siege.ron"),
    );
    let args = [
        "run",
        "--level",
        level.to_str().unwrap(),
        "--scenario",
        scenario.to_str().unwrap(),
        "--play-speed",
        "20",
    ];
    let (mut child, lines) = spawn_logged(&xvfb, &args, runtime.path());
    let mut log = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(240);
    // Played to its defeat: the panel says the game is over.
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match next_panel(&lines, &mut log, left) {
            Some(panel) if panel.contains("the game is over") => break,
            Some(_) => {}
            None => {
                let _ = child.kill();
                let _ = child.wait();
                let all = log.join("\n");
                if all.contains("no graphics adapter")
                    && std::env::var_os("HORDE_REQUIRE_GPU").is_none()
                {
                    skipped("no adapter for the window");
                    return;
                }
                panic!("the panel never said the game is over:\n{all}");
            }
        }
    }
    // A tick back (`,`, which pauses): a running game. Pressed again until the panel changes
    // (each press another tick back, the game still running and paused).
    let mut panel = None;
    while panel.is_none() {
        assert!(Instant::now() < deadline, "{}", log.join("\n"));
        press_key(&xvfb.display, "comma");
        panel = next_panel(&lines, &mut log, Duration::from_secs(3));
    }
    let mut panel = panel.unwrap();
    assert!(panel.contains("predicting"), "after the seek: {panel}");
    // Until the new forecast is in, never the lost game.
    while !panel.starts_with("forecast: wave") {
        assert!(!panel.contains("the game is over"), "{}", log.join("\n"));
        let left = deadline.saturating_duration_since(Instant::now());
        panel = next_panel(&lines, &mut log, left)
            .unwrap_or_else(|| panic!("no new forecast:\n{}", log.join("\n")));
    }
    // And then how the running game ends: lost again, in its third wave.
    while !panel.contains("if nothing changes: lost at wave 3") {
        assert!(!panel.contains("the game is over"), "{}", log.join("\n"));
        let left = deadline.saturating_duration_since(Instant::now());
        panel = next_panel(&lines, &mut log, left)
            .unwrap_or_else(|| panic!("no game end:\n{}", log.join("\n")));
    }
    let _ = child.kill();
    let _ = child.wait();
}
