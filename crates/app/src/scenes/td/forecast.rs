//! The window's wave forecast: the coming wave predicted exactly
//! (`horde_core_sim::td::history::predict_wave`) on a background worker, never on the render thread, and
//! shown as a panel (lives it would cost, kills, when the wave is cleared, each destination's
//! leaks) and as ghost paths on the board ([`super::view::TdView::show_ghosts`]); then, on the
//! same worker, how the game ends if nothing changes (`horde_core_sim::td::history::predict_end`: lost at a
//! wave and tick, won, or still standing where [`END_BUDGET`] ran out).
//!
//! A new prediction is asked for a quarter of a second after the game last changed (an edit, a
//! restart, a load, a seek: debounced), and whenever the wave it predicted is over. From the
//! change until the new answer the panel says it is predicting: nothing of the game before the
//! change is shown. A request made stale by a newer change is cancelled between ticks; an
//! answer to a stale request is dropped.

use super::game::TdGame;
use crate::clock::STEP_F32;
use crate::overlay;
use crate::worker::{Worker, WorkerChannels, on_pool, spare_pool};
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::history::{
    GameEnd, LookAhead, MAX_PREVIEW_TICKS, Prediction, PreviewError,
};
use horde_core_sim::td::history::{predict_end, predict_wave};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What `HORDE_FORECAST` asks: `off` (no forecast), `continuous` (a new prediction as soon as
/// the last one is in: for measuring a window that is always predicting), anything else on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    On,
    Off,
    Continuous,
}

impl Mode {
    fn from_env() -> Mode {
        match std::env::var("HORDE_FORECAST").as_deref() {
            Ok("off") => Mode::Off,
            Ok("continuous") => Mode::Continuous,
            _ => Mode::On,
        }
    }
}

/// How long the game must stay unchanged before a prediction is asked for.
pub const DEBOUNCE: Duration = Duration::from_millis(250);

/// How long the worker looks for the game's end past the predicted wave (its wall-clock
/// budget: a longer game is said to be still standing where the look stopped).
pub const END_BUDGET: Duration = Duration::from_secs(2);

/// A prediction asked of the worker.
struct Job {
    id: u64,
    sim: Box<Simulation>,
    cancel: Arc<AtomicBool>,
}

/// What the worker found.
enum Found {
    /// The coming wave, and how long it took.
    Wave(Result<Prediction, PreviewError>, f64),
    /// How the game ends.
    End(Result<GameEnd, PreviewError>),
}

/// The worker's answer to job `id`.
struct Answer {
    id: u64,
    found: Found,
}

/// What the game looked like when a prediction was asked: its generation, edit count and
/// count of changes the history cannot replay (the inspector's settings).
type Stamp = (u64, u64, u64);

/// The forecast and its worker.
pub struct Forecast {
    worker: Option<Worker<Job, Answer>>,
    /// The running job's cancel flag.
    cancel: Arc<AtomicBool>,
    /// The last job sent, and the game it was for.
    asked: (u64, Option<Stamp>),
    /// The last job answered.
    answered: u64,
    /// When the game last changed, if a prediction is owed.
    changed_at: Option<Instant>,
    /// The game as last seen.
    seen: Option<Stamp>,
    /// The last answer, and how long it took.
    shown: Option<(Prediction, f64)>,
    /// Why there is none, if the last answer was an error.
    why_not: Option<String>,
    /// How the game ends, once the worker has looked.
    end: Option<GameEnd>,
    /// Whether the worker is still looking for the game's end.
    end_owed: bool,
    /// Whether the game changed since the last job was sent: answers are dropped until the
    /// next one is.
    dropping: bool,
    /// Whether the ghost paths changed since the view last drew them.
    ghosts_changed: bool,
    mode: Mode,
    /// The panel's lines ([`Forecast::text`]), made again only when what they say changes,
    /// and the `(busy, answered, why_not)` they were made for.
    lines: Vec<String>,
    lines_for: Option<LinesKey>,
}

/// What the panel's lines depend on: busy, answered, an error, a wave shown, the game's end.
type LinesKey = (bool, u64, bool, bool, Option<GameEnd>, bool);

impl Forecast {
    /// A forecast with its worker (none where no thread can be started: the forecast is then
    /// off, and says so).
    pub fn new() -> Forecast {
        let mode = Mode::from_env();
        if mode == Mode::Off {
            return Forecast::without("no forecast (HORDE_FORECAST=off)".to_string(), mode);
        }
        let worker = Worker::spawn(
            "wave forecast",
            1,
            |channels: WorkerChannels<Job, Answer>| {
                // One thread at the lowest priority short of idle: the prediction takes only
                // what the frame leaves, and its passes run inline (the same game on any
                // number of threads).
                let pool = spare_pool("wave forecast pass");
                while let Ok(job) = channels.requests.recv() {
                    let started = Instant::now();
                    let wave = on_pool(pool.as_ref(), || {
                        predict_wave(&job.sim, STEP_F32, &job.cancel)
                    });
                    let ms = started.elapsed().as_secs_f64() * 1000.0;
                    // The game plays on from the wave's end; with every wave spawned, from now.
                    let (wave, ahead) = match wave {
                        Ok((prediction, game)) => (Ok(prediction), Some(game)),
                        Err(PreviewError::NoWaveLeft) => {
                            (Err(PreviewError::NoWaveLeft), Some(*job.sim))
                        }
                        Err(e) => (Err(e), None),
                    };
                    let found = Found::Wave(wave, ms);
                    if channels.results.send(Answer { id: job.id, found }).is_err() {
                        break;
                    }
                    let Some(mut game) = ahead else { continue };
                    let limit = LookAhead {
                        ticks: MAX_PREVIEW_TICKS,
                        until: Some(Instant::now() + END_BUDGET),
                    };
                    let end = on_pool(pool.as_ref(), || {
                        predict_end(&mut game, STEP_F32, &job.cancel, limit)
                    });
                    let found = Found::End(end);
                    if channels.results.send(Answer { id: job.id, found }).is_err() {
                        break;
                    }
                }
            },
        );
        match worker {
            Ok(worker) => Forecast {
                worker: Some(worker),
                why_not: None,
                ..Forecast::without(String::new(), mode)
            },
            Err(e) => Forecast::without(format!("no forecast: {e}"), mode),
        }
    }

    /// A forecast with no worker, saying `why`.
    fn without(why: String, mode: Mode) -> Forecast {
        let mut forecast = Forecast {
            worker: None,
            cancel: Arc::new(AtomicBool::new(false)),
            asked: (0, None),
            answered: 0,
            changed_at: None,
            seen: None,
            shown: None,
            why_not: Some(why),
            end: None,
            end_owed: false,
            dropping: false,
            ghosts_changed: false,
            mode,
            lines: Vec::new(),
            lines_for: None,
        };
        forecast.refresh_lines();
        forecast
    }

    /// The panel's lines again, when what they say changed (not every frame).
    fn refresh_lines(&mut self) {
        let key = (
            self.busy(),
            self.answered,
            self.why_not.is_some(),
            self.shown.is_some(),
            self.end,
            self.end_owed,
        );
        if self.lines_for != Some(key) {
            self.lines_for = Some(key);
            self.lines = self.text();
            // Said as it changes (a few times a second at most): what the panel shows, for the
            // log and the window tests.
            log::info!("forecast panel: {}", self.lines.join(" | "));
        }
    }

    /// Once a frame: notices a changed game (cancelling a stale job), asks for a prediction
    /// once the game has been still for [`DEBOUNCE`] or the predicted wave is over, and takes
    /// the worker's answer.
    pub fn update(&mut self, game: &TdGame) {
        self.follow(game);
        self.refresh_lines();
    }

    /// [`Forecast::update`] but for the panel's lines.
    fn follow(&mut self, game: &TdGame) {
        let Some(worker) = &self.worker else { return };
        let stamp = (game.generation(), game.edits(), game.changes());
        if self.seen != Some(stamp) {
            // Another game from here on: nothing said about the old one stays on the panel,
            // and answers about it are dropped.
            self.seen = Some(stamp);
            self.changed_at = Some(Instant::now());
            self.cancel.store(true, Ordering::Relaxed);
            self.dropping = true;
            if self.shown.take().is_some() {
                self.ghosts_changed = true;
            }
            self.why_not = None;
            self.end = None;
            self.end_owed = false;
        }
        let wave_over = self
            .shown
            .as_ref()
            .is_some_and(|(p, _)| game.sim().counts().ticks >= p.to_tick);
        let due = self.changed_at.is_some_and(|t| t.elapsed() >= DEBOUNCE)
            || (wave_over && self.asked.1 == Some(stamp) && self.changed_at.is_none());
        if due && game.sim().scenario().is_some() {
            let cancel = Arc::new(AtomicBool::new(false));
            let job = Job {
                id: self.asked.0 + 1,
                sim: Box::new(game.sim().clone()),
                cancel: cancel.clone(),
            };
            if worker.try_send(job).is_ok() {
                self.cancel = cancel;
                self.asked = (self.asked.0 + 1, Some(stamp));
                self.changed_at = None;
                self.dropping = false;
                if wave_over {
                    self.shown = None;
                    self.ghosts_changed = true;
                }
            }
        } else if due {
            self.changed_at = None;
            self.shown = None;
            self.why_not = Some("no forecast: the spawner has no waves".to_string());
            self.ghosts_changed = true;
        }
        while let Some(answer) = self.worker.as_ref().and_then(|w| w.try_recv()) {
            if answer.id != self.asked.0 || self.dropping {
                continue;
            }
            match answer.found {
                Found::Wave(result, ms) => self.take_wave(answer.id, result, ms),
                Found::End(Ok(end)) => {
                    self.end = Some(end);
                    self.end_owed = false;
                }
                Found::End(Err(_)) => self.end_owed = false,
            }
        }
    }

    /// Takes the worker's wave prediction for job `id`.
    fn take_wave(&mut self, id: u64, result: Result<Prediction, PreviewError>, ms: f64) {
        self.answered = id;
        if self.mode == Mode::Continuous {
            // Ask again at once (the debounce already passed).
            self.changed_at = Instant::now().checked_sub(DEBOUNCE);
        }
        // The end is looked for after the wave, and after a game whose waves have all spawned.
        self.end_owed = matches!(result, Ok(_) | Err(PreviewError::NoWaveLeft));
        self.end = None;
        match result {
            Ok(prediction) => {
                self.shown = Some((prediction, ms));
                self.why_not = None;
            }
            Err(PreviewError::Cancelled) => {}
            Err(e) => {
                self.shown = None;
                self.why_not = Some(e.to_string());
            }
        }
        self.ghosts_changed = true;
    }

    /// How the game ends if nothing changes, once the worker has looked.
    pub fn game_end(&self) -> Option<GameEnd> {
        self.end
    }

    /// The prediction shown, if any.
    pub fn prediction(&self) -> Option<&Prediction> {
        self.shown.as_ref().map(|(p, _)| p)
    }

    /// Whether the ghost paths changed since the last call (the view draws them again).
    pub fn take_ghosts_changed(&mut self) -> bool {
        std::mem::take(&mut self.ghosts_changed)
    }

    /// Whether a prediction is owed or being worked on (the one shown, if any, is older).
    pub fn busy(&self) -> bool {
        self.changed_at.is_some() || self.answered != self.asked.0
    }

    /// The panel's lines.
    pub fn text(&self) -> Vec<String> {
        let end_line = match (self.end, self.end_owed) {
            (Some(end), _) => Some(format!("the game, if nothing changes: {}", end.sentence())),
            (None, true) => Some("the game: predicting how it ends…".to_string()),
            (None, false) => None,
        };
        let Some((p, ms)) = &self.shown else {
            let first =
                (self.why_not.clone()).unwrap_or_else(|| "forecast: predicting…".to_string());
            return std::iter::once(first).chain(end_line).collect();
        };
        let seconds = |tick: u64| tick as f64 * crate::clock::STEP;
        let end = match p.outcome.name() {
            "running" => format!(
                "cleared at {:.1} s (tick {})",
                seconds(p.to_tick),
                p.to_tick
            ),
            other => format!(
                "ends in {other} at {:.1} s (tick {})",
                seconds(p.to_tick),
                p.to_tick
            ),
        };
        let mut lines = vec![
            format!(
                "forecast: wave {} of cycle {}, if nothing changes",
                p.wave, p.cycle
            ),
            format!(
                "{end}; {} lives lost; {} killed by then",
                p.lives_lost, p.killed
            ),
        ];
        if p.leaks.is_empty() {
            lines.push("no leaks".to_string());
        } else {
            let leaks: Vec<String> = (p.leaks.iter())
                .map(|l| format!("({}, {}) ×{}", l.x, l.y, l.count))
                .collect();
            lines.push(format!("leaks at {}", leaks.join(", ")));
        }
        lines.extend(end_line);
        if self.busy() {
            lines.push("(predicting the next wave…)".to_string());
        } else {
            lines.push(format!("(predicted in {ms:.0} ms)"));
        }
        lines
    }

    /// Draws the panel at the top of the board; `behind` says the game shown is behind its
    /// live edge, where the history's own edits are still to come (the forecast assumes none).
    pub fn show(&self, ctx: &egui::Context, behind: bool) {
        let place = egui::Vec2::new(0.0, 10.0);
        overlay::panel(ctx, "td forecast", egui::Align2::CENTER_TOP, place, |ui| {
            ui.set_min_width(300.0);
            for (i, line) in self.lines.iter().enumerate() {
                if i == 0 {
                    ui.strong(line);
                } else {
                    ui.label(line);
                }
            }
            if behind {
                ui.label("(seeked back: the recorded edits still to come are not in it)");
            }
        });
    }
}

impl Default for Forecast {
    fn default() -> Forecast {
        Forecast::new()
    }
}
