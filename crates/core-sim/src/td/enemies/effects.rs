//! Towers' effects on the pool ([`Effect`]): health taken at once, and speed factors kept by
//! slot until the next update reads them (empty, costing nothing, while no tower gives any).

use super::Enemies;
use crate::td::effect::Effect;
use crate::td::fight::spatial::SpatialIndex;

impl Enemies {
    /// Applies `effect` to the enemy in storage slot `slot` (no slot, no effect).
    pub fn apply(&mut self, slot: usize, effect: Effect) {
        let Some(enemy) = self.states.get_mut(slot) else {
            return;
        };
        enemy.health -= effect.damage;
        self.slow(slot, effect.speed_factor);
    }

    /// Applies `effect` to every enemy of the tracked places that `index` (rebuilt from them)
    /// finds within `reach` of `centre`, in the index's fixed order; returns how many.
    pub fn apply_within(
        &mut self,
        index: &SpatialIndex,
        centre: [f32; 2],
        reach: f32,
        effect: Effect,
    ) -> usize {
        let mut count = 0;
        let slowing = effect.speed_factor < 1.0;
        if slowing && self.speed_factors.is_empty() {
            self.speed_factors.resize(self.states.len(), 1.0);
        }
        let (states, factors) = (&mut self.states, &mut self.speed_factors);
        index.within(self.kept.places(), centre, reach, |slot| {
            states[slot].health -= effect.damage;
            if slowing {
                factors[slot] = factors[slot].min(effect.speed_factor.max(0.0));
            }
            count += 1;
        });
        count
    }

    /// Gives the enemy in `slot` the speed factor `factor` for its next update, unless a
    /// lesser one was given already.
    fn slow(&mut self, slot: usize, factor: f32) {
        // A NaN compares false: it does not slow either.
        let slows = factor < 1.0;
        if !slows || slot >= self.states.len() {
            return;
        }
        if self.speed_factors.len() < self.states.len() {
            self.speed_factors.resize(self.states.len(), 1.0);
        }
        let kept = &mut self.speed_factors[slot];
        *kept = kept.min(factor.max(0.0));
    }

    /// Each enemy's speed factor for its next update, by slot; empty when no tower gave any.
    pub fn speed_factors(&self) -> &[f32] {
        &self.speed_factors
    }

    /// Puts back the speed factors a save kept (empty, or one a slot, each within `0..=1`).
    pub(crate) fn restore_speed_factors(&mut self, factors: Vec<f32>) -> Result<(), String> {
        if !factors.is_empty() && factors.len() != self.states.len() {
            return Err(format!(
                "it has {} speed factors for {} enemies",
                factors.len(),
                self.states.len()
            ));
        }
        if let Some(bad) = factors.iter().find(|f| !(0.0..=1.0).contains(*f)) {
            return Err(format!(
                "an enemy's speed factor of {bad} is not within 0..=1"
            ));
        }
        self.speed_factors = factors;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::td::board::Board;
    use crate::td::enemy::EnemyParams;
    use crate::td::level::parse_level;

    /// A straight corridor, and a pool of two enemies spawned on its west end.
    fn corridor() -> (Board, Enemies) {
        let board = parse_level("S.........D\n", "corridor".as_ref()).unwrap();
        let mut enemies = Enemies::default();
        for _ in 0..2 {
            let params = EnemyParams::default();
            enemies.spawn(&board, 0, params, (0, 100.0, false, 0), (0.0, false));
        }
        (board, enemies)
    }

    fn x_of(enemies: &Enemies, slot: usize) -> f32 {
        enemies.get(slot).unwrap().position[0]
    }

    #[test]
    fn a_speed_factor_slows_one_update_then_is_forgotten() {
        let (board, mut enemies) = corridor();
        for _ in 0..60 {
            enemies.update(&board, crate::step::DT);
        }
        let before = [x_of(&enemies, 0), x_of(&enemies, 1)];
        assert_eq!(before[0], before[1]);
        // Slot 0 at half speed; slot 1 given two factors: the least holds.
        enemies.apply(0, Effect::slow(0.5));
        enemies.apply(1, Effect::slow(0.8));
        enemies.apply(1, Effect::slow(0.25));
        assert_eq!(enemies.speed_factors(), [0.5, 0.25]);
        enemies.update(&board, 0.1);
        let moved = |slot| x_of(&enemies, slot) - before[slot];
        let (half, quarter) = (moved(0), moved(1));
        assert!((half - 0.05).abs() < 1e-4, "{half}");
        assert!((quarter - 0.025).abs() < 1e-4, "{quarter}");
        assert!(
            enemies.speed_factors().is_empty(),
            "forgotten after the update"
        );
        let again = x_of(&enemies, 0);
        enemies.update(&board, 0.1);
        assert!(
            (x_of(&enemies, 0) - again - 0.1).abs() < 1e-4,
            "full speed again"
        );
    }

    #[test]
    fn damage_and_a_factor_of_one_or_nan_slow_nobody() {
        let (_, mut enemies) = corridor();
        enemies.apply(0, Effect::damage(30.0));
        enemies.apply(1, Effect::slow(f32::NAN));
        enemies.apply(7, Effect::slow(0.5));
        assert!(enemies.speed_factors().is_empty());
        assert_eq!(enemies.health_of(0), 70.0);
    }

    #[test]
    fn factors_a_save_restores_are_checked() {
        let (_, mut enemies) = corridor();
        assert!(enemies.restore_speed_factors(vec![0.5]).is_err());
        assert!(enemies.restore_speed_factors(vec![0.5, 1.5]).is_err());
        enemies.restore_speed_factors(vec![0.5, 1.0]).unwrap();
        assert_eq!(enemies.speed_factors(), [0.5, 1.0]);
    }
}
