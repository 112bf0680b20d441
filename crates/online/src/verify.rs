//! A run verified: its recording parsed, its header checked to be exactly a day's challenge
//! game, then replayed by the replay `horde replay` runs ([`horde_games::check`]), bounded in
//! ticks, and required to end at the defeat with the checksum line of that tick. What is
//! verified is that these edits give this score, not how they were found.

use crate::api::Refusal;
use crate::days::day_of_seed;
use horde_core_sim::DT;
use horde_core_sim::td::game::{Outcome, ScenarioSource};
use horde_core_sim::td::history::Recording;
use horde_core_sim::td::swarm::SpawnSettings;
use horde_files::FileError;
use horde_levelgen::boards::GENERATOR_VERSION;
use std::path::Path;
use std::time::Instant;

/// What a verified run scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The day it plays, `YYYYMMDD`.
    pub day: u64,
    /// The waves cleared.
    pub score: u64,
    /// The ticks survived.
    pub ticks: u64,
    /// How it ended (`defeat`).
    pub outcome: &'static str,
    /// How long the verification took, milliseconds.
    pub verify_ms: u64,
}

/// The rules a verification runs under.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The server's secret (the days' seeds).
    pub secret: [u8; 32],
    /// Today, `YYYYMMDD`: later days have not begun.
    pub today: u64,
    /// The most ticks a replay may run.
    pub max_ticks: u64,
}

/// A refusal at `line` (0: none).
fn refused(error: impl Into<String>, line: usize) -> Refusal {
    Refusal {
        error: error.into(),
        line: (line > 0).then_some(line),
    }
}

/// The name recordings are given in errors.
const NAMED: &str = "run.rec";

/// Verifies the recording `text` under `rules`: the run it proves, or why it is refused.
pub fn verify(text: &str, rules: &Rules) -> Result<Verified, Refusal> {
    let started = Instant::now();
    let path = Path::new(NAMED);
    let recording = Recording::parse(text, path).map_err(|e| match e {
        FileError::Invalid { line, message, .. } => refused(message, line),
        other => refused(other.to_string(), 0),
    })?;
    if let Some(line) = recording.cut_line {
        return Err(refused(
            "the recording's last line is cut short (no newline after it)",
            line,
        ));
    }
    let header = &recording.header;
    let level_line = header.level_line;
    let day = day_of_seed(&rules.secret, header.seed, rules.today).ok_or_else(|| {
        refused(
            format!("seed {} is no day's challenge on this board", header.seed),
            0,
        )
    })?;
    if day > rules.today {
        return Err(refused(format!("day {day} has not begun"), 0));
    }
    let challenge = horde_games::challenge(header.seed);
    if header.source != challenge {
        return Err(refused(
            format!(
                "not day {day}'s challenge: the recording plays `{}`{}, the challenge is `{}` with `{}` (generator v{GENERATOR_VERSION})",
                header.source.level,
                header
                    .source
                    .scenario
                    .as_ref()
                    .map_or(String::new(), |s| format!(" with `{s}`")),
                challenge.level,
                ScenarioSource::Endless,
            ),
            level_line,
        ));
    }
    if header.settings != SpawnSettings::default() || header.animation {
        return Err(refused(
            format!(
                "not day {day}'s challenge: its spawn settings or animation are not the challenge's"
            ),
            0,
        ));
    }
    if header.level_text.is_some() || header.scenario_text.is_some() {
        return Err(refused(
            format!("not day {day}'s challenge: it carries a level or scenario text"),
            level_line,
        ));
    }
    let last = recording.script.last_tick();
    if last > rules.max_ticks {
        return Err(refused(
            format!(
                "{last} ticks: longer than this server replays ({} ticks)",
                rules.max_ticks
            ),
            0,
        ));
    }
    let sim = horde_games::start(&recording, path).map_err(|e| refused(format!("{e:#}"), 0))?;
    let checked =
        horde_games::check(&recording, sim, DT).map_err(|e| refused(format!("{e:#}"), 0))?;
    if let Some(desync) = checked.desync {
        return Err(refused(desync.sentence(path), desync.line));
    }
    let sim = checked.sim;
    let ticks = sim.counts().ticks;
    if sim.outcome() != Outcome::Defeat {
        return Err(refused(
            format!(
                "not over: the game is still running after its last tick, {ticks} (a run is a finished game)"
            ),
            0,
        ));
    }
    let last_check = recording.script.checkpoints().last();
    if last_check.is_none_or(|c| c.tick != ticks) || recording.script.last_tick() != ticks {
        return Err(refused(
            format!(
                "the recording does not end with the checksum line of tick {ticks}, the defeat"
            ),
            0,
        ));
    }
    Ok(Verified {
        day,
        score: sim.wave_tally().cleared,
        ticks,
        outcome: sim.outcome().name(),
        verify_ms: started.elapsed().as_millis() as u64,
    })
}
