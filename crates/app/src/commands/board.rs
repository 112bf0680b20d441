//! `horde board`: a day's challenge board from the server — the JSON of `GET /api/days/D` with
//! `--json`, else its top runs as lines.

use crate::cli::online::BoardArgs;
use crate::online::server_url;
use anyhow::Result;
use horde_online::Client;

/// Runs `horde board`.
pub fn run(args: &BoardArgs) -> Result<()> {
    let client = Client::new(&server_url(args.server.as_deref()));
    let day = args.day.map_or("today".to_string(), |d| d.to_string());
    let board = client.day(&day, args.limit)?;
    let shown = args.limit.map_or(10, |n| n as usize);
    if args.json {
        println!("{}", serde_json::to_string(&board)?);
        return Ok(());
    }
    println!(
        "day {} on {}: seed {} (horde run --challenge {}), {} runs",
        board.day,
        client.base(),
        board.seed,
        board.seed,
        board.runs
    );
    for run in board.top.iter().take(shown) {
        let seconds = run.ticks / u64::from(horde_core_sim::TICKS_PER_SECOND);
        println!(
            "{:>4}. {:<24} {:>4} waves  {}:{:02}  {}/runs/{}.rec",
            run.rank,
            run.player,
            run.score,
            seconds / 60,
            seconds % 60,
            client.base(),
            run.run
        );
    }
    Ok(())
}
