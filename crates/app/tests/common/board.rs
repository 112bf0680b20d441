//! A board server for a test: on `127.0.0.1:0`, SQLite in the test's folder, one verifier, a
//! rate limit no test reaches.

use horde_online::{RateLimit, Running, ServeOptions};
use std::path::Path;

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
    };
    Running::start(&options).unwrap()
}
