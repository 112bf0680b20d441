//! The WFC solver: bit-set domains, propagation over per-direction compatibility masks, an
//! entropy priority queue, and backtracking over a bounded history of collapses.
//!
//! - `solver/rules.rs`: masks and weights derived from the module set once.
//! - `solver/wave.rs`: the cells' domains and the propagation that narrows neighbours.
//! - `solver/boundary.rs`: the boundary conditions on a fresh wave in one pass.
//! - `solver/queue.rs`: undecided cells ordered by entropy, with lazy deletion.
//! - `solver/history.rs`: remembered decisions and the trail of changes that undoes them.
//! - `solver/entropy.rs`: the selection key, reproducible on every machine.
//! - `solver/contradiction.rs`: [`Contradiction`], the value an emptied cell is.
//! - `solver/constraint.rs`: [`Constraint`], a whole-map rule (a path kept open) that narrows
//!   cells or answers with a contradiction after each propagation.
//! - `solver/tests.rs`: its unit tests (the one-pass boundary against propagating cell by
//!   cell).
//!
//! Solving repeatedly takes the undecided cell of lowest weighted entropy (ties broken by a
//! seeded per-cell value), collapses it to a module drawn by weight, and propagates. A cell left
//! with no module is a [`Contradiction`], returned as a value: the solver undoes the trail back
//! to the last collapse, bans the module that collapse chose, and carries on; if that fails too
//! it goes further back, as far as its history reaches. An attempt that runs out of backtracks
//! or of history starts over from the *start state*: the state when [`Solver::solve`] was
//! called, so after [`Solver::apply_boundary`] and every [`Solver::restrict`] or
//! [`Solver::pin`]. If the search runs out of decisions without ever having forgotten one, no
//! map exists and the answer is [`SolveError::Unsatisfiable`].
//!
//! A solver keeps its allocations: [`Solver::reset_with_seed`] starts a new problem of the same
//! size and set without allocating, so many same-sized blocks can be solved with one solver:
//!
//! ```
//! use horde_levelgen::collapse::{EXAMPLE_SET, ModuleSet, Size, Solver};
//!
//! let set = ModuleSet::parse(EXAMPLE_SET, "example.ron".as_ref()).unwrap();
//! let size = Size { x: 4, y: 3, z: 4 };
//! let mut solver = Solver::new(&set, size, 0).unwrap();
//! let mut cells = Vec::with_capacity(size.cells());
//! for block in 0..3u64 {
//!     solver.reset_with_seed(block);
//!     solver.apply_boundary().unwrap();
//!     solver.pin(size.index(0, 0, 0), 1).unwrap(); // a ground module in one corner
//!     solver.solve_into(&mut cells).unwrap();
//!     assert_eq!(cells[0], 1);
//! }
//! ```
//!
//! Everything is a pure function of the set, the size, the seed and the constraints (and the
//! order they were applied in).

mod boundary;
mod constraint;
mod contradiction;
mod entropy;
mod history;
mod queue;
mod rules;
mod wave;

use super::grid::{Size, TooManyCells};
use super::map::Map;
use super::module_set::ModuleSet;
use super::zoning::ColumnZone;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rules::{Rules, ones};
use wave::Wave;

pub use constraint::{ConstrainedCells, Constraint};
pub use contradiction::Contradiction;

/// Why a map could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// No map exists: the boundary conditions and constraints alone leave some cell empty, or
    /// the search tried every choice without forgetting any.
    #[error("the module set has no solution for these boundaries ({0})")]
    Unsatisfiable(Contradiction),
    /// Backtracking ran out of history or of its step budget in every attempt.
    #[error("gave up after {backtracks} backtracks ({last})")]
    GaveUp {
        /// Backtracks made.
        backtracks: u64,
        /// The last contradiction.
        last: Contradiction,
    },
}

/// Solves one grid; reusable for further grids of the same size and set.
#[derive(Debug)]
pub struct Solver<'s> {
    set: &'s ModuleSet,
    size: Size,
    rules: Rules,
    wave: Wave,
    rng: ChaCha8Rng,
    backtracks: u64,
    /// Whether this attempt has forgotten a decision (so running out of them proves nothing).
    forgot: bool,
    /// The latest contradiction met while solving.
    last: Contradiction,
    /// A contradiction reached before solving: the constraints have no solution.
    unsatisfiable: Option<Contradiction>,
    /// Nothing has narrowed any cell since the last reset.
    fresh: bool,
    /// The boundary conditions have been applied since the last reset.
    bounded: bool,
    /// Per-layer domains of the boundary conditions, bottom first.
    layers: Vec<u64>,
    /// Scratch bit set.
    union: Vec<u64>,
    /// The start state's domains and sums, for starting over.
    start: (Vec<u64>, Vec<[f64; 2]>),
    /// How many collapses can be undone.
    pub max_history: usize,
    /// Backtracks allowed in one attempt before [`Solver::solve`] starts over.
    pub max_backtracks: u64,
    /// Attempts [`Solver::solve`] makes (the random source carries on between them).
    pub max_attempts: u32,
}

impl<'s> Solver<'s> {
    /// A solver for a finite `size` map of `set`, seeded with `seed` (ChaCha8). A size of
    /// more than [`MAX_CELLS`](super::grid::MAX_CELLS) cells is refused before anything is
    /// allocated.
    pub fn new(set: &'s ModuleSet, size: Size, seed: u64) -> Result<Solver<'s>, TooManyCells> {
        Solver::with_wrapping(set, size, seed, false)
    }

    /// A solver for a finite map of `set` with the boundary conditions and, where the set has
    /// one, its [`Zoning`](super::zoning::Zoning) applied: the grid's column `(0, 0)` zoned as
    /// the infinite map's column `(0, 0)` is for `seed`. A contradiction there makes the solve
    /// [`SolveError::Unsatisfiable`].
    pub fn zoned(set: &'s ModuleSet, size: Size, seed: u64) -> Result<Solver<'s>, TooManyCells> {
        let mut solver = Solver::new(set, size, seed)?;
        if let Some(zoning) = &set.zoning {
            // A contradiction is remembered and reported by the solve.
            let _ = solver.apply_boundary().and_then(|()| {
                solver.apply_zoning(|x, z| Some(zoning.column(seed, x as i32, z as i32)))
            });
        }
        Ok(solver)
    }

    /// The same, with the horizontal edges wrapped round (used for the boundary column).
    pub fn with_wrapping(
        set: &'s ModuleSet,
        size: Size,
        seed: u64,
        wrap: bool,
    ) -> Result<Solver<'s>, TooManyCells> {
        let size = size.within_limit()?;
        let rules = Rules::new(set);
        let wave = Wave::new(&rules, size, wrap);
        let mut solver = Solver {
            set,
            size,
            layers: vec![0; size.y as usize * rules.words],
            union: vec![0; rules.words],
            rules,
            wave,
            rng: ChaCha8Rng::seed_from_u64(seed),
            backtracks: 0,
            forgot: false,
            last: Contradiction { cell: 0 },
            unsatisfiable: None,
            fresh: true,
            bounded: false,
            start: (Vec::new(), Vec::new()),
            max_history: 4096,
            max_backtracks: 20_000,
            max_attempts: 20,
        };
        solver.reset_with_seed(seed);
        Ok(solver)
    }

    /// Back to every module possible everywhere, seeded with `seed`, as a new solver of the
    /// same set and size would be (the limits `max_*` are kept). Allocates nothing.
    pub fn reset_with_seed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        let salt = self.rng.next_u64();
        self.wave.reset(&self.rules, salt);
        self.backtracks = 0;
        self.forgot = false;
        self.unsatisfiable = None;
        self.fresh = true;
        self.bounded = false;
    }

    /// The module set.
    pub fn set(&self) -> &'s ModuleSet {
        self.set
    }

    /// The grid size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Backtracks made since the solver was made or last reset.
    pub fn backtracks(&self) -> u64 {
        self.backtracks
    }

    /// Whether module `m` is still possible in `cell` (`false` outside the grid or the set).
    pub fn possible(&self, cell: usize, m: usize) -> bool {
        self.wave
            .domain(cell)
            .get(m / 64)
            .is_some_and(|w| w & (1 << (m % 64)) != 0)
    }

    /// How many modules `cell` still allows (`0` outside the grid).
    pub fn options(&self, cell: usize) -> usize {
        rules::count(self.wave.domain(cell)) as usize
    }

    /// Removes from `cell` every module not in `keep` (a bit set; missing words count as
    /// zero), and propagates. Used to pin cells to what their surroundings allow; the
    /// constraint is part of the start state [`Solver::solve`] restarts from. A contradiction
    /// here (a cell outside the grid counts as one) makes the next solve
    /// [`SolveError::Unsatisfiable`] until the solver is reset.
    pub fn restrict(&mut self, cell: usize, keep: &[u64]) -> Result<(), Contradiction> {
        self.fresh = false;
        let result = self
            .wave
            .narrow(&self.rules, cell, |w| keep.get(w).copied().unwrap_or(0))
            .and_then(|()| self.wave.propagate(&self.rules));
        self.note(result)
    }

    /// Keeps only `module` in `cell` and propagates: [`Solver::restrict`] to one module, without
    /// building a bit set. A module outside the set is a contradiction.
    pub fn pin(&mut self, cell: usize, module: usize) -> Result<(), Contradiction> {
        self.fresh = false;
        let result = if module < self.rules.modules {
            self.wave
                .narrow(&self.rules, cell, |w| single(w, module))
                .and_then(|()| self.wave.propagate(&self.rules))
        } else {
            Err(Contradiction { cell })
        };
        self.note(result)
    }

    /// Applies a set's [`Zoning`](super::zoning::Zoning) to the columns `zone(x, z)` names
    /// (grid column `(x, z)`; `None` leaves the column alone), and propagates: every cell at or
    /// above the column's [`ColumnZone::built_below`] loses the modules of built prototypes, and
    /// where the set has street prototypes, an avenue's ground cell keeps only street modules
    /// and any other ground cell loses them. Like [`Solver::restrict`], part of the start
    /// state; a contradiction here makes the next solve [`SolveError::Unsatisfiable`].
    /// Allocates nothing.
    pub fn apply_zoning(
        &mut self,
        zone: impl Fn(u32, u32) -> Option<ColumnZone>,
    ) -> Result<(), Contradiction> {
        self.fresh = false;
        let result = (|| {
            let size = self.size;
            let rules = &self.rules;
            let streets = rules.streets.iter().any(|&w| w != 0);
            for z in 0..size.z {
                for x in 0..size.x {
                    let Some(column) = zone(x, z) else {
                        continue;
                    };
                    for y in column.built_below..size.y {
                        let cell = size.index(x, y, z);
                        self.wave.narrow(rules, cell, |w| rules.unbuilt[w])?;
                    }
                    if streets && size.y > 0 {
                        let ground = size.index(x, 0, z);
                        if column.avenue {
                            self.wave.narrow(rules, ground, |w| rules.streets[w])?;
                        } else {
                            self.wave.narrow(rules, ground, |w| !rules.streets[w])?;
                        }
                    }
                }
            }
            self.wave.propagate(rules)
        })();
        self.note(result)
    }

    /// Applies the boundary conditions: the top layer's up faces must show the air connector,
    /// the bottom layer's down faces the ground connector. Applying them twice changes nothing.
    pub fn apply_boundary(&mut self) -> Result<(), Contradiction> {
        if self.bounded {
            return match self.unsatisfiable {
                Some(contradiction) => Err(contradiction),
                None => Ok(()),
            };
        }
        self.bounded = true;
        let result = self.boundary();
        self.fresh = false;
        self.note(result)
    }

    fn boundary(&mut self) -> Result<(), Contradiction> {
        let Size {
            x: sx,
            y: sy,
            z: sz,
        } = self.size;
        if self.size.cells() == 0 {
            return Ok(());
        }
        if self.rules.modules == 0 {
            return Err(Contradiction { cell: 0 });
        }
        let rules = &self.rules;
        if self.fresh {
            // Every column alike: one pass (see `solver/boundary.rs`).
            let closed = boundary::column(rules, sy as usize, &mut self.layers, &mut self.union)
                .map_err(|y| boundary::empty_layer(y, sx as usize * sz as usize))?;
            self.wave.fill_layers(rules, &self.layers);
            if closed {
                return Ok(());
            }
            self.wave.push_all();
            return self.wave.propagate(rules);
        }
        for (layer, mask) in [(sy - 1, &rules.top), (0, &rules.bottom)] {
            for z in 0..sz {
                for x in 0..sx {
                    let cell = self.size.index(x, layer, z);
                    self.wave.narrow(rules, cell, |w| mask[w])?;
                }
            }
        }
        self.wave.propagate(rules)
    }

    /// Remembers a contradiction met outside solving: the constraints have no solution.
    fn note(&mut self, result: Result<(), Contradiction>) -> Result<(), Contradiction> {
        if let Err(contradiction) = result {
            self.unsatisfiable.get_or_insert(contradiction);
        }
        result
    }

    /// Solves the whole grid: boundary conditions, then collapse and propagate until every cell
    /// holds one module. An attempt that runs out of backtracks starts over from the start
    /// state (the random source carries on, so the result is still a function of the seed), up
    /// to [`Solver::max_attempts`] times.
    pub fn solve(&mut self) -> Result<Map, SolveError> {
        let mut cells = Vec::with_capacity(self.size.cells());
        let backtracks = self.solve_into(&mut cells)?;
        Ok(Map {
            size: self.size,
            cells,
            backtracks,
        })
    }

    /// [`Solver::solve`] writing the modules into `out` (cleared first; index
    /// `x + X·(z + Z·y)`), returning the backtracks made since the solver was made or reset.
    /// Allocates nothing once `out` and the solver's buffers have grown to the grid.
    pub fn solve_into(&mut self, out: &mut Vec<u16>) -> Result<u64, SolveError> {
        self.solve_constrained(out, None)
    }

    /// [`Solver::solve_into`] with `constraint` enforced after every propagation (at the start
    /// of every attempt too): a state it refuses is backtracked from like an emptied cell.
    pub fn solve_constrained(
        &mut self,
        out: &mut Vec<u16>,
        mut constraint: Option<&mut dyn Constraint>,
    ) -> Result<u64, SolveError> {
        out.clear();
        if let Some(contradiction) = self.unsatisfiable {
            return Err(SolveError::Unsatisfiable(contradiction));
        }
        self.apply_boundary().map_err(SolveError::Unsatisfiable)?;
        self.fresh = false;
        if self.max_attempts > 1 {
            let (domains, sums) = &mut self.start;
            domains.clear();
            domains.extend_from_slice(self.wave.domains());
            sums.clear();
            sums.extend_from_slice(self.wave.sums());
        }
        let mut attempt = 1;
        loop {
            match self.attempt(&mut constraint) {
                Err(SolveError::GaveUp { .. }) if attempt < self.max_attempts => {
                    attempt += 1;
                    let (domains, sums) = &self.start;
                    self.wave.restore(domains, sums);
                }
                Err(e) => return Err(e),
                Ok(()) => break,
            }
        }
        out.extend((0..self.size.cells()).map(|c| self.first_module(c)));
        Ok(self.backtracks)
    }

    /// One attempt of [`Solver::solve`] from the current state.
    fn attempt(&mut self, constraint: &mut Option<&mut dyn Constraint>) -> Result<(), SolveError> {
        let budget = self.backtracks.saturating_add(self.max_backtracks);
        self.forgot = false;
        self.wave.history.clear();
        self.wave.start_selecting();
        self.wave.watching = constraint.is_some();
        self.wave.changed.clear();
        self.wave.changed_from.clear();
        // The start state as the constraint sees it: every cell changed, from every module.
        for cell in 0..self.size.cells() {
            self.wave.changed.push(cell as u32);
            self.wave.changed_from.extend_from_slice(&self.rules.full);
        }
        if let Err(contradiction) = self.settle(constraint) {
            self.wave.selecting = false;
            self.wave.watching = false;
            return Err(SolveError::Unsatisfiable(contradiction));
        }
        let result = loop {
            let Some(cell) = self.wave.pop_undecided() else {
                break Ok(());
            };
            if let Err(e) = self.collapse(cell, constraint) {
                break Err(e);
            }
            if self.backtracks > budget {
                break Err(SolveError::GaveUp {
                    backtracks: self.backtracks,
                    last: self.last,
                });
            }
        };
        self.wave.selecting = false;
        self.wave.watching = false;
        result
    }

    /// Lets the constraint, if any, look at what changed and narrow what it must.
    fn settle(
        &mut self,
        constraint: &mut Option<&mut dyn Constraint>,
    ) -> Result<(), Contradiction> {
        let Some(constraint) = constraint.as_deref_mut() else {
            return Ok(());
        };
        let mut cells = ConstrainedCells {
            wave: &mut self.wave,
            rules: &self.rules,
            size: self.size,
        };
        let result = constraint.enforce(&mut cells);
        self.wave.changed.clear();
        self.wave.changed_from.clear();
        result
    }

    /// The finished map (every cell's first possible module).
    pub fn map(&self) -> Map {
        Map {
            size: self.size,
            cells: (0..self.size.cells())
                .map(|c| self.first_module(c))
                .collect(),
            backtracks: self.backtracks,
        }
    }

    /// The lowest module still possible in `cell`, or 0.
    fn first_module(&self, cell: usize) -> u16 {
        ones(self.wave.domain(cell)).next().unwrap_or(0) as u16
    }

    /// Collapses `cell` to a module drawn by weight and propagates, backtracking as needed.
    fn collapse(
        &mut self,
        cell: usize,
        constraint: &mut Option<&mut dyn Constraint>,
    ) -> Result<(), SolveError> {
        let module = self.choose(cell);
        self.forgot |= self
            .wave
            .history
            .decide(cell as u32, module as u16, self.max_history);
        let result = self
            .wave
            .narrow(&self.rules, cell, |w| single(w, module))
            .and_then(|()| self.wave.propagate(&self.rules))
            .and_then(|()| self.settle(constraint));
        match result {
            Ok(()) => Ok(()),
            Err(contradiction) => self.backtrack(contradiction, constraint),
        }
    }

    /// Undoes collapses until banning the failed choice propagates cleanly.
    fn backtrack(
        &mut self,
        mut last: Contradiction,
        constraint: &mut Option<&mut dyn Constraint>,
    ) -> Result<(), SolveError> {
        loop {
            self.last = last;
            let Some(decision) = self.wave.history.pop_decision() else {
                return Err(if self.forgot {
                    SolveError::GaveUp {
                        backtracks: self.backtracks,
                        last,
                    }
                } else {
                    SolveError::Unsatisfiable(last)
                });
            };
            self.backtracks += 1;
            self.wave.undo_to(decision.trail_len);
            let banned = usize::from(decision.module);
            match self
                .wave
                .narrow(&self.rules, decision.cell as usize, |w| !single(w, banned))
                .and_then(|()| self.wave.propagate(&self.rules))
                .and_then(|()| self.settle(constraint))
            {
                Ok(()) => return Ok(()),
                Err(contradiction) => last = contradiction,
            }
        }
    }

    /// A module of `cell` drawn with probability proportional to its weight.
    fn choose(&mut self, cell: usize) -> usize {
        let u = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let mut target = u * self.wave.sum_w(cell);
        let mut last = 0;
        for m in ones(self.wave.domain(cell)) {
            last = m;
            target -= self.rules.weight[m];
            if target < 0.0 {
                return m;
            }
        }
        last
    }
}

/// Word `w` of the bit set holding only `module`.
fn single(w: usize, module: usize) -> u64 {
    if w == module / 64 {
        1 << (module % 64)
    } else {
        0
    }
}

#[cfg(test)]
mod tests;
