//! Horde's instanced wgpu renderer: you place the instances, it draws each batch of them in one
//! draw call, in a window or offscreen, on any wgpu backend.
//!
//! ```
//! use glam::{Mat4, Vec3};
//! use horde_renderer::{
//!     FrameParams, GpuContext, GpuRequest, Instance, MeshKind, OFFSCREEN_FORMAT,
//!     OffscreenTarget, Renderer, RendererConfig,
//! };
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # if std::env::var_os("HORDE_REQUIRE_GPU").is_none()
//! #     && GpuContext::headless(GpuRequest::default()).is_err()
//! # {
//! #     return Ok(()); // no GPU here
//! # }
//! let ctx = GpuContext::headless(GpuRequest::default())?;
//! let config = RendererConfig { color_format: OFFSCREEN_FORMAT, samples: 1 };
//! let mut renderer = Renderer::new(&ctx, config);
//! let cubes = renderer.add_batch(MeshKind::Cube, "cubes");
//! // A thousand cubes in a spiral: the model matrices are yours.
//! let spiral: Vec<Instance> = (0..1000)
//!     .map(|i| {
//!         let (r, a) = (0.2 * (i as f32).sqrt(), i as f32 * 2.4);
//!         let model = Mat4::from_scale_rotation_translation(
//!             Vec3::splat(0.12),
//!             glam::Quat::from_rotation_y(a),
//!             Vec3::new(r * a.cos(), 0.0, r * a.sin()),
//!         );
//!         Instance::new(model, [200, (i % 256) as u8, 60, 255])
//!     })
//!     .collect();
//! renderer.set_instances(cubes, &spiral);
//! let params = FrameParams::new(
//!     glam::camera::rh::view::look_at_mat4(Vec3::new(0.0, 6.0, 8.0), Vec3::ZERO, Vec3::Y),
//!     glam::camera::rh::proj::directx::perspective(0.8, 320.0 / 180.0, 0.1, 100.0),
//!     Vec3::new(0.3, 1.0, 0.5), // towards the light
//!     0.35,                     // ambient share
//!     [0.1, 0.1, 0.12, 1.0],    // background
//! );
//! let target = OffscreenTarget::new(&ctx, 320, 180, 1);
//! let counters = renderer.render_offscreen(&ctx, &target, &params);
//! assert_eq!((counters.draw_calls, counters.instances), (1, 1000)); // one draw call
//! let rgba: Vec<u8> = target.read_rgba(&ctx)?;
//! assert_eq!(rgba.len(), 320 * 180 * 4);
//! # Ok(())
//! # }
//! ```
//!
//! `cargo run -p horde-renderer --example swarm -- --count 4096` animates such a swarm in a
//! window; `--out swarm.png` draws one frame into a PNG with no window at all.
//!
//! It knows nothing about enemies, tiles or levels. Priorities: one draw call per batch
//! whatever its size; nothing rebuilt per frame that did not change; the same code path for a
//! window ([`SurfaceTarget`]) and an offscreen image ([`OffscreenTarget`]); any wgpu backend
//! ([`BackendChoice`], [`list_adapters`]).
//!
//! - A [`GpuContext`] is the instance, adapter, device and queue, with errors that say what to
//!   install ([`ContextError`]).
//! - A batch ([`BatchId`], from [`Renderer::add_batch`]) is one GPU instance buffer of one
//!   [`MeshKind`], grown geometrically and kept across frames; each [`Instance`] is a model
//!   matrix and a packed colour. The caller's [`Extent`] lets a batch of cubes all a pixel or
//!   two on screen be drawn one triangle each; the [`DrawPath`] each frame draws a batch with
//!   is reported; batches are opaque or translucent ([`Renderer::set_translucent`]).
//! - A frame's camera, light and background are [`FrameParams`]; [`Renderer::render`] (or
//!   [`Renderer::render_offscreen`]) prepares the batches, writes the uniform block and records
//!   the pass, and returns the frame's [`FrameCounters`] (draw calls, instances, bytes
//!   uploaded, CPU time, and GPU time through `wgpu-profiler` where timestamp queries exist).
//!
//! The pulled cubes read their instances from the instance buffer bound as storage, where the
//! device allows it: small cubes as one `draw` of 3 vertices a cube, three-face cubes as one
//! `draw_indexed` of 7 vertices a cube through one index buffer of 256 cubes that every batch
//! shares, drawn once per group of 256 (no index buffer per batch or per cube; the
//! instances past a batch's count, to the end of its last group, are zeroed on the GPU and
//! draw nothing).
//!
//! Translucent batches are drawn after every opaque batch, in the order they were added, one
//! draw call each like any batch, by the mesh path whatever their mesh (three-face and small
//! cubes as the full cube): each instance's colour alpha is its opacity (colour blended
//! `src_alpha`, `one_minus_src_alpha`), depth is tested but not written. Opaque batches write
//! alpha 1 and depth, without blending.
//!
//! Frames: instances may be placed in any frame; the caller's view matrix maps that frame to
//! the camera. A mirroring view (negative determinant, as when a left-handed world is shown
//! through a right-handed camera) is detected and the front-face winding flipped to match.
//!
//! The rooms:
//! - the device: `context.rs` (the GPU context: instance, adapter, device and queue),
//!   `backend.rs` (which graphics API to use, and what adapters exist), `capabilities.rs`
//!   (what the device can do for the draw paths, read once).
//! - what is drawn: `instance.rs` (the per-instance data), `batch.rs` (batches, and how a frame
//!   draws each), `draw.rs` (one batch's draw call, shared by the scene and shadow passes),
//!   `mesh.rs` with `mesh/` (the meshes instances are drawn with), `viewpoint.rs` (where a
//!   camera sees from, for the three-face cube's choice of faces).
//! - the frame: `renderer.rs` (the renderer and its three-step draw), `scene_pass.rs` (the
//!   scene pass begun: clears, viewport, timestamps), `frame.rs` (camera and
//!   light, the uniform block, the size test for tiny cubes), `quality.rs` (how much of the
//!   light a frame is drawn with: low, medium, high), `shadow.rs` (the sun's shadow map: the
//!   light's box fitted to the view, the depth pass from the light), `high_look.rs` (`high`'s
//!   own multisampled scene, resolved into the target viewed without sRGB), `pipelines.rs` (the
//!   render pipelines and their bind group layouts), `target.rs` (a window surface or an offscreen
//!   texture, with its attachments), `counters.rs` (what a frame cost), `timer.rs` (the passes' GPU time).
//!
//! Every public name is exported here, at the crate root, and only here.

#![deny(missing_docs)]

mod backend;
mod batch;
mod capabilities;
mod context;
mod counters;
mod draw;
mod frame;
mod high_look;
mod instance;
mod mesh;
mod pipelines;
mod quality;
mod renderer;
mod scene_pass;
mod shadow;
mod target;
mod timer;
mod viewpoint;

pub use backend::{AdapterSummary, BackendChoice, UnknownBackend, list_adapters};
pub use batch::{BatchId, DrawPath, Extent};
pub use context::{ContextError, GpuContext, GpuError, GpuRequest};
pub use counters::FrameCounters;
pub use frame::{DEFAULT_OCCLUSION_REACH, FRAME_UNIFORM_BYTES, FrameParams};
pub use instance::Instance;
pub use mesh::MeshKind;
pub use quality::{Quality, UnknownQuality};
pub use renderer::{DirectWriteError, Renderer, RendererConfig};
pub use target::{
    Acquired, Attachments, OFFSCREEN_FORMAT, OffscreenTarget, ReadbackError, SurfaceTarget,
    supported_samples,
};
