//! The plain meshes' geometry: the unit cube, the UV sphere, the dome and the cylinder (each
//! filling the unit box), and flat polygons on the ground (the arrow, the quad).

use super::vertex::Vertex;

/// The unit cube: its 8 corners (shading takes face normals from derivatives, so corners are
/// shared); each corner's normal attribute is its outward diagonal.
pub(super) fn cube() -> (Vec<Vertex>, Vec<u16>) {
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
pub(super) const SPHERE_RINGS: u16 = 16;
/// Segments (slices of longitude around `y`) of [`MeshKind::Sphere`].
pub(super) const SPHERE_SEGMENTS: u16 = 24;

/// A UV sphere of radius ½ about the origin with `rings` bands of latitude (at least 2) and
/// `segments` slices of longitude (at least 3): one vertex at each pole (`+y` first, `-y`
/// last) and `segments` on each of the `rings - 1` circles between, ring by ring from the
/// top; each normal is its position's direction. Triangles fan from the poles and pair up
/// between circles, counter-clockwise seen from outside (flat shading needs no normals per
/// face, so the vertices are shared and there is no seam).
pub(super) fn sphere(rings: u16, segments: u16) -> (Vec<Vertex>, Vec<u16>) {
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

/// Flat convex polygons on `y = 0`, each given as `(x, z)` corners counter-clockwise seen from
/// above, fanned into triangles.
pub(super) fn flat(polygons: &[&[[f32; 2]]]) -> (Vec<Vertex>, Vec<u16>) {
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

/// Bands of latitude of [`MeshKind::Dome`], from its top to its rim.
pub(super) const DOME_RINGS: u16 = 8;
/// Slices around `y` of [`MeshKind::Dome`] and [`MeshKind::Cylinder`].
pub(super) const ROUND_SEGMENTS: u16 = 24;

/// `segments` points on a circle of `radius` at height `y`, counter-clockwise seen from above
/// (azimuth from `+x` towards `+z`), each with `normal(azimuth)`.
fn circle(radius: f32, y: f32, segments: u16, normal: impl Fn(f32) -> [f32; 3]) -> Vec<Vertex> {
    (0..segments)
        .map(|segment| {
            let azimuth = std::f32::consts::TAU * f32::from(segment) / f32::from(segments);
            Vertex {
                position: [radius * azimuth.cos(), y, radius * azimuth.sin()],
                normal: normal(azimuth),
            }
        })
        .collect()
}

/// `v` scaled to length 1.
fn unit([x, y, z]: [f32; 3]) -> [f32; 3] {
    let length = (x * x + y * y + z * z).sqrt();
    [x / length, y / length, z / length]
}

/// A dome filling the unit box: the upper half of a sphere, stretched to run from its flat
/// base (a disc of radius ½ at `y = −½`) to its top (`y = ½`), with `rings` bands of latitude
/// (at least 1) and `segments` slices (at least 3); closed by the base. The top first, then the
/// circles from the top down (the last is the rim), then the base's centre.
pub(super) fn dome(rings: u16, segments: u16) -> (Vec<Vertex>, Vec<u16>) {
    let mut vertices = vec![Vertex {
        position: [0.0, 0.5, 0.0],
        normal: [0.0, 1.0, 0.0],
    }];
    for ring in 1..=rings {
        let polar = std::f32::consts::FRAC_PI_2 * f32::from(ring) / f32::from(rings);
        let y = polar.cos() - 0.5;
        let (sin, cos) = polar.sin_cos();
        // The rim's normals lean down as well as out: its corners close the base too.
        let down = if ring == rings { -1.0 } else { 0.0 };
        vertices.extend(circle(0.5 * sin, y, segments, |azimuth| {
            unit([sin * azimuth.cos(), cos + down, sin * azimuth.sin()])
        }));
    }
    let base = vertices.len() as u16;
    vertices.push(Vertex {
        position: [0.0, -0.5, 0.0],
        normal: [0.0, -1.0, 0.0],
    });
    let at = |circle: u16, segment: u16| 1 + (circle - 1) * segments + segment % segments;
    let mut indices = Vec::new();
    for segment in 0..segments {
        indices.extend_from_slice(&[0, at(1, segment + 1), at(1, segment)]);
        for circle in 1..rings {
            let (a, b) = (at(circle, segment), at(circle, segment + 1));
            let (c, d) = (at(circle + 1, segment), at(circle + 1, segment + 1));
            indices.extend_from_slice(&[a, b, c, b, d, c]);
        }
        indices.extend_from_slice(&[at(rings, segment), at(rings, segment + 1), base]);
    }
    (vertices, indices)
}

/// A cylinder filling the unit box: its axis along `y`, radius ½, from `y = −½` to `y = ½`,
/// with `segments` slices (at least 3), closed by its two discs. The top's centre first, the
/// top circle, the bottom circle, then the bottom's centre; a circle's corners lean out and
/// towards their disc, so each triangle's first corner faces the way it does.
pub(super) fn cylinder(segments: u16) -> (Vec<Vertex>, Vec<u16>) {
    let mut vertices = vec![Vertex {
        position: [0.0, 0.5, 0.0],
        normal: [0.0, 1.0, 0.0],
    }];
    vertices.extend(circle(0.5, 0.5, segments, |a| {
        unit([a.cos(), 1.0, a.sin()])
    }));
    vertices.extend(circle(0.5, -0.5, segments, |a| {
        unit([a.cos(), -1.0, a.sin()])
    }));
    let bottom = vertices.len() as u16;
    vertices.push(Vertex {
        position: [0.0, -0.5, 0.0],
        normal: [0.0, -1.0, 0.0],
    });
    let top = |segment: u16| 1 + segment % segments;
    let low = |segment: u16| 1 + segments + segment % segments;
    let mut indices = Vec::new();
    for segment in 0..segments {
        let (a, b) = (top(segment), top(segment + 1));
        let (c, d) = (low(segment), low(segment + 1));
        indices.extend_from_slice(&[0, b, a]);
        indices.extend_from_slice(&[a, b, c, b, d, c]);
        indices.extend_from_slice(&[c, d, bottom]);
    }
    (vertices, indices)
}
