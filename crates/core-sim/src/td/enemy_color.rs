//! The colour an enemy is drawn in: chosen by the caller, once per enemy at spawn.
//!
//! A [`Simulation`](crate::td::game::Simulation) asks its [`EnemyColor`] function for the colour of each
//! enemy as it spawns and stores the packed result with the enemy, so the fused step only
//! copies it into the instance. The simulation itself gives every enemy one neutral colour,
//! [`NEUTRAL_ENEMY_COLOR`]; a game that wants colour to mean something (speed, size…) sets its
//! own function with [`Simulation::set_enemy_color`](crate::td::game::Simulation::set_enemy_color) and
//! packs colours with [`pack_rgba`].

use crate::td::enemy::EnemyParams;
use crate::td::enemy_type::EnemyType;
use crate::td::model::pack_rgba;

/// Picks an enemy's packed RGBA8 colour (red in the lowest byte, see [`pack_rgba`]) from its
/// characteristics and, for a scenario's enemy, its type (`None` from the spawner). Called
/// once per enemy, when it spawns.
pub type EnemyColor = fn(&EnemyParams, Option<EnemyType>) -> u32;

/// The colour of every enemy unless the caller chooses otherwise: opaque light grey
/// (`200, 200, 200, 255`).
pub const NEUTRAL_ENEMY_COLOR: u32 = pack_rgba(200, 200, 200, 255);

/// The default [`EnemyColor`]: [`NEUTRAL_ENEMY_COLOR`] whatever the enemy.
pub fn neutral_enemy_color(_params: &EnemyParams, _kind: Option<EnemyType>) -> u32 {
    NEUTRAL_ENEMY_COLOR
}
