//! Co-op through the `horde` binary, headless, on loopback: `horde sim --host` and `horde sim
//! --join` processes (through a relay that loses 10 % of the datagrams and delays the rest
//! 30 ± 20 ms, so they also arrive out of order), three players, a join at tick 600, a joiner
//! killed with SIGKILL (dropped after ten silent seconds, the rest finish; or reconnecting
//! under its name), a desync forced by the test-only hook, and the flags' errors.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::logged::Logged;
use common::replay_json;
use horde_lockstep::JoinCode;
use horde_lockstep::relay::{Relay, RelaySettings};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Starts `horde ARGS` in `cwd` (debug logs of the session on stderr).
fn start(args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> Logged {
    let mut command = Command::new(env!("CARGO_BIN_EXE_horde"));
    command
        .args(args)
        .current_dir(cwd)
        .env("RUST_LOG", "warn,horde_lockstep=debug")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    Logged::new(command.spawn().unwrap())
}

/// A host of the built-in board: `players`, `ticks` at `speed`; its join code.
fn host(dir: &Path, players: u32, ticks: u32, speed: u32, extra: &[&str]) -> (Logged, String) {
    let (players, ticks, speed) = (players.to_string(), ticks.to_string(), speed.to_string());
    let mut args = vec![
        "sim",
        "--host",
        "127.0.0.1:0",
        "--players",
        &players,
        "--ticks",
        &ticks,
        "--speed",
        &speed,
        "--code-out",
        "code.txt",
        "--json",
    ];
    args.extend_from_slice(extra);
    let mut host = start(&args, dir, &[]);
    let line = host.expect("join code: ", Duration::from_secs(30));
    let code = line.split("join code: ").nth(1).unwrap().trim().to_string();
    let written = std::fs::read_to_string(dir.join("code.txt")).unwrap();
    assert_eq!(written.trim(), code);
    (host, code)
}

fn join(code: &str, name: &str, cwd: &Path, extra: &[&str]) -> Logged {
    let mut args = vec!["sim", "--join", code, "--name", name, "--json"];
    args.extend_from_slice(extra);
    start(&args, cwd, &[])
}

fn script(dir: &Path, name: &str, lines: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, lines).unwrap();
    path
}

/// The summary's players: the host first, then the joiners by name (they join in any order).
fn players(summary: &serde_json::Value) -> Vec<String> {
    let mut names: Vec<String> = serde_json::from_value(summary["players"].clone()).unwrap();
    names[1..].sort();
    names
}

fn checksum(summary: &serde_json::Value) -> &str {
    summary["checksum"]
        .as_str()
        .unwrap_or_else(|| panic!("{summary}"))
}

#[test]
fn three_players_through_a_lossy_relay_end_on_the_checksum_horde_replay_gives() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let h = script(d, "h.txt", "100 wall 3 3\n300 laser 2 8\n");
    let a = script(d, "a.txt", "150 wall 4 4\n400 mortar 8 2\n");
    let b = script(d, "b.txt", "200 wall 6 6\n500 wall 7 7\n");
    let h = h.to_str().unwrap();
    let (host, code) = host(d, 3, 1200, 8, &["--script", h, "--record", "rec.txt"]);
    let fingerprint = JoinCode::parse(&code).unwrap().fingerprint;
    let relay = Relay::start(
        JoinCode::parse(&code).unwrap().addr,
        RelaySettings::lossy(11),
    )
    .unwrap();
    let through = JoinCode {
        addr: relay.addr(),
        fingerprint,
    }
    .to_string();
    let ann = join(&through, "ann", d, &["--script", a.to_str().unwrap()]);
    let bob = join(&through, "bob", d, &["--script", b.to_str().unwrap()]);
    let (ok, host_summary, host_log) = host.finish();
    assert!(ok, "{host_log}");
    let expected = checksum(&host_summary).to_string();
    assert_eq!(players(&host_summary), ["host", "ann", "bob"]);
    assert_eq!(host_summary["ticks"], 1200);
    for peer in [ann, bob] {
        let (ok, summary, log) = peer.finish();
        assert!(ok, "{log}");
        assert_eq!(checksum(&summary), expected, "{log}");
        assert_eq!(summary["players"], host_summary["players"]);
        assert_eq!(summary["ticks"], 1200);
    }
    let (_, lost) = relay.counts();
    assert!(lost > 0, "the relay lost nothing");
    // The merged recording replays to the same game, each edit under its player's name.
    let recording = std::fs::read_to_string(d.join("rec.txt")).unwrap();
    for name in ["host", "ann", "bob"] {
        assert!(recording.contains(&format!("# by {name}\n")), "{recording}");
    }
    let replayed = replay_json(Path::new("rec.txt"), d);
    assert_eq!(replayed["checksum"], expected.as_str());
    assert_eq!(replayed["ticks"], 1200);
    assert!(replayed["checked"].as_u64().unwrap() >= 20);
}

#[test]
fn two_players_win_the_siege_together() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let assets = root.join("../../assets");
    let (level, scenario) = (
        assets.join("levels/battle.txt"),
        assets.join("scenarios/siege.ron"),
    );
    let (host_half, ann_half) = (
        root.join("tests/data/coop-siege-host.txt"),
        root.join("tests/data/coop-siege-ann.txt"),
    );
    let extra = [
        "--level",
        level.to_str().unwrap(),
        "--scenario",
        scenario.to_str().unwrap(),
        "--script",
        host_half.to_str().unwrap(),
    ];
    let (host, code) = host(d, 2, 20000, 100, &extra);
    let ann = join(&code, "ann", d, &["--script", ann_half.to_str().unwrap()]);
    let (ok, host_summary, log) = host.finish();
    assert!(ok, "{log}");
    let (ok, summary, log) = ann.finish();
    assert!(ok, "{log}");
    assert_eq!(host_summary["outcome"], "victory", "{host_summary}");
    assert_eq!(summary["outcome"], "victory", "{summary}");
    assert_eq!(checksum(&summary), checksum(&host_summary));
    assert_eq!(summary["ticks"], host_summary["ticks"]);
}

#[test]
fn a_player_joining_at_tick_600_plays_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let h = script(d, "h.txt", "100 wall 3 3\n700 wall 2 2\n");
    let (mut host, code) = host(d, 1, 1500, 5, &["--script", h.to_str().unwrap()]);
    host.expect("tick 600 checked", Duration::from_secs(60));
    let late = script(d, "late.txt", "900 wall 6 6\n");
    let mut peer = join(&code, "late", d, &["--script", late.to_str().unwrap()]);
    let joined = peer.expect(
        "joined host's game as late at tick ",
        Duration::from_secs(20),
    );
    let at: u64 = joined.rsplit(' ').next().unwrap().parse().unwrap();
    assert!(at >= 600, "{joined}");
    let (ok, host_summary, log) = host.finish();
    assert!(ok, "{log}");
    let (ok, summary, log) = peer.finish();
    assert!(ok, "{log}");
    assert_eq!(checksum(&summary), checksum(&host_summary));
    assert_eq!(summary["players"], serde_json::json!(["host", "late"]));
}

#[test]
fn a_killed_peer_is_dropped_after_ten_silent_seconds_and_the_rest_finish() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (mut host, code) = host(d, 3, 900, 4, &[]);
    let ann = join(&code, "ann", d, &[]);
    let mut bob = join(&code, "bob", d, &[]);
    host.expect("tick 240 checked", Duration::from_secs(60));
    bob.child.kill().unwrap();
    let killed = Instant::now();
    let dropped = host.expect("bob was silent for 10 s: dropped", Duration::from_secs(30));
    assert!(killed.elapsed() >= Duration::from_secs(9), "{dropped}");
    let (ok, host_summary, log) = host.finish();
    assert!(ok, "{log}");
    let (ok, summary, log) = ann.finish();
    assert!(ok, "{log}");
    assert_eq!(checksum(&summary), checksum(&host_summary));
    assert_eq!(host_summary["ticks"], 900);
    assert_eq!(players(&host_summary), ["host", "ann", "bob"]);
}

#[test]
fn a_killed_peer_reconnects_under_its_name_and_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (mut host, code) = host(d, 2, 1200, 4, &[]);
    let mut ann = join(&code, "ann", d, &[]);
    host.expect("tick 240 checked", Duration::from_secs(60));
    ann.child.kill().unwrap();
    let _ = ann.child.wait();
    let b = script(d, "b.txt", "700 wall 6 6\n");
    let mut again = join(&code, "ann", d, &["--script", b.to_str().unwrap()]);
    let joined = again.expect(
        "joined host's game as ann at tick ",
        Duration::from_secs(20),
    );
    let at: u64 = joined.rsplit(' ').next().unwrap().parse().unwrap();
    assert!(at >= 240, "{joined}");
    host.expect("ann reconnects", Duration::from_secs(5));
    let (ok, host_summary, log) = host.finish();
    assert!(ok, "{log}");
    let (ok, summary, log) = again.finish();
    assert!(ok, "{log}");
    assert_eq!(checksum(&summary), checksum(&host_summary));
    assert_eq!(host_summary["players"], serde_json::json!(["host", "ann"]));
}

#[test]
fn a_forced_desync_stops_everyone_at_the_first_checked_tick_with_the_saves() {
    let dir = tempfile::tempdir().unwrap();
    let (host_dir, ann_dir) = (dir.path().join("host"), dir.path().join("ann"));
    std::fs::create_dir_all(&host_dir).unwrap();
    std::fs::create_dir_all(&ann_dir).unwrap();
    let (host, code) = host(&host_dir, 2, 1200, 8, &[]);
    let ann = start(
        &["sim", "--join", &code, "--name", "ann", "--json"],
        &ann_dir,
        &[("HORDE_TEST_PERTURB_TICK", "100")],
    );
    for (side, running, folder) in [("host", host, &host_dir), ("ann", ann, &ann_dir)] {
        let (ok, _, log) = running.finish();
        assert!(!ok, "{side} did not stop:\n{log}");
        assert!(log.contains("error: desync at tick 120"), "{side}:\n{log}");
        let save = folder.join(format!("desync-120-{side}.horde"));
        let out = Command::new(env!("CARGO_BIN_EXE_horde"))
            .args(["sim", "--ticks", "0", "--load"])
            .arg(&save)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{side}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let loaded: serde_json::Value = serde_json::from_slice(
            out.stdout
                .trim_ascii_end()
                .rsplit(|b| *b == b'\n')
                .next()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(loaded["ticks"], 120, "{side}");
    }
}

#[test]
fn bad_co_op_flags_are_errors_that_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_horde"))
            .args(args)
            .current_dir(d)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?} succeeded");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let bad = run(&["sim", "--join", "nonsense"]);
    assert!(bad.contains("ADDR#FINGERPRINT"), "{bad}");
    let players = run(&["sim", "--players", "2"]);
    assert!(players.contains("--host"), "{players}");
    let both = run(&["sim", "--host", "--join", "x#y"]);
    assert!(both.contains("cannot be used with"), "{both}");
    let pace = run(&["sim", "--host", "--speed", "0"]);
    assert!(pace.contains("pace"), "{pace}");
    let name = run(&["sim", "--host", "--name", "a<b", "--ticks", "1"]);
    assert!(name.contains("--name"), "{name}");
    // A window plays a script only as a co-op player; and a script's tile off the board is
    // named by file, line and column before any window opens.
    std::fs::write(d.join("s.txt"), "10 wall 1 1\n20 wall 40 2\n").unwrap();
    let alone = run(&["run", "--script", "s.txt"]);
    assert!(
        alone.contains("--script") && alone.contains("--host"),
        "{alone}"
    );
    let off = run(&["run", "--host", "--script", "s.txt"]);
    assert!(off.contains("s.txt:2:") && off.contains("outside"), "{off}");
}
