//! A simulation put back together from its parts: every part a later tick reads, as a save
//! holds it (read through the simulation's getters and [`Simulation::rng`] and
//! [`Simulation::spawn_progress`]), and the one way back ([`Simulation::from_parts`]), which
//! checks what it is given against itself — towers those of the board, enemies on its tiles,
//! the scenario state one its scenario can reach, every number finite and within its limits —
//! and refuses, saying what is wrong. Scratch space (the spatial index, the update's buffers)
//! is not a part: each is rebuilt from the state before it is read.

use super::waves::WaveTally;
use super::{Outcome, Playing, Simulation};
use crate::td::ballistics::{Explosion, Shell};
use crate::td::board::Board;
use crate::td::clip::Animation;
use crate::td::enemies::Enemies;
use crate::td::enemy_color::neutral_enemy_color;
use crate::td::fight::Fight;
use crate::td::scenario::Scenario;
use crate::td::scenario_state::ScenarioState;
use crate::td::settings::SpawnSettings;
use crate::td::towers::{Tower, TowerSettings, Towers};
use rand_chacha::ChaCha8Rng;

/// Every part of a simulation that a later tick reads.
#[derive(Clone, Debug)]
pub struct SimulationParts {
    /// The board.
    pub board: Board,
    /// The live enemies and the next id.
    pub enemies: Enemies,
    /// The spawner's settings.
    pub settings: SpawnSettings,
    /// The seed the run started with.
    pub seed: u64,
    /// The random source, where its stream stands.
    pub rng: ChaCha8Rng,
    /// The spawner's accumulator, in `[0, 1)`.
    pub spawn_progress: f64,
    /// Whether steps spawn.
    pub spawning: bool,
    /// Steps taken.
    pub ticks: u64,
    /// Enemies killed.
    pub killed: u64,
    /// Enemies that reached a destination.
    pub reached: u64,
    /// Shells launched.
    pub shots: u64,
    /// Lives left.
    pub lives: u32,
    /// How the game stands.
    pub outcome: Outcome,
    /// The towers' settings.
    pub tower_settings: TowerSettings,
    /// Whether animation was asked for ([`Simulation::set_animation`]).
    pub animation: bool,
    /// The scenario played and where it stands, if one is.
    pub playing: Option<(Scenario, ScenarioState)>,
    /// The board's towers with their state, in board index order.
    pub towers: Vec<Tower>,
    /// Shells in flight.
    pub shells: Vec<Shell>,
    /// Explosions still shown.
    pub explosions: Vec<Explosion>,
    /// The money left under a budget (0 without one).
    pub money: u32,
    /// What was paid for each tile's content, by board index (as many as the board's tiles).
    pub paid: Vec<u32>,
    /// Under endless waves, the waves cleared and waiting (the default otherwise).
    pub tally: WaveTally,
}

impl Simulation {
    /// The random source, where its stream stands (what a save keeps of it).
    pub fn rng(&self) -> &ChaCha8Rng {
        &self.rng
    }

    /// The spawner's accumulator: how far, in `[0, 1)`, the next spawn has come.
    pub fn spawn_progress(&self) -> f64 {
        self.spawn_progress
    }

    /// The simulation `parts` describe, drawing new enemies in the neutral colour until the
    /// caller chooses; or what is wrong with them: a spawn progress outside `[0, 1)`, an
    /// enemy on a tile the board does not have, towers other than the board's, a scenario
    /// state its scenario cannot reach, a shell or explosion that is not finite.
    pub fn from_parts(parts: SimulationParts) -> Result<Simulation, String> {
        let p = parts;
        if !p.spawn_progress.is_finite() || !(0.0..1.0).contains(&p.spawn_progress) {
            return Err(format!(
                "its spawn progress {} is outside [0, 1)",
                p.spawn_progress
            ));
        }
        let tiles = p.board.tile_count();
        let (ids, states) = p.enemies.slots();
        let on_board = |(from, to): (u32, Option<u32>)| {
            (from as usize) < tiles && to.is_none_or(|t| (t as usize) < tiles)
        };
        if let Some(slot) = states.iter().position(|e| !on_board(e.tiles())) {
            return Err(format!(
                "enemy {} stands on a tile the board ({tiles} tiles) does not have",
                ids[slot]
            ));
        }
        let playing = match p.playing {
            Some((scenario, state)) => {
                state.check(&scenario)?;
                Some(Playing { scenario, state })
            }
            None => None,
        };
        let towers = Towers::restore(&p.board, p.towers)?;
        p.tally.check(p.enemies.spawned())?;
        if p.paid.len() != tiles {
            return Err(format!(
                "it keeps what was paid for {} tiles, the board has {tiles}",
                p.paid.len()
            ));
        }
        check_flying(&p.shells, &p.explosions)?;
        let animated = p.animation || playing.as_ref().is_some_and(|p| p.scenario.animation);
        if !animated && let Some(slot) = states.iter().position(|e| e.anim != Animation::MOVING) {
            return Err(format!(
                "enemy {} plays a clip in a game without animation",
                ids[slot]
            ));
        }
        let mut enemies = p.enemies;
        enemies.set_animated(animated);
        Ok(Simulation {
            board: p.board,
            enemies,
            settings: p.settings,
            seed: p.seed,
            rng: p.rng,
            spawn_progress: p.spawn_progress,
            spawning: p.spawning,
            ticks: p.ticks,
            killed: p.killed,
            reached: p.reached,
            shots: p.shots,
            lives: p.lives,
            outcome: p.outcome,
            enemy_color: neutral_enemy_color,
            playing,
            tower_settings: p.tower_settings,
            animation: p.animation,
            towers,
            fight: Fight::resume(p.shells, p.explosions),
            spawn_order: Vec::new(),
            tally: p.tally,
            money: p.money,
            paid: p.paid,
        })
    }
}

/// Shells and explosions must be finite to fly and fade.
fn check_flying(shells: &[Shell], explosions: &[Explosion]) -> Result<(), String> {
    let finite = |values: &[f32]| values.iter().all(|v| v.is_finite());
    for s in shells {
        let values = [
            s.from[0],
            s.from[1],
            s.to[0],
            s.to[1],
            s.velocity[0],
            s.velocity[1],
            s.velocity[2],
            s.age,
            s.blast_radius,
            s.damage,
        ];
        if !finite(&values) {
            return Err(format!("a shell is not finite: {s:?}"));
        }
    }
    for e in explosions {
        if !finite(&[e.at[0], e.at[1], e.radius, e.age]) {
            return Err(format!("an explosion is not finite: {e:?}"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::td::board::EditKind;
    use crate::td::towers::TowerKind;

    /// The parts of `sim`, read through its getters as a save reads them.
    fn parts_of(sim: &Simulation) -> SimulationParts {
        let counts = sim.counts();
        SimulationParts {
            board: sim.board().clone(),
            enemies: sim.enemies().clone(),
            settings: *sim.settings(),
            seed: sim.seed(),
            rng: sim.rng().clone(),
            spawn_progress: sim.spawn_progress(),
            spawning: sim.spawning(),
            ticks: counts.ticks,
            killed: counts.killed,
            reached: counts.reached,
            shots: counts.shots,
            lives: counts.lives,
            outcome: counts.outcome,
            tower_settings: *sim.tower_settings(),
            animation: sim.animation(),
            playing: None,
            towers: sim.towers().all().to_vec(),
            shells: sim.shells().to_vec(),
            explosions: sim.explosions().to_vec(),
            money: sim.money().unwrap_or(0),
            paid: sim.paid().to_vec(),
            tally: sim.wave_tally().clone(),
        }
    }

    /// A game under way: a tower, enemies, a few ticks.
    fn game() -> Simulation {
        let mut board = Board::with_defaults(9, 9).unwrap();
        board
            .toggle(EditKind::Tower(TowerKind::ALL[0]), 1, 1)
            .unwrap();
        let mut sim = Simulation::new(board, SpawnSettings::default(), 3);
        for _ in 0..40 {
            sim.step(0.05);
        }
        sim
    }

    #[test]
    fn parts_put_back_together_step_as_the_original() {
        let mut original = game();
        let mut restored = Simulation::from_parts(parts_of(&original)).unwrap();
        for _ in 0..40 {
            original.step(0.05);
            restored.step(0.05);
        }
        assert_eq!(original.counts(), restored.counts());
        let poses = |s: &Simulation| s.enemies().iter().map(|e| e.position).collect::<Vec<_>>();
        assert_eq!(poses(&original), poses(&restored));
    }

    #[test]
    fn parts_that_do_not_fit_together_are_refused() {
        let sim = game();
        let mut parts = parts_of(&sim);
        parts.spawn_progress = 1.5;
        let e = Simulation::from_parts(parts).unwrap_err();
        assert!(e.contains("spawn progress 1.5"), "{e}");

        // Towers of another board: the tile at (1, 1) is empty there.
        let mut parts = parts_of(&sim);
        parts.board = Board::with_defaults(9, 9).unwrap();
        assert!(Simulation::from_parts(parts).is_err());

        // Enemies of a larger board.
        let mut big = Simulation::new(
            Board::with_defaults(30, 30).unwrap(),
            SpawnSettings::default(),
            1,
        );
        big.populate(50);
        let mut parts = parts_of(&sim);
        parts.enemies = big.enemies().clone();
        let e = Simulation::from_parts(parts).unwrap_err();
        assert!(e.contains("does not have"), "{e}");
    }
}
