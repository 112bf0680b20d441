//! A game's history, for seeking: the edits that were made, with their ticks, and keyframes
//! (the whole game in the save format, compressed, [`crate::td::save`]) every so many ticks.
//! Any tick between the first keyframe and the furthest tick played (the live edge) is the
//! nearest keyframe at or before it, loaded, and the recorded edits replayed over the ticks
//! from there: exactly the game that was played, checksum for checksum, since the game is
//! deterministic and a save holds all of it.
//!
//! Keyframes are taken every [`Timeline::spacing`] ticks (60 to start with, one a second at
//! the window's step; more apart when one costs much to encode, so that keyframes never take
//! more than about a tenth of the time the game itself takes at its pace — a tick a frame
//! when played, as fast as it goes when fast-forwarded or replayed); when they hold more than
//! the budget's bytes,
//! every other one in the older half is dropped, so the history stays dense near now and
//! thins further back. The window, `horde replay` and `--at` all seek through this type.
//!
//! Marks note where waves and cycles began and where lives were lost, for the timeline bar.

use crate::td::board::EditKind;
use crate::td::save;
use crate::td::simulation::Simulation;
use std::path::Path;
use web_time::Instant;

/// The most bytes keyframes may hold before older ones are thinned.
pub const HISTORY_BUDGET: usize = 192 << 20;

/// Ticks between keyframes to start with.
pub const BASE_SPACING: u64 = 60;

/// The share of the game's time keyframes may take.
const KEYFRAME_SHARE: f64 = 0.1;

/// An edit the player made, and the tick at whose start it applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedEdit {
    /// The tick at whose start it applied.
    pub tick: u64,
    /// What was toggled.
    pub kind: EditKind,
    /// Column from the west edge.
    pub x: i64,
    /// Row from the south edge.
    pub y: i64,
}

/// What a mark on the timeline notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// A wave of the scenario began.
    Wave,
    /// A cycle of the scenario began.
    Cycle,
    /// A life was lost.
    LifeLost,
}

/// A mark on the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The tick after which it was seen.
    pub tick: u64,
    /// What it notes.
    pub kind: MarkKind,
}

/// A keyframe: the game after `tick`, as save bytes.
#[derive(Clone, Debug)]
struct Keyframe {
    tick: u64,
    bytes: Vec<u8>,
}

/// What the marks compare a tick against: the previous tick's lives, cycle and wave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Watched {
    lives: u32,
    cycle: u32,
    wave: usize,
}

impl Watched {
    fn of(sim: &Simulation) -> Watched {
        let state = sim.scenario_state();
        Watched {
            lives: sim.counts().lives,
            cycle: state.map_or(0, |s| s.cycle()),
            wave: state.map_or(0, |s| s.wave()),
        }
    }
}

/// A game's history: keyframes, edits and marks from its first tick to its live edge.
#[derive(Clone, Debug)]
pub struct Timeline {
    dt: f32,
    keyframes: Vec<Keyframe>,
    edits: Vec<TimedEdit>,
    marks: Vec<Mark>,
    live: u64,
    spacing: u64,
    bytes: usize,
    budget: usize,
    watched: Watched,
    /// Real seconds a tick beyond the live edge took lately (smoothed), and when the last one
    /// was seen: the pace the keyframes' share is measured against.
    pace: f64,
    last_seen: Option<Instant>,
    /// What the last keyframe cost to encode, seconds.
    keyframe_seconds: f64,
}

impl Timeline {
    /// A history starting at `sim` as it stands, played at `dt` seconds a tick. Errors:
    /// encoding the first keyframe failed (compression could not get memory).
    pub fn new(sim: &Simulation, dt: f32) -> std::io::Result<Timeline> {
        let mut timeline = Timeline {
            dt,
            keyframes: Vec::new(),
            edits: Vec::new(),
            marks: Vec::new(),
            live: sim.counts().ticks,
            spacing: BASE_SPACING,
            bytes: 0,
            budget: HISTORY_BUDGET,
            watched: Watched::of(sim),
            pace: f64::from(dt),
            last_seen: None,
            keyframe_seconds: 0.0,
        };
        timeline.keyframe(sim)?;
        Ok(timeline)
    }

    /// The same with `budget` bytes for keyframes instead of `HISTORY_BUDGET`.
    pub fn with_budget(mut self, budget: usize) -> Timeline {
        self.budget = budget;
        self
    }

    /// The first tick it can show.
    pub fn start(&self) -> u64 {
        self.keyframes.first().map_or(0, |k| k.tick)
    }

    /// The furthest tick played.
    pub fn live(&self) -> u64 {
        self.live
    }

    /// Seconds per tick.
    pub fn dt(&self) -> f32 {
        self.dt
    }

    /// Ticks between keyframes now.
    pub fn spacing(&self) -> u64 {
        self.spacing
    }

    /// The edits, in the order they applied.
    pub fn edits(&self) -> &[TimedEdit] {
        &self.edits
    }

    /// The marks, in tick order.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// Keyframes held.
    pub fn keyframes(&self) -> usize {
        self.keyframes.len()
    }

    /// Bytes the keyframes hold.
    pub fn keyframe_bytes(&self) -> usize {
        self.bytes
    }

    /// The ticks of the keyframes, oldest first.
    pub fn keyframe_ticks(&self) -> impl Iterator<Item = u64> + '_ {
        self.keyframes.iter().map(|k| k.tick)
    }

    /// The recorded edits that apply at the start of `tick` (a game behind the live edge
    /// replays them as it goes).
    pub fn edits_at(&self, tick: u64) -> &[TimedEdit] {
        let start = self.edits.partition_point(|e| e.tick < tick);
        let end = self.edits.partition_point(|e| e.tick <= tick);
        &self.edits[start..end]
    }

    /// After each step of the game: `sim` as it stands. Beyond the live edge the history
    /// grows (marks, and a keyframe when one is due); behind it, the history already holds
    /// the tick. Errors: encoding a keyframe failed.
    pub fn observe(&mut self, sim: &Simulation) -> std::io::Result<()> {
        let tick = sim.counts().ticks;
        if tick <= self.live {
            return Ok(());
        }
        self.live = tick;
        let seen = Instant::now();
        if let Some(last) = self.last_seen.replace(seen) {
            let took = (seen - last).as_secs_f64().min(1.0);
            self.pace += (took - self.pace) * 0.05;
        }
        let now = Watched::of(sim);
        let was = std::mem::replace(&mut self.watched, now);
        if now.cycle != was.cycle {
            self.marks.push(Mark {
                tick,
                kind: MarkKind::Cycle,
            });
        } else if now.wave != was.wave {
            self.marks.push(Mark {
                tick,
                kind: MarkKind::Wave,
            });
        }
        if now.lives < was.lives {
            self.marks.push(Mark {
                tick,
                kind: MarkKind::LifeLost,
            });
        }
        // Keyframes at most `KEYFRAME_SHARE` of the game's own time at its pace, in whole
        // multiples of the base spacing.
        let ticks = self.keyframe_seconds / KEYFRAME_SHARE / self.pace.max(1e-6);
        let steps = (ticks / BASE_SPACING as f64).ceil().clamp(1.0, 1000.0) as u64;
        self.spacing = BASE_SPACING * steps;
        let last = self.keyframes.last().map_or(0, |k| k.tick);
        if tick >= last + self.spacing {
            self.keyframe(sim)?;
        }
        Ok(())
    }

    /// Notes an edit of `kind` at `(x, y)` that applied at the start of `tick`. An edit in
    /// the past (the game was seeked back, `tick` at or before the live edge) first cuts
    /// the future away: the game goes on from there.
    pub fn record_edit(&mut self, tick: u64, kind: EditKind, x: i64, y: i64) {
        if tick <= self.live {
            self.cut(tick.saturating_sub(1));
        }
        self.edits.push(TimedEdit { tick, kind, x, y });
    }

    /// Forgets everything after `tick`: its keyframes, edits and marks; `tick` becomes the
    /// live edge.
    pub fn cut(&mut self, tick: u64) {
        let tick = tick.max(self.start());
        self.keyframes.retain(|k| k.tick <= tick);
        self.bytes = self.keyframes.iter().map(|k| k.bytes.len()).sum();
        self.edits.retain(|e| e.tick <= tick);
        self.marks.retain(|m| m.tick <= tick);
        self.live = self.live.min(tick);
        // The marks go on from the state at `tick`, whatever the cut-off future did.
        if let Ok(sim) = self.seek(tick) {
            self.watched = Watched::of(&sim);
        }
    }

    /// The game after `tick` (clamped to the history: start to live edge): the nearest
    /// keyframe at or before it, loaded, and the recorded edits replayed over the ticks from
    /// there. New enemies are drawn in the neutral colour until the caller chooses. Errors:
    /// a keyframe did not load (it was encoded here, so only memory could fail).
    pub fn seek(&self, tick: u64) -> Result<Simulation, String> {
        let tick = tick.clamp(self.start(), self.live);
        let at = self.keyframes.partition_point(|k| k.tick <= tick);
        let Some(key) = at.checked_sub(1).and_then(|i| self.keyframes.get(i)) else {
            return Err("the history holds no keyframe".to_string());
        };
        let saved = save::from_bytes(&key.bytes, Path::new("(timeline keyframe)"))
            .map_err(|e| e.to_string())?;
        let mut sim = saved.sim;
        for t in key.tick + 1..=tick {
            for edit in self.edits_at(t) {
                // An edit the game took once, it takes again.
                let _ = sim.edit(edit.kind, edit.x, edit.y);
            }
            sim.step(self.dt);
        }
        Ok(sim)
    }

    /// Takes a keyframe of `sim`, noting its cost, and thins the history when it holds more
    /// than the budget.
    fn keyframe(&mut self, sim: &Simulation) -> std::io::Result<()> {
        let started = Instant::now();
        let bytes = save::to_bytes(sim, self.dt)?;
        self.keyframe_seconds = started.elapsed().as_secs_f64();
        self.bytes += bytes.len();
        self.keyframes.push(Keyframe {
            tick: sim.counts().ticks,
            bytes,
        });
        self.thin();
        Ok(())
    }

    /// Drops every other keyframe of the older half (never the first) until the keyframes
    /// fit the budget or too few are left to thin.
    fn thin(&mut self) {
        while self.bytes > self.budget && self.keyframes.len() > 4 {
            let half = self.keyframes.len() / 2;
            let mut index = 0;
            self.keyframes.retain(|_| {
                let keep = index == 0 || index >= half || index % 2 == 0;
                index += 1;
                keep
            });
            self.bytes = self.keyframes.iter().map(|k| k.bytes.len()).sum();
        }
    }
}
