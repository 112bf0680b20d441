//! An endless game grown to swarm scale, headless: the tick, game time, wave and cycle at
//! which the enemies alive first reach each of 10k, 100k and 1M, and the step's time there
//! (the median of the next 60 ticks). What BENCHMARKS.md's "Endless waves at swarm scale"
//! quotes.
//!
//! ```sh
//! cargo run --release -p horde-core-sim --example endless_growth -- \
//!     --level assets/levels/siege-bench.txt --scenario assets/scenarios/endless-bench.ron \
//!     --towers 200 --until 1000000
//! ```
//!
//! `--winding SIDE` plays on the stress board instead (`winding_board(SIDE, SIDE, 64, 8)`, as
//! `horde stress` does: room for 10k towers at 256). `--towers N` turns walls into towers (lasers and mortars in turn, the walls nearest the
//! board's south-west first) until the board has N; `--until ALIVE` stops after the threshold
//! at or above it; `--seed N`. The game is seeded and takes no input, so the ticks are the
//! same on every machine; the times are this machine's.

use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::files::load_level;
use horde_core_sim::td::game::{Outcome, Scenario, Simulation};
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::{EditKind, TileContent, winding_board};
use horde_core_sim::{DT, TICKS_PER_SECOND};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Ticks a second: the fixed step every Horde game is played at.
/// The populations reported.
const THRESHOLDS: [usize; 3] = [10_000, 100_000, 1_000_000];
/// Ticks timed at each threshold.
const TIMED: usize = 60;
/// The longest game played: two hours of game time.
const MAX_TICKS: u64 = 2 * 60 * 60 * TICKS_PER_SECOND as u64;

/// What the command line asks for.
struct Options {
    level: PathBuf,
    winding: Option<u32>,
    scenario: PathBuf,
    towers: usize,
    until: usize,
    seed: u64,
}

/// The command line, or what is wrong with it.
fn options() -> Result<Options, String> {
    let mut options = Options {
        level: "assets/levels/siege-bench.txt".into(),
        winding: None,
        scenario: "assets/scenarios/endless-bench.ron".into(),
        towers: 0,
        until: 100_000,
        seed: 1,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag}: give it a value"));
        let number = |text: String| text.parse::<u64>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--level" => options.level = value()?.into(),
            "--winding" => options.winding = Some(number(value()?)? as u32),
            "--scenario" => options.scenario = value()?.into(),
            "--towers" => options.towers = number(value()?)? as usize,
            "--until" => options.until = number(value()?)? as usize,
            "--seed" => options.seed = number(value()?)?,
            other => {
                return Err(format!(
                    "unknown flag {other} (--level, --winding, --scenario, --towers, --until, --seed)"
                ));
            }
        }
    }
    Ok(options)
}

/// Turns walls into towers until `sim`'s board has `wanted`.
fn add_towers(sim: &mut Simulation, wanted: usize) -> Result<(), String> {
    let board = sim.board().clone();
    let mut have = sim.towers().len();
    let kinds = [TowerKind::Laser, TowerKind::Mortar];
    for tile in 0..board.tile_count() {
        if have >= wanted {
            return Ok(());
        }
        if board.content(tile) == TileContent::Wall {
            let (x, y) = board.coords(tile);
            let kind = kinds[have % kinds.len()];
            if sim.edit(EditKind::Tower(kind), x.into(), y.into()).is_ok() {
                have += 1;
            }
        }
    }
    if have < wanted {
        return Err(format!(
            "--towers {wanted}: the board has room for only {have}"
        ));
    }
    Ok(())
}

/// Plays the game until the enemies alive pass `--until`, printing a JSON line a threshold.
fn play(options: &Options) -> Result<(), String> {
    let board = match options.winding {
        Some(side) => winding_board(side, side, 64, 8).map_err(|e| format!("--winding: {e}"))?,
        None => load_level(&options.level).map_err(|e| e.to_string())?,
    };
    let scenario = Scenario::load(&options.scenario).map_err(|e| e.to_string())?;
    let mut sim = Simulation::new(board, SpawnSettings::default(), options.seed);
    sim.set_scenario(Some(scenario));
    add_towers(&mut sim, options.towers)?;
    let towers = sim.towers().len();
    let dt = DT;
    let started = Instant::now();
    let mut times = Vec::with_capacity(TIMED);
    for threshold in THRESHOLDS {
        if threshold > options.until.max(THRESHOLDS[0]) {
            break;
        }
        while sim.enemies().len() < threshold {
            if sim.outcome() != Outcome::Running || sim.counts().ticks >= MAX_TICKS {
                return Err(format!(
                    "the game ended ({:?}) at tick {} with {} alive",
                    sim.outcome(),
                    sim.counts().ticks,
                    sim.enemies().len()
                ));
            }
            sim.step(dt);
        }
        let (tick, alive) = (sim.counts().ticks, sim.enemies().len());
        let state = sim.scenario_state().ok_or("no scenario")?;
        let (cycle, wave) = (state.cycle() + 1, sim.wave_tally().cleared);
        times.clear();
        for _ in 0..TIMED {
            let step = Instant::now();
            sim.step(dt);
            times.push(step.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{{\"threshold\":{threshold},\"alive\":{alive},\"tick\":{tick},\"game_s\":{:.1},\"cycle\":{cycle},\"waves_cleared\":{wave},\"towers\":{towers},\"step_ms_p50\":{:.2},\"wall_s\":{:.1}}}",
            tick as f64 / f64::from(TICKS_PER_SECOND),
            times[TIMED / 2],
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    match options().and_then(|options| play(&options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("endless_growth: {error}");
            ExitCode::FAILURE
        }
    }
}
