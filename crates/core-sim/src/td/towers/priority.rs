//! Whom a tower shoots first: its targeting priority. `random` is the series' rule and the
//! default (a laser keeps its target while it is valid, else takes a seeded random one; a
//! mortar picks a random enemy for every shot); every other priority picks again every tick,
//! the best enemy in reach by its key, ties going to the lower enemy id:
//! - `first` / `last`: the least / most path distance left to its destination (steps from
//!   the tile it walks to, plus what is left of the step it is on);
//! - `strongest` / `weakest`: the most / least health;
//! - `closest`: the least horizontal distance to the tower.
//!
//! The choice ([`super::targeting::best_within`]) reads the enemies in the spatial index's
//! fixed order and a total order of keys, so it is the same on any number of threads.

use serde::{Deserialize, Serialize};

/// A tower's targeting priority.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Priority {
    /// The series' rule: keep a valid target, else a seeded random pick.
    #[default]
    Random,
    /// The enemy nearest its destination along the path.
    First,
    /// The enemy furthest from its destination along the path.
    Last,
    /// The enemy with the most health.
    Strongest,
    /// The enemy with the least health.
    Weakest,
    /// The enemy nearest the tower.
    Closest,
}

impl Priority {
    /// Every priority, in the order a key cycles through them.
    pub const ALL: [Priority; 6] = [
        Priority::Random,
        Priority::First,
        Priority::Last,
        Priority::Strongest,
        Priority::Weakest,
        Priority::Closest,
    ];

    /// Its name in scripts, the HUD and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Priority::Random => "random",
            Priority::First => "first",
            Priority::Last => "last",
            Priority::Strongest => "strongest",
            Priority::Weakest => "weakest",
            Priority::Closest => "closest",
        }
    }

    /// The priority named `name`, if any.
    pub fn from_name(name: &str) -> Option<Priority> {
        Priority::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The names, for messages: `random, first, …, weakest or closest`.
    pub fn names_or() -> String {
        let names: Vec<&str> = Priority::ALL.iter().map(|p| p.name()).collect();
        let (last, rest) = names.split_last().unwrap_or((&"", &[]));
        format!("{} or {last}", rest.join(", "))
    }

    /// The next priority in [`Priority::ALL`], round again after the last.
    pub fn next(self) -> Priority {
        let at = Priority::ALL.iter().position(|&p| p == self).unwrap_or(0);
        Priority::ALL[(at + 1) % Priority::ALL.len()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_the_key_cycles_through_all() {
        for p in Priority::ALL {
            assert_eq!(Priority::from_name(p.name()), Some(p));
        }
        assert_eq!(Priority::from_name("nearest"), None);
        let mut p = Priority::Random;
        for _ in 0..Priority::ALL.len() {
            p = p.next();
        }
        assert_eq!(p, Priority::Random);
        assert_eq!(
            Priority::names_or(),
            "random, first, last, strongest, weakest or closest"
        );
    }
}
