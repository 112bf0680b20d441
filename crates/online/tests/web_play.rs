//! Horde in the browser, served by the board: the web build (`crates/web/build.sh`) served at
//! `/play` by a board started with it, loaded in headless Chromium (WebGL2 through
//! SwiftShader) driven in real time over its DevTools protocol, as a player would: it draws
//! frames; after `?replay=URL` (a run's *Watch* link) it replays the run's recording to the
//! checksum the native replay gives and shows the run; a newcomer plays today's challenge and
//! it is ranked; a run is kept and watched again, a game saved (F5) and loaded (F9); the city,
//! the runner (a key makes it jump) and the platformer run, and a shipped game opens. What the
//! page did is read back from `<body>`'s `data-horde-*` attributes, and screenshots are taken.
//!
//! Needs Chromium, `rustup target add wasm32-unknown-unknown` and the wasm-bindgen CLI of the
//! crate's version, which `.ci/run` installs; where one is missing the test says so and
//! passes, unless `HORDE_REQUIRE_WEB` is set (CI sets it), when it fails.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::devtools::Page;
use common::{NO_LIMIT, lost_challenge, options, player, todays_seed};
use horde_core_sim::td::history::{Recording, checksum_hex};
use horde_online::{Client, Running};
use std::path::{Path, PathBuf};
use std::process::Command;

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

/// How long a page may take to do what is waited for (SwiftShader draws on the CPU).
const PATIENCE: u64 = 120;

/// The number after `word ` in `text` (`tick 120` → 120).
fn number_after(text: &str, word: &str) -> Option<u64> {
    let rest = &text[text.find(&format!("{word} "))? + word.len() + 1..];
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// A screenshot of `page` (PNG bytes).
fn screenshot(page: &mut Page) -> Vec<u8> {
    let shot = page.call(
        "Page.captureScreenshot",
        serde_json::json!({ "format": "png" }),
    );
    let data = shot["data"].as_str().unwrap_or_default();
    base64_decode(data)
}

/// Standard base64, decoded (a screenshot's bytes).
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    digits
        .chunks(4)
        .flat_map(|chunk| {
            let n = chunk
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
            let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            bytes.into_iter().take(chunk.len().saturating_sub(1))
        })
        .collect()
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
    with.rate = NO_LIMIT;
    let board = Running::start(&with).unwrap();
    let url = board.url();
    let client = Client::new(&url);
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
    let day = ureq_get(&format!("{url}/")).1;
    assert!(day.contains("href=\"/play?challenge=online\""), "{day}");
    let watch = format!("/play?replay=/runs/{}.rec", run.run);
    assert!(day.contains(&format!("href=\"{watch}\"")), "{day}");
    let module = ureq_get(&format!("{url}/play/horde_web_bg.wasm"));
    assert_eq!(module.0, 200);

    // Watch: the run replayed to the native checksum, then shown from its start.
    let mut page = Page::open(&dir.path().join("watcher"), &format!("{url}{watch}"));
    let checksum = page.wait_for("checksum", PATIENCE, |_| true);
    assert_eq!(page.attribute("error"), None);
    assert_eq!(checksum, checksum_hex(native.sim.checksum()));
    let ticks = native.sim.counts().ticks;
    assert_eq!(page.attribute("ticks"), Some(ticks.to_string()));
    let backend = page.wait_for("backend", PATIENCE, |_| true);
    assert!(backend == "webgl2" || backend == "webgpu", "{backend}");
    let first = page.wait_for("status", PATIENCE, |s| {
        s.starts_with("watching the run: tick ")
    });
    assert!(first.contains(&format!(" of {ticks}")), "{first}");
    let first = number_after(&first, "tick").unwrap_or(0);
    let at = |page: &mut Page| number_after(&page.attribute("status").unwrap_or_default(), "tick");
    page.wait_until("the run plays on", PATIENCE, |p| {
        at(p).is_some_and(|t| t > first)
    });
    // Its timeline: End shows its last tick, Left ten seconds before, a click on the bar
    // (the page's script sends the tick) its start.
    assert_eq!(
        page.eval("document.getElementById('timeline').hidden"),
        false
    );
    page.press("End");
    page.wait_until("End", PATIENCE, |p| at(p) == Some(ticks));
    page.press("ArrowLeft");
    page.wait_until("Left", PATIENCE, |p| {
        at(p).is_some_and(|t| t >= ticks - 600 && t < ticks)
    });
    page.eval("window.dispatchEvent(new CustomEvent('horde-seek', { detail: 30 }))");
    page.wait_until("a click on the timeline", PATIENCE, |p| {
        at(p).is_some_and(|t| t < 300)
    });
    assert_eq!(page.attribute("error"), None);
    drop(page);

    // The front door: /play alone shows the menu over the live sandbox, the shipped games
    // listed from the build's own list.
    let mut page = Page::open(&dir.path().join("front"), &format!("{url}/play"));
    page.wait_until("the sandbox behind the menu draws", PATIENCE, |p| {
        p.frames() > 0
    });
    assert_eq!(page.eval("document.getElementById('title').hidden"), false);
    let links = page.eval(
        "[...document.querySelectorAll('#title a')].map(a => a.getAttribute('href')).join(' ')",
    );
    let links = links.as_str().unwrap_or_default().to_string();
    for href in [
        "/play?challenge=online",
        "/play?scene=td",
        "/play?scene=city",
        "/play?scene=runner",
        "/play?scene=platformer",
    ] {
        assert!(links.split(' ').any(|l| l == href), "{href}: {links}");
    }
    let titles =
        page.eval("[...document.querySelectorAll('#shipped a')].map(a => a.textContent).join('|')");
    let listed: Vec<String> = horde_games::SHIPPED
        .iter()
        .map(|g| g.title.to_string())
        .collect();
    assert_eq!(titles.as_str().unwrap_or_default(), listed.join("|"));
    drop(page);

    // A shipped game: its scenario's waves on its level; + speeds it up.
    let mut page = Page::open(&dir.path().join("shipped"), &format!("{url}/play?play=2"));
    page.wait_for("status", PATIENCE, |s| {
        s.starts_with("Scenario") || s.contains("tick")
    });
    page.press("Equal");
    page.wait_for("status", PATIENCE, |s| s.ends_with("×2"));
    assert_eq!(page.attribute("error"), None);
    drop(page);

    // The stress page: `horde stress`'s board and swarm, its frame's median measured.
    let mut page = Page::open(
        &dir.path().join("stress"),
        &format!("{url}/play?stress=1000"),
    );
    page.wait_for("frame-ms", PATIENCE, |ms| {
        ms.parse::<f64>().is_ok_and(|ms| ms > 0.0)
    });
    assert_eq!(page.attribute("error"), None);
    drop(page);

    // The other scenes, each drawing frame after frame and moving on.
    for (scene, moved) in [
        ("city", "blocks made"),
        ("runner", "m,"),
        ("platformer", "s,"),
    ] {
        let mut page = Page::open(
            &dir.path().join(scene),
            &format!("{url}/play?scene={scene}&seed=3"),
        );
        assert_eq!(page.wait_for("scene", PATIENCE, |_| true), scene);
        let first = page.wait_for("status", PATIENCE, |s| s.starts_with(&format!("{scene}: ")));
        page.wait_until(&format!("the {scene} moves on"), PATIENCE, |page| {
            let now = page.attribute("status").unwrap_or_default();
            now != first && now.contains(moved)
        });
        page.wait_until(&format!("the {scene}'s frames"), PATIENCE, |p| {
            p.frames() > 10
        });
        if scene == "runner" {
            // A jump is the player's: the autopilot lets go.
            page.press("KeyW");
            page.wait_for("status", PATIENCE, |s| !s.contains("autopilot"));
        }
        if scene == "city" {
            let png = screenshot(&mut page);
            assert_eq!(&png[1..4], b"PNG");
            if std::env::var_os("HORDE_UPDATE_REFERENCE").is_some() {
                std::fs::write(root().join("docs/web-city.png"), &png).unwrap();
            }
        }
        assert_eq!(page.attribute("error"), None, "{scene}");
    }
    let mut page = Page::open(&dir.path().join("moon"), &format!("{url}/play?scene=moon"));
    page.wait_for("error", PATIENCE, |e| e.contains("scene `moon`"));
    drop(page);

    // A newcomer plays today's challenge in the browser (its edits by script: the lasers of
    // the run above), loses, and the run is submitted with the token the page got for the
    // name, verified and ranked like any other.
    let edits: String = recording
        .lines()
        .filter(|l| !l.starts_with('#') && !l.contains("checksum"))
        .map(|l| format!("{l}\n"))
        .collect();
    let script = format!("data:text/plain,{}", percent(&edits));
    let mut page = Page::open(
        &dir.path().join("newcomer"),
        &format!(
            "{url}/play?challenge=online&name=Web&script={}",
            percent(&script)
        ),
    );
    assert_eq!(page.wait_for("submitted", PATIENCE, |_| true), "201");
    assert_eq!(page.attribute("outcome").as_deref(), Some("defeat"));
    let day = client.day("today", 10).unwrap();
    let listed = day.top.iter().find(|r| r.player == "Web").unwrap();
    assert_eq!(listed.ticks, run.ticks, "the same edits, the same game");
    assert_eq!(listed.score, run.score);
    assert_eq!(page.attribute("rank"), Some(listed.rank.to_string()));
    // The player reads it on the page.
    let said = page.eval("document.getElementById('said').textContent");
    let expected = format!("Defeat. Your run is ranked #{} today.", listed.rank);
    assert_eq!(said.as_str(), Some(expected.as_str()));
    // The run is kept in the browser's storage and offered as a download...
    assert_eq!(page.attribute("recording").as_deref(), Some("stored"));
    let link = page.eval("document.getElementById('horde-recording').getAttribute('download')");
    assert_eq!(
        link.as_str(),
        Some(format!("challenge-{seed}.rec").as_str())
    );
    // ...and watched again from there, to the same end.
    page.go(&format!("{url}/play?replay=stored"));
    page.wait_for("ticks", PATIENCE, |t| t == run.ticks.to_string());
    assert_eq!(page.attribute("error"), None);
    // A challenge loads no save.
    page.go(&format!("{url}/play?challenge={seed}"));
    page.wait_until("the challenge draws", PATIENCE, |p| p.frames() > 0);
    page.press("F9");
    page.wait_for("error", PATIENCE, |e| e.contains("load"));
    drop(page);
    // A browser that kept no run says so.
    let mut page = Page::open(
        &dir.path().join("fresh"),
        &format!("{url}/play?replay=stored"),
    );
    page.wait_for("error", PATIENCE, |e| e.contains("no run kept"));
    let said = page.eval("document.getElementById('said').textContent");
    assert!(
        said.as_str()
            .is_some_and(|s| s.starts_with("Something went wrong: ")),
        "{said}"
    );
    drop(page);

    // The sandbox saved (F5), played on, and loaded back (F9): the game is the save's again.
    let profile = dir.path().join("saver");
    let mut page = Page::open(&profile, &format!("{url}/play?scene=td"));
    let at = |page: &mut Page| number_after(&page.attribute("status").unwrap_or_default(), "tick");
    page.wait_until("the sandbox plays", PATIENCE, |p| {
        at(p).is_some_and(|t| t > 30)
    });
    page.press("F5");
    page.wait_until("the save is kept", PATIENCE, |p| {
        p.eval("localStorage.getItem('horde-quick-save') !== null") == true
    });
    let saved_by = at(&mut page).unwrap_or(0);
    let link = page.eval("document.getElementById('horde-quick-save').getAttribute('download')");
    assert_eq!(link.as_str(), Some("quick.horde"));
    page.wait_until("the game goes on", PATIENCE, |p| {
        at(p).is_some_and(|t| t > saved_by + 600)
    });
    page.press("F9");
    page.wait_until("the save is loaded", PATIENCE, |p| {
        at(p).is_some_and(|t| t < saved_by + 400)
    });
    assert_eq!(page.attribute("error"), None);
    // The same save opens the sandbox.
    page.go(&format!("{url}/play?scene=td&load=quick"));
    page.wait_until("the saved game opens", PATIENCE, |p| {
        at(p).is_some_and(|t| t >= saved_by.saturating_sub(30))
    });
    drop(page);

    // Today's challenge, drawn: a picture of it.
    let mut page = Page::open(
        &dir.path().join("picture"),
        &format!("{url}/play?challenge={seed}"),
    );
    page.wait_until("the challenge draws", PATIENCE, |p| p.frames() > 2);
    let png = screenshot(&mut page);
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
