//! The fight: the towers and their shells, one tick after the enemies' update. [`Fight`] owns
//! everything the fight keeps between ticks — the spatial index, the priority tables, the
//! towers' plans (scratch, derived from the enemies each tick: never saved) and the shells
//! and explosions (game state: saved and hashed) — and [`Fight::tick`] plays it, top-down:
//!
//! 1. explosions age; without towers or shells nothing else happens;
//! 2. the enemy pool keeps, by name, the columns this tick reads ([`Columns`]): every enemy's
//!    cell on the board's grid, and the path or health keys of the priorities in use;
//! 3. the plan: the priority tables, each tower's wants (in parallel: where its look and turn
//!    may read the index, [`Reads`]), each shell's blast;
//! 4. the spatial index lists the enemies of the planned cells;
//! 5. the towers look (in parallel), then take their turns in board index order, damaging
//!    enemies or launching shells;
//! 6. the shells fly; one that lands damages every enemy in its blast and leaves an
//!    explosion.
//!
//! Every shortcut (the plan, the tables, the kept keys) chooses exactly what the long way —
//! every cell listed, the tables reading the enemies, every look made afresh — chooses;
//! `long_way.rs` plays that reference beside the game, checksum for checksum.
//!
//! The rooms: this file (the tick), [`spatial`] (`spatial/`: the index, its grid, its plan),
//! [`ranking`] (`ranking/`: the choice by priority without scanning every enemy in reach),
//! `long_way.rs` (tests: the reference).

#[cfg(test)]
mod long_way;
pub mod ranking;
pub mod spatial;

use crate::td::ballistics::{EXPLOSION_SECONDS, Explosion, Shell};
use crate::td::board::Board;
use crate::td::enemies::{Columns, Enemies};
use crate::td::towers::behaviour::{Moment, Reads, Turn};
use crate::td::towers::targeting::{Glance, Seen};
use crate::td::towers::{TowerSettings, Towers};
use ranking::{Planned, Ranking};
use rayon::prelude::*;
use spatial::{Grid, SpatialIndex};

/// What one tick of the fight reads and changes.
#[derive(Debug)]
pub struct FightInput<'a> {
    /// The board (paths, tiles' centres).
    pub board: &'a Board,
    /// The enemies as this tick's update left them; the fight damages them.
    pub enemies: &'a mut Enemies,
    /// The board's towers, in board index order (their targets and launch progress change).
    pub towers: &'a mut Towers,
    /// Every kind's settings.
    pub settings: &'a TowerSettings,
    /// The tick being played.
    pub moment: Moment,
    /// Seconds the tick lasts.
    pub dt: f32,
}

/// The fight's own state between ticks (the module docs): the shells in flight and the
/// explosions shown, and the index, tables and plans the next tick makes again.
#[derive(Clone, Debug, Default)]
pub struct Fight {
    /// The enemies by grid cell, as the last tick's update left them.
    index: SpatialIndex,
    /// Every cell's least enemy for the priorities in use.
    ranking: Ranking,
    /// Per tower, the plan of its choice by priority this tick, where kept.
    planned: Vec<Option<Planned>>,
    /// Shells in flight.
    shells: Vec<Shell>,
    /// Explosions still shown.
    explosions: Vec<Explosion>,
}

impl Fight {
    /// A fight with these shells in flight and explosions shown (a save's).
    pub(crate) fn resume(shells: Vec<Shell>, explosions: Vec<Explosion>) -> Fight {
        Fight {
            shells,
            explosions,
            ..Fight::default()
        }
    }

    /// Shells in flight.
    pub fn shells(&self) -> &[Shell] {
        &self.shells
    }

    /// Explosions still shown.
    pub fn explosions(&self) -> &[Explosion] {
        &self.explosions
    }

    /// Forgets every shell and explosion (a new board).
    pub(crate) fn clear(&mut self) {
        self.shells.clear();
        self.explosions.clear();
    }

    /// Moves every shell and explosion by `shift`, world `(x, z)` (a board of another size
    /// replaced this one, centred).
    pub(crate) fn shift(&mut self, shift: [f32; 2]) {
        let moved = |[x, z]: [f32; 2]| [x + shift[0], z + shift[1]];
        for shell in &mut self.shells {
            shell.from = moved(shell.from);
            shell.to = moved(shell.to);
        }
        for explosion in &mut self.explosions {
            explosion.at = moved(explosion.at);
        }
    }

    /// Plays one tick of the fight (the module docs' order); returns the shells launched.
    pub fn tick(&mut self, mut input: FightInput<'_>) -> u64 {
        self.age_explosions(input.dt);
        if input.towers.is_empty() && self.shells.is_empty() {
            return 0;
        }
        let grid = Grid::for_board(input.board);
        let priorities = input.towers.all().iter().map(|t| t.priority);
        let keys = ranking::keys_read(priorities);
        (input.enemies).keep(input.board, Columns { cells: grid, keys });
        self.plan(grid, &input);
        (self.index).rebuild_from_cells(grid, input.enemies.cells());
        self.look(&mut input);
        let shots = self.turns(&mut input);
        self.land_shells(input.enemies, input.dt);
        shots
    }

    /// Ages the explosions by `dt` and forgets those that are over.
    fn age_explosions(&mut self, dt: f32) {
        self.explosions.retain_mut(|e| {
            e.age += dt;
            e.age < EXPLOSION_SECONDS
        });
    }

    /// Plans the index's rebuild on `grid`: the priority tables first (from every enemy's
    /// cell), then every cell each tower's look and turn may read (its kind says where:
    /// [`Reads`]; a look by priority only the cells its table cannot decide, its plan kept for
    /// the look), then every shell's blast.
    fn plan(&mut self, grid: Grid, input: &FightInput<'_>) {
        let FightInput {
            board,
            enemies,
            towers,
            settings,
            dt,
            ..
        } = input;
        let priorities = towers.all().iter().map(|t| t.priority);
        (self.ranking).prepare(priorities, (grid, enemies.cells()), enemies, board);
        self.index.plan(grid);
        let glance = Glance {
            places: enemies.places(),
            ids: enemies.ids(),
        };
        self.planned.resize(towers.len(), None);
        let (index, ranking) = (&self.index, &self.ranking);
        let seen = (glance.places, glance.ids);
        (towers.all().par_iter())
            .zip(self.planned.par_iter_mut())
            .for_each(|(tower, planned)| {
                let site = tower.site();
                *planned = match tower.state.wants(site, settings, &glance, *dt) {
                    Reads::Nothing => None,
                    Reads::Within(reach) => {
                        index.want(site.at, reach);
                        None
                    }
                    Reads::Best(range) => {
                        ranking.want_best(index, seen, (site.at, range), site.priority)
                    }
                };
            });
        for shell in &self.shells {
            self.index.want(shell.to, shell.blast_radius);
        }
    }

    /// Every tower looks at the enemies as the update left them, in parallel (a look changes
    /// only its own tower), with its plan where this tick's kept one.
    fn look(&mut self, input: &mut FightInput<'_>) {
        let enemies = &*input.enemies;
        let seen = Seen {
            index: &self.index,
            places: enemies.places(),
            ids: enemies.ids(),
            enemies,
            board: input.board,
            ranking: &self.ranking,
            planned: None,
        };
        let (plans, settings, moment) = (&self.planned, input.settings, input.moment);
        (input.towers.all_mut().par_iter_mut())
            .enumerate()
            .for_each(|(k, tower)| {
                let planned = plans.get(k).copied().flatten();
                let site = tower.site();
                (tower.state).look(site, settings, &Seen { planned, ..seen }, moment);
            });
    }

    /// Each tower's turn, one after another in board index order; returns the shells
    /// launched.
    fn turns(&mut self, input: &mut FightInput<'_>) -> u64 {
        let before = self.shells.len();
        let (board, enemies) = (input.board, &mut *input.enemies);
        let tick = (input.moment, input.dt);
        let mut turn = Turn::new((board, enemies), &self.index, tick, &mut self.shells);
        for tower in input.towers.all_mut() {
            let site = tower.site();
            (tower.state).act(site, &mut tower.aim, input.settings, &mut turn);
        }
        (self.shells.len() - before) as u64
    }

    /// Flies every shell `dt` seconds; one that lands damages every enemy in its blast and
    /// leaves an explosion.
    fn land_shells(&mut self, enemies: &mut Enemies, dt: f32) {
        let (index, explosions) = (&self.index, &mut self.explosions);
        self.shells.retain_mut(|shell| {
            if !shell.fly(dt) {
                return true;
            }
            enemies.damage_within(index, shell.to, shell.blast_radius, shell.damage);
            explosions.push(Explosion {
                at: shell.to,
                radius: shell.blast_radius,
                age: 0.0,
            });
            false
        });
    }
}
