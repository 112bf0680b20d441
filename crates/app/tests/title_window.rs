//! A newcomer's first game, in a real window (Xvfb, xdotool): `horde run` with no flag opens
//! the title screen, which finds the board server (on `127.0.0.1:0`) within its 2 s; `1`
//! opens the daily challenge, online; the keys that would void it (F9, Ctrl+O: load a game)
//! are refused in the challenge's words; the run is lost (`]` plays it at 100×), Enter submits
//! it and the server ranks it; Escape comes back to the title screen and Escape there quits,
//! the summary naming the title screen and the scene opened. Skipped only where Xvfb or an
//! adapter is missing and `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::board::board_server;
use common::logged::Logged;
use common::skipped;
use common::xvfb::{press_key, spawn_logged_with, start_xvfb, wait_for_display};
use horde_online::Client;
use std::path::Path;
use std::time::{Duration, Instant};

/// Presses `key` until stderr has `text` (more often than `seen` times), polling until
/// `deadline`; whether it came.
fn press_until(
    logged: &mut Logged,
    display: &str,
    key: &str,
    (text, seen): (&str, usize),
    deadline: Instant,
) -> bool {
    while Instant::now() < deadline {
        press_key(display, key);
        let wait = Instant::now() + Duration::from_millis(1500);
        while Instant::now() < wait {
            if logged.log().matches(text).count() > seen {
                return true;
            }
            // Waits on stderr's next line (a tenth of a second at most), never spinning.
            let _ = logged.look(Instant::now(), |_| None::<()>);
        }
    }
    false
}

#[test]
fn a_newcomer_plays_the_daily_challenge_from_the_title_screen_and_is_ranked() {
    let Some(xvfb) = start_xvfb() else {
        return;
    };
    wait_for_display(&xvfb.display);
    let dir = tempfile::tempdir().unwrap();
    let board = board_server(dir.path());
    let url = board.url();
    let data = dir.path().join("data");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let env = [
        ("HORDE_SERVER", url.as_str()),
        ("XDG_DATA_HOME", data.to_str().unwrap()),
        ("USER", "newcomer"),
    ];
    let (child, lines) = spawn_logged_with(&xvfb, &["run", "--json"], &root, &env);
    let mut logged = Logged::with_lines(child, lines);
    let deadline = Instant::now() + Duration::from_secs(300);
    // The title screen asked the server, which answered.
    let answered = logged.wait_for("title screen: daily challenge: online", deadline);
    if answered.is_none() {
        let log = logged.log();
        if log.contains("no graphics adapter") && std::env::var_os("HORDE_REQUIRE_GPU").is_none() {
            skipped("no adapter for the title screen's window");
            return;
        }
        panic!("the title screen never found the server:\n{log}");
    }
    let display = xvfb.display.clone();
    // `1`: the daily challenge, online.
    let opened = ("title screen: opened td", 0);
    assert!(
        press_until(&mut logged, &display, "1", opened, deadline),
        "{}",
        logged.log()
    );
    let mode = logged.expect("td: Daily challenge · ", Duration::from_secs(30));
    assert!(mode.ends_with(" · online"), "{mode}");
    // What would void it is refused: F9 and Ctrl+O load a game.
    let refused = "refused: loading a game: fixed in a challenge";
    assert!(press_until(
        &mut logged,
        &display,
        "F9",
        (refused, 0),
        deadline
    ));
    assert!(press_until(
        &mut logged,
        &display,
        "ctrl+o",
        (refused, 1),
        deadline
    ));
    // Lost: `N` skips to each wave's end.
    let lost = ("td: the game is defeat", 0);
    assert!(
        press_until(&mut logged, &display, "n", lost, deadline),
        "{}",
        logged.log()
    );
    // Enter: submitted, and the server ranks it.
    let ranked = ("submit: newcomer's run ranks #1", 0);
    assert!(
        press_until(&mut logged, &display, "Return", ranked, deadline),
        "{}",
        logged.log()
    );
    // Escape: the title screen; Escape there: the window closes.
    let back = ("title screen: back from the scene", 0);
    assert!(press_until(&mut logged, &display, "Escape", back, deadline));
    press_key(&display, "Escape");
    let summary = logged.summary("the title screen's window", deadline);
    assert_eq!(summary["scene"], "title", "{summary}");
    assert_eq!(summary["opened"], serde_json::json!(["td"]));
    // The board ranks the run under the newcomer's name.
    let day = Client::new(&url).day("today", 10).unwrap();
    assert_eq!(day.runs, 1);
    assert_eq!(day.top[0].player, "newcomer");
}
