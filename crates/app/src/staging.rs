//! The simulation's instance sink for GPU staging memory: the fused update writes each enemy's
//! instance straight into the write-only view wgpu hands out, from every worker thread, with no
//! copy in between.

use horde_core_sim::{InstanceSink, ModelInstance};

const INSTANCE_BYTES: usize = size_of::<ModelInstance>();

/// A write-only byte view seen as a run of 68-byte instances.
pub struct StagingSink<'a> {
    bytes: wgpu::WriteOnly<'a, [u8]>,
}

// SAFETY: a `WriteOnly<'a, [u8]>` is an exclusive, lifetime-bound handle to a byte range of
// mapped memory, like `&'a mut [u8]`, which is `Send`. wgpu implements `Send` for
// `WriteOnly<T>` only where `T: Send + Sized` (its impl omits `?Sized`), which leaves out byte
// slices; nothing in the type is tied to the thread that made it. The parallel pass only ever
// sends disjoint parts (made by `split_at`) to other threads, and they all end before the view
// is dropped.
#[allow(unsafe_code)]
unsafe impl Send for StagingSink<'_> {}

impl<'a> StagingSink<'a> {
    /// Wraps a staging view (its length should be a multiple of 68 bytes).
    pub fn new(bytes: wgpu::WriteOnly<'a, [u8]>) -> StagingSink<'a> {
        StagingSink { bytes }
    }
}

impl InstanceSink for StagingSink<'_> {
    type Part<'p>
        = StagingSink<'p>
    where
        Self: 'p;

    fn len(&self) -> usize {
        self.bytes.len() / INSTANCE_BYTES
    }

    fn split(&mut self, mid: usize) -> (StagingSink<'_>, StagingSink<'_>) {
        let (a, b) = self.bytes.slice(..).split_at(mid * INSTANCE_BYTES);
        (StagingSink { bytes: a }, StagingSink { bytes: b })
    }

    fn write(&mut self, start: usize, instances: &[ModelInstance]) {
        let range = start * INSTANCE_BYTES..(start + instances.len()) * INSTANCE_BYTES;
        self.bytes
            .slice(range)
            .copy_from_slice(bytemuck::cast_slice(instances));
    }
}
