//! Scenarios (the series' scenarios part): enemy types, waves of spawn sequences played one
//! after another, cycles that speed the spawning up, lives, and how a game ends.
//!
//! # File format (`assets/scenarios/*.ron`)
//!
//! ```ron
//! (
//!     lives: 10,              // enemies that may reach a destination; 0: no defeat
//!     cycles: 1,              // plays of all the waves; 0: for ever
//!     cycle_speed_up: 0.5,    // added to the spawning's time scale at each new cycle, >= 0
//!     enemies: (
//!         // each: a range (min, max) of scale (0.5–2), speed (0.2–5), path offset
//!         // (−0.4–0.4) and health (> 0), drawn for every enemy of the type
//!         small: (scale: (0.5, 0.6), speed: (1.5, 2.0), path_offset: (-0.3, 0.3), health: (40.0, 50.0)),
//!         medium: (scale: (0.9, 1.0), speed: (0.8, 1.2), path_offset: (-0.2, 0.2), health: (90.0, 120.0)),
//!         large: (scale: (1.2, 1.4), speed: (0.5, 0.6), path_offset: (-0.1, 0.1), health: (500.0, 600.0)),
//!         // each may add `model: Sphere` (drawn as a ball; `Cube` when left out)
//!     ),
//!     waves: [
//!         // a wave: its sequences one after another; a sequence spawns its first enemy at
//!         // once and one every `cooldown` seconds after, and ends at amount × cooldown
//!         (sequences: [(enemy: Small, amount: 10, cooldown: 0.5), (enemy: Medium, amount: 5, cooldown: 1.0)]),
//!     ],
//!     // optional: each tower kind's settings under its name, a kind left out keeping the
//!     // texts' values (crate::td::towers::kinds; the shipped example lists them all)
//!     towers: (),
//!     // optional: the enemies play the series' animation clips (intro, move, outro, dying),
//!     // which decide when they can be hit and when they leave; off when left out
//!     animation: true,
//! )
//! ```
//!
//! Unknown fields and enemy types, an amount of 0, a cooldown that is not positive, a range
//! that is not finite or has min above max, and values outside their limits are errors at
//! their own line and column ([`horde_files::rules`]).
//!
//! # Timing
//!
//! A [`ScenarioState`] is advanced once a tick by the tick's `dt` times its time scale (1,
//! plus `cycle_speed_up` for every cycle begun after the first; the enemies' own speed does not
//! change). Time left over when a sequence ends goes on to the next sequence, wave or cycle,
//! as in the texts. Tick `k` brings the scenario's time to `k × dt`: a spawn due at time `t`
//! happens in tick `⌈t / dt⌉` (the first of a scenario in tick 1). A cooldown is reached when
//! the accumulated time is within [`TIME_EPSILON`] of it, so that a spawn falls in the tick
//! its nominal time does, whatever the rounding of repeated `dt`s.
//!
//! The format and the clock are this file; `tests.rs` holds their tests.

use crate::td::budget::Budget;
use crate::td::enemy_type::EnemyType;
use crate::td::settings::{FloatRange, PATH_OFFSET_LIMITS, SCALE_LIMITS, SPEED_LIMITS};
use crate::td::towers::kinds::TowerSettings;
use horde_files::FileError;
use horde_files::{checked, list, must, non_negative, positive};
use serde::{Deserialize, Deserializer, Serialize};
use std::path::Path;

/// Slack when comparing accumulated time with a cooldown, seconds.
pub const TIME_EPSILON: f64 = 1e-9;
/// The most enemies one sequence may spawn.
pub const MAX_AMOUNT: u32 = 1_000_000;
/// The longest cooldown, seconds.
pub const MAX_COOLDOWN: f64 = 3600.0;
/// The most health an enemy may have.
pub const MAX_HEALTH: f32 = 1.0e6;
/// The most waves, and the most sequences in a wave.
pub const MAX_WAVES: usize = 10_000;
/// The most lives.
pub const MAX_LIVES: u32 = 1_000_000;
/// The largest `cycle_speed_up`.
pub const MAX_SPEED_UP: f64 = 100.0;

/// How enemies of one type are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyConfig {
    /// Scale, within 0.5–2.
    #[serde(deserialize_with = "scale_range")]
    pub scale: FloatRange,
    /// Speed in units per second, within 0.2–5.
    #[serde(deserialize_with = "speed_range")]
    pub speed: FloatRange,
    /// Path offset, within −0.4–0.4.
    #[serde(deserialize_with = "offset_range")]
    pub path_offset: FloatRange,
    /// Health, positive.
    #[serde(deserialize_with = "health_range")]
    pub health: FloatRange,
    /// The model enemies of the type are drawn as (`Cube` when left out).
    #[serde(default)]
    pub model: EnemyModel,
}

/// The model an enemy type is drawn as (the series gives its types cube and sphere models).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EnemyModel {
    /// The half-unit cube of part 2.
    #[default]
    Cube,
    /// A ball of the same size.
    Sphere,
}

/// The three types' configurations.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyTypes {
    /// [`EnemyType::Small`].
    pub small: EnemyConfig,
    /// [`EnemyType::Medium`].
    pub medium: EnemyConfig,
    /// [`EnemyType::Large`].
    pub large: EnemyConfig,
}

impl EnemyTypes {
    /// The configuration of `kind`.
    pub fn of(&self, kind: EnemyType) -> &EnemyConfig {
        match kind {
            EnemyType::Small => &self.small,
            EnemyType::Medium => &self.medium,
            EnemyType::Large => &self.large,
        }
    }
}

/// `amount` enemies of one type, one every `cooldown` seconds, the first at once.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpawnSequence {
    /// The enemies' type.
    pub enemy: EnemyType,
    /// How many (1 to `MAX_AMOUNT`).
    #[serde(deserialize_with = "amount")]
    pub amount: u32,
    /// Seconds between two of them (positive, at most `MAX_COOLDOWN`).
    #[serde(deserialize_with = "cooldown")]
    pub cooldown: f64,
}

/// Sequences played one after another.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wave {
    /// The sequences, in order (at least one).
    #[serde(deserialize_with = "sequences")]
    pub sequences: Vec<SpawnSequence>,
}

/// A whole scenario. A scenario file writes it as RON ([`Scenario::parse`]); a save keeps it
/// in its binary form, which has the fields of the first scenarios (endless waves, added
/// later, travel beside it in the save: `save/tail.rs`).
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// Enemies that may reach a destination before the game is lost; 0 turns defeat off.
    pub lives: u32,
    /// How many times the waves are played; 0 plays them for ever.
    pub cycles: u32,
    /// Added to the spawning's time scale at every cycle after the first (>= 0).
    pub cycle_speed_up: f64,
    /// The enemy types.
    pub enemies: EnemyTypes,
    /// The waves, in order (at least one).
    pub waves: Vec<Wave>,
    /// The towers' settings (the texts' numbers when left out).
    pub towers: TowerSettings,
    /// Whether the enemies play the series' animation clips, which are rules as well as looks
    /// (`clip`); off when left out.
    pub animation: bool,
    /// The money placing costs and kills pay (`budget`); free placing when left
    /// out. Written as the budget itself (`budget: (start: 100, ..)`), not `Some(..)`.
    pub budget: Option<Budget>,
    /// Endless waves after the listed cycles (`endless: (count: 1.12, health: 1.08, speed:
    /// 1.01)`); none when left out, as before.
    pub endless: Option<Endless>,
}

/// Endless waves: after the listed cycles (at least one), cycles go on for ever, the `k`-th
/// beyond them multiplying every sequence's amount by `count^k` (rounded, at most
/// [`MAX_AMOUNT`]), every enemy's health by `health^k` and its speed by `speed^k` (at most
/// the speed limit). There is no victory; the score is the waves cleared.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Endless {
    /// Amounts' factor a cycle (1 to [`MAX_ENDLESS_FACTOR`]).
    #[serde(deserialize_with = "endless_factor")]
    pub count: f64,
    /// Health's factor a cycle (1 to [`MAX_ENDLESS_FACTOR`]).
    #[serde(deserialize_with = "endless_factor")]
    pub health: f64,
    /// Speed's factor a cycle (1 to [`MAX_ENDLESS_FACTOR`]).
    #[serde(deserialize_with = "endless_factor")]
    pub speed: f64,
}

/// The largest factor an endless cycle may multiply by.
pub const MAX_ENDLESS_FACTOR: f64 = 4.0;

horde_files::rule!(
    /// An endless factor: at least 1, at most [`MAX_ENDLESS_FACTOR`].
    endless_factor: f64, "factor", "be a number from 1 to 4",
    |v| v.is_finite() && (1.0..=MAX_ENDLESS_FACTOR).contains(v)
);

impl Endless {
    /// `factor` to the power `k`, by repeated multiplication (the same on every machine),
    /// stopping once it passes `cap`.
    pub fn power(factor: f64, k: u32, cap: f64) -> f64 {
        let mut value = 1.0;
        for _ in 0..k {
            value *= factor;
            if value > cap {
                return cap;
            }
        }
        value
    }

    /// `sequence` as the `k`-th endless cycle plays it.
    pub fn scaled(&self, sequence: &SpawnSequence, k: u32) -> SpawnSequence {
        if k == 0 {
            return *sequence;
        }
        let cap = f64::from(MAX_AMOUNT);
        let amount = (f64::from(sequence.amount) * Endless::power(self.count, k, cap)).round();
        SpawnSequence {
            amount: amount.clamp(f64::from(sequence.amount), cap) as u32,
            ..*sequence
        }
    }
}

/// Declares a [`Scenario`]'s two serialized forms from one list of its fields (each with its
/// serde attributes), and the moves between them and it: the file's form (`ScenarioFile`,
/// human-readable: RON) adds `endless` (left out when none); the save's form
/// (`ScenarioBinary`, postcard) keeps the first scenarios' fields, so its bytes are as they
/// were (a save keeps the endless state in its keyed tail).
macro_rules! scenario_forms {
    ($($(#[$attr:meta])* $field:ident: $ty:ty,)*) => {
        /// The scenario as a file writes it.
        #[derive(Serialize, Deserialize)]
        #[serde(deny_unknown_fields, rename = "Scenario")]
        struct ScenarioFile {
            $($(#[$attr])* $field: $ty,)*
            #[serde(
                default,
                deserialize_with = "endless",
                skip_serializing_if = "Option::is_none"
            )]
            endless: Option<Endless>,
        }

        /// The scenario as a save keeps it: the first scenarios' fields.
        #[derive(Serialize, Deserialize)]
        #[serde(deny_unknown_fields, rename = "Scenario")]
        struct ScenarioBinary {
            $($(#[$attr])* $field: $ty,)*
        }

        impl Serialize for Scenario {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                if serializer.is_human_readable() {
                    let file = ScenarioFile {
                        $($field: self.$field.clone(),)*
                        endless: self.endless,
                    };
                    return file.serialize(serializer);
                }
                ScenarioBinary { $($field: self.$field.clone(),)* }.serialize(serializer)
            }
        }

        impl<'de> Deserialize<'de> for Scenario {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Scenario, D::Error> {
                if deserializer.is_human_readable() {
                    let file = ScenarioFile::deserialize(deserializer)?;
                    return Ok(Scenario {
                        $($field: file.$field,)*
                        endless: file.endless,
                    });
                }
                let binary = ScenarioBinary::deserialize(deserializer)?;
                Ok(Scenario { $($field: binary.$field,)* endless: None })
            }
        }
    };
}

scenario_forms! {
    #[serde(deserialize_with = "lives")]
    lives: u32,
    cycles: u32,
    #[serde(deserialize_with = "cycle_speed_up")]
    cycle_speed_up: f64,
    enemies: EnemyTypes,
    #[serde(deserialize_with = "waves")]
    waves: Vec<Wave>,
    #[serde(default)]
    towers: TowerSettings,
    #[serde(default)]
    animation: bool,
    #[serde(default, deserialize_with = "budget")]
    budget: Option<Budget>,
}

/// The example scenario, `assets/scenarios/example.ron`.
pub const EXAMPLE_SCENARIO: &str = include_str!("../../../../../assets/scenarios/example.ron");

impl Scenario {
    /// Reads (at most [`horde_files::TEXT_CAP`] bytes) and parses a scenario file.
    pub fn load(path: &Path) -> Result<Scenario, FileError> {
        horde_files::load_ron(path)
    }

    /// Parses scenario text; `path` names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<Scenario, FileError> {
        horde_files::parse_ron(text, path)
    }

    /// The enemies one cycle spawns.
    pub fn enemies_per_cycle(&self) -> u64 {
        self.waves
            .iter()
            .flat_map(|w| &w.sequences)
            .map(|s| u64::from(s.amount))
            .sum()
    }
}

/// A `(min, max)` pair read as a range whose ends lie in `lo..=hi`.
fn range_within<'de, D: Deserializer<'de>>(
    d: D,
    what: &str,
    lo: f32,
    hi: f32,
) -> Result<FloatRange, D::Error> {
    let (min, max) = checked(d, |&(min, max): &(f32, f32)| {
        must(min.is_finite() && max.is_finite(), || {
            format!("`{what}` must be finite, found ({min}, {max})")
        })?;
        must(min <= max, || {
            format!("`{what}`: min {min} is above max {max}")
        })?;
        must(min >= lo && max <= hi, || {
            format!("`{what}` must lie within {lo}..={hi}, found ({min}, {max})")
        })
    })?;
    FloatRange::new(min, max)
        .ok_or_else(|| serde::de::Error::custom(format!("`{what}`: not a range")))
}

fn scale_range<'de, D: Deserializer<'de>>(d: D) -> Result<FloatRange, D::Error> {
    range_within(d, "scale", SCALE_LIMITS.min(), SCALE_LIMITS.max())
}

fn speed_range<'de, D: Deserializer<'de>>(d: D) -> Result<FloatRange, D::Error> {
    range_within(d, "speed", SPEED_LIMITS.min(), SPEED_LIMITS.max())
}

fn offset_range<'de, D: Deserializer<'de>>(d: D) -> Result<FloatRange, D::Error> {
    range_within(
        d,
        "path_offset",
        PATH_OFFSET_LIMITS.min(),
        PATH_OFFSET_LIMITS.max(),
    )
}

fn health_range<'de, D: Deserializer<'de>>(d: D) -> Result<FloatRange, D::Error> {
    let range = range_within(d, "health", f32::MIN_POSITIVE, MAX_HEALTH)?;
    Ok(range)
}

horde_files::rule!(amount: u32, "amount", "be 1 to 1000000", |v| (1..=MAX_AMOUNT).contains(v));
horde_files::rule!(cooldown: f64, "cooldown", "be a positive number of seconds, at most 3600", |v| positive(*v) && *v <= MAX_COOLDOWN);
horde_files::rule!(lives: u32, "lives", "be at most 1000000", |v| *v <= MAX_LIVES);
horde_files::rule!(cycle_speed_up: f64, "cycle_speed_up", "be a number 0..=100", |v| non_negative(*v) && *v <= MAX_SPEED_UP);

/// A scenario file names the budget itself; a save (postcard) keeps the option.
fn budget<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Budget>, D::Error> {
    if d.is_human_readable() {
        Budget::deserialize(d).map(Some)
    } else {
        Option::<Budget>::deserialize(d)
    }
}

fn endless<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Endless>, D::Error> {
    Endless::deserialize(d).map(Some)
}

fn sequences<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SpawnSequence>, D::Error> {
    list(d, "sequences", 1..=MAX_WAVES, |_, _| Ok(()))
}

fn waves<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Wave>, D::Error> {
    list(d, "waves", 1..=MAX_WAVES, |_, _| Ok(()))
}

#[cfg(test)]
mod tests;
