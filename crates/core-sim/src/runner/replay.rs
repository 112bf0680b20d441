//! Input scripts, to replay a run headless: one event per line, `TICK ACTION`.
//!
//! `ACTION` is `start` (Space: start, or restart after game over), `jump`, `crouch` (start
//! holding crouch) or `stand` (let go). An event applies at the start of tick `TICK` (ticks
//! count from 1). Blank lines and lines starting with `#` are ignored. [`InputRecorder`] writes
//! the same format, so any run (the bot's included) can be recorded and replayed.

use super::game::RunnerInput;
use crate::script_lines::script_lines;
use horde_files::{FileError, TEXT_CAP, read_text};
use std::fmt::Write as _;
use std::path::Path;

/// One input event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputEvent {
    /// Space.
    Start,
    /// Jump.
    Jump,
    /// Start holding crouch.
    Crouch,
    /// Stop crouching.
    Stand,
}

/// A parsed input script.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputScript {
    /// `(tick, event)` by tick, then line.
    events: Vec<(u64, InputEvent)>,
    next: usize,
    crouching: bool,
}

impl InputScript {
    /// Parses script text; `path` names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<InputScript, FileError> {
        let mut events = Vec::new();
        for line in script_lines(text, path) {
            line.expect_fields(2, "TICK ACTION")?;
            let tick = line.tick()?;
            let (action_col, action) = line.fields[1];
            let event = match action {
                "start" => InputEvent::Start,
                "jump" => InputEvent::Jump,
                "crouch" => InputEvent::Crouch,
                "stand" => InputEvent::Stand,
                other => {
                    return Err(line.error(
                        action_col,
                        format!("unknown action `{other}` (expected start, jump, crouch or stand)"),
                    ));
                }
            };
            events.push((tick, event, line.number));
        }
        events.sort_by_key(|&(tick, _, line)| (tick, line));
        Ok(InputScript {
            events: events.into_iter().map(|(t, e, _)| (t, e)).collect(),
            next: 0,
            crouching: false,
        })
    }

    /// Reads (at most [`TEXT_CAP`] bytes) and parses a script file.
    pub fn load(path: &Path) -> Result<InputScript, FileError> {
        InputScript::parse(&read_text(path, TEXT_CAP)?, path)
    }

    /// The input for tick `tick` (call with 1, 2, 3, … in order).
    pub fn input(&mut self, tick: u64) -> RunnerInput {
        let mut input = RunnerInput::default();
        while let Some(&(t, event)) = self.events.get(self.next) {
            if t > tick {
                break;
            }
            self.next += 1;
            if t < tick {
                continue;
            }
            match event {
                InputEvent::Start => input.start = true,
                InputEvent::Jump => input.jump = true,
                InputEvent::Crouch => self.crouching = true,
                InputEvent::Stand => self.crouching = false,
            }
        }
        input.crouch = self.crouching;
        input
    }
}

/// Turns a stream of inputs into an input script.
#[derive(Clone, Debug, Default)]
pub struct InputRecorder {
    text: String,
    crouching: bool,
}

impl InputRecorder {
    /// An empty recording.
    pub fn new() -> InputRecorder {
        InputRecorder {
            text: "# horde runner input script: TICK ACTION (start, jump, crouch, stand)\n"
                .to_string(),
            crouching: false,
        }
    }

    /// Records the input given at tick `tick`.
    pub fn record(&mut self, tick: u64, input: RunnerInput) {
        if input.start {
            let _ = writeln!(self.text, "{tick} start");
        }
        if input.jump {
            let _ = writeln!(self.text, "{tick} jump");
        }
        if input.crouch != self.crouching {
            self.crouching = input.crouch;
            let action = if input.crouch { "crouch" } else { "stand" };
            let _ = writeln!(self.text, "{tick} {action}");
        }
    }

    /// The script so far.
    pub fn text(&self) -> &str {
        &self.text
    }
}
