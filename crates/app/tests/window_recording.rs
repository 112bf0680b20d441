//! A window recording is appended to, off the render thread, not rewritten whole: `horde run
//! --record F` killed mid-game (SIGKILL: nothing of the app's own runs after it) leaves a file
//! that replays to where it ends with every checksum matching, and the file is the one the
//! header was written to (the same inode from the first checksum line to the kill); a last
//! line cut short (killed mid-write) is left out and the rest replays. Skipped
//! only where Xvfb or an adapter is missing and `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)]

mod common;

use common::skipped;
use common::xvfb::{spawn_logged, start_xvfb, wait_for_display};
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// How long the game may take to write its checksum lines, on a loaded machine.
const DEADLINE: Duration = Duration::from_secs(240);

/// The checksum lines a recording holds.
fn checksum_lines(text: &str) -> usize {
    text.lines()
        .filter(|l| l.split_whitespace().nth(1) == Some("checksum"))
        .count()
}

#[test]
fn a_window_recording_killed_mid_game_replays_to_where_it_ends() {
    let Some(xvfb) = start_xvfb() else {
        return;
    };
    wait_for_display(&xvfb.display);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("crash.rec");
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
        "--record",
        record.to_str().unwrap(),
    ];
    let (mut child, lines) = spawn_logged(&xvfb, &args, dir.path());
    let start = Instant::now();
    let mut first_inode = None;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            // The reader ends with the app's stderr: every line is in.
            let stderr = lines.iter().collect::<Vec<_>>().join("\n");
            if stderr.contains("no graphics adapter")
                && std::env::var_os("HORDE_REQUIRE_GPU").is_none()
            {
                skipped("no adapter for the window recording");
                return;
            }
            panic!("horde run ended ({status}) before it was killed:\n{stderr}");
        }
        assert!(
            start.elapsed() < DEADLINE,
            "fewer than 8 checksum lines within {DEADLINE:?}"
        );
        let text = std::fs::read_to_string(&record).unwrap_or_default();
        let lines = checksum_lines(&text);
        if lines >= 1 && first_inode.is_none() {
            first_inode = Some(std::fs::metadata(&record).unwrap().ino());
        }
        if lines >= 8 {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(
        Some(std::fs::metadata(&record).unwrap().ino()),
        first_inode,
        "the recording was rewritten, not appended to"
    );
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.ends_with('\n'), "a line cut short: {text}");
    let lines = checksum_lines(&text);
    let replayed = common::replay_json(&record, runtime.path());
    assert!(replayed["desync"].is_null(), "{replayed}");
    assert_eq!(replayed["checked"], lines as u64, "{replayed}");
    // Killed while writing a line: the part written is left out, the rest replays.
    let last = text.trim_end().lines().last().unwrap().to_string();
    assert!(last.contains(" checksum "), "{last}");
    let cut = &text[..text.len() - 10];
    std::fs::write(&record, cut).unwrap();
    let replay = Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(["replay", record.to_str().unwrap(), "--json"])
        .current_dir(runtime.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&replay.stderr);
    assert!(replay.status.success(), "{stderr}");
    assert!(stderr.contains("cut short"), "{stderr}");
    let replayed: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&replay.stdout).trim()).unwrap();
    assert!(replayed["desync"].is_null(), "{replayed}");
    assert_eq!(replayed["checked"], lines as u64 - 1, "{replayed}");
}
