//! The entropy queue: undecided cells by selection key, lowest first, with lazy deletion.
//!
//! A cell's entry is never updated in place. Whenever the cell's domain changes, its version
//! goes up and a fresh entry is pushed; entries whose version no longer matches the cell's are
//! stale and skipped when they come out (or dropped when the queue is compacted). Equal keys
//! are ordered by cell index, so the order of pops is fully determined by the keys.
//!
//! Entries live in two tiers. The *reserve* holds one entry per undecided cell as selection
//! starts, sorted once; it is only ever read from the front. Entries pushed afterwards, for the
//! cells that changed, go to a binary min-heap. A pop takes the lower of the two fronts. The
//! start entries (one per cell, and stale by the time most cells are reached) thus cost a sort
//! and never pass through the heap, and the heap holds only changed cells' entries; its owner
//! compacts it once half of them are stale ([`EntropyQueue::retain`]).

/// Children per node of the heap (a binary heap; four measured no faster on the city set).
const ARITY: usize = 2;

/// One entry: a cell, its key when pushed (as [`order_bits`]), and its version then.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    cell: u32,
    version: u32,
}

impl Entry {
    fn new(key: f64, cell: u32, version: u32) -> Entry {
        Entry {
            key: order_bits(key),
            cell,
            version,
        }
    }

    /// Whether `self` pops before `other`.
    fn before(&self, other: &Entry) -> bool {
        (self.key, self.cell) < (other.key, other.cell)
    }
}

/// The bits of `x` as an integer in the same order as the numbers (`f64::total_cmp`'s order).
fn order_bits(x: f64) -> u64 {
    let bits = x.to_bits();
    if bits >> 63 == 0 {
        bits | 1 << 63
    } else {
        !bits
    }
}

/// `(key, cell, version)` entries: a sorted reserve and a min-heap.
#[derive(Clone, Debug, Default)]
pub(super) struct EntropyQueue {
    /// Pushed entries, a min-heap with [`ARITY`] children per node.
    heap: Vec<Entry>,
    /// Entries added before [`EntropyQueue::sort_reserve`], sorted; `reserve[next..]` remain.
    reserve: Vec<Entry>,
    /// The first entry of the reserve not yet popped.
    next: usize,
}

impl EntropyQueue {
    /// An empty queue with room for `capacity` entries.
    /// An empty queue with room for `reserve` entries in the reserve and `heap` in the heap.
    pub(super) fn with_capacity(reserve: usize, heap: usize) -> EntropyQueue {
        EntropyQueue {
            heap: Vec::with_capacity(heap),
            reserve: Vec::with_capacity(reserve),
            next: 0,
        }
    }

    /// Entries in the heap, stale ones included.
    pub(super) fn heap_len(&self) -> usize {
        self.heap.len()
    }

    /// Drops every entry (keeping the allocations).
    pub(super) fn clear(&mut self) {
        self.heap.clear();
        self.reserve.clear();
        self.next = 0;
    }

    /// Adds an entry to the reserve; call [`EntropyQueue::sort_reserve`] before popping.
    pub(super) fn add_to_reserve(&mut self, key: f64, cell: u32, version: u32) {
        self.reserve.push(Entry::new(key, cell, version));
    }

    /// Sorts the reserve.
    pub(super) fn sort_reserve(&mut self) {
        self.reserve.sort_unstable_by_key(|e| (e.key, e.cell));
        self.next = 0;
    }

    /// Adds an entry for `cell` at `version` with `key`.
    pub(super) fn push(&mut self, key: f64, cell: u32, version: u32) {
        self.heap.push(Entry::new(key, cell, version));
        self.sift_up(self.heap.len() - 1);
    }

    /// Restores the heap order, in linear time.
    fn heapify(&mut self) {
        for i in (0..self.heap.len() / 2).rev() {
            self.sift_down(i);
        }
    }

    /// Removes and returns the entry with the lowest key as `(cell, version, from the heap)`.
    pub(super) fn pop(&mut self) -> Option<(u32, u32, bool)> {
        if let Some(front) = self.reserve.get(self.next)
            && self.heap.first().is_none_or(|top| front.before(top))
        {
            self.next += 1;
            return Some((front.cell, front.version, false));
        }
        let (cell, version) = self.pop_heap()?;
        Some((cell, version, true))
    }

    /// Removes and returns the top of the heap.
    fn pop_heap(&mut self) -> Option<(u32, u32)> {
        let last = self.heap.pop()?;
        let top = match self.heap.first_mut() {
            Some(first) => std::mem::replace(first, last),
            None => return Some((last.cell, last.version)),
        };
        self.sift_down(0);
        Some((top.cell, top.version))
    }

    /// Keeps only the heap entries for which `live(cell, version)` holds.
    pub(super) fn retain(&mut self, mut live: impl FnMut(u32, u32) -> bool) {
        self.heap.retain(|e| live(e.cell, e.version));
        self.heapify();
    }

    fn sift_up(&mut self, mut i: usize) {
        let entry = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / ARITY;
            if !entry.before(&self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            i = parent;
        }
        self.heap[i] = entry;
    }

    fn sift_down(&mut self, mut i: usize) {
        let n = self.heap.len();
        let entry = self.heap[i];
        loop {
            let first = ARITY * i + 1;
            if first >= n {
                break;
            }
            let mut best = first;
            for child in first + 1..(first + ARITY).min(n) {
                if self.heap[child].before(&self.heap[best]) {
                    best = child;
                }
            }
            if !self.heap[best].before(&entry) {
                break;
            }
            self.heap[i] = self.heap[best];
            i = best;
        }
        self.heap[i] = entry;
    }
}

#[cfg(test)]
mod tests {
    use super::EntropyQueue;

    fn drain(q: &mut EntropyQueue) -> Vec<u32> {
        std::iter::from_fn(|| q.pop().map(|(c, ..)| c)).collect()
    }

    #[test]
    fn pops_in_key_order_then_cell_order() {
        let mut q = EntropyQueue::default();
        for (key, cell) in [(3.0, 1), (1.0, 5), (2.0, 2), (1.0, 4), (0.5, 9)] {
            q.push(key, cell, 0);
        }
        assert_eq!(drain(&mut q), [9, 4, 5, 2, 1]);
        assert_eq!(q.pop(), None);
    }

    #[test]
    fn the_reserve_and_the_heap_merge_in_order() {
        let mut q = EntropyQueue::with_capacity(8, 8);
        for (key, cell) in [(3.0, 1), (1.0, 5), (2.0, 2), (1.0, 4)] {
            q.add_to_reserve(key, cell, 0);
        }
        q.sort_reserve();
        for (key, cell) in [(1.5, 7), (1.0, 3), (4.0, 8), (1.0, 6)] {
            q.push(key, cell, 0);
        }
        assert_eq!(drain(&mut q), [3, 4, 5, 6, 7, 2, 1, 8]);
        q.clear();
        assert_eq!(q.pop(), None);
    }

    #[test]
    fn retain_keeps_the_heap_order() {
        let mut q = EntropyQueue::default();
        for cell in 0..100u32 {
            q.push(((cell * 37) % 101) as f64, cell, cell % 3);
        }
        q.retain(|_, version| version != 1);
        assert_eq!(q.heap_len(), 100 - 33);
        let mut last = f64::NEG_INFINITY;
        while let Some((cell, version, from_heap)) = q.pop() {
            assert!(from_heap);
            assert_ne!(version, 1);
            let key = ((cell * 37) % 101) as f64;
            assert!(key >= last);
            last = key;
        }
    }
}
