//! The tower-defense scene in the window: the board edited with the mouse, the orbit camera
//! on the mouse and keys, and the inspector panel.
//!
//! Left click toggles a wall, Shift + left click the selected tower (`1`, `2`, .. choose
//! the kinds in the kind table's order),
//! right click a spawn point, Shift + right click a destination; `B` restarts the level and
//! scenario; Ctrl+S / Ctrl+O save and load the game at the inspector's path, F5 / F9 the
//! quick-save ([`super::games`]); `V` path arrows, `G` grid, Space pause; wheel zoom,
//! middle-drag orbit, W/A/S/D or the arrow keys pan (S pans only without Ctrl). The time
//! machine ([`super::timeline_bar`]): `,` / `.` a tick back / forward (pausing), Backspace
//! 5 s back, End back to the live edge, `N` skips to the end of the wave, `]` / `[` double and
//! halve the play speed. `T` cycles the
//! targeting priority of the tower under the mouse.
//!
//! The rooms: this file (the scene: its input and its frame), `actions.rs` (what the
//! inspector, the timeline bar and the keys ask, asked of the game's mode, then done), `keys.rs`
//! (the tower kind a digit key chooses), `report.rs` (the exit line and the `--json`
//! summary).

mod actions;
mod keys;
mod report;

use super::camera::TdCamera;
use super::coop::TdCoop;
use super::forecast::Forecast;
use super::game::{Plain, TdGame};
use super::games;
use super::hud;
use super::inspector::{Action, Inspector};
use super::submit::SubmitPanel;
use super::timeline_bar::{self, BarAction};
use super::view::{self, TdView};
use crate::live::{LiveFiles, Slot};
use crate::scenes::{FrameInfo, InputState, Requests, Scene, Tick, Viewport};
use anyhow::Result;
use glam::Vec2;
use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::game::{Outcome, Scenario, ScenarioSource};
use horde_core_sim::td::tiles::{Board, EditKind};
use horde_games::{Change, Mode};
use horde_renderer::{AdapterSummary, BackendChoice, FrameParams, GpuContext, Renderer};
use std::path::{Path, PathBuf};
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

/// The scene the window shows for `horde run --scene td`.
pub struct TdPlay {
    /// The game: simulation, level, seed, recording, pause and speed, tower choice.
    pub game: TdGame,
    /// How the game is drawn: its batches and what is shown.
    pub view: TdView,
    camera: Option<TdCamera>,
    inspector: Inspector,
    /// Inspector requests not yet carried out (kept to reuse its buffer).
    actions: Vec<Action>,
    /// Where the scene was last drawn.
    viewport: Viewport,
    /// A Control key is held (for Ctrl+S and Ctrl+O).
    control: bool,
    /// Where the mouse is, window pixels (`T` acts on the tower under it).
    cursor: Vec2,
    /// The coming wave's forecast, in a window (none for a picture or a test's play).
    pub forecast: Option<Forecast>,
    /// The frames' times, milliseconds, for the summary's `frame_ms` (the first
    /// [`FRAME_SAMPLES`], in room made at the start: nothing allocated per frame).
    frames: Vec<f64>,
    /// Where F5 saves and F9 loads ([`games::quick_save_path`] unless changed).
    pub quick_save: PathBuf,
    /// The level and scenario files, watched: an edit applies live.
    pub live: LiveFiles,
    /// The *Submit* of a lost challenge, for a challenge game that records itself.
    pub submit: Option<SubmitPanel>,
    /// The steps the clock gave this frame, run in [`Scene::prepare`] (the last fused with
    /// writing the enemies), or by the next update if the frame was not drawn; `None` once run.
    due: Option<DueSteps>,
    /// Co-op: the session that steps the game and carries this player's edits.
    pub coop: Option<TdCoop>,
    /// The outcome last seen (the log says when it changes).
    outcome: Outcome,
}

/// Steps the clock gave that the game has not run yet: how many, and the real seconds of the
/// frame that gave them.
#[derive(Clone, Copy, Debug, PartialEq)]
struct DueSteps {
    steps: u32,
    real_seconds: f64,
}

/// Frame times the summary keeps at most (about 18 minutes at 60 FPS).
const FRAME_SAMPLES: usize = 1 << 16;

/// The live-file slot of the level.
const LEVEL: Slot<Board> = Slot::new(0, |text, path| Ok(parse_level(text, path)?));
/// The live-file slot of the scenario.
const SCENARIO: Slot<Scenario> = Slot::new(1, |text, path| Ok(Scenario::parse(text, path)?));

impl TdPlay {
    /// The scene of `game`, drawn by `view`, opened from `level` and playing `scenario` (the
    /// path fields' start values), with the backend the window starts on and the adapters the
    /// inspector may switch to.
    pub fn new(
        (game, view): (TdGame, TdView),
        files: (Option<PathBuf>, Option<PathBuf>),
        backend: BackendChoice,
        adapters: Vec<AdapterSummary>,
    ) -> TdPlay {
        let inspector = Inspector::new(&game, files, backend, adapters);
        TdPlay {
            live: LiveFiles::off(),
            game,
            view,
            camera: None,
            inspector,
            actions: Vec::new(),
            viewport: Viewport {
                x: 0.0,
                y: 0.0,
                width: 1.0,
                height: 1.0,
            },
            control: false,
            cursor: Vec2::ZERO,
            forecast: None,
            frames: Vec::with_capacity(FRAME_SAMPLES),
            quick_save: games::quick_save_path(),
            due: None,
            submit: None,
            coop: None,
            outcome: Outcome::Running,
        }
    }

    /// Plays the game in co-op through `coop`: the session steps it, edits go to the host,
    /// and what would change the game on this side alone is refused.
    pub fn set_coop(&mut self, coop: TdCoop) {
        self.inspector.join_code = coop.code.clone();
        self.game.set_mode(coop.mode(&self.game));
        self.coop = Some(coop);
    }

    /// The player's edit of `kind` at `(x, y)`: applied now, or in co-op sent to the host
    /// (applying a delay later, on every board); whether it was taken.
    fn player_edit(&mut self, kind: EditKind, x: i64, y: i64) -> bool {
        let behind = self.game.sim().counts().ticks < self.game.live_tick();
        if self.coop.is_none() {
            let change = if behind { Change::Undo } else { Change::Edit };
            if !self.asked(change) {
                return false;
            }
        }
        if *self.game.session().mode() == Mode::Watch {
            // The player takes the recording's game over: it is theirs from here.
            let game = self.game.session();
            let mode = horde_games::mode_of(game.source(), self.game.seed, false);
            self.game.set_mode(mode);
        }
        match &mut self.coop {
            Some(coop) => match coop.edit(&mut self.game, kind, x, y) {
                Ok(()) => true,
                Err(why) => {
                    self.tell(why);
                    false
                }
            },
            None => self.game.edit(kind, x, y).is_ok(),
        }
    }

    /// `]` doubles the play speed, `[` halves it (1–100× real time), where the mode allows.
    fn change_play_speed(&mut self, factor: f32) {
        if !self.asked(horde_games::Change::PlaySpeed) {
            return;
        }
        let max = super::game::history::MAX_PLAY_SPEED;
        self.game.time_scale = (self.game.time_scale * factor).clamp(1.0, max);
        self.tell(format!("play speed ×{}", self.game.time_scale));
    }

    /// Enter on a lost challenge: its run goes to the board server (as *Submit* does).
    fn submit_lost_challenge(&mut self) {
        if let Some(panel) = &mut self.submit
            && self.game.sim().outcome() == Outcome::Defeat
            && panel.ready()
        {
            panel.submit_as_named(&mut self.game);
        }
    }

    /// Whether the game's mode allows `change`; a refusal is said in the inspector in the
    /// mode's words, and nothing changes.
    fn asked(&mut self, change: Change) -> bool {
        match self.game.ask(change) {
            Ok(()) => true,
            Err(refusal) => {
                self.tell(format!("refused: {refusal}"));
                false
            }
        }
    }

    /// Runs the steps the last update gave, drawing nothing: for a frame the shell did not
    /// draw (a minimised window) and for tests and commands that play the scene without a
    /// renderer. [`Scene::prepare`] runs them otherwise.
    pub fn run_due_steps(&mut self) {
        if let Some(due) = self.due.take() {
            (self.game).run_steps(due.steps, due.real_seconds, &mut Plain);
        }
    }

    /// Watches the level and scenario files the game was opened from, through `live`
    /// ([`LiveFiles::off`] watches nothing).
    pub fn watch(&mut self, mut live: LiveFiles, level: Option<&Path>, scenario: Option<&Path>) {
        live.watch(&LEVEL, level);
        live.watch(&SCENARIO, scenario);
        self.live = live;
    }

    /// Applies the edits of the watched files that changed since the last frame; a refused
    /// one keeps the game as it is and is shown until fixed.
    fn apply_live_edits(&mut self) {
        let mut live = std::mem::take(&mut self.live);
        live.apply(&LEVEL, |board, path| {
            if self.asked(Change::Level) {
                self.reload_level(board, path);
            }
            Ok(())
        });
        live.apply(&SCENARIO, |scenario, path| {
            if !self.asked(Change::Scenario) {
                return Ok(());
            }
            let named = ScenarioSource::File(path.to_path_buf());
            self.game.play_scenario(Some(scenario), Some(named));
            self.tell(format!(
                "reloaded {}: the scenario restarts",
                path.display()
            ));
            Ok(())
        });
        self.live = live;
    }

    /// The level file changed to `board`: the game goes on over it.
    fn reload_level(&mut self, board: Board, path: &Path) {
        let resized = (board.width(), board.height()) != self.game.board_size();
        let reloaded = self.game.reload_level(board);
        if resized {
            self.inspector.board_size = self.game.board_size();
            self.camera = None;
        }
        self.tell(format!(
            "reloaded {}: {} enemies walk on, {} removed",
            path.display(),
            reloaded.kept,
            reloaded.removed
        ));
    }

    /// Sets the inspector's saved-game path, which Ctrl+S and Ctrl+O use.
    pub fn set_game_path(&mut self, path: &Path) {
        self.inspector.game_path = path.display().to_string();
    }

    /// What the inspector's status line says (the last save, load or renderer message).
    pub fn status(&self) -> &str {
        &self.inspector.message
    }

    /// Shows `text` in the inspector and the log.
    fn tell(&mut self, text: String) {
        log::info!("{text}");
        self.inspector.message = text;
    }

    /// `T`: the tower under the cursor targets by the next priority (random, first, last,
    /// strongest, weakest, closest, round again); the inspector says which.
    fn cycle_priority(&mut self) {
        let Some((x, y)) = self.tile_at(self.cursor) else {
            return;
        };
        let board = self.game.sim().board();
        let tower = board
            .index(x, y)
            .and_then(|i| self.game.sim().towers().on_tile(i));
        let Some(tower) = tower else {
            self.tell(format!(
                "({x}, {y}): no tower to target with (T cycles a tower's priority)"
            ));
            return;
        };
        let next = tower.priority.next();
        if self.player_edit(EditKind::Target(next), x, y) {
            self.tell(format!(
                "tower ({x}, {y}) targets: {} (T again for the next)",
                next.name()
            ));
        }
    }

    /// The tile under `cursor` (window pixels), if any.
    fn tile_at(&self, cursor: Vec2) -> Option<(i64, i64)> {
        let camera = self.camera?;
        let v = self.viewport;
        let board = self.game.sim().board();
        camera.pick_tile(
            cursor - Vec2::new(v.x, v.y),
            Vec2::new(v.width, v.height),
            board.width(),
            board.height(),
        )
    }

    /// Toggles `kind` at the tile under the cursor, if there is one.
    fn edit_at_cursor(&mut self, kind: EditKind, cursor: Vec2) {
        let Some((x, y)) = self.tile_at(cursor) else {
            return;
        };
        // A refusal is shown by the scene (flash and status line).
        self.player_edit(kind, x, y);
    }
}

impl Scene for TdPlay {
    fn title(&self) -> String {
        match &self.coop {
            Some(coop) => format!("Horde (co-op: {})", coop.name()),
            None => "Horde".to_string(),
        }
    }

    fn attach(&mut self, renderer: &mut Renderer) {
        self.view.attach(renderer);
    }

    fn gpu_ready(&mut self, adapter: &AdapterSummary) {
        self.inspector.message = format!("renderer: {adapter}");
    }

    fn time_scale(&self) -> f64 {
        if self.game.paused {
            0.0
        } else {
            self.game.time_scale as f64
        }
    }

    fn max_steps_per_frame(&self) -> u32 {
        // Fast-forward: up to half a second's worth at the speed asked (frames are slow when
        // drawing is dear); the game bounds them by time.
        let scale = f64::from(self.game.time_scale.max(1.0));
        let steps = (0.5 * scale / crate::clock::STEP).ceil() as u32;
        steps.max(crate::clock::MAX_STEPS_PER_FRAME)
    }

    fn update(&mut self, tick: Tick, input: &InputState) {
        if self.frames.len() < FRAME_SAMPLES {
            self.frames.push(tick.frame_seconds * 1000.0);
        }
        let outcome = self.game.sim().outcome();
        if outcome != self.outcome {
            log::info!(
                "td: the game is {} at tick {}",
                outcome.name(),
                self.game.sim().counts().ticks
            );
            self.outcome = outcome;
        }
        // The last frame was not drawn: its steps run now.
        self.run_due_steps();
        self.apply_live_edits();
        match &mut self.coop {
            // The session steps the game, at the host's pace.
            Some(coop) => coop.advance(&mut self.game),
            None => {
                self.due = Some(DueSteps {
                    steps: tick.steps,
                    real_seconds: tick.frame_seconds,
                })
            }
        }
        if let Some(camera) = self.camera.as_mut() {
            let (forward, right) = input.move_direction();
            let pan_speed = camera.distance * 0.6 * tick.frame_seconds as f32;
            camera.pan(forward * pan_speed, right * pan_speed);
        }
    }

    fn overlay(&mut self, ui: &mut egui::Ui, info: &FrameInfo, requests: &mut Requests) -> f32 {
        let width = self.inspector.show(
            ui,
            (&mut self.game, &mut self.view),
            info,
            &mut self.actions,
        );
        self.handle_actions(requests);
        let speed = hud::speed_text(self.game.time_scale, self.game.speed_reached());
        let mode = self.game.session().mode_label();
        hud::show(
            ui.ctx(),
            (mode, self.game.sim()),
            self.game.tower_kind,
            speed,
        );
        if let Some(coop) = &self.coop {
            coop.show(ui.ctx());
        }
        if let Some(forecast) = &self.forecast
            && self.game.sim().scenario().is_some()
        {
            let behind = self.game.sim().counts().ticks < self.game.live_tick();
            forecast.show(ui.ctx(), behind);
        }
        if let Some(action) = timeline_bar::show(ui.ctx(), &self.game, width) {
            self.time_travel(action);
        }
        self.live.show(ui.ctx());
        if let Some(panel) = &mut self.submit
            && self.game.sim().outcome() == Outcome::Defeat
        {
            panel.show(ui.ctx(), &mut self.game);
        }
        width
    }

    fn prepare(&mut self, renderer: &mut Renderer, ctx: &GpuContext) -> Result<()> {
        // The frame's steps, the last writing the enemies as it moves them.
        let mut sink = self.view.enemy_sink(renderer, ctx, &self.game);
        if let Some(due) = self.due.take() {
            (self.game).run_steps(due.steps, due.real_seconds, &mut sink);
        }
        let stepped = sink.finish();
        if let Some(forecast) = &mut self.forecast {
            forecast.update(&self.game);
        }
        if let Some(forecast) = &mut self.forecast
            && forecast.take_ghosts_changed()
        {
            let tiles = forecast.prediction().map_or(&[][..], |p| &p.tiles[..]);
            self.view
                .show_ghosts(renderer, self.game.sim().board(), tiles);
        }
        let synced = self.view.sync(renderer, ctx, &self.game);
        stepped.and(synced)
    }

    fn frame_params(&mut self, viewport: Viewport) -> FrameParams {
        if viewport != self.viewport {
            let v = viewport;
            log::info!("td view: viewport {} {} {}x{}", v.x, v.y, v.width, v.height);
        }
        self.viewport = viewport;
        let aspect = viewport.aspect();
        let sim = self.game.sim();
        let camera = *self
            .camera
            .get_or_insert_with(|| view::default_camera(sim, aspect));
        view::frame_params(&camera, aspect)
    }

    fn key(&mut self, key: KeyCode, pressed: bool, repeat: bool, _requests: &mut Requests) {
        if matches!(key, KeyCode::ControlLeft | KeyCode::ControlRight) {
            self.control = pressed;
        }
        if !pressed || repeat {
            return;
        }
        if let Some(change) = keys::key_change(key, self.control)
            && !self.asked(change)
        {
            return;
        }
        let game_path = || PathBuf::from(self.inspector.game_path.trim());
        match key {
            KeyCode::KeyS if self.control => self.save_game(&game_path()),
            KeyCode::KeyO if self.control => self.load_game(&game_path()),
            KeyCode::F5 => self.save_game(&self.quick_save.clone()),
            KeyCode::F9 => self.load_game(&self.quick_save.clone()),
            KeyCode::KeyV => self.view.show_arrows = !self.view.show_arrows,
            KeyCode::KeyG => self.view.show_grid = !self.view.show_grid,
            KeyCode::Space => self.game.paused = !self.game.paused,
            KeyCode::Comma => self.time_travel(BarAction::StepBack),
            KeyCode::Period => self.time_travel(BarAction::StepForward),
            KeyCode::Backspace => self.time_travel(BarAction::JumpBack),
            KeyCode::End => self.time_travel(BarAction::ToLive),
            KeyCode::KeyN => self.time_travel(BarAction::SkipWave),
            KeyCode::BracketRight => self.change_play_speed(2.0),
            KeyCode::BracketLeft => self.change_play_speed(0.5),
            KeyCode::KeyT => self.cycle_priority(),
            KeyCode::KeyB => {
                self.game.restart(self.game.seed);
                self.inspector.message = "restarted".to_string();
            }
            KeyCode::Enter | KeyCode::NumpadEnter => self.submit_lost_challenge(),
            _ => {
                if let Some(kind) = keys::tower_key(key) {
                    self.game.tower_kind = kind;
                }
            }
        }
    }

    fn mouse_button(
        &mut self,
        button: MouseButton,
        pressed: bool,
        input: &InputState,
        _requests: &mut Requests,
    ) {
        if !pressed {
            return;
        }
        let kind = match button {
            MouseButton::Left if input.shift => EditKind::Tower(self.game.tower_kind),
            MouseButton::Left => EditKind::Wall,
            MouseButton::Right if input.shift => EditKind::Destination,
            MouseButton::Right => EditKind::SpawnPoint,
            _ => return,
        };
        self.edit_at_cursor(kind, input.cursor);
    }

    fn cursor_moved(&mut self, delta: Vec2, input: &InputState) {
        self.cursor = input.cursor;
        if input.button_held(MouseButton::Middle)
            && let Some(camera) = self.camera.as_mut()
        {
            camera.orbit(delta.x * 0.005, delta.y * 0.005);
        }
    }

    fn wheel(&mut self, steps: f32) {
        if let Some(camera) = self.camera.as_mut() {
            camera.zoom(steps);
        }
    }

    fn message(&mut self, text: String) {
        log::info!("{text}");
        self.inspector.message = text;
    }
}
