//! Streaming the city's columns to the render thread: telling the background generator where
//! the walker is, taking what it finished without ever waiting, turning arrived columns into
//! boxes, solids and places to stand for at most half a millisecond a frame, dropping what the
//! generator dropped — and knowing whether the map around the walker is there: the walker
//! waits at start-up until its first view has been generated once, and whenever a column in
//! view or just beyond it ([`WAIT_RADIUS`]) is still missing, so it never walks into
//! ungenerated space and the view never shows a hole.
//!
//! Where the columns come from is a [`ColumnSource`] ([`super::source`]). With the generator in
//! step (screenshots) the stream waits for every column within reach of a new walker cell and
//! takes them all at once, so what it holds is a pure function of the walk; by hand (tests)
//! columns come only through [`Streaming::take_column`]. The background generator decides
//! what is dropped; with the others the stream drops what lies beyond the generator's keep
//! radius, by the generator's own rule ([`KEEP_RADIUS`]).

use super::columns::{Columns, Inserted};
use super::generator::{Column, Generated};
use super::source::ColumnSource;
use super::view::VIEW_RADIUS;
use crate::scenes::stall::{StallTimer, ViewFill};
use horde_levelgen::collapse::{
    BlockCoord, CITY_KEEP_RADIUS as KEEP_RADIUS, LAYERS, ModuleSet, block_area, block_of,
};
use std::collections::{HashSet, VecDeque};

/// Cells the walker moves between two sweeps for far columns.
const DROP_EVERY: i32 = 8;
/// Render-thread time per frame for turning arrived columns into boxes, seconds.
const CONVERT_BUDGET_S: f64 = 0.5e-3;
/// The walker waits while a column this close is missing: two more than the view, so that the
/// view never shows a hole while the generator catches up.
pub const WAIT_RADIUS: i32 = VIEW_RADIUS + 2;

/// Counters of the columns streamed.
#[derive(Clone, Debug, Default)]
pub struct StreamStats {
    /// Columns held.
    pub columns: usize,
    /// The most columns held at once.
    pub columns_resident_max: usize,
    /// Backtracks reported by the generator.
    pub backtracks: u64,
    /// Blocks the generator could not solve, which kept the layer below.
    pub blocks_kept: u64,
    /// Cells of columns sent again that differed from what was shown (0: the map is a pure
    /// function of seed and position).
    pub regenerated_shown: u64,
    /// Columns within the walker's view not arrived yet.
    pub view: ViewFill,
}

/// The held columns and how they keep coming.
pub struct Streaming {
    set: ModuleSet,
    /// The columns received, with their boxes, solids and places to stand.
    columns: Columns,
    /// Columns received but not yet turned into boxes.
    arrived: VecDeque<Column>,
    /// Where columns come from.
    source: Box<dyn ColumnSource>,
    /// The cell the generator was last told about.
    told: Option<(i32, i32)>,
    /// Where the last sweep for far columns was made.
    last_sweep: (i32, i32),
    /// Columns within [`WAIT_RADIUS`] not arrived yet, at the last survey.
    missing_ahead: usize,
    /// Whether what is held changed since [`Streaming::pump`] last said.
    changed: bool,
    /// Why the generator stopped, if it did (shown in the overlay).
    pub failure: Option<String>,
    /// Counters.
    pub stats: StreamStats,
}

impl Streaming {
    /// Columns of `set` from `source`.
    pub fn new(set: ModuleSet, source: Box<dyn ColumnSource>) -> Streaming {
        Streaming {
            set,
            columns: Columns::default(),
            arrived: VecDeque::new(),
            source,
            told: None,
            last_sweep: (0, 0),
            missing_ahead: 0,
            changed: true,
            failure: None,
            stats: StreamStats::default(),
        }
    }

    /// Where the columns come from.
    pub fn source(&self) -> &dyn ColumnSource {
        self.source.as_ref()
    }

    /// The columns held.
    pub fn columns(&self) -> &Columns {
        &self.columns
    }

    /// One frame's streaming: tells the source the walker's `cell` when it changed, takes
    /// whatever the background generator finished (never waiting; the generator in step is
    /// waited for, and all it sends taken at once), and turns arrived columns into boxes while
    /// `timer` (started at the frame's generation work) is within the budget; the rest waits
    /// for the next frame. Returns whether what is held, or the walker's cell, changed since
    /// the last call (the view needs drawing again).
    pub fn pump(&mut self, cell: (i32, i32), timer: &StallTimer) -> bool {
        if self.told != Some(cell) {
            self.changed = true;
            // A full queue is tried again next frame.
            if self.source.tell(cell) {
                self.told = Some(cell);
            }
        }
        while let Some(generated) = self.source.next() {
            match generated {
                Generated::Columns(settled) => {
                    self.stats.backtracks = settled.backtracks;
                    self.stats.blocks_kept = settled.blocks_kept;
                    self.arrived.extend(settled.columns);
                }
                Generated::Dropped(blocks) => self.drop_blocks(&blocks),
                Generated::Failed(reason) => self.fail(reason),
            }
        }
        let all_at_once = self.source.all_at_once();
        while (all_at_once || timer.elapsed_s() < CONVERT_BUDGET_S)
            && let Some((cell, column)) = self.arrived.pop_front()
        {
            self.take_column(cell, column);
        }
        std::mem::take(&mut self.changed)
    }

    /// The source stopped for `reason` (shown in the overlay and logged, once).
    fn fail(&mut self, reason: String) {
        if self.failure.is_none() {
            log::error!("{reason}");
            self.failure = Some(reason);
        }
    }

    /// Takes column `cell` (modules bottom first) as the generator hands it over: turns it
    /// into boxes, solids and places to stand (or checks it against the column already held:
    /// a column sent again must not differ), and counts it.
    pub fn take_column(&mut self, cell: (i32, i32), column: Vec<u16>) {
        match self.columns.insert(&self.set, cell, column) {
            Inserted::New => self.changed = true,
            Inserted::Again(differ) => self.stats.regenerated_shown += differ as u64,
        }
        self.stats.columns = self.columns.len();
        self.stats.columns_resident_max = self.stats.columns_resident_max.max(self.columns.len());
    }

    /// Drops the columns of `blocks` (blocks of the map's last layer the generator dropped),
    /// also those arrived but not yet taken; their slots are reused. Coming back, the
    /// generator sends them again, identical.
    fn drop_blocks(&mut self, blocks: &[BlockCoord]) {
        let last = LAYERS - 1;
        for &block in blocks {
            self.columns.drop_area(block_area(last, block));
        }
        let gone: HashSet<BlockCoord> = blocks.iter().copied().collect();
        self.arrived
            .retain(|((x, z), _)| !gone.contains(&block_of(last, *x, *z)));
        self.stats.columns = self.columns.len();
        self.changed = true;
    }

    /// Sweeps for far columns ([`Streaming::drop_far`]) once the walker at `cell` is
    /// `DROP_EVERY` (8) cells from the last sweep. Returns whether it swept (whatever else the
    /// scene keeps per column may be swept with it).
    pub fn sweep(&mut self, cell: (i32, i32)) -> bool {
        let (dx, dz) = (cell.0 - self.last_sweep.0, cell.1 - self.last_sweep.1);
        let due = dx.abs().max(dz.abs()) >= DROP_EVERY;
        if due {
            self.drop_far(cell);
        }
        due
    }

    /// With a source that does not decide what is dropped, drops the columns more than
    /// [`KEEP_RADIUS`] columns from `cell`, as the generator would; with one that does, only
    /// it decides.
    pub fn drop_far(&mut self, cell: (i32, i32)) {
        self.last_sweep = cell;
        if !self.source.decides_drops() {
            self.columns.drop_far(cell, KEEP_RADIUS);
        }
        self.stats.columns = self.columns.len();
    }

    /// Counts the columns missing within the walker's view ([`VIEW_RADIUS`]) and within
    /// [`WAIT_RADIUS`] of `(cx, cz)`, and records whether the view is whole. Done whenever
    /// the view is drawn again.
    pub fn survey(&mut self, (cx, cz): (i32, i32)) {
        let scan = WAIT_RADIUS;
        let (mut missing, mut missing_ahead) = (0, 0);
        for z in -scan..=scan {
            for x in -scan..=scan {
                let d2 = x * x + z * z;
                if d2 <= scan * scan && !self.columns.contains((cx + x, cz + z)) {
                    missing += usize::from(d2 <= VIEW_RADIUS * VIEW_RADIUS);
                    missing_ahead += 1;
                }
            }
        }
        self.missing_ahead = missing_ahead;
        self.stats.view.record(missing);
    }

    /// Whether the walker may walk: its view has been whole once since it was put down, and
    /// nothing within [`WAIT_RADIUS`] is missing now.
    pub fn ready(&self) -> bool {
        self.stats.view.filled && self.missing_ahead == 0
    }

    /// The walker was put down somewhere new: start-up lasts until a survey finds the view
    /// there whole.
    pub fn restart_view(&mut self) {
        self.stats.view.filled = false;
        self.changed = true;
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::scenes::city::source::{Background, ByHand};
    use horde_levelgen::collapse::ModuleSet;

    fn city_set() -> ModuleSet {
        ModuleSet::built_in().unwrap()
    }

    #[test]
    fn far_columns_are_dropped_and_their_slots_reused() {
        let mut stream = Streaming::new(city_set(), Box::new(ByHand));
        let street = vec![0u16; 6];
        stream.take_column((0, 0), street.clone());
        stream.take_column((200, 0), street.clone());
        assert!(!stream.sweep((4, 0)), "swept before the walker went far");
        assert!(stream.sweep((0, 8)));
        assert_eq!(stream.columns.len(), 1, "the far column stays");
        assert_eq!(stream.columns.slots_free(), 1);
        let made = stream.columns.slots_made();
        stream.take_column((10, 10), street.clone());
        assert_eq!(
            stream.columns.slots_made(),
            made,
            "a slot was made, not reused"
        );
        assert_eq!(stream.columns.slots_free(), 0);
        // A column sent again is compared with what is held.
        let mut other = street.clone();
        other[5] = 1;
        stream.take_column((10, 10), other);
        assert_eq!(stream.stats.regenerated_shown, 1);
        stream.take_column((10, 10), street);
        assert_eq!(stream.stats.regenerated_shown, 1);
    }

    #[test]
    fn with_a_generator_only_the_generator_decides_what_is_dropped() {
        let set = city_set();
        let source = Background::start(set.clone(), 1).unwrap();
        let mut stream = Streaming::new(set, Box::new(source));
        let street = vec![0u16; 6];
        stream.take_column((200, 0), street.clone());
        stream.drop_far((0, 0));
        assert!(
            stream.columns.contains((200, 0)),
            "dropped by the scene's own rule"
        );
        // The generator says the block is gone: its columns go, held or still arriving.
        let block = block_of(LAYERS - 1, 200, 0);
        let other = block_area(LAYERS - 1, block);
        stream
            .arrived
            .push_back(((other.x0 + 1, other.z0 + 1), street.clone()));
        stream.arrived.push_back(((0, 0), street));
        stream.drop_blocks(&[block]);
        assert!(!stream.columns.contains((200, 0)));
        assert_eq!(stream.arrived.len(), 1);
        assert_eq!(stream.arrived[0].0, (0, 0));
    }

    #[test]
    fn the_walker_may_walk_once_the_view_and_a_little_more_are_there() {
        let mut stream = Streaming::new(city_set(), Box::new(ByHand));
        let street = vec![0u16; 6];
        stream.survey((0, 0));
        assert!(!stream.ready());
        for z in -WAIT_RADIUS..=WAIT_RADIUS {
            for x in -VIEW_RADIUS..=VIEW_RADIUS {
                stream.take_column((x, z), street.clone());
            }
        }
        // The view is whole, but columns just beyond it are missing: the view counts as
        // generated, and the walker still waits.
        stream.survey((0, 0));
        assert!(stream.stats.view.filled && stream.stats.view.missing == 0);
        assert!(!stream.ready());
        for z in -WAIT_RADIUS..=WAIT_RADIUS {
            for x in -WAIT_RADIUS..=WAIT_RADIUS {
                stream.take_column((x, z), street.clone());
            }
        }
        stream.survey((0, 0));
        assert!(stream.ready());
        // Put down somewhere new: it waits for a survey there.
        stream.restart_view();
        assert!(!stream.ready());
        stream.survey((0, 0));
        assert!(stream.ready());
    }
}
