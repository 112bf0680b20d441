//! One module per subcommand of `horde`: each turns its parsed flags (from [`crate::cli`]) into
//! work and output. The CLI contract they keep is in `docs/ARCHITECTURE.md` and README.md.

pub mod adapters;
pub mod generate;
pub mod platformer;
pub mod preview;
pub mod replay;
pub mod run;
pub mod runner;
pub mod scatter;
pub mod screenshot;
pub mod sim;
pub mod stress;
pub mod wfc;

use crate::cli::Cli;
use crate::scenes::registry;
use clap::builder::PossibleValuesParser;
use clap::{CommandFactory, FromArgMatches};

/// Parses the command line, `--scene` taking the scene registry's names (listed in `--help`,
/// and a name it does not hold refused by clap, naming the flag). Exits as clap does on
/// `--help`, `--version` and bad flags.
pub fn parse() -> Cli {
    let mut command = Cli::command();
    for name in ["run", "screenshot"] {
        command = command.mut_subcommand(name, |sub| {
            sub.mut_arg("scene", |arg| {
                arg.value_parser(PossibleValuesParser::new(registry::names()))
            })
        });
    }
    let matches = command.get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit())
}
