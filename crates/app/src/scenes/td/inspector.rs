//! The inspector: every setting of the scene and the renderer, live counts and timings.

use super::game::TdGame;
use super::game::history::MAX_PLAY_SPEED;
use super::panels::{
    AnimationBox, TowerTexts, fixed_line, fixed_section, fixed_towers, join_code, towers,
};
use super::view::TdView;
use super::widgets::{frame_time_graph, range_slider};
use crate::overlay;
use crate::scenes::FrameInfo;
use horde_core_sim::td::swarm::FloatRange;
use horde_core_sim::td::swarm::{
    PATH_OFFSET_LIMITS, SCALE_LIMITS, SPAWN_SPEED_LIMITS, SPEED_LIMITS,
};
use horde_games::{Change, Rules};
use horde_levelgen::boards::{BOARD_SIDES, BoardSpec, MAX_ENDS, MAX_WALLS};
use horde_renderer::{AdapterSummary, BackendChoice, Quality};
use std::path::PathBuf;

/// The play speed slider's range, × real time.
const PLAY_SPEED: (f32, f32) = (1.0, MAX_PLAY_SPEED);

/// Something the inspector asks the scene (or, for a renderer switch, the shell) to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Start a new board of this size (the texts' default layout).
    NewBoard(u32, u32),
    /// Load a level file.
    Load(PathBuf),
    /// Save the board to a level file (atomically).
    Save(PathBuf),
    /// Restart the level and scenario with this seed.
    Restart(u64),
    /// Play this scenario file from the level's start.
    LoadScenario(PathBuf),
    /// Play without a scenario: the spawner.
    Sandbox,
    /// Recreate the renderer on this backend (and adapter name).
    SwitchRenderer(BackendChoice, Option<String>),
    /// Draw the frames at this quality from now on.
    SetQuality(Quality),
    /// Advance one fixed step.
    Step,
    /// Save the whole game to a `*.horde` file (Ctrl+S, F5 for the quick-save).
    SaveGame(PathBuf),
    /// Load the game saved in a `*.horde` file (Ctrl+O, F9 for the quick-save).
    LoadGame(PathBuf),
    /// Play the board generated from this seed and spec.
    Generate(u64, BoardSpec),
}

/// The inspector's own state (text fields and choices not yet applied).
#[derive(Debug)]
pub struct Inspector {
    /// New board size.
    pub board_size: (u32, u32),
    /// Level path field.
    pub path: String,
    /// Scenario path field.
    pub scenario_path: String,
    /// Saved game path field (Ctrl+S and Ctrl+O use it).
    pub game_path: String,
    /// Seed field.
    pub seed: u64,
    /// Backend choice.
    pub backend: BackendChoice,
    /// Adapter choice (index into the adapter list; `None` = any).
    pub adapter: Option<usize>,
    /// Every adapter found at start.
    pub adapters: Vec<AdapterSummary>,
    /// The last message (load/save results, screenshots, renderer switches).
    pub message: String,
    /// The seed and spec of the next generated board.
    pub generate: (u64, BoardSpec),
    /// The towers' texts, made once.
    tower_texts: TowerTexts,
    /// Co-op: the host's join code, shown to copy (`None`: not hosting).
    pub join_code: Option<String>,
}

impl Action {
    /// What the action would change about the game, for its mode to allow or refuse
    /// ([`Change`]); `None` for what changes nothing of it (saves, the renderer). A restart
    /// with a seed other than the game's (`seed_now`) changes the seed.
    pub fn change(&self, seed_now: u64) -> Option<Change> {
        match self {
            Action::NewBoard(..) | Action::Generate(..) => Some(Change::Board),
            Action::Load(_) => Some(Change::Level),
            Action::Restart(seed) if *seed != seed_now => Some(Change::Seed),
            Action::Restart(_) => Some(Change::Restart),
            Action::LoadScenario(_) | Action::Sandbox => Some(Change::Scenario),
            Action::Step => Some(Change::Pause),
            Action::LoadGame(_) => Some(Change::Load),
            Action::Save(_) | Action::SaveGame(_) | Action::SwitchRenderer(..) => None,
            Action::SetQuality(_) => None,
        }
    }
}

impl Inspector {
    /// An inspector for a scene opened from `(level, scenario)` files (the path fields' start
    /// values).
    pub fn new(
        game: &TdGame,
        (level, scenario): (Option<PathBuf>, Option<PathBuf>),
        backend: BackendChoice,
        adapters: Vec<AdapterSummary>,
    ) -> Inspector {
        Inspector {
            board_size: game.board_size(),
            path: level.map_or_else(|| "level.txt".to_string(), |p| p.display().to_string()),
            scenario_path: scenario.map_or_else(
                || "assets/scenarios/example.ron".to_string(),
                |p| p.display().to_string(),
            ),
            game_path: "game.horde".to_string(),
            seed: game.seed,
            backend,
            adapter: None,
            adapters,
            message: String::new(),
            generate: (0, BoardSpec::default()),
            tower_texts: TowerTexts::new(),
            join_code: None,
        }
    }

    /// Draws the panel; edits the game and what the view shows directly, and pushes what it
    /// cannot do to `actions`. Returns the panel's width in points.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        (game, view): (&mut TdGame, &mut TdView),
        info: &FrameInfo,
        actions: &mut Vec<Action>,
    ) -> f32 {
        let panel = egui::Panel::right("inspector")
            .resizable(true)
            .default_size(330.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.heading("Horde");
                    let mode = game.session().mode().rules();
                    ui.strong(game.session().mode_label());
                    if let Some(refusal) = &game.last_refusal {
                        ui.colored_label(overlay::ERROR_COLOR, format!("refused {refusal}"));
                    }
                    if let Some(code) = &self.join_code {
                        join_code(ui, code);
                    }
                    self.simulation(ui, game, actions, &mode);
                    self.scenario(ui, game, actions, &mode);
                    match mode.allows(Change::TowerSettings) {
                        Ok(()) => towers(ui, game, &self.tower_texts),
                        Err(fixed) => fixed_towers(ui, game, &self.tower_texts, &fixed),
                    }
                    match mode.allows(Change::SpawnSettings) {
                        Ok(()) => self.spawning(ui, game),
                        Err(fixed) => fixed_section(ui, "Enemies", &fixed),
                    }
                    self.board(ui, view, actions, &mode);
                    self.counts(ui, game, info);
                    self.renderer(ui, info, actions);
                    if !self.message.is_empty() {
                        ui.separator();
                        ui.label(&self.message);
                    }
                    ui.separator();
                    ui.small(self.tower_texts.help.as_str());
                });
            });
        panel.response.rect.width()
    }

    fn simulation(
        &mut self,
        ui: &mut egui::Ui,
        game: &mut TdGame,
        actions: &mut Vec<Action>,
        mode: &Rules,
    ) {
        egui::CollapsingHeader::new("Simulation")
            .default_open(true)
            .show(ui, |ui| {
                match mode.allows(Change::Pause) {
                    Ok(()) => {
                        ui.horizontal(|ui| {
                            ui.checkbox(&mut game.paused, "Paused (Space)");
                            if ui.button("Step").clicked() {
                                actions.push(Action::Step);
                            }
                        });
                    }
                    Err(fixed) => fixed_line(ui, &fixed),
                }
                match mode.allows(Change::PlaySpeed) {
                    Ok(()) => {
                        ui.add(
                            egui::Slider::new(&mut game.time_scale, PLAY_SPEED.0..=PLAY_SPEED.1)
                                .logarithmic(true)
                                .text("play speed ×"),
                        );
                    }
                    Err(fixed) => fixed_line(ui, &fixed),
                }
                ui.horizontal(|ui| {
                    match mode.allows(Change::Seed) {
                        Ok(()) => {
                            ui.label("seed");
                            ui.add(egui::DragValue::new(&mut self.seed));
                        }
                        Err(_) => {
                            self.seed = game.seed;
                            ui.label(format!("seed {} (fixed)", game.seed));
                        }
                    }
                    if mode.allows(Change::Restart).is_ok() && ui.button("Restart (B)").clicked() {
                        actions.push(Action::Restart(self.seed));
                    }
                });
            });
    }

    fn scenario(
        &mut self,
        ui: &mut egui::Ui,
        game: &TdGame,
        actions: &mut Vec<Action>,
        mode: &Rules,
    ) {
        egui::CollapsingHeader::new("Scenario")
            .default_open(true)
            .show(ui, |ui| {
                match mode.allows(Change::Scenario) {
                    Ok(()) => {
                        ui.text_edit_singleline(&mut self.scenario_path);
                        ui.horizontal(|ui| {
                            if ui.button("Load and play").clicked() {
                                actions.push(Action::LoadScenario(PathBuf::from(
                                    self.scenario_path.trim(),
                                )));
                            }
                            let sandbox = game.sim().scenario().is_none();
                            if ui
                                .add_enabled(!sandbox, egui::Button::new("Spawner instead"))
                                .clicked()
                            {
                                actions.push(Action::Sandbox);
                            }
                        });
                    }
                    Err(fixed) => {
                        if game.sim().endless() {
                            ui.label("the built-in endless waves");
                        }
                        fixed_line(ui, &fixed);
                    }
                }
                match (game.sim().scenario(), game.sim().scenario_state()) {
                    (Some(scenario), Some(state)) => {
                        ui.label(format!(
                            "waves {} · cycles {} · {} enemies a cycle · spawn speed ×{:.2}",
                            scenario.waves.len(),
                            if scenario.cycles == 0 {
                                "endless".to_string()
                            } else {
                                scenario.cycles.to_string()
                            },
                            scenario.enemies_per_cycle(),
                            state.time_scale()
                        ));
                        ui.label(format!("outcome: {}", game.sim().outcome().name()));
                    }
                    _ => {
                        ui.label("no scenario: the spawner below runs");
                    }
                }
            });
    }

    fn spawning(&mut self, ui: &mut egui::Ui, game: &mut TdGame) {
        egui::CollapsingHeader::new("Enemies")
            .default_open(true)
            .show(ui, |ui| {
                if game.sim().scenario().is_some() {
                    ui.label("the scenario spawns its own types; the spawner waits");
                }
                let mut settings = *game.sim().settings();
                let mut speed = settings.spawn_speed();
                if ui
                    .add(
                        egui::Slider::new(
                            &mut speed,
                            SPAWN_SPEED_LIMITS.min()..=SPAWN_SPEED_LIMITS.max(),
                        )
                        .text("spawn speed /s"),
                    )
                    .changed()
                {
                    let _ = settings.set_spawn_speed(speed);
                }
                let mut edit = |label: &str, range: FloatRange, limits: FloatRange| {
                    let (mut min, mut max) = (range.min(), range.max());
                    range_slider(ui, label, &mut min, &mut max, (limits.min(), limits.max()));
                    FloatRange::new(min, max).unwrap_or(range)
                };
                let scale = edit("scale", settings.scale(), SCALE_LIMITS);
                let speed_range = edit("speed", settings.speed(), SPEED_LIMITS);
                let offset = edit("path offset", settings.path_offset(), PATH_OFFSET_LIMITS);
                // The sliders keep every value within its limits, so these cannot fail.
                let _ = settings.set_scale(scale);
                let _ = settings.set_speed(speed_range);
                let _ = settings.set_path_offset(offset);
                let shown = AnimationBox::of(game.sim());
                let mut checked = shown.checked;
                let toggled = ui
                    .add_enabled(
                        shown.enabled,
                        egui::Checkbox::new(&mut checked, shown.label),
                    )
                    .changed();
                if toggled {
                    game.change_sim(|sim| sim.set_animation(checked));
                }
                let mut spawning = game.sim().spawning();
                if ui.checkbox(&mut spawning, "spawning").changed() {
                    game.set_spawning(spawning);
                }
                if settings != *game.sim().settings() {
                    game.set_spawn_settings(settings);
                }
            });
    }

    fn board(
        &mut self,
        ui: &mut egui::Ui,
        view: &mut TdView,
        actions: &mut Vec<Action>,
        mode: &Rules,
    ) {
        egui::CollapsingHeader::new("Board")
            .default_open(true)
            .show(ui, |ui| {
                let (new_board, level) = (mode.allows(Change::Board), mode.allows(Change::Level));
                if let Err(fixed) = &new_board {
                    fixed_line(ui, fixed);
                }
                if new_board.is_ok() {
                    ui.horizontal(|ui| {
                        ui.add(
                            egui::DragValue::new(&mut self.board_size.0)
                                .range(2..=1024)
                                .prefix("w "),
                        );
                        ui.add(
                            egui::DragValue::new(&mut self.board_size.1)
                                .range(2..=1024)
                                .prefix("h "),
                        );
                        if ui.button("New board").clicked() {
                            actions.push(Action::NewBoard(self.board_size.0, self.board_size.1));
                        }
                    });
                }
                ui.horizontal(|ui| {
                    ui.text_edit_singleline(&mut self.path);
                });
                ui.horizontal(|ui| {
                    if level.is_ok() && ui.button("Load").clicked() {
                        actions.push(Action::Load(PathBuf::from(self.path.trim())));
                    }
                    if ui.button("Save").clicked() {
                        actions.push(Action::Save(PathBuf::from(self.path.trim())));
                    }
                });
                ui.label("saved game (Ctrl+S, Ctrl+O; F5, F9 quick)");
                ui.horizontal(|ui| {
                    ui.text_edit_singleline(&mut self.game_path);
                });
                ui.horizontal(|ui| {
                    if ui.button("Save game").clicked() {
                        actions.push(Action::SaveGame(PathBuf::from(self.game_path.trim())));
                    }
                    let load = mode.allows(Change::Load).is_ok();
                    if load && ui.button("Load game").clicked() {
                        actions.push(Action::LoadGame(PathBuf::from(self.game_path.trim())));
                    }
                });
                if new_board.is_ok() {
                    self.generator(ui, actions);
                }
                ui.horizontal(|ui| {
                    ui.checkbox(&mut view.show_arrows, "arrows (V)");
                    ui.checkbox(&mut view.show_grid, "grid (G)");
                });
            });
    }

    /// A board generated from a seed: the seed, the spec's numbers and the button.
    fn generator(&mut self, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
        let (seed, spec) = &mut self.generate;
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(seed).prefix("seed "));
            let sides = *BOARD_SIDES.start()..=*BOARD_SIDES.end();
            ui.add(
                egui::DragValue::new(&mut spec.width)
                    .range(sides.clone())
                    .prefix("w "),
            );
            ui.add(
                egui::DragValue::new(&mut spec.height)
                    .range(sides)
                    .prefix("h "),
            );
        });
        ui.horizontal(|ui| {
            let ends = 1..=MAX_ENDS;
            ui.add(
                egui::DragValue::new(&mut spec.spawns)
                    .range(ends.clone())
                    .prefix("spawns "),
            );
            ui.add(
                egui::DragValue::new(&mut spec.destinations)
                    .range(ends)
                    .prefix("ends "),
            );
            ui.add(
                egui::DragValue::new(&mut spec.walls)
                    .range(0.0..=MAX_WALLS)
                    .speed(0.01)
                    .prefix("walls "),
            );
        });
        if ui.button("Generate").clicked() {
            actions.push(Action::Generate(*seed, *spec));
        }
    }

    fn counts(&mut self, ui: &mut egui::Ui, game: &TdGame, info: &FrameInfo) {
        egui::CollapsingHeader::new("Counts")
            .default_open(true)
            .show(ui, |ui| {
                let c = game.sim().counts();
                ui.label(format!(
                    "alive {}   spawned {}   reclaimed {}",
                    c.alive, c.spawned, c.reclaimed
                ));
                ui.label(format!(
                    "killed {}   reached {}   shells {}   towers {}",
                    c.killed,
                    c.reached,
                    c.shots,
                    game.sim().towers().len()
                ));
                ui.label(format!(
                    "ticks {}   board {}×{}",
                    c.ticks,
                    game.sim().board().width(),
                    game.sim().board().height()
                ));
                let f = info.counters;
                ui.label(format!(
                    "{:.0} FPS   draw calls {}   instances {}",
                    info.fps(),
                    f.draw_calls,
                    f.instances
                ));
                ui.label(format!(
                    "uploaded {:.1} KiB   CPU {:.2} ms   GPU {}",
                    f.bytes_uploaded as f64 / 1024.0,
                    f.cpu_ms,
                    f.gpu_ms.map_or("n/a".to_string(), |g| format!("{g:.2} ms"))
                ));
                frame_time_graph(ui, info.frame_times);
            });
    }

    fn renderer(&mut self, ui: &mut egui::Ui, info: &FrameInfo, actions: &mut Vec<Action>) {
        egui::CollapsingHeader::new("Renderer")
            .default_open(true)
            .show(ui, |ui| {
                ui.label(format!("{}   MSAA {}×", info.adapter, info.samples));
                let mut quality = info.quality;
                egui::ComboBox::from_label("light")
                    .selected_text(quality.name())
                    .show_ui(ui, |ui| {
                        for level in Quality::ALL {
                            ui.selectable_value(&mut quality, level, level.name());
                        }
                    });
                if quality != info.quality {
                    actions.push(Action::SetQuality(quality));
                }
                egui::ComboBox::from_label("backend")
                    .selected_text(self.backend.to_string())
                    .show_ui(ui, |ui| {
                        for choice in BackendChoice::ALL {
                            ui.selectable_value(&mut self.backend, choice, choice.to_string());
                        }
                    });
                let current = self
                    .adapter
                    .and_then(|i| self.adapters.get(i))
                    .map_or("any".to_string(), |a| format!("{}: {}", a.backend, a.name));
                egui::ComboBox::from_label("adapter")
                    .selected_text(current)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut self.adapter, None, "any");
                        for (i, a) in self.adapters.iter().enumerate() {
                            ui.selectable_value(
                                &mut self.adapter,
                                Some(i),
                                format!("{}: {}", a.backend, a.name),
                            );
                        }
                    });
                if ui.button("Switch renderer").clicked() {
                    let adapter = self.adapter.and_then(|i| self.adapters.get(i));
                    let backend = match adapter.map(|a| a.backend.parse()) {
                        Some(Ok(choice)) if self.backend == BackendChoice::Auto => choice,
                        _ => self.backend,
                    };
                    actions.push(Action::SwitchRenderer(
                        backend,
                        adapter.map(|a| a.name.clone()),
                    ));
                }
            });
    }
}
