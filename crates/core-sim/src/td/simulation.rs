//! The tower-defense simulation: a board, its enemies, the spawner and the seeded random source,
//! advanced in steps.
//!
//! A step first spawns (the texts' accumulator: `progress += spawn_speed · dt`, one enemy per
//! whole unit, each at a random spawn point with random scale, speed and path offset), then
//! updates every enemy, the new ones included. Randomness comes from ChaCha8 seeded with
//! `seed_from_u64`, and values are drawn with fixed formulas (see [`Simulation::spawn_enemy`]),
//! so a seed gives the same run on every machine.

use crate::td::board::{Board, EditKind, EditRefused};
use crate::td::enemies::{Enemies, SliceTooShort};
use crate::td::enemy::EnemyParams;
use crate::td::enemy_color::{EnemyColor, neutral_enemy_color};
use crate::td::model::ModelInstance;
use crate::td::settings::{SettingsError, SpawnSettings, check_params};
use crate::td::sink::InstanceSink;
use crate::td::tile::TileContent;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

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

/// Counters of a simulation run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Steps taken.
    pub ticks: u64,
    /// Enemies spawned.
    pub spawned: u64,
    /// Enemies reclaimed at a destination.
    pub reclaimed: u64,
    /// Enemies alive now.
    pub alive: u64,
}

/// Board, enemies, spawner and random source.
#[derive(Clone, Debug)]
pub struct Simulation {
    board: Board,
    enemies: Enemies,
    settings: SpawnSettings,
    rng: ChaCha8Rng,
    spawn_progress: f64,
    spawning: bool,
    ticks: u64,
    reclaimed: u64,
    enemy_color: EnemyColor,
}

impl Simulation {
    /// A simulation of `board` with no enemies yet, drawing every enemy in
    /// [`NEUTRAL_ENEMY_COLOR`](crate::td::enemy_color::NEUTRAL_ENEMY_COLOR) until
    /// [`Simulation::set_enemy_color`] chooses otherwise.
    pub fn new(board: Board, settings: SpawnSettings, seed: u64) -> Simulation {
        Simulation {
            board,
            enemies: Enemies::default(),
            settings,
            rng: ChaCha8Rng::seed_from_u64(seed),
            spawn_progress: 0.0,
            spawning: true,
            ticks: 0,
            reclaimed: 0,
            enemy_color: neutral_enemy_color,
        }
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

    /// Replaces the board and starts over on it: every enemy is removed (their tiles belong to
    /// the old board) and the counters restart from zero; the random source, the spawn settings
    /// and the enemy colour function carry on.
    pub fn replace_board(&mut self, board: Board) {
        self.board = board;
        self.enemies = Enemies::default();
        self.spawn_progress = 0.0;
        self.ticks = 0;
        self.reclaimed = 0;
    }

    /// Counters so far.
    pub fn counts(&self) -> Counts {
        Counts {
            ticks: self.ticks,
            spawned: self.enemies.spawned(),
            reclaimed: self.reclaimed,
            alive: self.enemies.len() as u64,
        }
    }

    /// Toggles a tile as a click would; see [`Board::toggle`].
    pub fn edit(&mut self, kind: EditKind, x: i64, y: i64) -> Result<TileContent, EditRefused> {
        self.board.toggle(kind, x, y)
    }

    /// How many enemies a step of `dt` seconds will spawn.
    pub fn pending_spawns(&self, dt: f32) -> usize {
        if !self.spawning || !valid_dt(dt) {
            return 0;
        }
        (self.spawn_progress + self.settings.spawn_speed() as f64 * dt as f64).floor() as usize
    }

    /// How many instances [`Simulation::step_and_write`] needs room for in a step of `dt`.
    pub fn instances_needed(&self, dt: f32) -> usize {
        self.enemies.len() + self.pending_spawns(dt)
    }

    /// Advances by `dt` seconds: spawning, then every enemy's update. A `dt` that is negative
    /// or not finite does nothing.
    pub fn step(&mut self, dt: f32) {
        if !valid_dt(dt) {
            return;
        }
        self.spawn_for(dt);
        self.reclaimed += self.enemies.update(&self.board, dt) as u64;
        self.ticks += 1;
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
        if valid_dt(dt) {
            self.spawn_for(dt);
            self.reclaimed += self.enemies.update_into(&self.board, dt, sink)? as u64;
            self.ticks += 1;
        } else {
            self.enemies.write_into(sink)?;
        }
        Ok(self.enemies.len())
    }

    /// Writes every enemy's instance as it stands into `sink`, which must hold
    /// [`Enemies::len`] instances, without stepping. Returns the number written.
    pub fn write_into<S: InstanceSink>(&self, sink: &mut S) -> Result<usize, SliceTooShort> {
        self.enemies.write_into(sink)
    }

    /// Spawns one enemy at a random spawn point with random characteristics, and returns its id.
    ///
    /// Draws, in order, from ChaCha8: the spawn point `⌊u·n⌋` for `n` points, then scale, speed
    /// and path offset, each `min + (max − min)·f` with `f = (u >> 8) / 2²⁴`, where `u` is the
    /// next 32-bit output.
    pub fn spawn_enemy(&mut self) -> u64 {
        let points = self.board.spawn_points();
        let pick = ((self.rng.next_u32() as u64 * points.len() as u64) >> 32) as usize;
        let tile = points[pick] as usize;
        let params = self.draw_params();
        self.spawn_unchecked(tile, params, 0.0)
    }

    /// Spawns an enemy with the given characteristics at the centre of `tile`, `progress`
    /// (in `[0, 1)`) of the way through its intro, and returns its id. Characteristics outside
    /// the texts' limits, a tile off the board or a bad progress are errors.
    pub fn spawn_enemy_with(
        &mut self,
        tile: usize,
        params: EnemyParams,
        progress: f32,
    ) -> Result<u64, SpawnError> {
        check_params(&params)?;
        if tile >= self.board.tile_count() {
            return Err(SpawnError::NoSuchTile {
                tile,
                tiles: self.board.tile_count(),
            });
        }
        if !(0.0..1.0).contains(&progress) {
            return Err(SpawnError::Progress(progress));
        }
        Ok(self.spawn_unchecked(tile, params, progress))
    }

    /// Spawns with characteristics already known to be valid.
    fn spawn_unchecked(&mut self, tile: usize, params: EnemyParams, progress: f32) -> u64 {
        let color = (self.enemy_color)(&params);
        self.enemies
            .spawn(&self.board, tile, params, color, progress)
    }

    /// Makes room for `additional` more enemies, so growing to that population allocates
    /// nothing during steps.
    pub fn reserve_enemies(&mut self, additional: usize) {
        self.enemies.reserve(additional);
    }

    /// Spawns `count` enemies on random tiles that are neither walls nor destinations, each at a
    /// random point of its intro, with characteristics drawn as in [`Simulation::spawn_enemy`].
    /// This is how a stress test starts with a full board.
    pub fn populate(&mut self, count: usize) {
        let tiles = self.board.tile_count() as u64;
        let walkable = |c: TileContent| matches!(c, TileContent::Empty | TileContent::SpawnPoint);
        if !self.board.contents().iter().any(|&c| walkable(c)) {
            return;
        }
        self.enemies.reserve(count);
        let mut spawned = 0;
        while spawned < count {
            let tile = ((self.rng.next_u32() as u64 * tiles) >> 32) as usize;
            if !walkable(self.board.content(tile)) {
                continue;
            }
            let params = self.draw_params();
            let progress = unit_f32(&mut self.rng);
            self.spawn_unchecked(tile, params, progress);
            spawned += 1;
        }
    }

    /// Draws scale, speed and path offset, in that order, from the settings' ranges.
    fn draw_params(&mut self) -> EnemyParams {
        EnemyParams {
            scale: self.settings.scale().at(unit_f32(&mut self.rng)),
            speed: self.settings.speed().at(unit_f32(&mut self.rng)),
            path_offset: self.settings.path_offset().at(unit_f32(&mut self.rng)),
        }
    }

    /// Runs the spawn accumulator for `dt` seconds.
    fn spawn_for(&mut self, dt: f32) {
        if !self.spawning {
            return;
        }
        self.spawn_progress += self.settings.spawn_speed() as f64 * dt as f64;
        while self.spawn_progress >= 1.0 {
            self.spawn_progress -= 1.0;
            self.spawn_enemy();
        }
    }
}

/// Whether `dt` is a usable time step.
fn valid_dt(dt: f32) -> bool {
    dt.is_finite() && dt >= 0.0
}

/// A uniform `f32` in `[0, 1)` from the top 24 bits of the next output.
fn unit_f32(rng: &mut ChaCha8Rng) -> f32 {
    (rng.next_u32() >> 8) as f32 * (1.0 / (1u32 << 24) as f32)
}
