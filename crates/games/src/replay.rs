//! Recordings played again: the game a recording's header starts ([`open`], [`start`]),
//! re-simulated with its edits and checked against its checksum lines. One loop plays every
//! replay ([`play`]); [`replay`] keeps the game's history on a [`Timeline`] as the window
//! keeps it, so that `horde replay --at` and `horde run --replay` seek exactly as the window
//! does, and [`check`] keeps nothing (the board server's verification: the same replay,
//! bounded in ticks).

use crate::levels;
use crate::session::{Mode, Plain, Scripted, Session, Watcher};
use anyhow::{Context, Result};
use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::game::Scenario;
use horde_core_sim::td::game::{LevelSource, ScenarioSource};
use horde_core_sim::td::game::{Outcome, Simulation};
use horde_core_sim::td::history::Timeline;
use horde_core_sim::td::history::checksum_hex;
use horde_core_sim::td::history::{Carried, Recording, RecordingHeader};
use horde_core_sim::td::tiles::{Board, EditKind};
use horde_files::FileError;
use std::path::{Path, PathBuf};

/// The first checksum line a replay did not match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Desync {
    /// The tick after which the checksum was taken.
    pub tick: u64,
    /// What the recording says.
    pub expected: u64,
    /// What the replay gave.
    pub got: u64,
    /// The recording's line.
    pub line: usize,
}

impl Desync {
    /// The sentence naming the file, the line and the tick.
    pub fn sentence(&self, path: &Path) -> String {
        format!(
            "{}:{}: desync at tick {}: the recording says checksum {}, the replay gives {} (the game replayed is not the game recorded from here on)",
            path.display(),
            self.line,
            self.tick,
            checksum_hex(self.expected),
            checksum_hex(self.got)
        )
    }
}

/// A recording played again, with its history.
pub struct Replayed {
    /// The game after the last tick replayed.
    pub sim: Simulation,
    /// Its history, from the first tick to the last replayed.
    pub timeline: Timeline,
    /// Checksum lines that matched.
    pub checked: usize,
    /// The first that did not, where the replay stopped.
    pub desync: Option<Desync>,
}

/// A recording played again and checked, keeping nothing but the end ([`check`]).
pub struct Checked {
    /// The game after the last tick replayed.
    pub sim: Simulation,
    /// Checksum lines that matched.
    pub checked: usize,
    /// The first that did not, where the replay stopped.
    pub desync: Option<Desync>,
}

/// Counts the refused edits instead of logging each (a hostile recording may hold thousands).
#[derive(Default)]
struct Counting {
    refused: u64,
    first: Option<String>,
}

impl Watcher for Counting {
    fn refused(&mut self, why: &str) {
        self.refused += 1;
        if self.first.is_none() {
            self.first = Some(why.to_string());
        }
    }
}

/// A path an older recording names (one made before recordings carried their files): beside
/// the recording first (a recording moved with its level), else as it stands from here.
fn resolve(named: &Path, recording: &Path) -> PathBuf {
    if named.is_relative() {
        let beside = recording.parent().map(|folder| folder.join(named));
        if let Some(beside) = beside.filter(|p| p.is_file()) {
            return beside;
        }
    }
    named.to_path_buf()
}

/// An error at `(line, column)` of a text the recording carries, named at the recording's
/// own line and column.
fn in_carried(
    recording: &Path,
    carried: &Carried,
    what: &str,
    at: Option<(usize, usize)>,
    message: impl std::fmt::Display,
) -> anyhow::Error {
    let (line, column) = at.map_or((carried.first_line, 1), |(l, c)| carried.place(l, c));
    anyhow::anyhow!(
        "{}:{line}:{column}: the {what} the recording carries: {message}",
        recording.display()
    )
}

/// The board the recording's game opened: the level text it carries, else the level it names
/// (generated again, or read from a file), refused when it is not the board recorded.
fn recorded_board(path: &Path, header: &RecordingHeader) -> Result<Board> {
    let named = header.source.level.file().unwrap_or(Path::new("level"));
    let board = match &header.level_text {
        Some(carried) => parse_level(&carried.text, named).map_err(|e| match e.kind() {
            Some(kind) => in_carried(path, carried, "level", e.location(), kind),
            None => in_carried(path, carried, "level", None, e),
        })?,
        None => {
            let level = match &header.source.level {
                LevelSource::File(file) => LevelSource::File(resolve(file, path)),
                other => other.clone(),
            };
            levels::board_of(&level).with_context(|| {
                format!(
                    "{}:{}: the recorded level (looked for beside the recording, then from here)",
                    path.display(),
                    header.level_line
                )
            })?
        }
    };
    header.check_board(&board, path)?;
    Ok(board)
}

/// The scenario the recording's game played: the text it carries, else the file it names.
fn recorded_scenario(path: &Path, header: &RecordingHeader) -> Result<Option<Scenario>> {
    let scenario = header.source.scenario.as_ref();
    let named = scenario.and_then(ScenarioSource::file);
    let named = named.unwrap_or(Path::new("scenario"));
    if let Some(carried) = &header.scenario_text {
        return match Scenario::parse(&carried.text, named) {
            Ok(scenario) => Ok(Some(scenario)),
            Err(FileError::Invalid {
                line,
                column,
                message,
                ..
            }) => Err(in_carried(
                path,
                carried,
                "scenario",
                Some((line, column)),
                message,
            )),
            Err(e) => Err(in_carried(path, carried, "scenario", None, e)),
        };
    }
    let scenario = scenario.map(|named| match named {
        ScenarioSource::File(file) => ScenarioSource::File(resolve(file, path)),
        ScenarioSource::Endless => ScenarioSource::Endless,
    });
    levels::scenario_of(scenario.as_ref()).with_context(|| {
        format!(
            "{}: the recorded scenario (looked for beside the recording, then from here)",
            path.display()
        )
    })
}

/// The recording at `path` and the game its header starts: its level (refused when the
/// board is not the one recorded), scenario, spawner settings, animation and seed. A
/// recording that carries its files needs no other file; an older one's paths are resolved
/// beside it first.
pub fn open(path: &Path) -> Result<(Recording, Simulation)> {
    let recording = Recording::load(path)?;
    if let Some(line) = recording.cut_line {
        log::warn!(
            "{}:{line}: the last line was cut short (the recording stopped while writing it); replayed to the line before it",
            path.display()
        );
    }
    let sim = start(&recording, path)?;
    Ok((recording, sim))
}

/// The game `recording`'s header starts (`path` names the recording in errors, and the
/// folder an older recording's files are looked for in first).
pub fn start(recording: &Recording, path: &Path) -> Result<Simulation> {
    let header = &recording.header;
    let board = recorded_board(path, header)?;
    let scenario = recorded_scenario(path, header)?;
    let mut sim = Simulation::new(board, header.settings, header.seed);
    // Before the first tick: an older recording's game was played with the platform's maths.
    sim.set_maths(header.maths);
    sim.set_scenario(scenario);
    sim.set_animation(header.animation);
    Ok(sim)
}

/// The one replay loop: plays `sim` (as [`start`] made it) through the recording's edits to
/// its last line, at `dt` seconds a tick, in a [`Session`] watching the game, checking every
/// checksum line, and stops at the first that does not match (or when the game is decided);
/// `watcher` sees every edit and tick. Returns the game at the end, the checksum lines
/// matched and the first that did not.
pub fn play(
    recording: &Recording,
    sim: Simulation,
    dt: f32,
    watcher: &mut impl Watcher,
) -> Result<(Simulation, usize, Option<Desync>)> {
    let script = &recording.script;
    let last = script.last_tick();
    let mut session = Session::new(sim, Some(recording.header.source.clone()), Mode::Watch);
    session = session.with_dt(dt);
    let mut due = Scripted {
        script,
        what: "recording",
    };
    let mut checkpoints = script.checkpoints().iter().peekable();
    let mut checked = 0;
    let mut desync = None;
    for tick in 1..=last {
        if session.decided() {
            // Nothing steps a decided game; its edits still apply, as they did recorded.
            session.apply_due(&mut due, watcher);
            watcher.after(tick, session.sim())?;
        } else {
            session.advance(&mut due, &mut Plain, watcher)?;
        }
        let sim = session.sim();
        while let Some(check) = checkpoints.next_if(|c| c.tick <= tick) {
            let got = sim.checksum();
            if got != check.checksum || sim.counts().ticks != check.tick {
                desync = Some(Desync {
                    tick: check.tick,
                    expected: check.checksum,
                    got,
                    line: check.line,
                });
                break;
            }
            checked += 1;
        }
        if desync.is_some() {
            break;
        }
        if sim.outcome() != Outcome::Running {
            // Decided: nothing later changes the game. A checksum line still to come names a
            // tick it never reaches.
            if let Some(check) = checkpoints.next() {
                desync = Some(Desync {
                    tick: check.tick,
                    expected: check.checksum,
                    got: sim.checksum(),
                    line: check.line,
                });
            }
            break;
        }
    }
    Ok((session.into_sim(), checked, desync))
}

/// The history a replay keeps, and who else watches.
struct Keeping<'a, W> {
    timeline: Timeline,
    also: &'a mut W,
}

impl<W: Watcher> Watcher for Keeping<'_, W> {
    fn edit(&mut self, tick: u64, kind: EditKind, x: i64, y: i64) {
        self.timeline.record_edit(tick, kind, x, y);
        self.also.edit(tick, kind, x, y);
    }

    fn refused(&mut self, why: &str) {
        self.also.refused(why);
    }

    fn after(&mut self, tick: u64, sim: &Simulation) -> Result<()> {
        self.timeline.observe(sim).context("a timeline keyframe")?;
        self.also.after(tick, sim)
    }
}

/// [`play`], keeping the game's history on a [`Timeline`] (as the window keeps it); `watcher`
/// sees every tick too (a progress bar, say).
pub fn replay(
    recording: &Recording,
    sim: Simulation,
    dt: f32,
    watcher: &mut impl Watcher,
) -> Result<Replayed> {
    let timeline = Timeline::new(&sim, dt).context("the timeline's first keyframe")?;
    let mut keeping = Keeping {
        timeline,
        also: watcher,
    };
    let (sim, checked, desync) = play(recording, sim, dt, &mut keeping)?;
    Ok(Replayed {
        sim,
        timeline: keeping.timeline,
        checked,
        desync,
    })
}

/// [`play`], keeping nothing: what the board server runs to verify a run.
pub fn check(recording: &Recording, sim: Simulation, dt: f32) -> Result<Checked> {
    let mut counting = Counting::default();
    let (sim, checked, desync) = play(recording, sim, dt, &mut counting)?;
    if let Some(first) = counting.first {
        log::info!(
            "{} edits refused in a replay, the first: {first}",
            counting.refused
        );
    }
    Ok(Checked {
        sim,
        checked,
        desync,
    })
}
