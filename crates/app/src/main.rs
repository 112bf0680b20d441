//! `horde`: the Horde app. Subcommands are the CLI contract of DESIGN §6; see README.md.

use clap::Parser;
use horde::cli::{Cli, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    env_logger::Builder::from_env(
        env_logger::Env::default()
            .default_filter_or("warn,horde=info,horde_renderer=info,egui_wgpu=error"),
    )
    .format_timestamp(None)
    .init();
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or_default() {
        Command::Run(args) => horde::window::run(&args),
        Command::Sim(args) => horde::sim_command::run(&args),
        Command::Adapters => horde::gpu::print_adapters(),
        Command::Screenshot(args) => horde::screenshot::run(&args),
        Command::Stress(args) => horde::stress::run(&args),
        Command::Wfc(args) => horde::wfc_command::run(&args),
        Command::Runner(args) => horde::runner_command::run(&args),
        Command::Scatter(args) => horde::scatter_command::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
