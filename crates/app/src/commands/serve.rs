//! `horde serve`: the challenge board's server, in the foreground until stopped, logging one
//! line a request.

use crate::cli::online::ServeArgs;
use anyhow::{Result, bail};
use horde_online::{RateLimit, Running, ServeOptions, Timeouts};

/// The default database: `board.sqlite` in the data folder.
fn default_db() -> Result<String> {
    let Some(data) = dirs::data_dir() else {
        bail!("no data folder for the board's database: give --db FILE");
    };
    Ok(data
        .join("horde")
        .join("board.sqlite")
        .display()
        .to_string())
}

/// Runs `horde serve`.
pub fn run(args: &ServeArgs) -> Result<()> {
    let db = match &args.db {
        Some(db) => db.clone(),
        None => default_db()?,
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let options = ServeOptions {
        addr: args.addr,
        db,
        verifiers: args.verifiers.map_or(cores, usize::from),
        queue: args.queue as usize,
        max_ticks: args.max_ticks,
        rate: RateLimit {
            burst: args.rate_burst,
            per_second: args.rate_per_s,
            behind_proxy: args.behind_proxy,
        },
        timeouts: Timeouts::default(),
        web: args.web.clone(),
    };
    let running = Running::start(&options)?;
    // The address on standard output, for scripts (and tests) that asked for port 0.
    println!("serving the board on {}", running.url());
    running.wait();
    Ok(())
}
