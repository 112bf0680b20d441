//! `HORDE_RUN_UNTIL` for `horde run`: any scene, run until its summary (the one `--json`
//! prints) meets every condition given (`outcome=victory`, `spawned>0`), then quit as closing
//! the window would.
//! A wrapper around the scene: every call passes through; after each frame's overlay the
//! summary is read again (at most ten times a second) and the run ends once it matches.

use super::{FrameInfo, InputState, Reporting, Requests, Scene, Tick, Viewport};
use crate::cli::values::{Compare, Until};
use horde_renderer::{AdapterSummary, FrameCounters, FrameParams, GpuContext, Renderer};
use std::time::{Duration, Instant};
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

/// How often the summary is read again.
const EVERY: Duration = Duration::from_millis(100);

/// A scene that asks to quit once its summary meets every condition.
pub struct RunUntil {
    /// The scene shown.
    scene: Box<dyn Reporting>,
    /// What its summary must meet.
    conditions: Vec<Until>,
    /// Frames submitted so far.
    frames: u64,
    /// When the summary was last read.
    read: Option<Instant>,
}

impl RunUntil {
    /// `scene`, run until its summary meets every one of `conditions`.
    pub fn new(scene: Box<dyn Reporting>, conditions: Vec<Until>) -> RunUntil {
        RunUntil {
            scene,
            conditions,
            frames: 0,
            read: None,
        }
    }

    /// Whether the summary meets every condition now (a summary that cannot be made, or
    /// lacks a field, does not).
    pub fn met(&self) -> bool {
        let Ok(text) = self.scene.summary_json(self.frames) else {
            return false;
        };
        let Ok(summary) = serde_json::from_str::<serde_json::Value>(&text) else {
            return false;
        };
        self.conditions.iter().all(|c| holds(c, &summary))
    }
}

/// Whether `summary` meets `condition`.
pub fn holds(condition: &Until, summary: &serde_json::Value) -> bool {
    let field = (condition.key.iter()).try_fold(summary, |value, key| value.get(key.as_str()));
    let Some(field) = field else {
        return false;
    };
    match condition.compare {
        Compare::Equals => match field {
            serde_json::Value::String(text) => *text == condition.value,
            serde_json::Value::Number(n) => match (n.as_f64(), condition.number) {
                (Some(a), Some(b)) => a == b,
                _ => false,
            },
            serde_json::Value::Bool(b) => condition.value == if *b { "true" } else { "false" },
            serde_json::Value::Null => condition.value == "null",
            _ => false,
        },
        Compare::Above => matches!((field.as_f64(), condition.number), (Some(a), Some(b)) if a > b),
        Compare::Below => matches!((field.as_f64(), condition.number), (Some(a), Some(b)) if a < b),
    }
}

impl Scene for RunUntil {
    fn title(&self) -> String {
        self.scene.title()
    }

    fn attach(&mut self, renderer: &mut Renderer) {
        self.scene.attach(renderer);
    }

    fn gpu_ready(&mut self, adapter: &AdapterSummary) {
        self.scene.gpu_ready(adapter);
    }

    fn time_scale(&self) -> f64 {
        self.scene.time_scale()
    }

    fn max_steps_per_frame(&self) -> u32 {
        self.scene.max_steps_per_frame()
    }

    fn update(&mut self, tick: Tick, input: &InputState) {
        self.scene.update(tick, input);
    }

    fn overlay(&mut self, ui: &mut egui::Ui, info: &FrameInfo, requests: &mut Requests) -> f32 {
        let width = self.scene.overlay(ui, info, requests);
        if self.read.is_none_or(|at| at.elapsed() >= EVERY) {
            self.read = Some(Instant::now());
            if self.met() {
                requests.quit = true;
            }
        }
        width
    }

    fn prepare(&mut self, renderer: &mut Renderer, ctx: &GpuContext) -> anyhow::Result<()> {
        self.scene.prepare(renderer, ctx)
    }

    fn frame_params(&mut self, viewport: Viewport) -> FrameParams {
        self.scene.frame_params(viewport)
    }

    fn rendered(&mut self, renderer: &Renderer, counters: &FrameCounters) {
        self.frames += 1;
        self.scene.rendered(renderer, counters);
    }

    fn key(&mut self, key: KeyCode, pressed: bool, repeat: bool, requests: &mut Requests) {
        self.scene.key(key, pressed, repeat, requests);
    }

    fn escape(&mut self, requests: &mut Requests) -> bool {
        self.scene.escape(requests)
    }

    fn mouse_button(
        &mut self,
        button: MouseButton,
        pressed: bool,
        input: &InputState,
        requests: &mut Requests,
    ) {
        self.scene.mouse_button(button, pressed, input, requests);
    }

    fn cursor_moved(&mut self, delta: glam::Vec2, input: &InputState) {
        self.scene.cursor_moved(delta, input);
    }

    fn wheel(&mut self, steps: f32) {
        self.scene.wheel(steps);
    }

    fn focus_lost(&mut self) {
        self.scene.focus_lost();
    }

    fn cursor_released(&mut self) {
        self.scene.cursor_released();
    }

    fn message(&mut self, text: String) {
        self.scene.message(text);
    }
}

impl Reporting for RunUntil {
    fn exit_line(&self) -> String {
        self.scene.exit_line()
    }

    fn summary_json(&self, frames: u64) -> anyhow::Result<String> {
        self.scene.summary_json(frames)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::values::parse_until;

    #[test]
    fn conditions_read_the_summarys_fields() {
        let summary = serde_json::json!({
            "outcome": "victory", "spawned": 3, "over": false, "stall": {"max": 2.5}
        });
        let check = |text: &str| holds(&parse_until(text).unwrap(), &summary);
        assert!(check("outcome=victory") && !check("outcome=defeat"));
        assert!(check("spawned>2") && !check("spawned>3") && check("spawned=3"));
        assert!(check("spawned<3.5") && check("over=false") && check("stall.max>2"));
        assert!(!check("missing>0") && !check("outcome>0") && !check("stall.min<9"));
        for bad in ["", "spawned", "x>y", "=3", "a..b=1", "a b=1", "n>", "n>inf"] {
            assert!(parse_until(bad).is_err(), "{bad:?}");
        }
    }
}
