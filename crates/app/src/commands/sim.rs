//! `horde sim`: the headless, GPU-free simulation with scripted edits, an optional scenario
//! (the run stops at its outcome), an optional CSV trace, saving the game after the last tick
//! or continuing a saved one, and a JSON summary as the last line on stdout.

use crate::cli::SimArgs;
use crate::clock::STEP_F32;
use crate::progress::Progress;
use crate::td_counts::CountsJson;
use anyhow::{Context, Result, bail};
use horde_core_sim::td::files::EditScript;
use horde_core_sim::td::files::TraceWriter;
use horde_core_sim::td::files::{game_from_bytes, game_to_bytes, load_game, save_game_with_source};
use horde_core_sim::td::game::GameSource;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::history::RecordingWriter;
use horde_core_sim::td::history::checksum_hex;
use horde_core_sim::td::history::header_if_any;
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::Board;
use horde_files::{OutputFile, TEXT_CAP, read_text};
use horde_games::{Plain, Scripted, Session, Watcher};
use serde::Serialize;
use std::io::Write;
use std::path::Path;

/// Runs `horde sim`, on the rayon pool ([`crate::worker::in_pool`]).
pub fn run(args: &SimArgs) -> Result<()> {
    crate::worker::in_pool(|| run_here(args))
}

/// Runs `horde sim` on the calling thread.
fn run_here(args: &SimArgs) -> Result<()> {
    args.coop.check().map_err(anyhow::Error::msg)?;
    if args.board.challenge.is_some()
        && (args.spawn.animation || args.spawn.settings()? != SpawnSettings::default())
    {
        bail!(
            "--challenge plays the built-in endless scenario as it is: the spawn flags (--spawn-speed, --scale, --speed, --path-offset, --animation) cannot change it"
        );
    }
    if args.record.is_some() && args.dt.is_some_and(|dt| dt != STEP_F32) {
        bail!(
            "--record: a recording plays at the window's step (1/60 s), and a game played with --dt {} would not replay from it",
            args.dt.unwrap_or(STEP_F32)
        );
    }
    let (sim, saved_dt, source) = open_game(args)?;
    // Neither `--dt` nor a save gives a step: the window's fixed step.
    let dt = args.dt.or(saved_dt).unwrap_or(STEP_F32);
    let first = sim.counts().ticks + 1;
    let last = first + args.ticks;
    let script = match &args.script {
        Some(path) => {
            let text = read_text(path, TEXT_CAP)?;
            let script = EditScript::parse(&text, path)?;
            // A recording plays only on the board it was made on (a save carries its own).
            if let Some(header) = header_if_any(&text, path)?
                && args.load.is_none()
            {
                header.check_board(sim.board(), path)?;
            }
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
    let mut checksums = match &args.checksums {
        Some(path) => Some(ChecksumFile::create(path, args.checksum_every)?),
        None => None,
    };
    let recording = match &args.record {
        Some(path) => {
            // `--record` conflicts with `--load`: the flags name the game.
            let source = source.clone().unwrap_or_else(GameSource::built_in);
            let (settings, animation) = (*sim.settings(), args.spawn.animation);
            let start = horde_games::recording_header(
                &source,
                sim.board(),
                settings,
                animation,
                sim.seed(),
            )?;
            Some(RecordingWriter::start(path, start).context("--record")?)
        }
        None => None,
    };
    let online = args.board.challenge == Some(crate::cli::board::Challenge::Online);
    let mode = horde_games::mode_of(source.as_ref(), sim.seed(), online);
    // Heavy mode: a second game, saved and loaded after every tick, beside this one.
    let mut heavy = args
        .heavy
        .then(|| Session::new(sim.clone(), None, mode.clone()).with_dt(dt));
    let mut session = Session::new(sim, source.clone(), mode).with_dt(dt);
    if let Some(recording) = recording {
        session.start_recording(recording);
    }
    let mut outputs = Outputs {
        trace: trace.as_mut(),
        checksums: checksums.as_mut(),
        refused: 0,
    };
    let progress = Progress::new(args.ticks, "ticks", true);
    for tick in first..last {
        if session.decided() {
            break;
        }
        let mut due = Scripted {
            script: &script,
            what: "script",
        };
        session.advance(&mut due, &mut Plain, &mut outputs)?;
        if let Some(reloaded) = &mut heavy {
            reloaded.advance(&mut due, &mut Plain, &mut Quiet)?;
            let through = through_a_save(reloaded.sim(), dt, tick)?;
            reloaded.replace_sim(through);
            let (expected, got) = (session.sim().checksum(), reloaded.sim().checksum());
            if expected != got {
                bail!(
                    "--heavy: tick {tick}: the game saved and loaded after every tick has checksum {}, the uninterrupted game {}: the save lost part of the game",
                    checksum_hex(got),
                    checksum_hex(expected)
                );
            }
        }
        progress.inc();
    }
    let refused_edits = outputs.refused;
    let sim = session.into_sim();
    drop(progress);
    if let Some(trace) = trace {
        trace.finish()?;
    }
    if let Some(checksums) = checksums {
        checksums.finish(&sim)?;
    }
    if let Some(path) = &args.save {
        save_game_with_source(path, &sim, dt, source.as_ref()).context("--save")?;
    }
    println!("{}", summary_json(&sim, refused_edits)?);
    Ok(())
}

/// What watches `horde sim`'s game besides the session's recording: the trace, the checksum
/// lines, and the count of refused edits.
struct Outputs<'a> {
    trace: Option<&'a mut TraceFile>,
    checksums: Option<&'a mut ChecksumFile>,
    refused: u64,
}

impl Watcher for Outputs<'_> {
    fn refused(&mut self, why: &str) {
        self.refused += 1;
        log::warn!("{why}");
    }

    fn after(&mut self, _: u64, sim: &Simulation) -> Result<()> {
        if let Some(trace) = &mut self.trace {
            trace.write_tick(sim)?;
        }
        if let Some(checksums) = &mut self.checksums {
            checksums.tick(sim)?;
        }
        Ok(())
    }
}

/// Watches nothing and logs nothing (heavy mode's second game refuses what the first did).
struct Quiet;

impl Watcher for Quiet {
    fn refused(&mut self, _: &str) {}
}

/// The game the flags name: the flags' (its source with it), or the loaded save's (with the
/// step it was played at, and its source where it names one).
pub(crate) fn open_game(args: &SimArgs) -> Result<(Simulation, Option<f32>, Option<GameSource>)> {
    Ok(match &args.load {
        Some(path) => {
            let saved = load_game(path)?;
            (saved.sim, Some(saved.dt), saved.source)
        }
        None => {
            let (source, seed) = crate::online::flagged_game(
                &args.board,
                args.level.as_deref(),
                args.scenario.as_deref(),
                args.seed,
            )?;
            let mut sim = horde_games::simulation_of(&source, args.spawn.settings()?, seed)?;
            sim.set_animation(args.spawn.animation);
            (sim, None, Some(source))
        }
    })
}

/// `horde sim`'s summary line of `sim`: [`summary_json`], and under co-op the last tick's
/// checksum (hex) and the players, the host first.
pub(crate) fn coop_summary_json(
    sim: &Simulation,
    refused_edits: u64,
    players: Vec<String>,
) -> serde_json::Result<String> {
    serde_json::to_string(&Summary {
        counts: CountsJson::from(sim.counts()),
        money: sim.money(),
        refused_edits,
        waves_cleared: sim.endless().then(|| sim.wave_tally().cleared),
        checksum: Some(checksum_hex(sim.checksum())),
        players: Some(players),
    })
}

/// `sim` written to the save format and read back (heavy mode).
fn through_a_save(sim: &Simulation, dt: f32, tick: u64) -> Result<Simulation> {
    let bytes = game_to_bytes(sim, dt).with_context(|| format!("--heavy: tick {tick}: saving"))?;
    let saved = game_from_bytes(&bytes, Path::new("(--heavy, in memory)"))
        .with_context(|| format!("--heavy: tick {tick}: loading the game just saved"))?;
    Ok(saved.sim)
}

/// The summary line: the CLI contract's keys, in its order, then `money` (under a budget),
/// `refused_edits` (the script's edits that were refused, for any reason) and, under endless
/// waves, `waves_cleared`.
#[derive(Serialize)]
struct Summary {
    #[serde(flatten)]
    counts: CountsJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    money: Option<u32>,
    refused_edits: u64,
    /// Under endless waves: the waves cleared, the game's score.
    #[serde(skip_serializing_if = "Option::is_none")]
    waves_cleared: Option<u64>,
    /// Co-op: the last tick's checksum, hex.
    #[serde(skip_serializing_if = "Option::is_none")]
    checksum: Option<String>,
    /// Co-op: everyone who played, the host first.
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<Vec<String>>,
}

/// Renders the summary line.
fn summary_json(sim: &Simulation, refused_edits: u64) -> serde_json::Result<String> {
    serde_json::to_string(&Summary {
        counts: CountsJson::from(sim.counts()),
        money: sim.money(),
        refused_edits,
        waves_cleared: sim.endless().then(|| sim.wave_tally().cleared),
        checksum: None,
        players: None,
    })
}

/// Every scripted edit must name a tile of the board: a typo is an error, not a silent no-op.
pub(crate) fn check_script_bounds(script: &EditScript, board: &Board, path: &Path) -> Result<()> {
    script.check_on(board, path).map_err(anyhow::Error::msg)
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

/// `--checksums`: `tick,checksum` lines every `every` ticks and after the last, written to a
/// temporary file and renamed into place at the end.
struct ChecksumFile {
    file: OutputFile,
    target: std::path::PathBuf,
    every: u64,
    /// The last tick written.
    written: u64,
}

impl ChecksumFile {
    fn create(target: &Path, every: u64) -> Result<ChecksumFile> {
        let context = || format!("--checksums: cannot write {}", target.display());
        let mut file = OutputFile::create(target).with_context(context)?;
        file.write_all(b"tick,checksum\n").with_context(context)?;
        Ok(ChecksumFile {
            file,
            target: target.to_path_buf(),
            every,
            written: 0,
        })
    }

    /// After a tick: its line, if its number is one `every` divides.
    fn tick(&mut self, sim: &Simulation) -> Result<()> {
        let tick = sim.counts().ticks;
        if tick.is_multiple_of(self.every) {
            self.write(sim)?;
        }
        Ok(())
    }

    fn write(&mut self, sim: &Simulation) -> Result<()> {
        let tick = sim.counts().ticks;
        let line = format!("{tick},{}\n", checksum_hex(sim.checksum()));
        self.written = tick;
        self.file
            .write_all(line.as_bytes())
            .with_context(|| format!("--checksums: cannot write {}", self.target.display()))
    }

    /// The last tick's line (unless written already), and the file into place.
    fn finish(mut self, sim: &Simulation) -> Result<()> {
        if self.written != sim.counts().ticks || self.written == 0 {
            self.write(sim)?;
        }
        let context = || format!("--checksums: cannot write {}", self.target.display());
        self.file.commit().with_context(context)
    }
}
