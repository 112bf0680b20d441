//! `horde`: the Horde app. The subcommands and their flags are documented in the manual's
//! *Commands* part (`docs/book/src/commands/`, one chapter a command); the rules of the
//! contract other tools rely on are in `docs/ARCHITECTURE.md` (the command-line contract).

mod heap;

use horde::cli::Command;
use horde::commands;
use std::process::ExitCode;

fn main() -> ExitCode {
    // First, while this is the only thread (see `heap`).
    heap::keep_freed_memory();
    env_logger::Builder::from_env(
        env_logger::Env::default()
            .default_filter_or("warn,horde=info,horde_renderer=info,egui_wgpu=error"),
    )
    .format_timestamp(None)
    .init();
    let cli = commands::parse();
    let result = match cli.command_or_run() {
        Command::Run(args) => commands::run::run(&args),
        Command::Sim(args) if args.coop.any() => commands::coop_sim::run(&args),
        Command::Sim(args) => commands::sim::run(&args),
        Command::Generate(args) => commands::generate::run(&args),
        Command::Replay(args) => commands::replay::run(&args),
        Command::Preview(args) => commands::preview::run(&args),
        Command::Adapters => commands::adapters::run(),
        Command::Screenshot(args) => commands::screenshot::run(&args),
        Command::Stress(args) => commands::stress::run(&args),
        Command::Wfc(args) => commands::wfc::run(&args),
        Command::Runner(args) => commands::runner::run(&args),
        Command::Scatter(args) => commands::scatter::run(&args),
        Command::Platformer(args) => commands::platformer::run(&args),
        Command::Serve(args) => commands::serve::run(&args),
        Command::Submit(args) => commands::submit::run(&args),
        Command::Board(args) => commands::board::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
