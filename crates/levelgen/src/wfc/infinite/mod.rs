//! The infinite map: the modules of every column as a pure function of (module set, height,
//! seed, column position), evaluated lazily, in parallel, in bounded memory, never failing.
//!
//! It is built by *modifying in blocks* (Merrell's Model Synthesis, applied to infinite maps by
//! BorisTheBrave): start from a **background** that is valid everywhere by construction — the
//! boundary column (air on top, ground below) solved once with its sides wrapped onto itself,
//! so it fits itself in every direction — then re-solve square blocks in [`LAYERS`] layers
//! whose grids are offset from one another ([`layout`]). A block keeps its outer ring of
//! columns as the layer below left them and re-solves its interior against that ring; a block
//! that cannot be solved keeps the layer below's cells, which were valid. So every layer is
//! valid everywhere, nothing can fail and no hole can appear. The last layer is the map.
//!
//! A set's [`zoning`](super::zoning) is part of every block's interior's problem, and the
//! background is then solved with nothing built and no street. The height limits hold in the
//! background everywhere and in every solved interior, so they hold in every layer and in the
//! map. The avenues' streets cannot be in a background that is the same everywhere: they hold
//! in every solved interior, and the layers' offsets put every ring of one layer inside the
//! blocks of the next, so only a block that could not be solved leaves them out (its columns
//! keep the layer below's valid cells); the map never fails for them.
//!
//! Each block is seeded from (seed, layer, block) alone and reads only the layer below, so the
//! result does not depend on the order of requests, on what was generated or dropped before,
//! or on the number of threads; the blocks of one layer are solved in parallel (rayon). Blocks
//! far from what is asked for can be dropped ([`InfiniteMap::retain_near`]) and come back
//! identical.
//!
//! [`layout`] (`layout.rs`) says where each layer's blocks lie; `wfc/route.rs` walks the map
//! headless along a fixed route (`horde wfc --infinite --walk`), built on the map without the
//! map needing it.

mod layout;

pub use layout::{Area, BLOCK, BlockCoord, LAYERS, block_area, block_of, blocks_over};

use super::grid::{Size, TooManyCells};
use super::map::Map;
use super::module_set::ModuleSet;
use super::solver::{SolveError, Solver};
use super::zoning::ColumnZone;
use crate::hash::hash_words;
use layout::on_ring;
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::sync::{Mutex, PoisonError};

/// The most columns one request may cover (a 1024 × 1024 region).
pub const MAX_REQUEST_COLUMNS: u64 = 1 << 20;
/// The most cells one request may cover, columns times height (each held in four layers of
/// blocks, two bytes a cell: about 270 MB at the limit).
pub const MAX_REQUEST_CELLS: u64 = 1 << 25;

/// Attempts a block's solver makes before the block keeps the layer below.
const BLOCK_ATTEMPTS: u32 = 2;

/// Backtracks one attempt at a block may take by default.
pub const BLOCK_BACKTRACKS: u64 = 200;

/// Why the map could not be made or a request could not be met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GrowError {
    /// The boundary column has no solution, so there is no background to start from.
    #[error("the module set has no valid background column: {0}")]
    Column(SolveError),
    /// The set has a zoning, and no column of it holds nothing built and no street, so there
    /// is no background that fits every column.
    #[error(
        "the module set's zoning needs a background column with nothing built and no street on the ground, and the set has none: {0}"
    )]
    ZonedColumn(SolveError),
    /// A request covers more columns than one request may, or more cells (columns times
    /// height).
    #[error(
        "{columns} columns of {height} cells asked for at once; at most {MAX_REQUEST_COLUMNS} columns and {MAX_REQUEST_CELLS} cells"
    )]
    TooLarge {
        /// Columns asked for.
        columns: u64,
        /// The map's height.
        height: u32,
    },
    /// The height is zero.
    #[error("the map must be at least one cell tall")]
    NoHeight,
    /// A block of the map would be larger than a solver may be.
    #[error("the map is too tall: {0}")]
    TooTall(TooManyCells),
}

/// One block of one layer: its columns, each `height` modules bottom first, row by row.
#[derive(Clone, Debug)]
struct Block {
    cells: Box<[u16]>,
}

/// What the map has done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InfiniteStats {
    /// Blocks solved, per layer.
    pub blocks_solved: [u64; LAYERS],
    /// Blocks that could not be solved and kept the layer below, per layer.
    pub blocks_kept: [u64; LAYERS],
    /// Backtracks of every block solve.
    pub backtracks: u64,
    /// Cells handed out in final blocks (each final block counted once per time it was made).
    pub cells: u64,
    /// The most columns held at once, all layers together.
    pub columns_resident_max: u64,
}

/// An infinite map of one module set.
#[derive(Debug)]
pub struct InfiniteMap<'s> {
    set: &'s ModuleSet,
    height: u32,
    seed: u64,
    /// The background column, bottom first.
    background: Vec<u16>,
    layers: [HashMap<BlockCoord, Block>; LAYERS],
    stats: InfiniteStats,
    /// Backtracks one attempt at a block may take before the block keeps the layer below.
    /// Part of what the map is a function of: change it only on an empty map.
    pub block_backtracks: u64,
    /// Solvers kept between requests, one per parallel share of a layer's blocks.
    scratch: Vec<Scratch<'s>>,
}

impl<'s> InfiniteMap<'s> {
    /// An empty map of `set`, `height` cells tall, for `seed`; solves the background column.
    pub fn new(set: &'s ModuleSet, height: u32, seed: u64) -> Result<InfiniteMap<'s>, GrowError> {
        if height == 0 {
            return Err(GrowError::NoHeight);
        }
        let size = Size {
            x: 1,
            y: height,
            z: 1,
        };
        // One block's solver first: it refuses a height too large before anything else.
        let first = Scratch::new(set, height, BLOCK_BACKTRACKS).map_err(GrowError::TooTall)?;
        let column_seed = hash_words(&[seed, 0x6261_636b]);
        let mut column =
            Solver::with_wrapping(set, size, column_seed, true).map_err(GrowError::TooTall)?;
        let background = if set.zoning.is_some() {
            // The background stands in every column: nothing built and no street. (A
            // contradiction here is reported by the solve.)
            let _ = column
                .apply_boundary()
                .and_then(|()| column.apply_zoning(|_, _| Some(ColumnZone::OPEN)));
            column.solve().map_err(GrowError::ZonedColumn)?.cells
        } else {
            column.solve().map_err(GrowError::Column)?.cells
        };
        Ok(InfiniteMap {
            set,
            height,
            seed,
            background,
            layers: Default::default(),
            stats: InfiniteStats::default(),
            block_backtracks: BLOCK_BACKTRACKS,
            scratch: vec![first],
        })
    }

    /// Cells per column.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The background column every layer starts from, bottom first.
    pub fn background(&self) -> &[u16] {
        &self.background
    }

    /// What the map has done so far.
    pub fn stats(&self) -> InfiniteStats {
        self.stats
    }

    /// Backtracks made so far, all blocks together.
    pub fn backtracks(&self) -> u64 {
        self.stats.backtracks
    }

    /// Columns held now, all layers together (each layer keeps its own copy).
    pub fn columns_resident(&self) -> u64 {
        let blocks: usize = self.layers.iter().map(HashMap::len).sum();
        blocks as u64 * (BLOCK * BLOCK) as u64
    }

    /// The modules of column `(x, z)`, bottom first, if the block holding it has been made.
    pub fn column(&self, x: i32, z: i32) -> Option<&[u16]> {
        let last = LAYERS - 1;
        let b = block_of(last, x, z);
        let block = self.layers[last].get(&b)?;
        Some(column_in(block, block_area(last, b), x, z, self.height))
    }

    /// Makes every column of `area` (and what they depend on), solving missing blocks layer by
    /// layer, each layer's blocks in parallel on the current rayon pool.
    pub fn ensure(&mut self, area: Area) -> Result<(), GrowError> {
        let columns = u64::from(area.width()) * u64::from(area.depth());
        let cells = columns.saturating_mul(u64::from(self.height));
        if columns > MAX_REQUEST_COLUMNS || cells > MAX_REQUEST_CELLS {
            return Err(GrowError::TooLarge {
                columns,
                height: self.height,
            });
        }
        // What is missing, top down: a missing block needs the blocks below it.
        let mut missing: [BTreeSet<BlockCoord>; LAYERS] = Default::default();
        let last = LAYERS - 1;
        missing[last] = blocks_over(last, area)
            .filter(|b| !self.layers[last].contains_key(b))
            .collect();
        for layer in (1..LAYERS).rev() {
            let below: BTreeSet<BlockCoord> = missing[layer]
                .iter()
                .flat_map(|&b| blocks_over(layer - 1, block_area(layer, b)))
                .filter(|b| !self.layers[layer - 1].contains_key(b))
                .collect();
            missing[layer - 1] = below;
        }
        // Then bottom up.
        for (layer, wanted) in missing.iter().enumerate() {
            self.make_layer(layer, wanted);
        }
        self.stats.columns_resident_max =
            self.stats.columns_resident_max.max(self.columns_resident());
        Ok(())
    }

    /// The columns of `area` as a map `area`'s width × height × depth (cell
    /// `x + W·(z + D·y)` relative to the area's corner), made first where needed.
    pub fn region(&mut self, area: Area) -> Result<Map, GrowError> {
        self.ensure(area)?;
        let (w, d) = (area.width(), area.depth());
        let size = Size {
            x: w,
            y: self.height,
            z: d,
        };
        let mut cells = vec![0u16; size.cells()];
        for z in 0..d {
            for x in 0..w {
                let (wx, wz) = (area.x0 + x as i32, area.z0 + z as i32);
                if let Some(column) = self.column(wx, wz) {
                    for (y, &m) in column.iter().enumerate() {
                        cells[size.index(x, y as u32, z)] = m;
                    }
                }
            }
        }
        Ok(Map {
            size,
            cells,
            backtracks: self.stats.backtracks,
        })
    }

    /// Drops blocks far from `(x, z)`: final blocks whose nearest column is more than `radius`
    /// columns away (along x or z), lower layers one block further out. What is dropped comes
    /// back identical when asked for again.
    pub fn retain_near(&mut self, x: i32, z: i32, radius: i32) {
        for (layer, blocks) in self.layers.iter_mut().enumerate() {
            let reach = if layer == LAYERS - 1 {
                radius
            } else {
                radius.saturating_add(BLOCK)
            };
            blocks.retain(|&b, _| block_area(layer, b).distance_to(x, z) <= reach);
        }
    }

    /// Solves the blocks of `layer` in `wanted`, in parallel, against the layer below.
    fn make_layer(&mut self, layer: usize, wanted: &BTreeSet<BlockCoord>) {
        if wanted.is_empty() {
            return;
        }
        // Each rayon job leases a kept solver from the pool (or makes one) and resets it for
        // every block it takes: nothing is allocated per block but its cells, and the blocks
        // are shared out one by one, so both threads stay busy to the end of the layer.
        let (set, height, backtracks) = (self.set, self.height, self.block_backtracks);
        for scratch in &mut self.scratch {
            scratch.solver.max_backtracks = backtracks;
        }
        let pool = Mutex::new(std::mem::take(&mut self.scratch));
        let (below, here) = self.layers.split_at_mut(layer);
        let job = BlockJob {
            height: self.height,
            seed: self.seed,
            background: &self.background,
            below: below.last(),
            layer,
        };
        let solved: Vec<(BlockCoord, Block, BlockOutcome)> = wanted
            .par_iter()
            .map_init(
                || Lease::take(&pool, || Scratch::new(set, height, backtracks).ok()),
                |lease, &b| {
                    // A lease holds its solver until it is dropped.
                    let scratch = lease.scratch.as_mut()?;
                    let (block, outcome) = job.solve(b, scratch);
                    Some((b, block, outcome))
                },
            )
            .flatten()
            .collect();
        self.scratch = pool.into_inner().unwrap_or_else(PoisonError::into_inner);
        for (b, block, outcome) in solved {
            self.stats.backtracks += outcome.backtracks;
            if outcome.solved {
                self.stats.blocks_solved[layer] += 1;
            } else {
                self.stats.blocks_kept[layer] += 1;
            }
            if layer == LAYERS - 1 {
                self.stats.cells += block.cells.len() as u64;
            }
            here[0].insert(b, block);
        }
    }
}

/// How a block solve went.
struct BlockOutcome {
    solved: bool,
    backtracks: u64,
}

/// What solving one block of a layer needs: the seed and the layer below.
struct BlockJob<'a> {
    height: u32,
    seed: u64,
    background: &'a [u16],
    /// The layer below (`None` for the first layer, which starts from the background).
    below: Option<&'a HashMap<BlockCoord, Block>>,
    layer: usize,
}

impl BlockJob<'_> {
    /// The column `(x, z)` of the layer below.
    fn below(&self, x: i32, z: i32) -> &[u16] {
        let Some(blocks) = self.below else {
            return self.background;
        };
        let b = block_of(self.layer - 1, x, z);
        match blocks.get(&b) {
            Some(block) => column_in(block, block_area(self.layer - 1, b), x, z, self.height),
            // Never happens: `ensure` makes the layer below first.
            None => self.background,
        }
    }

    /// Block `b`: its ring as the layer below left it, its interior re-solved; or, if that
    /// fails, the layer below's cells unchanged.
    fn solve(&self, b: BlockCoord, scratch: &mut Scratch<'_>) -> (Block, BlockOutcome) {
        let area = block_area(self.layer, b);
        let h = self.height as usize;
        let side = BLOCK as usize;
        let mut cells = vec![0u16; side * side * h].into_boxed_slice();
        for z in area.z0..area.z1 {
            for x in area.x0..area.x1 {
                let at = column_start(area, x, z, self.height);
                cells[at..at + h].copy_from_slice(self.below(x, z));
            }
        }
        let seed = hash_words(&[self.seed, self.layer as u64, b.0 as u64, b.1 as u64]);
        let (solved, backtracks) = match self.re_solve(area, &cells, seed, scratch) {
            Ok(backtracks) => {
                let size = scratch.solver.size();
                for z in 0..BLOCK {
                    for x in 0..BLOCK {
                        let at = column_start(area, area.x0 + x, area.z0 + z, self.height);
                        for y in 0..self.height {
                            cells[at + y as usize] = scratch.out[size.index(x as u32, y, z as u32)];
                        }
                    }
                }
                (true, backtracks)
            }
            Err(backtracks) => (false, backtracks),
        };
        (Block { cells }, BlockOutcome { solved, backtracks })
    }

    /// Solves the block's interior against its ring (the ring's cells pinned to `cells`) into
    /// `scratch.out`. Returns the backtracks made, as the error too when it fails.
    fn re_solve(
        &self,
        area: Area,
        cells: &[u16],
        seed: u64,
        scratch: &mut Scratch<'_>,
    ) -> Result<u64, u64> {
        let solver = &mut scratch.solver;
        solver.reset_with_seed(seed);
        let size = solver.size();
        let pinned = (|| {
            solver.apply_boundary()?;
            if let Some(zoning) = &solver.set().zoning {
                // The interior only: the ring stays as the layer below left it.
                let (x0, z0, seed, layer) = (area.x0, area.z0, self.seed, self.layer);
                solver.apply_zoning(|x, z| {
                    let (x, z) = (x0 + x as i32, z0 + z as i32);
                    (!on_ring(layer, x, z)).then(|| zoning.column(seed, x, z))
                })?;
            }
            for z in area.z0..area.z1 {
                for x in area.x0..area.x1 {
                    if !on_ring(self.layer, x, z) {
                        continue;
                    }
                    let at = column_start(area, x, z, self.height);
                    for y in 0..self.height {
                        let cell = size.index((x - area.x0) as u32, y, (z - area.z0) as u32);
                        solver.pin(cell, cells[at + y as usize] as usize)?;
                    }
                }
            }
            Ok::<(), super::solver::Contradiction>(())
        })();
        if pinned.is_err() {
            return Err(solver.backtracks());
        }
        solver
            .solve_into(&mut scratch.out)
            .map_err(|_| solver.backtracks())
    }
}

/// A solver taken from the pool for one rayon job, given back when the job ends.
struct Lease<'p, 's> {
    pool: &'p Mutex<Vec<Scratch<'s>>>,
    scratch: Option<Scratch<'s>>,
}

impl<'p, 's> Lease<'p, 's> {
    /// A solver from `pool`, or a new one from `make` when the pool is empty. (`make` cannot
    /// fail once [`InfiniteMap::new`] has made the first solver of the same size.)
    fn take(pool: &'p Mutex<Vec<Scratch<'s>>>, make: impl FnOnce() -> Option<Scratch<'s>>) -> Self {
        let kept = pool.lock().unwrap_or_else(PoisonError::into_inner).pop();
        Lease {
            pool,
            scratch: kept.or_else(make),
        }
    }
}

impl Drop for Lease<'_, '_> {
    fn drop(&mut self) {
        if let Some(scratch) = self.scratch.take() {
            self.pool
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(scratch);
        }
    }
}

/// A reusable solver for blocks of `set`, `height` cells tall, and its output buffer.
struct Scratch<'s> {
    solver: Solver<'s>,
    out: Vec<u16>,
}

impl std::fmt::Debug for Scratch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scratch")
            .field("size", &self.solver.size())
            .finish()
    }
}

impl<'s> Scratch<'s> {
    /// A solver for blocks of `set`, `height` cells tall, to be reset for each block.
    fn new(
        set: &'s ModuleSet,
        height: u32,
        max_backtracks: u64,
    ) -> Result<Scratch<'s>, TooManyCells> {
        let size = Size {
            x: BLOCK as u32,
            y: height,
            z: BLOCK as u32,
        };
        let mut solver = Solver::new(set, size, 0)?;
        solver.max_attempts = BLOCK_ATTEMPTS;
        solver.max_backtracks = max_backtracks;
        Ok(Scratch {
            solver,
            out: Vec::with_capacity(size.cells()),
        })
    }
}

/// Where column `(x, z)` of a block covering `area` starts in its cells.
fn column_start(area: Area, x: i32, z: i32, height: u32) -> usize {
    (((z - area.z0) * BLOCK + (x - area.x0)) as usize) * height as usize
}

/// Column `(x, z)` of `block`, which covers `area`.
fn column_in(block: &Block, area: Area, x: i32, z: i32, height: u32) -> &[u16] {
    let at = column_start(area, x, z, height);
    &block.cells[at..at + height as usize]
}
