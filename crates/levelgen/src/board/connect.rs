//! Connectivity enforced during propagation ([`Connected`], a solver [`Constraint`]): the
//! tiles that may still be open stay one connected region holding every spawn point and
//! destination, and every tile that is sure to be a wall keeps an open neighbour (the game
//! gives a wall its path from one). So every finished board passes the game's own level check.
//!
//! As DeBroglie's path constraint does with articulation points, a tile whose closing would
//! cut open tiles apart is forced open before it can close; a closing that propagation forces
//! anyway is checked, and refused (the solver backtracks) when it cuts. The test that a tile
//! may close is local and exact in one direction: its open neighbours, orthogonal and diagonal,
//! must stay joined around it (then any path through it has a way round). A tile that fails it
//! may still be safe (the way round is longer); it is kept open all the same, which leaves
//! the walls without loops — winding boards — and needs no search over the whole board. Only
//! when several tiles close in one propagation and one of them fails the test is the whole
//! board searched (one breadth-first pass).

use crate::wfc::{ConstrainedCells, Constraint, Contradiction};

/// The eight neighbours around a tile, in ring order: N, NE, E, SE, S, SW, W, NW (`(dx, dz)`,
/// `+z` north); the orthogonal ones are at even places.
const RING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The connectivity rule of a board being generated.
#[derive(Debug)]
pub(super) struct Connected {
    width: i32,
    height: i32,
    /// The open modules (ground), as bit words.
    open: Vec<u64>,
    /// Tiles that must stay open: spawn points and destinations.
    required: Vec<bool>,
    /// Scratch: the changed cells and their domains before.
    changed: Vec<u32>,
    before: Vec<u64>,
    /// Scratch: tiles closed by the last propagation, in order.
    closed_now: Vec<u32>,
    /// Per tile: the generation it was last seen in (first entries only), and the generation
    /// it is still counted open in (closed now, not yet checked).
    seen: Vec<u32>,
    pending: Vec<u32>,
    generation: u32,
    /// Scratch for the whole-board search.
    queue: Vec<u32>,
    reached: Vec<u32>,
}

impl Connected {
    /// The rule for a `width × height` board whose open modules are `open`, with `required`
    /// tiles (index `x + width·y`).
    pub(super) fn new(width: u32, height: u32, open: Vec<u64>, required: Vec<bool>) -> Connected {
        let tiles = (width * height) as usize;
        Connected {
            width: width as i32,
            height: height as i32,
            open,
            required,
            changed: Vec::new(),
            before: Vec::new(),
            closed_now: Vec::new(),
            seen: vec![0; tiles],
            pending: vec![0; tiles],
            generation: 0,
            queue: Vec::with_capacity(tiles),
            reached: vec![0; tiles],
        }
    }

    /// The tile `(dx, dz)` away from `tile`, if on the board.
    fn step(&self, tile: usize, (dx, dz): (i32, i32)) -> Option<usize> {
        let (x, z) = (tile as i32 % self.width + dx, tile as i32 / self.width + dz);
        let inside = (0..self.width).contains(&x) && (0..self.height).contains(&z);
        inside.then(|| (x + z * self.width) as usize)
    }

    /// Whether `tile` may still be open.
    fn may_open(&self, cells: &ConstrainedCells<'_>, tile: usize) -> bool {
        cells.any_of(tile, &self.open)
    }

    /// Whether `tile` counts as open: it may still be, or it closed in this propagation and has
    /// not been checked yet.
    fn counted_open(&self, cells: &ConstrainedCells<'_>, tile: usize) -> bool {
        self.pending[tile] == self.generation || self.may_open(cells, tile)
    }

    /// Whether closing `tile` leaves its open neighbours joined around it (orthogonal ones
    /// through the diagonals between them); `open` says which tiles count as open.
    fn joined_around(&self, tile: usize, open: impl Fn(usize) -> bool) -> bool {
        let ring = RING.map(|d| self.step(tile, d).is_some_and(&open));
        // Runs of open tiles round the ring that hold an orthogonal one.
        let mut runs = 0;
        for (i, &here) in ring.iter().enumerate() {
            let before = ring[(i + 7) % 8];
            // A run starts at an open place after a closed one.
            if here && !before {
                let holds_orthogonal = (0..8)
                    .map(|k| (i + k) % 8)
                    .take_while(|&p| ring[p])
                    .any(|p| p % 2 == 0);
                runs += usize::from(holds_orthogonal);
            }
        }
        // All open: one run with no start.
        runs <= 1
    }

    /// Whether `tile` has an orthogonal neighbour other than `but` that may be open.
    fn has_open_side(&self, cells: &ConstrainedCells<'_>, tile: usize, but: Option<usize>) -> bool {
        RING.iter()
            .step_by(2)
            .filter_map(|&d| self.step(tile, d))
            .any(|n| Some(n) != but && self.may_open(cells, n))
    }

    /// Whether closing `tile` now could break the rule: it would cut open tiles apart, be a
    /// wall with no open side, or take the last open side of a wall beside it.
    fn must_stay_open(&self, cells: &ConstrainedCells<'_>, tile: usize) -> bool {
        if self.required[tile] || !self.has_open_side(cells, tile, None) {
            return true;
        }
        if !self.joined_around(tile, |n| self.may_open(cells, n)) {
            return true;
        }
        RING.iter()
            .step_by(2)
            .filter_map(|&d| self.step(tile, d))
            .any(|n| !self.may_open(cells, n) && !self.has_open_side(cells, n, Some(tile)))
    }

    /// The whole board searched: the tiles that may be open form one region holding every
    /// required tile, and every closed tile has an open side.
    fn whole_board_holds(&mut self, cells: &ConstrainedCells<'_>) -> bool {
        let tiles = (self.width * self.height) as usize;
        self.generation = self.generation.wrapping_add(1);
        let mark = self.generation;
        let Some(start) = (0..tiles).find(|&t| self.may_open(cells, t)) else {
            return false;
        };
        self.queue.clear();
        self.queue.push(start as u32);
        self.reached[start] = mark;
        let mut at = 0;
        while at < self.queue.len() {
            let tile = self.queue[at] as usize;
            at += 1;
            for &d in RING.iter().step_by(2) {
                if let Some(n) = self.step(tile, d)
                    && self.reached[n] != mark
                    && self.may_open(cells, n)
                {
                    self.reached[n] = mark;
                    self.queue.push(n as u32);
                }
            }
        }
        (0..tiles).all(|t| {
            if self.may_open(cells, t) {
                self.reached[t] == mark
            } else {
                !self.required[t] && self.has_open_side(cells, t, None)
            }
        })
    }
}

impl Constraint for Connected {
    fn enforce(&mut self, cells: &mut ConstrainedCells<'_>) -> Result<(), Contradiction> {
        let words = cells.words();
        loop {
            let (mut changed, mut before) = (
                std::mem::take(&mut self.changed),
                std::mem::take(&mut self.before),
            );
            cells.take_changed(&mut changed, &mut before);
            self.generation = self.generation.wrapping_add(1);
            let generation = self.generation;
            self.closed_now.clear();
            for (k, &cell) in changed.iter().enumerate() {
                let tile = cell as usize;
                if self.seen[tile] == generation {
                    continue;
                }
                self.seen[tile] = generation;
                let old = &before[k * words..(k + 1) * words];
                let was_open = old.iter().zip(&self.open).any(|(d, m)| d & m != 0);
                if was_open && !self.may_open(cells, tile) {
                    if self.required[tile] {
                        return Err(Contradiction { cell: tile });
                    }
                    self.closed_now.push(cell);
                    self.pending[tile] = generation;
                }
            }
            self.changed = changed;
            self.before = before;
            if self.closed_now.is_empty() {
                return Ok(());
            }
            // One at a time, each against the tiles still counted open.
            let mut joined = true;
            for i in 0..self.closed_now.len() {
                let tile = self.closed_now[i] as usize;
                joined &= self.joined_around(tile, |n| n != tile && self.counted_open(cells, n));
                self.pending[tile] = 0;
            }
            let closed = std::mem::take(&mut self.closed_now);
            let sides = closed.iter().all(|&t| {
                let t = t as usize;
                self.has_open_side(cells, t, None)
                    && RING
                        .iter()
                        .step_by(2)
                        .filter_map(|&d| self.step(t, d))
                        .all(|n| self.may_open(cells, n) || self.has_open_side(cells, n, None))
            });
            if !sides || (!joined && !self.whole_board_holds(cells)) {
                self.closed_now = closed;
                return Err(Contradiction {
                    cell: self.closed_now.first().map_or(0, |&t| t as usize),
                });
            }
            // Force open what could no longer close: around each closed tile, and the sides of
            // the walls beside it.
            for &tile in &closed {
                let tile = tile as usize;
                let mut near: [Option<usize>; 8] = [None; 8];
                for (slot, &d) in near.iter_mut().zip(&RING) {
                    *slot = self.step(tile, d);
                }
                for n in near.into_iter().flatten() {
                    self.force_if_needed(cells, n)?;
                    if !self.may_open(cells, n) {
                        for &d in RING.iter().step_by(2) {
                            if let Some(side) = self.step(n, d) {
                                self.force_if_needed(cells, side)?;
                            }
                        }
                    }
                }
            }
            self.closed_now = closed;
        }
    }
}

impl Connected {
    /// Keeps `tile` open if it is undecided and could no longer close.
    fn force_if_needed(
        &self,
        cells: &mut ConstrainedCells<'_>,
        tile: usize,
    ) -> Result<(), Contradiction> {
        let undecided = self.may_open(cells, tile) && !cells.only(tile, &self.open);
        if undecided && self.must_stay_open(cells, tile) {
            cells.keep(tile, &self.open)?;
        }
        Ok(())
    }
}
