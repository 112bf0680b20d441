//! The entropy queue: a binary min-heap of undecided cells keyed by their selection key, with
//! lazy deletion.
//!
//! A cell's entry is never updated in place. Whenever the cell's domain changes, its version
//! goes up and a fresh entry is pushed; entries whose version no longer matches the cell's are
//! stale and skipped when they reach the top (or dropped when the heap is compacted). Equal keys
//! are ordered by cell index, so the order of pops is fully determined by the keys.

/// One entry: a cell, its key when pushed, and its version then.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: f64,
    cell: u32,
    version: u32,
}

impl Entry {
    /// Whether `self` pops before `other`.
    fn before(&self, other: &Entry) -> bool {
        self.key < other.key || (self.key == other.key && self.cell < other.cell)
    }
}

/// A min-heap of `(key, cell, version)`.
#[derive(Clone, Debug, Default)]
pub(super) struct EntropyQueue {
    heap: Vec<Entry>,
}

impl EntropyQueue {
    /// An empty queue with room for `capacity` entries.
    pub(super) fn with_capacity(capacity: usize) -> EntropyQueue {
        EntropyQueue {
            heap: Vec::with_capacity(capacity),
        }
    }

    /// Entries held, stale ones included.
    pub(super) fn len(&self) -> usize {
        self.heap.len()
    }

    /// Drops every entry (keeping the allocation).
    pub(super) fn clear(&mut self) {
        self.heap.clear();
    }

    /// Adds an entry for `cell` at `version` with `key`.
    pub(super) fn push(&mut self, key: f64, cell: u32, version: u32) {
        self.heap.push(Entry { key, cell, version });
        self.sift_up(self.heap.len() - 1);
    }

    /// Adds an entry without restoring the heap order; call [`EntropyQueue::heapify`] after a
    /// batch of these.
    pub(super) fn push_unordered(&mut self, key: f64, cell: u32, version: u32) {
        self.heap.push(Entry { key, cell, version });
    }

    /// Restores the heap order after [`EntropyQueue::push_unordered`] or a retain, in linear
    /// time.
    pub(super) fn heapify(&mut self) {
        for i in (0..self.heap.len() / 2).rev() {
            self.sift_down(i);
        }
    }

    /// Removes and returns the entry with the lowest key as `(cell, version)`.
    pub(super) fn pop(&mut self) -> Option<(u32, u32)> {
        let last = self.heap.pop()?;
        let top = match self.heap.first_mut() {
            Some(first) => std::mem::replace(first, last),
            None => return Some((last.cell, last.version)),
        };
        self.sift_down(0);
        Some((top.cell, top.version))
    }

    /// Keeps only the entries for which `live(cell, version)` holds.
    pub(super) fn retain(&mut self, mut live: impl FnMut(u32, u32) -> bool) {
        self.heap.retain(|e| live(e.cell, e.version));
        self.heapify();
    }

    fn sift_up(&mut self, mut i: usize) {
        while i > 0 {
            let parent = (i - 1) / 2;
            if !self.heap[i].before(&self.heap[parent]) {
                break;
            }
            self.heap.swap(i, parent);
            i = parent;
        }
    }

    fn sift_down(&mut self, mut i: usize) {
        let n = self.heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && self.heap[right].before(&self.heap[left]) {
                right
            } else {
                left
            };
            if !self.heap[child].before(&self.heap[i]) {
                break;
            }
            self.heap.swap(i, child);
            i = child;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::EntropyQueue;

    #[test]
    fn pops_in_key_order_then_cell_order() {
        let mut q = EntropyQueue::default();
        for (key, cell) in [(3.0, 1), (1.0, 5), (2.0, 2), (1.0, 4), (0.5, 9)] {
            q.push(key, cell, 0);
        }
        let order: Vec<u32> = std::iter::from_fn(|| q.pop().map(|(c, _)| c)).collect();
        assert_eq!(order, [9, 4, 5, 2, 1]);
        assert_eq!(q.pop(), None);
    }

    #[test]
    fn heapify_and_retain_keep_the_order() {
        let mut q = EntropyQueue::default();
        for cell in 0..100u32 {
            q.push_unordered(((cell * 37) % 101) as f64, cell, cell % 3);
        }
        q.heapify();
        q.retain(|_, version| version != 1);
        let mut last = f64::NEG_INFINITY;
        let mut popped = 0;
        while let Some((cell, version)) = q.pop() {
            assert_ne!(version, 1);
            let key = ((cell * 37) % 101) as f64;
            assert!(key >= last);
            last = key;
            popped += 1;
        }
        assert_eq!(popped, 100 - 33);
        assert_eq!(q.len(), 0);
    }
}
