//! Where the walker has been lately: a count of visits per column, which auto-walk's planner
//! adds to a column's cost so that it does not walk the same cells again and again. Visits far
//! away are forgotten, so the count stays as small as the neighbourhood.

use std::collections::HashMap;

/// Visits per column `(x, z)`.
#[derive(Clone, Debug, Default)]
pub struct Visits {
    counts: HashMap<(i32, i32), u32>,
}

impl Visits {
    /// Counts one more visit of `column`.
    pub fn record(&mut self, column: (i32, i32)) {
        *self.counts.entry(column).or_insert(0) += 1;
    }

    /// The visits of `column` remembered.
    pub fn count(&self, column: (i32, i32)) -> u32 {
        self.counts.get(&column).copied().unwrap_or(0)
    }

    /// Forgets the columns more than `radius` columns from `column` (in the larger of the two
    /// axis distances).
    pub fn forget_beyond(&mut self, column: (i32, i32), radius: i32) {
        self.counts
            .retain(|&(x, z), _| (x - column.0).abs().max((z - column.1).abs()) <= radius);
    }

    /// How many columns have visits remembered.
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Whether no visit is remembered.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }
}
