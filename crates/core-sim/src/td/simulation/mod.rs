//! The tower-defense simulation: a board, its enemies, the spawner or a scenario, the towers
//! with their shells and explosions, and the seeded random source, advanced in ticks.
//!
//! One tick, in order:
//! 1. spawning: the texts' accumulator (`progress += spawn_speed · dt`, one enemy per whole
//!    unit, each at a random spawn point with random scale, speed and path offset), or the
//!    scenario's sequences when one is set;
//! 2. every enemy's update, the new ones included: one whose health is at most 0 when its
//!    update begins is removed and counted killed, one that finishes its outro is counted
//!    reached (and costs a life under a scenario);
//! 3. the fight ([`crate::td::fight`]): the towers, in board index order, then the shells and
//!    explosions: a shell that lands damages every enemy in its blast.
//!
//! Then the outcome: with a scenario, defeat when the lives (if it has any) are gone, victory
//! when every cycle has been played and no enemy is left; a decided game no longer changes.
//!
//! Randomness comes from ChaCha8 seeded with `seed_from_u64` for spawns, values drawn with fixed
//! formulas (see [`Simulation::spawn_enemy`]), and from [`crate::td::pick`] for the towers'
//! choices, so a seed gives the same run on every machine and any number of threads.
//!
//! The rooms: this file (the state and one tick), [`parts`] (`parts.rs`: the state as a save
//! holds it, and the checked way back), [`reload`] (`reload.rs`: a level file edited while its
//! game runs), `spawning.rs` (where and with what an enemy enters the game), [`money`]
//! (`money.rs`: the scenario's budget: what edits pay and kills earn), [`waves`] (`waves.rs`:
//! the waves cleared of an endless game, its score).

pub mod money;
pub mod parts;
pub mod reload;
mod spawning;
pub mod waves;

use crate::maths::Maths;
use crate::td::ballistics::{Explosion, Shell};
use crate::td::board::{Board, EditKind, EditRefused};
use crate::td::enemies::{Enemies, Removed, SliceTooShort};

use crate::td::enemy_color::{EnemyColor, neutral_enemy_color};
use crate::td::fight::{Fight, FightInput};
use crate::td::model::ModelInstance;
use crate::td::scenario::Scenario;
use crate::td::scenario_state::{Due, ScenarioState};
use crate::td::settings::{SettingsError, SpawnSettings};
use crate::td::sink::InstanceSink;
use crate::td::tile::TileContent;
use crate::td::towers::{Moment, TowerSettings, Towers};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use waves::WaveTally;

/// Why an enemy could not be spawned.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SpawnError {
    /// Scale, speed or path offset outside the texts' limits.
    #[error(transparent)]
    Params(#[from] SettingsError),
    /// The tile is not on the board.
    #[error("tile {tile} is not on the board ({tiles} tiles)")]
    NoSuchTile {
        /// The tile asked for.
        tile: usize,
        /// Tiles on the board.
        tiles: usize,
    },
    /// Progress outside `[0, 1)`.
    #[error("intro progress {0} is outside [0, 1)")]
    Progress(f32),
}

/// How a game stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Still being played (always, without a scenario).
    #[default]
    Running,
    /// Every cycle of the scenario was played and no enemy is left.
    Victory,
    /// The scenario's lives are gone.
    Defeat,
}

impl Outcome {
    /// `running`, `victory` or `defeat`, as summaries print it.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Running => "running",
            Outcome::Victory => "victory",
            Outcome::Defeat => "defeat",
        }
    }
}

/// Counters of a simulation run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Steps taken.
    pub ticks: u64,
    /// Enemies spawned.
    pub spawned: u64,
    /// Enemies removed from the board: reached plus killed, plus those a reloaded level
    /// removed ([`Simulation::reload_board`]).
    pub reclaimed: u64,
    /// Enemies alive now.
    pub alive: u64,
    /// Enemies removed because their health ran out.
    pub killed: u64,
    /// Enemies that reached a destination.
    pub reached: u64,
    /// Lives left (0 without a scenario).
    pub lives: u32,
    /// Shells launched by towers.
    pub shots: u64,
    /// How the game stands.
    pub outcome: Outcome,
}

/// A scenario being played.
#[derive(Clone, Debug)]
struct Playing {
    scenario: Scenario,
    state: ScenarioState,
}

/// Board, enemies, spawner or scenario, towers, shells and random source. The fields are its
/// own: a save reads them through `parts` and comes back through
/// [`Simulation::from_parts`], which checks them.
#[derive(Clone, Debug)]
pub struct Simulation {
    board: Board,
    enemies: Enemies,
    settings: SpawnSettings,
    seed: u64,
    rng: ChaCha8Rng,
    spawn_progress: f64,
    spawning: bool,
    ticks: u64,
    killed: u64,
    reached: u64,
    shots: u64,
    lives: u32,
    outcome: Outcome,
    enemy_color: EnemyColor,
    playing: Option<Playing>,
    tower_settings: TowerSettings,
    /// The spawner's choice of animation (`--animation`); a scenario that asks for it turns
    /// it on too.
    animation: bool,
    towers: Towers,
    /// The shells and explosions, and what the towers' tick keeps between ticks.
    pub(crate) fight: Fight,
    /// Scratch: what a scenario tick brings (enemies, wave ends), in order.
    spawn_order: Vec<Due>,
    /// Under endless waves: the waves cleared, the score.
    tally: WaveTally,
    /// The money left under a budget ([`money`]; 0 without one).
    money: u32,
    /// What was paid for each tile's content, by board index.
    paid: Vec<u32>,
}

impl Simulation {
    /// A simulation of `board` with no enemies yet, drawing every enemy in
    /// [`NEUTRAL_ENEMY_COLOR`](crate::td::enemy_color::NEUTRAL_ENEMY_COLOR) until
    /// [`Simulation::set_enemy_color`] chooses otherwise.
    pub fn new(board: Board, settings: SpawnSettings, seed: u64) -> Simulation {
        let mut towers = Towers::default();
        towers.sync(&board);
        let tiles = board.tile_count();
        Simulation {
            board,
            enemies: Enemies::default(),
            settings,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            spawn_progress: 0.0,
            spawning: true,
            ticks: 0,
            killed: 0,
            reached: 0,
            shots: 0,
            lives: 0,
            outcome: Outcome::Running,
            enemy_color: neutral_enemy_color,
            playing: None,
            tower_settings: TowerSettings::default(),
            animation: false,
            towers,
            fight: Fight::default(),
            spawn_order: Vec::new(),
            tally: WaveTally::default(),
            money: 0,
            paid: vec![0; tiles],
        }
    }

    /// Plays `scenario` from its start instead of the spawner (or, with `None`, goes back to
    /// the spawner): its towers' settings, its lives, a fresh scenario state.
    pub fn set_scenario(&mut self, scenario: Option<Scenario>) {
        self.playing = scenario.map(|scenario| {
            self.tower_settings = scenario.towers;
            self.lives = scenario.lives;
            Playing {
                state: ScenarioState::begin(&scenario),
                scenario,
            }
        });
        if self.playing.is_none() {
            self.lives = 0;
        }
        self.outcome = Outcome::Running;
        self.reset_money();
        self.apply_animation();
    }

    /// Asks for the series' animation clips (part 6) with the spawner, or with a scenario that
    /// does not ask for them itself: [`Simulation::animated`] tells whether they are on. They
    /// are rules as well as looks (`clip`). Turned off mid-game, enemies in their
    /// outro or dying clips leave at once (the dying ones counted killed), the others walk on.
    pub fn set_animation(&mut self, on: bool) {
        self.animation = on;
        self.apply_animation();
    }

    /// Whether the enemies play the clips now: asked for with [`Simulation::set_animation`],
    /// or by the scenario played.
    pub fn animated(&self) -> bool {
        self.enemies.animated()
    }

    /// Whether animation was asked for with [`Simulation::set_animation`].
    pub fn animation(&self) -> bool {
        self.animation
    }

    /// Plays the game with `maths` ([`Maths`]): every new game is [`Maths::Portable`]'s, the
    /// same on every platform; a game recorded or saved before that was played with the
    /// platform's, which its replay or load sets before the first tick.
    pub fn set_maths(&mut self, maths: Maths) {
        self.enemies.set_maths(maths);
    }

    /// The maths the game is played with.
    pub fn maths(&self) -> Maths {
        self.enemies.maths()
    }

    /// Turns the enemies' clips on or off as the flag and the scenario say.
    fn apply_animation(&mut self) {
        let on = self.animation || self.playing.as_ref().is_some_and(|p| p.scenario.animation);
        let left = self.enemies.set_animated(on);
        self.pay_kills(&left);
        self.killed += left.killed;
    }

    /// The scenario being played, if any.
    pub fn scenario(&self) -> Option<&Scenario> {
        self.playing.as_ref().map(|p| &p.scenario)
    }

    /// Where the scenario stands, if one is played.
    pub fn scenario_state(&self) -> Option<&ScenarioState> {
        self.playing.as_ref().map(|p| &p.state)
    }

    /// The towers' settings (a scenario's, or the texts').
    pub fn tower_settings(&self) -> &TowerSettings {
        &self.tower_settings
    }

    /// Replaces the towers' settings; towers keep their targets and launch progress.
    pub fn set_tower_settings(&mut self, settings: TowerSettings) {
        self.tower_settings = settings;
    }

    /// The board's towers, in board index order.
    pub fn towers(&self) -> &Towers {
        &self.towers
    }

    /// Shells in flight.
    pub fn shells(&self) -> &[Shell] {
        self.fight.shells()
    }

    /// Explosions still shown.
    pub fn explosions(&self) -> &[Explosion] {
        self.fight.explosions()
    }

    /// How the game stands.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The run's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The live enemies.
    pub fn enemies(&self) -> &Enemies {
        &self.enemies
    }

    /// The spawn settings.
    pub fn settings(&self) -> &SpawnSettings {
        &self.settings
    }

    /// Replaces the spawn settings; enemies already alive keep their characteristics.
    pub fn set_settings(&mut self, settings: SpawnSettings) {
        self.settings = settings;
    }

    /// The function that colours enemies as they spawn.
    pub fn enemy_color(&self) -> EnemyColor {
        self.enemy_color
    }

    /// Sets the function that colours enemies from now on; enemies already alive keep their
    /// colour. It is kept across [`Simulation::replace_board`].
    pub fn set_enemy_color(&mut self, color: EnemyColor) {
        self.enemy_color = color;
    }

    /// Whether steps spawn new enemies.
    pub fn spawning(&self) -> bool {
        self.spawning
    }

    /// Turns spawning on or off; enemies already alive carry on either way.
    pub fn set_spawning(&mut self, on: bool) {
        self.spawning = on;
    }

    /// Replaces the board and starts over on it: every enemy, shell and explosion is removed
    /// (their tiles belong to the old board), the counters restart from zero and a scenario
    /// from its start (with its tower settings); the random source, the spawn settings, the
    /// tower settings without a scenario and the enemy colour function carry on.
    pub fn replace_board(&mut self, board: Board) {
        self.board = board;
        self.enemies = Enemies::default();
        self.spawn_progress = 0.0;
        self.ticks = 0;
        self.killed = 0;
        self.reached = 0;
        self.shots = 0;
        self.fight.clear();
        self.towers.reset();
        self.towers.sync(&self.board);
        let scenario = self.playing.take().map(|p| p.scenario);
        self.set_scenario(scenario);
    }

    /// Starts the game over on `board` as [`Simulation::new`] would with `seed`, keeping the
    /// spawn settings, whether the spawner runs, the enemy colour function, the scenario (from
    /// its start) and the tower settings as they are now.
    pub fn restart(&mut self, board: Board, seed: u64) {
        let towers = self.tower_settings;
        self.seed = seed;
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.replace_board(board);
        self.tower_settings = towers;
    }

    /// Counters so far.
    pub fn counts(&self) -> Counts {
        Counts {
            ticks: self.ticks,
            spawned: self.enemies.spawned(),
            reclaimed: self.enemies.spawned() - self.enemies.len() as u64,
            alive: self.enemies.len() as u64,
            killed: self.killed,
            reached: self.reached,
            lives: self.lives,
            shots: self.shots,
            outcome: self.outcome,
        }
    }

    /// Toggles a tile as a click would; see [`Board::toggle`]. The towers follow the board.
    pub fn edit(&mut self, kind: EditKind, x: i64, y: i64) -> Result<TileContent, EditRefused> {
        if let EditKind::Target(priority) = kind {
            let content = self.board.toggle(kind, x, y)?;
            if let Some(index) = self.board.index(x, y) {
                self.towers.set_priority(index, priority);
            }
            return Ok(content);
        }
        let budget = self.budget().copied();
        let result = match (budget, kind) {
            (Some(budget), EditKind::Wall | EditKind::Tower(_)) => {
                self.paid_edit(budget, kind, (x, y))
            }
            _ => self.board.toggle(kind, x, y),
        };
        self.towers.sync(&self.board);
        result
    }

    /// How many enemies a step of `dt` seconds will spawn.
    pub fn pending_spawns(&self, dt: f32) -> usize {
        if !valid_dt(dt) || self.outcome != Outcome::Running {
            return 0;
        }
        if let Some(playing) = &self.playing {
            let mut state = playing.state.clone();
            let mut n = 0;
            state.progress(&playing.scenario, f64::from(dt), |_| n += 1);
            return n;
        }
        if !self.spawning {
            return 0;
        }
        (self.spawn_progress + self.settings.spawn_speed() as f64 * dt as f64).floor() as usize
    }

    /// How many instances [`Simulation::step_and_write`] needs room for in a step of `dt`.
    pub fn instances_needed(&self, dt: f32) -> usize {
        self.enemies.len() + self.pending_spawns(dt)
    }

    /// Advances one tick of `dt` seconds (see the module docs for its order). A `dt` that is
    /// negative or not finite, or a decided game, does nothing.
    pub fn step(&mut self, dt: f32) {
        if !valid_dt(dt) || self.outcome != Outcome::Running {
            return;
        }
        self.spawn_for(dt);
        let removed = self.enemies.update(&self.board, dt);
        self.after_update(removed, dt, Fight::tick);
    }

    /// [`Simulation::step`] with another tick of the fight than the game's (tests: the
    /// reference its shortcuts are checked against).
    #[cfg(test)]
    pub(crate) fn step_by(&mut self, dt: f32, fight: fn(&mut Fight, FightInput<'_>) -> u64) {
        if !valid_dt(dt) || self.outcome != Outcome::Running {
            return;
        }
        self.spawn_for(dt);
        let removed = self.enemies.update(&self.board, dt);
        self.after_update(removed, dt, fight);
    }

    /// [`Simulation::step`] fused with writing every enemy's instance into `out`, which must
    /// hold [`Simulation::instances_needed`] instances (checked before anything changes).
    /// Returns the number of instances written: `out[..n]`.
    pub fn step_and_write(
        &mut self,
        dt: f32,
        mut out: &mut [ModelInstance],
    ) -> Result<usize, SliceTooShort> {
        self.step_into(dt, &mut out)
    }

    /// [`Simulation::step_and_write`] into any [`InstanceSink`] (such as GPU staging memory),
    /// which must hold [`Simulation::instances_needed`] instances. Returns the number written.
    /// A `dt` that is negative or not finite steps nothing (as [`Simulation::step`]) and
    /// writes the instances as they stand (as [`Simulation::write_into`]).
    pub fn step_into<S: InstanceSink>(
        &mut self,
        dt: f32,
        sink: &mut S,
    ) -> Result<usize, SliceTooShort> {
        let needed = self.instances_needed(dt);
        if sink.len() < needed {
            return Err(SliceTooShort {
                needed,
                given: sink.len(),
            });
        }
        if valid_dt(dt) && self.outcome == Outcome::Running {
            self.spawn_for(dt);
            let removed = self.enemies.update_into(&self.board, dt, sink)?;
            self.after_update(removed, dt, Fight::tick);
        } else {
            self.enemies.write_into(sink)?;
        }
        Ok(self.enemies.len())
    }

    /// The rest of a tick after the enemies' update: counting what it removed, the tick
    /// itself, the fight (`fight`: the game's is [`Fight::tick`]) and the outcome.
    fn after_update(
        &mut self,
        removed: Removed,
        dt: f32,
        fight: impl FnOnce(&mut Fight, FightInput<'_>) -> u64,
    ) {
        self.pay_kills(&removed);
        self.killed += removed.killed;
        self.reached += removed.reached;
        if self.playing.is_some() {
            // A life is lost as the path ends (with animation on, before the outro clip).
            let lost = u32::try_from(removed.reached).unwrap_or(u32::MAX);
            self.lives = self.lives.saturating_sub(lost);
        }
        self.ticks += 1;
        let input = FightInput {
            board: &self.board,
            enemies: &mut self.enemies,
            towers: &mut self.towers,
            settings: &self.tower_settings,
            moment: Moment {
                seed: self.seed,
                tick: self.ticks,
            },
            dt,
        };
        self.shots += fight(&mut self.fight, input);
        if self.endless() {
            self.tally.settle(&self.enemies);
        }
        self.decide();
    }

    /// Whether the scenario played has endless waves.
    pub fn endless(&self) -> bool {
        self.playing
            .as_ref()
            .is_some_and(|p| p.scenario.endless.is_some())
    }

    /// Under endless waves, the waves cleared so far (the score) and those spawned and not yet
    /// cleared; the default otherwise.
    pub fn wave_tally(&self) -> &WaveTally {
        &self.tally
    }

    /// Decides the game under a scenario: defeat once the lives are gone, victory once the
    /// scenario is over and no enemy is left.
    fn decide(&mut self) {
        let Some(playing) = &self.playing else {
            return;
        };
        if playing.scenario.lives > 0 && self.lives == 0 {
            self.outcome = Outcome::Defeat;
        } else if playing.state.is_over() && self.enemies.is_empty() {
            self.outcome = Outcome::Victory;
        }
    }

    /// Writes every enemy's instance as it stands into `sink`, which must hold
    /// [`Enemies::len`] instances, without stepping. Returns the number written.
    pub fn write_into<S: InstanceSink>(&self, sink: &mut S) -> Result<usize, SliceTooShort> {
        self.enemies.write_into(sink)
    }
}

/// Whether `dt` is a usable time step.
fn valid_dt(dt: f32) -> bool {
    dt.is_finite() && dt >= 0.0
}
