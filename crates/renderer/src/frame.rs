//! One frame's camera and light ([`FrameParams`]), the uniform block the shaders read from
//! them, and the size test that lets a batch of tiny cubes be drawn one triangle each.

use crate::batch::Extent;
use crate::viewpoint::camera_centre;
use bytemuck::{Pod, Zeroable};
use glam::{Mat4, Vec3};

/// The camera and light of one frame.
#[derive(Clone, Copy, Debug)]
pub struct FrameParams {
    /// World (the instances' frame) to view. A negative determinant mirrors; the winding is
    /// flipped to match.
    pub view: Mat4,
    /// View to clip (wgpu's clip space: `z` in `[0, 1]`).
    pub proj: Mat4,
    /// Direction towards the light, in the world frame.
    pub light_dir: Vec3,
    /// Share of ambient light (the rest is diffuse).
    pub ambient: f32,
    /// Background colour, linear RGBA.
    pub clear: [f64; 4],
    /// Draw into this rectangle of the target only (`x, y, width, height` in pixels from the
    /// top-left); `None` for the whole target. The background is cleared everywhere.
    pub viewport: Option<[f32; 4]>,
    /// Distance fog in the background colour: `[start, end]` in world units from the eye,
    /// nothing fogged before `start`, everything fully fogged from `end` on; `None` for none.
    pub fog: Option<[f32; 2]>,
    /// The lowest height anything stands on, where the scene has a floor (world `y`): the
    /// sun's shadow box ends where the camera's view meets it, so a board seen from above
    /// gets the shadow map's every texel. `None`: the box reaches as far as shadows do.
    pub floor: Option<f32>,
    /// How far, in world units, what stands near a surface darkens it at `high` (the ambient
    /// occlusion's reach; [`DEFAULT_OCCLUSION_REACH`] unless the scene says otherwise).
    pub occlusion_reach: f32,
}

/// The ambient occlusion's reach where a frame names none: half a board tile, about an
/// enemy's height.
pub const DEFAULT_OCCLUSION_REACH: f32 = 0.5;

impl FrameParams {
    /// A frame seen through `view` and `proj`, lit from `light_dir` (towards the light, world
    /// frame) with `ambient` of the light ambient, on a `clear` background (linear RGBA):
    /// the whole target, no fog.
    pub fn new(view: Mat4, proj: Mat4, light_dir: Vec3, ambient: f32, clear: [f64; 4]) -> Self {
        FrameParams {
            view,
            proj,
            light_dir,
            ambient,
            clear,
            viewport: None,
            fog: None,
            floor: None,
            occlusion_reach: DEFAULT_OCCLUSION_REACH,
        }
    }

    /// The same frame with distance fog from `start` to `end` (world units from the eye), or
    /// none.
    pub fn with_fog(self, fog: Option<[f32; 2]>) -> Self {
        FrameParams { fog, ..self }
    }

    /// The same frame with the ambient occlusion reaching `reach` world units
    /// ([`FrameParams::occlusion_reach`]).
    pub fn with_occlusion_reach(self, reach: f32) -> Self {
        FrameParams {
            occlusion_reach: reach,
            ..self
        }
    }

    /// The same frame over a floor at height `y` ([`FrameParams::floor`]).
    pub fn with_floor(self, y: f32) -> Self {
        FrameParams {
            floor: Some(y),
            ..self
        }
    }
}

/// Below this half diagonal on screen, in pixels, a [`crate::MeshKind::ThreeFaceCube`] is drawn
/// as one triangle instead of its three faces (it covers a pixel or two).
pub(crate) const SMALL_CUBE_PIXELS: f32 = 2.5;

/// How dark the ambient occlusion makes a surface shut in on every side: 1 − this at most.
const OCCLUSION_STRENGTH: f32 = 0.75;

/// The size of the frame's uniform block, uploaded once a frame.
pub const FRAME_UNIFORM_BYTES: u64 = size_of::<FrameUniform>() as u64;

/// What the frame's batches are drawn with: the view-projection and how many pixels a world
/// unit covers, derived once from the [`FrameParams`] and the target's size.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FrameView {
    /// World to clip.
    pub view_proj: Mat4,
    /// Pixels per world unit at clip `w = 1`.
    pub pixels_per_unit: f32,
    /// The view mirrors (negative determinant): front faces wind clockwise.
    pub mirrored: bool,
}

impl FrameView {
    /// The view of `params` on a target of `size` pixels.
    pub fn new(params: &FrameParams, size: (u32, u32)) -> FrameView {
        FrameView {
            view_proj: params.proj * params.view,
            pixels_per_unit: pixels_per_unit(params, size),
            mirrored: params.view.determinant() < 0.0,
        }
    }

    /// Whether every three-face cube within `extent` is small on screen: the shader's test
    /// (half diagonal × pixels per unit < [`SMALL_CUBE_PIXELS`] × clip `w`) holds for the
    /// largest half diagonal at the nearest point of the box (clip `w` is affine, so least at
    /// a corner), with 1 % to spare for rounding.
    pub fn all_small(&self, extent: &Extent) -> bool {
        let w_row = self.view_proj.row(3);
        let nearest = (0..8)
            .map(|corner| {
                let pick =
                    |bit: usize, lo: f32, hi: f32| if corner >> bit & 1 == 0 { lo } else { hi };
                let p = Vec3::new(
                    pick(0, extent.min.x, extent.max.x),
                    pick(1, extent.min.y, extent.max.y),
                    pick(2, extent.min.z, extent.max.z),
                );
                w_row.dot(p.extend(1.0))
            })
            .fold(f32::INFINITY, f32::min);
        nearest > 0.0
            && extent.largest_half_diagonal.is_finite()
            && extent.largest_half_diagonal * self.pixels_per_unit
                < 0.99 * SMALL_CUBE_PIXELS * nearest
    }
}

/// The uniform block of `shaders/frame.wgsl`.
#[derive(Clone, Copy, Pod, Zeroable)]
#[repr(C)]
pub(crate) struct FrameUniform {
    view_proj: [[f32; 4]; 4],
    light_dir: [f32; 4],
    light: [f32; 4],
    eye: [f32; 4],
    centre: [f32; 4],
    detail: [f32; 4],
    shadow_view_proj: [[f32; 4]; 4],
    /// x: 1 where the sun casts shadows (0: none, the plain picture), y: a shadow map texel
    /// in texture coordinates, z: the depth bias, w: how far along its normal a pixel is
    /// looked up (world units, a texel and a half).
    shadow: [f32; 4],
    clip_to_world: [[f32; 4]; 4],
    horizon: [f32; 4],
    /// x: the ambient occlusion's reach (world units), y: its strength (0 below `high`), z:
    /// world units a unit of the sun's map's depth spans.
    occlusion: [f32; 4],
}

impl FrameUniform {
    /// The block for `params` seen as `view`.
    pub fn new(params: &FrameParams, view: &FrameView) -> FrameUniform {
        let fog = fog_terms(params);
        FrameUniform {
            view_proj: view.view_proj.to_cols_array_2d(),
            light_dir: params.light_dir.normalize_or_zero().extend(0.0).to_array(),
            light: [params.ambient, 1.0 - params.ambient, fog.0, fog.1],
            eye: params
                .view
                .inverse()
                .transform_point3(Vec3::ZERO)
                .extend(fog.2)
                .to_array(),
            centre: camera_centre(params.view, params.proj).to_array(),
            detail: [view.pixels_per_unit, SMALL_CUBE_PIXELS, 0.0, 0.0],
            shadow_view_proj: Mat4::IDENTITY.to_cols_array_2d(),
            shadow: [0.0; 4],
            clip_to_world: view.view_proj.inverse().to_cols_array_2d(),
            horizon: params.clear.map(|c| c as f32),
            occlusion: [params.occlusion_reach, 0.0, 0.0, 0.0],
        }
    }

    /// The same block drawn with `high`'s look: the tone curve, colours sRGB-encoded by the
    /// shader where `encode` (high's own scene texture is plain 8-bit), and the ambient
    /// occlusion at full strength.
    pub fn with_high_look(self, encode: bool) -> FrameUniform {
        let mut detail = self.detail;
        detail[2] = 1.0;
        detail[3] = f32::from(u8::from(encode));
        let mut occlusion = self.occlusion;
        occlusion[1] = OCCLUSION_STRENGTH;
        FrameUniform {
            detail,
            occlusion,
            ..self
        }
    }

    /// The same block with the sun's shadows read from a map `size` texels wide drawn through
    /// `light` (world to the light's clip space).
    pub fn with_shadows(self, light: Mat4, size: u32) -> FrameUniform {
        // A texel's width in the world: the light's box is 2 clip units across.
        let texel_world = 2.0 / (light.row(0).truncate().length() * size as f32);
        // The light's box is orthographic: its depth row scales world units to depth.
        let depth_world = 1.0 / light.row(2).truncate().length().max(f32::MIN_POSITIVE);
        let mut occlusion = self.occlusion;
        occlusion[2] = depth_world;
        FrameUniform {
            shadow_view_proj: light.to_cols_array_2d(),
            shadow: [1.0, 1.0 / size as f32, 0.0005, 1.5 * texel_world],
            occlusion,
            ..self
        }
    }
}

/// The fog's uniform terms: `(start, end, colour)` with the background colour's linear
/// channels quantised to 8 bits and packed as `r + 256·g + 65536·b` (exact in an `f32`);
/// `end = 0` turns fog off.
fn fog_terms(params: &FrameParams) -> (f32, f32, f32) {
    match params.fog {
        Some([start, end]) if end.is_finite() && start.is_finite() && end > start.max(0.0) => {
            let [r, g, b, _] = params.clear;
            let byte = |c: f64| (c.clamp(0.0, 1.0) * 255.0).round() as f32;
            (
                start.max(0.0),
                end,
                byte(r) + 256.0 * byte(g) + 65536.0 * byte(b),
            )
        }
        _ => (0.0, 0.0, 0.0),
    }
}

/// Pixels per world unit at clip `w = 1`: the larger of the view-projection's `x` and `y` rows
/// (the most a world unit can stretch on screen along that axis) times half the viewport.
fn pixels_per_unit(params: &FrameParams, target: (u32, u32)) -> f32 {
    let (width, height) = match params.viewport {
        Some([_, _, w, h]) => (w, h),
        None => (target.0 as f32, target.1 as f32),
    };
    let view_proj = params.proj * params.view;
    let x = view_proj.row(0).truncate().length() * width * 0.5;
    let y = view_proj.row(1).truncate().length() * height * 0.5;
    let pixels = x.max(y);
    if pixels.is_finite() { pixels } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::camera::rh::proj::directx::perspective;
    use glam::camera::rh::view::look_at_mat4;

    fn params(eye: Vec3) -> FrameParams {
        FrameParams::new(
            look_at_mat4(eye, Vec3::ZERO, Vec3::Y),
            perspective(0.8, 16.0 / 9.0, 0.1, 10_000.0),
            Vec3::Y,
            0.3,
            [0.0; 4],
        )
    }

    #[test]
    fn cubes_are_all_small_only_far_enough_away() {
        let extent = Extent {
            min: Vec3::splat(-10.0),
            max: Vec3::splat(10.0),
            largest_half_diagonal: 0.5,
        };
        let near = FrameView::new(&params(Vec3::new(0.0, 30.0, 30.0)), (1280, 720));
        let far = FrameView::new(&params(Vec3::new(0.0, 3000.0, 3000.0)), (1280, 720));
        assert!(!near.all_small(&extent));
        assert!(far.all_small(&extent));
        // A box reaching behind the camera is never all small.
        let around = Extent {
            min: Vec3::splat(-5000.0),
            max: Vec3::splat(5000.0),
            ..extent
        };
        assert!(!far.all_small(&around));
        assert_eq!(FRAME_UNIFORM_BYTES, 320);
    }
}
