//! `horde replay F`: re-simulates a recording headless from its own header and checks every
//! checksum line; `--at` seeks its timeline (the window's code path) to ticks and times it.

use crate::cli::ReplayArgs;
use crate::clock::STEP_F32;
use crate::progress::ReplayBar;
use anyhow::{Result, bail};
use horde_core_sim::td::history::checksum_hex;
use horde_games::{Desync, open, replay};
use serde::Serialize;
use std::time::Instant;

/// The JSON summary.
#[derive(Serialize)]
struct Summary {
    ticks: u64,
    checked: usize,
    desync: Option<DesyncJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    at: Option<Vec<Seek>>,
    /// Keyframes the replayed game's history holds, and their bytes.
    keyframes: usize,
    history_bytes: usize,
    /// Milliseconds the whole replay took (re-simulating from the start, keyframes included).
    replay_ms: f64,
    /// How the replayed game stands at its last tick, and its lives (checked by the checksums:
    /// a replay that passes proves them).
    outcome: &'static str,
    lives: u32,
    /// The replayed game's checksum after its last tick (hex): a co-op game's peers print it.
    checksum: String,
    /// Under endless waves: the waves cleared.
    #[serde(skip_serializing_if = "Option::is_none")]
    waves_cleared: Option<u64>,
    /// For a challenge (a generated board with the built-in endless scenario): its score, the
    /// waves cleared.
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<u64>,
}

/// A desync as the summary prints it (checksums in hex).
#[derive(Serialize)]
struct DesyncJson {
    tick: u64,
    expected: String,
    got: String,
}

/// One `--at` seek.
#[derive(Serialize)]
struct Seek {
    tick: u64,
    checksum: String,
    ms: f64,
}

/// Runs `horde replay`, on the rayon pool ([`crate::worker::in_pool`]).
pub fn run(args: &ReplayArgs) -> Result<()> {
    crate::worker::in_pool(|| run_here(args))
}

/// Runs `horde replay` on the calling thread.
fn run_here(args: &ReplayArgs) -> Result<()> {
    let (recording, sim) = open(&args.recording)?;
    let started = Instant::now();
    let mut bar = ReplayBar::new(!args.json, recording.script.last_tick());
    let replayed = replay(&recording, sim, STEP_F32, &mut bar)?;
    let replay_ms = started.elapsed().as_secs_f64() * 1000.0;
    let timeline = &replayed.timeline;
    let mut seeks = Vec::new();
    if replayed.desync.is_none() {
        for &tick in &args.at {
            if tick < timeline.start() || tick > timeline.live() {
                bail!(
                    "--at: tick {tick} is outside the recording's ticks ({} to {})",
                    timeline.start(),
                    timeline.live()
                );
            }
            let started = Instant::now();
            let sim = timeline.seek(tick).map_err(anyhow::Error::msg)?;
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            seeks.push(Seek {
                tick,
                checksum: checksum_hex(sim.checksum()),
                ms: (ms * 1000.0).round() / 1000.0,
            });
        }
    }
    let end = &replayed.sim;
    let waves_cleared = end.endless().then(|| end.wave_tally().cleared);
    let header = &recording.header;
    let challenge = horde_games::is_challenge(&header.source, header.seed);
    let summary = Summary {
        outcome: end.counts().outcome.name(),
        lives: end.counts().lives,
        waves_cleared,
        score: waves_cleared.filter(|_| challenge),
        ticks: replayed.sim.counts().ticks,
        checksum: checksum_hex(replayed.sim.checksum()),
        checked: replayed.checked,
        desync: replayed.desync.map(|d: Desync| DesyncJson {
            tick: d.tick,
            expected: checksum_hex(d.expected),
            got: checksum_hex(d.got),
        }),
        at: (!args.at.is_empty()).then_some(seeks),
        keyframes: timeline.keyframes(),
        history_bytes: timeline.keyframe_bytes(),
        replay_ms: (replay_ms * 1000.0).round() / 1000.0,
    };
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        println!(
            "{}: {} ticks replayed, {} checksums matched",
            args.recording.display(),
            summary.ticks,
            summary.checked
        );
        for seek in summary.at.iter().flatten() {
            println!(
                "  tick {}: checksum {} ({} ms)",
                seek.tick, seek.checksum, seek.ms
            );
        }
    }
    if let Some(desync) = replayed.desync {
        bail!("{}", desync.sentence(&args.recording));
    }
    Ok(())
}
