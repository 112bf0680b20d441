//! A scenario's budget (optional): money to start with, pay for each kill by enemy type, what
//! a wall and each tower kind costs, and the share a removal refunds.
//!
//! ```ron
//! budget: (start: 100, per_kill: (small: 2, medium: 4, large: 15),
//!          cost: (wall: 0, laser: 25, mortar: 50), refund: 0.5),
//! ```
//!
//! Under a budget an edit that places a wall or a tower pays its cost, and is refused like any
//! refused edit when the money (with what the content it replaces refunds) cannot pay; removing
//! a wall or tower the player bought refunds `refund ×` what was paid for it, rounded down. The
//! level's own walls and towers are the scenario's gift: nothing was paid for them, so removing
//! them refunds nothing. Without a budget, placing is free, as before. Every number is checked
//! at its line and column ([`horde_files::rules`]); a tower kind appended to the kind table adds
//! a field to [`Costs`].

use crate::td::tile::TowerKind;
use serde::{Deserialize, Serialize};

/// The most money a budget may start with, pay for a kill or charge.
pub const MAX_MONEY: u32 = 1_000_000_000;

horde_files::rule!(money: u32, "money", "be at most 1000000000", |v| *v <= MAX_MONEY);
horde_files::rule!(refund_share: f32, "refund", "be a share 0..=1", |v| (0.0..=1.0).contains(v));

/// Money a kill pays, by the enemy's type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KillPay {
    /// A small enemy.
    #[serde(deserialize_with = "money", default)]
    pub small: u32,
    /// A medium one.
    #[serde(deserialize_with = "money", default)]
    pub medium: u32,
    /// A large one.
    #[serde(deserialize_with = "money", default)]
    pub large: u32,
}

/// What placing each thing costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Costs {
    /// A wall.
    #[serde(deserialize_with = "money", default)]
    pub wall: u32,
    /// A laser tower.
    #[serde(deserialize_with = "money", default)]
    pub laser: u32,
    /// A mortar tower.
    #[serde(deserialize_with = "money", default)]
    pub mortar: u32,
}

impl Costs {
    /// What a tower of `kind` costs.
    pub fn tower(&self, kind: TowerKind) -> u32 {
        match kind.name() {
            "laser" => self.laser,
            "mortar" => self.mortar,
            _ => 0,
        }
    }
}

/// A scenario's budget.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Budget {
    /// Money at the start.
    #[serde(deserialize_with = "money")]
    pub start: u32,
    /// What each kill pays.
    #[serde(default)]
    pub per_kill: KillPay,
    /// What each thing costs.
    #[serde(default)]
    pub cost: Costs,
    /// The share of what was paid that a removal gives back.
    #[serde(deserialize_with = "refund_share", default)]
    pub refund: f32,
}

impl Budget {
    /// What kills pay, counted by the enemies' type codes (the spawner's, small, medium,
    /// large: `enemy.rs`'s `type_code`); the spawner's enemies pay nothing.
    pub fn pay_for(&self, killed_by_type: &[u64; 4]) -> u64 {
        let pay = |count: u64, each: u32| count.saturating_mul(u64::from(each));
        pay(killed_by_type[1], self.per_kill.small)
            .saturating_add(pay(killed_by_type[2], self.per_kill.medium))
            .saturating_add(pay(killed_by_type[3], self.per_kill.large))
    }

    /// What removing something `paid` for gives back: `refund × paid`, rounded down.
    pub fn refund_of(&self, paid: u32) -> u32 {
        (f64::from(self.refund) * f64::from(paid)).floor() as u32
    }
}
