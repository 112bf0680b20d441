//! The renderer: the pipelines (plain meshes, and the three-face cube placed by the vertex
//! shader; each for both windings), the meshes, the batches, and the frame's draw.

use crate::batch::{Batch, BatchId, DrawPath, Extent};
use crate::context::GpuContext;
use crate::counters::FrameCounters;
use crate::instance::{self, Instance};
use crate::mesh::{self, GpuMesh, MeshKind, Provoking, Vertex};
use crate::target::{Attachments, DEPTH_FORMAT};
use crate::viewpoint::camera_centre;
use bytemuck::{Pod, Zeroable};
use glam::{Mat4, Vec3};
use std::time::Instant;

/// The WGSL of the instanced pipeline.
const SHADER: &str = include_str!("../../../shaders/instanced.wgsl");

/// How to build a renderer.
#[derive(Clone, Copy, Debug)]
pub struct RendererConfig {
    /// The colour format of the targets it will draw into.
    pub color_format: wgpu::TextureFormat,
    /// MSAA samples of those targets (1 for none); must match their attachments.
    pub samples: u32,
}

/// The camera and light of one frame.
#[derive(Clone, Copy, Debug)]
pub struct FrameParams {
    /// World (the instances' frame) to view. A negative determinant mirrors; the winding is
    /// flipped to match.
    pub view: Mat4,
    /// View to clip (wgpu's clip space: `z` in `[0, 1]`).
    pub proj: Mat4,
    /// Direction towards the light, in the world frame.
    pub light_dir: Vec3,
    /// Share of ambient light (the rest is diffuse).
    pub ambient: f32,
    /// Background colour, linear RGBA.
    pub clear: [f64; 4],
    /// Draw into this rectangle of the target only (`x, y, width, height` in pixels from the
    /// top-left); `None` for the whole target. The background is cleared everywhere.
    pub viewport: Option<[f32; 4]>,
    /// Distance fog in the background colour: `[start, end]` in world units from the eye,
    /// nothing fogged before `start`, everything fully fogged from `end` on; `None` for none.
    pub fog: Option<[f32; 2]>,
}

/// The fog's uniform terms: `(start, end, colour)` with the background colour's linear
/// channels quantised to 8 bits and packed as `r + 256·g + 65536·b` (exact in an `f32`);
/// `end = 0` turns fog off.
fn fog_terms(params: &FrameParams) -> (f32, f32, f32) {
    match params.fog {
        Some([start, end]) if end.is_finite() && start.is_finite() && end > start.max(0.0) => {
            let [r, g, b, _] = params.clear;
            let byte = |c: f64| (c.clamp(0.0, 1.0) * 255.0).round() as f32;
            (
                start.max(0.0),
                end,
                byte(r) + 256.0 * byte(g) + 65536.0 * byte(b),
            )
        }
        _ => (0.0, 0.0, 0.0),
    }
}

/// Pixels per world unit at clip `w = 1`: the larger of the view-projection's `x` and `y` rows
/// (the most a world unit can stretch on screen along that axis) times half the viewport.
fn pixels_per_unit(params: &FrameParams, target: (u32, u32)) -> f32 {
    let (width, height) = match params.viewport {
        Some([_, _, w, h]) => (w, h),
        None => (target.0 as f32, target.1 as f32),
    };
    let view_proj = params.proj * params.view;
    let x = view_proj.row(0).truncate().length() * width * 0.5;
    let y = view_proj.row(1).truncate().length() * height * 0.5;
    let pixels = x.max(y);
    if pixels.is_finite() { pixels } else { 0.0 }
}

/// The index buffer of the pulled three-face cube for `capacity` cubes: the mesh's 18 indices
/// for each cube, offset by 7 vertices a cube. Made when a batch's buffer grows, not per frame.
fn pulled_cube_indices(device: &wgpu::Device, capacity: u64, provoking: Provoking) -> wgpu::Buffer {
    use wgpu::util::DeviceExt as _;
    let (_, mesh) = MeshKind::VisibleCube.geometry_for(provoking);
    let indices: Vec<u32> = (0..capacity as u32)
        .flat_map(|cube| mesh.iter().map(move |&i| cube * 7 + u32::from(i)))
        .collect();
    device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("pulled cube indices"),
        contents: bytemuck::cast_slice(&indices),
        usage: wgpu::BufferUsages::INDEX,
    })
}

/// Whether every three-face cube within `extent` is small on screen: the shader's test
/// (half diagonal × pixels per unit < [`SMALL_CUBE_PIXELS`] × clip `w`) holds for the largest
/// half diagonal at the nearest point of the box (clip `w` is affine, so least at a corner),
/// with 1 % to spare for rounding.
fn all_small(extent: &Extent, view_proj: Mat4, pixels_per_unit: f32) -> bool {
    let w_row = view_proj.row(3);
    let nearest = (0..8)
        .map(|corner| {
            let pick = |bit: usize, lo: f32, hi: f32| if corner >> bit & 1 == 0 { lo } else { hi };
            let p = Vec3::new(
                pick(0, extent.min.x, extent.max.x),
                pick(1, extent.min.y, extent.max.y),
                pick(2, extent.min.z, extent.max.z),
            );
            w_row.dot(p.extend(1.0))
        })
        .fold(f32::INFINITY, f32::min);
    nearest > 0.0
        && extent.largest_half_diagonal.is_finite()
        && extent.largest_half_diagonal * pixels_per_unit < 0.99 * SMALL_CUBE_PIXELS * nearest
}

/// The uniform block of `shaders/instanced.wgsl`.
#[derive(Clone, Copy, Pod, Zeroable)]
#[repr(C)]
struct FrameUniform {
    view_proj: [[f32; 4]; 4],
    light_dir: [f32; 4],
    light: [f32; 4],
    eye: [f32; 4],
    centre: [f32; 4],
    detail: [f32; 4],
}

/// Below this half diagonal on screen, in pixels, a [`MeshKind::VisibleCube`] is drawn as one
/// triangle instead of its three faces (it covers a pixel or two).
pub const SMALL_CUBE_PIXELS: f32 = 2.5;

/// The size of the frame's uniform block, uploaded once a frame.
pub const FRAME_UNIFORM_BYTES: u64 = size_of::<FrameUniform>() as u64;

/// How a batch's vertices are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// A mesh's positions, one instance per draw instance (`vs_main`, `fs_main`).
    Mesh,
    /// The three-face cube from its corner codes (`vs_visible_cube`, `fs_lit`).
    VisibleCube,
    /// The small cube: the three-face cube's one small triangle (`vs_small_cube`, `fs_lit`).
    SmallCube,
    /// The small cube without instancing (`vs_pulled_small_cube`, `fs_lit`): 3 vertices a
    /// cube in one draw, each reading its instance from the instance buffer bound as storage.
    /// Software rasterisers run each instance of an instanced draw as a draw of its own, so
    /// for a million one-triangle cubes this is the cheaper way.
    PulledSmallCube,
    /// The three-face cube without instancing (`vs_pulled_visible_cube`, `fs_lit`): 7
    /// vertices a cube joined by an index buffer of 18 indices a cube.
    PulledVisibleCube,
}

impl Stage {
    const ALL: [Stage; 5] = [
        Stage::Mesh,
        Stage::VisibleCube,
        Stage::SmallCube,
        Stage::PulledSmallCube,
        Stage::PulledVisibleCube,
    ];

    /// The stage that draws `mesh`.
    /// How a batch drawn by this stage was drawn, for reports.
    fn path(self) -> DrawPath {
        match self {
            Stage::Mesh => DrawPath::Mesh,
            Stage::VisibleCube => DrawPath::ThreeFaceCubes,
            Stage::SmallCube => DrawPath::SmallCubes,
            Stage::PulledSmallCube => DrawPath::PulledSmallCubes,
            Stage::PulledVisibleCube => DrawPath::PulledThreeFaceCubes,
        }
    }

    fn of(mesh: MeshKind) -> Stage {
        match mesh {
            MeshKind::VisibleCube => Stage::VisibleCube,
            MeshKind::SmallCube => Stage::SmallCube,
            MeshKind::Cube | MeshKind::Arrow | MeshKind::Quad => Stage::Mesh,
        }
    }
}

/// Draws batches of mesh instances.
#[derive(Debug)]
pub struct Renderer {
    /// By [`Stage`], counter-clockwise and clockwise front faces (for mirroring views).
    pipelines: [[wgpu::RenderPipeline; 2]; 5],
    /// The instance buffer bound as storage, for the pulled cubes.
    instances_layout: wgpu::BindGroupLayout,
    /// The backend's provoking-vertex convention.
    provoking: Provoking,
    /// Whether cube batches may be pulled ([`Renderer::set_pulling`]).
    pulling: bool,
    /// The largest instance buffer the pulled small cube may read (0: the device cannot read
    /// storage buffers in vertex shaders, and small cubes are drawn instanced).
    max_pulled_bytes: u64,
    uniform: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    meshes: Vec<GpuMesh>,
    batches: Vec<Batch>,
    config: RendererConfig,
    timer: Option<GpuTimer>,
}

impl Renderer {
    /// A renderer for targets of `config`'s format and sample count.
    pub fn new(ctx: &GpuContext, config: RendererConfig) -> Renderer {
        let device = &ctx.device;
        let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("instanced"),
            source: wgpu::ShaderSource::Wgsl(SHADER.into()),
        });
        let uniform = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("frame uniform"),
            size: size_of::<FrameUniform>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("frame"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("frame"),
            layout: &layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: uniform.as_entire_binding(),
            }],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("instanced"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let instances_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("instances"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Storage { read_only: true },
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let pulled_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("pulled"),
            bind_group_layouts: &[Some(&layout), Some(&instances_layout)],
            immediate_size: 0,
        });
        let provoking = Provoking::of(ctx.info.backend);
        let provoking_last = [(
            "provoking_last",
            f64::from(u8::from(provoking == Provoking::Last)),
        )];
        let instanced_buffers = [
            Some(wgpu::VertexBufferLayout {
                array_stride: size_of::<Vertex>() as u64,
                step_mode: wgpu::VertexStepMode::Vertex,
                attributes: &mesh::ATTRIBUTES,
            }),
            Some(wgpu::VertexBufferLayout {
                array_stride: size_of::<Instance>() as u64,
                step_mode: wgpu::VertexStepMode::Instance,
                attributes: &instance::ATTRIBUTES,
            }),
        ];
        let pipeline = |stage: Stage, front_face| {
            let (vertex_entry, fragment_entry) = match stage {
                Stage::Mesh => ("vs_main", "fs_main"),
                Stage::VisibleCube => ("vs_visible_cube", "fs_lit"),
                Stage::SmallCube => ("vs_small_cube", "fs_lit"),
                Stage::PulledSmallCube => ("vs_pulled_small_cube", "fs_lit"),
                Stage::PulledVisibleCube => ("vs_pulled_visible_cube", "fs_lit"),
            };
            let pulled = matches!(stage, Stage::PulledSmallCube | Stage::PulledVisibleCube);
            device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(vertex_entry),
                layout: Some(if pulled {
                    &pulled_layout
                } else {
                    &pipeline_layout
                }),
                vertex: wgpu::VertexState {
                    module: &shader,
                    entry_point: Some(vertex_entry),
                    compilation_options: wgpu::PipelineCompilationOptions {
                        constants: if pulled { &provoking_last } else { &[] },
                        ..Default::default()
                    },
                    buffers: if pulled { &[] } else { &instanced_buffers },
                },
                primitive: wgpu::PrimitiveState {
                    topology: wgpu::PrimitiveTopology::TriangleList,
                    front_face,
                    cull_mode: Some(wgpu::Face::Back),
                    ..Default::default()
                },
                depth_stencil: Some(wgpu::DepthStencilState {
                    format: DEPTH_FORMAT,
                    depth_write_enabled: Some(true),
                    depth_compare: Some(wgpu::CompareFunction::Less),
                    stencil: wgpu::StencilState::default(),
                    bias: wgpu::DepthBiasState::default(),
                }),
                multisample: wgpu::MultisampleState {
                    count: config.samples,
                    ..Default::default()
                },
                fragment: Some(wgpu::FragmentState {
                    module: &shader,
                    entry_point: Some(fragment_entry),
                    compilation_options: wgpu::PipelineCompilationOptions::default(),
                    targets: &[Some(wgpu::ColorTargetState {
                        format: config.color_format,
                        blend: None,
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                }),
                multiview_mask: None,
                cache: None,
            })
        };
        let pulling = ctx
            .adapter
            .get_downlevel_capabilities()
            .flags
            .contains(wgpu::DownlevelFlags::VERTEX_STORAGE)
            && device.limits().max_storage_buffers_per_shader_stage >= 1;
        Renderer {
            pipelines: Stage::ALL.map(|stage| {
                [
                    pipeline(stage, wgpu::FrontFace::Ccw),
                    pipeline(stage, wgpu::FrontFace::Cw),
                ]
            }),
            instances_layout,
            provoking: Provoking::of(ctx.info.backend),
            pulling: true,
            max_pulled_bytes: if pulling {
                device.limits().max_storage_buffer_binding_size
            } else {
                0
            },
            uniform,
            bind_group,
            meshes: MeshKind::ALL
                .iter()
                .map(|&kind| GpuMesh::new(device, kind, Provoking::of(ctx.info.backend)))
                .collect(),
            batches: Vec::new(),
            config,
            timer: if ctx.timestamps {
                GpuTimer::new(ctx)
            } else {
                None
            },
        }
    }

    /// The configuration it was built with.
    pub fn config(&self) -> RendererConfig {
        self.config
    }

    /// Adds an empty, visible batch of `mesh`; batches draw in the order they were added.
    pub fn add_batch(&mut self, mesh: MeshKind, label: &'static str) -> BatchId {
        self.batches.push(Batch::new(mesh, label));
        BatchId(self.batches.len() - 1)
    }

    /// Replaces a batch's instances (uploaded at the next frame).
    pub fn set_instances(&mut self, id: BatchId, instances: &[Instance]) {
        let batch = &mut self.batches[id.0];
        batch.instances.clear();
        batch.instances.extend_from_slice(instances);
        batch.dirty = true;
        batch.direct = None;
    }

    /// The batch's instance array resized to `count`, to be written in place; it is uploaded at
    /// the next frame. Growing allocates only past the largest size seen.
    pub fn instances_mut(&mut self, id: BatchId, count: usize) -> &mut [Instance] {
        let batch = &mut self.batches[id.0];
        batch.instances.resize(count, Instance::zeroed());
        batch.dirty = true;
        batch.direct = None;
        &mut batch.instances
    }

    /// Number of instances a batch draws.
    pub fn instance_count(&self, id: BatchId) -> usize {
        self.batches[id.0].count() as usize
    }

    /// Fills a batch by writing straight into wgpu's staging memory for its GPU buffer, with no
    /// CPU-side copy: `write` gets a write-only view of `capacity` instances (68 bytes each)
    /// and returns how many it wrote, which is what the batch then draws. Returns the bytes
    /// handed to the GPU. The GPU buffer grows geometrically when `capacity` exceeds it.
    pub fn write_direct(
        &mut self,
        ctx: &GpuContext,
        id: BatchId,
        capacity: usize,
        write: impl FnOnce(wgpu::WriteOnly<'_, [u8]>) -> usize,
    ) -> u64 {
        let batch = &mut self.batches[id.0];
        batch.dirty = false;
        let size = (capacity * size_of::<Instance>()) as u64;
        let Some(bytes) = wgpu::BufferSize::new(size) else {
            batch.direct = Some(0);
            return 0;
        };
        batch.reserve_gpu(&ctx.device, capacity as u64);
        let written = match batch
            .buffer
            .as_ref()
            .and_then(|b| ctx.queue.write_buffer_with(b, 0, bytes))
        {
            Some(mut view) => write(view.slice(..)).min(capacity),
            None => 0,
        };
        batch.direct = Some(written as u32);
        batch.direct_bytes += size;
        size
    }

    /// Hands every changed batch to the GPU now (otherwise [`Renderer::render`] does it);
    /// returns the bytes written. Lets callers time the upload on its own.
    pub fn upload(&mut self, ctx: &GpuContext) -> u64 {
        self.batches
            .iter_mut()
            .map(|batch| batch.upload(&ctx.device, &ctx.queue))
            .sum()
    }

    /// Draw calls the batch took in the last frame (1 when visible and non-empty, else 0).
    pub fn batch_draw_calls(&self, id: BatchId) -> u32 {
        self.batches[id.0].draws.get()
    }

    /// Lets cube batches be pulled (the default where the device allows it), or keeps them
    /// instanced: both draw the same picture; this is for comparing the two.
    pub fn set_pulling(&mut self, pulling: bool) {
        self.pulling = pulling;
    }

    /// Says where a batch's instances lie (see [`Extent`]); `None` forgets it.
    pub fn set_extent(&mut self, id: BatchId, extent: Option<Extent>) {
        self.batches[id.0].extent = extent;
    }

    /// How the last frame drew the batch: as its mesh, as three-face cubes, or (its
    /// [`Extent`] showing every cube small on screen) as small cubes, pulled where the device
    /// lets vertex shaders read storage buffers.
    pub fn draw_path(&self, id: BatchId) -> DrawPath {
        let batch = &self.batches[id.0];
        if batch.draws.get() > 0 {
            batch.stage.path()
        } else {
            DrawPath::None
        }
    }

    /// Shows or hides a batch.
    pub fn set_visible(&mut self, id: BatchId, visible: bool) {
        self.batches[id.0].visible = visible;
    }

    /// Uploads what changed and records the scene pass into `encoder`, drawing into `color`
    /// (through the MSAA attachment when there is one). One draw call per visible, non-empty
    /// batch ([`DrawPath`] says which). Call [`Renderer::after_submit`] once the encoder is
    /// submitted.
    pub fn render(
        &mut self,
        ctx: &GpuContext,
        encoder: &mut wgpu::CommandEncoder,
        color: &wgpu::TextureView,
        attachments: &Attachments,
        params: &FrameParams,
    ) -> FrameCounters {
        let start = Instant::now();
        let mut counters = FrameCounters::default();
        if let Some(timer) = &mut self.timer {
            // Lets a pending timestamp readback complete; never blocks.
            let _ = ctx.device.poll(wgpu::PollType::Poll);
            timer.collect();
        }
        let query = self
            .timer
            .as_ref()
            .map(|timer| timer.profiler.begin_pass_query("scene", encoder));
        let fog = fog_terms(params);
        let uniform = FrameUniform {
            view_proj: (params.proj * params.view).to_cols_array_2d(),
            light_dir: params.light_dir.normalize_or_zero().extend(0.0).to_array(),
            light: [params.ambient, 1.0 - params.ambient, fog.0, fog.1],
            eye: params
                .view
                .inverse()
                .transform_point3(Vec3::ZERO)
                .extend(fog.2)
                .to_array(),
            centre: camera_centre(params.view, params.proj).to_array(),
            detail: [
                pixels_per_unit(params, attachments.size),
                SMALL_CUBE_PIXELS,
                0.0,
                0.0,
            ],
        };
        ctx.queue
            .write_buffer(&self.uniform, 0, bytemuck::bytes_of(&uniform));
        counters.bytes_uploaded += size_of::<FrameUniform>() as u64;
        let view_proj = params.proj * params.view;
        let pixels = uniform.detail[0];
        for batch in &mut self.batches {
            counters.bytes_uploaded += batch.upload(&ctx.device, &ctx.queue) + batch.direct_bytes;
            batch.direct_bytes = 0;
            batch.draws.set(0);
            let small = batch.mesh == MeshKind::VisibleCube
                && batch
                    .extent
                    .is_some_and(|extent| all_small(&extent, view_proj, pixels));
            let pullable = self.pulling
                && batch.mesh == MeshKind::VisibleCube
                && batch.capacity * size_of::<Instance>() as u64 <= self.max_pulled_bytes
                && batch.capacity.saturating_mul(18) <= u64::from(u32::MAX);
            if !pullable {
                batch.storage = None;
                batch.pulled_indices = None;
            } else if let Some(buffer) = &batch.buffer {
                // Both are made again only when the buffer was replaced (it grows
                // geometrically), and the index buffer only once three faces are drawn.
                if batch.storage.is_none() {
                    batch.storage =
                        Some(ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
                            label: Some("instances"),
                            layout: &self.instances_layout,
                            entries: &[wgpu::BindGroupEntry {
                                binding: 0,
                                resource: buffer.as_entire_binding(),
                            }],
                        }));
                    batch.pulled_indices = None;
                }
                if !small && batch.pulled_indices.is_none() {
                    batch.pulled_indices = Some(pulled_cube_indices(
                        &ctx.device,
                        batch.capacity,
                        self.provoking,
                    ));
                }
            }
            batch.stage = match (small, &batch.storage, &batch.pulled_indices) {
                (true, Some(_), _) => Stage::PulledSmallCube,
                (true, None, _) => Stage::SmallCube,
                (false, Some(_), Some(_)) => Stage::PulledVisibleCube,
                (false, _, _) => Stage::of(batch.mesh),
            };
        }
        let mirrored = params.view.determinant() < 0.0;
        let [r, g, b, a] = params.clear;
        let (view, resolve_target) = match &attachments.msaa {
            Some(msaa) => (msaa, Some(color)),
            None => (color, None),
        };
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("scene"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view,
                    depth_slice: None,
                    resolve_target,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Clear(wgpu::Color { r, g, b, a }),
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                    view: &attachments.depth,
                    depth_ops: Some(wgpu::Operations {
                        load: wgpu::LoadOp::Clear(1.0),
                        store: wgpu::StoreOp::Discard,
                    }),
                    stencil_ops: None,
                }),
                timestamp_writes: query
                    .as_ref()
                    .and_then(|q| q.render_pass_timestamp_writes()),
                occlusion_query_set: None,
                multiview_mask: None,
            });
            if let Some([x, y, w, h]) = params.viewport {
                let (tw, th) = attachments.size;
                let x = x.clamp(0.0, tw as f32 - 1.0);
                let y = y.clamp(0.0, th as f32 - 1.0);
                pass.set_viewport(
                    x,
                    y,
                    w.clamp(1.0, tw as f32 - x),
                    h.clamp(1.0, th as f32 - y),
                    0.0,
                    1.0,
                );
            }
            pass.set_bind_group(0, &self.bind_group, &[]);
            let mut bound = None;
            for batch in &self.batches {
                let count = batch.count();
                let Some(buffer) = batch.buffer.as_ref().filter(|_| batch.visible && count > 0)
                else {
                    continue;
                };
                let stage = batch.stage;
                if bound != Some(stage) {
                    pass.set_pipeline(&self.pipelines[stage as usize][mirrored as usize]);
                    bound = Some(stage);
                }
                match (stage, &batch.storage, &batch.pulled_indices) {
                    (Stage::PulledSmallCube, Some(storage), _) => {
                        pass.set_bind_group(1, storage, &[]);
                        pass.draw(0..count * 3, 0..1);
                    }
                    (Stage::PulledVisibleCube, Some(storage), Some(indices)) => {
                        pass.set_bind_group(1, storage, &[]);
                        pass.set_index_buffer(indices.slice(..), wgpu::IndexFormat::Uint32);
                        pass.draw_indexed(0..count * 18, 0, 0..1);
                    }
                    _ => {
                        let kind = match stage {
                            Stage::SmallCube => MeshKind::SmallCube,
                            _ => batch.mesh,
                        };
                        let mesh = &self.meshes[kind as usize];
                        pass.set_vertex_buffer(0, mesh.vertices.slice(..));
                        pass.set_vertex_buffer(1, buffer.slice(..));
                        pass.set_index_buffer(mesh.indices.slice(..), wgpu::IndexFormat::Uint16);
                        pass.draw_indexed(0..mesh.index_count, 0, 0..count);
                    }
                }
                batch.draws.set(batch.draws.get() + 1);
                counters.draw_calls += 1;
                counters.instances += count as u64;
            }
        }
        if let (Some(timer), Some(query)) = (&mut self.timer, query) {
            timer.profiler.end_query(encoder, query);
            timer.profiler.resolve_queries(encoder);
            counters.gpu_ms = timer.latest_ms;
        }
        counters.cpu_ms = start.elapsed().as_secs_f64() * 1e3;
        counters
    }

    /// Ends the frame's GPU timing (starts reading its timestamps back); call once the
    /// encoder given to [`Renderer::render`] is submitted.
    pub fn after_submit(&mut self) {
        if let Some(timer) = &mut self.timer
            && let Err(error) = timer.profiler.end_frame()
        {
            log::debug!("GPU timing skipped a frame: {error}");
        }
    }

    /// Draws the batches into an offscreen target and waits for the GPU.
    pub fn render_offscreen(
        &mut self,
        ctx: &GpuContext,
        target: &crate::target::OffscreenTarget,
        params: &FrameParams,
    ) -> FrameCounters {
        let mut encoder = ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("offscreen frame"),
            });
        let counters = self.render(
            ctx,
            &mut encoder,
            target.view(),
            target.attachments(),
            params,
        );
        ctx.queue.submit([encoder.finish()]);
        self.after_submit();
        counters
    }
}

/// GPU time of the scene pass, from the pass's timestamps through `wgpu-profiler`, read back a
/// frame or more later without ever waiting (the profiler keeps a few frames in flight and
/// drops one rather than stall).
struct GpuTimer {
    profiler: wgpu_profiler::GpuProfiler,
    period_ns: f32,
    latest_ms: Option<f64>,
}

impl std::fmt::Debug for GpuTimer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuTimer")
            .field("period_ns", &self.period_ns)
            .field("latest_ms", &self.latest_ms)
            .finish_non_exhaustive()
    }
}

impl GpuTimer {
    /// A timer for `ctx`, or `None` where the profiler cannot be set up.
    fn new(ctx: &GpuContext) -> Option<GpuTimer> {
        let settings = wgpu_profiler::GpuProfilerSettings {
            enable_timer_queries: true,
            enable_debug_groups: false,
            max_num_pending_frames: 3,
        };
        match wgpu_profiler::GpuProfiler::new(&ctx.device, settings) {
            Ok(profiler) => Some(GpuTimer {
                profiler,
                period_ns: ctx.queue.get_timestamp_period(),
                latest_ms: None,
            }),
            Err(error) => {
                log::warn!("no GPU timing: {error}");
                None
            }
        }
    }

    /// Takes the newest finished frame's scene-pass time, if one has come back.
    fn collect(&mut self) {
        if let Some(results) = self.profiler.process_finished_frame(self.period_ns)
            && let Some(time) = results.iter().find_map(|r| r.time.clone())
        {
            self.latest_ms = Some((time.end - time.start) * 1e3);
        }
    }
}
