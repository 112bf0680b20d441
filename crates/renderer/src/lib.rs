//! Horde's instanced wgpu renderer: adapter and backend choice, meshes, instanced batches,
//! camera, and a window or offscreen target (DESIGN §7).
//!
//! Not built yet: the simulation core comes first. Until the renderer exists the `horde` app runs
//! headless only (`horde sim`).
