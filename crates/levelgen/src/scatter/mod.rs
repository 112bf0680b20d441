//! Noise-driven scatter of scenery (trees, rocks, houses…) along the runner's band.
//!
//! The band runs along `+z`, `columns` square chunks wide and centred on the track at `x = 0`.
//! Chunk rows are grouped into *slices* by distance from the origin (the last configured slice
//! repeats for ever); each slice picks one of its *chunk settings* for a chunk by the chunk's
//! distance from the slice centre; each chunk setting is a stack of *layers*. A layer is a
//! noise texture of `texture_size²` texels over the chunk: fractal Perlin noise sampled at world
//! coordinates (so it runs on across chunk borders), each texel jittered by a hash and kept
//! when its value is above the layer's threshold, no nearer than the layer's spacing to a point
//! already kept, clear of the chunk border and of the track. Texture space maps to world space
//! by `world = chunk origin + chunk_size * texel / texture_size`. Layers are then stacked in
//! order, each removing the earlier placements its footprints overlap, so no two placements
//! overlap — within a chunk or across chunks. Every footprint keeps a 1 mm gap (to other
//! footprints and to the chunk border), so that rounding never turns touching into
//! overlapping: "overlap" here means closer than the sum of the radii plus 1 mm.
//!
//! Chunks and layers are generated in parallel with rayon; the result depends only on the seed
//! and the chunk coordinates, never on the thread count or the order of generation.
//!
//! Roads (the map generator's paths, optional in the settings) run along the band beside the
//! track: each chunk keeps the parts of the roads inside it, the pieces join bit for bit across
//! chunk borders and slice boundaries, and no placement comes within half a road's width of
//! a road.
//!
//! - [`settings`] (`settings.rs`): the RON settings and their validation.
//! - [`layout`] (`layout.rs`): where the band's chunks and slices lie: chunk coordinates, and
//!   which slice a row of chunks belongs to.
//! - [`generate`] (`generate.rs`): textures, filtering, overlap removal and the parallel
//!   driver.
//! - [`roads`] (`roads.rs`, its rooms in `roads/`): the roads' lanes, gates and centre lines,
//!   cut into chunks and joined again.
//! - [`sampling`] (`sampling.rs`): what generation and roads share: the smallest gap kept
//!   between footprints, and fractal noise sampled only where its lattice is defined.
//!
//! ```
//! use horde_levelgen::scenery::{DEFAULT_SCATTER_SETTINGS, Scatter, ScatterSettings};
//!
//! let settings = ScatterSettings::parse(DEFAULT_SCATTER_SETTINGS, "default.ron".as_ref()).unwrap();
//! let scatter = Scatter::new(settings, 1);
//! let chunks = scatter.chunks_for_slices(1);
//! let map = scatter.generate(&chunks);
//! assert_eq!(map.len(), chunks.len());
//! assert!(map.iter().all(|c| c.slice == 0));
//! let placed: usize = map.iter().map(|c| c.placements.len()).sum();
//! assert!(placed > 0);
//! ```

mod generate;
mod layout;
mod roads;
mod sampling;
mod settings;

pub use generate::{ChunkPlacements, Placement, Scatter};
pub use layout::ChunkCoord;
pub use roads::{Road, RoadId, RoadPiece, Side};
pub use settings::{
    ChunkSettings, DEFAULT_SCATTER_SETTINGS, KindSettings, LayerSettings, NoiseSettings,
    RoadSettings, ScatterSettings, SliceSettings,
};

/// The most noise texels [`check_scatter_settings_text`] samples per chunk before it generates.
#[cfg(feature = "fuzzing")]
const CHECK_TEXELS: u64 = 4096;

/// Parses `text` as scatter settings and, when a chunk of them samples at most 4096 texels,
/// generates a few chunks (both sides of the track, two slices) and joins their roads; returns
/// how many placements and road points came out. The body of the `scatter_settings` fuzz
/// target, which the regression tests replay: any text gives a value or an error, never a
/// panic or a hang.
#[cfg(feature = "fuzzing")]
pub fn check_scatter_settings_text(text: &str) -> Result<usize, horde_files::FileError> {
    let settings = ScatterSettings::parse(text, std::path::Path::new("fuzz.ron"))?;
    let texels = u64::from(settings.texture_size).pow(2);
    let layers = settings
        .slices
        .iter()
        .flat_map(|s| &s.chunks)
        .map(|c| c.layers.len() as u64)
        .max()
        .unwrap_or(0);
    if texels * layers > CHECK_TEXELS {
        return Ok(0);
    }
    let scatter = Scatter::new(settings, 1);
    let mut coords = scatter.chunk_row(0);
    coords.truncate(4);
    let (next, _) = scatter.slice_range(1);
    let row = (f64::from(next) / f64::from(scatter.settings().chunk_size)) as i32;
    coords.extend(scatter.chunk_row(row).into_iter().take(4));
    let chunks = scatter.generate(&coords);
    let roads = scatter.join_roads(&chunks);
    Ok(chunks.iter().map(|c| c.placements.len()).sum::<usize>()
        + roads.iter().map(|r| r.points.len()).sum::<usize>())
}
