//! The wave: every cell's domain (the bit set of modules it may still hold) with its weight
//! sums and version, and the propagation that keeps neighbouring domains consistent.
//!
//! When a cell's domain shrinks it goes on a stack. Popping a cell, for each direction the
//! neighbour there may only keep modules in the union of the compatibility masks of the cell's
//! remaining modules ([`Rules`]); the union is built class by class (modules sharing a mask) and
//! stops as soon as it covers the neighbour's domain, usually after one or two classes. A
//! neighbour that shrinks goes on the stack in turn; one left empty is a [`Contradiction`].
//!
//! A cell that shrank only because of one neighbour lost modules that no module of that
//! neighbour allowed, so (with symmetric rules) it need not narrow that neighbour back: each cell on the stack carries
//! the side its changes came from, or "several".
//!
//! Every change is logged in the [`History`] (while a decision is remembered) and gives the cell
//! a new version. While an attempt is selecting cells, changed cells are collected and enter the
//! [`EntropyQueue`] once each, with their new key, before the next selection. The wave knows
//! which cells' live entries sit in the queue's heap, so it counts the stale ones there and
//! compacts the heap once they are half of it. Neighbours are
//! found from a cell's coordinates, so nothing per cell is stored but the domain words, two
//! weight sums, a version and a byte of bookkeeping.
//!
//! The hot loops are generic over the number of words in a domain: one to four words are
//! compiled as constants (up to 256 modules; the city set needs two), more fall back to a loop
//! over the run-time count.

use super::contradiction::Contradiction;
use super::entropy::tie_break;
use super::history::History;
use super::queue::EntropyQueue;
use super::rules::{Rules, count};
use crate::wfc::grid::Size;

/// Domain words, compile-time `W` when non-zero, else the run-time `words`.
#[inline(always)]
fn width<const W: usize>(words: usize) -> usize {
    if W == 0 { words } else { W }
}

/// `mark` bits 0–2: not on the stack.
const OFF_STACK: u8 = 0;
/// `mark` bits 0–2: on the stack, changed from more than one side (or not by a neighbour).
const SEVERAL: u8 = 7;
/// `mark` bit 3: changed since the queue last saw the cell.
const DIRTY: u8 = 8;
/// `mark` bit 4: the cell's current (live) queue entry is in the heap.
const IN_HEAP: u8 = 16;

/// The heap is compacted once more than half its entries, and more than this many, are stale.
const QUEUE_SLACK: usize = 1024;

/// Every cell's domain, sums and version; the propagation stack; the queue and the history.
#[derive(Clone, Debug)]
pub(super) struct Wave {
    size: Size,
    wrap: bool,
    words: usize,
    domains: Vec<u64>,
    /// `Σw` and `Σ w ln w` of each cell's domain.
    sums: Vec<[f64; 2]>,
    /// Goes up at every change of the cell's domain; queue entries of older versions are stale.
    version: Vec<u32>,
    /// Per cell: bits 0–2 are [`OFF_STACK`], `1 + d` (on the stack, changed only by the
    /// neighbour towards `d`) or [`SEVERAL`]; bit 3 is [`DIRTY`], bit 4 [`IN_HEAP`].
    mark: Vec<u8>,
    /// Cells whose domain shrank and whose neighbours have not been narrowed since.
    stack: Vec<u32>,
    /// Cells marked [`DIRTY`].
    dirty: Vec<u32>,
    /// Undecided cells by key.
    pub(super) queue: EntropyQueue,
    /// Stale entries in the queue's heap.
    heap_stale: usize,
    /// Decisions and the trail of changes.
    pub(super) history: History,
    /// Whether changes are collected for the queue (during an attempt; before one, the queue is
    /// rebuilt from scratch).
    pub(super) selecting: bool,
    /// Seeds the tie-break of every cell.
    salt: u64,
    /// Scratch for [`Wave::narrow`] and wide domains.
    acc: Vec<u64>,
    /// Scratch for [`Wave::narrow`] and wide domains.
    next: Vec<u64>,
    /// Whether changed cells are logged in `changed` (a constraint watches them).
    pub(super) watching: bool,
    /// The cells whose domain changed since the watching constraint last looked.
    pub(super) changed: Vec<u32>,
    /// Each changed cell's domain before that change (`words` a cell), in `changed`'s order.
    pub(super) changed_from: Vec<u64>,
}

impl Wave {
    /// A wave over `size` (its horizontal edges wrapped round with `wrap`) with every module
    /// possible everywhere.
    pub(super) fn new(rules: &Rules, size: Size, wrap: bool) -> Wave {
        let cells = size.cells();
        let words = rules.words;
        let mut wave = Wave {
            size,
            wrap,
            words,
            domains: vec![0; cells * words],
            sums: vec![[0.0; 2]; cells],
            version: vec![0; cells],
            mark: vec![0; cells],
            // Each cell is on the stack and the dirty list at most once, and the heap holds at
            // most one live entry per cell, as many stale ones (plus the slack) and one batch of
            // changes: reserving that much keeps solving free of allocations.
            stack: Vec::with_capacity(cells),
            dirty: Vec::with_capacity(cells),
            queue: EntropyQueue::with_capacity(cells, 3 * cells + QUEUE_SLACK),
            heap_stale: 0,
            history: History::new(words),
            selecting: false,
            salt: 0,
            acc: vec![0; words],
            next: vec![0; words],
            watching: false,
            changed: Vec::new(),
            changed_from: Vec::new(),
        };
        wave.reset(rules, 0);
        wave
    }

    /// Back to every module possible everywhere, with tie-breaks seeded by `salt`.
    pub(super) fn reset(&mut self, rules: &Rules, salt: u64) {
        self.salt = salt;
        if self.words > 0 {
            for domain in self.domains.chunks_exact_mut(self.words) {
                domain.copy_from_slice(&rules.full);
            }
        }
        self.sums.fill(rules.full_sums);
        self.version.fill(0);
        self.forget_pending();
    }

    /// Back to the domains `start` and their `sums` (copies of [`Wave::domains`] and
    /// [`Wave::sums`]), nothing logged or queued.
    pub(super) fn restore(&mut self, start: &[u64], sums: &[[f64; 2]]) {
        self.domains.copy_from_slice(start);
        self.sums.copy_from_slice(sums);
        for v in &mut self.version {
            *v = v.wrapping_add(1);
        }
        self.forget_pending();
    }

    /// Empties the stack, the dirty list, the queue and the history.
    fn forget_pending(&mut self) {
        self.abandon();
        self.clear_queue();
        self.history.clear();
        self.selecting = false;
    }

    /// Gives every cell of layer `y` the domain `layers[y·words..][..words]`, nothing logged
    /// or queued (the boundary conditions on a fresh wave).
    pub(super) fn fill_layers(&mut self, rules: &Rules, layers: &[u64]) {
        let w = self.words;
        let layer_cells = self.size.x as usize * self.size.z as usize;
        if w == 0 || layer_cells == 0 {
            return;
        }
        let cells = self.domains.chunks_exact_mut(layer_cells * w);
        let sums = self.sums.chunks_exact_mut(layer_cells);
        for ((cells, sums), layer) in cells.zip(sums).zip(layers.chunks_exact(w)) {
            for cell in cells.chunks_exact_mut(w) {
                cell.copy_from_slice(layer);
            }
            sums.fill(rules.sums(layer));
        }
        for v in &mut self.version {
            *v = v.wrapping_add(1);
        }
    }

    /// Puts every cell on the stack, to propagate from all of them.
    pub(super) fn push_all(&mut self) {
        for cell in 0..self.cells() {
            if self.mark[cell] & SEVERAL == OFF_STACK {
                self.mark[cell] |= SEVERAL;
                self.stack.push(cell as u32);
            }
        }
    }

    /// Number of cells.
    pub(super) fn cells(&self) -> usize {
        self.sums.len()
    }

    /// Every cell's domain words, cell after cell.
    pub(super) fn domains(&self) -> &[u64] {
        &self.domains
    }

    /// Every cell's `Σw` and `Σ w ln w`.
    pub(super) fn sums(&self) -> &[[f64; 2]] {
        &self.sums
    }

    /// The domain of `cell`; empty for a cell outside the grid.
    pub(super) fn domain(&self, cell: usize) -> &[u64] {
        self.domains
            .get(cell * self.words..(cell + 1) * self.words)
            .unwrap_or(&[])
    }

    /// `Σw` over the domain of `cell`.
    pub(super) fn sum_w(&self, cell: usize) -> f64 {
        self.sums.get(cell).map_or(0.0, |s| s[0])
    }

    /// The queue key of `cell`: its entropy plus its tie-break.
    fn key(&self, cell: usize) -> f64 {
        Rules::entropy(self.sums[cell]) + tie_break(self.salt, cell)
    }

    /// Puts every undecided cell in the queue afresh and starts collecting changes for it.
    pub(super) fn start_selecting(&mut self) {
        self.clear_queue();
        for cell in 0..self.cells() {
            if count(self.domain(cell)) > 1 {
                self.queue
                    .add_to_reserve(self.key(cell), cell as u32, self.version[cell]);
            }
        }
        self.queue.sort_reserve();
        self.selecting = true;
    }

    /// Empties the queue and the dirty list.
    fn clear_queue(&mut self) {
        self.queue.clear();
        self.heap_stale = 0;
        for mark in &mut self.mark {
            *mark &= !(DIRTY | IN_HEAP);
        }
        self.dirty.clear();
    }

    /// The undecided cell of lowest key, skipping stale entries; `None` when every cell is
    /// decided.
    pub(super) fn pop_undecided(&mut self) -> Option<usize> {
        self.enqueue_dirty();
        loop {
            let (cell, version, from_heap) = self.queue.pop()?;
            let cell = cell as usize;
            if self.version[cell] == version {
                if from_heap {
                    self.mark[cell] &= !IN_HEAP;
                }
                return Some(cell);
            }
            if from_heap {
                self.heap_stale = self.heap_stale.saturating_sub(1);
            }
        }
    }

    /// Gives every cell changed since the last selection a queue entry, if it is undecided
    /// (its previous entry, if any, is stale from now on), and compacts the heap when at least
    /// half of it is stale.
    fn enqueue_dirty(&mut self) {
        while let Some(cell) = self.dirty.pop() {
            let c = cell as usize;
            if self.mark[c] & IN_HEAP != 0 {
                self.heap_stale += 1;
            }
            self.mark[c] &= !(DIRTY | IN_HEAP);
            if count(self.domain(c)) > 1 {
                self.queue.push(self.key(c), cell, self.version[c]);
                self.mark[c] |= IN_HEAP;
            }
        }
        if self.heap_stale > QUEUE_SLACK && 2 * self.heap_stale > self.queue.heap_len() {
            let version = &self.version;
            self.queue.retain(|c, v| version[c as usize] == v);
            self.heap_stale = 0;
        }
    }

    /// Keeps in `cell` only the modules whose bits `keep(word)` has, without propagating (the
    /// cell goes on the stack). A cell outside the grid is a contradiction.
    pub(super) fn narrow(
        &mut self,
        rules: &Rules,
        cell: usize,
        keep: impl Fn(usize) -> u64,
    ) -> Result<(), Contradiction> {
        if cell >= self.cells() {
            return Err(Contradiction { cell });
        }
        let n = self.words;
        let mut changed = false;
        let mut any = 0;
        for (w, next) in self.next.iter_mut().enumerate() {
            let old = self.domains[cell * n + w];
            *next = old & keep(w);
            changed |= *next != old;
            any |= *next;
        }
        if any == 0 {
            return Err(Contradiction { cell });
        }
        if changed {
            let next = std::mem::take(&mut self.next);
            self.commit::<0>(rules, cell, &next, SEVERAL);
            self.next = next;
        }
        Ok(())
    }

    /// Narrows neighbours of the cells on the stack until nothing changes. On a contradiction
    /// the stack is dropped, leaving the wave for the caller to undo.
    pub(super) fn propagate(&mut self, rules: &Rules) -> Result<(), Contradiction> {
        match self.words {
            1 => self.propagate_with::<1>(rules),
            2 => self.propagate_with::<2>(rules),
            3 => self.propagate_with::<3>(rules),
            4 => self.propagate_with::<4>(rules),
            _ => self.propagate_with::<0>(rules),
        }
    }

    fn propagate_with<const W: usize>(&mut self, rules: &Rules) -> Result<(), Contradiction> {
        // Scratch words: on the stack when the width is a constant, else the wave's buffers.
        if W == 0 {
            let mut acc = std::mem::take(&mut self.acc);
            let mut next = std::mem::take(&mut self.next);
            let result = self.propagate_using::<W>(rules, &mut acc, &mut next);
            self.acc = acc;
            self.next = next;
            result
        } else {
            self.propagate_using::<W>(rules, &mut [0; W], &mut [0; W])
        }
    }

    /// The propagation loop, with scratch `acc` and `next` of the domain width.
    #[inline(always)]
    fn propagate_using<const W: usize>(
        &mut self,
        rules: &Rules,
        acc: &mut [u64],
        next: &mut [u64],
    ) -> Result<(), Contradiction> {
        let n = width::<W>(self.words);
        while let Some(cell) = self.stack.pop() {
            let c = cell as usize;
            let source = self.mark[c] & SEVERAL;
            self.mark[c] &= !SEVERAL;
            let (x, y, z) = self.size.coords(c);
            for d in 0..6 {
                if usize::from(source) == d + 1 && rules.symmetric {
                    continue;
                }
                let Some(nb) = self.neighbour(c, (x, y, z), d) else {
                    continue;
                };
                let classes = rules.class_start[d] * n..rules.class_start[d + 1] * n;
                let here = &self.domains[c * n..c * n + n];
                let there = &self.domains[nb * n..nb * n + n];
                if covers::<W>(
                    here,
                    there,
                    &rules.class_members[classes.clone()],
                    &rules.class_masks[classes],
                    acc,
                ) {
                    continue;
                }
                let mut any = 0;
                for ((new, &a), &t) in next.iter_mut().zip(acc.iter()).zip(there) {
                    *new = t & a;
                    any |= *new;
                }
                if any == 0 {
                    self.abandon();
                    return Err(Contradiction { cell: nb });
                }
                // Seen from the neighbour, this cell lies in the opposite direction.
                self.commit::<W>(rules, nb, next, (d ^ 1) as u8 + 1);
            }
        }
        Ok(())
    }

    /// The neighbour of cell `c` at `(x, y, z)` towards direction `d` (in `Dir` order), if any.
    #[inline(always)]
    fn neighbour(&self, c: usize, (x, y, z): (u32, u32, u32), d: usize) -> Option<usize> {
        let Size {
            x: sx,
            y: sy,
            z: sz,
        } = self.size;
        let row = sx as usize;
        let layer = row * sz as usize;
        match d {
            0 if x > 0 => Some(c - 1),
            0 => self.wrap.then(|| c + row - 1),
            1 if x + 1 < sx => Some(c + 1),
            1 => self.wrap.then(|| c + 1 - row),
            2 if z > 0 => Some(c - row),
            2 => self.wrap.then(|| c + layer - row),
            3 if z + 1 < sz => Some(c + row),
            3 => self.wrap.then(|| c + row - layer),
            4 => (y > 0).then(|| c - layer),
            _ => (y + 1 < sy).then(|| c + layer),
        }
    }

    /// Replaces the domain of `cell` by the smaller `next`: logs the old one, takes the removed
    /// modules' weights off the sums, marks the cell changed and puts it on the stack as changed
    /// from `source` (`1 + d` for the neighbour towards `d`, or [`SEVERAL`]).
    fn commit<const W: usize>(&mut self, rules: &Rules, cell: usize, next: &[u64], source: u8) {
        let n = width::<W>(self.words);
        let range = cell * n..cell * n + n;
        if self.history.recording() {
            self.history
                .record(cell as u32, self.sums[cell], &self.domains[range.clone()]);
        }
        if self.watching {
            self.changed.push(cell as u32);
            self.changed_from
                .extend_from_slice(&self.domains[range.clone()]);
        }
        let mut sums = self.sums[cell];
        for (w, (old, &new)) in self.domains[range].iter_mut().zip(next).enumerate() {
            let mut removed = *old & !new;
            while removed != 0 {
                let m = w * 64 + removed.trailing_zeros() as usize;
                removed &= removed - 1;
                sums[0] -= rules.weight[m];
                sums[1] -= rules.wlogw[m];
            }
            *old = new;
        }
        self.sums[cell] = sums;
        self.touch(cell);
        let mark = &mut self.mark[cell];
        match *mark & SEVERAL {
            OFF_STACK => {
                *mark |= source;
                self.stack.push(cell as u32);
            }
            on if on != source => *mark |= SEVERAL,
            _ => {}
        }
    }

    /// Records that `cell` changed: a new version, and (while selecting) a place on the dirty
    /// list.
    fn touch(&mut self, cell: usize) {
        self.version[cell] = self.version[cell].wrapping_add(1);
        if self.selecting && self.mark[cell] & DIRTY == 0 {
            self.mark[cell] |= DIRTY;
            self.dirty.push(cell as u32);
        }
    }

    /// Undoes every logged change after the trail's absolute length `len`, newest first.
    pub(super) fn undo_to(&mut self, len: usize) {
        self.abandon();
        // What changed since is undone: the state before held every constraint.
        self.changed.clear();
        self.changed_from.clear();
        let n = self.words;
        while let Some((cell, sums, old)) = self.history.last_above(len) {
            let c = cell as usize;
            self.domains[c * n..c * n + n].copy_from_slice(old);
            self.sums[c] = sums;
            self.history.drop_last();
            self.touch(c);
        }
    }

    /// Empties the stack.
    fn abandon(&mut self) {
        for &cell in &self.stack {
            self.mark[cell as usize] &= !SEVERAL;
        }
        self.stack.clear();
    }
}

/// Whether the union of the masks of the classes meeting `here` covers `there`, building that
/// union in `acc` (complete when it does not cover). Classes are `members`/`masks` pairs of
/// `acc.len()` words each.
#[inline(always)]
fn covers<const W: usize>(
    here: &[u64],
    there: &[u64],
    members: &[u64],
    masks: &[u64],
    acc: &mut [u64],
) -> bool {
    let n = width::<W>(acc.len());
    acc.fill(0);
    for (member, mask) in members.chunks_exact(n).zip(masks.chunks_exact(n)) {
        let mut meets = 0;
        for (&h, &m) in here.iter().zip(member) {
            meets |= h & m;
        }
        if meets == 0 {
            continue;
        }
        let mut missing = 0;
        for ((a, &r), &t) in acc.iter_mut().zip(mask).zip(there) {
            *a |= r;
            missing |= t & !*a;
        }
        if missing == 0 {
            return true;
        }
    }
    false
}
