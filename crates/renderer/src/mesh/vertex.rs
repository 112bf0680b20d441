//! A mesh's vertex: position and normal in model space, and their attributes in the shader.

use bytemuck::{Pod, Zeroable};

/// One mesh vertex.
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[repr(C)]
pub(crate) struct Vertex {
    /// Position in model space.
    pub position: [f32; 3],
    /// Unit normal in model space.
    pub normal: [f32; 3],
}

/// The vertex attributes of [`Vertex`], at shader locations 0–1.
pub(crate) const ATTRIBUTES: [wgpu::VertexAttribute; 2] =
    wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x3];
