//! The simulation's instance sink for GPU staging memory: the fused update writes each enemy's
//! instance straight into the write-only view wgpu hands out, from every worker thread, with no
//! copy in between. [`write_enemies`] is that write, the one the tower-defense view and the
//! stress command share.

use anyhow::Result;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::{InstanceSink, ModelInstance};
use horde_renderer::{BatchId, GpuContext, Renderer};
use std::time::Instant;

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

/// How the fused pass hands instances to the GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StagingPath {
    /// Straight into wgpu's staging memory (the default).
    Direct,
    /// Into the batch's CPU array, then copied (`HORDE_STAGING=copy`, for comparison).
    Copy,
}

impl StagingPath {
    /// The path `HORDE_STAGING` chooses (`copy`, else direct). Read once, when a view or a
    /// stress run starts, never per frame.
    pub fn from_env() -> StagingPath {
        match std::env::var("HORDE_STAGING").as_deref() {
            Ok("copy") => StagingPath::Copy,
            _ => StagingPath::Direct,
        }
    }
}

/// What the enemy write does to the simulation.
pub enum EnemyWrite<'a> {
    /// Runs a step of `dt` seconds, writing every instance as the step leaves it.
    Step(&'a mut Simulation, f32),
    /// Writes the instances as they stand.
    AsIs(&'a Simulation),
}

impl EnemyWrite<'_> {
    /// The instances the write may need room for.
    fn needed(&self) -> usize {
        match self {
            EnemyWrite::Step(sim, dt) => sim.instances_needed(*dt),
            EnemyWrite::AsIs(sim) => sim.enemies().len(),
        }
    }

    /// Writes into `sink`; returns the instances written (0 if `sink` was too short).
    fn into<S: InstanceSink>(self, sink: &mut S) -> Result<usize> {
        Ok(match self {
            EnemyWrite::Step(sim, dt) => sim.step_into(dt, sink)?,
            EnemyWrite::AsIs(sim) => sim.write_into(sink)?,
        })
    }
}

/// How long a [`write_enemies`] took, milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WriteTimes {
    /// The step and the instance writes (all of it with nothing to step).
    pub sim_ms: f64,
    /// Handing the instances to the GPU: the rest of the staging call on the direct path, the
    /// copy into staging memory on the copying one.
    pub upload_ms: f64,
}

/// Writes every enemy instance into `batch` as `write` says, through `path`: on the direct
/// path the step (if any) writes straight into wgpu's staging memory
/// (`Queue::write_buffer_with`); on the copying path it writes into the batch's CPU array,
/// which is then uploaded. A step runs even when nothing could be written (no enemies, or
/// the batch refused the write), so the game never skips a tick for the drawing's sake.
///
/// Errors: the batch could not be written (no staging memory, a batch of another renderer)
/// or was shorter than the instances; the step has run even so.
pub fn write_enemies(
    write: EnemyWrite<'_>,
    path: StagingPath,
    renderer: &mut Renderer,
    ctx: &GpuContext,
    batch: BatchId,
) -> Result<WriteTimes> {
    let needed = write.needed();
    let start = Instant::now();
    if path == StagingPath::Copy {
        let slots = renderer.instances_mut(batch, needed);
        let mut sink: &mut [ModelInstance] = bytemuck::cast_slice_mut(slots);
        let written = write.into(&mut sink);
        renderer.instances_mut(batch, *written.as_ref().unwrap_or(&0));
        let sim_ms = ms(start);
        let upload = Instant::now();
        renderer.upload(ctx);
        written?;
        return Ok(WriteTimes {
            sim_ms,
            upload_ms: ms(upload),
        });
    }
    let mut job = Some(write);
    let (mut sim_ms, mut written) = (0.0, Ok(0));
    let drawn = renderer.write_direct(ctx, batch, needed, |view| {
        let step = Instant::now();
        if let Some(write) = job.take() {
            written = write.into(&mut StagingSink::new(view));
        }
        sim_ms = ms(step);
        *written.as_ref().unwrap_or(&0)
    });
    if let Some(EnemyWrite::Step(sim, dt)) = job {
        // No writer ran (nobody to draw, or the batch could not be written): the step still
        // does.
        sim.step(dt);
    }
    drawn?;
    written?;
    Ok(WriteTimes {
        sim_ms,
        upload_ms: (ms(start) - sim_ms).max(0.0),
    })
}

/// Milliseconds since `since`.
pub fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e3
}
