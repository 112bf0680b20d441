//! Horde in the browser, served by the board: the web build (`crates/web/build.sh`) served at
//! `/play` by a board started with it, loaded in headless Chromium (WebGL2 through
//! SwiftShader), which draws frames and, after `?replay=URL` (a run's *Watch* link), replays
//! the run's recording to the checksum the native replay gives; what the page did is read
//! back from `<body>`'s `data-horde-*` attributes (`--dump-dom`), and a screenshot is taken.
//!
//! Needs Chromium, `rustup target add wasm32-unknown-unknown` and the wasm-bindgen CLI of the
//! crate's version, which `.ci/run` installs; where one is missing the test says so and
//! passes, unless `HORDE_REQUIRE_WEB` is set (CI sets it), when it fails.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::{NO_LIMIT, lost_challenge, options, player, todays_seed};
use horde_core_sim::td::history::{Recording, checksum_hex};
use horde_online::{Client, Running};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What is missing to build and load the web build, if anything.
fn missing() -> Option<&'static str> {
    if !Path::new("/usr/bin/chromium").is_file() {
        return Some("Chromium (Debian's chromium)");
    }
    let bindgen = Command::new("wasm-bindgen").arg("--version").output();
    if !bindgen.is_ok_and(|o| o.status.success()) {
        return Some("the wasm-bindgen CLI (cargo install wasm-bindgen-cli --version 0.2.130)");
    }
    let sysroot = Command::new("rustc").args(["--print", "sysroot"]).output();
    let sysroot = sysroot.map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    let target = sysroot.map(|s| Path::new(&s).join("lib/rustlib/wasm32-unknown-unknown"));
    if !target.is_ok_and(|t| t.is_dir()) {
        return Some("the wasm32-unknown-unknown std (rustup target add wasm32-unknown-unknown)");
    }
    None
}

/// Builds the web build into `out` with `crates/web/build.sh`, in a target folder of its own
/// (the outer `cargo test` holds the workspace's).
fn build_web(out: &Path) {
    let result = Command::new("bash")
        .arg(root().join("crates/web/build.sh"))
        .arg(out)
        .env("CARGO_TARGET_DIR", root().join("target/web-check"))
        .output()
        .unwrap();
    assert!(
        result.status.success(),
        "building the web build:\n{}",
        String::from_utf8_lossy(&result.stderr)
    );
}

/// Headless Chromium, WebGL2 through SwiftShader, quiet on a closed network.
const BROWSER_FLAGS: [&str; 10] = [
    "--headless",
    "--no-sandbox",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--hide-scrollbars",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// Headless Chromium on `url` with `flags` (WebGL2 through SwiftShader), its standard output.
fn chromium(profile: &Path, flags: &[&str], url: &str) -> String {
    let out = Command::new("/usr/bin/chromium")
        .args(BROWSER_FLAGS)
        // Time enough for the module to load, the replay to play and frames to be drawn
        // (virtual time: it stands still while the page computes or fetches).
        .arg("--virtual-time-budget=20000")
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(flags)
        .arg(url)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Headless Chromium left running on a page (killed when dropped).
struct Background(std::process::Child);

impl Background {
    /// Opens `url` in a browser of its own (its profile in `profile`).
    fn open(profile: &Path, url: &str) -> Background {
        let child = Command::new("/usr/bin/chromium")
            .args(BROWSER_FLAGS)
            // A debugging port keeps a headless browser running once the page has loaded.
            .arg("--remote-debugging-port=0")
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(url)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        Background(child)
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The value of `<body>`'s `data-horde-NAME` in a dumped DOM.
fn body_attribute(dom: &str, name: &str) -> Option<String> {
    let body = &dom[dom.find("<body")?..];
    let body = &body[..body.find('>')?];
    let key = format!("data-horde-{name}=\"");
    let start = body.find(&key)? + key.len();
    Some(body[start..].split('"').next()?.to_string())
}

#[test]
fn the_board_serves_the_game_that_draws_and_replays_a_run_to_the_native_checksum() {
    if let Some(what) = missing() {
        assert!(
            std::env::var_os("HORDE_REQUIRE_WEB").is_none(),
            "HORDE_REQUIRE_WEB is set and {what} is missing"
        );
        eprintln!("skipped: {what} is missing");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let web = dir.path().join("web");
    build_web(&web);
    // A board without the build says how to give it one.
    let mut plain = options(&dir.path().join("plain.sqlite").display().to_string());
    plain.rate = NO_LIMIT;
    let without = Running::start(&plain).unwrap();
    let answer = ureq_get(&format!("{}/play", without.url()));
    assert_eq!(answer.0, 404);
    assert!(answer.1.contains("--web"), "{}", answer.1);

    let mut with = options(&dir.path().join("board.sqlite").display().to_string());
    with.web = Some(web.clone());
    let board = Running::start(&with).unwrap();
    let client = Client::new(&board.url());
    let seed = todays_seed(&client);
    let token = player(&client, "Ida");
    let recording = lost_challenge(seed, 2, dir.path());
    let run = client.submit(&token, &recording).unwrap().1;
    // The native replay's end: what `horde replay --json` prints.
    let path = Path::new("run.rec");
    let parsed = Recording::parse(&recording, path).unwrap();
    let sim = horde_games::start(&parsed, path).unwrap();
    let native = horde_games::check(&parsed, sim, horde_core_sim::DT).unwrap();
    assert!(native.desync.is_none());

    // Today's page links the game online, and each run's Watch.
    let page = ureq_get(&format!("{}/", board.url())).1;
    assert!(page.contains("href=\"/play?challenge=online\""), "{page}");
    let watch = format!("/play?replay=/runs/{}.rec", run.run);
    assert!(page.contains(&format!("href=\"{watch}\"")), "{page}");
    // The files, with their types.
    let module = ureq_get(&format!("{}/play/horde_web_bg.wasm", board.url()));
    assert_eq!(module.0, 200);

    let profile = dir.path().join("profile");
    let dom = chromium(
        &profile,
        &["--dump-dom"],
        &format!("{}{watch}", board.url()),
    );
    assert_eq!(body_attribute(&dom, "error"), None, "{dom}");
    assert_eq!(
        body_attribute(&dom, "checksum"),
        Some(checksum_hex(native.sim.checksum())),
        "{dom}"
    );
    assert_eq!(
        body_attribute(&dom, "ticks"),
        Some(native.sim.counts().ticks.to_string())
    );
    let frames: u64 = body_attribute(&dom, "frames").unwrap().parse().unwrap();
    assert!(frames >= 1, "{dom}");
    let backend = body_attribute(&dom, "backend").unwrap();
    assert!(backend == "webgl2" || backend == "webgpu", "{backend}");

    // The front door: /play alone shows the menu over the live sandbox.
    let dom = chromium(&profile, &["--dump-dom"], &format!("{}/play", board.url()));
    assert!(
        dom.contains("<div id=\"title\">"),
        "the menu is shown: {dom}"
    );
    assert!(dom.contains("href=\"/play?challenge=online\""), "{dom}");
    assert!(dom.contains("href=\"/play?scene=td\""), "{dom}");
    assert!(body_attribute(&dom, "frames").is_some(), "{dom}");
    // The stress page: `horde stress`'s board and swarm, drawn.
    let dom = chromium(
        &profile,
        &["--dump-dom"],
        &format!("{}/play?stress=1000", board.url()),
    );
    assert_eq!(body_attribute(&dom, "error"), None, "{dom}");
    assert!(
        body_attribute(&dom, "frames").is_some_and(|f| f != "0"),
        "{dom}"
    );
    // In a game it is not.
    let dom = chromium(
        &profile,
        &["--dump-dom"],
        &format!("{}/play?scene=td", board.url()),
    );
    assert!(dom.contains("<div id=\"title\" hidden=\"\">"), "{dom}");

    // A newcomer plays today's challenge in the browser (its edits by script: the lasers of
    // the run above), loses, and the run is submitted with the token the page got for the
    // name, verified and ranked like any other.
    let edits: String = recording
        .lines()
        .filter(|l| !l.starts_with('#') && !l.contains("checksum"))
        .map(|l| format!("{l}\n"))
        .collect();
    let script = format!("data:text/plain,{}", percent(&edits));
    let url = format!(
        "{}/play?challenge=online&name=Web&script={}",
        board.url(),
        percent(&script)
    );
    // In real time, not virtual time: the page is left running while the board is polled
    // for the run (the board answers the page's submission only once it verified the run).
    let page = Background::open(&dir.path().join("newcomer"), &url);
    let deadline = Instant::now() + Duration::from_secs(120);
    let listed = loop {
        let day = client.day("today", 10).unwrap();
        if let Some(listed) = day.top.iter().find(|run| run.player == "Web") {
            break listed.clone();
        }
        assert!(
            Instant::now() < deadline,
            "the page's run never reached the board"
        );
        std::thread::sleep(Duration::from_millis(200));
    };
    drop(page);
    assert_eq!(listed.ticks, run.ticks, "the same edits, the same game");
    assert_eq!(listed.score, run.score);

    // Today's challenge, drawn: a picture of it.
    let picture = dir.path().join("play.png");
    chromium(
        &profile,
        &[
            &format!("--screenshot={}", picture.display()),
            "--window-size=960,540",
        ],
        &format!("{}/play?challenge={seed}", board.url()),
    );
    let png = std::fs::read(&picture).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    if std::env::var_os("HORDE_UPDATE_REFERENCE").is_some() {
        std::fs::write(root().join("docs/web.png"), &png).unwrap();
    }
}

/// `GET url`: the status and the body.
fn ureq_get(url: &str) -> (u16, String) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut answer = agent.get(url).call().unwrap();
    let status = answer.status().as_u16();
    (
        status,
        answer.body_mut().read_to_string().unwrap_or_default(),
    )
}

/// `text` with everything but letters, digits and `-_.~` percent-escaped (a query's value).
fn percent(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
