//! `horde`: the Horde app. Subcommands are the CLI contract of DESIGN §6; see README.md.
//!
//! The window (`horde run`) needs the renderer, which is not built yet; until it is, `run`
//! says so and runs the headless simulation of the level instead.

mod cli;
mod levels;
mod sim_command;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp(None)
        .init();
    let cli = cli::Cli::parse();
    let result = match cli.command.unwrap_or_default() {
        cli::Command::Run(args) => sim_command::run_placeholder(&args),
        cli::Command::Sim(args) => sim_command::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
