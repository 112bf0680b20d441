//! The flags of the challenge board's commands: `horde serve` (the server), `horde submit` (a
//! run to it) and `horde board` (a day's board from it). Plain clap types.

use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Flags of `horde serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Where to listen (loopback by default: put a TLS reverse proxy in front to serve
    /// others).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:7878")]
    pub addr: SocketAddr,
    /// The database: a SQLite file (default: `board.sqlite` in the data folder) or a
    /// `postgres://` URL (several servers on one Postgres are one board).
    #[arg(long, value_name = "FILE|postgres://..")]
    pub db: Option<String>,
    /// Verifier threads (default: the cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub verifiers: Option<u16>,
    /// Runs that may wait for a verifier; past it a run is refused 503 with `Retry-After`.
    #[arg(long, value_name = "Q", default_value_t = 64, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub queue: u32,
    /// The most ticks a run's replay may run (10 minutes of game are 36,000).
    #[arg(long, value_name = "T", default_value_t = 1_080_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub max_ticks: u64,
    /// Requests an address may send in a burst.
    #[arg(long, value_name = "N", default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub rate_burst: u32,
    /// Requests a second an address's burst refills at.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000))]
    pub rate_per_s: u32,
    /// The server stands behind a reverse proxy that only it can be reached through: the rate
    /// limit tells clients apart by the address the proxy forwards (`X-Forwarded-For`).
    #[arg(long)]
    pub behind_proxy: bool,
    /// Serve Horde in the browser at `/play` from this folder: the web build
    /// (`index.html`, `horde_web.js`, `horde_web_bg.wasm`; the book's chapter on the web says
    /// how to build it).
    #[arg(long, value_name = "DIR")]
    pub web: Option<std::path::PathBuf>,
}

/// Flags of `horde submit`.
#[derive(Debug, Args)]
pub struct SubmitArgs {
    /// The recording of a finished challenge game (`horde run --challenge .. --record F`).
    #[arg(value_name = "FILE")]
    pub recording: PathBuf,
    /// The board server (default: `HORDE_SERVER`, else `http://127.0.0.1:7878`).
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// The player's name: makes the player on the first submission to a server (its token is
    /// kept in the data folder, mode 0600).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// Print the server's answer as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Flags of `horde board`.
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// The day, `YYYYMMDD` (default: today).
    #[arg(long, value_name = "D")]
    pub day: Option<u64>,
    /// The board server (default: `HORDE_SERVER`, else `http://127.0.0.1:7878`).
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// Runs to list, 1–1000 (default: the server's, 100; ten are printed without `--json`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub limit: Option<u64>,
    /// Print the day as `GET /api/days/D` gives it.
    #[arg(long)]
    pub json: bool,
}
