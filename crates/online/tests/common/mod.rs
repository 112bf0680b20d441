//! What the board's tests share: a server on `127.0.0.1:0` over a database (a temporary
//! SQLite file, or `HORDE_TEST_POSTGRES` where set), and challenge recordings played headless
//! to their defeat.
#![allow(dead_code, clippy::unwrap_used)] // each test file uses part of it

pub mod defender;
pub mod devtools;

use horde_core_sim::DT;
use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::history::RecordingWriter;
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::EditKind;
use horde_online::{Client, RateLimit, Running, ServeOptions};
use std::path::Path;

/// A generous rate limit, for tests that are not about it.
pub const NO_LIMIT: RateLimit = RateLimit {
    burst: 100_000,
    per_second: 100_000,
    behind_proxy: false,
};

/// Server options on a free port of loopback over `db`.
pub fn options(db: &str) -> ServeOptions {
    ServeOptions {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.to_string(),
        verifiers: 2,
        queue: 16,
        max_ticks: 400_000,
        rate: NO_LIMIT,
        timeouts: Default::default(),
        web: None,
    }
}

/// The databases the suite runs each test on: a SQLite file in `dir`, and where
/// `HORDE_TEST_POSTGRES` names a Postgres server (`.ci/run` starts one), a fresh database of
/// its own there too.
pub fn databases(dir: &Path) -> Vec<String> {
    let mut all = vec![dir.join("board.sqlite").display().to_string()];
    if let Ok(url) = std::env::var("HORDE_TEST_POSTGRES")
        && !url.is_empty()
    {
        all.push(fresh_postgres(&url));
    }
    all
}

/// A database of its own on the Postgres server at `url` (`postgres://user@host/db`): made
/// with a random name, so tests running side by side never meet.
fn fresh_postgres(url: &str) -> String {
    let name = format!(
        "horde_test_{}",
        &horde_online::sha256_hex(&rand_bytes())[..12]
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        use sqlx::Executor;
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(url).await.unwrap();
        pool.execute(format!("CREATE DATABASE {name}").as_str())
            .await
            .unwrap();
    });
    match url.rfind('/') {
        Some(slash) if slash > "postgres://".len() => format!("{}/{name}", &url[..slash]),
        _ => format!("{url}/{name}"),
    }
}

/// Bytes that differ from test to test.
fn rand_bytes() -> Vec<u8> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!(
        "{now}-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    )
    .into_bytes()
}

/// A server over `db` with `rate`.
pub fn server(db: &str, rate: RateLimit) -> Running {
    let mut options = options(db);
    options.rate = rate;
    Running::start(&options).unwrap()
}

/// The recording of the challenge of `seed` played headless to its defeat, with up to
/// `towers` lasers placed at tick 1 (the first empty tiles, in board order, that take one).
pub fn lost_challenge(seed: u64, towers: usize, dir: &Path) -> String {
    let source = horde_games::challenge(seed);
    let mode = horde_games::mode_of(Some(&source), seed, true);
    let settings = SpawnSettings::default();
    let mut session = horde_games::Session::open(&source, settings, seed, mode).unwrap();
    let board = session.sim().board();
    let header = horde_games::recording_header(&source, board, settings, false, seed).unwrap();
    let path = dir.join(format!("run-{seed}-{towers}.rec"));
    let mut writer = RecordingWriter::start(&path, header).unwrap();
    // Lasers beside the spawn points' paths, nearest their destination first.
    let empty = defender::spots_beside_paths(session.sim().board(), false);
    let mut placed = 0;
    for (x, y) in empty {
        if placed == towers {
            break;
        }
        let kind = EditKind::Tower(TowerKind::ALL[0]);
        if session.edit(kind, x, y).is_ok() {
            writer.edit(1, kind, x, y).unwrap();
            placed += 1;
        }
    }
    let mut tick = 0;
    while !session.decided() {
        assert!(tick < 300_000, "the challenge of {seed} never ended");
        session.step().unwrap();
        tick += 1;
        writer.after_tick(tick, session.sim()).unwrap();
    }
    writer.finish().unwrap();
    std::fs::read_to_string(&path).unwrap()
}

/// Today's seed on `client`'s server.
pub fn todays_seed(client: &Client) -> u64 {
    client.day("today", 10).unwrap().seed
}

/// A player made on `client`'s server: its token.
pub fn player(client: &Client, name: &str) -> String {
    client.new_player(name).unwrap().token
}

/// The status and body of a raw request to `url` (`method`, `body`, headers).
pub fn raw(
    method: &str,
    url: &str,
    headers: &[(&str, &str)],
    body: Option<Vec<u8>>,
) -> (u16, String, Option<String>) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let request = ureq::http::Request::builder().method(method).uri(url);
    let request = headers
        .iter()
        .fold(request, |r, (k, v)| r.header(*k, *v))
        .body(body.unwrap_or_default())
        .unwrap();
    let mut response = agent.run(request).unwrap();
    let retry = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let status = response.status().as_u16();
    let body = response.body_mut().read_to_string().unwrap_or_default();
    (status, body, retry)
}

/// The waves cleared and ticks survived of a challenge recording, as `horde replay` finds them.
pub fn end_of(recording: &str) -> (u64, u64) {
    let path = Path::new("run.rec");
    let parsed = horde_core_sim::td::history::Recording::parse(recording, path).unwrap();
    let sim = horde_games::start(&parsed, path).unwrap();
    let end = horde_games::check(&parsed, sim, DT).unwrap().sim;
    (end.wave_tally().cleared, end.counts().ticks)
}
