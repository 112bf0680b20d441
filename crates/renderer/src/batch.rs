//! Batches: many instances of one mesh, drawn with one call, and how a frame draws each.
//!
//! Each batch keeps a CPU-side array of instances and one GPU buffer. The buffer grows
//! geometrically (never shrinks) and is kept across frames; the array is uploaded only when it
//! was changed since the last frame, so static batches cost nothing per frame.
//!
//! A [`BatchId`] carries the stamp of the renderer that made it, so that an id kept across a
//! renderer being made again (a backend switch) is caught instead of naming another batch.

use crate::instance::Instance;
use crate::mesh::MeshKind;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// Cubes one instance of the pulled three-face cube's draw covers (its shared index buffer
/// joins the vertices of this many cubes). Every instance buffer's capacity is a multiple of
/// it, so the last group of a batch always lies inside its buffer.
pub(crate) const PULL_GROUP: u32 = 256;

// A group's vertices are numbered by 16-bit indices.
const _: () = assert!(PULL_GROUP * 7 <= 1 << 16);

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

/// How a frame drew a batch (one draw call whichever it is). Every path but
/// [`DrawPath::None`] has a vertex stage, and so a pipeline, of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawPath {
    /// Not drawn (hidden or empty).
    None,
    /// Its mesh, instanced (`draw_indexed`; `vs_main`, `fs_main`; a translucent batch's with
    /// `vs_translucent`, `fs_translucent`, alpha-blended and writing no depth).
    Mesh,
    /// Three-face cubes, instanced, each small one collapsed to one triangle by the shader
    /// (`vs_three_face_cube`, `fs_lit`, from the mesh's corner codes).
    ThreeFaceCubes,
    /// Every cube small: one triangle each, the three-face cube's small triangle, instanced
    /// (`vs_small_cube`, `fs_lit`).
    SmallCubes,
    /// Every cube small: one triangle each, without instancing (one `draw` of 3 vertices a
    /// cube reading the instances from storage; `vs_pulled_small_cube`, `fs_lit`). Software
    /// rasterisers run each instance of an instanced draw as a draw of its own, so for a
    /// million one-triangle cubes this is the cheaper way.
    PulledSmallCubes,
    /// Three-face cubes reading the instances from storage (one `draw_indexed` of 7 vertices
    /// a cube, through one index buffer of 256 cubes shared by every batch and drawn once per
    /// 256 cubes), each small one collapsed to one triangle by the shader
    /// (`vs_pulled_three_face_cube`, `fs_lit`).
    PulledThreeFaceCubes,
}

impl DrawPath {
    /// Every path that draws, in the order of the renderer's pipelines
    /// ([`DrawPath::pipeline`]).
    pub(crate) const DRAWN: [DrawPath; 5] = [
        DrawPath::Mesh,
        DrawPath::ThreeFaceCubes,
        DrawPath::SmallCubes,
        DrawPath::PulledSmallCubes,
        DrawPath::PulledThreeFaceCubes,
    ];

    /// A short name for reports: `none`, `mesh`, `three-face`, `small`, `small-pulled` or
    /// `three-face-pulled`.
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

    /// The path that draws a batch of `mesh` this frame, if it is drawn at all. `small`: its
    /// [`Extent`] proves every cube small on screen; `pull`: the caller wants cubes pulled
    /// and the device can pull this batch. Only three-face cubes are drawn small or pulled.
    pub(crate) fn choose(mesh: MeshKind, small: bool, pull: bool) -> DrawPath {
        match (mesh, small, pull) {
            (MeshKind::ThreeFaceCube, true, true) => DrawPath::PulledSmallCubes,
            (MeshKind::ThreeFaceCube, true, false) => DrawPath::SmallCubes,
            (MeshKind::ThreeFaceCube, false, true) => DrawPath::PulledThreeFaceCubes,
            (MeshKind::ThreeFaceCube, false, false) => DrawPath::ThreeFaceCubes,
            (MeshKind::SmallCube, _, _) => DrawPath::SmallCubes,
            (
                MeshKind::Cube
                | MeshKind::Arrow
                | MeshKind::Quad
                | MeshKind::Sphere
                | MeshKind::Dome
                | MeshKind::Cylinder,
                _,
                _,
            ) => DrawPath::Mesh,
        }
    }

    /// The mesh whose vertices and indices this path draws for a batch of `mesh`: the small
    /// cube's for [`DrawPath::SmallCubes`]; for [`DrawPath::Mesh`] the batch's own, except that
    /// the three-face and small cubes, whose vertices are corner codes only the cube paths'
    /// vertex stages read, are drawn as [`MeshKind::Cube`] (the same picture but for cubes a
    /// pixel or two on screen; a translucent batch of them takes the mesh path, the only one
    /// with a translucent pipeline). Pulled paths read no mesh; they get the batch's.
    pub(crate) fn mesh_drawn(self, mesh: MeshKind) -> MeshKind {
        match (self, mesh) {
            (DrawPath::SmallCubes, _) => MeshKind::SmallCube,
            (DrawPath::Mesh, MeshKind::ThreeFaceCube | MeshKind::SmallCube) => MeshKind::Cube,
            _ => mesh,
        }
    }

    /// Whether this path reads its instances from storage.
    pub(crate) fn pulled(self) -> bool {
        matches!(
            self,
            DrawPath::PulledSmallCubes | DrawPath::PulledThreeFaceCubes
        )
    }

    /// This path's place among the renderer's pipelines (in [`DrawPath::DRAWN`]), or `None`
    /// for [`DrawPath::None`], which draws nothing.
    pub(crate) fn pipeline(self) -> Option<usize> {
        match self {
            DrawPath::None => None,
            DrawPath::Mesh => Some(0),
            DrawPath::ThreeFaceCubes => Some(1),
            DrawPath::SmallCubes => Some(2),
            DrawPath::PulledSmallCubes => Some(3),
            DrawPath::PulledThreeFaceCubes => Some(4),
        }
    }
}

/// Names a batch of the `Renderer` that made it (`Renderer::add_batch`).
///
/// An id is good only with that renderer. Used with another (for example one made again
/// after a backend switch, whose batches were not added again), debug builds panic saying so;
/// release builds log the error once and treat the batch as absent: setters do nothing,
/// `Renderer::instances_mut` hands out an empty slice, and the getters report an empty batch
/// that was not drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BatchId {
    /// The stamp of the renderer that made it.
    stamp: u32,
    /// Its place among that renderer's batches.
    index: u32,
}

/// A [`BatchId`] used with a renderer that did not make it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "batch {index} belongs to renderer #{id_stamp}, not to renderer #{stamp} it was used with: \
     a renderer made again (after a backend switch) needs its batches added again"
)]
pub(crate) struct StaleBatch {
    /// The stamp the id carries.
    id_stamp: u32,
    /// The index the id carries.
    index: u32,
    /// The stamp of the renderer it was used with.
    stamp: u32,
}

/// The stamp of the next renderer's batches: every renderer of the process has its own.
static NEXT_STAMP: AtomicU32 = AtomicU32::new(0);

/// The batches of one renderer, in drawing order, and the stamp their ids carry.
#[derive(Debug)]
pub(crate) struct Batches {
    stamp: u32,
    list: Vec<Batch>,
    /// A stale id was logged already (release builds say it once, not every frame).
    reported: AtomicBool,
}

impl Batches {
    /// No batches, under a stamp no other `Batches` of this process has.
    pub fn new() -> Batches {
        Batches {
            stamp: NEXT_STAMP.fetch_add(1, Ordering::Relaxed),
            list: Vec::new(),
            reported: AtomicBool::new(false),
        }
    }

    /// Adds an empty, visible batch drawn after the others.
    pub fn add(&mut self, mesh: MeshKind, label: &'static str) -> BatchId {
        let index = u32::try_from(self.list.len()).unwrap_or(u32::MAX);
        self.list.push(Batch::new(mesh, label));
        BatchId {
            stamp: self.stamp,
            index,
        }
    }

    /// Where `id` is among these batches, or why it is not one of them.
    pub fn find(&self, id: BatchId) -> Result<usize, StaleBatch> {
        let index = id.index as usize;
        if id.stamp == self.stamp && index < self.list.len() {
            Ok(index)
        } else {
            Err(StaleBatch {
                id_stamp: id.stamp,
                index: id.index,
                stamp: self.stamp,
            })
        }
    }

    /// The batch `id` names; a stale id panics in debug builds and is `None` (logged once)
    /// in release builds.
    pub fn get(&self, id: BatchId) -> Option<&Batch> {
        let index = self.checked(id)?;
        self.list.get(index)
    }

    /// The batch `id` names, to change; a stale id as in [`Batches::get`].
    pub fn get_mut(&mut self, id: BatchId) -> Option<&mut Batch> {
        let index = self.checked(id)?;
        self.list.get_mut(index)
    }

    fn checked(&self, id: BatchId) -> Option<usize> {
        match self.find(id) {
            Ok(index) => Some(index),
            Err(stale) => {
                debug_assert!(false, "{stale}");
                if !self.reported.swap(true, Ordering::Relaxed) {
                    log::error!("{stale}; the batch is ignored");
                }
                None
            }
        }
    }

    /// Every batch, in drawing order.
    pub fn iter(&self) -> std::slice::Iter<'_, Batch> {
        self.list.iter()
    }

    /// Every batch, in drawing order, to change.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, Batch> {
        self.list.iter_mut()
    }
}

/// One batch.
#[derive(Debug)]
pub(crate) struct Batch {
    pub mesh: MeshKind,
    pub label: &'static str,
    pub instances: Vec<Instance>,
    pub buffer: Option<wgpu::Buffer>,
    /// Instances the GPU buffer holds room for (a multiple of [`PULL_GROUP`]).
    pub capacity: u64,
    /// The CPU array changed since the last upload.
    pub dirty: bool,
    pub visible: bool,
    /// Drawn after every opaque batch, alpha-blended, writing no depth
    /// (`Renderer::set_translucent`).
    pub translucent: bool,
    /// Drawn into the sun's shadow map (`Renderer::set_casts_shadows`).
    pub casts_shadows: bool,
    /// Instances written straight into the GPU buffer (bypassing the CPU array), if that is
    /// how this batch was last filled.
    pub direct: Option<u32>,
    /// Bytes written directly since the last frame, for the frame's counters.
    pub direct_bytes: u64,
    /// Where the instances lie, if the caller said.
    pub extent: Option<Extent>,
    /// The GPU buffer bound as a storage buffer, for drawing its cubes pulled; made the first
    /// frame they are, dropped whenever the buffer is replaced.
    pub storage: Option<wgpu::BindGroup>,
    /// The GPU buffer was written since its instances past the count, up to the end of the
    /// last [`PULL_GROUP`], were last zeroed (the pulled three-face cube draws whole groups,
    /// and a zeroed instance has no area).
    pub tail_written: bool,
    /// How this frame draws the batch ([`DrawPath::None`]: not at all), chosen before the
    /// pass is recorded.
    pub drawn: DrawPath,
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
            translucent: false,
            casts_shadows: true,
            direct: None,
            direct_bytes: 0,
            extent: None,
            storage: None,
            tail_written: false,
            drawn: DrawPath::None,
        }
    }

    /// Instances to draw.
    pub fn count(&self) -> u32 {
        self.direct.unwrap_or(self.instances.len() as u32)
    }

    /// Whether a frame draws this batch: visible, with instances in a GPU buffer.
    pub fn drawable(&self) -> bool {
        self.visible && self.count() > 0 && self.buffer.is_some()
    }

    /// Makes the GPU buffer hold at least `count` instances (growing geometrically, in whole
    /// [`PULL_GROUP`]s; the old contents are not kept).
    pub fn reserve_gpu(&mut self, device: &wgpu::Device, count: u64) {
        if count <= self.capacity && self.buffer.is_some() {
            return;
        }
        let capacity = grown_capacity(self.capacity, count);
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
            self.tail_written = true;
        }
        bytes.len() as u64
    }

    /// Binds the GPU buffer as storage for the pulled paths, unless it is bound already.
    pub fn bind_storage(&mut self, device: &wgpu::Device, layout: &wgpu::BindGroupLayout) {
        if let (None, Some(buffer)) = (&self.storage, &self.buffer) {
            self.storage = Some(device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("instances"),
                layout,
                entries: &[wgpu::BindGroupEntry {
                    binding: 0,
                    resource: buffer.as_entire_binding(),
                }],
            }));
        }
    }

    /// Zeroes the instances from the count to the end of its last [`PULL_GROUP`] (on the GPU,
    /// recorded into `encoder` before the pass) if the buffer was written since they last
    /// were: the pulled three-face cube draws whole groups, and a zeroed instance collapses
    /// to a point, drawing nothing.
    pub fn zero_group_tail(&mut self, encoder: &mut wgpu::CommandEncoder) {
        let Some(buffer) = self.buffer.as_ref().filter(|_| self.tail_written) else {
            return;
        };
        let (start, end) = group_tail(self.count());
        let stride = size_of::<Instance>() as u64;
        if end > start && end <= self.capacity {
            encoder.clear_buffer(buffer, start * stride, Some((end - start) * stride));
        }
        self.tail_written = false;
    }
}

/// The capacity a buffer of `capacity` instances grows to for `count`: at least double, at
/// least `count`, in whole [`PULL_GROUP`]s.
fn grown_capacity(capacity: u64, count: u64) -> u64 {
    count
        .max(capacity.saturating_mul(2))
        .next_multiple_of(u64::from(PULL_GROUP))
}

/// The instances past `count` that the last group of the pulled three-face cube's draw
/// reads: `count..` the next multiple of [`PULL_GROUP`].
fn group_tail(count: u32) -> (u64, u64) {
    let count = u64::from(count);
    (count, count.next_multiple_of(u64::from(PULL_GROUP)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_three_face_cubes_are_drawn_small_or_pulled() {
        use MeshKind::*;
        let cases = [
            (ThreeFaceCube, true, true, DrawPath::PulledSmallCubes),
            (ThreeFaceCube, true, false, DrawPath::SmallCubes),
            (ThreeFaceCube, false, true, DrawPath::PulledThreeFaceCubes),
            (ThreeFaceCube, false, false, DrawPath::ThreeFaceCubes),
        ];
        for (mesh, small, pull, path) in cases {
            assert_eq!(
                DrawPath::choose(mesh, small, pull),
                path,
                "{mesh:?} {small} {pull}"
            );
        }
        for (small, pull) in [(false, false), (false, true), (true, false), (true, true)] {
            assert_eq!(
                DrawPath::choose(SmallCube, small, pull),
                DrawPath::SmallCubes
            );
            for mesh in [Cube, Arrow, Quad] {
                assert_eq!(DrawPath::choose(mesh, small, pull), DrawPath::Mesh);
            }
        }
        assert!(!DrawPath::None.pulled());
        for path in DrawPath::DRAWN {
            assert_eq!(path.pulled(), path.name().ends_with("-pulled"), "{path:?}");
        }
    }

    #[test]
    fn spheres_are_drawn_as_plain_meshes_and_the_mesh_path_draws_positions() {
        for (small, pull) in [(false, false), (false, true), (true, false), (true, true)] {
            assert_eq!(
                DrawPath::choose(MeshKind::Sphere, small, pull),
                DrawPath::Mesh
            );
        }
        for mesh in MeshKind::ALL {
            // The mesh path draws vertices that are positions: the cube meshes whose vertices
            // are corner codes go as the plain cube.
            let drawn = DrawPath::Mesh.mesh_drawn(mesh);
            match mesh {
                MeshKind::ThreeFaceCube | MeshKind::SmallCube => assert_eq!(drawn, MeshKind::Cube),
                _ => assert_eq!(drawn, mesh),
            }
        }
        // The opaque paths draw what they drew before.
        for mesh in MeshKind::ALL {
            assert_eq!(DrawPath::SmallCubes.mesh_drawn(mesh), MeshKind::SmallCube);
            assert_eq!(DrawPath::ThreeFaceCubes.mesh_drawn(mesh), mesh);
        }
        let batch = Batch::new(MeshKind::Sphere, "sphere");
        assert!(!batch.translucent, "batches start opaque");
    }

    #[test]
    fn every_drawn_path_has_its_own_pipeline_in_order() {
        assert_eq!(DrawPath::None.pipeline(), None);
        assert!(!DrawPath::DRAWN.contains(&DrawPath::None));
        for (index, path) in DrawPath::DRAWN.into_iter().enumerate() {
            assert_eq!(path.pipeline(), Some(index), "{path:?}");
        }
    }

    #[test]
    fn draw_paths_keep_their_report_names() {
        let names = [
            DrawPath::None,
            DrawPath::Mesh,
            DrawPath::ThreeFaceCubes,
            DrawPath::SmallCubes,
            DrawPath::PulledSmallCubes,
            DrawPath::PulledThreeFaceCubes,
        ]
        .map(DrawPath::name);
        assert_eq!(
            names,
            [
                "none",
                "mesh",
                "three-face",
                "small",
                "small-pulled",
                "three-face-pulled"
            ]
        );
    }

    #[test]
    fn capacities_grow_geometrically_in_whole_groups() {
        // The docs (`DrawPath`, the crate's, ARCHITECTURE, the shader's default) say 256.
        assert_eq!(PULL_GROUP, 256);
        let group = u64::from(PULL_GROUP);
        assert_eq!(grown_capacity(0, 1), group);
        assert_eq!(grown_capacity(0, group + 1), 2 * group);
        assert_eq!(grown_capacity(group, group + 1), 2 * group);
        assert_eq!(grown_capacity(2 * group, 2 * group + 1), 4 * group);
        assert_eq!(grown_capacity(group, 10 * group - 3), 10 * group);
        for count in [0, 1, 255, 256, 257, 100_000, 1_000_000] {
            let (start, end) = group_tail(count);
            assert_eq!(start, u64::from(count));
            assert!(end >= start && end - start < group && end % group == 0);
            // The tail always lies inside a buffer grown for the count.
            assert!(end <= grown_capacity(0, u64::from(count)).max(group));
        }
    }

    #[test]
    fn an_id_names_a_batch_of_the_renderer_that_made_it_only() {
        let mut first = Batches::new();
        let mut second = Batches::new();
        let a = first.add(MeshKind::Cube, "a");
        let b = first.add(MeshKind::ThreeFaceCube, "b");
        let c = second.add(MeshKind::Quad, "c");
        assert_eq!(first.find(a), Ok(0));
        assert_eq!(first.find(b), Ok(1));
        assert_eq!(second.find(c), Ok(0));
        assert_eq!(first.get(b).map(|batch| batch.label), Some("b"));
        // The second renderer's first batch has the same index as `a`, but is not `a`.
        let stale = second.find(a).unwrap_err();
        assert_eq!(
            stale,
            StaleBatch {
                id_stamp: first.stamp,
                index: 0,
                stamp: second.stamp
            }
        );
        let message = stale.to_string();
        assert!(message.contains("added again"), "{message}");
        assert!(second.find(b).is_err());
        assert!(first.find(c).is_err());
    }

    #[test]
    #[cfg(debug_assertions)]
    fn a_stale_id_panics_in_debug_builds() {
        let mut old = Batches::new();
        let mut made_again = Batches::new();
        let id = old.add(MeshKind::Cube, "walls");
        made_again.add(MeshKind::Cube, "walls");
        let panic = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            made_again.get_mut(id).is_some()
        }))
        .expect_err("a stale id must panic in a debug build");
        let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(
            message.contains("needs its batches added again"),
            "{message}"
        );
    }
}
