//! The render pipelines: one for each drawn [`DrawPath`] and front-face winding, all built
//! from `shaders/instanced.wgsl` by one builder, and the two bind group layouts they share (the
//! frame's uniform block; the instance buffer as storage, for the pulled paths).

use crate::batch::{DrawPath, PULL_GROUP};
use crate::instance::{self, Instance};
use crate::mesh::{self, Provoking, Vertex};
use crate::target::DEPTH_FORMAT;

/// The WGSL of every pipeline.
const SHADER: &str = include_str!("../../../shaders/instanced.wgsl");

/// The vertex and fragment entry points of a path's pipeline (`None` for
/// [`DrawPath::None`], which has none).
fn entry_points(path: DrawPath) -> Option<(&'static str, &'static str)> {
    match path {
        DrawPath::None => None,
        DrawPath::Mesh => Some(("vs_main", "fs_main")),
        DrawPath::ThreeFaceCubes => Some(("vs_three_face_cube", "fs_lit")),
        DrawPath::SmallCubes => Some(("vs_small_cube", "fs_lit")),
        DrawPath::PulledSmallCubes => Some(("vs_pulled_small_cube", "fs_lit")),
        DrawPath::PulledThreeFaceCubes => Some(("vs_pulled_three_face_cube", "fs_lit")),
    }
}

/// Every pipeline, and the layouts of the bind groups drawing with them takes.
#[derive(Debug)]
pub(crate) struct Pipelines {
    /// By drawn path ([`DrawPath::pipeline`]), counter-clockwise and clockwise front faces
    /// (for mirroring views).
    by_path: [[wgpu::RenderPipeline; 2]; DrawPath::DRAWN.len()],
    /// Group 0: the frame's uniform block.
    pub frame_layout: wgpu::BindGroupLayout,
    /// Group 1 of the pulled paths: the instance buffer as storage.
    pub instances_layout: wgpu::BindGroupLayout,
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
        let builder = Builder {
            device,
            shader: device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some("instanced"),
                source: wgpu::ShaderSource::Wgsl(SHADER.into()),
            }),
            instanced: pipeline_layout(device, "instanced", &[&frame_layout]),
            pulled: pipeline_layout(device, "pulled", &[&frame_layout, &instances_layout]),
            constants: [
                (
                    "provoking_last",
                    f64::from(u8::from(provoking == Provoking::Last)),
                ),
                ("pull_group", f64::from(PULL_GROUP)),
            ],
            color_format,
            samples,
        };
        Pipelines {
            by_path: DrawPath::DRAWN.map(|path| {
                [wgpu::FrontFace::Ccw, wgpu::FrontFace::Cw].map(|face| builder.build(path, face))
            }),
            frame_layout,
            instances_layout,
        }
    }

    /// The pipeline of `path`, for a mirroring view or not; none for [`DrawPath::None`].
    pub fn get(&self, path: DrawPath, mirrored: bool) -> Option<&wgpu::RenderPipeline> {
        Some(&self.by_path[path.pipeline()?][usize::from(mirrored)])
    }
}

/// Group 0: the frame's uniform block, read by both stages.
fn frame_layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
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

/// What every pipeline shares: the shader, the layouts, the constants and the target.
struct Builder<'a> {
    device: &'a wgpu::Device,
    shader: wgpu::ShaderModule,
    /// For the paths fed by vertex buffers (mesh and instances).
    instanced: wgpu::PipelineLayout,
    /// For the paths reading the instances from storage.
    pulled: wgpu::PipelineLayout,
    /// The shader's override constants: the provoking-vertex convention and [`PULL_GROUP`].
    constants: [(&'static str, f64); 2],
    color_format: wgpu::TextureFormat,
    samples: u32,
}

impl Builder<'_> {
    /// The pipeline of `path` (one of [`DrawPath::DRAWN`]) with `front_face` as the front.
    fn build(&self, path: DrawPath, front_face: wgpu::FrontFace) -> wgpu::RenderPipeline {
        let (vertex_entry, fragment_entry) =
            entry_points(path).expect("every drawn path has entry points (see the tests)");
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
        let (layout, buffers): (_, &[_]) = if path.pulled() {
            (&self.pulled, &[])
        } else {
            (&self.instanced, &instanced_buffers)
        };
        self.device
            .create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(vertex_entry),
                layout: Some(layout),
                vertex: wgpu::VertexState {
                    module: &self.shader,
                    entry_point: Some(vertex_entry),
                    compilation_options: wgpu::PipelineCompilationOptions {
                        constants: &self.constants,
                        ..Default::default()
                    },
                    buffers,
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
                    count: self.samples,
                    ..Default::default()
                },
                fragment: Some(wgpu::FragmentState {
                    module: &self.shader,
                    entry_point: Some(fragment_entry),
                    compilation_options: wgpu::PipelineCompilationOptions::default(),
                    targets: &[Some(wgpu::ColorTargetState {
                        format: self.color_format,
                        blend: None,
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                }),
                multiview_mask: None,
                cache: None,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_drawn_path_has_entry_points_in_the_shader() {
        assert_eq!(entry_points(DrawPath::None), None);
        for path in DrawPath::DRAWN {
            let (vertex, fragment) = entry_points(path).unwrap_or_default();
            for entry in [vertex, fragment] {
                assert!(!entry.is_empty(), "{path:?}");
                assert!(
                    SHADER.contains(&format!("fn {entry}(")),
                    "{path:?}: {entry}"
                );
            }
        }
    }
}
