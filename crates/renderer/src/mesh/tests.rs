//! The meshes' tests: the three-face cube seen from every side, its small form, the pulled
//! cubes' indices, windings, and the sphere.

use super::three_face::{three_face_cube_corner, three_face_cube_face};
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

/// Whether every edge of `idx`'s triangles is run by exactly two triangles, opposite ways
/// (closed, one consistent winding), and every vertex of `v` is used.
fn closed(v: &[Vertex], idx: &[u16]) -> bool {
    let mut edges = std::collections::HashMap::new();
    for t in idx.chunks(3) {
        for k in 0..3 {
            *edges.entry((t[k], t[(k + 1) % 3])).or_insert(0) += 1;
        }
    }
    let used = (0..v.len() as u16).all(|i| idx.contains(&i));
    used && edges
        .iter()
        .all(|(&(a, b), &n)| n == 1 && edges.get(&(b, a)) == Some(&1))
}

#[test]
fn the_dome_and_the_cylinder_fill_the_unit_box_closed_and_facing_out() {
    for kind in [MeshKind::Dome, MeshKind::Cylinder] {
        let (v, idx) = kind.geometry();
        assert!(closed(&v, &idx), "{kind:?} is not closed");
        let (mut low, mut high) = ([f32::MAX; 3], [f32::MIN; 3]);
        for vertex in &v {
            for axis in 0..3 {
                low[axis] = low[axis].min(vertex.position[axis]);
                high[axis] = high[axis].max(vertex.position[axis]);
            }
            let [x, _, z] = vertex.position;
            assert!(
                (x * x + z * z).sqrt() <= 0.5 + 1e-5,
                "{kind:?}: {vertex:?} outside"
            );
        }
        for axis in 0..3 {
            assert!(
                (low[axis] + 0.5).abs() < 1e-5,
                "{kind:?} axis {axis}: {low:?}"
            );
            assert!(
                (high[axis] - 0.5).abs() < 1e-5,
                "{kind:?} axis {axis}: {high:?}"
            );
        }
        // Every triangle faces away from the axis's middle: outwards.
        for t in idx.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|k| v[t[k] as usize].position);
            let n = cross(
                [0, 1, 2].map(|i| b[i] - a[i]),
                [0, 1, 2].map(|i| c[i] - a[i]),
            );
            let middle = [0, 1, 2].map(|i| (a[i] + b[i] + c[i]) / 3.0);
            assert!(
                dot(n, middle) > 0.0,
                "{kind:?} triangle {t:?} faces inwards"
            );
        }
    }
    // The dome's base is flat and its top a point, and its side is a stretched sphere's:
    // (x² + z²) / ¼ + (y + ½)² = 1 at every corner above the base.
    let (v, _) = MeshKind::Dome.geometry();
    assert_eq!(v.iter().filter(|p| p.position[1] == 0.5).count(), 1);
    for p in v
        .iter()
        .map(|v| v.position)
        .filter(|p| p[0] != 0.0 || p[2] != 0.0)
    {
        let on = (p[0] * p[0] + p[2] * p[2]) / 0.25 + (p[1] + 0.5) * (p[1] + 0.5);
        assert!((on - 1.0).abs() < 1e-4, "{p:?} is not on the dome");
    }
    let (v, idx) = MeshKind::Cylinder.geometry();
    assert_eq!((v.len(), idx.len()), (2 + 2 * 24, 3 * 4 * 24));
}
