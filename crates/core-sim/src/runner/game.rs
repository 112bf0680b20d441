//! The runner game: a fixed pool of track sections recycled ahead of the player, random
//! obstacles after the first clear sections, jump and crouch under gravity, score and a speed
//! that rises with it, game over on touching an obstacle, and restart.
//!
//! The player moves along `+z` (the reference text moves the track towards a still player
//! instead; only the frame differs). Steps are fixed: call [`Runner::step`] with the same `dt`
//! every time (the app and the headless command use 1/60 s).

use super::settings::{ObstacleBox, RunnerSettings};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What the player does during one step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunnerInput {
    /// Space: starts the game, or restarts it after game over.
    pub start: bool,
    /// Jump pressed this step (a key press, not a key held; takes effect only on the ground).
    pub jump: bool,
    /// Crouch, held.
    pub crouch: bool,
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunState {
    /// Waiting for Space.
    Ready,
    /// Running.
    Running,
    /// The player touched an obstacle; Space restarts.
    GameOver,
}

/// One pooled track section.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Section {
    /// World z of its start (its end is one section length further).
    pub start_z: f64,
    /// Index of its obstacle kind, if it has one.
    pub obstacle: Option<usize>,
}

/// The player's state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    /// World z of its centre.
    pub z: f64,
    /// Height of its feet above the track's top.
    pub y: f64,
    /// Vertical speed.
    pub vy: f64,
    /// Height scale: 1 standing, down to the crouch scale.
    pub scale: f64,
    /// Standing on the track.
    pub grounded: bool,
}

/// The runner game.
#[derive(Clone, Debug)]
pub struct Runner {
    settings: RunnerSettings,
    rng: ChaCha8Rng,
    /// The pool, in no particular order; `back` is the section furthest ahead.
    sections: Vec<Section>,
    back: usize,
    player: Player,
    state: RunState,
    score: f64,
    distance: f64,
    seconds: f64,
    recycled: u64,
    runs: u64,
    /// Settings waiting for the next section ([`Runner::set_settings`]).
    pending: Option<RunnerSettings>,
}

impl Runner {
    /// A game in the [`RunState::Ready`] state; `seed` drives the obstacle choices.
    pub fn new(settings: RunnerSettings, seed: u64) -> Runner {
        let mut runner = Runner {
            rng: ChaCha8Rng::seed_from_u64(seed),
            sections: Vec::with_capacity(settings.pool),
            back: 0,
            player: Player {
                z: 0.0,
                y: 0.0,
                vy: 0.0,
                scale: 1.0,
                grounded: true,
            },
            state: RunState::Ready,
            score: 0.0,
            distance: 0.0,
            seconds: 0.0,
            recycled: 0,
            runs: 0,
            pending: None,
            settings,
        };
        for _ in 0..runner.settings.pool {
            runner.sections.push(Section {
                start_z: 0.0,
                obstacle: None,
            });
        }
        runner.lay_out();
        runner
    }

    /// Puts the player and the pool back at the start, without creating anything.
    fn lay_out(&mut self) {
        let length = self.settings.section.length as f64;
        let first = -(self.settings.start_behind as f64);
        for i in 0..self.sections.len() {
            let obstacle = if i < self.settings.clear_sections {
                None
            } else {
                Some(self.random_obstacle())
            };
            self.sections[i] = Section {
                start_z: first + i as f64 * length,
                obstacle,
            };
        }
        self.back = self.sections.len() - 1;
        self.player = Player {
            z: 0.0,
            y: 0.0,
            vy: 0.0,
            scale: 1.0,
            grounded: true,
        };
        self.score = 0.0;
        self.distance = 0.0;
        self.seconds = 0.0;
    }

    /// New settings (their file was edited): while a run goes on they are taken when the next
    /// section is laid ahead — from then on the player moves, jumps and crouches by them and
    /// new sections take their obstacles; sections already laid keep theirs (an obstacle kind
    /// that is gone is cleared). A new section size or pool lays the pool out again from the
    /// rearmost section, clear around the player. Between runs they are taken at once and the
    /// track laid out anew.
    pub fn set_settings(&mut self, settings: RunnerSettings) {
        if self.state == RunState::Running {
            self.pending = Some(settings);
        } else {
            self.pending = None;
            self.take_settings(settings);
            self.lay_out();
        }
    }

    /// Makes `settings` the game's, the pool sized to them (laid out by the caller).
    fn take_settings(&mut self, settings: RunnerSettings) {
        let unplaced = Section {
            start_z: 0.0,
            obstacle: None,
        };
        self.sections.resize(settings.pool, unplaced);
        self.settings = settings;
    }

    /// Whether settings wait for the next section.
    pub fn settings_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// Takes the pending settings, if any (a section is about to be laid ahead).
    fn adopt_pending(&mut self) {
        let Some(settings) = self.pending.take() else {
            return;
        };
        let same_track =
            settings.section == self.settings.section && settings.pool == self.settings.pool;
        self.settings = settings;
        let kinds = self.settings.obstacles.len();
        if same_track {
            for section in &mut self.sections {
                section.obstacle = section.obstacle.filter(|&k| k < kinds);
            }
            return;
        }
        // Laid out again from the rearmost section, with nothing in reach of the player.
        let rear = (self.back + 1) % self.sections.len();
        let first = self.sections[rear].start_z;
        let length = self.settings.section.length as f64;
        let clear_until = self.player.z + length;
        self.sections.truncate(0);
        for i in 0..self.settings.pool {
            let start_z = first + i as f64 * length;
            let obstacle = (start_z > clear_until).then(|| self.random_obstacle());
            self.sections.push(Section { start_z, obstacle });
        }
        self.back = self.sections.len() - 1;
    }

    fn random_obstacle(&mut self) -> usize {
        self.rng.random_range(0..self.settings.obstacles.len())
    }

    /// Advances the game by `dt` seconds under `input`.
    pub fn step(&mut self, input: RunnerInput, dt: f64) {
        if input.start {
            match self.state {
                RunState::Ready => {
                    self.state = RunState::Running;
                    self.runs += 1;
                }
                RunState::GameOver => {
                    if let Some(settings) = self.pending.take() {
                        self.take_settings(settings);
                    }
                    self.lay_out();
                    self.state = RunState::Running;
                    self.runs += 1;
                }
                RunState::Running => {}
            }
        }
        if self.state != RunState::Running {
            return;
        }
        let s = &self.settings;
        let speed = self.speed();
        let from_z = self.player.z;
        self.player.z += speed * dt;
        self.distance += speed * dt;
        self.score += dt * s.base_speed;
        self.seconds += dt;

        if input.jump && self.player.grounded {
            self.player.vy = self.take_off_speed();
            self.player.grounded = false;
        }
        // Exact for constant acceleration, so the apex is the configured height.
        let p = &mut self.player;
        p.y += p.vy * dt - 0.5 * s.gravity * dt * dt;
        p.vy -= s.gravity * dt;
        if p.y <= 0.0 {
            p.y = 0.0;
            p.vy = 0.0;
            p.grounded = true;
        } else {
            p.grounded = false;
        }
        let target = if input.crouch { s.crouch_scale } else { 1.0 };
        p.scale += (target - p.scale) * (dt * s.crouch_rate).min(1.0);

        self.recycle();
        if self.touches_obstacle(from_z) {
            self.state = RunState::GameOver;
        }
    }

    /// Moves every section whose far end is far enough behind the player to the front, with a
    /// new random obstacle. The pool's size never changes. However fast the player goes, one
    /// step moves each section at most once: if the whole pool fell behind, it moves forward
    /// by whole pool lengths first (each section counted as recycled that many times).
    fn recycle(&mut self) {
        let pool = self.sections.len();
        let length = self.settings.section.length as f64;
        let behind = self.player.z - self.settings.recycle_behind as f64;
        let rearmost = (self.back + 1) % pool;
        let lag = behind - (self.sections[rearmost].start_z + length);
        let span = length * pool as f64;
        if lag > span {
            let laps = (lag / span).floor();
            for section in &mut self.sections {
                section.start_z += laps * span;
            }
            // `as` saturates; the count saturates too rather than overflow.
            self.recycled = self
                .recycled
                .saturating_add((laps as u64).saturating_mul(pool as u64));
        }
        for _ in 0..pool {
            let front = (self.back + 1) % pool;
            if self.sections[front].start_z + length >= behind {
                break;
            }
            if self.pending.is_some() {
                self.adopt_pending();
                // The pool may be new: recycle by the new settings.
                return self.recycle();
            }
            let obstacle = Some(self.random_obstacle());
            self.sections[front] = Section {
                start_z: self.sections[self.back].start_z + length,
                obstacle,
            };
            self.back = front;
            self.recycled += 1;
        }
        assert_eq!(
            self.sections.len(),
            self.settings.pool,
            "the pool changed size"
        );
    }

    /// Whether the player's box, swept along the track from `from_z` (so that no speed lets it
    /// pass through a thin obstacle between two steps), overlaps any obstacle box.
    fn touches_obstacle(&self, from_z: f64) -> bool {
        let mut p = self.player_box();
        p.0[2] = p.0[2].min(from_z - self.settings.player.depth as f64 / 2.0);
        self.obstacle_boxes()
            .any(|(_, b)| (0..3).all(|axis| p.0[axis] < b.1[axis] && b.0[axis] < p.1[axis]))
    }

    /// The player's box in world coordinates, as (min, max).
    pub fn player_box(&self) -> ([f64; 3], [f64; 3]) {
        let s = &self.settings.player;
        let p = &self.player;
        let (hw, hd) = (s.width as f64 / 2.0, s.depth as f64 / 2.0);
        (
            [-hw, p.y, p.z - hd],
            [hw, p.y + s.height as f64 * p.scale, p.z + hd],
        )
    }

    /// Every obstacle box of the pool in world coordinates, as (kind, (min, max)).
    pub fn obstacle_boxes(&self) -> impl Iterator<Item = (usize, ([f64; 3], [f64; 3]))> + '_ {
        self.sections.iter().flat_map(move |section| {
            let boxes: &[ObstacleBox] = match section.obstacle {
                Some(kind) => &self.settings.obstacles[kind].boxes,
                None => &[],
            };
            let kind = section.obstacle.unwrap_or(0);
            boxes.iter().map(move |b| {
                (
                    kind,
                    (
                        [
                            b.min.0 as f64,
                            b.min.1 as f64,
                            section.start_z + b.min.2 as f64,
                        ],
                        [
                            b.max.0 as f64,
                            b.max.1 as f64,
                            section.start_z + b.max.2 as f64,
                        ],
                    ),
                )
            })
        })
    }

    /// Speed along the track now: base speed plus score / divisor.
    pub fn speed(&self) -> f64 {
        self.settings.base_speed + self.score / self.settings.speed_score_divisor
    }

    /// Vertical take-off speed of a jump: `sqrt(2 · jump_height · gravity)`.
    pub fn take_off_speed(&self) -> f64 {
        (2.0 * self.settings.jump_height * self.settings.gravity).sqrt()
    }

    /// The settings.
    pub fn settings(&self) -> &RunnerSettings {
        &self.settings
    }

    /// The pool of sections (its length is always `settings.pool`).
    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// The player.
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// Where the game is.
    pub fn state(&self) -> RunState {
        self.state
    }

    /// Score of this run.
    pub fn score(&self) -> f64 {
        self.score
    }

    /// Distance run in this run.
    pub fn distance(&self) -> f64 {
        self.distance
    }

    /// Seconds run in this run.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// Sections recycled since the game was created (over every run, unlike the score,
    /// distance and seconds, which are this run's).
    pub fn sections_recycled(&self) -> u64 {
        self.recycled
    }

    /// Runs started (the first start and every restart).
    pub fn runs(&self) -> u64 {
        self.runs
    }
}
