//! The game's time machine in the window: every step is seen by the session's [`Timeline`]
//! and its recording (a checksum line a second); the player seeks back and forth (the bar, the
//! keys), a game behind the live edge replays its recorded edits as it plays on (the
//! session's), and an edit made there cuts the future away. Fast-forward runs as many steps as the frame leaves time
//! for, and a wave can be skipped to its end.

use super::{Plain, TdGame, WaveSkip};
use crate::clock::{MAX_STEPS_PER_FRAME, STEP};
use crate::scenes::td::draw::colors;
use horde_core_sim::td::game::Outcome;
use horde_core_sim::td::history::Timeline;
use std::time::{Duration, Instant};

/// The fastest play speed, simulated seconds per real second.
pub const MAX_PLAY_SPEED: f32 = 100.0;
/// What fast-forward spends on steps in a frame at least: 12 ms, or twice what the last
/// frame spent on everything else (drawing, mostly), at most [`FAST_MOST`] — so that steps
/// take two thirds of the time however dear the drawing, and the window still answers.
const FAST_LEAST: Duration = Duration::from_millis(12);
/// The most fast-forward spends on steps in a frame.
const FAST_MOST: Duration = Duration::from_millis(400);
/// What skipping to the end of a wave may spend on steps in one frame.
const SKIP_BUDGET: Duration = Duration::from_millis(40);
/// What [`TdGame::advance`] did: the steps it ran, and whether one more (the frame's last)
/// is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Advance {
    /// Steps run.
    pub ran: u32,
    /// The frame's last step is due.
    pub last_due: bool,
}

/// Ticks `Backspace` jumps back: 5 s.
pub const JUMP_BACK_TICKS: u64 = 300;

impl TdGame {
    /// A fresh history from the game as it stands (a new game, a restart, a load).
    pub(super) fn new_history(&mut self) {
        self.session.keep_history();
        self.skip = None;
    }

    /// Takes `timeline` as the game's history (a replayed recording's): the game must stand
    /// at one of its ticks.
    pub fn adopt_history(&mut self, timeline: Timeline) {
        self.session.set_history(Some(timeline));
    }

    /// The game's history, if it keeps one.
    pub fn history(&self) -> Option<&Timeline> {
        self.session.history()
    }

    /// The furthest tick played (the live edge), or the tick now without a history.
    pub fn live_tick(&self) -> u64 {
        let now = self.session.sim().counts().ticks;
        self.session.history().map_or(now, |h| h.live().max(now))
    }

    /// Shows the game after `tick` (clamped to its history), exactly as it was played: the
    /// nothing on disk changes. Returns the tick shown.
    pub fn seek(&mut self, tick: u64) -> u64 {
        self.skip = None;
        let Some(history) = self.session.history() else {
            return self.session.sim().counts().ticks;
        };
        match history.seek(tick) {
            Ok(mut sim) => {
                sim.set_enemy_color(colors::enemy_color);
                self.session.replace_sim(sim);
                self.generation += 1;
            }
            Err(e) => self.last_refusal = Some(format!("timeline: {e}")),
        }
        self.session.sim().counts().ticks
    }

    /// One tick back (pausing the game).
    pub fn step_back(&mut self) {
        self.paused = true;
        let now = self.sim_mut().counts().ticks;
        self.seek(now.saturating_sub(1));
    }

    /// One tick forward (pausing the game), replaying the history's edits behind the edge.
    pub fn step_forward(&mut self) {
        self.paused = true;
        self.step_once();
    }

    /// Five seconds back.
    pub fn jump_back(&mut self) {
        let now = self.sim_mut().counts().ticks;
        self.seek(now.saturating_sub(JUMP_BACK_TICKS));
    }

    /// Back to the live edge.
    pub fn to_live_edge(&mut self) {
        let live = self.live_tick();
        self.seek(live);
    }

    /// An edit was made at the start of `tick`: in the past (behind the live edge) it cuts
    /// the future away, from the history and the recording; then both note it.
    pub(super) fn note_edit(
        &mut self,
        tick: u64,
        edit: (horde_core_sim::td::tiles::EditKind, i64, i64),
        player: Option<&str>,
    ) {
        if let Err(e) = self.session.note_edit(tick, edit, player) {
            self.last_refusal = Some(format!("recording: {e}"));
        }
    }

    /// Starts skipping to the end of the current wave (a scenario game still running);
    /// whether it started.
    pub fn skip_wave(&mut self) -> bool {
        let state = (self.session.sim())
            .scenario_state()
            .filter(|_| self.session.sim().outcome() == Outcome::Running);
        self.skip = state.map(|s| WaveSkip {
            cycle: s.cycle(),
            wave: s.wave(),
        });
        if self.skip.is_some() {
            self.paused = false;
        }
        self.skip.is_some()
    }

    /// While a wave is being skipped: the share of its enemies spawned so far.
    pub fn skip_progress(&self) -> Option<f64> {
        self.skip?;
        let (scenario, state) = (
            self.session.sim().scenario()?,
            self.session.sim().scenario_state()?,
        );
        Some(state.wave_share(scenario))
    }

    /// Whether the wave being skipped has ended (or the game is decided).
    fn skip_done(&self, skip: WaveSkip) -> bool {
        let state = self.session.sim().scenario_state();
        self.session.sim().outcome() != Outcome::Running
            || state.is_none_or(|s| s.cycle() != skip.cycle || s.wave() != skip.wave)
    }

    /// Runs up to `steps` steps within the frame's budget when fast-forwarding (more than the
    /// shell's usual [`MAX_STEPS_PER_FRAME`]); a skip runs steps for its own budget instead.
    /// Every step but the last runs here; whether the last is due is the answer, for
    /// [`TdGame::run_steps`] to run through its sink.
    pub(super) fn advance(&mut self, steps: u32) -> Advance {
        let fast = (2.0 * self.frame_rest).clamp(FAST_LEAST.as_secs_f64(), FAST_MOST.as_secs_f64());
        let (budget, steps) = match self.skip {
            Some(_) => (Some(SKIP_BUDGET), u32::MAX),
            None if steps > MAX_STEPS_PER_FRAME => (Some(Duration::from_secs_f64(fast)), steps),
            None => (None, steps),
        };
        let deadline = budget.map(|b| Instant::now() + b);
        let mut ran = 0;
        while ran < steps {
            if let Some(skip) = self.skip
                && self.skip_done(skip)
            {
                self.skip = None;
                break;
            }
            // The first step always runs; after it, the budget may end the frame's steps.
            let out_of_time = ran > 0 && deadline.is_some_and(|d| Instant::now() >= d);
            if ran + 1 == steps || out_of_time {
                return Advance {
                    ran,
                    last_due: true,
                };
            }
            self.step_with(&mut Plain);
            ran += 1;
        }
        Advance {
            ran,
            last_due: false,
        }
    }

    /// Notes the speed a frame of `real_seconds` reached with `ran` steps (smoothed).
    pub(super) fn note_speed(&mut self, ran: u32, real_seconds: f64) {
        if real_seconds > 0.0 && real_seconds.is_finite() {
            // What the last frame spent besides this game's steps: drawing, mostly.
            self.frame_rest = (real_seconds - self.last_steps_seconds).max(0.0);
            self.last_steps_seconds = self.steps_seconds;
            let now = (f64::from(ran) * STEP / real_seconds) as f32;
            self.speed_reached += (now - self.speed_reached) * 0.1;
        }
    }

    /// The play speed reached lately, simulated seconds per real second.
    pub fn speed_reached(&self) -> f32 {
        self.speed_reached
    }
}
