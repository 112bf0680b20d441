//! `horde sim`: the headless, GPU-free simulation with scripted edits, an optional scenario
//! (the run stops at its outcome), an optional CSV trace, saving the game after the last tick
//! or continuing a saved one, and a JSON summary as the last line on stdout.

use crate::cli::SimArgs;
use crate::clock::STEP_F32;
use crate::levels;
use crate::progress::Progress;
use crate::td_counts::CountsJson;
use anyhow::{Context, Result, bail};
use horde_core_sim::td::save;
use horde_core_sim::td::script::EditScript;
use horde_core_sim::td::trace::TraceWriter;
use horde_core_sim::{Board, Counts, Outcome, Simulation};
use horde_files::OutputFile;
use std::path::Path;

/// Runs `horde sim`.
pub fn run(args: &SimArgs) -> Result<()> {
    let (mut sim, saved_dt) = match &args.load {
        Some(path) => {
            let saved = save::load(path)?;
            (saved.sim, Some(saved.dt))
        }
        None => {
            let board = levels::load(args.level.as_deref())?;
            let scenario = crate::levels::scenario(args.scenario.as_deref())?;
            let mut sim = Simulation::new(board, args.spawn.settings()?, args.seed);
            sim.set_scenario(scenario);
            sim.set_animation(args.spawn.animation);
            (sim, None)
        }
    };
    // Neither `--dt` nor a save gives a step: the window's fixed step.
    let dt = args.dt.or(saved_dt).unwrap_or(STEP_F32);
    let first = sim.counts().ticks + 1;
    let last = first + args.ticks;
    let script = match &args.script {
        Some(path) => {
            let script = EditScript::load(path)?;
            check_script_bounds(&script, sim.board(), path)?;
            for late in script
                .edits()
                .iter()
                .filter(|e| !(first..last).contains(&e.tick))
            {
                log::warn!(
                    "{}:{}: tick {} is outside this run's ticks ({first} to {}); the edit never applies",
                    path.display(),
                    late.line,
                    late.tick,
                    last - 1
                );
            }
            script
        }
        None => EditScript::default(),
    };
    let mut trace = match &args.trace {
        Some(path) => Some(TraceFile::create(path)?),
        None => None,
    };
    let progress = Progress::new(args.ticks, "ticks", true);
    for tick in first..last {
        if sim.outcome() != Outcome::Running {
            break;
        }
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
        sim.step(dt);
        if let Some(trace) = &mut trace {
            trace.write_tick(&sim)?;
        }
        progress.inc();
    }
    drop(progress);
    if let Some(trace) = trace {
        trace.finish()?;
    }
    if let Some(path) = &args.save {
        save::save(path, &sim, dt).context("--save")?;
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
