//! Batches: many instances of one mesh, drawn with one call.
//!
//! Each batch keeps a CPU-side array of instances and one GPU buffer. The buffer grows
//! geometrically (never shrinks) and is kept across frames; the array is uploaded only when it
//! was changed since the last frame, so static batches cost nothing per frame.

use crate::instance::Instance;
use crate::mesh::MeshKind;

/// Where a batch's instances lie, as the caller knows it: every instance's centre (its model
/// matrix's translation) inside the box `min..max`, and no instance's half diagonal (half the
/// length of its model columns summed in quadrature) over `largest_half_diagonal`. With it the
/// renderer can tell, once a frame, that every three-face cube of the batch is small on screen
/// and draw each as its one triangle without sending the collapsed ones
/// ([`crate::MeshKind::SmallCube`]). An extent the instances break may draw them too small.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Extent {
    /// Least corner of the box holding every instance's centre, world units.
    pub min: glam::Vec3,
    /// Greatest corner.
    pub max: glam::Vec3,
    /// The largest half diagonal of an instance, world units.
    pub largest_half_diagonal: f32,
}

/// How a frame drew a batch (one draw call whichever it is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawPath {
    /// Not drawn (hidden or empty).
    None,
    /// Its mesh, instanced (`draw_indexed`).
    Mesh,
    /// Three-face cubes, instanced, each small one collapsed to one triangle by the shader.
    ThreeFaceCubes,
    /// Every cube small: one triangle each, instanced.
    SmallCubes,
    /// Every cube small: one triangle each, without instancing (one `draw` of 3 vertices a
    /// cube reading the instances from storage).
    PulledSmallCubes,
    /// Three-face cubes without instancing (one `draw_indexed` of 7 vertices a cube reading
    /// the instances from storage), each small one collapsed to one triangle by the shader.
    PulledThreeFaceCubes,
}

impl DrawPath {
    /// A short name for reports: `none`, `mesh`, `three-face`, `small` or `small-pulled`.
    pub fn name(self) -> &'static str {
        match self {
            DrawPath::None => "none",
            DrawPath::Mesh => "mesh",
            DrawPath::ThreeFaceCubes => "three-face",
            DrawPath::SmallCubes => "small",
            DrawPath::PulledSmallCubes => "small-pulled",
            DrawPath::PulledThreeFaceCubes => "three-face-pulled",
        }
    }
}

/// Names a batch of a [`crate::Renderer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BatchId(pub(crate) usize);

/// One batch.
#[derive(Debug)]
pub(crate) struct Batch {
    pub mesh: MeshKind,
    pub label: &'static str,
    pub instances: Vec<Instance>,
    pub buffer: Option<wgpu::Buffer>,
    /// Instances the GPU buffer holds room for.
    pub capacity: u64,
    /// The CPU array changed since the last upload.
    pub dirty: bool,
    pub visible: bool,
    /// Draw calls issued for this batch in the last frame.
    pub draws: std::cell::Cell<u32>,
    /// Instances written straight into the GPU buffer (bypassing the CPU array), if that is
    /// how this batch was last filled.
    pub direct: Option<u32>,
    /// Bytes written directly since the last frame, for the frame's counters.
    pub direct_bytes: u64,
    /// Where the instances lie, if the caller said.
    pub extent: Option<Extent>,
    /// The GPU buffer bound as a storage buffer, for drawing its cubes pulled (without
    /// instancing); dropped whenever the buffer is replaced.
    pub storage: Option<wgpu::BindGroup>,
    /// The index buffer of the pulled three-face cube, made once three faces are drawn.
    pub pulled_indices: Option<wgpu::Buffer>,
    /// How this frame draws the batch, chosen when it is uploaded.
    pub stage: crate::renderer::Stage,
}

impl Batch {
    pub fn new(mesh: MeshKind, label: &'static str) -> Batch {
        Batch {
            mesh,
            label,
            instances: Vec::new(),
            buffer: None,
            capacity: 0,
            dirty: false,
            visible: true,
            draws: std::cell::Cell::new(0),
            direct: None,
            direct_bytes: 0,
            extent: None,
            storage: None,
            pulled_indices: None,
            stage: crate::renderer::Stage::Mesh,
        }
    }

    /// Instances to draw.
    pub fn count(&self) -> u32 {
        self.direct.unwrap_or(self.instances.len() as u32)
    }

    /// Makes the GPU buffer hold at least `count` instances (growing geometrically; the old
    /// contents are not kept).
    pub fn reserve_gpu(&mut self, device: &wgpu::Device, count: u64) {
        if count <= self.capacity && self.buffer.is_some() {
            return;
        }
        let capacity = count.max(self.capacity * 2).max(64);
        self.buffer = Some(device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(self.label),
            size: capacity * size_of::<Instance>() as u64,
            usage: wgpu::BufferUsages::VERTEX
                | wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        }));
        self.storage = None;
        self.capacity = capacity;
    }

    /// Uploads the instances if they changed; returns the bytes written.
    pub fn upload(&mut self, device: &wgpu::Device, queue: &wgpu::Queue) -> u64 {
        if !self.dirty {
            return 0;
        }
        self.dirty = false;
        let count = self.instances.len() as u64;
        if count == 0 {
            return 0;
        }
        self.reserve_gpu(device, count);
        let bytes: &[u8] = bytemuck::cast_slice(&self.instances);
        if let Some(buffer) = &self.buffer {
            queue.write_buffer(buffer, 0, bytes);
        }
        bytes.len() as u64
    }
}
