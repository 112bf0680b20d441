//! The bounded history backtracking undoes: the decisions (collapses) still remembered, and a
//! trail of every domain change made since the oldest of them.
//!
//! A trail entry is a cell with its domain words and weight sums from before the change. Undoing
//! to a decision pops entries newest first and writes the old values back. Changes are only
//! logged while some decision is remembered: nothing can be undone past the oldest one. When a
//! decision is forgotten (more than `max_history` of them), the trail entries older than the new
//! oldest decision are dead, and they are dropped in amortised batches so the trail stays
//! proportional to the remembered history, not to the map.

use std::collections::VecDeque;

/// A collapse that can be undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Decision {
    /// The collapsed cell.
    pub(super) cell: u32,
    /// The module it was collapsed to.
    pub(super) module: u16,
    /// The trail's absolute length before the collapse.
    pub(super) trail_len: usize,
}

/// Decisions and the trail of changes since the oldest one.
#[derive(Clone, Debug)]
pub(super) struct History {
    words: usize,
    cells: Vec<u32>,
    sums: Vec<[f64; 2]>,
    domains: Vec<u64>,
    /// Absolute index of `cells[0]`: entries dropped from the front so far.
    base: usize,
    decisions: VecDeque<Decision>,
}

/// Dead entries are dropped from the front once there are at least this many and they are at
/// least half the trail.
const TRIM_AT: usize = 1024;

impl History {
    /// An empty history for domains of `words` words.
    pub(super) fn new(words: usize) -> History {
        History {
            words,
            cells: Vec::new(),
            sums: Vec::new(),
            domains: Vec::new(),
            base: 0,
            decisions: VecDeque::new(),
        }
    }

    /// Forgets everything (keeping the allocations).
    pub(super) fn clear(&mut self) {
        self.cells.clear();
        self.sums.clear();
        self.domains.clear();
        self.base = 0;
        self.decisions.clear();
    }

    /// Whether changes are being logged (some decision is remembered).
    pub(super) fn recording(&self) -> bool {
        !self.decisions.is_empty()
    }

    /// The trail's absolute length.
    pub(super) fn len(&self) -> usize {
        self.base + self.cells.len()
    }

    /// Logs the state of `cell` before a change.
    pub(super) fn record(&mut self, cell: u32, sums: [f64; 2], domain: &[u64]) {
        self.cells.push(cell);
        self.sums.push(sums);
        self.domains.extend_from_slice(domain);
    }

    /// Remembers a collapse of `cell` to `module` about to be made, forgetting the oldest
    /// decision if more than `max_history` are held. Returns whether one was forgotten.
    pub(super) fn decide(&mut self, cell: u32, module: u16, max_history: usize) -> bool {
        if self.decisions.is_empty() {
            // Nothing logged so far can be undone any more.
            self.cells.clear();
            self.sums.clear();
            self.domains.clear();
            self.base = 0;
        }
        self.decisions.push_back(Decision {
            cell,
            module,
            trail_len: self.len(),
        });
        let mut forgot = false;
        while self.decisions.len() > max_history {
            self.decisions.pop_front();
            forgot = true;
        }
        if forgot {
            self.trim();
        }
        forgot
    }

    /// Drops trail entries older than the oldest remembered decision, when enough have piled up.
    fn trim(&mut self) {
        let keep_from = self.decisions.front().map_or(self.len(), |d| d.trail_len);
        let dead = keep_from - self.base;
        if dead >= TRIM_AT && dead * 2 >= self.cells.len() {
            self.cells.drain(..dead);
            self.sums.drain(..dead);
            self.domains.drain(..dead * self.words);
            self.base = keep_from;
        }
    }

    /// Takes the newest decision back, if any.
    pub(super) fn pop_decision(&mut self) -> Option<Decision> {
        self.decisions.pop_back()
    }

    /// The newest trail entry, if the trail is longer than `len` (absolute): the cell, its old
    /// sums and its old domain words. [`History::drop_last`] removes it.
    pub(super) fn last_above(&self, len: usize) -> Option<(u32, [f64; 2], &[u64])> {
        if self.len() <= len {
            return None;
        }
        let cell = *self.cells.last()?;
        let sums = *self.sums.last()?;
        let at = self.domains.len().checked_sub(self.words)?;
        Some((cell, sums, &self.domains[at..]))
    }

    /// Removes the newest trail entry.
    pub(super) fn drop_last(&mut self) {
        if self.cells.pop().is_some() {
            self.sums.pop();
            let at = self.domains.len().saturating_sub(self.words);
            self.domains.truncate(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::History;

    #[test]
    fn undoing_returns_entries_newest_first_down_to_a_decision() {
        let mut h = History::new(2);
        h.record(1, [0.0; 2], &[1, 1]);
        assert!(!h.recording());
        assert!(!h.decide(3, 0, 10));
        let mark = h.len();
        assert_eq!(mark, 0, "entries before the first decision are dropped");
        h.record(4, [1.0, 2.0], &[4, 4]);
        h.record(5, [3.0, 4.0], &[5, 5]);
        let mut seen = Vec::new();
        while let Some((cell, sums, domain)) = h.last_above(mark) {
            seen.push((cell, sums, domain.to_vec()));
            h.drop_last();
        }
        assert_eq!(
            seen,
            [(5, [3.0, 4.0], vec![5, 5]), (4, [1.0, 2.0], vec![4, 4])]
        );
        assert_eq!(h.pop_decision().map(|d| d.cell), Some(3));
        assert_eq!(h.pop_decision(), None);
    }

    #[test]
    fn forgotten_decisions_let_the_trail_shrink() {
        let mut h = History::new(1);
        for step in 0..10_000u32 {
            h.decide(step, 0, 4);
            for k in 0..3u64 {
                h.record(step, [0.0; 2], &[k]);
            }
        }
        assert!(
            h.cells.len() <= 2 * super::TRIM_AT + 4 * 3 * 2,
            "{}",
            h.cells.len()
        );
        // The remembered decisions can still be undone exactly.
        let last = h.pop_decision().map(|d| d.trail_len);
        assert_eq!(last, Some(h.len() - 3));
    }
}
