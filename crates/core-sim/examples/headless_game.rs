//! A tower-defense game played headless to its end, its state checksum printed every few
//! seconds of game time: what `horde sim --checksums` does, in a few lines of the library.
//!
//! ```sh
//! cargo run -p horde-core-sim --example headless_game
//! cargo run -p horde-core-sim --example headless_game -- --level assets/levels/battle.txt \
//!     --scenario assets/scenarios/siege.ron --script assets/scripts/siege-budget-wins.txt
//! ```
//!
//! The same level, scenario, seed and edits give the same checksums on any machine and any
//! number of threads: run it twice, or with `RAYON_NUM_THREADS=1`, and compare. And on any
//! platform: built for `wasm32-wasip1` and run under Node's WASI (`tests/wasi.rs` does), it
//! prints the same lines. `--maths platform` plays with the platform's own `sin` and `cos`, as
//! games did before (the lines may then differ between platforms).

use horde_core_sim::maths::Maths;
use horde_core_sim::td::files::{EditScript, load_level};
use horde_core_sim::td::game::{Outcome, Scenario, Simulation};
use horde_core_sim::td::history::checksum_hex;
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::{DT, TICKS_PER_SECOND};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Ticks a second: the fixed step every Horde game is played at.
/// The longest game played: an hour of game time.
const MAX_TICKS: u64 = 60 * 60 * TICKS_PER_SECOND as u64;

/// What the command line asks for.
struct Options {
    level: PathBuf,
    scenario: PathBuf,
    script: Option<PathBuf>,
    seed: u64,
    every: u64,
    maths: Maths,
}

/// The command line, or what is wrong with it.
fn options() -> Result<Options, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut options = Options {
        level: root.join("assets/levels/battle.txt"),
        scenario: root.join("assets/scenarios/example.ron"),
        script: None,
        seed: 1,
        every: 5 * u64::from(TICKS_PER_SECOND),
        maths: Maths::Portable,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag}: give it a value"));
        let number = |text: String| text.parse::<u64>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--level" => options.level = value()?.into(),
            "--scenario" => options.scenario = value()?.into(),
            "--script" => options.script = Some(value()?.into()),
            "--seed" => options.seed = number(value()?)?,
            "--every" => options.every = number(value()?)?.max(1),
            "--maths" => {
                options.maths = match value()?.as_str() {
                    "portable" => Maths::Portable,
                    "platform" => Maths::Platform,
                    other => return Err(format!("--maths: `{other}` (portable or platform)")),
                }
            }
            other => {
                return Err(format!(
                    "unknown flag {other} (--level, --scenario, --script, --seed, --every, --maths)"
                ));
            }
        }
    }
    Ok(options)
}

/// Plays the game the options describe; prints its checksums and how it ended.
fn play(options: &Options) -> Result<(), String> {
    let board = load_level(&options.level).map_err(|e| e.to_string())?;
    let scenario = Scenario::load(&options.scenario).map_err(|e| e.to_string())?;
    let script = match &options.script {
        Some(path) => Some(EditScript::load(path).map_err(|e| e.to_string())?),
        None => None,
    };
    let mut sim = Simulation::new(board, SpawnSettings::default(), options.seed);
    sim.set_maths(options.maths);
    sim.set_scenario(Some(scenario));
    let dt = DT;
    println!("tick,checksum");
    while sim.outcome() == Outcome::Running && sim.counts().ticks < MAX_TICKS {
        let tick = sim.counts().ticks + 1;
        if let Some(script) = &script {
            // An edit the rules refuse (no money, a tile left without a path) is said and
            // skipped, as in a game.
            script.apply_at(&mut sim, tick, "script", |why| eprintln!("{why}"));
        }
        sim.step(dt);
        if tick.is_multiple_of(options.every) {
            println!("{tick},{}", checksum_hex(sim.checksum()));
        }
    }
    let counts = sim.counts();
    println!("{},{}", counts.ticks, checksum_hex(sim.checksum()));
    eprintln!(
        "{:?} after {:.1} s: {} killed, {} reached, {} lives left, {} shells fired",
        counts.outcome,
        counts.ticks as f64 / f64::from(TICKS_PER_SECOND),
        counts.killed,
        counts.reached,
        counts.lives,
        counts.shots
    );
    Ok(())
}

fn main() -> ExitCode {
    match options().and_then(|options| play(&options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("headless_game: {error}");
            ExitCode::FAILURE
        }
    }
}
