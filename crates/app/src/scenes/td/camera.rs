//! The tower-defense camera: an orbit camera around a point on the board, with picking.

use glam::{Mat4, Vec2, Vec3, Vec4Swizzles};
use horde_looks::look_at;

/// An orbit camera around a point on the ground, in simulation coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TdCamera {
    /// The point looked at.
    pub target: Vec3,
    /// Heading of the view in radians, clockwise from north (0 looks north).
    pub yaw: f32,
    /// Elevation above the horizon in radians.
    pub pitch: f32,
    /// Distance from the target.
    pub distance: f32,
    /// Vertical field of view in radians.
    pub fov_y: f32,
}

impl TdCamera {
    /// The default view of a `width × height` board: from above and to the south, north up,
    /// east right, the whole board in frame at the given aspect ratio.
    pub fn framing(width: u32, height: u32, aspect: f32) -> TdCamera {
        let fov_y = 45f32.to_radians();
        let pitch = 60f32.to_radians();
        // Fit the board's depth and (through the aspect ratio) its width, with a margin.
        let extent = (height as f32).max(width as f32 / aspect.max(0.1)) + 1.0;
        let distance = 0.62 * extent / (fov_y * 0.5).tan();
        TdCamera {
            target: Vec3::new(0.0, 0.0, -0.04 * extent),
            yaw: 0.0,
            pitch,
            distance,
            fov_y,
        }
    }

    /// The horizontal direction the camera looks, in simulation coordinates.
    pub fn forward(&self) -> Vec3 {
        Vec3::new(self.yaw.sin(), 0.0, self.yaw.cos())
    }

    /// The horizontal direction to the camera's right.
    pub fn right(&self) -> Vec3 {
        Vec3::new(self.yaw.cos(), 0.0, -self.yaw.sin())
    }

    /// The camera's position.
    pub fn eye(&self) -> Vec3 {
        let (sin, cos) = self.pitch.sin_cos();
        self.target - self.forward() * (self.distance * cos) + Vec3::Y * (self.distance * sin)
    }

    /// Simulation coordinates to view space (includes the frame mirror).
    pub fn view(&self) -> Mat4 {
        look_at(self.eye(), self.target)
    }

    /// View space to wgpu clip space.
    pub fn proj(&self, aspect: f32) -> Mat4 {
        let near = (self.distance * 0.01).max(0.01);
        let far = self.distance * 4.0 + 100.0;
        glam::camera::rh::proj::directx::perspective(self.fov_y, aspect.max(1e-3), near, far)
    }

    /// Where a point (simulation coordinates) appears, in pixels from the top-left corner.
    pub fn project(&self, point: Vec3, viewport: Vec2) -> Option<Vec2> {
        let clip = self.proj(viewport.x / viewport.y) * self.view() * point.extend(1.0);
        if clip.w <= 0.0 {
            return None;
        }
        let ndc = clip.xy() / clip.w;
        Some(Vec2::new(
            (ndc.x + 1.0) * 0.5 * viewport.x,
            (1.0 - ndc.y) * 0.5 * viewport.y,
        ))
    }

    /// The ground point (`y = 0`, simulation coordinates) under a pixel, if the ray hits it.
    pub fn ground_point(&self, pixel: Vec2, viewport: Vec2) -> Option<Vec3> {
        let ndc = Vec2::new(
            pixel.x / viewport.x * 2.0 - 1.0,
            1.0 - pixel.y / viewport.y * 2.0,
        );
        let inverse = (self.proj(viewport.x / viewport.y) * self.view()).inverse();
        let near = inverse.project_point3(ndc.extend(0.0));
        let far = inverse.project_point3(ndc.extend(1.0));
        let direction = far - near;
        if direction.y.abs() < 1e-9 {
            return None;
        }
        let t = -near.y / direction.y;
        (t >= 0.0).then(|| near + direction * t)
    }

    /// The tile `(x, y)` of a `width × height` board under a pixel.
    pub fn pick_tile(
        &self,
        pixel: Vec2,
        viewport: Vec2,
        width: u32,
        height: u32,
    ) -> Option<(i64, i64)> {
        let p = self.ground_point(pixel, viewport)?;
        let x = (p.x + (width as f32 - 1.0) * 0.5).round() as i64;
        let y = (p.z + (height as f32 - 1.0) * 0.5).round() as i64;
        ((0..width as i64).contains(&x) && (0..height as i64).contains(&y)).then_some((x, y))
    }

    /// Turns the view: `dx` around the vertical axis, `dy` up and down (radians).
    pub fn orbit(&mut self, dx: f32, dy: f32) {
        self.yaw = (self.yaw + dx).rem_euclid(std::f32::consts::TAU);
        self.pitch = (self.pitch + dy).clamp(10f32.to_radians(), 89f32.to_radians());
    }

    /// Moves closer (`steps > 0`) or further away.
    pub fn zoom(&mut self, steps: f32) {
        self.distance = (self.distance * 0.9f32.powf(steps)).clamp(1.0, 5000.0);
    }

    /// Moves the target along the ground: `forward` towards where the camera looks, `right`
    /// to its right, in units.
    pub fn pan(&mut self, forward: f32, right: f32) {
        self.target += self.forward() * forward + self.right() * right;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn north_is_up_and_east_is_right() {
        let camera = TdCamera::framing(11, 11, 16.0 / 9.0);
        let viewport = Vec2::new(1280.0, 720.0);
        let centre = camera.project(Vec3::ZERO, viewport).unwrap();
        let north = camera.project(Vec3::new(0.0, 0.0, 3.0), viewport).unwrap();
        let east = camera.project(Vec3::new(3.0, 0.0, 0.0), viewport).unwrap();
        assert!(north.y < centre.y - 10.0, "north is not up");
        assert!((north.x - centre.x).abs() < 1.0);
        assert!(east.x > centre.x + 10.0, "east is not right");
        assert!(
            camera.view().determinant() < 0.0,
            "the frame mirror is missing"
        );
    }

    #[test]
    fn the_whole_board_is_in_frame() {
        for (w, h) in [(11, 11), (23, 15), (256, 256), (64, 8)] {
            let camera = TdCamera::framing(w, h, 16.0 / 9.0);
            let viewport = Vec2::new(1280.0, 720.0);
            for corner in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                let p = Vec3::new(corner.0 * w as f32 * 0.5, 0.0, corner.1 * h as f32 * 0.5);
                let s = camera.project(p, viewport).unwrap();
                assert!(
                    (0.0..=1280.0).contains(&s.x) && (0.0..=720.0).contains(&s.y),
                    "{w}x{h} {corner:?} at {s}"
                );
            }
        }
    }
}
