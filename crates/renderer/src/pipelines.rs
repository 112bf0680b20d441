//! The render pipelines: one for each drawn [`DrawPath`] and front-face winding, and the
//! translucent variant of the mesh path's (alpha-blended, writing no depth) for each winding,
//! all built from `shaders/instanced.wgsl` by one builder — a set for the caller's targets,
//! and at `high` a second set for high's own multisampled scene — and the bind group layouts they
//! share (the frame's uniform block with the sun's shadow map; the instance buffer as
//! storage, for the pulled paths); and the shadow pass's depth-only pipeline, built when
//! shadows are first asked for, with its own group 0 (the light's uniform block).

use crate::batch::{DrawPath, PULL_GROUP};
use crate::instance::{self, Instance};
use crate::mesh::{self, Provoking, Vertex};
use crate::target::DEPTH_FORMAT;

/// The frame's uniform block, put before each shader that reads it.
pub(crate) const FRAME_WGSL: &str = include_str!("../../../shaders/frame.wgsl");

/// The WGSL of every pipeline but high's passes (after [`FRAME_WGSL`]).
const SHADER: &str = include_str!("../../../shaders/instanced.wgsl");

/// The vertex and fragment entry points of a path's pipeline (`None` for
/// [`DrawPath::None`], which has none); the mesh's pixels with the ambient occlusion where
/// `occluded` (`high`'s pipelines).
fn entry_points(path: DrawPath, occluded: bool) -> Option<(&'static str, &'static str)> {
    match path {
        DrawPath::None => None,
        DrawPath::Mesh if occluded => Some(("vs_main", "fs_main_occluded")),
        DrawPath::Mesh => Some(("vs_main", "fs_main")),
        DrawPath::ThreeFaceCubes => Some(("vs_three_face_cube", "fs_lit")),
        DrawPath::SmallCubes => Some(("vs_small_cube", "fs_lit")),
        DrawPath::PulledSmallCubes => Some(("vs_pulled_small_cube", "fs_lit")),
        DrawPath::PulledThreeFaceCubes => Some(("vs_pulled_three_face_cube", "fs_lit")),
    }
}

/// The vertex and fragment entry points of the mesh path's translucent pipeline: the same
/// positions and shading as `vs_main` and `fs_main`, with the instance's alpha passed on.
const TRANSLUCENT_ENTRY_POINTS: (&str, &str) = ("vs_translucent", "fs_translucent");

/// How a translucent batch's colour meets the target's: colour `src_alpha`,
/// `one_minus_src_alpha`; alpha `one`, `one_minus_src_alpha` (over an opaque pixel it stays
/// opaque).
const TRANSLUCENT_BLEND: wgpu::BlendState = wgpu::BlendState {
    color: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::SrcAlpha,
        dst_factor: wgpu::BlendFactor::OneMinusSrcAlpha,
        operation: wgpu::BlendOperation::Add,
    },
    alpha: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::One,
        dst_factor: wgpu::BlendFactor::OneMinusSrcAlpha,
        operation: wgpu::BlendOperation::Add,
    },
};

/// The vertex buffers of the instanced paths: the mesh's vertices, then the instances.
const INSTANCED_BUFFERS: [Option<wgpu::VertexBufferLayout<'static>>; 2] = [
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

/// The scene pass's pipelines for one kind of target (its colour format and samples).
#[derive(Debug)]
pub(crate) struct ScenePipelines {
    /// By drawn path ([`DrawPath::pipeline`]), counter-clockwise and clockwise front faces
    /// (for mirroring views).
    by_path: [[wgpu::RenderPipeline; 2]; DrawPath::DRAWN.len()],
    /// The mesh path's translucent variant, for both windings as `by_path`.
    translucent_mesh: [wgpu::RenderPipeline; 2],
    /// The sky at `high`: a quad from the horizon up on the far plane, drawn after the opaque
    /// batches where nothing covers it (`vs_sky`, `fs_sky`).
    pub sky: wgpu::RenderPipeline,
}

impl ScenePipelines {
    /// The pipeline of `path`, for a mirroring view or not, translucent or not; none for
    /// [`DrawPath::None`]. Only the mesh path has a translucent variant: any other path is
    /// drawn opaque (the renderer draws translucent batches by the mesh path only).
    pub fn get(
        &self,
        path: DrawPath,
        mirrored: bool,
        translucent: bool,
    ) -> Option<&wgpu::RenderPipeline> {
        let by_face = match (path, translucent) {
            (DrawPath::Mesh, true) => &self.translucent_mesh,
            _ => &self.by_path[path.pipeline()?],
        };
        Some(&by_face[usize::from(mirrored)])
    }
}

/// Every pipeline, and the layouts of the bind groups drawing with them takes.
#[derive(Debug)]
pub(crate) struct Pipelines {
    /// The scene pass's pipelines for the caller's targets.
    pub scene: ScenePipelines,
    /// The same with the meshes' ambient occlusion, once `high` was asked for
    /// ([`Pipelines::high`]): for high's own multisampled scene (where it has one), and for
    /// the caller's targets.
    high: Option<(Option<ScenePipelines>, ScenePipelines)>,
    /// Group 0: the frame's uniform block.
    pub frame_layout: wgpu::BindGroupLayout,
    /// Group 1 of the pulled paths: the instance buffer as storage.
    pub instances_layout: wgpu::BindGroupLayout,
    /// Group 0 of the shadow pass, and of high's passes: the uniform block alone.
    pub light_layout: wgpu::BindGroupLayout,
    /// The shadow pass's pipelines, once shadows were asked for ([`Pipelines::shadow`]).
    shadow: Option<ShadowPipelines>,
    /// The shader, its constants and the scene's pipeline layouts, kept to build the shadow
    /// pipelines and high's scene pipelines when first asked for.
    shader: wgpu::ShaderModule,
    constants: [(&'static str, f64); 2],
    /// For the paths fed by vertex buffers (mesh and instances).
    instanced: wgpu::PipelineLayout,
    /// For the paths reading the instances from storage.
    pulled: wgpu::PipelineLayout,
}

/// The shadow pass's pipelines, depth only, both faces, depth biased by the slope so that a
/// lit surface does not shadow itself: a batch's mesh (`vs_shadow`), cubes of every size
/// instanced (`vs_shadow_three_face_cube`: three faces or, a texel or two wide in the map, one
/// triangle), and the two pulled paths.
#[derive(Debug)]
pub(crate) struct ShadowPipelines {
    /// A mesh and its instances.
    pub mesh: wgpu::RenderPipeline,
    /// Instanced cubes (the three-face and small cube paths).
    pub three_face: wgpu::RenderPipeline,
    /// Pulled three-face cubes.
    pub pulled_three_face: wgpu::RenderPipeline,
    /// Pulled small cubes.
    pub pulled_small: wgpu::RenderPipeline,
}

/// A shadow pass pipeline of vertex stage `entry`, over `buffers` (none: pulled).
fn shadow_pipeline(
    device: &wgpu::Device,
    shader: &wgpu::ShaderModule,
    layout: &wgpu::PipelineLayout,
    entry: &'static str,
    buffers: &[Option<wgpu::VertexBufferLayout<'_>>],
    constants: &[(&str, f64)],
) -> wgpu::RenderPipeline {
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(entry),
        layout: Some(layout),
        vertex: wgpu::VertexState {
            module: shader,
            entry_point: Some(entry),
            compilation_options: wgpu::PipelineCompilationOptions {
                constants,
                ..Default::default()
            },
            buffers,
        },
        primitive: wgpu::PrimitiveState {
            topology: wgpu::PrimitiveTopology::TriangleList,
            cull_mode: None,
            ..Default::default()
        },
        depth_stencil: Some(wgpu::DepthStencilState {
            format: DEPTH_FORMAT,
            depth_write_enabled: Some(true),
            depth_compare: Some(wgpu::CompareFunction::Less),
            stencil: wgpu::StencilState::default(),
            bias: wgpu::DepthBiasState {
                constant: 2,
                slope_scale: 2.0,
                clamp: 0.0,
            },
        }),
        multisample: wgpu::MultisampleState::default(),
        fragment: None,
        multiview_mask: None,
        cache: None,
    })
}

impl Pipelines {
    /// The pipelines for targets of `color_format` with `samples` MSAA samples, their
    /// flat-shaded triangles ordered for the `provoking` convention.
    pub fn new(
        device: &wgpu::Device,
        provoking: Provoking,
        color_format: wgpu::TextureFormat,
        samples: u32,
    ) -> Pipelines {
        let frame_layout = frame_layout(device);
        let instances_layout = instances_layout(device);
        let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("instanced"),
            source: wgpu::ShaderSource::Wgsl([FRAME_WGSL, SHADER].concat().into()),
        });
        let instanced = pipeline_layout(device, "instanced", &[&frame_layout]);
        let pulled = pipeline_layout(device, "pulled", &[&frame_layout, &instances_layout]);
        let constants = [
            (
                "provoking_last",
                f64::from(u8::from(provoking == Provoking::Last)),
            ),
            ("pull_group", f64::from(PULL_GROUP)),
        ];
        let scene = Builder {
            device,
            shader: &shader,
            instanced: &instanced,
            pulled: &pulled,
            constants: &constants,
            color_format,
            samples,
            occluded: false,
        }
        .scene_set();
        Pipelines {
            scene,
            high: None,
            instanced,
            pulled,
            frame_layout,
            instances_layout,
            light_layout: light_layout(device),
            shadow: None,
            constants,
            shader,
        }
    }

    /// Builds, the first time, `high`'s scene pipelines: for its own scene (`own`: its colour
    /// format and samples, where it has one) and for the caller's targets (`caller`).
    pub fn build_high(
        &mut self,
        device: &wgpu::Device,
        own: Option<(wgpu::TextureFormat, u32)>,
        caller: (wgpu::TextureFormat, u32),
    ) {
        if self.high.is_some() {
            return;
        }
        let set = |(color_format, samples)| {
            Builder {
                device,
                shader: &self.shader,
                instanced: &self.instanced,
                pulled: &self.pulled,
                constants: &self.constants,
                color_format,
                samples,
                occluded: true,
            }
            .scene_set()
        };
        self.high = Some((own.map(set), set(caller)));
    }

    /// `high`'s scene pipelines, if they were built: for its own scene (`own`) or the
    /// caller's targets.
    pub fn high(&self, own: bool) -> Option<&ScenePipelines> {
        let (own_set, caller_set) = self.high.as_ref()?;
        if own {
            own_set.as_ref()
        } else {
            Some(caller_set)
        }
    }

    /// The shadow pass's pipelines, built the first time ([`ShadowPipelines`]).
    pub fn shadow(&mut self, device: &wgpu::Device) -> &ShadowPipelines {
        let (shader, light, instances) = (&self.shader, &self.light_layout, &self.instances_layout);
        let constants = self.constants;
        self.shadow.get_or_insert_with(|| {
            let instanced = pipeline_layout(device, "shadow", &[light]);
            let pulled = pipeline_layout(device, "shadow pulled", &[light, instances]);
            let build = |entry: &'static str, pulled_path: bool| {
                let (layout, buffers): (_, &[_]) = if pulled_path {
                    (&pulled, &[])
                } else {
                    (&instanced, &INSTANCED_BUFFERS)
                };
                shadow_pipeline(device, shader, layout, entry, buffers, &constants)
            };
            ShadowPipelines {
                mesh: build("vs_shadow", false),
                three_face: build("vs_shadow_three_face_cube", false),
                pulled_three_face: build("vs_shadow_pulled_three_face_cube", true),
                pulled_small: build("vs_shadow_pulled_small_cube", true),
            }
        })
    }

    /// The shadow pass's pipelines, if they were built.
    pub fn shadow_built(&self) -> Option<&ShadowPipelines> {
        self.shadow.as_ref()
    }

    /// Group 0 of the scene pass: the frame's `uniform` block, the sun's shadow `map` and its
    /// comparison `sampler`.
    pub fn frame_bind_group(
        &self,
        device: &wgpu::Device,
        uniform: &wgpu::Buffer,
        map: &wgpu::TextureView,
        sampler: &wgpu::Sampler,
    ) -> wgpu::BindGroup {
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("frame"),
            layout: &self.frame_layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: uniform.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::TextureView(map),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: wgpu::BindingResource::Sampler(sampler),
                },
            ],
        })
    }
}

/// Group 0: the frame's uniform block, and the sun's shadow map with its comparison sampler.
fn frame_layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("frame"),
        entries: &[
            UNIFORM_ENTRY,
            wgpu::BindGroupLayoutEntry {
                binding: 1,
                visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
                ty: wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Depth,
                    view_dimension: wgpu::TextureViewDimension::D2,
                    multisampled: false,
                },
                count: None,
            },
            wgpu::BindGroupLayoutEntry {
                binding: 2,
                visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
                ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Comparison),
                count: None,
            },
        ],
    })
}

/// The frame's uniform block, read by both stages (binding 0 of group 0).
const UNIFORM_ENTRY: wgpu::BindGroupLayoutEntry = wgpu::BindGroupLayoutEntry {
    binding: 0,
    visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
    ty: wgpu::BindingType::Buffer {
        ty: wgpu::BufferBindingType::Uniform,
        has_dynamic_offset: false,
        min_binding_size: None,
    },
    count: None,
};

/// Group 0 of the shadow pass: the light's uniform block alone (the map it draws into is
/// not bound).
fn light_layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("light"),
        entries: &[UNIFORM_ENTRY],
    })
}

/// Group 1 of the pulled paths: a batch's instance buffer, read as storage by the vertex
/// stage.
fn instances_layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
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
    })
}

fn pipeline_layout(
    device: &wgpu::Device,
    label: &str,
    groups: &[&wgpu::BindGroupLayout],
) -> wgpu::PipelineLayout {
    let groups: Vec<Option<&wgpu::BindGroupLayout>> = groups.iter().copied().map(Some).collect();
    device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: Some(label),
        bind_group_layouts: &groups,
        immediate_size: 0,
    })
}

/// Whether a pipeline draws opaque or translucent instances.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Blending {
    /// Colour (alpha 1) replaces the target's; depth is written.
    Opaque,
    /// The instance's alpha blends its colour over the target's ([`TRANSLUCENT_BLEND`]);
    /// depth is tested, not written.
    Translucent,
}

/// What every pipeline shares: the shader, the layouts, the constants and the target.
struct Builder<'a> {
    device: &'a wgpu::Device,
    shader: &'a wgpu::ShaderModule,
    /// For the paths fed by vertex buffers (mesh and instances).
    instanced: &'a wgpu::PipelineLayout,
    /// For the paths reading the instances from storage.
    pulled: &'a wgpu::PipelineLayout,
    /// The shader's override constants: the provoking-vertex convention and [`PULL_GROUP`].
    constants: &'a [(&'static str, f64); 2],
    /// Whether the meshes' pixels take the ambient occlusion (`high`'s own scene).
    occluded: bool,
    color_format: wgpu::TextureFormat,
    samples: u32,
}

impl Builder<'_> {
    /// Every scene pipeline for the builder's target.
    fn scene_set(&self) -> ScenePipelines {
        let faces = [wgpu::FrontFace::Ccw, wgpu::FrontFace::Cw];
        ScenePipelines {
            by_path: DrawPath::DRAWN
                .map(|path| faces.map(|face| self.build(path, face, Blending::Opaque))),
            translucent_mesh: faces
                .map(|face| self.build(DrawPath::Mesh, face, Blending::Translucent)),
            sky: self.sky(),
        }
    }

    /// The sky's pipeline: no vertex buffers, on the far plane, depth tested (`LessEqual`: it
    /// is drawn after the opaque batches, only where the depth is still clear) and not
    /// written, the scene pass's target.
    fn sky(&self) -> wgpu::RenderPipeline {
        self.pipeline(
            self.instanced,
            ("vs_sky", &[]),
            "fs_sky",
            wgpu::PrimitiveState::default(),
            (false, wgpu::CompareFunction::LessEqual),
            None,
        )
    }

    /// A scene pass pipeline: `vertex` (its entry point and buffers) and `fragment` over
    /// `layout`, the triangles as `primitive` says, depth written or not and compared as
    /// `depth` says, the colour blended by `blend` (replaced where `None`).
    fn pipeline(
        &self,
        layout: &wgpu::PipelineLayout,
        (vertex, buffers): (&'static str, &[Option<wgpu::VertexBufferLayout<'_>>]),
        fragment: &str,
        primitive: wgpu::PrimitiveState,
        (depth_write, depth_compare): (bool, wgpu::CompareFunction),
        blend: Option<wgpu::BlendState>,
    ) -> wgpu::RenderPipeline {
        self.device
            .create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(vertex),
                layout: Some(layout),
                vertex: wgpu::VertexState {
                    module: self.shader,
                    entry_point: Some(vertex),
                    compilation_options: wgpu::PipelineCompilationOptions {
                        constants: self.constants,
                        ..Default::default()
                    },
                    buffers,
                },
                primitive,
                depth_stencil: Some(wgpu::DepthStencilState {
                    format: DEPTH_FORMAT,
                    depth_write_enabled: Some(depth_write),
                    depth_compare: Some(depth_compare),
                    stencil: wgpu::StencilState::default(),
                    bias: wgpu::DepthBiasState::default(),
                }),
                multisample: wgpu::MultisampleState {
                    count: self.samples,
                    ..Default::default()
                },
                fragment: Some(wgpu::FragmentState {
                    module: self.shader,
                    entry_point: Some(fragment),
                    compilation_options: wgpu::PipelineCompilationOptions::default(),
                    targets: &[Some(wgpu::ColorTargetState {
                        format: self.color_format,
                        blend,
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                }),
                multiview_mask: None,
                cache: None,
            })
    }

    /// The pipeline of `path` (one of [`DrawPath::DRAWN`]) with `front_face` as the front,
    /// `blending` as it says (translucent: the mesh path only).
    fn build(
        &self,
        path: DrawPath,
        front_face: wgpu::FrontFace,
        blending: Blending,
    ) -> wgpu::RenderPipeline {
        let translucent = blending == Blending::Translucent;
        debug_assert!(!translucent || path == DrawPath::Mesh, "{path:?}");
        let (vertex_entry, fragment_entry) = if translucent {
            TRANSLUCENT_ENTRY_POINTS
        } else {
            entry_points(path, self.occluded)
                .expect("every drawn path has entry points (see the tests)")
        };
        let (layout, buffers): (_, &[_]) = if path.pulled() {
            (&self.pulled, &[])
        } else {
            (&self.instanced, &INSTANCED_BUFFERS)
        };
        let primitive = wgpu::PrimitiveState {
            topology: wgpu::PrimitiveTopology::TriangleList,
            front_face,
            cull_mode: Some(wgpu::Face::Back),
            ..Default::default()
        };
        self.pipeline(
            layout,
            (vertex_entry, buffers),
            fragment_entry,
            primitive,
            (!translucent, wgpu::CompareFunction::Less),
            translucent.then_some(TRANSLUCENT_BLEND),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_drawn_path_has_entry_points_in_the_shader() {
        assert_eq!(entry_points(DrawPath::None, false), None);
        for (path, occluded) in DrawPath::DRAWN
            .into_iter()
            .flat_map(|p| [(p, false), (p, true)])
        {
            let (vertex, fragment) = entry_points(path, occluded).unwrap_or_default();
            for entry in [vertex, fragment] {
                assert!(!entry.is_empty(), "{path:?}");
                assert!(
                    SHADER.contains(&format!("fn {entry}(")),
                    "{path:?}: {entry}"
                );
            }
        }
    }

    #[test]
    fn the_translucent_mesh_pipeline_has_entry_points_in_the_shader() {
        let (vertex, fragment) = TRANSLUCENT_ENTRY_POINTS;
        for entry in [vertex, fragment] {
            assert!(SHADER.contains(&format!("fn {entry}(")), "{entry}");
        }
        // Distinct from the opaque mesh path's, which write alpha 1.
        assert_ne!(
            entry_points(DrawPath::Mesh, false),
            Some(TRANSLUCENT_ENTRY_POINTS)
        );
        assert_eq!(
            TRANSLUCENT_BLEND.color.src_factor,
            wgpu::BlendFactor::SrcAlpha
        );
        assert_eq!(
            TRANSLUCENT_BLEND.color.dst_factor,
            wgpu::BlendFactor::OneMinusSrcAlpha
        );
    }
}
