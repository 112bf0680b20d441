//! The layout of save format 4, frozen: what a save of that format holds, read to migrate it,
//! and the bytes the state checksum hashes ([`crate::td::checksum`]), so that every game that
//! format could hold keeps the checksum it had when format 4 was current.
//!
//! Format 4 kept the towers' settings and costs by position: the laser's `range` and
//! `damage_per_second`, then the mortar's `range`, `shots_per_second`, `blast_radius` and
//! `damage` (as `f32`s); costs as `wall`, `laser`, `mortar`. Those positions are written down
//! here ([`FORMAT4_SETTINGS`], [`FORMAT4_COSTS`]) and read by name from today's types, so a
//! later change to a kind cannot move them. Everything else has today's layout (any other
//! change is a new format, and a test reads a format-4 save made by that build).
//!
//! For the checksum, what format 4 could not hold is added after the positions it had, and
//! only where a game uses it: a kind added since, hashed with its name and settings when one
//! stands on the board or its settings are not the defaults; a field added to a kind since,
//! when not its default; a cost of a kind added since, when not its default. A game that uses nothing
//! new hashes exactly as it did.

use super::record::{GameRecord, Record};
use crate::td::budget::{Budget, Costs, KillPay};
use crate::td::scenario::{EnemyTypes, Scenario, Wave};
use crate::td::tile::TileContent;
use crate::td::towers::kind::TowerKind;
use crate::td::towers::kinds::TowerSettings;
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::ser::SerializeTuple;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Format 4's tower settings, in its order: each kind's name and its fields' names.
pub const FORMAT4_SETTINGS: [(&str, &[&str]); 2] = [
    ("laser", &["range", "damage_per_second"]),
    (
        "mortar",
        &["range", "shots_per_second", "blast_radius", "damage"],
    ),
];

/// Format 4's costs, in its order (`wall`, then its kinds).
pub const FORMAT4_COSTS: [&str; 3] = ["wall", "laser", "mortar"];

/// A save of format 4 as it holds the game.
pub(super) type Format4Record = Record<Settings4, Scenario4, ()>;

/// Towers' settings in format 4's positions (and, for the checksum, what a game uses beyond).
pub(super) struct Settings4 {
    settings: TowerSettings,
    /// Whether kinds' numbers beyond format 4's positions are hashed after them (only what a
    /// game uses): the board's tower kinds, by table index.
    on_board: Option<[bool; TowerKind::COUNT]>,
}

/// A scenario as format 4 kept it: today's, with its settings and costs by position.
#[derive(Serialize, Deserialize)]
pub(super) struct Scenario4 {
    lives: u32,
    cycles: u32,
    cycle_speed_up: f64,
    enemies: EnemyTypes,
    waves: Vec<Wave>,
    towers: Settings4,
    animation: bool,
    budget: Option<Budget4>,
}

/// A budget as format 4 kept it.
#[derive(Serialize, Deserialize)]
struct Budget4 {
    start: u32,
    per_kill: KillPay,
    cost: Costs4,
    refund: f32,
}

/// Costs in format 4's positions (and, for the checksum, the costs of kinds added since that
/// are not their defaults).
struct Costs4(Costs);

/// Each number of `keyed` settings beyond format 4's positions that a game uses: `(kind, field,
/// value)`, in the table's order. `on_board` says which kinds stand on the board.
fn settings_beyond(
    keyed: Keyed,
    on_board: &[bool; TowerKind::COUNT],
) -> Vec<(&'static str, &'static str, f32)> {
    let defaults = TowerSettings::default().keyed();
    let mut beyond = Vec::new();
    for ((kind, fields), (_, default_fields)) in keyed.into_iter().zip(defaults) {
        let known = FORMAT4_SETTINGS.iter().find(|(k, _)| *k == kind);
        let used = TowerKind::from_name(kind).is_some_and(|k| on_board[k.index()]);
        for ((field, value), (_, default)) in fields.into_iter().zip(default_fields) {
            let positional = known.is_some_and(|(_, names)| names.contains(&field));
            let changed = value.to_bits() != default.to_bits();
            if !positional && (changed || (known.is_none() && used)) {
                beyond.push((kind, field, value));
            }
        }
    }
    beyond
}

/// Settings keyed by kind and field name ([`TowerSettings::keyed`]).
type Keyed = Vec<(&'static str, Vec<(&'static str, f32)>)>;

/// The value of `kind`'s `field` in `keyed` (0 when today's kinds have no such field).
fn setting(keyed: &Keyed, kind: &str, field: &str) -> f32 {
    let fields = keyed.iter().find(|(k, _)| *k == kind).map(|(_, f)| f);
    fields
        .and_then(|f| f.iter().find(|(name, _)| *name == field))
        .map_or(0.0, |(_, value)| *value)
}

impl Serialize for Settings4 {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Keyed once: the checksum runs this every second of every recorded game.
        let keyed = self.settings.keyed();
        let mut out = serializer.serialize_tuple(FORMAT4_SETTINGS.len())?;
        for (kind, fields) in FORMAT4_SETTINGS {
            for field in fields {
                out.serialize_element(&setting(&keyed, kind, field))?;
            }
        }
        if let Some(on_board) = &self.on_board {
            for (kind, field, value) in settings_beyond(keyed, on_board) {
                out.serialize_element(&(kind, field, value))?;
            }
        }
        out.end()
    }
}

impl<'de> Deserialize<'de> for Settings4 {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Settings4, D::Error> {
        /// Reads format 4's numbers in order.
        struct Numbers;
        impl<'de> Visitor<'de> for Numbers {
            type Value = TowerSettings;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "format 4's tower settings")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TowerSettings, A::Error> {
                let mut settings = TowerSettings::default();
                for (name, fields) in FORMAT4_SETTINGS {
                    let kind = TowerKind::from_name(name)
                        .ok_or_else(|| A::Error::custom(format!("no tower kind `{name}`")))?;
                    for field in fields {
                        let value: f32 = seq
                            .next_element()?
                            .ok_or_else(|| A::Error::custom("its tower settings end early"))?;
                        settings
                            .set_field(kind, field, value)
                            .map_err(A::Error::custom)?;
                    }
                }
                Ok(settings)
            }
        }
        let count = FORMAT4_SETTINGS.iter().map(|(_, f)| f.len()).sum();
        let settings = deserializer.deserialize_tuple(count, Numbers)?;
        Ok(Settings4 {
            settings,
            on_board: None,
        })
    }
}

impl Serialize for Costs4 {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let keyed = self.0.keyed();
        let cost = |name: &str| keyed.iter().find(|(k, _)| *k == name).map_or(0, |c| c.1);
        let mut out = serializer.serialize_tuple(FORMAT4_COSTS.len())?;
        for name in FORMAT4_COSTS {
            out.serialize_element(&cost(name))?;
        }
        let defaults = Costs::default().keyed();
        for ((name, value), (_, default)) in keyed.iter().zip(defaults) {
            if !FORMAT4_COSTS.contains(name) && *value != default {
                out.serialize_element(&(*name, *value))?;
            }
        }
        out.end()
    }
}

impl<'de> Deserialize<'de> for Costs4 {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Costs4, D::Error> {
        let values = <[u32; FORMAT4_COSTS.len()]>::deserialize(deserializer)?;
        let mut costs = Costs::default();
        for (name, value) in FORMAT4_COSTS.iter().zip(values) {
            costs.set_named(name, value).map_err(D::Error::custom)?;
        }
        Ok(Costs4(costs))
    }
}

impl Scenario4 {
    /// Format 4's scenario of `scenario` (what a game uses beyond it hashed after).
    fn of(scenario: &Scenario, on_board: [bool; TowerKind::COUNT]) -> Scenario4 {
        Scenario4 {
            lives: scenario.lives,
            cycles: scenario.cycles,
            cycle_speed_up: scenario.cycle_speed_up,
            enemies: scenario.enemies,
            waves: scenario.waves.clone(),
            towers: Settings4 {
                settings: scenario.towers,
                on_board: Some(on_board),
            },
            animation: scenario.animation,
            budget: scenario.budget.map(|b| Budget4 {
                start: b.start,
                per_kill: b.per_kill,
                cost: Costs4(b.cost),
                refund: b.refund,
            }),
        }
    }

    /// Today's scenario, every rule of the scenario format checked (a save is not trusted).
    fn into_scenario(self) -> Result<Scenario, String> {
        let scenario = Scenario {
            lives: self.lives,
            cycles: self.cycles,
            cycle_speed_up: self.cycle_speed_up,
            enemies: self.enemies,
            waves: self.waves,
            towers: self.towers.settings,
            animation: self.animation,
            budget: self.budget.map(|b| Budget {
                start: b.start,
                per_kill: b.per_kill,
                cost: b.cost.0,
                refund: b.refund,
            }),
            endless: None,
        };
        // Through today's format and back: its rules run as it is read.
        let bytes = postcard::to_allocvec(&scenario).map_err(|e| e.to_string())?;
        postcard::from_bytes(&bytes).map_err(|e| format!("its scenario is not valid: {e}"))
    }
}

/// Which tower kinds stand on a board of these tile codes.
fn kinds_on_board(codes: &[u8]) -> [bool; TowerKind::COUNT] {
    let mut on_board = [false; TowerKind::COUNT];
    for &code in codes {
        if let Some(TileContent::Tower(kind)) = TileContent::from_code(code) {
            on_board[kind.index()] = true;
        }
    }
    on_board
}

/// The bytes the checksum hashes for `record`: format 4's layout of it, with what a game uses
/// beyond that format after the positions it had.
pub(crate) fn checksum_bytes(record: GameRecord) -> Vec<u8> {
    let on_board = kinds_on_board(record.tile_codes());
    let view = record.map::<_, _, ()>(
        |settings| {
            Ok(Settings4 {
                settings,
                on_board: Some(on_board),
            })
        },
        |scenario| Ok(Scenario4::of(&scenario, on_board)),
        (),
    );
    // Mapping with functions that cannot fail, and encoding plain data into memory, cannot
    // fail; an empty head would still differ from any real game's.
    view.ok()
        .and_then(|view: Format4Record| postcard::to_allocvec(&view).ok())
        .unwrap_or_default()
}

/// Today's record of a format-4 save's `record`.
pub(super) fn migrate(record: Format4Record) -> Result<GameRecord, String> {
    record.map(
        |settings| Ok(settings.settings),
        Scenario4::into_scenario,
        Vec::new(),
    )
}
