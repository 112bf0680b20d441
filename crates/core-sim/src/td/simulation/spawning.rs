//! Spawning: where and with what an enemy enters the game — a random spawn point, drawn
//! characteristics, a scenario's types — by the spawner's accumulator or a scenario's
//! sequences, and by hand for stress runs. One more room of [`Simulation`]'s impl.

use super::{Simulation, SpawnError};
use crate::td::enemy::{EnemyParams, type_code};
use crate::td::enemy_type::EnemyType;
use crate::td::scenario::{Endless, EnemyModel, MAX_HEALTH};
use crate::td::scenario_state::Due;
use crate::td::settings::SPEED_LIMITS;
use crate::td::settings::check_params;
use crate::td::tile::TileContent;
use rand::RngCore;
use rand_chacha::ChaCha8Rng;

impl Simulation {
    /// Spawns one enemy at a random spawn point with random characteristics, and returns its id.
    ///
    /// Draws, in order, from ChaCha8: the spawn point `⌊u·n⌋` for `n` points, then scale, speed
    /// and path offset, each `min + (max − min)·f` with `f = (u >> 8) / 2²⁴`, where `u` is the
    /// next 32-bit output.
    pub fn spawn_enemy(&mut self) -> u64 {
        let tile = self.random_spawn_point();
        let params = self.draw_params();
        self.spawn_unchecked(tile, (params, None), 0.0, starting_health(&params))
    }

    /// Spawns one enemy of a scenario's type `kind` at a random spawn point, and returns its
    /// id: the spawn point, then scale, speed, path offset and health from the type's ranges,
    /// drawn as in [`Simulation::spawn_enemy`].
    pub(super) fn spawn_of_type(&mut self, kind: EnemyType, step: u32) -> Option<u64> {
        let scenario = &self.playing.as_ref()?.scenario;
        let config = *scenario.enemies.of(kind);
        // The `step`-th endless cycle's health and speed factors (1 within the listed ones).
        let (health_factor, speed_factor) = match (&scenario.endless, step) {
            (Some(endless), k) if k > 0 => (
                Endless::power(endless.health, k, f64::from(MAX_HEALTH)) as f32,
                Endless::power(endless.speed, k, f64::from(SPEED_LIMITS.max())) as f32,
            ),
            _ => (1.0, 1.0),
        };
        let tile = self.random_spawn_point();
        // Drawn in this order: scale, speed, path offset, health.
        let scale = config.scale.at(unit_f32(&mut self.rng));
        let speed = config.speed.at(unit_f32(&mut self.rng));
        let params = EnemyParams {
            scale,
            speed: (speed * speed_factor).min(SPEED_LIMITS.max()),
            path_offset: config.path_offset.at(unit_f32(&mut self.rng)),
        };
        let health = (config.health.at(unit_f32(&mut self.rng)) * health_factor).min(MAX_HEALTH);
        Some(self.spawn_unchecked(tile, (params, Some(kind)), 0.0, health))
    }

    /// A random spawn point: `⌊u·n⌋` of the board's `n`.
    pub(super) fn random_spawn_point(&mut self) -> usize {
        let points = self.board.spawn_points();
        let pick = ((self.rng.next_u32() as u64 * points.len() as u64) >> 32) as usize;
        points[pick] as usize
    }

    /// Spawns an enemy with the given characteristics at the centre of `tile`, `progress`
    /// (in `[0, 1)`) of the way through its intro, with health `100 × scale`, and returns its
    /// id. Characteristics outside the texts' limits, a tile off the board or a bad progress
    /// are errors.
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
        Ok(self.spawn_unchecked(tile, (params, None), progress, starting_health(&params)))
    }

    /// Spawns with characteristics (and, from a scenario, a type) already known to be valid (a
    /// new enemy; with the clips on, it plays its intro).
    pub(super) fn spawn_unchecked(
        &mut self,
        tile: usize,
        (params, kind): (EnemyParams, Option<EnemyType>),
        progress: f32,
        health: f32,
    ) -> u64 {
        let color = (self.enemy_color)(&params, kind);
        let sphere = kind.is_some_and(|kind| self.model_of(kind) == EnemyModel::Sphere);
        (self.enemies).spawn(
            &self.board,
            tile,
            params,
            (color, health, sphere, type_code(kind)),
            (progress, false),
        )
    }

    /// The model the scenario played draws enemies of type `kind` as.
    pub(super) fn model_of(&self, kind: EnemyType) -> EnemyModel {
        (self.playing.as_ref()).map_or(EnemyModel::Cube, |p| p.scenario.enemies.of(kind).model)
    }

    /// Makes room for `additional` more enemies, so growing to that population allocates
    /// nothing during steps.
    pub fn reserve_enemies(&mut self, additional: usize) {
        self.enemies.reserve(additional);
    }

    /// Spawns `count` enemies on random tiles that are neither walls nor destinations, each at a
    /// random point of its intro, with characteristics drawn as in [`Simulation::spawn_enemy`].
    /// This is how a stress test starts with a full board; with the clips on they are in play
    /// already, walking in their move clip at a phase of their intro progress.
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
            let color = (self.enemy_color)(&params, None);
            let health = starting_health(&params);
            // In play already: with the clips on, walking in its move clip.
            (self.enemies).spawn(
                &self.board,
                tile,
                params,
                (color, health, false, 0),
                (progress, true),
            );
            spawned += 1;
        }
    }

    /// Draws scale, speed and path offset, in that order, from the settings' ranges.
    pub(super) fn draw_params(&mut self) -> EnemyParams {
        EnemyParams {
            scale: self.settings.scale().at(unit_f32(&mut self.rng)),
            speed: self.settings.speed().at(unit_f32(&mut self.rng)),
            path_offset: self.settings.path_offset().at(unit_f32(&mut self.rng)),
        }
    }

    /// Runs the scenario, or else the spawn accumulator, for `dt` seconds.
    pub(super) fn spawn_for(&mut self, dt: f32) {
        if let Some(mut playing) = self.playing.take() {
            // The scenario says what is due, in order (into a list kept between ticks); the
            // spawns draw from the random source once the scenario is back in place.
            let mut order = std::mem::take(&mut self.spawn_order);
            order.clear();
            playing
                .state
                .progress(&playing.scenario, f64::from(dt), |due| order.push(due));
            let endless = playing.scenario.endless.is_some();
            self.playing = Some(playing);
            for &due in &order {
                match due {
                    Due::Enemy(kind, step) => {
                        self.spawn_of_type(kind, step);
                    }
                    Due::WaveEnd if endless => self.tally.wave_ended(self.enemies.spawned()),
                    Due::WaveEnd => {}
                }
            }
            self.spawn_order = order;
            return;
        }
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

/// A uniform `f32` in `[0, 1)` from the top 24 bits of the next output.
fn unit_f32(rng: &mut ChaCha8Rng) -> f32 {
    (rng.next_u32() >> 8) as f32 * (1.0 / (1u32 << 24) as f32)
}

/// The health an enemy of the spawner (or a stress run) starts with: 100 × its scale. A
/// scenario's enemy types draw theirs from their own range instead.
pub(super) fn starting_health(params: &EnemyParams) -> f32 {
    100.0 * params.scale
}
