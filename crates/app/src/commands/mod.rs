//! One module per subcommand of `horde`: each turns its parsed flags (from [`crate::cli`]) into
//! work and output. The CLI contract they keep: every command's flags and keys in the manual
//! (`docs/book/src/commands/`), the rules in `docs/ARCHITECTURE.md`.
//!
//! The rooms, one a subcommand:
//! - in the window or on the GPU: `run.rs` (a scene in the shell's window), `screenshot.rs` (a
//!   deterministic offscreen picture of a scene), `stress.rs` (N enemies measured end to end,
//!   windowed or headless, `--sweep` and `--plot`), `adapters.rs` (the graphics adapters wgpu
//!   finds).
//! - the tower defense headless: `sim.rs` (the simulation with scripted edits, a scenario, a
//!   trace and saves), `preview.rs` (the coming wave predicted), `replay.rs` (a recording
//!   re-simulated and checked, `--at` seeking its timeline), `generate.rs` (boards from seeds
//!   written as level files), `coop_sim.rs` (a co-op game headless: `--host` or `--join`).
//! - the other games and generators headless: `runner.rs` (the endless runner),
//!   `platformer.rs` (the section treadmill), `scatter.rs` (the scenery band's first slices),
//!   `wfc/` (a finite Wave Function Collapse map, or a walk through the infinite one).
//! - the challenge board: `serve.rs` (the server), `submit.rs` (a run sent to it), `board.rs`
//!   (a day's board printed).

pub mod adapters;
pub mod board;
pub mod coop_sim;
pub mod generate;
pub mod platformer;
pub mod preview;
pub mod replay;
pub mod run;
pub mod runner;
pub mod scatter;
pub mod screenshot;
pub mod serve;
pub mod sim;
pub mod stress;
pub mod submit;
pub mod wfc;

use crate::cli::Cli;
use crate::scenes::registry;
use clap::builder::PossibleValuesParser;
use clap::{CommandFactory, FromArgMatches};

/// Parses the command line, `--scene` taking the scene registry's names (listed in `--help`,
/// and a name it does not hold refused by clap, naming the flag). Exits as clap does on
/// `--help`, `--version` and bad flags.
pub fn parse() -> Cli {
    let args = crate::cli::coop::host_speed_is_pace(std::env::args_os().collect());
    let matches = command().get_matches_from(args);
    Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit())
}

/// The command line's clap command, `--scene` taking the scene registry's names.
fn command() -> clap::Command {
    let mut command = Cli::command();
    for name in ["run", "screenshot"] {
        command = command.mut_subcommand(name, |sub| {
            sub.mut_arg("scene", |arg| {
                arg.value_parser(PossibleValuesParser::new(registry::names()))
            })
        });
    }
    command
}

/// `horde WORDS..` parsed as the command line would be (the title screen opens its picks
/// so); a bad word is an error, not an exit.
pub fn parse_words(words: &[String]) -> anyhow::Result<Cli> {
    let argv = std::iter::once("horde".into()).chain(words.iter().map(Into::into));
    let argv = crate::cli::coop::host_speed_is_pace(argv.collect());
    let matches = command().try_get_matches_from(argv)?;
    Ok(Cli::from_arg_matches(&matches)?)
}
