//! The GPU context: instance, adapter, device and queue, chosen by backend and adapter name.

use crate::backend::{AdapterSummary, BackendChoice, backend_name};

/// What the caller wants.
#[derive(Default)]
pub struct GpuRequest {
    /// Backend to use.
    pub backend: BackendChoice,
    /// Pick the first adapter whose name contains this (case-insensitive).
    pub adapter_name: Option<String>,
    /// The window system's display handle. Needed to present with GL on X11/Wayland; leave
    /// `None` for offscreen work.
    pub display: Option<Box<dyn wgpu::wgt::WgpuHasDisplayHandle>>,
}

/// Why no context could be made.
#[derive(Debug, thiserror::Error)]
pub enum ContextError {
    /// No adapter matched.
    #[error("{}", no_adapter_message(.backend, .adapter_name.as_deref(), .found))]
    NoAdapter {
        /// The backend asked for.
        backend: BackendChoice,
        /// The name filter asked for.
        adapter_name: Option<String>,
        /// Every adapter wgpu found, on any backend.
        found: Vec<AdapterSummary>,
    },
    /// The window surface could not be created.
    #[error("cannot create a window surface: {0}")]
    Surface(#[from] wgpu::CreateSurfaceError),
    /// The adapter refused to make a device.
    #[error("the adapter {adapter} refused to create a device: {source}")]
    Device {
        /// The adapter's name.
        adapter: String,
        /// wgpu's error.
        source: wgpu::RequestDeviceError,
    },
}

fn no_adapter_message(
    backend: &BackendChoice,
    name: Option<&str>,
    found: &[AdapterSummary],
) -> String {
    let mut text = format!("no graphics adapter for backend `{backend}`");
    if let Some(name) = name {
        text += &format!(" with a name containing `{name}`");
    }
    if found.is_empty() {
        text += "; wgpu found no adapter at all.";
    } else {
        text += "; wgpu found:";
        for a in found {
            text += &format!("\n  {a}");
        }
    }
    text += "\nWithout a GPU driver, install Mesa's software drivers: \
             `apt-get install mesa-vulkan-drivers libvulkan1` (Vulkan: lavapipe) or \
             `apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri` (GL: llvmpipe).";
    text
}

/// A ready-to-use GPU.
#[derive(Debug)]
pub struct GpuContext {
    /// The wgpu instance (needed to create surfaces).
    pub instance: wgpu::Instance,
    /// The chosen adapter.
    pub adapter: wgpu::Adapter,
    /// The device.
    pub device: wgpu::Device,
    /// Its queue.
    pub queue: wgpu::Queue,
    /// The adapter's description.
    pub info: wgpu::AdapterInfo,
    /// Whether render passes can write GPU timestamps.
    pub timestamps: bool,
}

impl GpuContext {
    /// A context for offscreen rendering.
    pub fn headless(request: GpuRequest) -> Result<GpuContext, ContextError> {
        let instance = make_instance(&request.backend, request.display);
        GpuContext::finish(instance, request.backend, request.adapter_name, None)
    }

    /// A context and a surface for `window`, on an adapter that can present to it.
    pub fn with_surface(
        request: GpuRequest,
        window: impl Into<wgpu::SurfaceTarget<'static>>,
    ) -> Result<(GpuContext, wgpu::Surface<'static>), ContextError> {
        let instance = make_instance(&request.backend, request.display);
        let surface = instance.create_surface(window)?;
        let context = GpuContext::finish(
            instance,
            request.backend,
            request.adapter_name,
            Some(&surface),
        )?;
        Ok((context, surface))
    }

    /// The adapter as `horde adapters` would list it.
    pub fn summary(&self) -> AdapterSummary {
        AdapterSummary::from_info(&self.info)
    }

    fn finish(
        instance: wgpu::Instance,
        backend: BackendChoice,
        adapter_name: Option<String>,
        surface: Option<&wgpu::Surface<'static>>,
    ) -> Result<GpuContext, ContextError> {
        let adapters = pollster::block_on(instance.enumerate_adapters(backend.backends()));
        let wanted = adapter_name.as_deref().map(str::to_lowercase);
        let chosen = adapters
            .into_iter()
            .filter(|a| {
                let info = a.get_info();
                let name_ok = wanted
                    .as_deref()
                    .is_none_or(|w| info.name.to_lowercase().contains(w));
                name_ok && surface.is_none_or(|s| a.is_surface_supported(s))
            })
            .min_by_key(|a| preference(&a.get_info()));
        let Some(adapter) = chosen else {
            return Err(ContextError::NoAdapter {
                backend,
                adapter_name,
                found: crate::backend::list_adapters(wgpu::Backends::all()),
            });
        };
        pollster::block_on(GpuContext::open(instance, adapter))
    }

    /// A context for a browser's `canvas` (wasm32): the browser's WebGPU where it gives an
    /// adapter, else WebGL2; found without blocking, as a page must. (WebGPU is asked for an
    /// adapter before the canvas is touched: a canvas that gave a WebGPU context gives no
    /// WebGL2 one.)
    #[cfg(target_arch = "wasm32")]
    pub async fn for_canvas(
        canvas: web_sys::HtmlCanvasElement,
    ) -> Result<(GpuContext, wgpu::Surface<'static>), ContextError> {
        let instance_for = |backends| {
            let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
            desc.backends = backends;
            wgpu::Instance::new(desc)
        };
        let webgpu = instance_for(wgpu::Backends::BROWSER_WEBGPU);
        let options = wgpu::RequestAdapterOptions::default();
        if let Ok(adapter) = webgpu.request_adapter(&options).await {
            let surface = webgpu.create_surface(wgpu::SurfaceTarget::Canvas(canvas))?;
            let context = GpuContext::open(webgpu, adapter).await?;
            return Ok((context, surface));
        }
        let gl = instance_for(wgpu::Backends::GL);
        let surface = gl.create_surface(wgpu::SurfaceTarget::Canvas(canvas))?;
        let options = wgpu::RequestAdapterOptions {
            compatible_surface: Some(&surface),
            ..Default::default()
        };
        let adapter = gl
            .request_adapter(&options)
            .await
            .map_err(|_| ContextError::NoAdapter {
                backend: BackendChoice::default(),
                adapter_name: None,
                found: Vec::new(),
            })?;
        let context = GpuContext::open(gl, adapter).await?;
        Ok((context, surface))
    }

    /// The device and queue of `adapter`: the context.
    async fn open(
        instance: wgpu::Instance,
        adapter: wgpu::Adapter,
    ) -> Result<GpuContext, ContextError> {
        let info = adapter.get_info();
        let timestamps = adapter.features().contains(wgpu::Features::TIMESTAMP_QUERY);
        let required_features = if timestamps {
            wgpu::Features::TIMESTAMP_QUERY
        } else {
            wgpu::Features::empty()
        };
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("horde device"),
                required_features,
                required_limits: adapter.limits(),
                experimental_features: wgpu::ExperimentalFeatures::disabled(),
                memory_hints: wgpu::MemoryHints::Performance,
                trace: wgpu::Trace::Off,
            })
            .await
            .map_err(|source| ContextError::Device {
                adapter: info.name.clone(),
                source,
            })?;
        // A validation error is a bug to report, not a reason to take the user's session down.
        device.on_uncaptured_error(std::sync::Arc::new(|error| {
            log::error!("wgpu: {error}");
        }));
        log::info!(
            "adapter: {} (backend {}, {:?}, driver {} {})",
            info.name,
            backend_name(info.backend),
            info.device_type,
            info.driver,
            info.driver_info
        );
        Ok(GpuContext {
            instance,
            adapter,
            device,
            queue,
            info,
            timestamps,
        })
    }
}

/// GPU work that wgpu refused: a validation error or running out of memory.
#[derive(Debug, thiserror::Error)]
#[error("GPU error while {what}: {message}")]
pub struct GpuError {
    /// What was being done.
    pub what: String,
    /// wgpu's error.
    pub message: String,
}

impl GpuContext {
    /// Runs `work` inside wgpu error scopes (validation and out-of-memory) and waits for the
    /// device to finish it; an error wgpu raised meanwhile is returned instead of only being
    /// logged, so headless commands fail rather than write a garbage picture or report.
    /// `what` names the work in the error.
    pub fn checked<T>(&self, what: &str, work: impl FnOnce() -> T) -> Result<T, GpuError> {
        let out_of_memory = self.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let validation = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let value = work();
        let _ = self.device.poll(wgpu::PollType::wait_indefinitely());
        let errors = [validation.pop(), out_of_memory.pop()].map(pollster::block_on);
        match errors.into_iter().flatten().next() {
            None => Ok(value),
            Some(error) => Err(GpuError {
                what: what.to_string(),
                message: error.to_string(),
            }),
        }
    }
}

/// Builds an instance for the chosen backend.
fn make_instance(
    backend: &BackendChoice,
    display: Option<Box<dyn wgpu::wgt::WgpuHasDisplayHandle>>,
) -> wgpu::Instance {
    let mut desc = match display {
        Some(display) => wgpu::InstanceDescriptor::new_with_display_handle(display),
        None => wgpu::InstanceDescriptor::new_without_display_handle(),
    };
    desc.backends = backend.backends();
    wgpu::Instance::new(desc)
}

/// Lower is better: real GPUs first, then software; native APIs before GL.
fn preference(info: &wgpu::AdapterInfo) -> (u8, u8) {
    let device = match info.device_type {
        wgpu::DeviceType::DiscreteGpu => 0,
        wgpu::DeviceType::IntegratedGpu => 1,
        wgpu::DeviceType::VirtualGpu => 2,
        wgpu::DeviceType::Cpu => 3,
        wgpu::DeviceType::Other => 4,
    };
    let api = match info.backend {
        wgpu::Backend::Vulkan | wgpu::Backend::Metal | wgpu::Backend::Dx12 => 0,
        wgpu::Backend::Gl => 1,
        _ => 2,
    };
    (device, api)
}
