//! The per-instance data every batch holds.

use bytemuck::{Pod, Zeroable};

/// One instance: a column-major model matrix and an sRGB colour, red in the lowest byte.
/// 68 bytes, `#[repr(C)]`.
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[repr(C)]
pub struct Instance {
    /// Column-major model matrix.
    pub model: [[f32; 4]; 4],
    /// sRGB colour with alpha, 8 bits each, red in the lowest byte.
    pub color: u32,
}

impl Instance {
    /// An instance from a glam matrix and a colour.
    pub fn new(model: glam::Mat4, color: [u8; 4]) -> Instance {
        Instance {
            model: model.to_cols_array_2d(),
            color: u32::from_le_bytes(color),
        }
    }
}

/// The vertex attributes of [`Instance`], at shader locations 2–6.
pub(crate) const ATTRIBUTES: [wgpu::VertexAttribute; 5] = wgpu::vertex_attr_array![
    2 => Float32x4, 3 => Float32x4, 4 => Float32x4, 5 => Float32x4, 6 => Unorm8x4
];
