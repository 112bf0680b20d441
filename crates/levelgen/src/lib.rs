//! Pure procedural level generation for Horde: no GPU, no windowing, no global randomness. An
//! infinite city of Wave Function Collapse modules, for one, is a pure function of its seed
//! and the position asked for:
//!
//! ```
//! use horde_levelgen::collapse::{Area, CITY_HEIGHT, InfiniteMap, ModuleSet};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let set = ModuleSet::built_in()?; // the city's modules: streets, lots, buildings, bridges…
//! let mut city = InfiniteMap::new(&set, CITY_HEIGHT, 7)?;
//! // One chunk, 16 × 16 columns of 6 cells, made (with what it depends on) when asked for.
//! let chunk = city.region(Area::new(32, -16, 16, 16))?;
//! // Seen from above: each column as the number of built cells in it, `.` for a street.
//! for z in 0..16 {
//!     let row: String = (0..16)
//!         .map(|x| {
//!             let modules = (0..CITY_HEIGHT).map(|y| chunk.cells[chunk.size.index(x, y, z)]);
//!             let modules: Vec<usize> = modules.map(usize::from).collect();
//!             match modules.iter().filter(|&&m| set.is_built(m)).count() {
//!                 0 if set.is_street(modules[0]) => '.',
//!                 0 => ' ',
//!                 built => char::from_digit(built as u32, 10).unwrap_or('+'),
//!             }
//!         })
//!         .collect();
//!     println!("{row}");
//! }
//! // Asked for again, from a map made afresh, the chunk is the same.
//! let again = InfiniteMap::new(&set, CITY_HEIGHT, 7)?.region(Area::new(32, -16, 16, 16))?;
//! assert_eq!(again.cells, chunk.cells);
//! # Ok(())
//! # }
//! ```
//!
//! `cargo run -p horde-levelgen --example city_chunk -- --seed 7 --chunk 2,-1` prints that
//! chunk with what stands on every column.
//!
//! The crate's face is four groups of names, one path each, the generators a reader scans:
//!
//! - [`collapse`], Wave Function Collapse (`wfc/`): module sets with face connectors, rotated
//!   variants and exclusions ([`ModuleSet`](collapse::ModuleSet)); a
//!   [`Solver`](collapse::Solver) with weighted lowest-entropy collapse from a priority
//!   queue, bit-set propagation over per-direction compatibility masks, boundary conditions
//!   and backtracking (docs/ARCHITECTURE.md, level generation); an
//!   [`InfiniteMap`](collapse::InfiniteMap) made lazily in blocks around a walker.
//! - [`walk`]: the [`Walker`](walk::Walker) itself: its moves among the module shapes and
//!   auto-walk's path planning, generic over the [`Terrain`](walk::Terrain) it walks, with
//!   walking costs from the module set ([`SurfaceCosts`](walk::SurfaceCosts)).
//! - [`scenery`], scatter (`scatter/`): noise-driven scenery along the runner's band
//!   ([`Scatter`](scenery::Scatter)) — slices chosen by distance from the origin, chunk
//!   settings by distance from the slice centre, layers of fractal Perlin noise filtered into
//!   non-overlapping placements, and roads joined across chunks and slices that no placement
//!   stands on, generated in parallel and identical for any thread count.
//! - [`boards`], tower-defense boards (`board/`): made from a seed
//!   ([`generate_board`](boards::generate_board)) by the WFC solver over a small set of TD
//!   modules, every path kept open while it propagates, and made again from a derived seed
//!   while the paths are too short or the room for towers too small.
//!
//! All mix seeds with one platform-independent 64-bit hash (`hash.rs`), so that their output
//! is a pure function of seed and position. Every public name is exported in one of the four
//! groups, and only there.

#![deny(missing_docs)]

mod board;
mod hash;
mod scatter;
mod wfc;

/// Generated tower-defense boards: the spec and its limits, the generator (by version), the
/// board it makes and its measures.
pub mod boards {
    pub use super::board::{
        BOARD_SIDES, BoardError, BoardSpec, GENERATOR_VERSION, GENERATOR_VERSIONS, GeneratedBoard,
        MAX_ENDS, MAX_WALLS, Measures, SpecError, TD_MODULES, Tile, generate_board,
        generate_board_version, measure, parse_size,
    };
}

/// Noise-driven scenery along the runner's band: its settings, the chunks and slices placed
/// in parallel, and the roads joined across them.
pub mod scenery {
    #[cfg(feature = "fuzzing")]
    pub use super::scatter::check_scatter_settings_text;
    pub use super::scatter::{
        ChunkCoord, ChunkPlacements, ChunkSettings, DEFAULT_SCATTER_SETTINGS, KindSettings,
        LayerSettings, NoiseSettings, Placement, Road, RoadId, RoadPiece, RoadSettings, Scatter,
        ScatterSettings, Side, SliceSettings,
    };
}

/// Wave Function Collapse: module sets and their faces, the solver, finite maps, and the
/// infinite map in blocks and layers (the city set, zoning, the skyline).
pub mod collapse {
    #[cfg(feature = "fuzzing")]
    pub use super::wfc::check_module_set_text;
    pub use super::wfc::{
        Area, BLOCK, BlockCoord, Boundary, BoxShape, CITY_HEIGHT, CITY_KEEP_RADIUS, CITY_SET,
        ColumnZone, ConstrainedCells, Constraint, Contradiction, Dir, EXAMPLE_SET, FACES, Face,
        FaceKind, GrowError, InfiniteMap, InfiniteStats, LAYERS, MAX_BOXES, MAX_CELLS, MAX_MODULES,
        Map, Module, ModuleSet, Prototype, Size, SkylineRow, Solid, SolveError, Solver,
        TooManyCells, Zoning, block_area, block_of, blocks_over, skyline,
    };
}

/// The walker over any terrain: its body, the stands and steps it takes, walking costs,
/// routes, auto-walk's goals and plans, and surveys of the storeys stood on.
pub mod walk {
    pub use super::wfc::{
        AutoWalk, BODY, Body, EYE_HEIGHT, Goal, MapTerrain, PLAN_RADIUS, Route, STAND_SAMPLES,
        Stand, Stepped, StoreyShare, SurfaceCosts, Terrain, Visits, WALK_SPEED, WalkStats, Walker,
        column_stands, survey_storeys, walk_route,
    };
}
