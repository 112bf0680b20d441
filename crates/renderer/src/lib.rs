//! Horde's instanced wgpu renderer.
//!
//! It draws batches of instances of meshes and knows nothing about enemies, tiles or levels.
//! Priorities: one draw call per batch whatever its size; nothing rebuilt per frame that did not
//! change; the same code path for a window and for an offscreen image; any wgpu backend.
//!
//! The rooms:
//! - [`backend`]: backend choice (`--backend`, `WGPU_BACKEND`) and adapter listing.
//! - [`context`]: instance, adapter, device and queue, with errors that say what to install.
//! - [`mesh`]: the meshes (cube; the three-face cube the vertex shader turns to its camera, and
//!   its one-triangle small form; arrow, ground quad) and their GPU buffers.
//! - [`batch`]'s [`Extent`]: where a batch's instances lie, so that a batch of cubes all a pixel
//!   or two on screen is drawn one triangle each, in one non-instanced draw where the device
//!   allows.
//! - [`instance`]: the per-instance data, a model matrix and a packed colour.
//! - [`batch`]: one GPU instance buffer per batch, grown geometrically, kept across frames.
//! - [`target`]: colour, depth and MSAA attachments; a window surface or an offscreen texture
//!   with RGBA8 readback.
//! - [`renderer`]: the pipelines and [`Renderer::render`], shared by both targets.
//! - [`viewpoint`]: the camera centre (eye or viewing direction) the three-face cube uses.
//! - [`counters`]: per-frame figures (draw calls, instances, bytes uploaded, CPU time, and GPU
//!   time of the scene pass through `wgpu-profiler` where timestamp queries exist).
//!
//! Frames: instances may be placed in any frame; the caller's view matrix maps that frame to
//! the camera. A mirroring view (negative determinant, as when a left-handed world is shown
//! through a right-handed camera) is detected and the front-face winding flipped to match.
//!
//! Drawing one batch of two cubes offscreen and reading the picture back:
//!
//! ```no_run
//! use glam::{Mat4, Vec3};
//! use horde_renderer::target::OFFSCREEN_FORMAT;
//! use horde_renderer::{
//!     FrameParams, GpuContext, GpuRequest, Instance, MeshKind, OffscreenTarget, Renderer,
//!     RendererConfig,
//! };
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let ctx = GpuContext::headless(GpuRequest::default())?;
//! let mut renderer = Renderer::new(
//!     &ctx,
//!     RendererConfig { color_format: OFFSCREEN_FORMAT, samples: 1 },
//! );
//! let target = OffscreenTarget::new(&ctx, 320, 180, 1);
//! let cubes = renderer.add_batch(MeshKind::Cube, "cubes");
//! renderer.set_instances(
//!     cubes,
//!     &[
//!         Instance::new(Mat4::from_translation(Vec3::new(-1.0, 0.5, 0.0)), [200, 60, 40, 255]),
//!         Instance::new(Mat4::from_translation(Vec3::new(1.0, 0.5, 0.0)), [40, 90, 200, 255]),
//!     ],
//! );
//! let params = FrameParams {
//!     view: glam::camera::rh::view::look_at_mat4(Vec3::new(0.0, 3.0, 6.0), Vec3::ZERO, Vec3::Y),
//!     proj: glam::camera::rh::proj::directx::perspective(0.8, 320.0 / 180.0, 0.1, 100.0),
//!     light_dir: Vec3::new(0.3, 1.0, 0.5),
//!     ambient: 0.35,
//!     clear: [0.1, 0.1, 0.12, 1.0],
//!     viewport: None,
//!     fog: None,
//! };
//! let counters = renderer.render_offscreen(&ctx, &target, &params);
//! assert_eq!(counters.draw_calls, 1); // one batch, one draw call
//! let rgba: Vec<u8> = target.read_rgba(&ctx)?;
//! assert_eq!(rgba.len(), 320 * 180 * 4);
//! # Ok(())
//! # }
//! ```

pub mod backend;
pub mod batch;
pub mod context;
pub mod counters;
pub mod instance;
pub mod mesh;
pub mod renderer;
pub mod target;
pub mod viewpoint;

pub use backend::{AdapterSummary, BackendChoice};
pub use batch::{BatchId, DrawPath, Extent};
pub use context::{ContextError, GpuContext, GpuError, GpuRequest};
pub use counters::FrameCounters;
pub use instance::Instance;
pub use mesh::MeshKind;
pub use renderer::{FRAME_UNIFORM_BYTES, FrameParams, Renderer, RendererConfig, SMALL_CUBE_PIXELS};
pub use target::{OffscreenTarget, SurfaceTarget};
