//! A board server for a test: on `127.0.0.1:0`, SQLite in the test's folder, one verifier, a
//! rate limit no test reaches; and the window's *Submit* waited on until the server ranks the
//! run.

use horde::scenes::td::submit::{Answer, Submission, SubmitPanel};
use horde_online::{RateLimit, Running, ServeOptions};
use std::path::Path;
use std::time::Instant;

/// A board server keeping its database in `dir`.
pub fn board_server(dir: &Path) -> Running {
    let options = ServeOptions {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: dir.join("board.sqlite").display().to_string(),
        verifiers: 1,
        queue: 4,
        max_ticks: 1_000_000,
        rate: RateLimit {
            burst: 1000,
            per_second: 1000,
            behind_proxy: false,
        },
        timeouts: Default::default(),
        web: None,
    };
    Running::start(&options).unwrap()
}

/// Polls `panel` until the server answered its submission, failing the test at `deadline`
/// or on any answer but a rank: the rank.
pub fn ranked(panel: &mut SubmitPanel, deadline: Instant) -> &Answer {
    while matches!(panel.state, Submission::Sending(_)) {
        assert!(Instant::now() < deadline, "no answer from the server");
        std::thread::yield_now();
        panel.poll();
    }
    match &panel.state {
        Submission::Ranked(answer) => answer,
        other => panic!("not ranked: {other:?}"),
    }
}
