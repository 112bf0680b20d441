//! What the device can do for the draw paths, read once when a renderer is made.
//!
//! Like wgpu's examples, each path states up front what it needs (downlevel flags, limits);
//! the renderer compares that with the adapter once and never asks again. What the device can
//! do is kept apart from what the caller wants (`Renderer::set_pull_cubes`): a batch is drawn
//! pulled only where both agree.

use crate::context::GpuContext;
use crate::mesh::Provoking;

/// What the pulled draws need: the instance buffer read as a storage buffer by the vertex
/// shader.
pub(crate) const PULLED_DOWNLEVEL_FLAGS: wgpu::DownlevelFlags =
    wgpu::DownlevelFlags::VERTEX_STORAGE;

/// Storage buffers the pulled draws bind in the vertex stage (the instances).
pub(crate) const PULLED_STORAGE_BUFFERS: u32 = 1;

/// What the device offers the draw paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Capabilities {
    /// The largest instance buffer, in bytes, a pulled draw can bind as storage; `None` where
    /// vertex shaders cannot read storage buffers at all (every batch is drawn instanced).
    pub max_pulled_bytes: Option<u64>,
    /// Which vertex of a triangle gives flat-shaded outputs their value.
    pub provoking: Provoking,
}

impl Capabilities {
    /// The capabilities of `ctx`'s adapter and device.
    pub fn of(ctx: &GpuContext) -> Capabilities {
        Capabilities::from_device(
            &ctx.adapter.get_downlevel_capabilities(),
            &ctx.device.limits(),
            ctx.info.backend,
        )
    }

    /// The capabilities of a device with these downlevel capabilities and limits on
    /// `backend`.
    pub fn from_device(
        downlevel: &wgpu::DownlevelCapabilities,
        limits: &wgpu::Limits,
        backend: wgpu::Backend,
    ) -> Capabilities {
        let pull = downlevel.flags.contains(PULLED_DOWNLEVEL_FLAGS)
            && limits.max_storage_buffers_per_shader_stage >= PULLED_STORAGE_BUFFERS;
        Capabilities {
            max_pulled_bytes: pull.then_some(limits.max_storage_buffer_binding_size),
            provoking: Provoking::of(backend),
        }
    }

    /// Whether the device can draw pulled a batch whose instance buffer is `bytes` long.
    pub fn device_can_pull(&self, bytes: u64) -> bool {
        self.max_pulled_bytes.is_some_and(|max| bytes <= max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn downlevel(flags: wgpu::DownlevelFlags) -> wgpu::DownlevelCapabilities {
        wgpu::DownlevelCapabilities {
            flags,
            ..Default::default()
        }
    }

    #[test]
    fn a_device_pulls_where_vertex_shaders_read_storage_up_to_its_binding_limit() {
        let limits = wgpu::Limits {
            max_storage_buffer_binding_size: 128 << 20,
            ..wgpu::Limits::defaults()
        };
        let all = downlevel(wgpu::DownlevelFlags::all());
        let caps = Capabilities::from_device(&all, &limits, wgpu::Backend::Vulkan);
        assert_eq!(caps.max_pulled_bytes, Some(128 << 20));
        assert!(caps.device_can_pull(68));
        assert!(caps.device_can_pull(128 << 20));
        assert!(!caps.device_can_pull((128 << 20) + 1));
        assert_eq!(caps.provoking, Provoking::First);
    }

    #[test]
    fn a_device_without_vertex_storage_draws_every_batch_instanced() {
        let no_vertex_storage =
            downlevel(wgpu::DownlevelFlags::all().difference(wgpu::DownlevelFlags::VERTEX_STORAGE));
        let caps = Capabilities::from_device(
            &no_vertex_storage,
            &wgpu::Limits::defaults(),
            wgpu::Backend::Gl,
        );
        assert_eq!(caps.max_pulled_bytes, None);
        assert!(!caps.device_can_pull(68));
        assert_eq!(caps.provoking, Provoking::Last);
        // The flag alone is not enough: WebGL2-like limits allow no storage buffer.
        let caps = Capabilities::from_device(
            &downlevel(wgpu::DownlevelFlags::all()),
            &wgpu::Limits::downlevel_webgl2_defaults(),
            wgpu::Backend::Gl,
        );
        assert!(!caps.device_can_pull(68));
    }
}
