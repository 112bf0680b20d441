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
//! Every field is required except `roads` (the map's and a slice's); unknown fields are errors. Lists of kinds, slices, chunk settings
//! and layers may not be empty; a chunk setting samples at most [`MAX_CHUNK_TEXELS`] texels
//! (layers times `texture_size²`). A bad value, a syntax error, a layer naming a kind that is not
//! in `kinds` or two kinds with one name give a [`ScatterError`] naming the file, line and
//! column.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

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
/// slices (see [`super::roads`]).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoadSettings {
    /// Full width in world units (> 0, at most [`MAX_ROAD_WIDTH_CHUNKS`] chunk sides).
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

/// Scatter settings that could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ScatterError {
    /// Bad syntax or structure, or a bad value, at a known place.
    #[error("{}:{line}:{column}: {message}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A bad value whose place in the text could not be found; the message names the slice,
    /// chunk setting and layer.
    #[error("{}: {message}", path.display())]
    Unlocated {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where in the settings.
        message: String,
    },
    /// The file could not be read.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        error: std::io::Error,
    },
}

impl ScatterSettings {
    /// Reads and parses a settings file.
    pub fn load(path: &Path) -> Result<ScatterSettings, ScatterError> {
        let text = std::fs::read_to_string(path).map_err(|error| ScatterError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        ScatterSettings::parse(&text, path)
    }

    /// Parses settings text; `path` names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<ScatterSettings, ScatterError> {
        let settings: ScatterSettings = ron::from_str(text).map_err(|e| ScatterError::Invalid {
            path: path.to_path_buf(),
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        })?;
        settings.check_names(text, path)?;
        Ok(settings)
    }

    /// Roads are at most [`MAX_ROAD_WIDTH_CHUNKS`] chunk sides wide, kind names are unique,
    /// every layer names a known kind, and no chunk setting samples more than
    /// [`MAX_CHUNK_TEXELS`].
    fn check_names(&self, text: &str, path: &Path) -> Result<(), ScatterError> {
        let at = |place: Option<(usize, usize)>, message: String| match place {
            Some((line, column)) => ScatterError::Invalid {
                path: path.to_path_buf(),
                line,
                column,
                message,
            },
            None => ScatterError::Unlocated {
                path: path.to_path_buf(),
                message,
            },
        };
        let error = |key: &str, name: &str, nth: usize, message: String| {
            at(locate(text, key, name, nth), message)
        };
        if let Some(roads) = &self.roads
            && roads.width > MAX_ROAD_WIDTH_CHUNKS * self.chunk_size
        {
            let message = format!(
                "roads: width {} is more than {MAX_ROAD_WIDTH_CHUNKS} chunk sides ({})",
                roads.width,
                MAX_ROAD_WIDTH_CHUNKS * self.chunk_size
            );
            return Err(at(locate_field(text, &["roads", "width"]), message));
        }
        let mut names = HashSet::new();
        for kind in &self.kinds {
            if !names.insert(kind.name.as_str()) {
                return Err(error(
                    "name",
                    &kind.name,
                    1,
                    format!("duplicate kind name `{}`", kind.name),
                ));
            }
        }
        let per_layer = u64::from(self.texture_size) * u64::from(self.texture_size);
        for slice in &self.slices {
            for chunk in &slice.chunks {
                let texels = per_layer.saturating_mul(chunk.layers.len() as u64);
                if texels > MAX_CHUNK_TEXELS {
                    return Err(error(
                        "name",
                        &chunk.name,
                        0,
                        format!(
                            "slice `{}`, chunk `{}`: {} layers of {}² texels are {texels} texels; at most {MAX_CHUNK_TEXELS} per chunk",
                            slice.name,
                            chunk.name,
                            chunk.layers.len(),
                            self.texture_size
                        ),
                    ));
                }
                for (i, layer) in chunk.layers.iter().enumerate() {
                    if !names.contains(layer.kind.as_str()) {
                        return Err(error(
                            "kind",
                            &layer.kind,
                            0,
                            format!(
                                "slice `{}`, chunk `{}`, layer {i}: unknown kind `{}`",
                                slice.name, chunk.name, layer.kind
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// Line and column (1-based) of the `nth` (0-based) `key: "name"` in `text`.
fn locate(text: &str, key: &str, name: &str, nth: usize) -> Option<(usize, usize)> {
    let quoted = format!("\"{name}\"");
    let at = text
        .match_indices(&quoted)
        .map(|(at, _)| at)
        .filter(|&at| {
            let before = text[..at].trim_end();
            before.strip_suffix(':').is_some_and(|b| {
                let b = b.trim_end();
                b.strip_suffix(key)
                    .is_some_and(|rest| !rest.ends_with(|c: char| c.is_alphanumeric() || c == '_'))
            })
        })
        .nth(nth)?;
    let line = text[..at].matches('\n').count() + 1;
    let column = text[..at]
        .rsplit('\n')
        .next()
        .map_or(0, |l| l.chars().count())
        + 1;
    Some((line, column))
}

/// Line and column (1-based) of the last key of `keys`, each key found after the one before
/// it (`key:` as a whole word, outside strings and comments only roughly: good enough to
/// point at a field of a file that parsed).
fn locate_field(text: &str, keys: &[&str]) -> Option<(usize, usize)> {
    let mut from = 0;
    for key in keys {
        let found = text[from..]
            .match_indices(key)
            .map(|(at, _)| from + at)
            .find(|&at| {
                let before_ok = !text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_');
                let after = text[at + key.len()..].trim_start();
                before_ok && after.starts_with(':')
            })?;
        from = found;
    }
    let line = text[..from].matches('\n').count() + 1;
    let column = text[..from]
        .rsplit('\n')
        .next()
        .map_or(0, |l| l.chars().count())
        + 1;
    Some((line, column))
}

/// A deserializer for one field that rejects values outside its rule, so that the error
/// carries the value's place in the text.
macro_rules! checked {
    ($fn:ident: $ty:ty, $field:literal, $rule:literal, $ok:expr) => {
        fn $fn<'de, D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
            let v = <$ty>::deserialize(d)?;
            let ok: fn(&$ty) -> bool = $ok;
            if ok(&v) {
                Ok(v)
            } else {
                Err(D::Error::custom(format!(
                    concat!($field, " {:?} ", $rule),
                    v
                )))
            }
        }
    };
}

fn positive(v: f64) -> bool {
    v.is_finite() && v > 0.0
}

checked!(chunk_size: f32, "chunk_size", "must be a positive number at most 1000000", |v| positive(f64::from(*v)) && *v <= MAX_CHUNK_SIZE);
checked!(texture_size: u32, "texture_size", "must be 1..=1024", |v| (1..=MAX_TEXTURE_SIZE).contains(v));
checked!(columns: u32, "columns", "must be 1..=1024", |v| (1..=MAX_COLUMNS).contains(v));
checked!(track_clearance: f32, "track_clearance", "must be a number >= 0", |v| v.is_finite() && *v >= 0.0);
checked!(colour: [f32; 3], "colour", "must have components 0..=1", |v| v.iter().all(|c| (0.0..=1.0).contains(c)));
checked!(height: f32, "height", "must be a positive number", |v| positive(f64::from(*v)));
checked!(length: u32, "length", "must be 1..=100000", |v| (1..=MAX_SLICE_LENGTH).contains(v));
checked!(within: f32, "within", "must be a finite number >= 0", |v| v.is_finite() && *v >= 0.0);
checked!(radius: f32, "radius", "must be a positive number", |v| positive(f64::from(*v)));
checked!(threshold: f32, "threshold", "must be a finite number", |v| v.is_finite());
checked!(spacing: f32, "spacing", "must be a positive number", |v| positive(f64::from(*v)));
checked!(road_width: f32, "width", "must be a positive number", |v| positive(f64::from(*v)));
checked!(road_count: u32, "count", "must be 0..=16", |v| *v <= MAX_ROADS);
checked!(slice_road_count: u32, "roads", "must be 0..=16", |v| *v <= MAX_ROADS);
checked!(track_distance: f32, "track_distance", "must be a positive number at most 100000", |v| positive(f64::from(*v)) && *v <= MAX_ROAD_DISTANCE);
checked!(wander: f32, "wander", "must be a number 0..=100000", |v| (0.0..=MAX_ROAD_DISTANCE).contains(v));
checked!(frequency: f64, "frequency", "must be a positive number", |v| positive(*v));
checked!(octaves: u32, "octaves", "must be 1..=8", |v| (1..=MAX_OCTAVES).contains(v));

/// A list field that may be neither empty nor longer than `max`.
fn list<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
    what: &str,
    max: usize,
) -> Result<Vec<T>, D::Error> {
    let v = Vec::<T>::deserialize(d)?;
    if v.is_empty() {
        Err(D::Error::custom(format!("{what} may not be empty")))
    } else if v.len() > max {
        Err(D::Error::custom(format!(
            "{what} has {} entries; at most {max}",
            v.len()
        )))
    } else {
        Ok(v)
    }
}

fn roads<'de, D: Deserializer<'de>>(d: D) -> Result<Option<RoadSettings>, D::Error> {
    RoadSettings::deserialize(d).map(Some)
}

fn slice_roads<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    slice_road_count(d).map(Some)
}

fn kinds<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<KindSettings>, D::Error> {
    list(d, "kinds", MAX_INDEXED)
}

fn slices<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SliceSettings>, D::Error> {
    list(d, "slices", usize::MAX)
}

fn chunks<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<ChunkSettings>, D::Error> {
    list(d, "chunks", usize::MAX)
}

fn layers<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<LayerSettings>, D::Error> {
    list(d, "layers", MAX_INDEXED)
}
