//! The per-enemy instance the renderer draws: a model matrix and a packed colour.
//!
//! The matrix maps the unit cube (`[-½, ½]³`) to the enemy's model: the texts' half-unit cube
//! standing on the ground (`y` from 0 to `½·scale`), scaled by the enemy's scale, turned by its
//! yaw and placed at its model origin. It is expressed in the simulation's frame (docs/ARCHITECTURE.md, frames and units:
//! `+x` east, `+z` north, `+y` up, yaw clockwise from north); mapping that frame to the
//! renderer's is the camera's business, not this crate's.

use crate::td::clip::Shape;
use crate::td::enemy::Pose;
use bytemuck::{Pod, Zeroable};

/// One instance: a column-major model matrix and an RGBA8 colour (`r` in the lowest byte).
/// 68 bytes, `#[repr(C)]` and `Pod`, so it can be written straight into GPU staging memory.
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[repr(C)]
pub struct ModelInstance {
    /// Column-major 4×4 model matrix: `model[c][r]` is row `r` of column `c`.
    pub model: [[f32; 4]; 4],
    /// Packed RGBA8 colour, red in the lowest byte.
    pub color: u32,
}

/// Packs an RGBA8 colour, red in the lowest byte.
pub const fn pack_rgba(r: u8, g: u8, b: u8, a: u8) -> u32 {
    u32::from_le_bytes([r, g, b, a])
}

impl ModelInstance {
    /// The instance of an enemy with the given pose, scale and colour.
    #[inline]
    pub fn new(pose: &Pose, scale: f32, color: u32) -> ModelInstance {
        let h = 0.5 * scale;
        let (c, s) = (pose.cos * h, pose.sin * h);
        ModelInstance {
            model: [
                [c, 0.0, -s, 0.0],
                [0.0, h, 0.0, 0.0],
                [s, 0.0, c, 0.0],
                [pose.position[0], 0.25 * scale, pose.position[1], 1.0],
            ],
            color,
        }
    }

    /// The instance of an enemy at `pose` of `scale` and `color` in a clip's `shape` (with
    /// animation on, `clip`): the half-unit cube scaled by the shape's size,
    /// tipped, turned by the yaw plus the spin, its centre `lift` above the ground and
    /// `forward` ahead of the model origin (all times the scale). In `STANDING` it is
    /// exactly [`ModelInstance::new`]'s.
    #[inline]
    pub fn shaped(pose: &Pose, scale: f32, color: u32, shape: &Shape) -> ModelInstance {
        let h = 0.5 * scale * shape.size;
        let [spin_cos, spin_sin] = shape.spin;
        let [tip_cos, tip_sin] = shape.tip;
        // Yaw plus spin.
        let c = pose.cos * spin_cos - pose.sin * spin_sin;
        let s = pose.sin * spin_cos + pose.cos * spin_sin;
        let ahead = shape.forward * scale;
        ModelInstance {
            model: [
                [c * h, 0.0, -s * h, 0.0],
                [tip_sin * s * h, tip_cos * h, tip_sin * c * h, 0.0],
                [tip_cos * s * h, -tip_sin * h, tip_cos * c * h, 0.0],
                [
                    pose.position[0] + ahead * pose.sin,
                    shape.lift * scale,
                    pose.position[1] + ahead * pose.cos,
                    1.0,
                ],
            ],
            color,
        }
    }

    /// [`ModelInstance::new`] with the cube's centre `lift` (times the scale) above the
    /// ground instead of 0.25: an enemy bouncing in its move clip.
    #[inline]
    pub fn lifted(pose: &Pose, scale: f32, color: u32, lift: f32) -> ModelInstance {
        let mut instance = ModelInstance::new(pose, scale, color);
        instance.model[3][1] = lift * scale;
        instance
    }

    /// An all-zero instance, for filling buffers before the first write.
    pub fn zeroed_instance() -> ModelInstance {
        <ModelInstance as Zeroable>::zeroed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The model matrix applied to a point.
    fn transform(m: &ModelInstance, p: [f32; 3]) -> [f32; 3] {
        let m = &m.model;
        let mut out = [0.0; 3];
        for (r, o) in out.iter_mut().enumerate() {
            *o = m[0][r] * p[0] + m[1][r] * p[1] + m[2][r] * p[2] + m[3][r];
        }
        out
    }

    #[test]
    fn cube_stands_on_the_ground_and_faces_its_yaw() {
        // Facing east (yaw 90°): local +z (forward) must map to world +x.
        let pose = Pose {
            position: [3.0, -2.0],
            cos: 0.0,
            sin: 1.0,
        };
        let m = ModelInstance::new(&pose, 2.0, 0);
        assert_eq!(transform(&m, [0.0, -0.5, 0.0]), [3.0, 0.0, -2.0]);
        assert_eq!(transform(&m, [0.0, 0.5, 0.0]), [3.0, 1.0, -2.0]);
        assert_eq!(transform(&m, [0.0, 0.0, 0.5]), [3.5, 0.5, -2.0]);
        // Local +x (the model's right) maps to world south (−z).
        assert_eq!(transform(&m, [0.5, 0.0, 0.0]), [3.0, 0.5, -2.5]);
        assert_eq!(std::mem::size_of::<ModelInstance>(), 68);
    }

    #[test]
    fn standing_is_the_unanimated_instance() {
        let pose = Pose {
            position: [3.0, -2.0],
            cos: 0.6,
            sin: 0.8,
        };
        assert_eq!(
            ModelInstance::shaped(&pose, 1.7, 42, &Shape::STANDING),
            ModelInstance::new(&pose, 1.7, 42)
        );
    }

    #[test]
    fn a_tipped_cube_lies_on_its_face_ahead() {
        use crate::td::clip::Clip;
        // Facing north (yaw 0): tipped 90° forward, the cube's top faces north.
        let pose = Pose {
            position: [0.0, 0.0],
            cos: 1.0,
            sin: 0.0,
        };
        let m = ModelInstance::shaped(&pose, 1.0, 0, &Shape::of(Clip::Dying, 0.5)).model;
        // Local +y (the top) now points to +z (north).
        assert!(
            m[1][1].abs() < 1e-3 && (m[1][2] - 0.5).abs() < 1e-3,
            "{m:?}"
        );
        // It slid forward (north) by a quarter.
        assert!((m[3][2] - 0.25).abs() < 1e-6);
    }
}
