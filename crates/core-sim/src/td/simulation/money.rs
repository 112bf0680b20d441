//! The scenario's budget at work ([`crate::td::budget`]): what an edit pays or gets back, and
//! what kills earn. The money and what was paid for each tile's content are part of the game
//! (saved, checksummed); the level's own content was paid nothing.

use super::Simulation;
use crate::td::board::{EditKind, EditRefused};
use crate::td::budget::Budget;
use crate::td::enemies::Removed;
use crate::td::tile::TileContent;

impl Simulation {
    /// The money left, under a budget.
    pub fn money(&self) -> Option<u32> {
        self.budget().map(|_| self.money)
    }

    /// The scenario's budget, if it has one.
    pub fn budget(&self) -> Option<&Budget> {
        self.playing.as_ref()?.scenario.budget.as_ref()
    }

    /// What was paid for the content of each tile, by board index (0 for the level's own).
    pub fn paid(&self) -> &[u32] {
        &self.paid
    }

    /// The money a new game (or a new board) starts with, and nothing paid for anything.
    pub(super) fn reset_money(&mut self) {
        self.money = self.budget().map_or(0, |b| b.start);
        self.paid.clear();
        self.paid.resize(self.board.tile_count(), 0);
    }

    /// A wall or tower edit under a budget: refused when the money (with the refund of what
    /// it replaces) cannot pay; else the board's toggle, and the money paid or given back.
    pub(super) fn paid_edit(
        &mut self,
        budget: Budget,
        kind: EditKind,
        (x, y): (i64, i64),
    ) -> Result<TileContent, EditRefused> {
        let index = self
            .board
            .index(x, y)
            .ok_or(EditRefused::OutOfBounds { x, y })?;
        let before = self.board.content(index);
        let cost = match kind {
            EditKind::Wall => budget.cost.wall,
            EditKind::Tower(tower) => budget.cost.tower(tower),
            _ => 0,
        };
        let removes = kind.content() == Some(before);
        let replaces = matches!(before, TileContent::Wall | TileContent::Tower(_));
        let back = if removes || replaces {
            budget.refund_of(self.paid[index])
        } else {
            0
        };
        let charge = if removes { 0 } else { cost };
        let money = u64::from(self.money) + u64::from(back);
        if money < u64::from(charge) {
            return Err(EditRefused::CannotPay {
                cost: charge,
                money: self.money,
            });
        }
        let content = self.board.toggle(kind, x, y)?;
        self.money = u32::try_from(money - u64::from(charge)).unwrap_or(u32::MAX);
        self.paid[index] = charge;
        Ok(content)
    }

    /// What the kills of a tick earn under a budget.
    pub(super) fn pay_kills(&mut self, removed: &Removed) {
        if let Some(budget) = self.budget() {
            let pay = budget.pay_for(&removed.killed_by_type);
            let money = u64::from(self.money).saturating_add(pay);
            self.money = u32::try_from(money).unwrap_or(u32::MAX);
        }
    }
}
