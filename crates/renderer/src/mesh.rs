//! The meshes instances are drawn with. Triangles wind counter-clockwise seen from the side
//! their normal points to, in a right-handed frame.
//!
//! Only [`MeshKind`] is public: the geometry, the provoking-vertex convention and the helpers
//! that replay the vertex shader's arithmetic for tests are the renderer's own.

use bytemuck::{Pod, Zeroable};
use wgpu::util::DeviceExt;

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
}

impl MeshKind {
    /// Every mesh, in the renderer's storage order.
    pub(crate) const ALL: [MeshKind; 6] = [
        MeshKind::Cube,
        MeshKind::ThreeFaceCube,
        MeshKind::SmallCube,
        MeshKind::Arrow,
        MeshKind::Quad,
        MeshKind::Sphere,
    ];

    /// Whether the vertex shader places this mesh's corners per instance (its vertices hold
    /// corner codes, not positions; see [`three_face_cube`]).
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

/// Rings (bands of latitude, pole to pole) of [`MeshKind::Sphere`].
const SPHERE_RINGS: u16 = 16;
/// Segments (slices of longitude around `y`) of [`MeshKind::Sphere`].
const SPHERE_SEGMENTS: u16 = 24;

/// A UV sphere of radius ½ about the origin with `rings` bands of latitude (at least 2) and
/// `segments` slices of longitude (at least 3): one vertex at each pole (`+y` first, `-y`
/// last) and `segments` on each of the `rings - 1` circles between, ring by ring from the
/// top; each normal is its position's direction. Triangles fan from the poles and pair up
/// between circles, counter-clockwise seen from outside (flat shading needs no normals per
/// face, so the vertices are shared and there is no seam).
fn sphere(rings: u16, segments: u16) -> (Vec<Vertex>, Vec<u16>) {
    let point = |polar: f32, azimuth: f32| {
        let normal = [
            polar.sin() * azimuth.cos(),
            polar.cos(),
            polar.sin() * azimuth.sin(),
        ];
        Vertex {
            position: normal.map(|c| 0.5 * c),
            normal,
        }
    };
    let mut vertices = vec![point(0.0, 0.0)];
    for ring in 1..rings {
        let polar = std::f32::consts::PI * f32::from(ring) / f32::from(rings);
        for segment in 0..segments {
            let azimuth = std::f32::consts::TAU * f32::from(segment) / f32::from(segments);
            vertices.push(point(polar, azimuth));
        }
    }
    let south = vertices.len() as u16;
    vertices.push(point(std::f32::consts::PI, 0.0));
    // Vertex `segment` (wrapping) of circle `circle` (1 ..= rings - 1).
    let at = |circle: u16, segment: u16| 1 + (circle - 1) * segments + segment % segments;
    let mut indices = Vec::with_capacity(6 * usize::from(segments) * usize::from(rings - 1));
    for segment in 0..segments {
        // Going round, azimuth turns from `+x` to `+z`; going down, polar angle grows: seen
        // from outside, (here, next round, next down) winds counter-clockwise.
        indices.extend_from_slice(&[0, at(1, segment + 1), at(1, segment)]);
        for circle in 1..rings - 1 {
            let (a, b) = (at(circle, segment), at(circle, segment + 1));
            let (c, d) = (at(circle + 1, segment), at(circle + 1, segment + 1));
            indices.extend_from_slice(&[a, b, c, b, d, c]);
        }
        indices.extend_from_slice(&[at(rings - 1, segment), at(rings - 1, segment + 1), south]);
    }
    (vertices, indices)
}

/// Which vertex of a triangle gives flat-shaded outputs their value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Provoking {
    /// The first (Vulkan, Direct3D, Metal).
    First,
    /// The last (OpenGL's default, which wgpu's GL backend keeps).
    Last,
}

impl Provoking {
    /// The convention of `backend`.
    pub(crate) fn of(backend: wgpu::Backend) -> Provoking {
        if backend == wgpu::Backend::Gl {
            Provoking::Last
        } else {
            Provoking::First
        }
    }
}

/// Which corners [`three_face_cube`]'s outline visits, in order, as the axes flipped from the
/// corner nearest the camera: x, xy, y, yz, z, zx.
const OUTLINE: [[f32; 3]; 6] = [
    [1.0, 0.0, 0.0],
    [1.0, 1.0, 0.0],
    [0.0, 1.0, 0.0],
    [0.0, 1.0, 1.0],
    [0.0, 0.0, 1.0],
    [1.0, 0.0, 1.0],
];

/// The three-face cube: its vertices are *corner codes*, not positions (each component's bit 0
/// the vertex's own code, bit 1 its code when the cube is small on screen; see below). Seen from the camera, a
/// cube shows at most three faces, which meet at the corner nearest the camera and are outlined
/// by a hexagon of the six corners around it; vertex 0 is that corner, vertices 1–6 the
/// hexagon, and the six triangles fan from vertex 0, two per face. Triangle `i` is hexagon
/// vertex `i`, vertex `i + 1`, then vertex 0, turned so that hexagon vertex `i` is the
/// `provoking` vertex: the shader lights it with the face that triangle lies on.
///
/// The vertex shader picks, for each axis, the face on the camera's side (`s`, ±1 per axis)
/// and puts a vertex with code `f` (0 or 1 per axis) at `½ · s · (1 − 2f)`: the code says which
/// axes are flipped away from the nearest corner. `position` holds the code to use when
/// `s.x · s.y · s.z > 0`; mirroring the cube through an odd number of axes would turn its
/// triangles inside out, so `normal` holds the codes of the hexagon walked the other way round,
/// used when the product is negative. Either way every triangle winds counter-clockwise seen
/// from outside the cube, and only faces the camera can see are sent. A cube whose half
/// diagonal covers less than 2.5 pixels on screen (`SMALL_CUBE_PIXELS`) takes the small
/// codes: one triangle across its outline, the other five collapsed to points.
fn three_face_cube(provoking: Provoking) -> (Vec<Vertex>, Vec<u16>) {
    let n = OUTLINE.len();
    // The codes of hexagon vertex `h` walking the outline one way and the other.
    let even = |h: usize| OUTLINE[h];
    let odd = |h: usize| OUTLINE[(n - h) % n];
    // Bit 1 of each component: the code this vertex takes in a small cube.
    let pack = |own: [f32; 3], small: [f32; 3]| [0, 1, 2].map(|k| own[k] + 2.0 * small[k]);
    let mut vertices = vec![Vertex {
        position: pack([0.0; 3], even(SMALL_SLOT[n])),
        normal: pack([0.0; 3], odd(SMALL_SLOT[n])),
    }];
    for (h, &small) in SMALL_SLOT[..n].iter().enumerate() {
        vertices.push(Vertex {
            position: pack(even(h), even(small)),
            normal: pack(odd(h), odd(small)),
        });
    }
    let indices = (0..6u16)
        .flat_map(|i| {
            let (own, next) = (1 + i, 1 + (i + 1) % 6);
            match provoking {
                Provoking::First => [own, next, 0],
                Provoking::Last => [next, 0, own],
            }
        })
        .collect();
    (vertices, indices)
}

/// [`three_face_cube`]'s one small triangle on its own: hexagon vertices 0, 2 and 4, whose own
/// codes are their small codes, hexagon vertex 0 provoking.
fn small_cube(provoking: Provoking) -> (Vec<Vertex>, Vec<u16>) {
    let (cube, _) = three_face_cube(provoking);
    let vertices = vec![cube[1], cube[3], cube[5]];
    let indices = match provoking {
        Provoking::First => vec![0, 1, 2],
        Provoking::Last => vec![1, 2, 0],
    };
    (vertices, indices)
}

/// In a small cube (a pixel or two on screen), the hexagon vertex whose corner each hexagon
/// vertex takes, then the centre's: triangle 0 spans hexagon vertices 0, 2 and 4 (across all
/// three faces, wound the same way) and the other five collapse onto its corners.
const SMALL_SLOT: [usize; 7] = [0, 2, 2, 4, 4, 4, 4];

/// The vertex's own corner code and its code in a small cube, for the side parity of `s`.
#[cfg(test)]
fn codes(vertex: &Vertex, s: [f32; 3]) -> ([f32; 3], [f32; 3]) {
    let packed = if s[0] * s[1] * s[2] > 0.0 {
        vertex.position
    } else {
        vertex.normal
    };
    let small = packed.map(|c| (c * 0.5).floor());
    ([0, 1, 2].map(|k| packed[k] - 2.0 * small[k]), small)
}

/// Where the vertex shader puts a [`three_face_cube`] vertex for a camera on side `s` (±1 per
/// axis) of an instance, drawn whole or `small`: the shader's arithmetic, for tests.
#[cfg(test)]
fn three_face_cube_corner(vertex: &Vertex, s: [f32; 3], small: bool) -> [f32; 3] {
    let (own, small_code) = codes(vertex, s);
    let code = if small { small_code } else { own };
    [0, 1, 2].map(|k| 0.5 * s[k] * (1.0 - 2.0 * code[k]))
}

/// The axis of the face whose triangles a [`three_face_cube`] vertex provokes, for a camera on
/// side `s`: the shader's rule, for tests. A corner two axes away from the nearest lies on the
/// face of the third axis; one axis away, on the face of the axis before it (after it when the
/// outline is walked the other way round, for an odd number of negative sides).
#[cfg(test)]
fn three_face_cube_face(vertex: &Vertex, s: [f32; 3]) -> usize {
    let even = s[0] * s[1] * s[2] > 0.0;
    let (code, _) = codes(vertex, s);
    match [0, 1, 2].map(|k| code[k] > 0.5) {
        [true, true, false] => 2,
        [false, true, true] => 0,
        [true, false, true] => 1,
        [true, false, false] => usize::from(even) * 2 + usize::from(!even),
        [false, true, false] => usize::from(!even) * 2,
        [false, false, true] => usize::from(even),
        _ => 0,
    }
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

/// The indices of `cubes` pulled three-face cubes: [`three_face_cube`]'s 18 for each cube,
/// offset by its 7 vertices. The vertex shader takes cube `vertex / 7` of its draw instance's
/// group and that cube's corner `vertex % 7`, so one group's indices serve every group of
/// every batch. `None` if the group's vertices do not fit 16-bit indices.
pub(crate) fn pulled_three_face_cubes(provoking: Provoking, cubes: u32) -> Option<Vec<u16>> {
    let vertices = cubes.checked_mul(7).filter(|&n| n <= 1 << 16)?;
    let (_, cube) = three_face_cube(provoking);
    Some(
        (0..vertices)
            .step_by(7)
            .flat_map(|base| cube.iter().map(move |&index| base as u16 + index))
            .collect(),
    )
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

    fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
        (0..3).map(|i| a[i] * b[i]).sum()
    }

    #[test]
    fn the_three_face_cube_shows_each_camera_exactly_the_faces_it_can_see() {
        for provoking in [Provoking::First, Provoking::Last] {
            three_face_cube_for(provoking);
        }
    }

    fn three_face_cube_for(provoking: Provoking) {
        let (v, idx) = MeshKind::ThreeFaceCube.geometry_for(provoking);
        assert_eq!((v.len(), idx.len()), (7, 18));
        // Cameras in every octant and on every axis side, near and far, level with faces.
        let mut cameras = Vec::new();
        for x in [-3.0f32, -0.3, 0.3, 3.0] {
            for y in [-2.5f32, -0.2, 0.4, 2.0] {
                for z in [-4.0f32, -0.1, 0.2, 5.0] {
                    cameras.push([x, y, z]);
                }
            }
        }
        let mut outside = 0;
        for camera in cameras {
            // The shader's choice: the face of each pair on the camera's side.
            let s = camera.map(|c| if c >= 0.0 { 1.0 } else { -1.0 });
            let corners: Vec<[f32; 3]> = v
                .iter()
                .map(|v| three_face_cube_corner(v, s, false))
                .collect();
            check_small(&v, &idx, camera, s, provoking);
            assert!(corners.iter().all(|c| c.iter().all(|x| x.abs() == 0.5)));
            let mut front_faces = std::collections::BTreeSet::new();
            for t in idx.chunks(3) {
                let [a, b, c] = [0, 1, 2].map(|k| corners[t[k] as usize]);
                // The triangle lies on one face; its winding normal points out of the cube.
                let axis = (0..3)
                    .find(|&k| a[k] == b[k] && b[k] == c[k])
                    .unwrap_or_else(|| panic!("{t:?} is not on a face"));
                let mut outward = [0.0; 3];
                outward[axis] = a[axis] * 2.0;
                let n = cross(
                    [0, 1, 2].map(|i| b[i] - a[i]),
                    [0, 1, 2].map(|i| c[i] - a[i]),
                );
                assert!(
                    dot(n, outward) > 0.0,
                    "camera {camera:?}: {t:?} winds inwards"
                );
                // Its provoking vertex names its face, whose normal lights it.
                let provoker = match provoking {
                    Provoking::First => t[0],
                    Provoking::Last => t[2],
                };
                assert_eq!(
                    three_face_cube_face(&v[provoker as usize], s),
                    axis,
                    "camera {camera:?}: {t:?} ({provoking:?})"
                );
                // Facing the camera exactly when the camera is outside the face's plane.
                let to_camera = [0, 1, 2].map(|i| camera[i] - a[i]);
                if dot(n, to_camera) > 0.0 {
                    front_faces.insert((axis, outward[axis] > 0.0));
                }
            }
            // Exactly the faces a full cube would show this camera.
            let expected: std::collections::BTreeSet<(usize, bool)> = (0..3)
                .filter(|&k| camera[k].abs() > 0.5)
                .map(|k| (k, camera[k] > 0.0))
                .collect();
            assert_eq!(front_faces, expected, "camera {camera:?}");
            outside += usize::from(expected.len() == 3);
        }
        assert!(outside > 0);
    }

    /// A small cube is one triangle of three cube corners facing the camera; the other five
    /// triangles have no area. The small-cube mesh draws that triangle.
    fn check_small(v: &[Vertex], idx: &[u16], camera: [f32; 3], s: [f32; 3], p: Provoking) {
        let (small, small_idx) = MeshKind::SmallCube.geometry_for(p);
        let triangle: Vec<[f32; 3]> = small_idx
            .iter()
            .map(|&i| three_face_cube_corner(&small[i as usize], s, false))
            .collect();
        let corners: Vec<[f32; 3]> = v
            .iter()
            .map(|v| three_face_cube_corner(v, s, true))
            .collect();
        assert!(corners.iter().all(|c| c.iter().all(|x| x.abs() == 0.5)));
        let mut drawn = 0;
        for t in idx.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|k| corners[t[k] as usize]);
            let n = cross(
                [0, 1, 2].map(|i| b[i] - a[i]),
                [0, 1, 2].map(|i| c[i] - a[i]),
            );
            if n == [0.0; 3] {
                continue;
            }
            drawn += 1;
            assert_eq!(triangle, [a, b, c], "camera {camera:?}");
            assert_eq!(
                three_face_cube_face(
                    &small[small_idx[if p == Provoking::First { 0 } else { 2 }] as usize],
                    s
                ),
                three_face_cube_face(&v[t[if p == Provoking::First { 0 } else { 2 }] as usize], s),
            );
            if camera.iter().any(|c| c.abs() > 0.5) {
                let to_camera = [0, 1, 2].map(|i| camera[i] - a[i]);
                assert!(
                    dot(n, to_camera) > 0.0,
                    "camera {camera:?}: small {t:?} faces away"
                );
            }
        }
        assert_eq!(drawn, 1, "camera {camera:?}");
    }

    #[test]
    fn pulled_cubes_repeat_the_three_face_cube_seven_vertices_apart() {
        for provoking in [Provoking::First, Provoking::Last] {
            let (_, cube) = MeshKind::ThreeFaceCube.geometry_for(provoking);
            let indices = pulled_three_face_cubes(provoking, 256).unwrap();
            assert_eq!(indices.len(), 256 * 18);
            for (i, group) in indices.chunks(18).enumerate() {
                let expected: Vec<u16> = cube.iter().map(|&k| 7 * i as u16 + k).collect();
                assert_eq!(group, expected, "cube {i} ({provoking:?})");
            }
            assert_eq!(indices.iter().max(), Some(&(256 * 7 - 1)));
        }
        // A group whose vertices need more than 16 bits is refused.
        assert!(pulled_three_face_cubes(Provoking::First, 9362).is_some());
        assert!(pulled_three_face_cubes(Provoking::First, 9363).is_none());
        assert!(pulled_three_face_cubes(Provoking::First, u32::MAX).is_none());
    }

    #[test]
    fn every_triangle_winds_counter_clockwise_around_its_normal() {
        for kind in MeshKind::ALL.into_iter().filter(|k| !k.placed_by_shader()) {
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

    #[test]
    fn the_sphere_is_closed_round_and_faces_outwards() {
        let (v, idx) = MeshKind::Sphere.geometry();
        assert_eq!((v.len(), idx.len()), (2 + 15 * 24, 3 * 720));
        for vertex in &v {
            let radius = dot(vertex.position, vertex.position).sqrt();
            assert!((radius - 0.5).abs() <= 1e-4, "{vertex:?}: radius {radius}");
            let length = dot(vertex.normal, vertex.normal).sqrt();
            assert!(
                (length - 1.0).abs() <= 1e-4,
                "{vertex:?}: normal length {length}"
            );
            // Outward: along the position, not merely on its side.
            assert!(
                dot(vertex.normal, vertex.position) >= 0.5 - 1e-4,
                "{vertex:?}: normal not outward"
            );
        }
        // Every vertex is used, and every edge is shared by exactly two triangles that run it
        // opposite ways: closed, with one consistent (outward) winding.
        let mut used = vec![false; v.len()];
        let mut edges = std::collections::HashMap::new();
        for t in idx.chunks(3) {
            for k in 0..3 {
                let (a, b) = (t[k], t[(k + 1) % 3]);
                used[a as usize] = true;
                *edges.entry((a, b)).or_insert(0) += 1;
            }
        }
        assert!(used.iter().all(|&u| u), "an unused vertex");
        for (&(a, b), &count) in &edges {
            assert_eq!(count, 1, "edge {a}-{b} run twice the same way");
            assert_eq!(edges.get(&(b, a)), Some(&1), "edge {a}-{b} is open");
        }
        // Each triangle faces away from the centre, and together they enclose nearly a ball of
        // diameter 1 (the divergence theorem: the sum of the tetrahedra to the origin).
        let mut volume = 0.0;
        let mut longest_edge = 0.0f32;
        for t in idx.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|k| v[t[k] as usize].position);
            let n = cross(
                [0, 1, 2].map(|i| b[i] - a[i]),
                [0, 1, 2].map(|i| c[i] - a[i]),
            );
            let centroid = [0, 1, 2].map(|i| (a[i] + b[i] + c[i]) / 3.0);
            assert!(dot(n, centroid) > 0.0, "{t:?} faces inwards");
            volume += dot(a, cross(b, c)) / 6.0;
            for (p, q) in [(a, b), (b, c), (c, a)] {
                longest_edge = longest_edge.max(
                    dot(
                        [0, 1, 2].map(|i| p[i] - q[i]),
                        [0, 1, 2].map(|i| p[i] - q[i]),
                    )
                    .sqrt(),
                );
            }
        }
        let ball = std::f32::consts::PI / 6.0;
        assert!(
            volume > 0.97 * ball && volume < ball,
            "volume {volume}, ball {ball}"
        );
        // Round at a few hundred pixels: no edge longer than a sixth of the diameter (the
        // diagonals at the equator, 15° round and 11.25° down).
        assert!(longest_edge < 1.0 / 6.0, "longest edge {longest_edge}");
        // Inside the cube's box, touching it at the six axis extremes.
        for axis in 0..3 {
            let most = v.iter().map(|v| v.position[axis]).fold(f32::MIN, f32::max);
            let least = v.iter().map(|v| v.position[axis]).fold(f32::MAX, f32::min);
            assert!(
                (most - 0.5).abs() < 1e-4 && (least + 0.5).abs() < 1e-4,
                "axis {axis}"
            );
        }
    }
}
