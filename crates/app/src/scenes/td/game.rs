//! The tower-defense game as a player has it, apart from how it is drawn: its session (the
//! simulation, where it came from, its mode, its history and its recording: the game's,
//! `horde_games::Session`), the level restarts go back to, the seed, pause and play speed, the
//! tower kind a click places, who placed each tower in co-op and the last refused edit. No
//! GPU type lives here: the session runs the steps ([`TdGame::run_steps`],
//! [`TdGame::step_with`]), the last of a frame through a [`Stepper`] the view fills with the
//! enemies' instances as the step goes, and [`super::view::TdView`] draws it from a `&` of it.
//!
//! Rooms: `game/history.rs`, the time machine (seeking, fast-forward and wave skips over the
//! session's history).

pub mod history;

pub use horde_games::{Plain, Stepper};

use super::draw::colors;
use crate::clock::STEP_F32 as STEP;
use horde_core_sim::td::defence::{TowerKind, TowerSettings};
use horde_core_sim::td::files::{load_game, save_game_with_source};
use horde_core_sim::td::game::{BoardReload, Scenario, Simulation};
use horde_core_sim::td::game::{GameSource, LevelSource, ScenarioSource};
use horde_core_sim::td::history::RecordingWriter;
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::{Board, EditKind, EditRefused, TileContent};
use horde_files::FileError;
use horde_games::{Change, Mode, Refusal, Session};
use std::path::Path;
use std::time::Instant;

/// How long a refused tile flashes, seconds.
const FLASH_SECONDS: f32 = 0.5;

/// A tile whose edit was refused, flashing for a while.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RefusedTile {
    /// The tile's board index.
    pub index: usize,
    /// Real seconds the flash has left.
    pub seconds_left: f32,
}

/// A skip to the end of the current wave ([`history`]): the wave and cycle it started in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaveSkip {
    /// The cycle it started in.
    pub cycle: u32,
    /// The wave it started in.
    pub wave: usize,
}

/// The game's state.
#[derive(Debug)]
pub struct TdGame {
    /// The session that plays the game: its simulation, where it came from (its level and
    /// scenario, when known: what a recording's header and a save name; `None` for a board
    /// made in the window and a loaded save that does not say), its mode and its tick.
    session: Session,
    /// The seed it was started with.
    pub seed: u64,
    /// Whether fixed steps are suspended.
    pub paused: bool,
    /// Simulated seconds per real second: the play speed, 1–100 in the inspector.
    pub time_scale: f32,
    /// The tower Shift + left click toggles (`1`, `2`, .. in the kind table's order).
    pub tower_kind: TowerKind,
    /// The last refused edit, for the status line.
    pub last_refusal: Option<String>,
    /// The towers' settings the recording started with (a restart with others ends it).
    recorded_towers: TowerSettings,
    /// Counts the changes the history cannot replay ([`TdGame::change_sim`]): the forecast
    /// predicts again after each.
    changes: u64,
    /// The board a restart goes back to: the level as it was opened (or the board of the
    /// game last loaded).
    level: Board,
    /// The tile whose edit was refused last, while it flashes.
    refused: Option<RefusedTile>,
    /// Counts the times the game started over (restart, new board, load, seek), so that a
    /// view knows to draw everything again.
    generation: u64,
    /// The play speed reached lately (smoothed), simulated seconds per real second.
    speed_reached: f32,
    /// Skipping to the end of the current wave, if asked.
    skip: Option<WaveSkip>,
    /// Seconds this frame's steps took, the last frame's, and what the last frame spent on
    /// everything else (fast-forward's budget follows it).
    steps_seconds: f64,
    last_steps_seconds: f64,
    frame_rest: f64,
    /// Edits the player made that took (the forecast asks again after each).
    edits: u64,
    /// Co-op: who placed each tile's tower (the player's place in the game, from 1; 0 for
    /// none), which tints its base.
    owners: Vec<u8>,
}

impl TdGame {
    /// A game of `board` with the given spawn settings and seed.
    pub fn new(board: Board, settings: SpawnSettings, seed: u64) -> TdGame {
        TdGame::from_simulation(Simulation::new(board, settings, seed), seed)
    }

    /// A game around an existing simulation (started with `seed`).
    pub fn from_simulation(mut sim: Simulation, seed: u64) -> TdGame {
        sim.set_enemy_color(colors::enemy_color);
        let level = sim.board().clone();
        let mut game = TdGame {
            recorded_towers: TowerSettings::default(),
            changes: 0,
            level,
            session: Session::new(sim, None, Mode::Sandbox),
            seed,
            paused: false,
            time_scale: 1.0,
            tower_kind: TowerKind::ALL[0],
            last_refusal: None,
            refused: None,
            generation: 0,
            speed_reached: 0.0,
            skip: None,
            steps_seconds: 0.0,
            last_steps_seconds: 0.0,
            frame_rest: 0.0,
            edits: 0,
            owners: Vec::new(),
        };
        game.new_history();
        game
    }

    /// Opens the game `source` names (its board, and its scenario if it plays one) with the
    /// spawn settings and seed.
    pub fn open(source: &GameSource, settings: SpawnSettings, seed: u64) -> anyhow::Result<TdGame> {
        let (board, scenario) = horde_games::game_of(source)?;
        let mut game = TdGame::new(board, settings, seed);
        game.session.sim_mut().set_scenario(scenario);
        game.session.set_source(Some(source.clone()));
        game.session
            .set_mode(horde_games::mode_of(Some(source), seed, false));
        game.new_history();
        Ok(game)
    }

    /// The game a save holds (a co-op joiner's, from the host), knowing where it came from.
    pub fn from_saved(saved: horde_core_sim::td::files::SavedGame) -> TdGame {
        let seed = saved.sim.seed();
        let mut game = TdGame::from_simulation(saved.sim, seed);
        game.session.set_source(saved.source);
        game
    }

    /// Co-op: the place (from 1) of the player who placed the tower on tile `index`, if known.
    pub fn tower_owner(&self, index: usize) -> Option<u8> {
        self.owners.get(index).copied().filter(|p| *p > 0)
    }

    /// Co-op: the tower on tile `index` was placed by the player at `place` (from 1), or by
    /// nobody known (`None`: the tile's tower went).
    pub fn set_tower_owner(&mut self, index: usize, place: Option<u8>) {
        let tiles = self.session.sim().board().contents().len();
        if self.owners.len() != tiles {
            self.owners.resize(tiles, 0);
        }
        if let Some(slot) = self.owners.get_mut(index) {
            *slot = place.unwrap_or(0);
        }
    }

    /// Co-op: every tile's tower placer (see [`TdGame::tower_owner`]); empty outside co-op.
    pub fn tower_owners(&self) -> &[u8] {
        &self.owners
    }

    /// Where the game came from, when known ([`GameSource`]).
    pub fn source(&self) -> Option<&GameSource> {
        self.session.source()
    }

    /// The recording being made (`horde run --record`, a challenge's own), if one is.
    pub fn recording(&self) -> Option<&RecordingWriter> {
        self.session.recording()
    }

    /// Ends the recording here, handing it over (a lost challenge's Submit closes it).
    pub fn take_recording(&mut self) -> Option<RecordingWriter> {
        self.session.take_recording()
    }

    /// Says where the game came from (a replayed recording's header).
    pub fn set_source(&mut self, source: Option<GameSource>) {
        self.session.set_source(source);
    }

    /// The session playing the game: its mode and what it allows.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Plays in `mode` from now on (a challenge opened, co-op started, a recording taken
    /// over).
    pub fn set_mode(&mut self, mode: Mode) {
        self.session.set_mode(mode);
    }

    /// Whether the game's mode allows `change`; a refusal is kept for the status line.
    pub fn ask(&mut self, change: Change) -> Result<(), Refusal> {
        let asked = self.session.allows(change);
        if let Err(refusal) = &asked {
            self.last_refusal = Some(refusal.to_string());
        }
        asked
    }

    /// The simulation as it stands, between two steps.
    pub fn sim(&self) -> &Simulation {
        self.session.sim()
    }

    /// The simulation to change directly between two steps (its settings, spawning, towers'
    /// settings); the session steps it.
    pub fn sim_mut(&mut self) -> &mut Simulation {
        self.session.sim_mut()
    }

    /// The simulation to change in a way the history cannot replay (animation on or off, the
    /// inspector's settings): the history starts over from the game as it stands after the
    /// change. A recording goes on, but cannot replay such a change: `horde replay` reports
    /// a desync at the next checksum.
    pub fn change_sim(&mut self, change: impl FnOnce(&mut Simulation)) {
        change(self.session.sim_mut());
        self.changes += 1;
        self.new_history();
    }

    /// Counts the changes made through [`TdGame::change_sim`] (the inspector's settings,
    /// animation, spawning).
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// Records the game into `writer` from here; the towers' settings as they stand are the
    /// recording's.
    pub fn start_recording(&mut self, writer: RecordingWriter) {
        self.recorded_towers = *self.session.sim().tower_settings();
        self.session.start_recording(writer);
    }

    /// Replaces the spawn settings, as [`Simulation::set_settings`] says. Not an edit: the history starts over from here ([`TdGame::change_sim`]).
    pub fn set_spawn_settings(&mut self, settings: SpawnSettings) {
        self.change_sim(|sim| sim.set_settings(settings));
    }

    /// Turns the spawner on or off (the history starts over).
    pub fn set_spawning(&mut self, on: bool) {
        self.change_sim(|sim| sim.set_spawning(on));
    }

    /// Replaces the towers' settings (the history starts over).
    pub fn set_tower_settings(&mut self, settings: TowerSettings) {
        self.change_sim(|sim| sim.set_tower_settings(settings));
    }

    /// The board's width and height in tiles.
    pub fn board_size(&self) -> (u32, u32) {
        (
            self.session.sim().board().width(),
            self.session.sim().board().height(),
        )
    }

    /// The tile whose edit was refused last, while it flashes.
    pub fn refused_tile(&self) -> Option<RefusedTile> {
        self.refused.filter(|r| r.seconds_left > 0.0)
    }

    /// Counts the player's edits that took.
    pub fn edits(&self) -> u64 {
        self.edits
    }

    /// Counts the times the game started over; a view draws everything again when it changes.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Replaces the board (new board, loaded level), which restarts go back to from now on:
    /// enemies, shells and explosions are removed and the counters restart. `level` says where
    /// the board came from (`None`: made in the window), and the scenario played stays the
    /// game's.
    pub fn replace_board(&mut self, board: Board, level: Option<LevelSource>) {
        self.stop_recording("another board");
        let scenario = self.session.source().and_then(|s| s.scenario.clone());
        let source = level.map(|level| GameSource { level, scenario });
        self.session.set_source(source);
        self.level = board.clone();
        self.session.sim_mut().replace_board(board);
        self.started_over();
    }

    /// The level file changed to `board` while the game runs: the game carries on over it
    /// ([`Simulation::reload_board`]: enemies on tiles that still let them through walk on,
    /// the rest are removed, paths are the new board's), and restarts go back to it from now
    /// on. A recording ends (its script starts from the old level).
    pub fn reload_level(&mut self, board: Board) -> BoardReload {
        self.stop_recording("a reloaded level");
        self.level = board.clone();
        let reloaded = self.session.sim_mut().reload_board(board);
        self.started_over();
        reloaded
    }

    /// Restarts the game with a new seed: the level as it was opened, no enemies, the
    /// scenario (if one is played) from its start with full lives. The spawn settings, the
    /// tower settings and whether the spawner runs are kept. A recording starts over with the
    /// seed, spawn settings and animation of the new game; it ends where its header cannot
    /// say the new game (the towers' settings changed, the spawner stopped).
    pub fn restart(&mut self, seed: u64) {
        self.session.sim_mut().restart(self.level.clone(), seed);
        self.seed = seed;
        self.started_over();
        if *self.session.sim().tower_settings() != self.recorded_towers {
            self.stop_recording("a restart with the towers' settings changed in the inspector");
        }
        if !self.session.sim().spawning() {
            self.stop_recording("a restart with the spawner stopped");
        }
        let (settings, animation) = (
            *self.session.sim().settings(),
            self.session.sim().animation(),
        );
        if let Some(recording) = self.session.recording_mut()
            && let Err(e) = recording.restart(seed, settings, animation)
        {
            self.last_refusal = Some(format!("recording: {e}"));
        }
    }

    /// Saves the whole game to `path` (a `*.horde` file), naming where it came from where
    /// that is known.
    pub fn save(&self, path: &Path) -> Result<(), FileError> {
        save_game_with_source(path, self.session.sim(), STEP, self.session.source())
    }

    /// Loads the game saved at `path` in place of this one; the old game is kept if the file
    /// is refused. Restarts go back to the loaded game's board from now on, and a recording
    /// ends (no script of edits leads to a loaded game).
    pub fn load(&mut self, path: &Path) -> Result<(), FileError> {
        let saved = load_game(path)?;
        if saved.dt != STEP {
            log::warn!(
                "{} was played at {} s a tick; the window steps {STEP} s",
                path.display(),
                saved.dt
            );
        }
        self.stop_recording("a loaded game");
        self.adopt(saved);
        Ok(())
    }

    /// The game `saved` holds in place of this one (a load; in co-op, the host taking the
    /// game back): its source, its board as the level restarts go back to, a new history;
    /// the placers of towers that no longer stand forgotten.
    pub fn adopt(&mut self, saved: horde_core_sim::td::files::SavedGame) {
        self.session.set_source(saved.source);
        self.session.replace_sim(saved.sim);
        self.session.sim_mut().set_enemy_color(colors::enemy_color);
        self.seed = self.session.sim().seed();
        self.level = self.session.sim().board().clone();
        let towers = self.session.sim().towers();
        for (index, owner) in self.owners.iter_mut().enumerate() {
            if towers.on_tile(index).is_none() {
                *owner = 0;
            }
        }
        self.started_over();
    }

    /// Ends the recording, if there is one, because the game changed to `what`.
    fn stop_recording(&mut self, what: &str) {
        if let Some(recording) = self.session.take_recording() {
            log::warn!(
                "recording into {} ended: no edit script leads to {what}",
                recording.path().display()
            );
        }
    }

    /// Plays `scenario` (or, with `None`, the spawner) from a fresh start of the level: its
    /// lives and tower settings, no enemies. `named` says where it came from.
    pub fn play_scenario(&mut self, scenario: Option<Scenario>, named: Option<ScenarioSource>) {
        self.stop_recording("another scenario");
        if let Some(mut source) = self.session.source().cloned() {
            source.scenario = named;
            self.session.set_source(Some(source));
        }
        self.session.sim_mut().set_scenario(scenario);
        self.restart(self.seed);
    }

    /// After the simulation started over: no flash, a new generation and a new history.
    fn started_over(&mut self) {
        self.refused = None;
        self.generation += 1;
        self.new_history();
    }

    /// Runs `steps` fixed steps (the shell's clock decides how many; none while paused) and
    /// lets `real_seconds` of wall clock pass for the refused-edit flash. Every step but the
    /// last runs plain; the last runs through `sink`, which writes the enemies' instances as
    /// it goes ([`TdGame::step_with`]). Fast-forward (more steps than the shell's usual cap)
    /// runs as many as the frame leaves time for and drops the rest; a wave skip runs for
    /// its own budget ([`history`]).
    pub fn run_steps(&mut self, steps: u32, real_seconds: f64, sink: &mut impl Stepper) {
        if let Some(refused) = &mut self.refused {
            refused.seconds_left -= real_seconds as f32;
        }
        let started = Instant::now();
        // As a rayon thread: the steps' parallel passes start where they run (fast-forward
        // runs many a frame; each hand-over from this thread would be a wake-up and a wait).
        let plan = crate::worker::in_pool(|| self.advance(steps));
        if plan.last_due {
            self.step_with(sink);
        }
        self.steps_seconds = started.elapsed().as_secs_f64();
        self.note_speed(plan.ran + u32::from(plan.last_due), real_seconds);
    }

    /// One fixed step, whole: a game behind the live edge first takes the edits its history
    /// made then, the simulation steps through `sink` (which may write the enemies'
    /// instances as it goes: the view's fused pass), and the history and the recording see
    /// the step before anything else touches the game.
    pub fn step_with(&mut self, sink: &mut impl Stepper) {
        let stepped = self.session.advance(&mut (), sink, &mut ());
        if let Err(e) = stepped {
            self.last_refusal = Some(format!("recording: {e}"));
        }
    }

    /// One fixed step, paused or not, drawing nothing (the inspector's "step" button).
    pub fn step_once(&mut self) {
        self.step_with(&mut Plain);
    }

    /// Applies a player's edit at tile `(x, y)`; a refused edit flashes the tile.
    pub fn edit(&mut self, kind: EditKind, x: i64, y: i64) -> Result<TileContent, EditRefused> {
        self.edit_by(None, kind, x, y)
    }

    /// [`TdGame::edit`] made by co-op's `player` where named: the recording names them in a
    /// comment (`# by NAME`) on the line before the edit.
    pub fn edit_by(
        &mut self,
        player: Option<&str>,
        kind: EditKind,
        x: i64,
        y: i64,
    ) -> Result<TileContent, EditRefused> {
        // Edits apply between steps, as in `horde sim`.
        let result = self.session.edit(kind, x, y);
        match &result {
            Ok(_) => {
                self.last_refusal = None;
                self.edits += 1;
                let tick = self.session.sim().counts().ticks + 1;
                self.note_edit(tick, (kind, x, y), player);
            }
            Err(refused) => {
                self.last_refusal = Some(format!("({x}, {y}): {refused}"));
                if let Some(index) = self.session.sim().board().index(x, y) {
                    self.refused = Some(RefusedTile {
                        index,
                        seconds_left: FLASH_SECONDS,
                    });
                }
            }
        }
        result
    }
}
