//! The WFC solver: bit-set cells, weighted lowest-entropy selection, AC-4 propagation with
//! support counts, and backtracking over a bounded history of collapses.
//!
//! Every removal of a module from a cell is logged on a trail and immediately lowers the
//! support counts of the modules it allowed in the neighbouring cells; a module whose support
//! from some side reaches zero is removed in turn. A cell left with no module is a
//! [`Contradiction`], returned as a value. The solver then undoes the trail back to the last
//! collapse, bans the module that collapse chose, and carries on; if that fails too it goes
//! further back, up to the length of its history.

use super::grid::Size;
use super::map::Map;
use super::module_set::{Dir, ModuleSet};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// A cell with no module left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("contradiction at cell {cell}")]
pub struct Contradiction {
    /// The cell's index.
    pub cell: usize,
}

/// Why a map could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The boundary conditions alone leave some cell empty: no map exists.
    #[error("the module set has no solution for these boundaries ({0})")]
    Unsatisfiable(Contradiction),
    /// Backtracking ran out of history or of its step budget.
    #[error("gave up after {backtracks} backtracks ({last})")]
    GaveUp {
        /// Backtracks made.
        backtracks: u64,
        /// The last contradiction.
        last: Contradiction,
    },
}

/// No neighbour in that direction.
const NONE: u32 = u32::MAX;

/// A collapse that can be undone.
#[derive(Clone, Copy, Debug)]
struct Decision {
    cell: u32,
    module: u16,
    trail_len: usize,
}

/// Solves one grid.
#[derive(Debug)]
pub struct Solver<'s> {
    set: &'s ModuleSet,
    size: Size,
    modules: usize,
    words: usize,
    bits: Vec<u64>,
    count: Vec<u32>,
    sum_w: Vec<f64>,
    sum_wlogw: Vec<f64>,
    /// Weighted entropy plus the cell's tie-break noise, kept up to date on every change.
    entropy: Vec<f64>,
    weight: Vec<f64>,
    wlogw: Vec<f64>,
    /// `support[(cell·6 + d)·modules + m]`: modules in the neighbour towards `d` that allow `m`.
    support: Vec<u16>,
    neighbours: Vec<[u32; 6]>,
    trail: Vec<(u32, u16)>,
    decisions: VecDeque<Decision>,
    pending: Vec<(u32, u16)>,
    noise: Vec<f64>,
    rng: ChaCha8Rng,
    backtracks: u64,
    /// How many collapses can be undone.
    pub max_history: usize,
    /// Backtracks allowed in one attempt before [`Solver::solve`] starts over.
    pub max_backtracks: u64,
    /// Attempts [`Solver::solve`] makes (the random source carries on between them).
    pub max_attempts: u32,
    /// The state before any removal, for starting over: bits and support counts.
    initial: (Vec<u64>, Vec<u16>),
}

impl<'s> Solver<'s> {
    /// A solver for a finite `size` map of `set`, seeded with `seed` (ChaCha8).
    pub fn new(set: &'s ModuleSet, size: Size, seed: u64) -> Solver<'s> {
        Solver::with_wrapping(set, size, seed, false)
    }

    /// The same, with the horizontal edges wrapped round (used for the boundary column).
    pub fn with_wrapping(set: &'s ModuleSet, size: Size, seed: u64, wrap: bool) -> Solver<'s> {
        let modules = set.modules.len();
        let words = modules.div_ceil(64);
        let cells = size.cells();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let weight: Vec<f64> = set.modules.iter().map(|m| m.weight).collect();
        let wlogw: Vec<f64> = weight.iter().map(|w| w * w.ln()).collect();
        let mut full = vec![0u64; words];
        for m in 0..modules {
            full[m / 64] |= 1 << (m % 64);
        }
        let neighbours: Vec<[u32; 6]> = (0..cells)
            .map(|c| {
                let (x, y, z) = size.coords(c);
                Dir::ALL.map(|d| {
                    let (dx, dy, dz) = d.step();
                    let wrapped = |v: u32, dv: i32, n: u32| {
                        let v = v as i64 + dv as i64;
                        if wrap {
                            Some(v.rem_euclid(n as i64) as u32)
                        } else {
                            (0..n as i64).contains(&v).then_some(v as u32)
                        }
                    };
                    let ny = y as i64 + dy as i64;
                    match (
                        wrapped(x, dx, size.x),
                        (0..size.y as i64).contains(&ny),
                        wrapped(z, dz, size.z),
                    ) {
                        (Some(nx), true, Some(nz)) => size.index(nx, ny as u32, nz) as u32,
                        _ => NONE,
                    }
                })
            })
            .collect();
        let mut support = vec![u16::MAX; cells * 6 * modules];
        for (c, around) in neighbours.iter().enumerate() {
            for d in Dir::ALL {
                if around[d as usize] == NONE {
                    continue;
                }
                let base = (c * 6 + d as usize) * modules;
                for m in 0..modules {
                    support[base + m] = set.allowed[d as usize][m].len() as u16;
                }
            }
        }
        let total_w: f64 = weight.iter().sum();
        let total_wlogw: f64 = wlogw.iter().sum();
        let noise: Vec<f64> = (0..cells)
            .map(|_| (rng.next_u32() >> 8) as f64 * 1e-7 / (1u32 << 24) as f64)
            .collect();
        let full_entropy = entropy_of(total_w, total_wlogw);
        let entropy = noise.iter().map(|n| full_entropy + n).collect();
        let initial = (full.repeat(cells), support.clone());
        Solver {
            set,
            size,
            modules,
            words,
            bits: full.repeat(cells),
            count: vec![modules as u32; cells],
            sum_w: vec![total_w; cells],
            sum_wlogw: vec![total_wlogw; cells],
            entropy,
            weight,
            wlogw,
            support,
            neighbours,
            trail: Vec::new(),
            decisions: VecDeque::new(),
            pending: Vec::new(),
            noise,
            rng,
            backtracks: 0,
            max_history: 4096,
            max_backtracks: 20_000,
            max_attempts: 20,
            initial,
        }
    }

    /// Backtracks made so far.
    pub fn backtracks(&self) -> u64 {
        self.backtracks
    }

    /// Whether module `m` is still possible in `cell`.
    pub fn possible(&self, cell: usize, m: usize) -> bool {
        self.bits[cell * self.words + m / 64] & (1 << (m % 64)) != 0
    }

    /// How many modules `cell` still allows.
    pub fn options(&self, cell: usize) -> usize {
        self.count[cell] as usize
    }

    /// Removes from `cell` every module not in `keep` (a bit set of `words` words), and
    /// propagates. Used to seed cells from the boundary column.
    pub fn restrict(&mut self, cell: usize, keep: &[u64]) -> Result<(), Contradiction> {
        for m in 0..self.modules {
            if self.possible(cell, m) && keep[m / 64] & (1 << (m % 64)) == 0 {
                self.ban(cell as u32, m as u16)?;
            }
        }
        self.propagate()
    }

    /// Applies the boundary conditions: the top layer's up faces must show the air connector,
    /// the bottom layer's down faces the ground connector.
    pub fn apply_boundary(&mut self) -> Result<(), Contradiction> {
        let b = self.set.boundary;
        for (layer, face, connector) in [(self.size.y - 1, Dir::Up, b.up), (0, Dir::Down, b.down)] {
            for z in 0..self.size.z {
                for x in 0..self.size.x {
                    let cell = self.size.index(x, layer, z);
                    for m in 0..self.modules {
                        if self.set.modules[m].faces[face as usize].connector != connector {
                            self.ban(cell as u32, m as u16)?;
                        }
                    }
                }
            }
        }
        self.propagate()
    }

    /// Solves the whole grid: boundary conditions, then collapse and propagate until every cell
    /// holds one module. An attempt that runs out of backtracks starts over from the empty grid
    /// (the random source carries on, so the result is still a function of the seed), up to
    /// [`Solver::max_attempts`] times.
    pub fn solve(&mut self) -> Result<Map, SolveError> {
        let mut attempt = 1;
        loop {
            match self.attempt() {
                Err(SolveError::GaveUp { .. }) if attempt < self.max_attempts => {
                    attempt += 1;
                    self.reset();
                }
                result => return result,
            }
        }
    }

    /// One attempt of [`Solver::solve`].
    fn attempt(&mut self) -> Result<Map, SolveError> {
        let budget = self.backtracks + self.max_backtracks;
        self.apply_boundary().map_err(SolveError::Unsatisfiable)?;
        self.decisions.clear();
        while let Some(cell) = self.lowest_entropy_cell() {
            self.collapse(cell)?;
            if self.backtracks > budget {
                return Err(SolveError::GaveUp {
                    backtracks: self.backtracks,
                    last: Contradiction { cell },
                });
            }
        }
        Ok(self.map())
    }

    /// Back to every module possible everywhere (backtrack count and random source go on).
    fn reset(&mut self) {
        self.bits.copy_from_slice(&self.initial.0);
        self.support.copy_from_slice(&self.initial.1);
        let total_w: f64 = self.weight.iter().sum();
        let total_wlogw: f64 = self.wlogw.iter().sum();
        self.count.fill(self.modules as u32);
        self.sum_w.fill(total_w);
        self.sum_wlogw.fill(total_wlogw);
        let full_entropy = entropy_of(total_w, total_wlogw);
        for (e, n) in self.entropy.iter_mut().zip(&self.noise) {
            *e = full_entropy + n;
        }
        self.trail.clear();
        self.decisions.clear();
        self.pending.clear();
    }

    /// The finished map (every cell's first possible module).
    pub fn map(&self) -> Map {
        let cells = (0..self.size.cells())
            .map(|c| {
                (0..self.modules)
                    .find(|&m| self.possible(c, m))
                    .unwrap_or(0) as u16
            })
            .collect();
        Map {
            size: self.size,
            cells,
            backtracks: self.backtracks,
        }
    }

    /// Collapses `cell` to a module drawn by weight and propagates, backtracking as needed.
    pub fn collapse(&mut self, cell: usize) -> Result<(), SolveError> {
        let module = self.choose(cell);
        self.decisions.push_back(Decision {
            cell: cell as u32,
            module: module as u16,
            trail_len: self.trail.len(),
        });
        if self.decisions.len() > self.max_history {
            self.decisions.pop_front();
        }
        match self.keep_only(cell, module) {
            Ok(()) => Ok(()),
            Err(contradiction) => self.backtrack(contradiction),
        }
    }

    /// Undoes collapses until banning the failed choice propagates cleanly.
    fn backtrack(&mut self, mut last: Contradiction) -> Result<(), SolveError> {
        loop {
            let Some(decision) = self.decisions.pop_back() else {
                return Err(SolveError::GaveUp {
                    backtracks: self.backtracks,
                    last,
                });
            };
            self.backtracks += 1;
            self.undo_to(decision.trail_len);
            match self
                .ban(decision.cell, decision.module)
                .and_then(|()| self.propagate())
            {
                Ok(()) => return Ok(()),
                Err(contradiction) => last = contradiction,
            }
        }
    }

    /// Bans every module of `cell` but `module`, then propagates.
    fn keep_only(&mut self, cell: usize, module: usize) -> Result<(), Contradiction> {
        for m in 0..self.modules {
            if m != module && self.possible(cell, m) {
                self.ban(cell as u32, m as u16)?;
            }
        }
        self.propagate()
    }

    /// The undecided cell of lowest weighted entropy (ties broken by per-cell seeded noise).
    fn lowest_entropy_cell(&self) -> Option<usize> {
        let mut best = None;
        let mut best_entropy = f64::INFINITY;
        for c in 0..self.count.len() {
            if self.count[c] <= 1 {
                continue;
            }
            let entropy = self.entropy[c];
            if entropy < best_entropy {
                best_entropy = entropy;
                best = Some(c);
            }
        }
        best
    }

    /// A module of `cell` drawn with probability proportional to its weight.
    fn choose(&mut self, cell: usize) -> usize {
        let u = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let mut target = u * self.sum_w[cell];
        let mut last = 0;
        for m in 0..self.modules {
            if self.possible(cell, m) {
                last = m;
                target -= self.weight[m];
                if target < 0.0 {
                    return m;
                }
            }
        }
        last
    }

    /// Removes module `m` from `cell`, logging it and lowering the supports it gave.
    fn ban(&mut self, cell: u32, m: u16) -> Result<(), Contradiction> {
        let c = cell as usize;
        let mi = m as usize;
        let word = c * self.words + mi / 64;
        let bit = 1u64 << (mi % 64);
        if self.bits[word] & bit == 0 {
            return Ok(());
        }
        self.bits[word] &= !bit;
        self.count[c] -= 1;
        self.sum_w[c] -= self.weight[mi];
        self.sum_wlogw[c] -= self.wlogw[mi];
        self.entropy[c] = entropy_of(self.sum_w[c], self.sum_wlogw[c]) + self.noise[c];
        self.trail.push((cell, m));
        for d in Dir::ALL {
            let neighbour = self.neighbours[c][d as usize];
            if neighbour == NONE {
                continue;
            }
            let base = (neighbour as usize * 6 + d.opposite() as usize) * self.modules;
            for &other in &self.set.allowed[d as usize][mi] {
                let s = &mut self.support[base + other as usize];
                *s -= 1;
                if *s == 0 {
                    self.pending.push((neighbour, other));
                }
            }
        }
        if self.count[c] == 0 {
            return Err(Contradiction { cell: c });
        }
        Ok(())
    }

    /// Bans every module that lost all support from some side, until none is left.
    fn propagate(&mut self) -> Result<(), Contradiction> {
        while let Some((cell, m)) = self.pending.pop() {
            if let Err(e) = self.ban(cell, m) {
                self.pending.clear();
                return Err(e);
            }
        }
        Ok(())
    }

    /// Restores every removal logged after `len`, newest first.
    fn undo_to(&mut self, len: usize) {
        self.pending.clear();
        while self.trail.len() > len {
            let Some((cell, m)) = self.trail.pop() else {
                break;
            };
            let (c, mi) = (cell as usize, m as usize);
            self.bits[c * self.words + mi / 64] |= 1 << (mi % 64);
            self.count[c] += 1;
            self.sum_w[c] += self.weight[mi];
            self.sum_wlogw[c] += self.wlogw[mi];
            self.entropy[c] = entropy_of(self.sum_w[c], self.sum_wlogw[c]) + self.noise[c];
            for d in Dir::ALL {
                let neighbour = self.neighbours[c][d as usize];
                if neighbour == NONE {
                    continue;
                }
                let base = (neighbour as usize * 6 + d.opposite() as usize) * self.modules;
                for &other in &self.set.allowed[d as usize][mi] {
                    self.support[base + other as usize] += 1;
                }
            }
        }
    }
}

/// Shannon entropy of a weighted choice from its weight sums: `ln Σw − Σ(w ln w) / Σw`.
fn entropy_of(sum_w: f64, sum_wlogw: f64) -> f64 {
    if sum_w > 0.0 {
        sum_w.ln() - sum_wlogw / sum_w
    } else {
        0.0
    }
}
