//! Constraints over the whole map that neighbour-by-neighbour propagation cannot express (a
//! path that must stay open): a [`Constraint`] is told, after every propagation that left no
//! cell empty, which cells changed, and may narrow cells itself (which propagates) or answer
//! with a [`Contradiction`], which the solver backtracks from like any other.

use super::contradiction::Contradiction;
use super::rules::Rules;
use super::wave::Wave;
use crate::wfc::grid::Size;

/// A rule over the whole map, enforced during propagation ([`super::Solver::solve_constrained`]).
pub trait Constraint {
    /// Looks at the cells that changed since the last call (`cells.take_changed()` until it
    /// is empty) and narrows what must be narrowed, or says the state breaks the rule.
    fn enforce(&mut self, cells: &mut ConstrainedCells<'_>) -> Result<(), Contradiction>;
}

/// The solver's cells as a constraint sees and narrows them.
#[derive(Debug)]
pub struct ConstrainedCells<'a> {
    pub(super) wave: &'a mut Wave,
    pub(super) rules: &'a Rules,
    pub(super) size: Size,
}

impl ConstrainedCells<'_> {
    /// The grid's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether any module of the bit set `modules` (words of 64 module bits) is still possible
    /// in `cell`.
    pub fn any_of(&self, cell: usize, modules: &[u64]) -> bool {
        let domain = self.wave.domain(cell);
        domain.iter().zip(modules).any(|(d, m)| d & m != 0)
    }

    /// Whether every module still possible in `cell` is in `modules`.
    pub fn only(&self, cell: usize, modules: &[u64]) -> bool {
        let domain = self.wave.domain(cell);
        domain.iter().zip(modules).all(|(d, m)| d & !m == 0)
    }

    /// Moves the cells changed since the last call into `cells` and each one's domain before
    /// its change into `before` (words a cell; both cleared first): in the order they changed,
    /// a cell possibly more than once (its first entry has its domain before them all).
    pub fn take_changed(&mut self, cells: &mut Vec<u32>, before: &mut Vec<u64>) {
        cells.clear();
        before.clear();
        std::mem::swap(cells, &mut self.wave.changed);
        std::mem::swap(before, &mut self.wave.changed_from);
    }

    /// Words of 64 module bits a domain takes.
    pub fn words(&self) -> usize {
        self.rules.words
    }

    /// Keeps in `cell` only the modules of `modules`, and propagates.
    pub fn keep(&mut self, cell: usize, modules: &[u64]) -> Result<(), Contradiction> {
        self.wave
            .narrow(self.rules, cell, |w| modules.get(w).copied().unwrap_or(0))?;
        self.wave.propagate(self.rules)
    }
}
