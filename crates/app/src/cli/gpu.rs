//! The flags every command that draws takes: the graphics API and adapter, and how much of
//! the light to draw.

use clap::Args;
use horde_renderer::{BackendChoice, Quality};

/// Backend and adapter choice, shared by every command that draws.
#[derive(Clone, Debug, Default, Args)]
pub struct GpuFlags {
    /// Graphics API: auto, vulkan, gl, dx12 or metal (default: `WGPU_BACKEND`, else auto).
    #[arg(long, value_name = "B", value_parser = parse_backend)]
    pub backend: Option<BackendChoice>,
    /// Use the first adapter whose name contains this text.
    #[arg(long, value_name = "NAME")]
    pub adapter: Option<String>,
    /// Light: low (one sun, fog), medium (and its shadows), high (and MSAA 4×, a filmic tone
    /// curve, the sky's gradient); default: high in a window, low for `screenshot` and
    /// `stress`.
    #[arg(long, value_name = "Q", value_parser = parse_quality)]
    pub quality: Option<Quality>,
}

/// `--quality`: a level by its name.
pub fn parse_quality(text: &str) -> Result<Quality, String> {
    text.parse()
        .map_err(|e: horde_renderer::UnknownQuality| e.to_string())
}

/// `--backend`: an API by its name.
pub fn parse_backend(text: &str) -> Result<BackendChoice, String> {
    text.parse()
        .map_err(|e: horde_renderer::UnknownBackend| e.to_string())
}
