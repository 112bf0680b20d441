//! A challenge played headless by a greedy defender, for the board's benchmarks: every tick it
//! can afford one, it puts a tower (`--kind`, a name of the kind table: `laser` by default) on
//! the empty or wall tile beside the spawn points' paths nearest their destination that takes
//! one,
//! until the endless waves win; the game is recorded as the window records it.
//!
//! ```sh
//! cargo run --release -p horde-online --example challenge_bot -- --seed 41 --out run.rec \
//!     [--kind laser|mortar] [--order near|far] [--most-towers N] [--max-ticks T]
//! ```

use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::history::RecordingWriter;
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::EditKind;
use std::path::PathBuf;

#[path = "../tests/common/defender.rs"]
mod defender;

/// The value after `flag` in the arguments, or `default`.
fn arg(flag: &str, default: &str) -> String {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| default.to_string())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed: u64 = arg("--seed", "41").parse()?;
    let out = PathBuf::from(arg("--out", "run.rec"));
    let most: u64 = arg("--max-ticks", "200000").parse()?;
    let towers: usize = arg("--most-towers", "100000").parse()?;
    let source = horde_games::challenge(seed);
    let mode = horde_games::mode_of(Some(&source), seed, false);
    let mut session = horde_games::Session::open(&source, SpawnSettings::default(), seed, mode)?;
    let header = horde_games::recording_header(
        &source,
        session.sim().board(),
        SpawnSettings::default(),
        false,
        seed,
    )?;
    let mut writer = RecordingWriter::start(&out, header)?;
    // The empty and wall tiles beside the spawn points' paths, nearest their destination first.
    let mut spots = defender::spots_beside_paths(session.sim().board(), true);
    if arg("--order", "near") == "far" {
        spots.reverse();
    }
    let kind = arg("--kind", "laser");
    let kind = (TowerKind::ALL.iter().copied())
        .find(|k| k.name() == kind)
        .ok_or_else(|| format!("no tower kind `{kind}`"))?;
    let laser = EditKind::Tower(kind);
    let mut next = 0;
    let mut tick = 0;
    while !session.decided() && tick < most {
        tick += 1;
        // Edits apply at the start of the tick, as in the window.
        while next < spots.len().min(towers) {
            let (x, y) = spots[next];
            match session.edit(laser, x, y) {
                Ok(_) => {
                    writer.edit(tick, laser, x, y)?;
                    next += 1;
                }
                Err(e) if e.to_string().contains(" costs ") => break,
                Err(_) => next += 1,
            }
        }
        session.step()?;
        writer.after_tick(tick, session.sim())?;
    }
    writer.finish()?;
    println!(
        "{}: {} ticks ({:.1} min), {} towers, {} waves cleared, {}",
        out.display(),
        tick,
        tick as f64 / 3600.0,
        next,
        session.sim().wave_tally().cleared,
        session.sim().outcome().name()
    );
    Ok(())
}
