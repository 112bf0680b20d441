//! `horde runner`: the endless runner headless at a fixed 1/60 s step, played by the autopilot
//! or replayed from an input script, ending with a JSON summary line.

use crate::cli::RunnerArgs;
use crate::clock::STEP;
use crate::progress::Progress;
use anyhow::{Context, Result};
use horde_core_sim::runner::{
    InputRecorder, InputScript, RunFigures, RunState, Runner, RunnerSettings,
    autopilot as runner_autopilot,
};
use horde_files::write_file;

/// Runs `horde runner`.
pub fn run(args: &RunnerArgs) -> Result<()> {
    let settings = RunnerSettings::load_or_built_in(args.settings.as_deref())?;
    let mut script = match &args.input {
        Some(path) => Some(InputScript::load(path)?),
        None => None,
    };
    let mut recorder = args.record.as_ref().map(|_| InputRecorder::new());
    let mut runner = Runner::new(settings, args.seed);
    let ticks = (args.seconds / STEP).round() as u64;
    let progress = Progress::new(ticks, "ticks", !args.json);
    for tick in 1..=ticks {
        let input = match script.as_mut() {
            Some(script) => script.input(tick),
            None => runner_autopilot(&runner),
        };
        if let Some(recorder) = recorder.as_mut() {
            recorder.record(tick, input);
        }
        runner.step(input, STEP);
        progress.inc();
        if runner.state() == RunState::GameOver && script.is_none() {
            break;
        }
    }
    drop(progress);
    if let (Some(path), Some(recorder)) = (&args.record, &recorder) {
        write_file(path, recorder.text().as_bytes())
            .with_context(|| format!("--record: cannot write {}", path.display()))?;
    }
    let summary = RunFigures::of(&runner);
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        println!(
            "{:.2} s run, score {:.0}, distance {:.1}, {}; {} sections recycled in a pool of {}",
            summary.seconds,
            summary.score,
            summary.distance,
            if summary.game_over {
                "game over"
            } else {
                "still running"
            },
            summary.sections_recycled,
            summary.pool
        );
    }
    Ok(())
}
