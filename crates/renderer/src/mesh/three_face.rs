//! The three-face cube, the mesh the vertex shader turns to its camera: its corner codes and
//! triangles, its one-triangle small form, the indices of a group of pulled cubes, the
//! provoking-vertex convention its flat colours follow, and (for tests) the shader's
//! arithmetic replayed on the CPU.

use super::vertex::Vertex;

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
pub(super) const OUTLINE: [[f32; 3]; 6] = [
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
pub(super) fn three_face_cube(provoking: Provoking) -> (Vec<Vertex>, Vec<u16>) {
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
pub(super) fn small_cube(provoking: Provoking) -> (Vec<Vertex>, Vec<u16>) {
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
pub(super) const SMALL_SLOT: [usize; 7] = [0, 2, 2, 4, 4, 4, 4];

/// The vertex's own corner code and its code in a small cube, for the side parity of `s`.
#[cfg(test)]
pub(super) fn codes(vertex: &Vertex, s: [f32; 3]) -> ([f32; 3], [f32; 3]) {
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
pub(super) fn three_face_cube_corner(vertex: &Vertex, s: [f32; 3], small: bool) -> [f32; 3] {
    let (own, small_code) = codes(vertex, s);
    let code = if small { small_code } else { own };
    [0, 1, 2].map(|k| 0.5 * s[k] * (1.0 - 2.0 * code[k]))
}

/// The axis of the face whose triangles a [`three_face_cube`] vertex provokes, for a camera on
/// side `s`: the shader's rule, for tests. A corner two axes away from the nearest lies on the
/// face of the third axis; one axis away, on the face of the axis before it (after it when the
/// outline is walked the other way round, for an odd number of negative sides).
#[cfg(test)]
pub(super) fn three_face_cube_face(vertex: &Vertex, s: [f32; 3]) -> usize {
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
