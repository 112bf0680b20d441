//! What a tower kind is, as the rest of the game sees it: its [`KindInfo`] (names and level
//! character) and its [`Behaviour`] (settings, per-tower state, what it does in a tick). Each
//! kind implements the trait once, in its own file under `kinds/`; the kind table
//! ([`super::kinds`]) lists them.

use super::limits::SettingField;
use super::priority::Priority;
use super::targeting::Seen;
use crate::td::ballistics::Shell;
use crate::td::board::Board;
use crate::td::enemies::Enemies;
use crate::td::spatial::SpatialIndex;

/// The names of a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindInfo {
    /// Lower case, one word: edit scripts' action, the CLI, JSON, the HUD.
    pub name: &'static str,
    /// The level files' character for a tile holding one.
    pub symbol: char,
    /// What messages call a tile holding one (the name and `tower`).
    pub tile_name: &'static str,
}

/// Where a tower stands, and whom it shoots first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Site {
    /// Its tile (index `y * width + x`).
    pub tile: u32,
    /// Its tile's centre, world `(x, z)`.
    pub at: [f32; 2],
    /// Its targeting priority.
    pub priority: Priority,
}

/// The tick a tower's look and turn belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moment {
    /// The game's seed.
    pub seed: u64,
    /// The tick being played (counted from 1).
    pub tick: u64,
}

/// What a tower's turn may read and change.
#[derive(Debug)]
pub struct Turn<'a> {
    /// The enemies: health may change, nothing else does during the towers' turns.
    pub enemies: &'a mut Enemies,
    /// The board (paths, for the priorities that read them).
    pub board: &'a Board,
    /// The enemies by grid cell, as the tick's update left them.
    pub index: &'a SpatialIndex,
    /// The tick.
    pub moment: Moment,
    /// Seconds this tick lasts.
    pub dt: f32,
    /// Shells in flight: a tower that fires one pushes it here.
    pub shells: &'a mut Vec<Shell>,
}

/// One kind of tower: its per-tower state is `Self`.
pub trait Behaviour: Copy + Default {
    /// The kind's settings (scenario files, the inspector); `Default` is the texts' values.
    type Settings: Copy + Default;

    /// The kind's names.
    const INFO: KindInfo;

    /// Calls `visit` with each number of `settings` and how an editor shows it.
    fn visit_settings(
        settings: &mut Self::Settings,
        visit: &mut dyn FnMut(&SettingField, &mut f32),
    );

    /// Before any tower acts, every tower looks at the enemies as the update left them,
    /// in parallel (so a look reads the enemies and changes only this state). The default
    /// does nothing.
    fn look(&mut self, _site: Site, _settings: &Self::Settings, _seen: &Seen, _moment: Moment) {}

    /// The tower's turn, one tower after another in board index order: `aim` is where its
    /// turret points (kept for drawing).
    fn act(
        &mut self,
        site: Site,
        aim: &mut Option<[f32; 2]>,
        settings: &Self::Settings,
        turn: &mut Turn,
    );

    /// Whether every number of the state is finite (a restored save is checked).
    fn is_finite(&self) -> bool {
        true
    }
}
