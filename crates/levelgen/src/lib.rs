//! Pure procedural level generation for Horde: no GPU, no windowing, no global randomness. An
//! infinite city of Wave Function Collapse modules, for one, is a pure function of its seed
//! and the position asked for:
//!
//! ```
//! use horde_levelgen::{Area, CITY_HEIGHT, InfiniteMap, ModuleSet};
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
//! - Wave Function Collapse (`wfc/`): module sets with face connectors, rotated variants and
//!   exclusions ([`ModuleSet`]); a [`Solver`] with weighted lowest-entropy collapse from a
//!   priority queue, bit-set propagation over per-direction compatibility masks, boundary
//!   conditions and backtracking (docs/ARCHITECTURE.md, level generation); an
//!   [`InfiniteMap`] made lazily in blocks around a walker; and the [`Walker`] itself: its
//!   moves among the module shapes and auto-walk's path planning, generic over the
//!   [`Terrain`] it walks, with walking costs from the module set ([`SurfaceCosts`]).
//! - Scatter (`scatter/`): noise-driven scenery along the runner's band ([`Scatter`]) — slices
//!   chosen by distance from the origin, chunk settings by distance from the slice centre,
//!   layers of fractal Perlin noise filtered into non-overlapping placements, and roads joined
//!   across chunks and slices that no placement stands on, generated in parallel and identical
//!   for any thread count.
//! - Tower-defense boards (`board/`): made from a seed ([`generate_board`]) by the WFC solver
//!   over a small set of TD modules, every path kept open while it propagates, and made again
//!   from a derived seed while the paths are too short or the room for towers too small.
//! - Both mix seeds with one platform-independent 64-bit hash (`hash.rs`), so that their output
//!   is a pure function of seed and position.
//!
//! Every public name is exported here, at the crate root, and only here.

#![deny(missing_docs)]

mod board;
mod hash;
mod scatter;
mod wfc;

// Tower-defense boards from a seed.
pub use board::{
    BOARD_SIDES, BoardError, BoardSpec, GENERATOR_VERSION, GENERATOR_VERSIONS, GeneratedBoard,
    MAX_ENDS, MAX_WALLS, Measures, SpecError, TD_MODULES, Tile, generate_board,
    generate_board_version, measure, parse_size,
};

// Scatter: settings, the generator, its chunks and roads.
#[cfg(feature = "fuzzing")]
pub use scatter::check_scatter_settings_text;
pub use scatter::{
    ChunkCoord, ChunkPlacements, ChunkSettings, DEFAULT_SCATTER_SETTINGS, KindSettings,
    LayerSettings, NoiseSettings, Placement, Road, RoadId, RoadPiece, RoadSettings, Scatter,
    ScatterSettings, Side, SliceSettings,
};

// Wave Function Collapse: module sets, grids, the solver, maps finite and infinite, zoning,
// where one can stand, and the walker.
#[cfg(feature = "fuzzing")]
pub use wfc::check_module_set_text;
pub use wfc::{
    Area, AutoWalk, BLOCK, BODY, BlockCoord, Body, Boundary, BoxShape, CITY_HEIGHT,
    CITY_KEEP_RADIUS, CITY_SET, ColumnZone, ConstrainedCells, Constraint, Contradiction, Dir,
    EXAMPLE_SET, EYE_HEIGHT, FACES, Face, FaceKind, Goal, GrowError, InfiniteMap, InfiniteStats,
    LAYERS, MAX_BOXES, MAX_CELLS, MAX_MODULES, Map, MapTerrain, Module, ModuleSet, PLAN_RADIUS,
    Prototype, Route, STAND_SAMPLES, Size, SkylineRow, Solid, SolveError, Solver, Stand, Stepped,
    StoreyShare, SurfaceCosts, Terrain, TooManyCells, Visits, WALK_SPEED, WalkStats, Walker,
    Zoning, block_area, block_of, blocks_over, column_stands, skyline, survey_storeys, walk_route,
};
