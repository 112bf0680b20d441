//! The meshes instances are drawn with. Triangles wind counter-clockwise seen from the side
//! their normal points to, in a right-handed frame.
//!
//! Only [`MeshKind`] is public: the geometry, the provoking-vertex convention and the helpers
//! that replay the vertex shader's arithmetic for tests are the renderer's own.
//!
//! The rooms: `mesh/vertex.rs` (a mesh's vertex and its shader attributes), `mesh/shapes.rs`
//! (the plain meshes: cube, sphere, dome, cylinder, flat polygons on the ground),
//! `mesh/three_face.rs` (the three-face cube the vertex shader turns to its camera, its small
//! form and the pulled cubes' indices), `mesh/tests.rs` (its tests).

mod shapes;
#[cfg(test)]
mod tests;
mod three_face;
mod vertex;

pub(crate) use three_face::{Provoking, pulled_three_face_cubes};
pub(crate) use vertex::{ATTRIBUTES, Vertex};

use shapes::{
    DOME_RINGS, ROUND_SEGMENTS, SPHERE_RINGS, SPHERE_SEGMENTS, cube, cylinder, dome, flat, sphere,
};
use three_face::{small_cube, three_face_cube};
use wgpu::util::DeviceExt;

/// The meshes the renderer knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeshKind {
    /// The unit cube, `[-½, ½]³`: 8 corners, 12 triangles (the 6 facing away are culled after
    /// they are assembled).
    Cube,
    /// The three-face cube: the same unit cube drawn as only the (at most three) faces its
    /// camera can see (`--cube visible`; `three-face` in reports): 7 corners,
    /// 6 triangles, placed per instance by the vertex shader from which side of each face pair
    /// the camera is on. The same picture as [`MeshKind::Cube`] for
    /// instances whose model matrix is a translation, a rotation and a positive scale per axis
    /// (no shear, no mirroring).
    ThreeFaceCube,
    /// The three-face cube as it is drawn when small on screen (a pixel or two): one triangle
    /// across its outline, 3 corners, the same picture as a small [`MeshKind::ThreeFaceCube`].
    /// For batches whose every instance is known to be that small, which then send no
    /// collapsed triangles at all.
    SmallCube,
    /// A flat arrow on the `y = 0` plane pointing to `+z`, about 0.6 long, facing `+y`.
    Arrow,
    /// The unit square on the `y = 0` plane, `[-½, ½]` in `x` and `z`, facing `+y`.
    Quad,
    /// The sphere of diameter 1 centred at the origin (inside the same `[-½, ½]³` box as
    /// [`MeshKind::Cube`]): a UV sphere of 16 rings × 24 segments about the `y` axis, 362
    /// vertices, 720 triangles facing outwards, closed. Drawn by the plain mesh path and shaded
    /// flat like every mesh, so its facets show up close.
    Sphere,
    /// A dome filling the same unit box: the upper half of a sphere stretched from its flat
    /// base (a disc of radius ½ at `y = −½`) to its top at `y = ½`; 8 bands × 24 slices,
    /// closed by its base.
    Dome,
    /// A cylinder filling the same unit box: axis `y`, radius ½, from `y = −½` to `y = ½`,
    /// 24 slices, closed by its two discs.
    Cylinder,
}

impl MeshKind {
    /// Every mesh, in the renderer's storage order.
    pub(crate) const ALL: [MeshKind; 8] = [
        MeshKind::Cube,
        MeshKind::ThreeFaceCube,
        MeshKind::SmallCube,
        MeshKind::Arrow,
        MeshKind::Quad,
        MeshKind::Sphere,
        MeshKind::Dome,
        MeshKind::Cylinder,
    ];

    /// Whether the vertex shader places this mesh's corners per instance (its vertices hold
    /// corner codes, not positions; see `three_face.rs`).
    #[cfg(test)]
    fn placed_by_shader(self) -> bool {
        matches!(self, MeshKind::ThreeFaceCube | MeshKind::SmallCube)
    }

    /// The mesh's vertices and triangle indices, for a backend whose flat-shaded outputs come
    /// from each triangle's first vertex (Vulkan, Direct3D, Metal).
    #[cfg(test)]
    fn geometry(self) -> (Vec<Vertex>, Vec<u16>) {
        self.geometry_for(Provoking::First)
    }

    /// The mesh's vertices and triangle indices for a backend whose flat-shaded outputs come
    /// from `provoking` vertex of each triangle.
    pub(crate) fn geometry_for(self, provoking: Provoking) -> (Vec<Vertex>, Vec<u16>) {
        match self {
            MeshKind::Cube => cube(),
            MeshKind::ThreeFaceCube => three_face_cube(provoking),
            MeshKind::SmallCube => small_cube(provoking),
            MeshKind::Arrow => flat(&[
                // Shaft, then head.
                &[[-0.06, -0.3], [-0.06, 0.05], [0.06, 0.05], [0.06, -0.3]],
                &[[-0.18, 0.05], [0.0, 0.3], [0.18, 0.05]],
            ]),
            MeshKind::Quad => flat(&[&[[-0.5, -0.5], [-0.5, 0.5], [0.5, 0.5], [0.5, -0.5]]]),
            MeshKind::Sphere => sphere(SPHERE_RINGS, SPHERE_SEGMENTS),
            MeshKind::Dome => dome(DOME_RINGS, ROUND_SEGMENTS),
            MeshKind::Cylinder => cylinder(ROUND_SEGMENTS),
        }
    }
}

/// A mesh on the GPU.
#[derive(Debug)]
pub(crate) struct GpuMesh {
    pub vertices: wgpu::Buffer,
    pub indices: wgpu::Buffer,
    pub index_count: u32,
}

impl GpuMesh {
    /// Uploads `kind`, its triangles ordered for the `provoking` convention.
    pub fn new(device: &wgpu::Device, kind: MeshKind, provoking: Provoking) -> GpuMesh {
        let (vertices, indices) = kind.geometry_for(provoking);
        GpuMesh {
            vertices: device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("mesh vertices"),
                contents: bytemuck::cast_slice(&vertices),
                usage: wgpu::BufferUsages::VERTEX,
            }),
            indices: index_buffer(device, "mesh indices", &indices),
            index_count: indices.len() as u32,
        }
    }

    /// Every mesh, in [`MeshKind::ALL`]'s order.
    pub fn all(device: &wgpu::Device, provoking: Provoking) -> Vec<GpuMesh> {
        MeshKind::ALL
            .iter()
            .map(|&kind| GpuMesh::new(device, kind, provoking))
            .collect()
    }
}

/// A 16-bit index buffer holding `indices`.
pub(crate) fn index_buffer(device: &wgpu::Device, label: &str, indices: &[u16]) -> wgpu::Buffer {
    device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some(label),
        contents: bytemuck::cast_slice(indices),
        usage: wgpu::BufferUsages::INDEX,
    })
}
