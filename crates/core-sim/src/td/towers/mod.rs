//! Towers (the series' towers and ballistics parts): what every kind shares — a tile, the
//! point its turret aims at, an in-range test, a seeded choice of target, a turn in board
//! index order — and the kind table that says what each kind does ([`kinds`]).
//!
//! An enemy is in range of a tower when the horizontal distance from the tower's tile centre
//! to the enemy's position is at most `range + 0.125 × scale` (the enemy's target point, a
//! sphere of that radius, touches the range's cylinder).
//!
//! A tick of the towers has two phases. First every tower looks at the enemies as the tick's
//! update left them, in parallel (a look changes only its own tower). Then the towers take
//! their turns one after another in board index order, dealing damage and launching shells,
//! so an enemy's health never depends on the number of threads. "Random" is
//! [`crate::td::pick`]: a pure function of the seed, the tick, the tower's tile and the shot.
//!
//! The rooms: [`behaviour`] (`behaviour.rs`: the trait a kind implements and what its turn is
//! given), `kind.rs` (the kind table's rows and the name of a kind, depending on nothing),
//! [`kinds`] (`kinds.rs`: the table, one file per kind beside it in `kinds/`), [`keyed`]
//! (`keyed.rs`: every kind's settings as scenario files and saves keep them), [`limits`]
//! (`limits.rs`: the largest values and the file rules every kind's settings use),
//! [`targeting`] (`targeting.rs`: keeping a target, random picks), [`priority`]
//! (`priority.rs`: whom a tower shoots first: random, first, last, strongest, weakest,
//! closest).
//! The tick that runs them is the fight's ([`crate::td::fight`]).

pub mod behaviour;
pub mod keyed;
pub mod kind;
pub mod kinds;
pub mod limits;
pub mod priority;
pub mod targeting;

pub use behaviour::{Moment, Site};
pub use kinds::{TowerKind, TowerSettings, TowerState};
pub use priority::Priority;

use crate::td::board::Board;
use serde::{Deserialize, Serialize};

/// One tower and what it is doing.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tower {
    /// Its tile (index `y * width + x`).
    pub tile: u32,
    /// Its tile's centre, world `(x, z)`.
    pub at: [f32; 2],
    /// Where the turret points: the last target's position, world `(x, z)`.
    pub aim: Option<[f32; 2]>,
    /// Its kind's state.
    pub state: TowerState,
    /// Whom it shoots first.
    pub priority: Priority,
}

impl Tower {
    /// A new tower of `kind` on `tile` of `board`, idle.
    fn new(board: &Board, tile: usize, kind: TowerKind) -> Tower {
        Tower {
            tile: tile as u32,
            at: board.tile_center(tile),
            aim: None,
            state: kind.idle(),
            priority: Priority::Random,
        }
    }

    /// Its kind.
    pub fn kind(&self) -> TowerKind {
        self.state.kind()
    }

    /// Where it stands.
    pub fn site(&self) -> Site {
        Site {
            tile: self.tile,
            at: self.at,
            priority: self.priority,
        }
    }
}

/// Every tower of the board, in board index order.
#[derive(Clone, Debug, Default)]
pub struct Towers {
    towers: Vec<Tower>,
    /// The list before the last sync (kept for its buffer).
    before: Vec<Tower>,
    /// The board revision the list was made for.
    revision: Option<u64>,
}

impl Towers {
    /// The towers, in board index order.
    pub fn all(&self) -> &[Tower] {
        &self.towers
    }

    /// The towers, in board index order, for the fight to change their states and aims.
    pub(crate) fn all_mut(&mut self) -> &mut [Tower] {
        &mut self.towers
    }

    /// How many towers there are.
    pub fn len(&self) -> usize {
        self.towers.len()
    }

    /// Whether the board has no tower.
    pub fn is_empty(&self) -> bool {
        self.towers.is_empty()
    }

    /// Brings the list up to date with `board` after an edit (a tower that stays on its tile,
    /// as the same kind, keeps its state and aim).
    pub fn sync(&mut self, board: &Board) {
        if self.revision == Some(board.revision()) {
            return;
        }
        self.revision = Some(board.revision());
        std::mem::swap(&mut self.towers, &mut self.before);
        self.towers.clear();
        let mut kept = self.before.iter().peekable();
        for (tile, content) in board.contents().iter().enumerate() {
            let Some(kind) = content.tower() else {
                continue;
            };
            while kept.peek().is_some_and(|t| (t.tile as usize) < tile) {
                kept.next();
            }
            let tower = match kept.peek() {
                Some(t) if t.tile as usize == tile && t.kind() == kind => **t,
                _ => Tower::new(board, tile, kind),
            };
            self.towers.push(tower);
        }
    }

    /// The towers a save kept, on `board`: one for each tower tile, in board index order, of
    /// its tile's kind; each tower's tile centre is taken from the board.
    pub(crate) fn restore(board: &Board, saved: Vec<Tower>) -> Result<Towers, String> {
        let mut expected = Towers::default();
        expected.sync(board);
        let same_tiles = saved.len() == expected.towers.len()
            && saved
                .iter()
                .zip(&expected.towers)
                .all(|(s, e)| s.tile == e.tile && s.kind() == e.kind());
        if !same_tiles {
            return Err("its towers do not match its board's tower tiles".to_string());
        }
        let finite = |v: [f32; 2]| v.iter().all(|c| c.is_finite());
        let mut towers = Vec::with_capacity(saved.len());
        for tower in saved {
            if !tower.state.is_finite() || !tower.aim.is_none_or(finite) {
                return Err(format!("a tower's state is not finite: {tower:?}"));
            }
            towers.push(Tower {
                at: board.tile_center(tower.tile as usize),
                ..tower
            });
        }
        expected.towers = towers;
        Ok(expected)
    }

    /// [`Towers::sync`] with `board` even if its revision was seen before (a board that
    /// replaced another of the same size: towers on tiles that keep their kind carry on).
    pub fn resync(&mut self, board: &Board) {
        self.revision = None;
        self.sync(board);
    }

    /// Sets the priority of the tower on `tile`; whether there is one.
    pub fn set_priority(&mut self, tile: usize, priority: Priority) -> bool {
        match self.towers.iter_mut().find(|t| t.tile as usize == tile) {
            Some(tower) => {
                tower.priority = priority;
                true
            }
            None => false,
        }
    }

    /// Whether some tower targets by a priority other than `random`.
    pub fn any_prioritized(&self) -> bool {
        self.towers.iter().any(|t| t.priority != Priority::Random)
    }

    /// Whether some tower targets by `priority`.
    pub fn uses(&self, priority: Priority) -> bool {
        self.towers.iter().any(|t| t.priority == priority)
    }

    /// The tower on `tile`, if there is one.
    pub fn on_tile(&self, tile: usize) -> Option<&Tower> {
        self.towers.iter().find(|t| t.tile as usize == tile)
    }

    /// Forgets the list, so the next [`Towers::sync`] makes it anew (a new board).
    pub fn reset(&mut self) {
        self.towers.clear();
        self.revision = None;
    }
}
