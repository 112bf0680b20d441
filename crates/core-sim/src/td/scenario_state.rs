//! Where a scenario stands as a game plays it ([`ScenarioState`]): cycle, wave, sequence and
//! the spawning's time scale, advanced once a tick, handing out what is due ([`Due`]): enemies
//! and the ends of waves, endless cycles beyond the listed ones included. The timing rules are
//! the scenario format's ([`crate::td::scenario`]).

use crate::td::enemy_type::EnemyType;
use crate::td::scenario::{Scenario, SpawnSequence, TIME_EPSILON};
use horde_files::must;
use serde::{Deserialize, Serialize};

/// Where a sequence stands.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
struct SequenceState {
    /// Enemies spawned.
    count: u32,
    /// Time gathered towards the next spawn.
    cooldown: f64,
}

impl SequenceState {
    /// A sequence about to begin: its first enemy spawns at once.
    fn begin(sequence: &SpawnSequence) -> SequenceState {
        SequenceState {
            count: 0,
            cooldown: sequence.cooldown,
        }
    }

    /// Gathers `dt` and spawns what is due; `Some(time left over)` once the sequence is over.
    fn progress(
        &mut self,
        sequence: &SpawnSequence,
        dt: f64,
        step: u32,
        spawn: &mut impl FnMut(Due),
    ) -> Option<f64> {
        self.cooldown += dt;
        while self.cooldown >= sequence.cooldown - TIME_EPSILON {
            self.cooldown -= sequence.cooldown;
            if self.count >= sequence.amount {
                return Some(self.cooldown.max(0.0));
            }
            self.count += 1;
            spawn(Due::Enemy(sequence.enemy, step));
        }
        None
    }
}

/// What a scenario's progress brings, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// An enemy of this type is due, of the `k`-th endless cycle (0 within the listed ones).
    Enemy(EnemyType, u32),
    /// A wave has spawned its last enemy.
    WaveEnd,
}

/// Where a scenario stands: cycle, wave, sequence and the spawning's time scale.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScenarioState {
    cycle: u32,
    wave: usize,
    sequence: usize,
    state: SequenceState,
    time_scale: f64,
    over: bool,
}

impl ScenarioState {
    /// The state of `scenario` before its first tick.
    pub fn begin(scenario: &Scenario) -> ScenarioState {
        ScenarioState {
            cycle: 0,
            wave: 0,
            sequence: 0,
            state: SequenceState::begin(&scenario.waves[0].sequences[0]),
            time_scale: 1.0,
            over: false,
        }
    }

    /// The cycle being played, from 0.
    pub fn cycle(&self) -> u32 {
        self.cycle
    }

    /// The wave being played, from 0.
    pub fn wave(&self) -> usize {
        self.wave
    }

    /// The spawning's time scale (1, plus the speed-up of every cycle after the first).
    pub fn time_scale(&self) -> f64 {
        self.time_scale
    }

    /// Checks a state a save brought against its `scenario`: every index within it, every
    /// number finite and in range.
    pub(crate) fn check(&self, scenario: &Scenario) -> Result<(), String> {
        if self.over {
            // Every cycle played: where it stopped points past the last sequence.
            let fine = self.time_scale.is_finite()
                && self.time_scale >= 1.0
                && (scenario.cycles == 0 || self.cycle <= scenario.cycles);
            return must(fine, || {
                format!("its scenario state {self:?} is not one the scenario can reach")
            });
        }
        let sequences = scenario.waves.get(self.wave).map(|w| &w.sequences);
        let sequence = sequences.and_then(|s| s.get(self.sequence));
        let Some(sequence) = sequence else {
            return Err(format!(
                "its scenario has no wave {} sequence {}",
                self.wave, self.sequence
            ));
        };
        let SequenceState { count, cooldown } = self.state;
        let amount = self
            .sequence_now(scenario, self.sequence)
            .amount
            .max(sequence.amount);
        let fine = count <= amount
            && cooldown.is_finite()
            && self.time_scale.is_finite()
            && self.time_scale >= 1.0
            && (scenario.cycles == 0
                || scenario.endless.is_some()
                || self.cycle <= scenario.cycles);
        must(fine, || {
            format!("its scenario state {self:?} is not one the scenario can reach")
        })
    }

    /// The share, in `[0, 1]`, of the current wave's enemies spawned so far (1 when every
    /// cycle has been played).
    pub fn wave_share(&self, scenario: &Scenario) -> f64 {
        let Some(wave) = scenario.waves.get(self.wave).filter(|_| !self.over) else {
            return 1.0;
        };
        let total: u64 = wave.sequences.iter().map(|s| u64::from(s.amount)).sum();
        let done: u64 = (wave.sequences.iter().take(self.sequence))
            .map(|s| u64::from(s.amount))
            .sum::<u64>()
            + u64::from(self.state.count);
        if total == 0 {
            1.0
        } else {
            (done as f64 / total as f64).clamp(0.0, 1.0)
        }
    }

    /// Whether every cycle has been played (never, with `cycles: 0`).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The endless step of the cycle being played: `k` for the `k`-th cycle past the listed
    /// ones (at least one), 0 within them or without endless waves.
    pub fn endless_step(&self, scenario: &Scenario) -> u32 {
        match scenario.endless {
            Some(_) => (self.cycle + 1).saturating_sub(scenario.cycles.max(1)),
            None => 0,
        }
    }

    /// The sequence being played, as this cycle plays it (scaled by endless waves).
    fn sequence_now(&self, scenario: &Scenario, sequence: usize) -> SpawnSequence {
        let listed = &scenario.waves[self.wave].sequences[sequence];
        match &scenario.endless {
            Some(endless) => endless.scaled(listed, self.endless_step(scenario)),
            None => *listed,
        }
    }

    /// Advances `scenario` by `dt` seconds of game time (scaled by the time scale), calling
    /// `due` for every enemy due and every wave that spawned its last, in order. Returns
    /// whether the scenario still runs.
    pub fn progress(&mut self, scenario: &Scenario, dt: f64, mut due: impl FnMut(Due)) -> bool {
        if self.over {
            return false;
        }
        let mut left = self.wave_progress(scenario, self.time_scale * dt, &mut due);
        while let Some(dt) = left {
            due(Due::WaveEnd);
            self.wave += 1;
            if self.wave >= scenario.waves.len() {
                self.cycle += 1;
                let endless = scenario.endless.is_some();
                if scenario.cycles > 0 && self.cycle >= scenario.cycles && !endless {
                    self.over = true;
                    return false;
                }
                self.wave = 0;
                self.time_scale += scenario.cycle_speed_up;
            }
            self.sequence = 0;
            self.state = SequenceState::begin(&self.sequence_now(scenario, 0));
            left = self.wave_progress(scenario, dt, &mut due);
        }
        true
    }

    /// The current wave's share of `dt`: `Some(time left over)` once its last sequence ends.
    fn wave_progress(
        &mut self,
        scenario: &Scenario,
        dt: f64,
        due: &mut impl FnMut(Due),
    ) -> Option<f64> {
        let count = scenario.waves[self.wave].sequences.len();
        let step = self.endless_step(scenario);
        let mut sequence = self.sequence_now(scenario, self.sequence);
        let mut left = self.state.progress(&sequence, dt, step, due);
        while let Some(dt) = left {
            self.sequence += 1;
            if self.sequence >= count {
                return Some(dt);
            }
            sequence = self.sequence_now(scenario, self.sequence);
            self.state = SequenceState::begin(&sequence);
            left = self.state.progress(&sequence, dt, step, due);
        }
        None
    }
}
