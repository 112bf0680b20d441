//! What the inspector, the timeline bar and the keys ask of the scene, carried out: each
//! asked of the game's mode first (a refused action changes nothing and says why), then
//! done — boards, levels, scenarios, restarts, saved games, the renderer, the time machine.

use super::{LEVEL, SCENARIO, TdPlay};
use crate::scenes::Requests;
use crate::scenes::td::games;
use crate::scenes::td::inspector::Action;
use crate::scenes::td::timeline_bar::BarAction;
use horde_core_sim::td::files::{load_level, save_level};
use horde_core_sim::td::game::{LevelSource, Scenario, ScenarioSource};
use horde_core_sim::td::tiles::Board;
use horde_games::Change;
use std::path::Path;

impl TdPlay {
    /// Saves the game to `path` and says how it went.
    pub(super) fn save_game(&mut self, path: &Path) {
        let saved = games::make_folder_for(path).and_then(|()| self.game.save(path));
        let text = match saved {
            Ok(()) => format!("saved the game to {}", path.display()),
            Err(e) => format!("save failed: {e}"),
        };
        self.tell(text);
    }

    /// Loads the game saved at `path` and says how it went (a refused file keeps the game).
    pub(super) fn load_game(&mut self, path: &Path) {
        let text = match self.game.load(path) {
            Ok(()) => {
                self.inspector.board_size = self.game.board_size();
                self.inspector.seed = self.game.seed;
                self.camera = None;
                // The game is the save's now, not the files'.
                self.live.watch(&LEVEL, None);
                self.live.watch(&SCENARIO, None);
                format!(
                    "loaded the game of {} at tick {}",
                    path.display(),
                    self.game.sim().counts().ticks
                )
            }
            Err(e) => format!("load failed: {e}"),
        };
        self.tell(text);
    }

    /// Carries out `action` at once, as if the inspector had asked for it this frame.
    pub fn perform(&mut self, action: Action, requests: &mut Requests) {
        self.actions.push(action);
        self.handle_actions(requests);
    }

    /// Carries out what the inspector asked for this frame.
    pub(super) fn handle_actions(&mut self, requests: &mut Requests) {
        let mut actions = std::mem::take(&mut self.actions);
        for action in actions.drain(..) {
            if let Some(change) = action.change(self.game.seed)
                && !self.asked(change)
            {
                continue;
            }
            match action {
                Action::Step => self.game.step_once(),
                Action::Restart(seed) => self.game.restart(seed),
                Action::NewBoard(w, h) => match Board::with_defaults(w, h) {
                    Ok(board) => {
                        self.live.watch(&LEVEL, None);
                        self.new_board(board, None);
                    }
                    Err(e) => self.inspector.message = format!("new board: {e}"),
                },
                Action::Load(path) => match load_level(&path) {
                    Ok(board) => {
                        self.inspector.message = format!("loaded {}", path.display());
                        self.live.watch(&LEVEL, Some(&path));
                        self.new_board(board, Some(LevelSource::File(path.clone())));
                    }
                    Err(e) => self.inspector.message = e.to_string(),
                },
                Action::Generate(seed, spec) => match horde_games::generated(seed, &spec) {
                    Ok(board) => {
                        self.inspector.message = format!("generated seed {seed}: {spec}");
                        self.live.watch(&LEVEL, None);
                        let level = horde_games::generated_source(seed, &spec);
                        self.new_board(board, Some(level));
                    }
                    Err(e) => self.inspector.message = format!("{e:#}"),
                },
                Action::Save(path) => {
                    self.inspector.message = match save_level(self.game.sim().board(), &path) {
                        Ok(()) => format!("saved {}", path.display()),
                        Err(e) => e.to_string(),
                    }
                }
                Action::LoadScenario(path) => match Scenario::load(&path) {
                    Ok(scenario) => {
                        self.inspector.message = format!("playing {}", path.display());
                        self.live.watch(&SCENARIO, Some(&path));
                        let named = ScenarioSource::File(path.clone());
                        self.game.play_scenario(Some(scenario), Some(named));
                    }
                    Err(e) => self.inspector.message = e.to_string(),
                },
                Action::Sandbox => {
                    self.inspector.message = "the spawner runs".to_string();
                    self.live.watch(&SCENARIO, None);
                    self.game.play_scenario(None, None);
                }
                Action::SaveGame(path) => self.save_game(&path),
                Action::LoadGame(path) => self.load_game(&path),
                Action::SwitchRenderer(backend, adapter) => {
                    requests.switch_renderer = Some((backend, adapter));
                }
                Action::SetQuality(quality) => {
                    self.inspector.message = format!("light: {quality}");
                    requests.quality = Some(quality);
                }
            }
        }
        self.actions = actions;
    }

    /// Carries out what the timeline bar or its keys asked.
    pub fn time_travel(&mut self, action: BarAction) {
        match action {
            BarAction::Seek(_) | BarAction::StepBack | BarAction::JumpBack
                if !self.asked(Change::Seek) => {}
            BarAction::SkipWave if !self.asked(Change::PlaySpeed) => {}
            BarAction::Seek(tick) => {
                self.game.seek(tick);
            }
            BarAction::StepBack => self.game.step_back(),
            BarAction::StepForward => self.game.step_forward(),
            BarAction::JumpBack => self.game.jump_back(),
            BarAction::ToLive => self.game.to_live_edge(),
            BarAction::SkipWave => {
                if !self.game.skip_wave() {
                    self.game.last_refusal =
                        Some("no wave to skip: play a scenario that is still running".to_string());
                }
            }
        }
    }

    fn new_board(&mut self, board: Board, level: Option<LevelSource>) {
        self.game.replace_board(board, level);
        self.inspector.board_size = self.game.board_size();
        self.camera = None;
    }
}
