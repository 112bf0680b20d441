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
    let towers: usize = arg("--most-towers", "100000").parse()?;
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
    // The empty tiles beside the spawn points' paths, nearest their destination first.
    let board = sim.board();
    let (w, h) = (i64::from(board.width()), i64::from(board.height()));
    let tiles = board.contents().len();
    let mut on_path = vec![false; tiles];
    for &spawn in board.spawn_points() {
        let mut tile = Some(spawn as usize);
        for _ in 0..tiles {
            let Some(t) = tile else { break };
            on_path[t] = true;
            tile = board.next_on_path(t);
        }
    }
    let mut spots: Vec<(u32, i64, i64)> = Vec::new();
    for i in 0..tiles {
        let (x, y) = ((i as i64) % w, (i as i64) / w);
        let room = matches!(board.content(i), TileContent::Empty | TileContent::Wall);
        if !room || on_path[i] {
            continue;
        }
        let beside = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (x + dx, y + dy)))
            .filter(|&(a, b)| (0..w).contains(&a) && (0..h).contains(&b))
            .map(|(a, b)| (a + b * w) as usize)
            .filter(|&n| on_path[n])
            .map(|n| board.distance(n))
            .min();
        if let Some(distance) = beside {
            spots.push((distance, x, y));
        }
    }
    spots.sort_unstable();
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
    while sim.outcome() == Outcome::Running && tick < most {
        tick += 1;
        // Edits apply at the start of the tick, as in the window.
        while next < spots.len().min(towers) {
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
        "{}: {} ticks ({:.1} min), {} towers, {} waves cleared, {}",
        out.display(),
        tick,
        tick as f64 / 3600.0,
        next,
        sim.wave_tally().cleared,
        sim.outcome().name()
    );
    Ok(())
}
