//! A walker in a map of module shapes: its state, its moves and auto-walk's path planning —
//! game logic with no GPU, generic over the [`Terrain`] it walks (whoever holds the columns
//! says what is solid and where one can stand), so it is tested headless.
//!
//! - [`terrain`] (`terrain.rs`): the [`Terrain`] trait, what the walker asks of the map.
//! - [`body`] (`body.rs`): the walker's measures ([`BODY`], eye height, speed).
//! - [`costs`] (`costs.rs`): what walking a surface costs, from the module set's `walk_cost`s.
//! - [`visits`] (`visits.rs`): where it has been lately.
//! - [`plan`] (`plan.rs`, its rooms in `plan/`): [`AutoWalk`], Dijkstra over the places to
//!   stand around it.
//! - [`state`] (`state.rs`): the [`Walker`]: position, facing, feet, planner, odometer.
//! - [`start`] (`start.rs`): putting it down on a street with a way out ([`Walker::place`]).
//! - [`survey`] (`survey.rs`): how much of a map, storey by storey, a walker can stand on and
//!   reach from the street (a module set's measure).
//! - [`moves`] (`moves.rs`): one fixed step ([`Walker::step`]): by hand, sliding along walls,
//!   climbing a step, or following the path.
//!
//! ```
//! use horde_levelgen::collapse::{EXAMPLE_SET, ModuleSet, Solid};
//! use horde_levelgen::walk::{BODY, Stand, Stepped, Terrain, Walker, column_stands};
//!
//! /// A flat floor everywhere within four columns of the origin.
//! struct Floor(Vec<((i32, i32), Vec<Solid>, Vec<Stand>)>);
//! impl Terrain for Floor {
//!     fn solids(&self, c: (i32, i32)) -> &[Solid] {
//!         self.0.iter().find(|(at, ..)| *at == c).map_or(&[], |(_, s, _)| s)
//!     }
//!     fn stands(&self, c: (i32, i32)) -> &[Stand] {
//!         self.0.iter().find(|(at, ..)| *at == c).map_or(&[], |(_, _, s)| s)
//!     }
//! }
//! let set = ModuleSet::parse(EXAMPLE_SET, "example.ron".as_ref()).unwrap();
//! let ground = 1; // the example set's modules: air, ground, pillar
//! let mut floor = Floor(Vec::new());
//! for z in -4..=4 {
//!     for x in -4..=4 {
//!         let mut solids = Vec::new();
//!         set.push_solids(ground, (x, 0, z), &mut solids);
//!         let mut stands = Vec::new();
//!         column_stands(&solids, (x, z), &BODY, &mut stands);
//!         floor.0.push(((x, z), solids, stands));
//!     }
//! }
//! let mut walker = Walker::new(&set, 1);
//! assert_eq!(walker.step(&floor, (0.0, 0.0), true, 1.0 / 60.0), Stepped::Placed);
//! walker.auto_walk = false;
//! for _ in 0..60 {
//!     walker.step(&floor, (1.0, 0.0), true, 1.0 / 60.0);
//! }
//! assert!(walker.position.z > 2.9 && walker.feet == 0.2);
//! ```

mod body;
mod costs;
mod moves;
mod plan;
mod start;
mod state;
mod survey;
mod terrain;
mod visits;

pub use body::{BODY, EYE_HEIGHT, WALK_SPEED};
pub use costs::SurfaceCosts;
pub use moves::Stepped;
pub use plan::{AutoWalk, Goal, PLAN_RADIUS};
pub use state::Walker;
pub use survey::{MapTerrain, StoreyShare, survey_storeys};
pub use terrain::Terrain;
pub use visits::Visits;
