//! Auto-walk's planner: where to go next, found by a path search over the places to stand a
//! few blocks around the walker.
//!
//! Auto-walk keeps a wandering heading, and explores in three dimensions: after a while on the
//! street it looks for higher ground ([`Goal::Climb`]: the highest place it can reach in the
//! window, stairs up to a bridge deck or a roof, whose places up there, connected without
//! coming down, span at least [`CLIMB_SPAN`] cells — [`AutoWalk::measure_upper`] — so that
//! there is somewhere to walk once there), walks along up there for a while
//! ([`Goal::Level`]: targets near its own height), then comes down again ([`Goal::Descend`])
//! and wanders the streets ([`Goal::Wander`]) until the next climb. Every so often it searches (Dijkstra) the graph of
//! places to stand ([`Terrain::stands`]) within [`PLAN_RADIUS`] columns, where two samples side
//! by side (or diagonally, when both sides are open too) connect if their heights differ by no
//! more than a step. Each surface costs what its prototype's `walk_cost` in the module set
//! says ([`SurfaceCosts`]; in the city set streets least, stairs and bridges a little more,
//! grass and plazas more, lots and roofs most); places close to a wall and cells walked
//! recently cost more again. The target is the reachable place that goes farthest along the
//! heading for its cost; a dead end turns the heading. The walker then follows the path's
//! points ([`AutoWalk::waypoint`]) and plans again before it runs out of path.
//!
//! Buffers (nodes, distances, heap, path) are kept between plans: planning allocates only
//! while the window's node count grows past what it has held before.
//!
//! The rooms: `plan/autowalk.rs` (the planner's state and public face: goals, a plan made, the
//! path followed), `plan/window.rs` (the places to stand within [`PLAN_RADIUS`] columns),
//! `plan/search.rs` (Dijkstra over the window's places), `plan/target.rs` (what a reachable
//! place is worth under the goal, and the room up there), `plan/tuning.rs` (auto-walk's
//! measures: window size, replanning, scores, costs, how long each goal lasts).

mod autowalk;
mod search;
mod target;
mod tuning;
mod window;

pub use autowalk::{AutoWalk, Goal};
pub use tuning::{PLAN_RADIUS, UP};
