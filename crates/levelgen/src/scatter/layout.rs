//! Where the band's chunks and slices lie: chunk coordinates, and which slice (and which
//! repeat of the last one) a row of chunks belongs to. Generation and roads both read it.

/// A chunk of the band: it covers `x` in `[x, x + 1) * chunk_size` and `z` likewise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChunkCoord {
    /// Column; the band's columns are `-columns/2 .. columns - columns/2`.
    pub x: i32,
    /// Row along the track (`+z`); row 0 starts at the origin.
    pub z: i32,
}

/// The rows each configured slice covers, and the size of a chunk.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Side of a chunk, world units (> 0).
    pub chunk_size: f64,
    /// Chunks across the band.
    pub columns: i32,
    /// Each configured slice's first row and length in rows (>= 1), in order.
    pub slices: Vec<(i64, i64)>,
}

impl Layout {
    /// The layout of slices of `lengths` rows each (a length of 0 counts as 1).
    pub fn new(chunk_size: f64, columns: i32, lengths: impl IntoIterator<Item = u32>) -> Layout {
        let mut start = 0i64;
        let slices = lengths
            .into_iter()
            .map(|length| {
                let length = i64::from(length.max(1));
                let slice = (start, length);
                start = start.saturating_add(length);
                slice
            })
            .collect();
        Layout {
            chunk_size,
            columns,
            slices,
        }
    }

    /// The band's chunks in row `cz`, `x` ascending.
    pub fn chunk_row(&self, cz: i32) -> Vec<ChunkCoord> {
        let first = -(self.columns / 2);
        (first..first + self.columns)
            .map(|x| ChunkCoord { x, z: cz })
            .collect()
    }

    /// Configured slice, first row and length of the pass holding chunk row `row`.
    pub fn slice_of_row(&self, row: i64) -> (usize, i64, i64) {
        let (Some(first), Some(last)) = (self.slices.first(), self.slices.last()) else {
            return (0, 0, 1);
        };
        if row < first.0 {
            return (0, first.0, first.1);
        }
        let end = last.0.saturating_add(last.1);
        if row >= end {
            let pass = (row - last.0) / last.1;
            return (self.slices.len() - 1, last.0 + pass * last.1, last.1);
        }
        let k = self
            .slices
            .partition_point(|s| s.0.saturating_add(s.1) <= row);
        let s = &self.slices[k.min(self.slices.len() - 1)];
        (k, s.0, s.1)
    }

    /// The pass (slice index counting repeats of the last) holding chunk row `row`; `None`
    /// before row 0.
    pub fn pass_of_row(&self, row: i64) -> Option<u64> {
        let last = self.slices.last()?;
        if row < 0 {
            return None;
        }
        let n = self.slices.len() as u64 - 1;
        if row >= last.0 {
            return Some(n + ((row - last.0) / last.1) as u64);
        }
        Some(
            self.slices
                .partition_point(|s| s.0.saturating_add(s.1) <= row) as u64,
        )
    }

    /// First row and length of slice `slice`, counting repeats of the last one (a pass, see
    /// [`Layout::pass_of_row`]).
    pub fn pass(&self, slice: usize) -> (i64, i64) {
        let Some(last) = self.slices.last() else {
            return (0, 0);
        };
        match self.slices.get(slice) {
            Some(s) => (s.0, s.1),
            None => {
                let extra = i64::try_from(slice - (self.slices.len() - 1)).unwrap_or(i64::MAX);
                (last.0.saturating_add(extra.saturating_mul(last.1)), last.1)
            }
        }
    }
}
