//! The one place where the simulation's frame meets the renderer's, and the projections the
//! scenes share.
//!
//! The simulation is left-handed (`+x` east, `+z` north, `+y` up); wgpu's cameras are
//! right-handed. Every view matrix therefore starts with a mirror `z → −z` ([`SIM_TO_RENDER`]),
//! so instances are placed in simulation coordinates and seen with north up and east right.
//! The renderer notices the mirror (negative determinant) and flips its winding.

use glam::{Mat4, Vec3};

/// Maps simulation coordinates to the renderer's right-handed world.
pub const SIM_TO_RENDER: Mat4 = Mat4::from_cols_array(&[
    1.0, 0.0, 0.0, 0.0, //
    0.0, 1.0, 0.0, 0.0, //
    0.0, 0.0, -1.0, 0.0, //
    0.0, 0.0, 0.0, 1.0,
]);

/// A view matrix from simulation coordinates, looking from `eye` at `target` (both in
/// simulation coordinates) with `+y` up; the frame mirror is included.
pub fn look_at(eye: Vec3, target: Vec3) -> Mat4 {
    glam::camera::rh::view::look_at_mat4(
        SIM_TO_RENDER.transform_point3(eye),
        SIM_TO_RENDER.transform_point3(target),
        Vec3::Y,
    ) * SIM_TO_RENDER
}

/// A wgpu perspective projection: vertical field of view in degrees, aspect ratio, near and
/// far planes.
pub fn perspective(fov_y_degrees: f32, aspect: f32, near: f32, far: f32) -> Mat4 {
    glam::camera::rh::proj::directx::perspective(
        fov_y_degrees.to_radians(),
        aspect.max(1e-3),
        near,
        far,
    )
}
