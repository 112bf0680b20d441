//! A challenge played headless by a greedy defender, for the board's benchmarks: every tick it
//! can afford one, it puts a laser on the empty tile nearest a destination that takes one, until
//! the endless waves win; the game is recorded as the window records it.
//!
//! ```sh
//! cargo run --release -p horde-online --example challenge_bot -- --seed 41 --out run.rec
//! ```

use horde_core_sim::DT;
use horde_core_sim::td::{
    EditKind, Outcome, RecordingHeader, RecordingWriter, Simulation, SpawnSettings, TileContent,
    TowerKind, board_checksum,
};
use std::path::PathBuf;

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
    let source = horde_games::challenge(seed);
    let (board, scenario) = horde_games::game_of(&source)?;
    let header = RecordingHeader {
        source,
        board: board_checksum(&board),
        settings: SpawnSettings::default(),
        animation: false,
        seed,
        level_line: 0,
        level_text: None,
        scenario_text: None,
    };
    let mut sim = Simulation::new(board, SpawnSettings::default(), seed);
    sim.set_scenario(scenario);
    let mut writer = RecordingWriter::start(&out, header)?;
    // The empty tiles nearest a destination first.
    let board = sim.board();
    let w = i64::from(board.width());
    let at = |i: usize| ((i as i64) % w, (i as i64) / w);
    let ends: Vec<(i64, i64)> = (0..board.contents().len())
        .filter(|&i| board.content(i) == TileContent::Destination)
        .map(at)
        .collect();
    let mut spots: Vec<(i64, i64, i64)> = (0..board.contents().len())
        .filter(|&i| board.content(i) == TileContent::Empty)
        .map(|i| {
            let (x, y) = at(i);
            let near = ends
                .iter()
                .map(|&(a, b)| (a - x).abs() + (b - y).abs())
                .min();
            (near.unwrap_or(i64::MAX), x, y)
        })
        .collect();
    spots.sort_unstable();
    let laser = EditKind::Tower(TowerKind::ALL[0]);
    let mut next = 0;
    let mut tick = 0;
    while sim.outcome() == Outcome::Running && tick < most {
        tick += 1;
        // Edits apply at the start of the tick, as in the window.
        while next < spots.len() {
            let (_, x, y) = spots[next];
            match sim.edit(laser, x, y) {
                Ok(_) => {
                    writer.edit(tick, laser, x, y)?;
                    next += 1;
                }
                Err(e) if e.to_string().contains(" costs ") => break,
                Err(_) => next += 1,
            }
        }
        sim.step(DT);
        writer.after_tick(tick, &sim)?;
    }
    writer.finish()?;
    println!(
        "{}: {} ticks ({:.1} min), {} lasers, {} waves cleared, {}",
        out.display(),
        tick,
        tick as f64 / 3600.0,
        next,
        sim.wave_tally().cleared,
        sim.outcome().name()
    );
    Ok(())
}
