//! The challenge board as a player and an operator meet it, through the `horde` binary:
//! `horde serve` on `127.0.0.1:0`, a challenge played with `--challenge online` and
//! `--record`, `horde submit`, `horde board`; and `kill -9` of the server while uploads are in
//! flight, after which every run that got its 201 is listed and nothing else is.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The `horde` binary with a data folder of its own (`XDG_DATA_HOME`: tokens, databases).
fn horde(data: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_horde"));
    command
        .env("XDG_DATA_HOME", data)
        .env_remove("HORDE_SERVER")
        .env("RUST_LOG", "warn");
    command
}

/// `horde serve` over `db`, and its URL once it listens (read from its first line); its log
/// (a line a request) goes to `server.log` in `data`.
fn serve(data: &Path, db: &Path) -> (Child, String) {
    let log = std::fs::File::options()
        .create(true)
        .append(true)
        .open(data.join("server.log"))
        .unwrap();
    let mut child = horde(data)
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .args(["--rate-burst", "100000", "--rate-per-s", "1000"])
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line.trim().rsplit(' ').next().unwrap().to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{line}");
    (child, url)
}

/// Runs `command`; its standard output (the test fails on a non-zero exit, with stderr).
fn output(command: &mut Command) -> String {
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A challenge of today on `url` played headless to its defeat and recorded into `path`.
fn play_online(data: &Path, url: &str, path: &Path) {
    output(
        horde(data)
            .args([
                "sim",
                "--challenge",
                "online",
                "--server",
                url,
                "--ticks",
                "200000",
            ])
            .arg("--record")
            .arg(path),
    );
}

#[test]
fn a_player_plays_online_submits_and_sees_the_run_ranked() {
    let dir = tempfile::tempdir().unwrap();
    let (mut server, url) = serve(dir.path(), &dir.path().join("board.sqlite"));
    let run = dir.path().join("run.rec");
    play_online(dir.path(), &url, &run);

    let submitted = output(
        horde(dir.path())
            .args(["submit", "--server", &url, "--name", "Ana", "--json"])
            .arg(&run),
    );
    let answer: serde_json::Value = serde_json::from_str(&submitted).unwrap();
    assert_eq!(answer["rank"], 1, "{submitted}");
    assert_eq!(answer["outcome"], "defeat");
    // The token was kept, for the owner only: the next submission needs no name.
    let tokens = dir.path().join("horde/board-tokens");
    let mode =
        std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&tokens).unwrap().permissions());
    assert_eq!(mode & 0o777, 0o600);
    let again = output(
        horde(dir.path())
            .args(["submit", "--server", &url])
            .arg(&run),
    );
    assert!(again.contains("ranks #1 (submitted before)"), "{again}");

    let board = output(horde(dir.path()).args(["board", "--server", &url, "--json"]));
    let board: serde_json::Value = serde_json::from_str(&board).unwrap();
    assert_eq!(board["runs"], 1);
    assert_eq!(board["top"][0]["player"], "Ana");
    assert_eq!(board["top"][0]["run"], answer["run"]);

    // What `horde replay` says of the recording the server keeps.
    let kept = dir.path().join("kept.rec");
    let text = horde_online::Client::new(&url)
        .text(&format!(
            "{url}/runs/{}.rec",
            answer["run"].as_str().unwrap()
        ))
        .unwrap();
    std::fs::write(&kept, text).unwrap();
    let replayed = output(horde(dir.path()).args(["replay", "--json"]).arg(&kept));
    let replayed: serde_json::Value = serde_json::from_str(&replayed).unwrap();
    assert_eq!(replayed["score"], answer["score"]);
    assert_eq!(replayed["ticks"], answer["ticks"]);

    // A refusal is the server's reason, exit 1.
    let forged = dir.path().join("forged.rec");
    let text = std::fs::read_to_string(&run).unwrap();
    std::fs::write(&forged, text.replace("#! seed ", "#! seed 1")).unwrap();
    let out = horde(dir.path())
        .args(["submit", "--server", &url])
        .arg(&forged)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("refused (422)"), "{error}");
    let page = horde_online::Client::new(&url)
        .text(&format!("{url}/?player=Ana"))
        .unwrap();
    assert!(page.contains("Ana"));
    server.kill().unwrap();
    server.wait().unwrap();

    // A line a request, and never the token: not in the log, not on the page.
    let log = std::fs::read_to_string(dir.path().join("server.log")).unwrap();
    assert!(log.contains("POST /api/runs 201"), "{log}");
    assert!(log.contains("POST /api/runs 422"), "{log}");
    let kept = std::fs::read_to_string(&tokens).unwrap();
    let token = kept.split(' ').nth(1).unwrap();
    assert_eq!(token.len(), 43, "{kept}");
    assert!(!log.contains(token), "the token is in the server's log");
    assert!(!page.contains(token), "the token is on the page");
}

#[test]
fn an_unreachable_server_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    // A port nobody listens on: bind one, then let it go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("http://127.0.0.1:{port}");
    let out = horde(dir.path())
        .args([
            "sim",
            "--challenge",
            "online",
            "--server",
            &url,
            "--ticks",
            "10",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(
        error.contains("--challenge online") && error.contains(&url),
        "{error}"
    );
    assert!(error.contains("cannot be reached"), "{error}");
}

#[test]
fn a_run_that_got_its_201_survives_kill_9_and_nothing_else_appears() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("board.sqlite");
    let (mut server, url) = serve(dir.path(), &db);
    let run = dir.path().join("run.rec");
    play_online(dir.path(), &url, &run);
    let recording = std::fs::read_to_string(&run).unwrap();
    let client = horde_online::Client::new(&url);
    let tokens: Vec<String> = (0..40)
        .map(|i| client.new_player(&format!("p{i}")).unwrap().token)
        .collect();
    let (sender, answers) = std::sync::mpsc::channel();
    for token in tokens {
        let (sender, url, recording) = (sender.clone(), url.clone(), recording.clone());
        std::thread::spawn(move || {
            let answer = horde_online::Client::new(&url).submit(&token, &recording);
            let _ = sender.send(answer.ok().map(|(status, run)| (status, run.run)));
        });
    }
    drop(sender);
    // Kill the server once a few runs got their 201, while the rest are in flight.
    let mut acknowledged = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    while acknowledged.len() < 3 {
        assert!(Instant::now() < deadline, "no run was acknowledged");
        if let Ok(Some((201, id))) = answers.recv_timeout(Duration::from_millis(50)) {
            acknowledged.push(id);
        }
    }
    server.kill().unwrap(); // SIGKILL
    server.wait().unwrap();
    // Whatever else came back before the kill.
    while let Ok(answer) = answers.recv_timeout(Duration::from_secs(5)) {
        if let Some((201, id)) = answer {
            acknowledged.push(id);
        }
    }
    let (mut server, url) = serve(dir.path(), &db);
    let day = horde_online::Client::new(&url).day("today", 1000).unwrap();
    let listed: Vec<&str> = day.top.iter().map(|r| r.run.as_str()).collect();
    for id in &acknowledged {
        assert!(
            listed.contains(&id.as_str()),
            "run {id} got its 201 and is gone"
        );
    }
    // Nothing but runs of the submitted recording: at most one a player, at most 40.
    assert!(
        day.runs as usize >= acknowledged.len() && day.runs <= 40,
        "{}",
        day.runs
    );
    let mut unique = listed.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), listed.len(), "no run listed twice");
    server.kill().unwrap();
    server.wait().unwrap();
}
