//! `horde adapters`: every graphics adapter wgpu finds, one line each.

use anyhow::Result;
use horde_renderer::list_adapters;

/// Prints one line per adapter: `backend: name [type] driver: ...`.
pub fn run() -> Result<()> {
    let adapters = list_adapters(wgpu::Backends::all());
    if adapters.is_empty() {
        println!("no adapters found");
    }
    for adapter in adapters {
        println!("{adapter}");
    }
    Ok(())
}
