//! Towers (the series' towers and ballistics parts): lasers that track one target and burn it
//! every tick, and mortars that lob shells at a random enemy in range.
//!
//! An enemy is in range of a tower when the horizontal distance from the tower's tile centre
//! to the enemy's position is at most `range + 0.125 × scale` (the enemy's target point, a
//! sphere of that radius, touches the range's cylinder).
//!
//! - **Laser** (range 2.5, 20 damage a second): keeps its target while the target is still on
//!   the board (not yet removed) and in range, else takes a random enemy in range; it deals
//!   `damage_per_second × dt` to its target every tick.
//! - **Mortar** (range 3.5, 1 shot a second, blast radius 1.5, damage 15): its launch progress
//!   grows by `shots_per_second × dt`; while it is at least 1 the mortar takes a random enemy in
//!   range (a fresh pick every shot) and launches a shell at the ground under it, or, with none
//!   in range, waits at 0.999 (so it fires on the first tick an enemy comes). See
//!   [`crate::td::ballistics`].
//!
//! Towers act in board index order. Finding each laser's target reads only the enemies as the
//! tick's update left them, so lasers look in parallel; the damage is then dealt one tower
//! after another in board index order, so an enemy's health never depends on the number of
//! threads. "Random" is [`crate::td::pick`]: a pure function of the seed, the tick, the
//! tower's tile and the shot.

use crate::td::ballistics::{Shell, launch_speed};
use crate::td::board::Board;
use crate::td::enemies::Enemies;
use crate::td::pick::{below, mix};
use crate::td::spatial::{SpatialIndex, reaches};
use crate::td::tile::TowerKind;
use horde_files::rules::positive;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// The largest range a scenario may give a tower (tiles).
pub const MAX_RANGE: f32 = 50.0;
/// The largest damage, damage a second and blast radius a scenario may give.
pub const MAX_DAMAGE: f32 = 1.0e6;
/// The most shots a second a mortar may fire.
pub const MAX_SHOTS_PER_SECOND: f32 = 100.0;

/// A laser tower's settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LaserSettings {
    /// Targeting range, tiles (the texts: 2.5).
    #[serde(deserialize_with = "range")]
    pub range: f32,
    /// Damage dealt to the target each second (the texts: 20).
    #[serde(deserialize_with = "damage_per_second")]
    pub damage_per_second: f32,
}

/// A mortar tower's settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MortarSettings {
    /// Targeting range, tiles (the texts: 3.5).
    #[serde(deserialize_with = "range")]
    pub range: f32,
    /// Shells a second (the texts: 1).
    #[serde(deserialize_with = "shots_per_second")]
    pub shots_per_second: f32,
    /// Radius of a shell's explosion (the texts: 1.5).
    #[serde(deserialize_with = "blast_radius")]
    pub blast_radius: f32,
    /// Damage to every enemy an explosion reaches (the texts: 15).
    #[serde(deserialize_with = "damage")]
    pub damage: f32,
}

/// Both towers' settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TowerSettings {
    /// Lasers.
    pub laser: LaserSettings,
    /// Mortars.
    pub mortar: MortarSettings,
}

impl Default for LaserSettings {
    fn default() -> LaserSettings {
        LaserSettings {
            range: 2.5,
            damage_per_second: 20.0,
        }
    }
}

impl Default for MortarSettings {
    fn default() -> MortarSettings {
        MortarSettings {
            range: 3.5,
            shots_per_second: 1.0,
            blast_radius: 1.5,
            damage: 15.0,
        }
    }
}

horde_files::rule!(range: f32, "range", "be a positive number of tiles, at most 50", |v| positive(f64::from(*v)) && *v <= MAX_RANGE);
horde_files::rule!(damage_per_second: f32, "damage_per_second", "be a positive number, at most 1000000", |v| positive(f64::from(*v)) && *v <= MAX_DAMAGE);
horde_files::rule!(shots_per_second: f32, "shots_per_second", "be a positive number, at most 100", |v| positive(f64::from(*v)) && *v <= MAX_SHOTS_PER_SECOND);
horde_files::rule!(blast_radius: f32, "blast_radius", "be a positive number of tiles, at most 50", |v| positive(f64::from(*v)) && *v <= MAX_RANGE);
horde_files::rule!(damage: f32, "damage", "be a positive number, at most 1000000", |v| positive(f64::from(*v)) && *v <= MAX_DAMAGE);

/// The enemy a tower aims at: its id (stable) and the storage slot it was last seen in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    /// The enemy's id.
    pub id: u64,
    /// Its storage slot at the tower's last look.
    pub slot: u32,
}

/// One tower and what it is doing.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tower {
    /// Its tile (index `y * width + x`).
    pub tile: u32,
    /// Its kind.
    pub kind: TowerKind,
    /// Its tile's centre, world `(x, z)`.
    pub at: [f32; 2],
    /// A laser's target, kept from tick to tick.
    pub target: Option<Target>,
    /// Where the turret points: the last target's position, world `(x, z)`.
    pub aim: Option<[f32; 2]>,
    /// A mortar's launch progress.
    pub launch_progress: f32,
}

impl Tower {
    /// Whether the laser fired this tick (it has a target; its beam is drawn).
    pub fn firing(&self) -> bool {
        self.target.is_some()
    }

    /// A new tower of `kind` on `tile` of `board`, idle.
    fn new(board: &Board, tile: usize, kind: TowerKind) -> Tower {
        Tower {
            tile: tile as u32,
            kind,
            at: board.tile_center(tile),
            target: None,
            aim: None,
            launch_progress: 0.0,
        }
    }

    /// The laser's target this tick: the one it had, if still there and in range, else a
    /// random enemy in range.
    fn look(
        &mut self,
        index: &SpatialIndex,
        (places, ids): (&[[f32; 3]], &[u64]),
        range: f32,
        seed: u64,
        tick: u64,
    ) {
        let kept = self.target.and_then(|t| {
            let here = t.slot as usize;
            if ids.get(here) == Some(&t.id) {
                // Still in its slot: only its range is in question.
                reaches(places[here], self.at, range).then_some(t)
            } else {
                // Moved by a removal (or gone): found among the enemies in range, if there.
                let mut found = None;
                index.within(places, self.at, range, |slot| {
                    if ids[slot] == t.id {
                        found = Some(Target {
                            id: t.id,
                            slot: slot as u32,
                        });
                    }
                });
                found
            }
        });
        self.target = kept.or_else(|| {
            let n = index.count_within(places, self.at, range);
            let value = mix(seed, &[tick, u64::from(self.tile), 0]);
            pick_within(index, places, (self.at, range), n, value).map(|slot| Target {
                id: ids[slot],
                slot: slot as u32,
            })
        });
    }
}

/// The enemy a random `value` picks among the `n` that `index` finds within `reach` of `at`
/// (in its fixed order), if there are any.
fn pick_within(
    index: &SpatialIndex,
    places: &[[f32; 3]],
    (at, reach): ([f32; 2], f32),
    n: usize,
    value: u64,
) -> Option<usize> {
    (n > 0)
        .then(|| below(value, n))
        .and_then(|k| index.nth_within(places, at, reach, k))
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

    /// How many towers there are.
    pub fn len(&self) -> usize {
        self.towers.len()
    }

    /// Whether the board has no tower.
    pub fn is_empty(&self) -> bool {
        self.towers.is_empty()
    }

    /// Brings the list up to date with `board` after an edit (a tower that stays on its tile,
    /// as the same kind, keeps its target and launch progress).
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
                Some(t) if t.tile as usize == tile && t.kind == kind => **t,
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
                .all(|(s, e)| s.tile == e.tile && s.kind == e.kind);
        if !same_tiles {
            return Err("its towers do not match its board's tower tiles".to_string());
        }
        let finite = |v: [f32; 2]| v.iter().all(|c| c.is_finite());
        let mut towers = Vec::with_capacity(saved.len());
        for tower in saved {
            if !tower.launch_progress.is_finite() || !tower.aim.is_none_or(finite) {
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

    /// Forgets the list, so the next [`Towers::sync`] makes it anew (a new board).
    pub fn reset(&mut self) {
        self.towers.clear();
        self.revision = None;
    }

    /// One tick of every tower, in board index order, after the enemies' update: lasers
    /// damage their targets, mortars launch into `shells`. `index` lists the enemies as the
    /// update left them. Returns the shells launched.
    #[allow(clippy::too_many_arguments)]
    pub fn act(
        &mut self,
        enemies: &mut Enemies,
        index: &SpatialIndex,
        settings: &TowerSettings,
        seed: u64,
        tick: u64,
        dt: f32,
        shells: &mut Vec<Shell>,
    ) -> u64 {
        let laser = settings.laser;
        {
            let seen = (enemies.places(), enemies.ids());
            self.towers
                .par_iter_mut()
                .filter(|t| t.kind == TowerKind::Laser)
                .for_each(|t| t.look(index, seen, laser.range, seed, tick));
        }
        let mortar = settings.mortar;
        let speed = launch_speed(mortar.range);
        let mut shots = 0;
        for tower in &mut self.towers {
            match tower.kind {
                TowerKind::Laser => {
                    if let Some(target) = tower.target {
                        let slot = target.slot as usize;
                        enemies.damage(slot, laser.damage_per_second * dt);
                        let [x, z, _] = enemies.places()[slot];
                        tower.aim = Some([x, z]);
                    }
                }
                TowerKind::Mortar => {
                    tower.launch_progress += mortar.shots_per_second * dt;
                    let mut shot = 0u64;
                    // Only health changes during the towers' turn: who is in range does not.
                    let places = enemies.places();
                    let n = if tower.launch_progress >= 1.0 {
                        index.count_within(places, tower.at, mortar.range)
                    } else {
                        0
                    };
                    while tower.launch_progress >= 1.0 {
                        let value = mix(seed, &[tick, u64::from(tower.tile), 1 + shot]);
                        let reach = (tower.at, mortar.range);
                        let Some(slot) = pick_within(index, places, reach, n, value) else {
                            tower.launch_progress = 0.999;
                            break;
                        };
                        let [x, z, _] = places[slot];
                        let to = [x, z];
                        shells.push(Shell::launch(
                            tower.at,
                            to,
                            speed,
                            mortar.blast_radius,
                            mortar.damage,
                        ));
                        tower.aim = Some(to);
                        tower.launch_progress -= 1.0;
                        shot += 1;
                    }
                    shots += shot;
                }
            }
        }
        shots
    }
}
