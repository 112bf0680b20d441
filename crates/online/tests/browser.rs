//! The board's page in a real browser: headless Chromium loads `/` and `/day/D` from the real
//! server and what a person sees is read back from the DOM it built (`--dump-dom`) — the runs
//! in rank order, the SVG board, the histogram with the viewer's score marked — and a
//! screenshot is taken. Chromium may be missing only where `HORDE_REQUIRE_BROWSER` is unset
//! (`.ci/run` installs it and sets it).
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::{NO_LIMIT, databases, lost_challenge, player, server, todays_seed};
use horde_online::Client;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The Chromium binary, if there is one.
fn chromium() -> Option<PathBuf> {
    [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
    ]
    .into_iter()
    .map(PathBuf::from)
    .find(|p| p.is_file())
}

/// Headless Chromium on `url` with `flags`, its standard output.
fn headless(browser: &Path, profile: &Path, flags: &[&str], url: &str) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            // Containers often have a small /dev/shm.
            "--disable-dev-shm-usage",
        ])
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

/// How often `needle` occurs in `hay`.
fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

#[test]
fn a_browser_shows_the_runs_in_rank_order_the_board_and_the_scores() {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("HORDE_REQUIRE_BROWSER").is_none(),
            "HORDE_REQUIRE_BROWSER is set and no Chromium is installed"
        );
        eprintln!("no Chromium: skipped (install Debian's chromium to run it)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let board = server(&databases(dir.path())[0], NO_LIMIT);
    let client = Client::new(&board.url());
    let seed = todays_seed(&client);
    let mut expected = Vec::new();
    for (name, towers) in [("Fay", 0), ("Gus", 3), ("Hal", 1)] {
        let token = player(&client, name);
        let run = client
            .submit(&token, &lost_challenge(seed, towers, dir.path()))
            .unwrap()
            .1;
        expected.push((run.score, run.ticks, name));
    }
    expected.sort_by_key(|&(score, ticks, _)| std::cmp::Reverse((score, ticks)));
    let profile = dir.path().join("profile");

    let dom = headless(
        &browser,
        &profile,
        &["--dump-dom"],
        &format!("{}/?player=Fay", board.url()),
    );
    // The runs, in rank order, as the browser laid them out.
    let mut at = 0;
    for (_, _, name) in &expected {
        let cell = format!("<td class=\"player\">{name}</td>");
        let found = dom[at..].find(&cell).map(|i| i + at);
        at = found.unwrap_or_else(|| panic!("{name} is not listed after the runs before it"));
    }
    assert_eq!(count(&dom, "<tr class=\"run\">"), 3);
    // The board: one rectangle a wall, spawn and destination tile.
    let day = client.day("today", 10).unwrap();
    let drawn = horde_games::board_of(&horde_games::challenge(day.seed).level).unwrap();
    let tiles = drawn
        .contents()
        .iter()
        .filter(|c| **c != horde_core_sim::td::tiles::TileContent::Empty)
        .count();
    assert!(dom.contains("<svg id=\"board\""));
    assert_eq!(count(&dom, "class=\"tile "), tiles);
    // The histogram: a bar a score, Fay's marked.
    assert_eq!(count(&dom, "data-score="), day.histogram.len());
    assert_eq!(count(&dom, "class=\"you\""), 1);
    assert!(dom.contains("Fay's best"));

    let dom = headless(
        &browser,
        &profile,
        &["--dump-dom"],
        &format!("{}/day/{}", board.url(), day.day),
    );
    assert_eq!(count(&dom, "<tr class=\"run\">"), 3);
    assert_eq!(count(&dom, "class=\"you\""), 0, "no viewer, nothing marked");

    // A picture of the page, as a phone-sized window shows it.
    let picture = dir.path().join("board.png");
    headless(
        &browser,
        &profile,
        &[
            &format!("--screenshot={}", picture.display()),
            "--window-size=480,1100",
        ],
        &format!("{}/?player=Fay", board.url()),
    );
    let png = std::fs::read(&picture).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    assert_eq!(width, 480);
    if std::env::var_os("HORDE_UPDATE_REFERENCE").is_some() {
        let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/board.png");
        std::fs::write(docs, &png).unwrap();
    }
}
