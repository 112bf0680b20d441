//! Where the fused update writes instances: a slice in memory, or anything else that can be
//! split into disjoint parts for parallel writing (such as a GPU staging buffer that may only be
//! written, never read).

use crate::td::model::ModelInstance;

/// A destination for instances, indexed like the enemy storage.
pub trait InstanceSink: Send {
    /// A disjoint part of the sink, borrowed from it.
    type Part<'p>: InstanceSink
    where
        Self: 'p;

    /// How many instances fit.
    fn len(&self) -> usize;

    /// Whether no instance fits.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Splits into `[0, mid)` and `[mid, len)`.
    fn split(&mut self, mid: usize) -> (Self::Part<'_>, Self::Part<'_>);

    /// Writes `instances` at `start..start + instances.len()`.
    fn write(&mut self, start: usize, instances: &[ModelInstance]);

    /// The sink as a plain slice, when it is one, so instances can be built in place.
    fn as_slice(&mut self) -> Option<&mut [ModelInstance]> {
        None
    }
}

impl InstanceSink for &mut [ModelInstance] {
    type Part<'p>
        = &'p mut [ModelInstance]
    where
        Self: 'p;

    fn len(&self) -> usize {
        <[ModelInstance]>::len(self)
    }

    fn split(&mut self, mid: usize) -> (&mut [ModelInstance], &mut [ModelInstance]) {
        self.split_at_mut(mid)
    }

    fn write(&mut self, start: usize, instances: &[ModelInstance]) {
        self[start..start + instances.len()].copy_from_slice(instances);
    }

    fn as_slice(&mut self) -> Option<&mut [ModelInstance]> {
        Some(self)
    }
}
