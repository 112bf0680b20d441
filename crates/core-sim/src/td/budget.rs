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
//! at its line and column ([`horde_files::rules`]); every kind of the tower table has its
//! field in [`Costs`], under its name.

use crate::td::towers::kind::TowerKind;
use serde::de::{Error as _, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

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

/// What placing each thing costs: a wall (0 when a file leaves it out), and each tower kind of
/// the table (its default cost when a file leaves it out). A scenario file writes it as `cost: (wall: 0, laser: 25, mortar: 50)`, one
/// field per kind under its name; a save keeps a list of `(name, cost)` pairs, so a kind added
/// to the table leaves older saves readable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Costs {
    /// A wall.
    pub wall: u32,
    /// Each tower kind's, in the kind table's order.
    towers: [u32; TowerKind::COUNT],
}

/// The fields of a scenario's `cost:`: `wall`, then every kind's name.
const COST_FIELDS: [&str; TowerKind::COUNT + 1] = {
    let mut fields = ["wall"; TowerKind::COUNT + 1];
    let mut i = 0;
    while i < TowerKind::COUNT {
        fields[i + 1] = TowerKind::NAMES[i];
        i += 1;
    }
    fields
};

impl Default for Costs {
    /// A wall free, each kind at its default cost ([`crate::td::defence::KindInfo::default_cost`]).
    fn default() -> Costs {
        let mut towers = [0; TowerKind::COUNT];
        for (cost, kind) in towers.iter_mut().zip(TowerKind::ALL) {
            *cost = kind.info().default_cost;
        }
        Costs { wall: 0, towers }
    }
}

impl Costs {
    /// What a tower of `kind` costs.
    pub fn tower(&self, kind: TowerKind) -> u32 {
        self.towers[kind.index()]
    }

    /// Sets what a tower of `kind` costs.
    pub fn set_tower(&mut self, kind: TowerKind, cost: u32) {
        self.towers[kind.index()] = cost;
    }

    /// Every cost by its name (`wall`, then each kind's), as saves keep them.
    pub fn keyed(&self) -> Vec<(&'static str, u32)> {
        let towers = TowerKind::ALL.iter().map(|&k| (k.name(), self.tower(k)));
        std::iter::once(("wall", self.wall)).chain(towers).collect()
    }

    /// Sets the cost called `name` (`wall` or a kind's name); what is wrong otherwise.
    pub fn set_named(&mut self, name: &str, cost: u32) -> Result<(), String> {
        if cost > MAX_MONEY {
            return Err(format!("the cost of a {name} must be at most {MAX_MONEY}"));
        }
        match (name, TowerKind::from_name(name)) {
            ("wall", _) => self.wall = cost,
            (_, Some(kind)) => self.set_tower(kind, cost),
            (_, None) => return Err(format!("unknown cost `{name}`")),
        }
        Ok(())
    }
}

/// One cost of a scenario file, checked at its line and column.
struct Money(u32);

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Money, D::Error> {
        money(deserializer).map(Money)
    }
}

/// Reads a scenario file's `cost: (..)`, field by field.
struct CostsVisitor;

impl<'de> Visitor<'de> for CostsVisitor {
    type Value = Costs;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "the costs of a wall and each tower kind")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Costs, A::Error> {
        let mut costs = Costs::default();
        let mut seen = [false; TowerKind::COUNT + 1];
        while let Some(name) = map.next_key::<String>()? {
            let Some(at) = COST_FIELDS.iter().position(|f| *f == name) else {
                return Err(A::Error::unknown_field(&name, &COST_FIELDS));
            };
            if std::mem::replace(&mut seen[at], true) {
                return Err(A::Error::duplicate_field(COST_FIELDS[at]));
            }
            let Money(cost) = map.next_value()?;
            costs.set_named(&name, cost).map_err(A::Error::custom)?;
        }
        Ok(costs)
    }
}

impl Serialize for Costs {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            let mut fields = serializer.serialize_struct("Costs", COST_FIELDS.len())?;
            for (name, cost) in self.keyed() {
                fields.serialize_field(name, &cost)?;
            }
            return fields.end();
        }
        self.keyed().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Costs {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Costs, D::Error> {
        if deserializer.is_human_readable() {
            return deserializer.deserialize_struct("Costs", &COST_FIELDS, CostsVisitor);
        }
        let mut costs = Costs::default();
        for (name, cost) in Vec::<(String, u32)>::deserialize(deserializer)? {
            costs.set_named(&name, cost).map_err(D::Error::custom)?;
        }
        Ok(costs)
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
