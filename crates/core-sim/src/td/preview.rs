//! The coming wave, predicted exactly: a copy of the game run ahead with no further input to
//! the end of the current wave (the tick its last sequence has spawned its last enemy and the
//! scenario moves on), or to the game's outcome, whichever comes first. Since the game is
//! deterministic, a game left alone from here plays that very wave, tick for tick.
//!
//! The prediction counts the lives it costs, the kills and arrivals, when it ends, each
//! destination's leaks (the enemies whose path ends there) and, for the ghost paths, how many
//! enemies enter each tile. It can be cancelled between ticks (a newer edit makes it stale).
//!
//! Past the wave, the same copy plays on to how the game ends if nothing changes
//! ([`predict_end`]): lost at a wave and tick, won, or still standing where the look ahead
//! stopped (its tick limit or its time budget), with the waves cleared by then.

use crate::td::board::Board;
use crate::td::clip::Clip;
use crate::td::simulation::{Outcome, Simulation};
use crate::td::tile::TileContent;
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

/// Why no prediction was made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PreviewError {
    /// The spawner runs: there are no waves to predict.
    #[error("no wave to predict: the game plays no scenario (the spawner has no waves)")]
    NoWaves,
    /// The game is decided already.
    #[error("no wave to predict: the game is over ({0})")]
    Decided(&'static str),
    /// Every cycle of the scenario has been played.
    #[error("no wave to predict: every wave of the scenario has been played")]
    NoWaveLeft,
    /// A newer request made this one stale.
    #[error("the prediction was cancelled")]
    Cancelled,
    /// The wave did not end within the ticks allowed.
    #[error("the wave did not end within {0} ticks")]
    TooLong(u64),
}

/// A count on one tile, `x` from the west edge and `y` from the south, as in scripts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TileCount {
    /// Column from the west edge.
    pub x: u32,
    /// Row from the south edge.
    pub y: u32,
    /// How many.
    pub count: u64,
}

/// What the rest of the current wave will do.
#[derive(Clone, Debug, PartialEq)]
pub struct Prediction {
    /// The wave predicted (from 1), and its cycle (from 1).
    pub wave: usize,
    /// Its cycle, from 1.
    pub cycle: u32,
    /// The tick the prediction starts after (the game's tick now).
    pub from_tick: u64,
    /// The tick it ends on: the wave's end or the outcome.
    pub to_tick: u64,
    /// Lives lost on the way.
    pub lives_lost: u32,
    /// Enemies killed by `to_tick`, in all (as `horde sim` counts them).
    pub killed: u64,
    /// Enemies that reached a destination by `to_tick`, in all.
    pub reached: u64,
    /// How the game stands at `to_tick`.
    pub outcome: Outcome,
    /// Each destination's leaks during the prediction, in board order.
    pub leaks: Vec<TileCount>,
    /// How many enemies entered each tile during the prediction, in board order (tiles no
    /// enemy entered left out).
    pub tiles: Vec<TileCount>,
}

/// The most ticks a prediction runs (an hour of game at the window's step).
pub const MAX_PREVIEW_TICKS: u64 = 216_000;

/// Predicts the rest of the current wave of `sim` at `dt` seconds a tick; `cancel` set by
/// another thread stops it between ticks.
pub fn predict(sim: &Simulation, dt: f32, cancel: &AtomicBool) -> Result<Prediction, PreviewError> {
    predict_wave(sim, dt, cancel).map(|(prediction, _)| prediction)
}

/// As [`predict`], also handing back the copy of the game as the prediction left it (at the
/// wave's end), for [`predict_end`] to play on.
pub fn predict_wave(
    sim: &Simulation,
    dt: f32,
    cancel: &AtomicBool,
) -> Result<(Prediction, Simulation), PreviewError> {
    let state = sim.scenario_state().ok_or(PreviewError::NoWaves)?;
    if sim.outcome() != Outcome::Running {
        return Err(PreviewError::Decided(sim.outcome().name()));
    }
    if state.is_over() {
        return Err(PreviewError::NoWaveLeft);
    }
    let (wave, cycle) = (state.wave(), state.cycle());
    let mut game = sim.clone();
    let start = game.counts();
    let mut walkers = Walkers::new(game.board());
    walkers.look(&game);
    let mut ticks = 0;
    loop {
        if cancel.load(Ordering::Relaxed) {
            return Err(PreviewError::Cancelled);
        }
        game.step(dt);
        walkers.look(&game);
        ticks += 1;
        let moved_on = game
            .scenario_state()
            .is_none_or(|s| s.wave() != wave || s.cycle() != cycle || s.is_over());
        if moved_on || game.outcome() != Outcome::Running {
            break;
        }
        if ticks >= MAX_PREVIEW_TICKS {
            return Err(PreviewError::TooLong(MAX_PREVIEW_TICKS));
        }
    }
    let end = game.counts();
    let prediction = Prediction {
        wave: wave + 1,
        cycle: cycle + 1,
        from_tick: start.ticks,
        to_tick: end.ticks,
        lives_lost: start.lives.saturating_sub(end.lives),
        killed: end.killed,
        reached: end.reached,
        outcome: end.outcome,
        leaks: walkers.counts(game.board(), &walkers.leaks),
        tiles: walkers.counts(game.board(), &walkers.entered),
    };
    Ok((prediction, game))
}

/// How the game ends if nothing changes, as far as the look ahead went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// `Defeat` or `Victory`; `Running`: still standing where the look ahead stopped.
    pub outcome: Outcome,
    /// The tick the game is decided on, or the look ahead stopped at.
    pub tick: u64,
    /// The wave being played then, from 1, counted across cycles (as the HUD counts an
    /// endless game's waves).
    pub wave: u64,
    /// The waves cleared by then (an endless game's score).
    pub waves_cleared: u64,
}

/// How far [`predict_end`] looks.
#[derive(Clone, Copy, Debug)]
pub struct LookAhead {
    /// The most ticks it plays.
    pub ticks: u64,
    /// The moment it stops, where the time is counted (the window's budget); `None`: the
    /// ticks alone bound it, so the answer is the same on every machine.
    pub until: Option<Instant>,
}

/// Plays `game` on with no input until it is decided or `limit` is reached, and says how it
/// stands then. `cancel` set by another thread stops it between ticks.
pub fn predict_end(
    game: &mut Simulation,
    dt: f32,
    cancel: &AtomicBool,
    limit: LookAhead,
) -> Result<GameEnd, PreviewError> {
    let mut ticks = 0u64;
    while game.outcome() == Outcome::Running && ticks < limit.ticks {
        if cancel.load(Ordering::Relaxed) {
            return Err(PreviewError::Cancelled);
        }
        // The clock is read once every 16 ticks: a tick of a small game is shorter than a
        // clock read is worth.
        if ticks.is_multiple_of(16) && limit.until.is_some_and(|until| Instant::now() >= until) {
            break;
        }
        game.step(dt);
        ticks += 1;
    }
    let wave = match (game.scenario(), game.scenario_state()) {
        (Some(scenario), Some(state)) => {
            let waves = scenario.waves.len() as u64;
            u64::from(state.cycle()) * waves + (state.wave() as u64 + 1).min(waves)
        }
        _ => 0,
    };
    Ok(GameEnd {
        outcome: game.outcome(),
        tick: game.counts().ticks,
        wave,
        waves_cleared: game.wave_tally().cleared,
    })
}

impl GameEnd {
    /// The panel's sentence: `lost at wave 2, tick 2354 (39.2 s)`, `won at tick …`, or `still
    /// standing at tick … (… s): wave W, N waves cleared`.
    pub fn sentence(&self) -> String {
        let at = |tick: u64| {
            format!(
                "tick {tick} ({:.1} s)",
                tick as f64 / f64::from(crate::step::TICKS_PER_SECOND)
            )
        };
        match self.outcome {
            Outcome::Defeat => format!("lost at wave {}, {}", self.wave, at(self.tick)),
            Outcome::Victory => format!("won at {}", at(self.tick)),
            Outcome::Running => format!(
                "still standing at {}: wave {}, {} waves cleared",
                at(self.tick),
                self.wave,
                self.waves_cleared
            ),
        }
    }
}

/// Where each enemy was last seen, by id, and what the enemies did: tiles entered, leaks.
struct Walkers {
    /// Last tile by enemy id (`u32::MAX`: not seen), whether it was arriving, and the tick it
    /// was last seen.
    tile: Vec<u32>,
    arriving: Vec<bool>,
    seen: Vec<u64>,
    /// The ids seen at the last look, and this look's (the two buffers swap each look).
    last_ids: Vec<u64>,
    ids: Vec<u64>,
    look: u64,
    entered: Vec<u64>,
    leaks: Vec<u64>,
    animated: bool,
}

impl Walkers {
    fn new(board: &Board) -> Walkers {
        Walkers {
            tile: Vec::new(),
            arriving: Vec::new(),
            seen: Vec::new(),
            last_ids: Vec::new(),
            ids: Vec::new(),
            look: 0,
            entered: vec![0; board.tile_count()],
            leaks: vec![0; board.tile_count()],
            animated: false,
        }
    }

    /// Notes where every enemy of `game` is (the first look only learns where they are).
    fn look(&mut self, game: &Simulation) {
        self.look += 1;
        self.animated = game.animated();
        let spawned = game.enemies().spawned() as usize;
        if self.tile.len() < spawned {
            self.tile.resize(spawned, u32::MAX);
            self.arriving.resize(spawned, false);
            self.seen.resize(spawned, 0);
        }
        let first = self.look == 1;
        let board = game.board();
        let mut ids = std::mem::take(&mut self.ids);
        ids.clear();
        for enemy in game.enemies().iter() {
            let id = enemy.id as usize;
            ids.push(enemy.id);
            self.seen[id] = self.look;
            let tile = enemy.tile as u32;
            if self.tile[id] != tile && !first {
                self.entered[enemy.tile] += 1;
            }
            self.tile[id] = tile;
            // With the clips on, a path's end starts the outro clip (the life is lost then).
            let arriving = self.animated && enemy.clip == Clip::Outro;
            if arriving && !self.arriving[id] && !first {
                self.leaks[enemy.tile] += 1;
            }
            self.arriving[id] = arriving;
        }
        // Without the clips, an enemy whose path ended is gone from its destination.
        if !self.animated && !first {
            for &id in &self.last_ids {
                let id = id as usize;
                if self.seen[id] != self.look {
                    let tile = self.tile[id] as usize;
                    if board.content(tile) == TileContent::Destination {
                        self.leaks[tile] += 1;
                    }
                }
            }
        }
        self.ids = std::mem::replace(&mut self.last_ids, ids);
    }

    /// The non-zero counts of `per_tile`, with their tiles' `(x, y)`.
    fn counts(&self, board: &Board, per_tile: &[u64]) -> Vec<TileCount> {
        (per_tile.iter().enumerate())
            .filter(|(_, count)| **count > 0)
            .map(|(tile, &count)| {
                let (x, y) = board.coords(tile);
                TileCount { x, y, count }
            })
            .collect()
    }
}
