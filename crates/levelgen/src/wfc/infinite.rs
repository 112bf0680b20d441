//! An infinite map: columns of cells keyed by integer position, created on demand in square
//! chunks around a walker.
//!
//! Every new chunk is a small finite problem. Each of its cells starts from the wrapped
//! 1×n×1 boundary column (solved once: what each layer may hold under the air-on-top,
//! ground-below conditions), its border cells are restricted to what fits the columns already
//! generated next to them, and then it is solved with backtracking. If a chunk cannot be
//! solved against its fixed neighbours, it is solved again together with a margin (one, two,
//! then three columns) of those neighbours; margin cells that change and had already been shown
//! are counted as `regenerated_shown` (the goal is zero).

use super::grid::Size;
use super::module_set::{Dir, ModuleSet};
use super::solver::{SolveError, Solver};
use crate::hash::hash_words;
use std::collections::{HashMap, HashSet};

/// Side of a chunk, in columns.
pub const CHUNK: i32 = 8;

/// An infinite map of one module set.
#[derive(Debug)]
pub struct InfiniteMap<'s> {
    set: &'s ModuleSet,
    height: u32,
    seed: u64,
    /// What each layer may hold (bit sets), from the boundary column.
    column: Vec<Vec<u64>>,
    /// Generated columns: `(x, z)` → module per layer, bottom first.
    columns: HashMap<(i32, i32), Vec<u16>>,
    chunks: HashSet<(i32, i32)>,
    shown: HashSet<(i32, i32)>,
    backtracks: u64,
    regenerated_shown: u64,
}

/// Why the map could not grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GrowError {
    /// The boundary column has no solution.
    #[error("the boundary column has no solution: {0}")]
    Column(SolveError),
    /// A chunk could not be solved even with a margin of its neighbours.
    #[error("chunk ({0}, {1}) could not be solved")]
    Chunk(i32, i32),
}

impl<'s> InfiniteMap<'s> {
    /// An empty map `height` cells tall; solves the boundary column.
    pub fn new(set: &'s ModuleSet, height: u32, seed: u64) -> Result<InfiniteMap<'s>, GrowError> {
        let size = Size {
            x: 1,
            y: height,
            z: 1,
        };
        let mut solver = Solver::with_wrapping(set, size, seed, true);
        solver
            .apply_boundary()
            .map_err(|c| GrowError::Column(SolveError::Unsatisfiable(c)))?;
        let words = set.modules.len().div_ceil(64);
        let column = (0..height)
            .map(|y| {
                let mut bits = vec![0u64; words];
                for m in 0..set.modules.len() {
                    if solver.possible(y as usize, m) {
                        bits[m / 64] |= 1 << (m % 64);
                    }
                }
                bits
            })
            .collect();
        Ok(InfiniteMap {
            set,
            height,
            seed,
            column,
            columns: HashMap::new(),
            chunks: HashSet::new(),
            shown: HashSet::new(),
            backtracks: 0,
            regenerated_shown: 0,
        })
    }

    /// Cells generated so far.
    pub fn cells(&self) -> u64 {
        self.columns.len() as u64 * self.height as u64
    }

    /// Backtracks made so far, all chunks together.
    pub fn backtracks(&self) -> u64 {
        self.backtracks
    }

    /// Shown cells that had to change afterwards.
    pub fn regenerated_shown(&self) -> u64 {
        self.regenerated_shown
    }

    /// The modules of column `(x, z)`, bottom first, if generated.
    pub fn column(&self, x: i32, z: i32) -> Option<&[u16]> {
        self.columns.get(&(x, z)).map(Vec::as_slice)
    }

    /// Generates every chunk within `radius` chunks of the one holding `(x, z)`.
    pub fn ensure_around(&mut self, x: i32, z: i32, radius: i32) -> Result<(), GrowError> {
        let (cx, cz) = (x.div_euclid(CHUNK), z.div_euclid(CHUNK));
        // Nearest chunks first, in a fixed order.
        let mut wanted: Vec<(i32, i32)> = (-radius..=radius)
            .flat_map(|dz| (-radius..=radius).map(move |dx| (cx + dx, cz + dz)))
            .filter(|c| !self.chunks.contains(c))
            .collect();
        wanted.sort_by_key(|&(a, b)| ((a - cx).abs().max((b - cz).abs()), b, a));
        for (a, b) in wanted {
            self.generate_chunk(a, b)?;
        }
        Ok(())
    }

    /// Marks the columns within `distance` of `(x, z)` as shown (handed to a renderer).
    pub fn show_around(&mut self, x: i32, z: i32, distance: i32) {
        for dz in -distance..=distance {
            for dx in -distance..=distance {
                if self.columns.contains_key(&(x + dx, z + dz)) {
                    self.shown.insert((x + dx, z + dz));
                }
            }
        }
    }

    /// Whether chunk `(cx, cz)` and its eight neighbours are generated. Such a chunk's columns
    /// are final: later chunks are at least a chunk away, and their margins (at most three
    /// columns) cannot reach it.
    pub fn chunk_settled(&self, cx: i32, cz: i32) -> bool {
        (-1..=1).all(|dz| (-1..=1).all(|dx| self.chunks.contains(&(cx + dx, cz + dz))))
    }

    /// The columns of chunk `(cx, cz)` (missing ones skipped), marked as shown.
    pub fn show_chunk(&mut self, cx: i32, cz: i32) -> Vec<((i32, i32), Vec<u16>)> {
        let mut out = Vec::with_capacity((CHUNK * CHUNK) as usize);
        for z in cz * CHUNK..(cz + 1) * CHUNK {
            for x in cx * CHUNK..(cx + 1) * CHUNK {
                if let Some(column) = self.columns.get(&(x, z)) {
                    self.shown.insert((x, z));
                    out.push(((x, z), column.clone()));
                }
            }
        }
        out
    }

    fn generate_chunk(&mut self, cx: i32, cz: i32) -> Result<(), GrowError> {
        let origin = (cx * CHUNK, cz * CHUNK);
        for attempt in 0..3u64 {
            let seed = self.chunk_seed(cx, cz, attempt);
            if let Some(solution) = self.solve_region(origin, CHUNK, seed, false) {
                self.store(origin, CHUNK, &solution);
                self.chunks.insert((cx, cz));
                return Ok(());
            }
        }
        // Free a margin of the neighbours (1, then 2, then 3 columns wide) and solve chunk
        // and margin together.
        for margin in 1..=3 {
            let margin_origin = (origin.0 - margin, origin.1 - margin);
            for attempt in 0..2u64 {
                let seed = self.chunk_seed(cx, cz, 3 + margin as u64 * 2 + attempt);
                if let Some(solution) =
                    self.solve_region(margin_origin, CHUNK + 2 * margin, seed, true)
                {
                    self.store(margin_origin, CHUNK + 2 * margin, &solution);
                    self.chunks.insert((cx, cz));
                    return Ok(());
                }
            }
        }
        Err(GrowError::Chunk(cx, cz))
    }

    /// The solver seed of chunk `(cx, cz)` on its `attempt`th try: a hash of the map seed and
    /// those three numbers.
    fn chunk_seed(&self, cx: i32, cz: i32, attempt: u64) -> u64 {
        hash_words(&[self.seed, cx as i64 as u64, cz as i64 as u64, attempt])
    }

    /// Solves a `side × height × side` region at `origin` against the generated columns
    /// around it. With `free_inside`, columns inside the region are solved anew even if they
    /// exist. Returns the modules, `x + side·(z + side·y)`.
    fn solve_region(
        &mut self,
        origin: (i32, i32),
        side: i32,
        seed: u64,
        free_inside: bool,
    ) -> Option<Vec<u16>> {
        let size = Size {
            x: side as u32,
            y: self.height,
            z: side as u32,
        };
        let mut solver = Solver::new(self.set, size, seed);
        solver.max_attempts = 4;
        let inside = |x: i32, z: i32| {
            (0..side).contains(&(x - origin.0)) && (0..side).contains(&(z - origin.1))
        };
        let words = self.set.modules.len().div_ceil(64);
        let mut keep = vec![0u64; words];
        for z in 0..side {
            for x in 0..side {
                let (wx, wz) = (origin.0 + x, origin.1 + z);
                for y in 0..self.height {
                    keep.copy_from_slice(&self.column[y as usize]);
                    if !free_inside && let Some(existing) = self.columns.get(&(wx, wz)) {
                        keep.fill(0);
                        let m = existing[y as usize] as usize;
                        keep[m / 64] |= 1 << (m % 64);
                    }
                    for d in [Dir::West, Dir::East, Dir::South, Dir::North] {
                        let (dx, _, dz) = d.step();
                        let (nx, nz) = (wx + dx, wz + dz);
                        if inside(nx, nz) {
                            continue;
                        }
                        if let Some(neighbour) = self.columns.get(&(nx, nz)) {
                            // Keep only modules the fixed neighbour allows on this side.
                            let theirs = neighbour[y as usize] as usize;
                            let mut fits = vec![0u64; words];
                            for &m in &self.set.allowed[d.opposite() as usize][theirs] {
                                fits[m as usize / 64] |= 1 << (m % 64);
                            }
                            for (k, f) in keep.iter_mut().zip(&fits) {
                                *k &= f;
                            }
                        }
                    }
                    let cell = size.index(x as u32, y, z as u32);
                    if solver.restrict(cell, &keep).is_err() {
                        return None;
                    }
                }
            }
        }
        match solver.solve() {
            Ok(map) => {
                self.backtracks += map.backtracks;
                Some(map.cells)
            }
            Err(_) => {
                self.backtracks += solver.backtracks();
                None
            }
        }
    }

    /// Stores a solved region, counting shown cells that changed.
    fn store(&mut self, origin: (i32, i32), side: i32, cells: &[u16]) {
        let size = Size {
            x: side as u32,
            y: self.height,
            z: side as u32,
        };
        for z in 0..side {
            for x in 0..side {
                let key = (origin.0 + x, origin.1 + z);
                let new: Vec<u16> = (0..self.height)
                    .map(|y| cells[size.index(x as u32, y, z as u32)])
                    .collect();
                if let Some(old) = self.columns.get(&key)
                    && self.shown.contains(&key)
                {
                    self.regenerated_shown +=
                        old.iter().zip(&new).filter(|(a, b)| a != b).count() as u64;
                }
                self.columns.insert(key, new);
            }
        }
    }
}

/// The fixed route `horde wfc --infinite --walk N` takes: a square spiral outwards from the
/// origin, one cell per step (east 1, north 1, west 2, south 2, east 3, ...).
pub fn spiral_route(steps: u64) -> impl Iterator<Item = (i32, i32)> {
    let (mut x, mut z) = (0i32, 0i32);
    let mut leg = 1;
    let mut taken = 0;
    let mut direction = 0usize;
    let mut on_leg = 0;
    std::iter::from_fn(move || {
        if taken >= steps {
            return None;
        }
        let step = [(1, 0), (0, 1), (-1, 0), (0, -1)][direction];
        x += step.0;
        z += step.1;
        taken += 1;
        on_leg += 1;
        if on_leg == leg {
            on_leg = 0;
            direction = (direction + 1) % 4;
            if direction % 2 == 0 {
                leg += 1;
            }
        }
        Some((x, z))
    })
}

/// Walks `route`, generating two chunks around the walker in every direction and showing the
/// columns within `view` cells, as `horde wfc --infinite` does.
pub fn walk(
    map: &mut InfiniteMap<'_>,
    route: impl Iterator<Item = (i32, i32)>,
    view: i32,
) -> Result<(), GrowError> {
    for (x, z) in route {
        map.ensure_around(x, z, 2)?;
        map.show_around(x, z, view);
    }
    Ok(())
}
