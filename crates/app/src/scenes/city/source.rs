//! Where a city's columns come from: the [`ColumnSource`] the stream asks, one type a way —
//! the background generator ([`Background`], the window: the render thread never waits), the
//! generator in step ([`InStep`], screenshots: each new walker cell waits for the columns
//! around it, so what is held is a pure function of the walk), and, in tests, only what the
//! test hands over (`ByHand`).

use super::generator::{self, Generated, stopped};
use crate::worker::Worker;
use horde_levelgen::collapse::ModuleSet;

/// A source of columns for [`super::streaming::Streaming`].
pub trait ColumnSource: Send {
    /// Tells the source the walker is at `cell`. Returns false when it cannot take it now
    /// (a full queue: tell it again next frame).
    fn tell(&mut self, cell: (i32, i32)) -> bool;

    /// The source's next message, without waiting; a source that ended without saying why
    /// says so once.
    fn next(&mut self) -> Option<Generated>;

    /// Whether what arrives is taken all at once (in step), not within a frame's budget.
    fn all_at_once(&self) -> bool;

    /// Whether the source says which columns to drop ([`Generated::Dropped`]); if not, the
    /// stream drops those beyond the generator's keep radius by the generator's own rule.
    fn decides_drops(&self) -> bool;

    /// A source of the same kind for `set` and `seed` (the module set file changed).
    fn restart(&self, set: &ModuleSet, seed: u64) -> std::io::Result<Box<dyn ColumnSource>>;
}

/// The background generator: walker cells sent without waiting, its messages taken without
/// waiting; it decides what is dropped.
pub struct Background {
    worker: Worker<(i32, i32), Generated>,
    /// Whether its end was already reported.
    ended: bool,
}

impl Background {
    /// The background generator for `set` and `seed`.
    pub fn start(set: ModuleSet, seed: u64) -> std::io::Result<Background> {
        Ok(Background {
            worker: generator::start(set, seed)?,
            ended: false,
        })
    }
}

impl ColumnSource for Background {
    fn tell(&mut self, cell: (i32, i32)) -> bool {
        self.worker.try_send(cell).is_ok()
    }

    fn next(&mut self) -> Option<Generated> {
        if let Some(message) = self.worker.try_recv() {
            return Some(message);
        }
        // A generator that ended without saying why (a panic) has stopped too.
        if self.worker.stopped() && !std::mem::replace(&mut self.ended, true) {
            return Some(Generated::Failed(stopped("no more columns will arrive")));
        }
        None
    }

    fn all_at_once(&self) -> bool {
        false
    }

    fn decides_drops(&self) -> bool {
        true
    }

    fn restart(&self, set: &ModuleSet, seed: u64) -> std::io::Result<Box<dyn ColumnSource>> {
        Ok(Box::new(Background::start(set.clone(), seed)?))
    }
}

/// The generator in step: each cell told waits for every column within reach of it.
pub struct InStep {
    worker: Worker<(i32, i32), Generated>,
    /// The answer to the last cell told, until taken.
    answer: Option<Generated>,
}

impl InStep {
    /// The generator in step for `set` and `seed`.
    pub fn start(set: ModuleSet, seed: u64) -> std::io::Result<InStep> {
        Ok(InStep {
            worker: generator::in_step(set, seed)?,
            answer: None,
        })
    }
}

impl ColumnSource for InStep {
    fn tell(&mut self, cell: (i32, i32)) -> bool {
        let answer = self.worker.ask(cell);
        self.answer = Some(
            answer.unwrap_or_else(|| Generated::Failed(stopped("no more columns will arrive"))),
        );
        true
    }

    fn next(&mut self) -> Option<Generated> {
        self.answer.take()
    }

    fn all_at_once(&self) -> bool {
        true
    }

    fn decides_drops(&self) -> bool {
        false
    }

    fn restart(&self, set: &ModuleSet, seed: u64) -> std::io::Result<Box<dyn ColumnSource>> {
        Ok(Box::new(InStep::start(set.clone(), seed)?))
    }
}

/// Only what the caller hands over (tests).
#[cfg(test)]
pub struct ByHand;

#[cfg(test)]
impl ColumnSource for ByHand {
    fn tell(&mut self, _cell: (i32, i32)) -> bool {
        true
    }

    fn next(&mut self) -> Option<Generated> {
        None
    }

    fn all_at_once(&self) -> bool {
        true
    }

    fn decides_drops(&self) -> bool {
        false
    }

    fn restart(&self, _set: &ModuleSet, _seed: u64) -> std::io::Result<Box<dyn ColumnSource>> {
        Ok(Box::new(ByHand))
    }
}
