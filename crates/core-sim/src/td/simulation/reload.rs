//! A level file edited while its game runs: the board is replaced and the game goes on.
//!
//! Tiles are matched by their `(x, y)` on both boards. An enemy carries on when both tiles it
//! uses (the one it crosses and the one it walks to) are still on the board and still let it
//! through (not a wall or a tower), and one in its outro when its tile is still a destination;
//! it keeps its progress, and meets the new paths at its next tile. The rest are removed (the
//! counts' `reclaimed` includes them: every enemy spawned and no longer alive). A board of
//! another size is centred anew, so everything on it moves with its tiles. Towers on tiles that
//! keep their kind keep their target and launch progress; shells in flight and explosions
//! carry on. The counters, the scenario's state, the spawner and the random source carry on
//! too: nothing restarts.

use crate::td::board::Board;
use crate::td::simulation::Simulation;
use crate::td::tile::TileContent;

/// What replacing the board did to the enemies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardReload {
    /// Enemies that carry on.
    pub kept: u64,
    /// Enemies removed: a tile of theirs is gone or blocked.
    pub removed: u64,
}

impl Simulation {
    /// Replaces the board by `board` (the level file changed) and carries the game on, as the
    /// module docs say; returns how many enemies were kept and removed.
    pub fn reload_board(&mut self, board: Board) -> BoardReload {
        let old = std::mem::replace(&mut self.board, board);
        let new = &self.board;
        let same_size = old.width() == new.width() && old.height() == new.height();
        // Centred boards: a tile keeps its (x, y), its world centre moves by this much.
        let shift = [
            (old.width() as f32 - new.width() as f32) * 0.5,
            (old.height() as f32 - new.height() as f32) * 0.5,
        ];
        let tile = |index: u32| {
            let (x, y) = old.coords(index as usize);
            new.index(i64::from(x), i64::from(y)).map(|i| i as u32)
        };
        let lets_through = |tile: u32| !new.content(tile as usize).blocks_path();
        let removed = self.enemies.replace_each(|enemy| {
            let moved = enemy.moved(tile, shift)?;
            let keeps = match moved.tiles() {
                (from, Some(to)) => lets_through(from) && lets_through(to),
                (from, None) => new.content(from as usize) == TileContent::Destination,
            };
            keeps.then_some(moved)
        });
        if !same_size {
            self.fight.shift(shift);
            // Tower indices mean other tiles now.
            self.towers.reset();
        }
        self.towers.resync(&self.board);
        // The file's content is the level's own now: nothing paid for it.
        self.paid.clear();
        self.paid.resize(self.board.tile_count(), 0);
        BoardReload {
            kept: self.enemies.len() as u64,
            removed,
        }
    }
}
