//! Wave Function Collapse over a 3D grid of cells.
//!
//! A *prototype* is a block with six face connectors; its four rotations about `+y` (duplicates
//! dropped) are the *modules* a cell may hold. Two modules may be neighbours when the faces they
//! turn towards each other fit ([`module_set`]). The [`solver`] starts with every module possible
//! everywhere (cells hold bit sets), applies the boundary conditions (air on top, ground at the
//! bottom), then repeatedly collapses the cell of lowest weighted entropy (taken from a priority
//! queue) to one module chosen by weight and propagates what that rules out through
//! per-direction compatibility masks, backtracking over a bounded history when a cell runs out
//! of modules. One solver can be reset and reused for many grids of the same size.
//!
//! - [`grid`] (`grid.rs`): the grid's [`Size`] and the numbering of its cells.
//! - [`city`] (`city.rs`): the built-in city set, its height and how far around a walker it is
//!   kept.
//! - [`module_set`] (`module_set.rs`, its rooms in `module_set/`): prototypes, their rotated
//!   modules and which modules may be neighbours.
//! - `example.rs`: the small example module set of the docs and tests (air, ground, a pillar).
//! - [`solver`] (`solver.rs`, its rooms in `solver/`): the finite solver, reusable across
//!   same-sized blocks.
//! - [`map`] (`map.rs`): a solved grid and its `--out` JSON form.
//! - [`walkable`] (`walkable.rs`): where one can stand in a column (from the module shapes) and
//!   how a walker's body moves among the solids: steps climbed, walls stopping it, surfaces for
//!   path search.
//! - [`walker`] (`walker/`): a walker over any [`walker::Terrain`] (columns of solids and
//!   places to stand): its state, its moves by fixed steps and auto-walk's path planning, costs
//!   from the set.
//! - [`infinite`] (`infinite/`): an unbounded map, a pure function of seed and position, made
//!   lazily by re-solving offset layers of blocks over a valid background.
//! - [`route`] (`route.rs`): headless walks of the infinite map along a fixed route, every
//!   column shown checked against what was shown there before.
//! - [`skyline`] (`skyline.rs`): how tall a map's buildings stand by their distance from the
//!   street.
//! - [`zoning`] (`zoning.rs`): how tall buildings may stand in each column (avenues, lower
//!   buildings beside them, taller further in, parks), applied to a map before it is solved.
//!
//! ```
//! use horde_levelgen::collapse::{EXAMPLE_SET, ModuleSet, Size, Solver};
//!
//! let set = ModuleSet::parse(EXAMPLE_SET, "example.ron".as_ref()).unwrap();
//! let mut solver = Solver::new(&set, Size { x: 6, y: 3, z: 6 }, 7).unwrap();
//! let map = solver.solve().unwrap();
//! assert_eq!(map.cells.len(), 6 * 3 * 6);
//! ```

mod city;
mod example;
mod grid;
mod infinite;
mod map;
mod module_set;
mod route;
mod skyline;
mod solver;
mod walkable;
mod walker;
mod zoning;

pub use city::{CITY_HEIGHT, CITY_KEEP_RADIUS, CITY_SET};
pub use example::EXAMPLE_SET;
pub use grid::{MAX_CELLS, Size, TooManyCells};
pub use infinite::{
    Area, BLOCK, BlockCoord, GrowError, InfiniteMap, InfiniteStats, LAYERS, block_area, block_of,
    blocks_over,
};
pub use map::Map;
#[cfg(feature = "fuzzing")]
pub use module_set::check_module_set_text;
pub use module_set::{
    Boundary, BoxShape, Dir, FACES, Face, FaceKind, MAX_BOXES, MAX_MODULES, Module, ModuleSet,
    Prototype,
};
pub use route::{Route, WalkStats, walk_route};
pub use skyline::{SkylineRow, skyline};
pub use solver::{ConstrainedCells, Constraint, Contradiction, SolveError, Solver};
pub use walkable::{Body, SAMPLES as STAND_SAMPLES, Solid, Stand, column_stands};
pub use walker::{
    AutoWalk, BODY, EYE_HEIGHT, Goal, MapTerrain, PLAN_RADIUS, Stepped, StoreyShare, SurfaceCosts,
    Terrain, Visits, WALK_SPEED, Walker, survey_storeys,
};
pub use zoning::{ColumnZone, Zoning};
