//! `horde preview`: the coming wave predicted headless — the game (a level and scenario, or a
//! save) played through a script's edits, then run ahead with no further input to the end of
//! the current wave or its outcome (`horde_core_sim::td::history::predict`): the same prediction the
//! window shows, printed as one line.

use crate::cli::PreviewArgs;
use crate::clock::STEP_F32;
use anyhow::{Result, bail};
use horde_core_sim::td::files::EditScript;
use horde_core_sim::td::files::load_game;
use horde_core_sim::td::history::{GameEnd, LookAhead, MAX_PREVIEW_TICKS, Prediction, TileCount};
use horde_core_sim::td::history::{PreviewError, predict_end, predict_wave};
use horde_games::{Mode, Plain, Scripted, Session, Watcher};
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The summary line, in the CLI contract's order.
#[derive(Serialize)]
struct Summary {
    wave: usize,
    from_tick: u64,
    to_tick: u64,
    lives_lost: u32,
    killed: u64,
    reached: u64,
    outcome: &'static str,
    leaks: Vec<TileCount>,
    tiles: Vec<TileCount>,
    ms: f64,
    cycle: u32,
    /// With `--end`: how the game ends if nothing changes.
    #[serde(skip_serializing_if = "Option::is_none")]
    end: Option<EndSummary>,
}

/// How the game ends (`--end`), in the summary.
#[derive(Serialize)]
struct EndSummary {
    outcome: &'static str,
    tick: u64,
    wave: u64,
    waves_cleared: u64,
}

impl From<GameEnd> for EndSummary {
    fn from(end: GameEnd) -> EndSummary {
        EndSummary {
            outcome: end.outcome.name(),
            tick: end.tick,
            wave: end.wave,
            waves_cleared: end.waves_cleared,
        }
    }
}

/// Runs `horde preview`.
pub fn run(args: &PreviewArgs) -> Result<()> {
    let (mut sim, dt) = match &args.load {
        Some(path) => {
            let saved = load_game(path)?;
            (saved.sim, saved.dt)
        }
        None => {
            let (source, seed) = crate::online::flagged_game(
                &args.board,
                args.level.as_deref(),
                args.scenario.as_deref(),
                args.seed,
            )?;
            let sim = horde_games::simulation_of(&source, Default::default(), seed)?;
            (sim, STEP_F32)
        }
    };
    if sim.scenario().is_none() {
        bail!(
            "no wave to predict: the game plays no scenario (give --scenario, or --load a scenario game)"
        );
    }
    if let Some(path) = &args.script {
        let mut session = Session::new(sim, None, Mode::Sandbox).with_dt(dt);
        play_script(&mut session, &EditScript::load(path)?, path)?;
        sim = session.into_sim();
    }
    let started = Instant::now();
    // Inside the pool, the tick's parallel passes start on one of its threads: no hand-over
    // from this thread to the pool and back for every pass of every tick.
    let never = AtomicBool::new(false);
    let (prediction, mut ahead) = crate::worker::in_pool(|| predict_wave(&sim, dt, &never))?;
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut summary = summary(prediction, ms);
    let mut game_end = None;
    if args.end {
        // As far as an hour of game from the wave's end, whatever the machine.
        let limit = LookAhead {
            ticks: MAX_PREVIEW_TICKS,
            until: None,
        };
        let end = crate::worker::in_pool(|| predict_end(&mut ahead, dt, &never, limit));
        let end = end.map_err(|e: PreviewError| anyhow::anyhow!(e))?;
        summary.end = Some(end.into());
        game_end = Some(end);
    }
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        println!(
            "wave {} (cycle {}): ticks {} to {}, {} lives lost, {} killed and {} reached by then, {}; {} destinations leak; {:.1} ms",
            summary.wave,
            summary.cycle,
            summary.from_tick,
            summary.to_tick,
            summary.lives_lost,
            summary.killed,
            summary.reached,
            summary.outcome,
            summary.leaks.len(),
            summary.ms
        );
        if let Some(end) = game_end {
            println!("the game: {}", end.sentence());
        }
    }
    Ok(())
}

/// Plays `session` through the script's edits: every tick up to its last edit's, and that
/// tick's edits applied (the prediction starts with that tick).
fn play_script(session: &mut Session, script: &EditScript, path: &std::path::Path) -> Result<()> {
    /// Logs a refused edit naming the script.
    struct Named<'a>(&'a std::path::Path);
    impl Watcher for Named<'_> {
        fn refused(&mut self, why: &str) {
            log::warn!("{}: {why}", self.0.display());
        }
    }
    let first = session.tick() + 1;
    let last = script.edits().last().map_or(0, |e| e.tick);
    let mut due = Scripted {
        script,
        what: "script",
    };
    for tick in first..=last {
        if tick < last {
            session.advance(&mut due, &mut Plain, &mut Named(path))?;
        } else {
            session.apply_due(&mut due, &mut Named(path));
        }
    }
    if last > 0 && last < first {
        log::warn!(
            "{}: its edits are before the game's tick {}; none applies",
            path.display(),
            first - 1
        );
    }
    Ok(())
}

/// The prediction as the summary prints it.
fn summary(p: Prediction, ms: f64) -> Summary {
    Summary {
        wave: p.wave,
        from_tick: p.from_tick,
        to_tick: p.to_tick,
        lives_lost: p.lives_lost,
        killed: p.killed,
        reached: p.reached,
        outcome: p.outcome.name(),
        leaks: p.leaks,
        tiles: p.tiles,
        ms: (ms * 1000.0).round() / 1000.0,
        cycle: p.cycle,
        end: None,
    }
}
