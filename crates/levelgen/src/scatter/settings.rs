//! Scatter settings: the slices, chunk settings, layers and asset kinds of a map, read from RON.
//!
//! # File format
//!
//! ```ron
//! (
//!     chunk_size: 32.0,       // side of a square chunk, world units, 0 < size <= 1000000
//!     texture_size: 64,       // noise texels per chunk side, 1..=1024
//!     columns: 4,             // chunks across the band, 1..=1024
//!     track_clearance: 5.0,   // footprints keep this far from the line x = 0, >= 0
//!     roads: (            // optional: without it no roads are laid
//!         width: 3.0,         // full width, world units, > 0 and at most 4 chunk sides
//!         count: 2,           // roads per slice, 0..=16 (a slice may say otherwise)
//!         track_distance: 24.0, // centre lines stay this close to the track, world units
//!         wander: 8.0,        // how far a road strays from its straight line, world units, >= 0
//!         noise: (frequency: 0.02, octaves: 2),  // the wander's noise
//!     ),
//!     kinds: [
//!         // colour: linear RGB, each 0..=1; height: world units, > 0
//!         (name: "pine", colour: (0.13, 0.4, 0.18), height: 4.0),
//!     ],
//!     slices: [
//!         (
//!             name: "forest",
//!             length: 4,      // chunk rows, >= 1
//!             roads: 3,       // optional: roads through this slice, 0..=16
//!             chunks: [
//!                 (
//!                     name: "dense",
//!                     within: 40.0,   // used up to this far from the slice centre, >= 0
//!                     layers: [
//!                         (
//!                             kind: "pine",       // a name from `kinds`
//!                             radius: 1.2,        // footprint radius, world units, > 0
//!                             noise: (frequency: 0.05, octaves: 4),  // > 0; 1..=8
//!                             threshold: 0.1,     // texels whose noise exceeds it are candidates
//!                             spacing: 2.5,       // least distance between two points, > 0
//!                         ),
//!                     ],
//!                 ),
//!             ],
//!         ),
//!     ],
//! )
//! ```
//!
//! Every field is required except `roads` (the map's and a slice's); unknown fields are
//! errors. Lists of kinds, slices, chunk settings and layers may not be empty; a chunk setting
//! samples at most [`MAX_CHUNK_TEXELS`] texels (layers times `texture_size²`). Every rule is
//! checked while the file is read ([`horde_files::rules`]): a bad value, a syntax error, a layer
//! naming a kind that is not in `kinds`, two kinds with one name or a layer past the texel
//! budget give a [`FileError`] at that value's own line and column.

use horde_files::FileError;
use horde_files::{list, must, non_negative, positive, unique_name, with_whole};
use serde::{Deserialize, Deserializer};
use std::path::Path;

/// The default scatter settings (`assets/scatter/default.ron`).
pub const DEFAULT_SCATTER_SETTINGS: &str = include_str!("../../../../assets/scatter/default.ron");

/// The largest chunk side, world units: the band's far rows (up to 10⁸ of them) stay finite
/// in `f32`.
pub const MAX_CHUNK_SIZE: f32 = 1.0e6;
/// The largest `texture_size`.
pub const MAX_TEXTURE_SIZE: u32 = 1024;
/// The largest number of fBm octaves.
pub const MAX_OCTAVES: u32 = 8;
/// The longest slice, in chunk rows.
pub const MAX_SLICE_LENGTH: u32 = 100_000;
/// The widest band, in chunks.
pub const MAX_COLUMNS: u32 = 1024;
/// The most kinds, and the most layers in one chunk setting (placements index them as `u16`).
pub const MAX_INDEXED: usize = 1 << 16;
/// The most roads through one slice.
pub const MAX_ROADS: u32 = 16;
/// The widest road, in chunk sides.
pub const MAX_ROAD_WIDTH_CHUNKS: f32 = 4.0;
/// The largest `wander` and `track_distance` of roads, world units.
pub const MAX_ROAD_DISTANCE: f32 = 100_000.0;
/// The most noise texels one chunk may sample, layers times `texture_size²` (16.8 million:
/// a few hundred milliseconds of one core per chunk at most).
pub const MAX_CHUNK_TEXELS: u64 = 1 << 24;

/// A whole scatter configuration.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScatterSettings {
    /// Side of a square chunk, in world units (`0 < size <= 1000000`).
    #[serde(deserialize_with = "chunk_size")]
    pub chunk_size: f32,
    /// Noise texels per chunk side (`1..=1024`): each texel is one candidate point per layer.
    #[serde(deserialize_with = "texture_size")]
    pub texture_size: u32,
    /// Width of the band in chunks (`1..=1024`), centred on `x = 0`.
    #[serde(deserialize_with = "columns")]
    pub columns: u32,
    /// No footprint comes closer than this to the track, the line `x = 0` (world units, >= 0).
    #[serde(deserialize_with = "track_clearance")]
    pub track_clearance: f32,
    /// The roads laid through the band; `None` (the field left out): no roads.
    #[serde(default, deserialize_with = "roads")]
    pub roads: Option<RoadSettings>,
    /// The asset kinds placements refer to (by index).
    #[serde(deserialize_with = "kinds")]
    pub kinds: Vec<KindSettings>,
    /// The slices, from the origin outwards along `+z`; the last one repeats for ever.
    #[serde(deserialize_with = "slices")]
    pub slices: Vec<SliceSettings>,
}

/// One kind of scenery asset.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindSettings {
    /// Unique name; layers refer to it.
    #[serde(deserialize_with = "kind_name")]
    pub name: String,
    /// Linear RGB colour, each component `0..=1`.
    #[serde(deserialize_with = "colour")]
    pub colour: [f32; 3],
    /// Height in world units (> 0).
    #[serde(deserialize_with = "height")]
    pub height: f32,
}

/// A run of chunk rows sharing one set of chunk settings.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SliceSettings {
    /// Name, for people and error messages.
    pub name: String,
    /// Length in chunk rows (>= 1).
    #[serde(deserialize_with = "length")]
    pub length: u32,
    /// Roads through this slice (`0..=16`); `None` (the field left out): the map's
    /// [`RoadSettings::count`].
    #[serde(default, deserialize_with = "slice_roads")]
    pub roads: Option<u32>,
    /// Chunk settings: a chunk uses the first whose `within` reaches its distance from the
    /// slice centre, else the last.
    #[serde(deserialize_with = "chunks")]
    pub chunks: Vec<ChunkSettings>,
}

/// What a chunk holds, chosen by the chunk's distance from its slice's centre.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChunkSettings {
    /// Name, for people and error messages.
    pub name: String,
    /// Used for chunks whose centre lies at most this far (world units along `z`) from the
    /// slice centre (>= 0).
    #[serde(deserialize_with = "within")]
    pub within: f32,
    /// The layers, in placement order: a later layer removes what it overlaps of earlier ones.
    #[serde(deserialize_with = "layers")]
    pub layers: Vec<LayerSettings>,
}

/// One noise texture filtered into points of one kind.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayerSettings {
    /// Name of the kind placed, from [`ScatterSettings::kinds`].
    #[serde(deserialize_with = "known_kind")]
    pub kind: String,
    /// Footprint radius in world units (> 0).
    #[serde(deserialize_with = "radius")]
    pub radius: f32,
    /// The noise texture.
    pub noise: NoiseSettings,
    /// Texels whose noise value (roughly `-1..1`) is above this are candidates.
    #[serde(deserialize_with = "threshold")]
    pub threshold: f32,
    /// Least distance between two points of this layer in a chunk (> 0); never less than twice
    /// the radius.
    #[serde(deserialize_with = "spacing")]
    pub spacing: f32,
}

/// The roads of a map: polylines along the band beside the track, joined across chunks and
/// slices (see [`Road`](super::Road)).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoadSettings {
    /// Full width in world units (> 0, at most 4 chunk sides).
    #[serde(deserialize_with = "road_width")]
    pub width: f32,
    /// Roads through a slice (`0..=16`) unless the slice says otherwise; they alternate
    /// between the sides of the track, the first on the `+x` side.
    #[serde(deserialize_with = "road_count")]
    pub count: u32,
    /// The farthest a road's centre line comes from the track (the line `x = 0`), world units
    /// (> 0); the nearest is `track_clearance` plus half the width. Also bounded by the band.
    #[serde(deserialize_with = "track_distance")]
    pub track_distance: f32,
    /// How far a road strays sideways from the straight line between its ends, world units
    /// (>= 0): the wander noise's amplitude in the middle of a slice.
    #[serde(deserialize_with = "wander")]
    pub wander: f32,
    /// The wander's noise, sampled along the road.
    pub noise: NoiseSettings,
}

/// Fractal Perlin noise (fBm) sampled at world coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoiseSettings {
    /// Cycles per world unit of the first octave (> 0).
    #[serde(deserialize_with = "frequency")]
    pub frequency: f64,
    /// Octaves, `1..=8`.
    #[serde(deserialize_with = "octaves")]
    pub octaves: u32,
}

impl ScatterSettings {
    /// Reads (at most [`horde_files::TEXT_CAP`] bytes) and parses a settings file.
    pub fn load(path: &Path) -> Result<ScatterSettings, FileError> {
        horde_files::load_ron(path)
    }

    /// Parses settings text; `path` names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<ScatterSettings, FileError> {
        horde_files::parse_ron(text, path)
    }

    /// The built-in settings, `assets/scatter/default.ron` compiled in
    /// ([`DEFAULT_SCATTER_SETTINGS`]).
    pub fn built_in() -> Result<ScatterSettings, FileError> {
        ScatterSettings::parse(
            DEFAULT_SCATTER_SETTINGS,
            "assets/scatter/default.ron".as_ref(),
        )
    }

    /// The settings at `path`, else the built-in ones.
    pub fn load_or_built_in(path: Option<&Path>) -> Result<ScatterSettings, FileError> {
        path.map_or_else(ScatterSettings::built_in, ScatterSettings::load)
    }
}

horde_files::rule!(chunk_size: f32, "chunk_size", "be a positive number at most 1000000", |v| positive(f64::from(*v)) && *v <= MAX_CHUNK_SIZE);
horde_files::rule!(texture_size: u32, "texture_size", "be 1..=1024", |v| (1..=MAX_TEXTURE_SIZE).contains(v));
horde_files::rule!(columns: u32, "columns", "be 1..=1024", |v| (1..=MAX_COLUMNS).contains(v));
horde_files::rule!(track_clearance: f32, "track_clearance", "be a number >= 0", |v| non_negative(f64::from(*v)));
horde_files::rule!(colour: [f32; 3], "colour", "have components 0..=1", |v| v.iter().all(|c| (0.0..=1.0).contains(c)));
horde_files::rule!(height: f32, "height", "be a positive number", |v| positive(f64::from(*v)));
horde_files::rule!(length: u32, "length", "be 1..=100000", |v| (1..=MAX_SLICE_LENGTH).contains(v));
horde_files::rule!(within: f32, "within", "be a finite number >= 0", |v| non_negative(f64::from(*v)));
horde_files::rule!(radius: f32, "radius", "be a positive number", |v| positive(f64::from(*v)));
horde_files::rule!(threshold: f32, "threshold", "be a finite number", |v| v.is_finite());
horde_files::rule!(spacing: f32, "spacing", "be a positive number", |v| positive(f64::from(*v)));
horde_files::rule!(road_width_value: f32, "width", "be a positive number", |v| positive(f64::from(*v)));
horde_files::rule!(road_count: u32, "count", "be 0..=16", |v| *v <= MAX_ROADS);
horde_files::rule!(slice_road_count: u32, "roads", "be 0..=16", |v| *v <= MAX_ROADS);
horde_files::rule!(track_distance: f32, "track_distance", "be a positive number at most 100000", |v| positive(f64::from(*v)) && *v <= MAX_ROAD_DISTANCE);
horde_files::rule!(wander: f32, "wander", "be a number 0..=100000", |v| (0.0..=MAX_ROAD_DISTANCE).contains(v));
horde_files::rule!(frequency: f64, "frequency", "be a positive number", |v| positive(*v));
horde_files::rule!(octaves: u32, "octaves", "be 1..=8", |v| (1..=MAX_OCTAVES).contains(v));

/// A road no wider than [`MAX_ROAD_WIDTH_CHUNKS`] chunk sides.
fn road_width<'de, D: Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    let width = road_width_value(d)?;
    with_whole(|s: &ScatterSettings| {
        let widest = MAX_ROAD_WIDTH_CHUNKS * s.chunk_size;
        must(width <= widest, || {
            format!("`width` {width} is more than {MAX_ROAD_WIDTH_CHUNKS} chunk sides ({widest})")
        })
    })
    .map_err(serde::de::Error::custom)?;
    Ok(width)
}

fn kind_name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    unique_name(d, "kind")
}

/// A kind listed in `kinds`.
fn known_kind<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    horde_files::checked(d, |name: &String| {
        with_whole(|s: &ScatterSettings| {
            must(s.kinds.iter().any(|k| &k.name == name), || {
                let known: Vec<&str> = s.kinds.iter().map(|k| k.name.as_str()).collect();
                format!("unknown kind `{name}` (the kinds are {})", known.join(", "))
            })
        })
    })
}

fn roads<'de, D: Deserializer<'de>>(d: D) -> Result<Option<RoadSettings>, D::Error> {
    RoadSettings::deserialize(d).map(Some)
}

fn slice_roads<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    slice_road_count(d).map(Some)
}

fn kinds<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<KindSettings>, D::Error> {
    list(d, "kinds", 1..=MAX_INDEXED, |_, _| Ok(()))
}

fn slices<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SliceSettings>, D::Error> {
    list(d, "slices", 1..=usize::MAX, |_, _| Ok(()))
}

fn chunks<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<ChunkSettings>, D::Error> {
    list(d, "chunks", 1..=usize::MAX, |_, _| Ok(()))
}

/// At most [`MAX_INDEXED`] layers, which together sample at most [`MAX_CHUNK_TEXELS`]
/// texels: the layer that passes the budget is the one reported.
fn layers<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<LayerSettings>, D::Error> {
    list(d, "layers", 1..=MAX_INDEXED, |index, _| {
        with_whole(|s: &ScatterSettings| {
            let per_layer = u64::from(s.texture_size) * u64::from(s.texture_size);
            let texels = per_layer.saturating_mul(index as u64 + 1);
            must(texels <= MAX_CHUNK_TEXELS, || {
                format!(
                    "{} layers of {}² texels are {texels} texels; at most {MAX_CHUNK_TEXELS} per chunk",
                    index + 1,
                    s.texture_size
                )
            })
        })
    })
}
