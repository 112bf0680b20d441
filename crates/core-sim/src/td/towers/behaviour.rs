//! What a tower kind is, as the rest of the game sees it: its [`KindInfo`] (names and level
//! character) and its [`Behaviour`] (settings, per-tower state, what it does in a tick). Each
//! kind implements the trait once, in its own file under `kinds/`; the kind table
//! ([`super::kinds`]) lists them.

use super::limits::SettingField;
use super::priority::Priority;
use super::targeting::{Glance, Seen};
use crate::td::ballistics::Shell;
use crate::td::board::Board;
use crate::td::effect::Effect;
use crate::td::enemies::Enemies;
use crate::td::fight::spatial::SpatialIndex;

/// The names of a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindInfo {
    /// Lower case, one word: edit scripts' action, the CLI, JSON, the HUD.
    pub name: &'static str,
    /// The level files' character for a tile holding one.
    pub symbol: char,
    /// What messages call a tile holding one (the name and `tower`).
    pub tile_name: &'static str,
    /// What one costs under a budget whose `cost:` leaves the kind out (the laser's and the
    /// mortar's: 0).
    pub default_cost: u32,
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

/// What a tower's turn may read and change: it reads the enemies, the board, the spatial
/// index and the tick, changes enemies only through [`Effect`]s, and may launch shells.
#[derive(Debug)]
pub struct Turn<'a> {
    enemies: &'a mut Enemies,
    board: &'a Board,
    index: &'a SpatialIndex,
    moment: Moment,
    dt: f32,
    shells: &'a mut Vec<Shell>,
}

impl<'a> Turn<'a> {
    /// The turn of a tick of `dt` seconds at `moment`, over `enemies` on `board` as `index`
    /// lists them; shells launched go to `shells`.
    pub(crate) fn new(
        (board, enemies): (&'a Board, &'a mut Enemies),
        index: &'a SpatialIndex,
        (moment, dt): (Moment, f32),
        shells: &'a mut Vec<Shell>,
    ) -> Turn<'a> {
        Turn {
            enemies,
            board,
            index,
            moment,
            dt,
            shells,
        }
    }

    /// The enemies, as the tick's update left them (with this tick's effects so far).
    pub fn enemies(&self) -> &Enemies {
        self.enemies
    }

    /// The board (paths, for the priorities that read them).
    pub fn board(&self) -> &Board {
        self.board
    }

    /// The enemies by grid cell, as the tick's update left them.
    pub fn index(&self) -> &SpatialIndex {
        self.index
    }

    /// The tick.
    pub fn moment(&self) -> Moment {
        self.moment
    }

    /// Seconds this tick lasts.
    pub fn dt(&self) -> f32 {
        self.dt
    }

    /// Applies `effect` to the enemy in storage slot `slot`.
    pub fn apply(&mut self, slot: usize, effect: Effect) {
        self.enemies.apply(slot, effect);
    }

    /// Applies `effect` to every enemy in range of a tower at `centre` with range `range`
    /// (the towers' range test), in the index's fixed order; returns how many.
    pub fn apply_within(&mut self, centre: [f32; 2], range: f32, effect: Effect) -> usize {
        self.enemies.apply_within(self.index, centre, range, effect)
    }

    /// How many enemies are in range of a tower at `centre` with range `range`.
    pub fn count_within(&self, centre: [f32; 2], range: f32) -> usize {
        (self.index).count_within(self.enemies.places(), centre, range)
    }

    /// Launches `shell` (it flies from the next phase of this tick on).
    pub fn launch(&mut self, shell: Shell) {
        self.shells.push(shell);
    }
}

/// Where a tower's look and turn may read the spatial index in a tick ([`Behaviour::wants`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reads {
    /// Nowhere: the index is not read.
    Nothing,
    /// Any enemy within this reach of the tower's tile centre.
    Within(f32),
    /// Only through the look's `Seen::best` within this range of the tower's tile centre, by the
    /// tower's priority: then the index need list only the cells where that choice cannot be
    /// made from the priority's table of every cell's least enemy.
    Best(f32),
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

    /// Before the spatial index is rebuilt: where the tower's look and its turn this tick (of
    /// `dt` seconds) may read the index ([`Reads`]), including the blasts of shells it may
    /// launch that land this tick. The index lists only the cells some tower or shell may
    /// read, so a kind that reads it must say so here; `glance` shows every slot's place and
    /// id as the look will see them. The default, the whole board, is always right and never
    /// cheap.
    fn wants(&self, _site: Site, _settings: &Self::Settings, _glance: &Glance, _dt: f32) -> Reads {
        Reads::Within(f32::INFINITY)
    }

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
