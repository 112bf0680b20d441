//! Which graphics API to use, and what adapters exist.

use std::fmt;
use std::str::FromStr;

/// The graphics API the user asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum BackendChoice {
    /// Whatever works, preferring Vulkan, Metal or DX12 over GL.
    #[default]
    Auto,
    /// Vulkan (on Linux without a GPU: Mesa's lavapipe).
    Vulkan,
    /// OpenGL / GLES (on Linux without a GPU: Mesa's llvmpipe through EGL).
    Gl,
    /// Direct3D 12 (Windows).
    Dx12,
    /// Metal (macOS).
    Metal,
}

/// An unknown backend name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown backend `{0}` (expected auto, vulkan, gl, dx12 or metal)")]
pub struct UnknownBackend(pub String);

impl FromStr for BackendChoice {
    type Err = UnknownBackend;

    fn from_str(text: &str) -> Result<BackendChoice, UnknownBackend> {
        match text.trim().to_ascii_lowercase().as_str() {
            "auto" | "" => Ok(BackendChoice::Auto),
            "vulkan" | "vk" => Ok(BackendChoice::Vulkan),
            "gl" | "gles" | "opengl" => Ok(BackendChoice::Gl),
            "dx12" | "d3d12" => Ok(BackendChoice::Dx12),
            "metal" | "mtl" => Ok(BackendChoice::Metal),
            _ => Err(UnknownBackend(text.to_string())),
        }
    }
}

impl fmt::Display for BackendChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BackendChoice::Auto => "auto",
            BackendChoice::Vulkan => "vulkan",
            BackendChoice::Gl => "gl",
            BackendChoice::Dx12 => "dx12",
            BackendChoice::Metal => "metal",
        })
    }
}

impl BackendChoice {
    /// Every choice, for menus.
    pub const ALL: [BackendChoice; 5] = [
        BackendChoice::Auto,
        BackendChoice::Vulkan,
        BackendChoice::Gl,
        BackendChoice::Dx12,
        BackendChoice::Metal,
    ];

    /// The choice in `WGPU_BACKEND`, if set and valid; an invalid value is an error.
    fn from_env() -> Result<Option<BackendChoice>, UnknownBackend> {
        match std::env::var("WGPU_BACKEND") {
            Ok(text) => text.parse().map(Some),
            Err(_) => Ok(None),
        }
    }

    /// The flag's value if given, else `WGPU_BACKEND`, else `Auto`.
    pub fn resolve(flag: Option<BackendChoice>) -> Result<BackendChoice, UnknownBackend> {
        match flag {
            Some(choice) => Ok(choice),
            None => Ok(BackendChoice::from_env()?.unwrap_or_default()),
        }
    }

    /// The wgpu backend set to try.
    pub(crate) fn backends(self) -> wgpu::Backends {
        match self {
            BackendChoice::Auto => wgpu::Backends::all(),
            BackendChoice::Vulkan => wgpu::Backends::VULKAN,
            BackendChoice::Gl => wgpu::Backends::GL,
            BackendChoice::Dx12 => wgpu::Backends::DX12,
            BackendChoice::Metal => wgpu::Backends::METAL,
        }
    }
}

/// One adapter as `horde adapters` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdapterSummary {
    /// `vulkan`, `gl`, ...
    pub backend: String,
    /// The adapter's name, e.g. `llvmpipe (LLVM 15.0.6, 256 bits)`.
    pub name: String,
    /// `cpu`, `integrated-gpu`, `discrete-gpu`, `virtual-gpu` or `other`.
    pub device_type: String,
    /// Driver name and version information.
    pub driver: String,
}

impl AdapterSummary {
    /// The summary of an adapter's info.
    pub(crate) fn from_info(info: &wgpu::AdapterInfo) -> AdapterSummary {
        let driver = match (info.driver.is_empty(), info.driver_info.is_empty()) {
            (false, false) => format!("{} ({})", info.driver, info.driver_info),
            (false, true) => info.driver.clone(),
            _ => info.driver_info.clone(),
        };
        AdapterSummary {
            backend: backend_name(info.backend).to_string(),
            name: info.name.clone(),
            device_type: match info.device_type {
                wgpu::DeviceType::Cpu => "cpu",
                wgpu::DeviceType::IntegratedGpu => "integrated-gpu",
                wgpu::DeviceType::DiscreteGpu => "discrete-gpu",
                wgpu::DeviceType::VirtualGpu => "virtual-gpu",
                wgpu::DeviceType::Other => "other",
            }
            .to_string(),
            driver,
        }
    }
}

impl fmt::Display for AdapterSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} [{}] driver: {}",
            self.backend, self.name, self.device_type, self.driver
        )
    }
}

/// The lower-case name of a wgpu backend.
pub(crate) fn backend_name(backend: wgpu::Backend) -> &'static str {
    match backend {
        wgpu::Backend::Vulkan => "vulkan",
        wgpu::Backend::Gl => "gl",
        wgpu::Backend::Dx12 => "dx12",
        wgpu::Backend::Metal => "metal",
        wgpu::Backend::BrowserWebGpu => "webgpu",
        _ => "other",
    }
}

/// Every adapter wgpu finds on `backends`, without a window.
pub fn list_adapters(backends: wgpu::Backends) -> Vec<AdapterSummary> {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = backends;
    let instance = wgpu::Instance::new(desc);
    pollster::block_on(instance.enumerate_adapters(backends))
        .iter()
        .map(|a| AdapterSummary::from_info(&a.get_info()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse() {
        assert_eq!("Vulkan".parse(), Ok(BackendChoice::Vulkan));
        assert_eq!("gl".parse(), Ok(BackendChoice::Gl));
        assert_eq!("auto".parse(), Ok(BackendChoice::Auto));
        assert!("directx9".parse::<BackendChoice>().is_err());
        for choice in BackendChoice::ALL {
            assert_eq!(choice.to_string().parse(), Ok(choice));
        }
    }
}
