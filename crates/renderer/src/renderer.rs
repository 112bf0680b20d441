//! The renderer: its batches, the meshes and pipelines they are drawn with, and the frame's
//! draw, in three steps: prepare every batch (upload, choose its draw path, make what it binds),
//! write the frame's uniform block, record the pass (binding and drawing only).

use crate::batch::{BatchId, Batches, DrawPath, Extent, PULL_GROUP};
use crate::capabilities::Capabilities;
use crate::context::GpuContext;
use crate::counters::FrameCounters;
use crate::draw::draw_batch;
use crate::frame::{FRAME_UNIFORM_BYTES, FrameParams, FrameUniform, FrameView};
use crate::high_look::{HIGH_SAMPLES, HighLook};
use crate::instance::Instance;
use crate::mesh::{self, GpuMesh, MeshKind};
use crate::pipelines::{Pipelines, ScenePipelines};
use crate::quality::Quality;
use crate::scene_pass::{SceneTargets, begin_scene_pass};
use crate::shadow::{
    SHADOW_MAP_SIZE, ShadowMap, comparison_sampler, depth_texture, light_view_proj, reach_of,
    record_shadow_pass,
};
use crate::target::{Attachments, OffscreenTarget, supported_samples};
use crate::timer::GpuTimer;
use bytemuck::Zeroable;
use web_time::Instant;

/// How to build a renderer.
#[derive(Clone, Copy, Debug)]
pub struct RendererConfig {
    /// The colour format of the targets it will draw into.
    pub color_format: wgpu::TextureFormat,
    /// MSAA samples of those targets (1 for none); must match their attachments.
    pub samples: u32,
}

/// Draws batches of mesh instances.
#[derive(Debug)]
pub struct Renderer {
    pipelines: Pipelines,
    /// What the device can do for each draw path, read once.
    capabilities: Capabilities,
    /// Whether the caller wants cube batches pulled where the device can
    /// ([`Renderer::set_pull_cubes`]).
    pull_cubes: bool,
    uniform: wgpu::Buffer,
    frame_bind_group: wgpu::BindGroup,
    /// By [`MeshKind`], in [`MeshKind::ALL`]'s order.
    meshes: Vec<GpuMesh>,
    /// The pulled three-face cube's indices for one group of [`PULL_GROUP`] cubes, shared by
    /// every batch (each draw instance is a group).
    pulled_cube_indices: wgpu::Buffer,
    batches: Batches,
    config: RendererConfig,
    timer: Option<GpuTimer>,
    /// How much of the light frames are drawn with ([`Renderer::set_quality`]).
    quality: Quality,
    /// The sun's shadow map, once shadows were asked for.
    shadow: Option<ShadowMap>,
    /// The comparison sampler the scene pass reads the shadow map with.
    shadow_sampler: wgpu::Sampler,
    /// High's own multisampled scene, occlusion and resolve, once `high` was asked for.
    high: Option<HighLook>,
}

/// Why [`Renderer::write_direct`] did not call its writer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DirectWriteError {
    /// The batch id was made by another renderer (one from before a backend switch).
    #[error("the batch belongs to another renderer; add the batches to this one again")]
    StaleBatch,
    /// wgpu had no staging memory to hand out for the write.
    #[error("wgpu gave no staging memory for {bytes} bytes of instances")]
    NoStaging {
        /// The bytes asked for.
        bytes: u64,
    },
}

impl Renderer {
    /// A renderer for targets of `config`'s format and sample count.
    pub fn new(ctx: &GpuContext, config: RendererConfig) -> Renderer {
        let device = &ctx.device;
        let capabilities = Capabilities::of(ctx);
        let provoking = capabilities.provoking;
        let pipelines = Pipelines::new(device, provoking, config.color_format, config.samples);
        let uniform = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("frame uniform"),
            size: FRAME_UNIFORM_BYTES,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let shadow_sampler = comparison_sampler(device);
        // No shadows yet: a one-texel map stands in, never read.
        let no_map = depth_texture(device, 1, "no shadow map");
        let frame_bind_group =
            pipelines.frame_bind_group(device, &uniform, &no_map, &shadow_sampler);
        let group = mesh::pulled_three_face_cubes(provoking, PULL_GROUP)
            .expect("a pull group's vertices fit 16-bit indices (checked where it is defined)");
        Renderer {
            pipelines,
            capabilities,
            pull_cubes: true,
            uniform,
            frame_bind_group,
            meshes: GpuMesh::all(device, provoking),
            pulled_cube_indices: mesh::index_buffer(device, "pulled cube indices", &group),
            batches: Batches::new(),
            config,
            timer: ctx.timestamps.then(|| GpuTimer::new(ctx)).flatten(),
            quality: Quality::Low,
            shadow: None,
            shadow_sampler,
            high: None,
        }
    }

    /// Draws the frames from now on at `quality`: from `medium` on, the sun casts shadows (a
    /// depth pass from the light first; the map and its pipeline are made the first time).
    /// At `high` the scene is drawn into the renderer's own multisampled textures (4× where
    /// the adapter has it) and resolved into the target viewed without sRGB, where the
    /// target can be viewed so ([`Attachments::plain_format`]); else, and below `high`, into
    /// the target through its own attachments.
    pub fn set_quality(&mut self, ctx: &GpuContext, quality: Quality) {
        self.quality = quality;
        if quality == Quality::High && self.pipelines.high(false).is_none() {
            let (format, samples) = (self.config.color_format, self.config.samples);
            let own = format.is_srgb().then(|| {
                let plain = format.remove_srgb_suffix();
                (plain, supported_samples(ctx, plain, HIGH_SAMPLES))
            });
            self.pipelines
                .build_high(&ctx.device, own, (format, samples));
            self.high = own.map(|(plain, samples)| HighLook::new(plain, samples));
        }
        if quality.shadows() && self.shadow.is_none() {
            let device = &ctx.device;
            self.pipelines.shadow(device);
            let map = ShadowMap::new(device, &self.pipelines.light_layout, FRAME_UNIFORM_BYTES);
            self.frame_bind_group = (self.pipelines).frame_bind_group(
                device,
                &self.uniform,
                &map.view,
                &self.shadow_sampler,
            );
            self.shadow = Some(map);
        }
    }

    /// The quality frames are drawn at.
    pub fn quality(&self) -> Quality {
        self.quality
    }

    /// The configuration it was built with.
    pub fn config(&self) -> RendererConfig {
        self.config
    }

    /// Adds an empty, visible, opaque batch of `mesh`; batches draw in the order they were
    /// added (translucent ones after all the opaque ones, see [`Renderer::set_translucent`]).
    /// The id is good for this renderer only (see [`BatchId`]).
    pub fn add_batch(&mut self, mesh: MeshKind, label: &'static str) -> BatchId {
        self.batches.add(mesh, label)
    }

    /// Drops every batch (another scene takes the window): ids handed out before are stale
    /// from now on, and batches added after draw alone.
    pub fn clear_batches(&mut self) {
        self.batches = Batches::new();
    }

    /// Replaces a batch's instances (uploaded at the next frame).
    pub fn set_instances(&mut self, id: BatchId, instances: &[Instance]) {
        if let Some(batch) = self.batches.get_mut(id) {
            batch.instances.clear();
            batch.instances.extend_from_slice(instances);
            batch.dirty = true;
            batch.direct = None;
        }
    }

    /// The batch's instance array resized to `count`, to be written in place; it is uploaded at
    /// the next frame. Growing allocates only past the largest size seen.
    pub fn instances_mut(&mut self, id: BatchId, count: usize) -> &mut [Instance] {
        let Some(batch) = self.batches.get_mut(id) else {
            return &mut [];
        };
        batch.instances.resize(count, Instance::zeroed());
        batch.dirty = true;
        batch.direct = None;
        &mut batch.instances
    }

    /// Refills a batch in place: `fill` pushes the instances onto the batch's own array, emptied
    /// first (uploaded at the next frame). For instances whose number is known only as they are
    /// made; growing allocates only past the largest size seen. An id of another renderer
    /// fills nothing (`fill` is not called).
    pub fn refill(&mut self, id: BatchId, fill: impl FnOnce(&mut Vec<Instance>)) {
        if let Some(batch) = self.batches.get_mut(id) {
            batch.instances.clear();
            fill(&mut batch.instances);
            batch.dirty = true;
            batch.direct = None;
        }
    }

    /// Number of instances a batch draws.
    pub fn instance_count(&self, id: BatchId) -> usize {
        self.batches
            .get(id)
            .map_or(0, |batch| batch.count() as usize)
    }

    /// Fills a batch by writing straight into wgpu's staging memory for its GPU buffer, with no
    /// CPU-side copy: `write` gets a write-only view of `capacity` instances (68 bytes each)
    /// and returns how many it wrote, which is what the batch then draws. Returns the bytes
    /// handed to the GPU. The GPU buffer grows geometrically when `capacity` exceeds it. With
    /// a `capacity` of 0 the batch draws nothing and `write` is not called (there is no view
    /// of no bytes); an error says `write` was not called either.
    ///
    /// Errors: `id` is not a batch of this renderer ([`DirectWriteError::StaleBatch`]), or
    /// wgpu gave no staging view ([`DirectWriteError::NoStaging`]); the batch is as it was.
    pub fn write_direct(
        &mut self,
        ctx: &GpuContext,
        id: BatchId,
        capacity: usize,
        write: impl FnOnce(wgpu::WriteOnly<'_, [u8]>) -> usize,
    ) -> Result<u64, DirectWriteError> {
        let Some(batch) = self.batches.get_mut(id) else {
            return Err(DirectWriteError::StaleBatch);
        };
        let size = (capacity * size_of::<Instance>()) as u64;
        let Some(bytes) = wgpu::BufferSize::new(size) else {
            batch.dirty = false;
            batch.direct = Some(0);
            return Ok(0);
        };
        batch.reserve_gpu(&ctx.device, capacity as u64);
        let Some(mut view) = batch
            .buffer
            .as_ref()
            .and_then(|b| ctx.queue.write_buffer_with(b, 0, bytes))
        else {
            return Err(DirectWriteError::NoStaging { bytes: size });
        };
        let written = write(view.slice(..)).min(capacity);
        batch.dirty = false;
        batch.direct = Some(written as u32);
        batch.direct_bytes += size;
        batch.tail_written = true;
        Ok(size)
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
        self.batches
            .get(id)
            .map_or(0, |batch| u32::from(batch.drawn != DrawPath::None))
    }

    /// Whether cube batches are drawn pulled (reading their instances from storage, without
    /// per-cube instancing) where the device can: the default. `false` keeps them instanced.
    /// Both draw the same picture; this is for comparing the two.
    pub fn set_pull_cubes(&mut self, pull: bool) {
        self.pull_cubes = pull;
    }

    /// Says where a batch's instances lie (see [`Extent`]); `None` forgets it.
    pub fn set_extent(&mut self, id: BatchId, extent: Option<Extent>) {
        if let Some(batch) = self.batches.get_mut(id) {
            batch.extent = extent;
        }
    }

    /// How the last frame drew the batch: as its mesh, as three-face cubes, or (its
    /// [`Extent`] showing every cube small on screen) as small cubes; cubes pulled where the
    /// device lets vertex shaders read storage buffers and [`Renderer::set_pull_cubes`]
    /// allows. A translucent batch is always drawn as its mesh ([`Renderer::set_translucent`]).
    pub fn draw_path(&self, id: BatchId) -> DrawPath {
        self.batches
            .get(id)
            .map_or(DrawPath::None, |batch| batch.drawn)
    }

    /// Makes a batch translucent (`on`) or opaque again (the default).
    ///
    /// A translucent batch is drawn after every opaque batch, whatever the order the batches
    /// were added in (translucent batches among themselves in the order they were added), in
    /// one draw call like any batch. Its pixels are alpha-blended over what is drawn already
    /// (colour `src_alpha`, `one_minus_src_alpha`; alpha `one`, `one_minus_src_alpha`, so an
    /// opaque background stays opaque), with the depth test but without writing depth: an
    /// opaque batch in front hides it, and it hides nothing drawn after it. Each instance's
    /// opacity is its colour's alpha, the top byte of [`Instance::color`] (0 invisible, 255
    /// opaque). The instances of a batch are not sorted: where they overlap on screen, give
    /// them back to front (each mesh culls its back faces, so a lone convex instance such as
    /// a [`MeshKind::Sphere`] blends right on its own).
    ///
    /// A translucent batch is drawn by the plain mesh path ([`DrawPath::Mesh`], which is what
    /// [`Renderer::draw_path`] reports): never small or pulled, and a batch of
    /// [`MeshKind::ThreeFaceCube`] or [`MeshKind::SmallCube`] is drawn as the full
    /// [`MeshKind::Cube`] (the same picture but for cubes a pixel or two on screen). Opaque
    /// batches draw as before: alpha written as 1, no blending, depth written.
    pub fn set_translucent(&mut self, id: BatchId, on: bool) {
        if let Some(batch) = self.batches.get_mut(id) {
            batch.translucent = on;
        }
    }

    /// Whether a batch is drawn into the sun's shadow map (by default it is). A floor that
    /// nothing stands under — a board's ground, lines painted on it — shadows nothing, and
    /// leaving it out spares the shadow pass covering the whole map; what stands on it is
    /// still shadowed on it, and its own pixels still read the map.
    pub fn set_casts_shadows(&mut self, id: BatchId, on: bool) {
        if let Some(batch) = self.batches.get_mut(id) {
            batch.casts_shadows = on;
        }
    }

    /// Shows or hides a batch.
    pub fn set_visible(&mut self, id: BatchId, visible: bool) {
        if let Some(batch) = self.batches.get_mut(id) {
            batch.visible = visible;
        }
    }

    /// Uploads what changed and records the scene pass into `encoder`, drawing into `color`
    /// (through the MSAA attachment when there is one; at `high`, through the renderer's own
    /// multisampled scene where `color` can be viewed plain). One draw call per visible, non-empty
    /// batch ([`DrawPath`] says which), the opaque batches first, then the translucent ones
    /// ([`Renderer::set_translucent`]). Call [`Renderer::after_submit`] once the encoder is
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
        self.collect_gpu_time(ctx);
        let view = FrameView::new(params, attachments.size);
        let mut counters = FrameCounters {
            bytes_uploaded: self.prepare(ctx, encoder, &view),
            ..FrameCounters::default()
        };
        // The light's box, once a frame, where the sun casts shadows.
        let light = (self.shadows_drawn()).then(|| light_view_proj(params, reach_of(params)));
        // Whether `high` draws into its own scene this frame (where the target can be viewed
        // plain), its textures sized to the target.
        let own_scene = self.quality == Quality::High
            && (self.high.as_mut())
                .is_some_and(|high| high.prepare(&ctx.device, color, attachments.plain_format));
        counters.bytes_uploaded += self.write_uniform(ctx, params, &view, light, own_scene);
        let shadow_query = (self.timer.as_ref())
            .filter(|_| light.is_some())
            .map(|timer| timer.profiler.begin_pass_query("shadow", encoder));
        counters.shadow_draw_calls = match light {
            Some(light) => self.draw_shadows(ctx, encoder, params, light, shadow_query.as_ref()),
            None => 0,
        };
        if let (Some(timer), Some(query)) = (&mut self.timer, shadow_query) {
            timer.profiler.end_query(encoder, query);
        }
        let query = self
            .timer
            .as_ref()
            .map(|timer| timer.profiler.begin_pass_query("scene", encoder));
        let (targets, pipelines) = self.scene_targets(own_scene, attachments, color);
        let pass = begin_scene_pass(encoder, &targets, params, query.as_ref());
        self.record(pipelines, pass, &view, &mut counters);
        if let (Some(timer), Some(query)) = (&mut self.timer, query) {
            timer.profiler.end_query(encoder, query);
            timer.profiler.resolve_queries(encoder);
            counters.gpu_ms = timer.latest_ms;
            counters.gpu_shadow_ms = timer.latest_shadow_ms;
        }
        counters.cpu_ms = start.elapsed().as_secs_f64() * 1e3;
        counters
    }

    /// What the scene pass draws into, and with which pipelines: high's own scene where
    /// `own_scene`, else the target through its `attachments` (with the occlusion's
    /// pipelines at `high`).
    fn scene_targets<'a>(
        &'a self,
        own_scene: bool,
        attachments: &'a Attachments,
        color: &'a wgpu::TextureView,
    ) -> (SceneTargets<'a>, &'a ScenePipelines) {
        let own = (own_scene.then(|| self.high.as_ref().and_then(HighLook::scene)))
            .flatten()
            .zip(self.pipelines.high(true));
        if let Some((scene, pipelines)) = own {
            return (scene.targets(attachments.size), pipelines);
        }
        let high = (self.quality == Quality::High).then(|| self.pipelines.high(false));
        let pipelines = high.flatten().unwrap_or(&self.pipelines.scene);
        (SceneTargets::of(attachments, color), pipelines)
    }

    /// The frame's first step: uploads every changed batch and decides how each is drawn,
    /// making what its draw binds (the storage bind group of a pulled batch) and zeroing what
    /// it reads past its instances (the pulled three-face cube draws whole groups), so that
    /// recording creates nothing. Returns the bytes uploaded.
    fn prepare(
        &mut self,
        ctx: &GpuContext,
        encoder: &mut wgpu::CommandEncoder,
        view: &FrameView,
    ) -> u64 {
        let mut bytes = 0;
        for batch in self.batches.iter_mut() {
            bytes +=
                batch.upload(&ctx.device, &ctx.queue) + std::mem::take(&mut batch.direct_bytes);
            // Translucent batches take the mesh path, never small or pulled.
            let cubes = batch.mesh == MeshKind::ThreeFaceCube && !batch.translucent;
            let small = cubes && batch.extent.is_some_and(|extent| view.all_small(&extent));
            let pull = cubes
                && self.pull_cubes
                && self
                    .capabilities
                    .device_can_pull(batch.capacity * size_of::<Instance>() as u64);
            batch.drawn = match (batch.drawable(), batch.translucent) {
                (false, _) => DrawPath::None,
                (true, true) => DrawPath::Mesh,
                (true, false) => DrawPath::choose(batch.mesh, small, pull),
            };
            if batch.drawn.pulled() {
                batch.bind_storage(&ctx.device, &self.pipelines.instances_layout);
            }
            if batch.drawn == DrawPath::PulledThreeFaceCubes {
                batch.zero_group_tail(encoder);
            }
        }
        bytes
    }

    /// The frame's second step: the uniform block (with the `light`'s box where the sun casts
    /// shadows). Returns the bytes uploaded.
    fn write_uniform(
        &self,
        ctx: &GpuContext,
        params: &FrameParams,
        view: &FrameView,
        light: Option<glam::Mat4>,
        own_scene: bool,
    ) -> u64 {
        let mut uniform = FrameUniform::new(params, view);
        if let Some(light) = light {
            uniform = uniform.with_shadows(light, SHADOW_MAP_SIZE);
        }
        if self.quality == Quality::High {
            uniform = uniform.with_high_look(own_scene);
        }
        ctx.queue
            .write_buffer(&self.uniform, 0, bytemuck::bytes_of(&uniform));
        FRAME_UNIFORM_BYTES
    }

    /// Whether this frame draws the sun's shadows.
    fn shadows_drawn(&self) -> bool {
        self.quality.shadows() && self.shadow.is_some() && self.pipelines.shadow_built().is_some()
    }

    /// The shadow pass, through the `light`'s box (world to the light's clip space): the
    /// light's block written, every batch the scene pass draws drawn from the light. Returns
    /// its draw calls.
    fn draw_shadows(
        &self,
        ctx: &GpuContext,
        encoder: &mut wgpu::CommandEncoder,
        params: &FrameParams,
        light: glam::Mat4,
        query: Option<&wgpu_profiler::GpuProfilerQuery>,
    ) -> u32 {
        let (Some(map), Some(pipelines)) = (&self.shadow, self.pipelines.shadow_built()) else {
            return 0;
        };
        let light_params = FrameParams::new(
            light,
            glam::Mat4::IDENTITY,
            params.light_dir,
            params.ambient,
            params.clear,
        );
        let light_view = FrameView::new(&light_params, (SHADOW_MAP_SIZE, SHADOW_MAP_SIZE));
        let block = FrameUniform::new(&light_params, &light_view);
        ctx.queue
            .write_buffer(&map.uniform, 0, bytemuck::bytes_of(&block));
        let timestamps = query.and_then(|q| q.render_pass_timestamp_writes());
        let batches = self.batches.iter();
        let indices = &self.pulled_cube_indices;
        record_shadow_pass(
            encoder,
            map,
            pipelines,
            &self.meshes,
            indices,
            batches,
            timestamps,
        )
    }

    /// The frame's last step: records the scene `pass` with `pipelines`, one draw call for
    /// each batch [`Renderer::prepare`] chose to draw, the opaque batches first, then (at
    /// `high`) the sky where nothing opaque was drawn, then the translucent ones, each in the
    /// order they were added, binding only what exists already.
    fn record(
        &self,
        pipelines: &ScenePipelines,
        mut pass: wgpu::RenderPass<'_>,
        view: &FrameView,
        counters: &mut FrameCounters,
    ) {
        pass.set_bind_group(0, &self.frame_bind_group, &[]);
        let mut bound = (DrawPath::None, false);
        let opaque = self.batches.iter().filter(|b| !b.translucent).map(Some);
        let translucent = self.batches.iter().filter(|b| b.translucent).map(Some);
        // `None`: the sky's turn, between the opaque and the translucent batches.
        for batch in opaque.chain([None]).chain(translucent) {
            let Some(batch) = batch else {
                if self.quality == Quality::High {
                    pass.set_pipeline(&pipelines.sky);
                    pass.draw(0..6, 0..1);
                    bound = (DrawPath::None, false);
                    counters.draw_calls += 1;
                }
                continue;
            };
            let path = batch.drawn;
            let Some(pipeline) = pipelines.get(path, view.mirrored, batch.translucent) else {
                continue;
            };
            if bound != (path, batch.translucent) {
                pass.set_pipeline(pipeline);
                bound = (path, batch.translucent);
            }
            let mesh = &self.meshes[path.mesh_drawn(batch.mesh) as usize];
            if !draw_batch(&mut pass, batch, path, mesh, &self.pulled_cube_indices) {
                continue;
            }
            let count = batch.count();
            counters.draw_calls += 1;
            counters.instances += u64::from(count);
        }
    }

    /// Takes the scene pass's GPU time of an earlier frame, if one came back; never blocks.
    fn collect_gpu_time(&mut self, ctx: &GpuContext) {
        if let Some(timer) = &mut self.timer {
            let _ = ctx.device.poll(wgpu::PollType::Poll);
            timer.collect();
        }
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
        target: &OffscreenTarget,
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
