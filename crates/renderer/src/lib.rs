//! Horde's instanced wgpu renderer.
//!
//! It draws batches of instances of meshes and knows nothing about enemies, tiles or levels.
//! Priorities: one draw call per batch whatever its size; nothing rebuilt per frame that did not
//! change; the same code path for a window and for an offscreen image; any wgpu backend.
//!
//! The rooms:
//! - [`backend`]: backend choice (`--backend`, `WGPU_BACKEND`) and adapter listing.
//! - [`context`]: instance, adapter, device and queue, with errors that say what to install.
//! - [`mesh`]: the meshes (cube, arrow, ground quad) and their GPU buffers.
//! - [`instance`]: the per-instance data, a model matrix and a packed colour.
//! - [`batch`]: one GPU instance buffer per batch, grown geometrically, kept across frames.
//! - [`target`]: colour, depth and MSAA attachments; a window surface or an offscreen texture
//!   with RGBA8 readback.
//! - [`renderer`]: the pipeline and [`Renderer::render`], shared by both targets.
//! - [`counters`]: per-frame figures (draw calls, instances, bytes uploaded, CPU and GPU time).
//!
//! Frames: instances may be placed in any frame; the caller's view matrix maps that frame to
//! the camera. A mirroring view (negative determinant, as when a left-handed world is shown
//! through a right-handed camera) is detected and the front-face winding flipped to match.

pub mod backend;
pub mod batch;
pub mod context;
pub mod counters;
pub mod instance;
pub mod mesh;
pub mod renderer;
pub mod target;

pub use backend::{AdapterSummary, BackendChoice};
pub use batch::BatchId;
pub use context::{ContextError, GpuContext, GpuRequest};
pub use counters::FrameCounters;
pub use instance::Instance;
pub use mesh::MeshKind;
pub use renderer::{FrameParams, Renderer, RendererConfig};
pub use target::{OffscreenTarget, SurfaceTarget};
