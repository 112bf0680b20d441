//! The endless runner in the page: the game at the fixed tick (the autopilot plays until the
//! player presses a key: Space starts and restarts, `W` or Up jumps, `S` or Down held
//! crouches, `P` hands the run to the autopilot and back), and the scenery beside the track
//! made row by row as the player reaches it — in the page's own thread, the rows in view only,
//! as the native scene makes them for a picture.

use super::shown::{STEP, Shown};
use horde_core_sim::runner::{RunState, Runner, RunnerInput, RunnerSettings, with_autopilot};
use horde_levelgen::scenery::{Scatter, ScatterSettings};
use horde_looks::{runner_camera, runner_instances, scenery_row, scenery_rows_in_view};
use horde_renderer::{FrameParams, Instance};
use std::collections::BTreeMap;

/// The endless runner as the page shows it.
pub struct RunnerShow {
    runner: Runner,
    scatter: Scatter,
    /// The scenery rows made, by row, as boxes: those in view (and those a restart shows).
    rows: BTreeMap<i32, Vec<Instance>>,
    autopilot: bool,
    /// The keys pressed since the last tick (start, jump), and crouch held.
    pending: RunnerInput,
    crouch: bool,
}

impl RunnerShow {
    /// The built-in game and scenery with `seed`; the autopilot plays.
    pub fn new(seed: u64) -> Result<RunnerShow, String> {
        let settings = RunnerSettings::built_in().map_err(|e| e.to_string())?;
        let scenery = ScatterSettings::built_in().map_err(|e| e.to_string())?;
        Ok(RunnerShow {
            runner: Runner::new(settings, seed),
            scatter: Scatter::new(scenery, seed),
            rows: BTreeMap::new(),
            autopilot: true,
            pending: RunnerInput::default(),
            crouch: false,
        })
    }

    /// The game.
    pub fn runner(&self) -> &Runner {
        &self.runner
    }

    /// The scenery rows held.
    pub fn rows_held(&self) -> impl Iterator<Item = i32> + '_ {
        self.rows.keys().copied()
    }
}

impl Shown for RunnerShow {
    fn name(&self) -> &'static str {
        "runner"
    }

    fn step(&mut self) {
        let pressed = RunnerInput {
            crouch: self.crouch,
            ..std::mem::take(&mut self.pending)
        };
        let input = with_autopilot(&self.runner, self.autopilot, pressed);
        self.runner.step(input, STEP);
    }

    fn key(&mut self, code: &str, down: bool) {
        match code {
            "KeyS" | "ArrowDown" => self.crouch = down,
            _ if !down => {}
            "Space" => self.pending.start = true,
            "KeyW" | "ArrowUp" => {
                self.pending.jump = true;
                self.autopilot = false;
            }
            "KeyP" => self.autopilot = !self.autopilot,
            _ => {}
        }
    }

    fn refill(&mut self, out: &mut Vec<Instance>) -> bool {
        let chunk = self.scatter.settings().chunk_size;
        let (first, last) = scenery_rows_in_view(self.runner.player().z as f32, chunk);
        // What a restart shows at once is kept; the rest behind the player goes.
        let (_, start_last) = scenery_rows_in_view(0.0, chunk);
        self.rows
            .retain(|&row, _| (first..=last).contains(&row) || row <= start_last);
        for row in first..=last {
            if !self.rows.contains_key(&row) {
                self.rows.insert(row, scenery_row(&self.scatter, row));
            }
        }
        out.clear();
        for row in first..=last {
            if let Some(boxes) = self.rows.get(&row) {
                out.extend_from_slice(boxes);
            }
        }
        runner_instances(&self.runner, out);
        true
    }

    fn camera(&self, aspect: f32) -> FrameParams {
        runner_camera(self.runner.player().z as f32, aspect)
    }

    fn status(&self) -> String {
        let state = match self.runner.state() {
            RunState::Ready => " — Space starts",
            RunState::Running => "",
            RunState::GameOver => " — hit: Space runs again",
        };
        format!(
            "runner: {:.0} m, {} sections recycled, score {:.0}{}{state}",
            self.runner.distance(),
            self.runner.sections_recycled(),
            self.runner.score(),
            if self.autopilot { ", autopilot" } else { "" },
        )
    }
}
