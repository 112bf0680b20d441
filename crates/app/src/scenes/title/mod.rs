//! The title screen: what `horde run` opens when no flag names a scene. A menu over a live
//! scene (a sandbox board whose enemies walk behind it) offers the daily challenge (online
//! when the board server answers within 2 s, else today's seed offline, saying which), the
//! shipped levels and their scenarios, co-op (host; join with a code and a name), the
//! sandbox, the city, the runner, the platformer and the stress test. A pick opens its scene
//! in the same window; Escape in the scene comes back here, Escape here quits.
//!
//! The title screen opens nothing by itself: `horde run` gives it an [`Opener`] that opens a
//! [`Pick`] as the command line would. While a scene is open, the title screen is only its
//! frame: every call goes to the scene, and the run's summary is the scene's (its
//! `"scene"`); on the title screen the summary says `"scene": "title"`.
//!
//! The rooms: this file (the scene that switches between the menu and what it opened),
//! `menu.rs` (the entries, pages, keys and drawing), `daily.rs` (asking the board server for
//! today's challenge).

mod daily;
mod menu;

pub use daily::ANSWER_WITHIN;
pub use menu::{ENTRIES, Menu, Page, Pick};

use crate::scenes::{FrameInfo, InputState, Reporting, Requests, Scene, Tick, Viewport};
use daily::Daily;
use horde_renderer::{AdapterSummary, FrameCounters, FrameParams, GpuContext, Renderer};
use std::path::Path;
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

/// Opens what the title screen picked, as `horde run` would with those words (or the
/// stress test); an error is shown on the title screen.
pub type Opener = Box<dyn FnMut(&Pick) -> anyhow::Result<Box<dyn Reporting>>>;

/// The title screen and the scene it opened, if any.
pub struct TitleScene {
    /// The live scene behind the menu.
    backdrop: Box<dyn Reporting>,
    /// The scene picked, while it is open.
    current: Option<Box<dyn Reporting>>,
    opener: Opener,
    menu: Menu,
    daily: Daily,
    /// The scene shown changed: the renderer's batches are the other scene's.
    reattach: bool,
    /// The adapter the window draws with (a scene opened later is told).
    adapter: Option<AdapterSummary>,
    /// The last thing said on the title screen, shown under the menu: the daily challenge's
    /// way (asking, online, offline and why), or a scene that failed to open. Made when it
    /// changes, not each frame.
    said: String,
    /// The scenes opened so far, by their summary's `"scene"`.
    opened: Vec<String>,
}

impl TitleScene {
    /// The title screen over `backdrop`, opening picks through `opener`; the daily challenge
    /// asks `server`, and *Play* lists the shipped games under `assets`.
    pub fn new(
        backdrop: Box<dyn Reporting>,
        opener: Opener,
        server: String,
        assets: Option<&Path>,
    ) -> TitleScene {
        let daily = Daily::ask(server);
        TitleScene {
            backdrop,
            current: None,
            opener,
            menu: Menu::new(assets),
            said: daily.status(),
            daily,
            reattach: false,
            adapter: None,
            opened: Vec::new(),
        }
    }

    /// Whether a picked scene is open (the menu is not shown).
    pub fn in_scene(&self) -> bool {
        self.current.is_some()
    }

    /// The menu, as it stands.
    pub fn menu(&self) -> &Menu {
        &self.menu
    }

    /// What the title screen said last.
    pub fn said(&self) -> &str {
        &self.said
    }

    /// The scene shown: the one picked, else the backdrop.
    fn active(&mut self) -> &mut dyn Reporting {
        match &mut self.current {
            Some(scene) => scene.as_mut(),
            None => self.backdrop.as_mut(),
        }
    }

    /// Opens `pick` in place of the menu; a failure stays on the title screen, said.
    pub fn open(&mut self, pick: &Pick, requests: &mut Requests) {
        let pick = match pick {
            Pick::Daily => {
                let (words, said) = self.daily.words();
                self.said = said;
                Pick::Run(words)
            }
            Pick::Stress { backend, .. } => {
                // Auto keeps the window's renderer; another backend rebuilds it.
                if *backend != horde_renderer::BackendChoice::Auto {
                    requests.switch_renderer = Some((*backend, None));
                }
                pick.clone()
            }
            Pick::Run(_) => pick.clone(),
        };
        match (self.opener)(&pick) {
            Ok(scene) => {
                let summary = scene.summary_json(0).ok();
                let name = summary
                    .and_then(|s| serde_json::from_str::<serde_json::Value>(&s).ok())
                    .and_then(|v| v["scene"].as_str().map(str::to_string))
                    .unwrap_or_else(|| "scene".to_string());
                log::info!("title screen: opened {name}");
                if !self.said.is_empty() {
                    log::info!("{}", self.said);
                }
                self.opened.push(name);
                self.current = Some(scene);
                self.reattach = true;
            }
            Err(e) => {
                self.said = format!("cannot open it: {e:#}");
                log::warn!("{}", self.said);
            }
        }
    }

    /// Back to the menu from the scene opened (what Escape does in a scene).
    pub fn back_to_menu(&mut self) {
        if self.current.take().is_some() {
            log::info!("title screen: back from the scene");
            self.reattach = true;
        }
    }
}

impl Scene for TitleScene {
    fn title(&self) -> String {
        match &self.current {
            Some(scene) => scene.title(),
            None => "Horde".to_string(),
        }
    }

    fn attach(&mut self, renderer: &mut Renderer) {
        self.reattach = false;
        self.active().attach(renderer);
    }

    fn gpu_ready(&mut self, adapter: &AdapterSummary) {
        self.adapter = Some(adapter.clone());
        self.active().gpu_ready(adapter);
    }

    fn time_scale(&self) -> f64 {
        match &self.current {
            Some(scene) => scene.time_scale(),
            None => self.backdrop.time_scale(),
        }
    }

    fn max_steps_per_frame(&self) -> u32 {
        match &self.current {
            Some(scene) => scene.max_steps_per_frame(),
            None => self.backdrop.max_steps_per_frame(),
        }
    }

    fn update(&mut self, tick: Tick, input: &InputState) {
        if self.daily.poll() {
            self.said = self.daily.status();
            log::info!("title screen: {}", self.said);
        }
        self.active().update(tick, input);
    }

    fn overlay(&mut self, ui: &mut egui::Ui, info: &FrameInfo, requests: &mut Requests) -> f32 {
        if let Some(scene) = &mut self.current {
            return scene.overlay(ui, info, requests);
        }
        if let Some(pick) = self.menu.show(ui.ctx(), &self.said) {
            self.open(&pick, requests);
        }
        0.0
    }

    fn prepare(&mut self, renderer: &mut Renderer, ctx: &GpuContext) -> anyhow::Result<()> {
        if self.reattach {
            self.reattach = false;
            renderer.clear_batches();
            let adapter = self.adapter.clone();
            let active = self.active();
            active.attach(renderer);
            if let Some(adapter) = &adapter {
                active.gpu_ready(adapter);
            }
        }
        self.active().prepare(renderer, ctx)
    }

    fn frame_params(&mut self, viewport: Viewport) -> FrameParams {
        self.active().frame_params(viewport)
    }

    fn rendered(&mut self, renderer: &Renderer, counters: &FrameCounters) {
        self.active().rendered(renderer, counters);
    }

    fn escape(&mut self, requests: &mut Requests) -> bool {
        match &mut self.current {
            Some(scene) => {
                if !scene.escape(requests) {
                    self.back_to_menu();
                }
                true
            }
            None => self.menu.back(),
        }
    }

    fn key(&mut self, key: KeyCode, pressed: bool, repeat: bool, requests: &mut Requests) {
        if let Some(scene) = &mut self.current {
            scene.key(key, pressed, repeat, requests);
            return;
        }
        if pressed
            && !repeat
            && let Some(pick) = self.menu.key(key)
        {
            self.open(&pick, requests);
        }
    }

    fn mouse_button(
        &mut self,
        button: MouseButton,
        pressed: bool,
        input: &InputState,
        requests: &mut Requests,
    ) {
        if let Some(scene) = &mut self.current {
            scene.mouse_button(button, pressed, input, requests);
        }
    }

    fn cursor_moved(&mut self, delta: glam::Vec2, input: &InputState) {
        if let Some(scene) = &mut self.current {
            scene.cursor_moved(delta, input);
        }
    }

    fn wheel(&mut self, steps: f32) {
        if let Some(scene) = &mut self.current {
            scene.wheel(steps);
        }
    }

    fn focus_lost(&mut self) {
        self.active().focus_lost();
    }

    fn cursor_released(&mut self) {
        self.active().cursor_released();
    }

    fn message(&mut self, text: String) {
        self.active().message(text);
    }
}

/// The title screen's `--json` summary.
#[derive(serde::Serialize)]
struct Summary<'a> {
    frames: u64,
    /// The scenes opened from it, in order.
    opened: &'a [String],
    /// The scene: `title`.
    scene: &'static str,
}

impl Reporting for TitleScene {
    fn exit_line(&self) -> String {
        match &self.current {
            Some(scene) => scene.exit_line(),
            None => format!("the title screen; {} scenes opened", self.opened.len()),
        }
    }

    fn summary_json(&self, frames: u64) -> anyhow::Result<String> {
        match &self.current {
            Some(scene) => scene.summary_json(frames),
            None => Ok(serde_json::to_string(&Summary {
                frames,
                opened: &self.opened,
                scene: "title",
            })?),
        }
    }
}
