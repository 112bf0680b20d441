//! Where a camera sees from, as a homogeneous point of the world: the eye of a perspective
//! camera (`w = 1`), or for an orthographic one the direction towards the viewer (`w = 0`).
//! The three-face cube ([`crate::MeshKind::ThreeFaceCube`]) picks each instance's faces from it,
//! so both kinds of projection show the right faces.

use glam::{Mat3, Mat4, Vec4};

/// The camera centre of `proj · view` in world coordinates: the point every line of sight
/// passes through (the null vector of the projection's `x`, `y` and `w` rows). A point is
/// returned with `w = 1`; a point at infinity (orthographic) as a unit direction with `w = 0`,
/// turned towards the viewer (moving along it brings a point nearer, in depth).
pub(crate) fn camera_centre(view: Mat4, proj: Mat4) -> Vec4 {
    let rows = [proj.row(0), proj.row(1), proj.row(3)];
    // The generalised cross product of three 4-vectors: signed 3×3 minors.
    let minor = |skip: usize| {
        let pick = |r: Vec4| {
            let v = r.to_array();
            let at = |i: usize| v[if i < skip { i } else { i + 1 }];
            glam::Vec3::new(at(0), at(1), at(2))
        };
        Mat3::from_cols(pick(rows[0]), pick(rows[1]), pick(rows[2])).determinant()
    };
    let in_view = Vec4::new(minor(0), -minor(1), minor(2), -minor(3));
    let world = view.inverse() * in_view;
    let scale = world.truncate().length().max(world.w.abs());
    if !(scale.is_finite() && scale > 0.0) {
        return Vec4::new(0.0, 0.0, 0.0, 1.0);
    }
    if world.w.abs() > 1e-6 * scale {
        return world / world.w;
    }
    let direction = world.truncate().normalize().extend(0.0);
    // Depth (clip z) must fall moving towards the viewer.
    if (proj * view * direction).z > 0.0 {
        -direction
    } else {
        direction
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec3;
    use glam::camera::rh::proj::directx::{orthographic, perspective};
    use glam::camera::rh::view::look_at_mat4;

    #[test]
    fn a_perspective_camera_sees_from_its_eye() {
        for (eye, target) in [
            (Vec3::new(0.0, 3.0, 6.0), Vec3::ZERO),
            (Vec3::new(-20.0, 45.0, 3.5), Vec3::new(2.0, 0.0, -1.0)),
            (Vec3::new(100.0, 2.0, -300.0), Vec3::new(0.0, 1.0, 0.0)),
        ] {
            let centre = camera_centre(
                look_at_mat4(eye, target, Vec3::Y),
                perspective(0.9, 16.0 / 9.0, 0.1, 500.0),
            );
            assert_eq!(centre.w, 1.0);
            assert!(
                (centre.truncate() - eye).length() < 1e-3 * eye.length().max(1.0),
                "{centre} for {eye}"
            );
        }
    }

    #[test]
    fn an_orthographic_camera_sees_from_far_behind_its_view() {
        let (eye, target) = (Vec3::new(4.0, 10.0, 7.0), Vec3::new(1.0, 0.0, 2.0));
        let centre = camera_centre(
            look_at_mat4(eye, target, Vec3::Y),
            orthographic(-8.0, 8.0, -4.5, 4.5, 0.1, 100.0),
        );
        assert_eq!(centre.w, 0.0);
        let towards_viewer = (eye - target).normalize();
        assert!(
            (centre.truncate() - towards_viewer).length() < 1e-4,
            "{centre}"
        );
    }
}
