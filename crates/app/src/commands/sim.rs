//! `horde sim`: the headless, GPU-free simulation with scripted edits, an optional scenario
//! (the run stops at its outcome), an optional CSV trace, and a JSON summary as the last line
//! on stdout.

use crate::cli::SimArgs;
use crate::levels;
use crate::progress::Progress;
use crate::td_counts::CountsJson;
use anyhow::{Context, Result, bail};
use horde_core_sim::td::script::EditScript;
use horde_core_sim::td::trace::TraceWriter;
use horde_core_sim::{Board, Counts, Outcome, Simulation};
use horde_files::OutputFile;
use std::path::Path;

/// Runs `horde sim`.
pub fn run(args: &SimArgs) -> Result<()> {
    let board = levels::load(args.level.as_deref())?;
    let script = match &args.script {
        Some(path) => {
            let script = EditScript::load(path)?;
            check_script_bounds(&script, &board, path)?;
            for late in script.edits().iter().filter(|e| e.tick > args.ticks) {
                log::warn!(
                    "{}:{}: tick {} comes after the last tick ({}); the edit never applies",
                    path.display(),
                    late.line,
                    late.tick,
                    args.ticks
                );
            }
            script
        }
        None => EditScript::default(),
    };
    let scenario = crate::levels::scenario(args.scenario.as_deref())?;
    let settings = args.spawn.settings()?;
    let mut sim = Simulation::new(board, settings, args.seed);
    sim.set_scenario(scenario);
    let mut trace = match &args.trace {
        Some(path) => Some(TraceFile::create(path)?),
        None => None,
    };
    let progress = Progress::new(args.ticks, "ticks", true);
    for tick in 1..=args.ticks {
        for edit in script.at_tick(tick) {
            if let Err(refused) = sim.edit(edit.kind, edit.x, edit.y) {
                log::warn!(
                    "tick {tick}: script line {}: {:?} at ({}, {}) refused: {refused}",
                    edit.line,
                    edit.kind,
                    edit.x,
                    edit.y
                );
            }
        }
        sim.step(args.dt);
        if let Some(trace) = &mut trace {
            trace.write_tick(&sim)?;
        }
        progress.inc();
        if sim.outcome() != Outcome::Running {
            break;
        }
    }
    drop(progress);
    if let Some(trace) = trace {
        trace.finish()?;
    }
    println!("{}", summary_json(sim.counts())?);
    Ok(())
}

/// Renders the summary line (the CLI contract's keys, in its order).
fn summary_json(counts: Counts) -> serde_json::Result<String> {
    serde_json::to_string(&CountsJson::from(counts))
}

/// Every scripted edit must name a tile of the board: a typo is an error, not a silent no-op.
fn check_script_bounds(script: &EditScript, board: &Board, path: &Path) -> Result<()> {
    for edit in script.edits() {
        if board.index(edit.x, edit.y).is_none() {
            bail!(
                "{}:{}:{}: tile ({}, {}) is outside the {}×{} board",
                path.display(),
                edit.line,
                edit.column,
                edit.x,
                edit.y,
                board.width(),
                board.height()
            );
        }
    }
    Ok(())
}

/// A trace written to a temporary file beside its target and renamed into place at the end,
/// so an interrupted run never clobbers an earlier trace.
struct TraceFile {
    writer: TraceWriter<OutputFile>,
    target: std::path::PathBuf,
}

impl TraceFile {
    fn create(target: &Path) -> Result<TraceFile> {
        let context = || format!("--trace: cannot write {}", target.display());
        let file = OutputFile::create(target).with_context(context)?;
        let writer = TraceWriter::new(file).with_context(context)?;
        Ok(TraceFile {
            writer,
            target: target.to_path_buf(),
        })
    }

    fn write_tick(&mut self, sim: &Simulation) -> Result<()> {
        self.writer
            .write_tick(sim)
            .with_context(|| format!("--trace: cannot write {}", self.target.display()))
    }

    fn finish(self) -> Result<()> {
        let context = || format!("--trace: cannot write {}", self.target.display());
        let file = self.writer.finish().with_context(context)?;
        file.commit().with_context(context)
    }
}
