//! Horde's instanced wgpu renderer.
//!
//! It draws batches of instances of meshes and knows nothing about enemies, tiles or levels.
//! Priorities: one draw call per batch whatever its size; nothing rebuilt per frame that did not
//! change; the same code path for a window and for an offscreen image; any wgpu backend.
//!
//! The rooms:
//! - [`backend`]: backend choice (`--backend`, `WGPU_BACKEND`) and adapter listing.
//! - [`context`]: instance, adapter, device and queue, with errors that say what to install.
//! - `capabilities`: what the device can do for each draw path (storage buffers in the vertex
//!   stage for the pulled cubes, the provoking-vertex convention), read once from the adapter.
//! - [`mesh`]: the meshes (cube; the three-face cube the vertex shader turns to its camera, and
//!   its one-triangle small form; arrow, ground quad, sphere) and their GPU buffers.
//! - [`instance`]: the per-instance data, a model matrix and a packed colour.
//! - [`batch`]: one GPU instance buffer per batch, grown geometrically, kept across frames;
//!   the caller's [`Extent`], so that a batch of cubes all a pixel or two on screen is drawn
//!   one triangle each; the [`DrawPath`] each frame draws a batch with (and reports);
//!   [`BatchId`]s that name a batch of their own renderer only; opaque or translucent
//!   ([`Renderer::set_translucent`]).
//! - [`frame`]: a frame's camera and light ([`FrameParams`]), its uniform block, the size test.
//! - `pipelines`: one render pipeline per drawn path and winding, and a translucent variant of
//!   the mesh path's (alpha-blended, depth tested but not written), from one builder.
//! - [`target`]: colour, depth and MSAA attachments; a window surface or an offscreen texture
//!   with RGBA8 readback.
//! - [`renderer`]: [`Renderer::render`], shared by both targets: prepare the batches, write
//!   the uniform block, record the pass.
//! - `viewpoint`: the camera centre (eye or viewing direction) the three-face cube uses.
//! - [`counters`]: per-frame figures (draw calls, instances, bytes uploaded, CPU time, and GPU
//!   time of the scene pass through `wgpu-profiler` where timestamp queries exist).
//!
//! The pulled cubes read their instances from the instance buffer bound as storage, where the
//! device allows it: small cubes as one `draw` of 3 vertices a cube, three-face cubes as one
//! `draw_indexed` of 7 vertices a cube through one index buffer of 256 cubes that every batch
//! shares, drawn once per group of 256 (no index buffer per batch or per cube; the
//! instances past a batch's count, to the end of its last group, are zeroed on the GPU and
//! draw nothing).
//!
//! Translucent batches ([`Renderer::set_translucent`]) are drawn after every opaque batch, in
//! the order they were added, one draw call each like any batch, by the mesh path whatever
//! their mesh (three-face and small cubes as the full cube): each instance's colour alpha is
//! its opacity (colour blended `src_alpha`, `one_minus_src_alpha`), depth is tested but not
//! written. Opaque batches write alpha 1 and depth, without blending.
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
//! let params = FrameParams::new(
//!     glam::camera::rh::view::look_at_mat4(Vec3::new(0.0, 3.0, 6.0), Vec3::ZERO, Vec3::Y),
//!     glam::camera::rh::proj::directx::perspective(0.8, 320.0 / 180.0, 0.1, 100.0),
//!     Vec3::new(0.3, 1.0, 0.5), // towards the light
//!     0.35,                     // ambient share
//!     [0.1, 0.1, 0.12, 1.0],    // background
//! );
//! let counters = renderer.render_offscreen(&ctx, &target, &params);
//! assert_eq!(counters.draw_calls, 1); // one batch, one draw call
//! let rgba: Vec<u8> = target.read_rgba(&ctx)?;
//! assert_eq!(rgba.len(), 320 * 180 * 4);
//! # Ok(())
//! # }
//! ```

pub mod backend;
pub mod batch;
mod capabilities;
pub mod context;
pub mod counters;
pub mod frame;
pub mod instance;
pub mod mesh;
mod pipelines;
pub mod renderer;
pub mod target;
mod viewpoint;

pub use backend::{AdapterSummary, BackendChoice};
pub use batch::{BatchId, DrawPath, Extent};
pub use context::{ContextError, GpuContext, GpuError, GpuRequest};
pub use counters::FrameCounters;
pub use frame::{FRAME_UNIFORM_BYTES, FrameParams};
pub use instance::Instance;
pub use mesh::MeshKind;
pub use renderer::{DirectWriteError, Renderer, RendererConfig};
pub use target::{OffscreenTarget, SurfaceTarget};
