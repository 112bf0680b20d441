//! The meshes instances are drawn with. Triangles wind counter-clockwise seen from the side
//! their normal points to, in a right-handed frame.

use bytemuck::{Pod, Zeroable};
use wgpu::util::DeviceExt;

/// One mesh vertex.
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[repr(C)]
pub struct Vertex {
    /// Position in model space.
    pub position: [f32; 3],
    /// Unit normal in model space.
    pub normal: [f32; 3],
}

/// The vertex attributes of [`Vertex`], at shader locations 0–1.
pub(crate) const ATTRIBUTES: [wgpu::VertexAttribute; 2] =
    wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x3];

/// The meshes the renderer knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeshKind {
    /// The unit cube, `[-½, ½]³`.
    Cube,
    /// A flat arrow on the `y = 0` plane pointing to `+z`, about 0.6 long, facing `+y`.
    Arrow,
    /// The unit square on the `y = 0` plane, `[-½, ½]` in `x` and `z`, facing `+y`.
    Quad,
}

impl MeshKind {
    /// Every mesh, in the renderer's storage order.
    pub const ALL: [MeshKind; 3] = [MeshKind::Cube, MeshKind::Arrow, MeshKind::Quad];

    /// The mesh's vertices and triangle indices.
    pub fn geometry(self) -> (Vec<Vertex>, Vec<u16>) {
        match self {
            MeshKind::Cube => cube(),
            MeshKind::Arrow => flat(&[
                // Shaft, then head.
                &[[-0.06, -0.3], [-0.06, 0.05], [0.06, 0.05], [0.06, -0.3]],
                &[[-0.18, 0.05], [0.0, 0.3], [0.18, 0.05]],
            ]),
            MeshKind::Quad => flat(&[&[[-0.5, -0.5], [-0.5, 0.5], [0.5, 0.5], [0.5, -0.5]]]),
        }
    }
}

/// The unit cube: its 8 corners (shading takes face normals from derivatives, so corners are
/// shared); each corner's normal attribute is its outward diagonal.
fn cube() -> (Vec<Vertex>, Vec<u16>) {
    let vertices = (0..8)
        .map(|i| {
            let corner = [i & 1, (i >> 1) & 1, (i >> 2) & 1].map(|b| b as f32 - 0.5);
            let len = (3.0f32 * 0.25).sqrt();
            Vertex {
                position: corner,
                normal: corner.map(|c| c / len),
            }
        })
        .collect();
    // Corner index = x + 2y + 4z. Two triangles per face, counter-clockwise from outside.
    let indices = vec![
        1, 3, 7, 1, 7, 5, // +x
        0, 4, 6, 0, 6, 2, // -x
        2, 6, 7, 2, 7, 3, // +y
        0, 1, 5, 0, 5, 4, // -y
        4, 5, 7, 4, 7, 6, // +z
        0, 2, 3, 0, 3, 1, // -z
    ];
    (vertices, indices)
}

/// Flat convex polygons on `y = 0`, each given as `(x, z)` corners counter-clockwise seen from
/// above, fanned into triangles.
fn flat(polygons: &[&[[f32; 2]]]) -> (Vec<Vertex>, Vec<u16>) {
    let mut vertices = Vec::new();
    let mut indices = Vec::new();
    for polygon in polygons {
        let base = vertices.len() as u16;
        for &[x, z] in *polygon {
            vertices.push(Vertex {
                position: [x, 0.0, z],
                normal: [0.0, 1.0, 0.0],
            });
        }
        for k in 1..polygon.len() as u16 - 1 {
            indices.extend_from_slice(&[base, base + k, base + k + 1]);
        }
    }
    (vertices, indices)
}

/// A mesh on the GPU.
#[derive(Debug)]
pub(crate) struct GpuMesh {
    pub vertices: wgpu::Buffer,
    pub indices: wgpu::Buffer,
    pub index_count: u32,
}

impl GpuMesh {
    /// Uploads `kind`.
    pub fn new(device: &wgpu::Device, kind: MeshKind) -> GpuMesh {
        let (vertices, indices) = kind.geometry();
        GpuMesh {
            vertices: device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("mesh vertices"),
                contents: bytemuck::cast_slice(&vertices),
                usage: wgpu::BufferUsages::VERTEX,
            }),
            indices: device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("mesh indices"),
                contents: bytemuck::cast_slice(&indices),
                usage: wgpu::BufferUsages::INDEX,
            }),
            index_count: indices.len() as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    }

    #[test]
    fn every_triangle_winds_counter_clockwise_around_its_normal() {
        for kind in MeshKind::ALL {
            let (v, idx) = kind.geometry();
            for t in idx.chunks(3) {
                let [a, b, c] = [0, 1, 2].map(|k| v[t[k] as usize].position);
                let e1 = [0, 1, 2].map(|i| b[i] - a[i]);
                let e2 = [0, 1, 2].map(|i| c[i] - a[i]);
                let n = cross(e1, e2);
                let normal = v[t[0] as usize].normal;
                let dot: f32 = (0..3).map(|i| n[i] * normal[i]).sum();
                assert!(dot > 0.0, "{kind:?} triangle {t:?} winds the wrong way");
            }
        }
        let (v, idx) = MeshKind::Cube.geometry();
        assert_eq!((v.len(), idx.len()), (8, 36));
        assert!(v.iter().all(|v| v.position.iter().all(|c| c.abs() == 0.5)));
        // Each face's two triangles lie on that face.
        for face in idx.chunks(6) {
            let on = |axis: usize| {
                face.iter()
                    .all(|&i| v[i as usize].position[axis] == v[face[0] as usize].position[axis])
            };
            assert!((0..3).any(on), "{face:?} is not one face");
        }
    }
}
