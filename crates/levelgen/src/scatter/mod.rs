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
//! - [`settings`]: the RON settings and their validation.
//! - [`generate`]: textures, filtering, overlap removal and the parallel driver.
//!
//! ```
//! use horde_levelgen::scatter::{DEFAULT_SETTINGS, Scatter, ScatterSettings};
//!
//! let settings = ScatterSettings::parse(DEFAULT_SETTINGS, "default.ron".as_ref()).unwrap();
//! let scatter = Scatter::new(settings, 1);
//! let chunks = scatter.chunks_for_slices(1);
//! let map = scatter.generate(&chunks);
//! assert_eq!(map.len(), chunks.len());
//! assert!(map.iter().all(|c| c.slice == 0));
//! let placed: usize = map.iter().map(|c| c.placements.len()).sum();
//! assert!(placed > 0);
//! ```

pub mod generate;
pub mod settings;

pub use generate::{ChunkCoord, ChunkPlacements, Placement, Scatter};
pub use settings::{
    ChunkSettings, KindSettings, LayerSettings, NoiseSettings, ScatterError, ScatterSettings,
    SliceSettings,
};

/// The default scatter settings (`assets/scatter/default.ron`).
pub const DEFAULT_SETTINGS: &str = include_str!("../../../../assets/scatter/default.ron");
