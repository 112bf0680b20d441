//! The walker headless: on hand-made patches of boxes it starts on the street, is stopped by a
//! wall and slides along it, climbs a low step but not a storey, passes under a bridge but not
//! a low lintel, goes round a wall on auto-walk and lets a hand take over; its planner pays
//! what the module set says each surface costs; and a long auto-walk through the real infinite
//! city never puts the body into a solid and keeps going.
#![allow(clippy::unwrap_used)]

use horde_levelgen::collapse::{Area, Dir, InfiniteMap, ModuleSet, Solid};
use horde_levelgen::walk::{BODY, Stand, Stepped, Terrain, WALK_SPEED, Walker, column_stands};
use std::collections::HashMap;

const DT: f32 = 1.0 / 60.0;
/// The city's height in cells (as the city scene makes it).
const HEIGHT: u32 = 6;

fn city() -> ModuleSet {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    ModuleSet::load(&path).unwrap()
}

fn module(set: &ModuleSet, name: &str) -> u16 {
    set.modules.iter().position(|m| m.name == name).unwrap() as u16
}

/// Columns of solids, each with its places to stand for the walker's body.
#[derive(Default)]
struct Patch {
    columns: HashMap<(i32, i32), (Vec<Solid>, Vec<Stand>)>,
}

impl Patch {
    /// Puts `solids` in column `cell`, replacing what was there.
    fn put(&mut self, cell: (i32, i32), solids: Vec<Solid>) {
        let mut stands = Vec::new();
        column_stands(&solids, cell, &BODY, &mut stands);
        self.columns.insert(cell, (solids, stands));
    }

    /// Puts the column of `modules` (bottom first) of `set` in `cell`.
    fn put_modules(&mut self, set: &ModuleSet, cell: (i32, i32), modules: &[u16]) {
        let mut solids = Vec::new();
        set.column_solids(cell, modules, &mut solids);
        self.put(cell, solids);
    }
}

impl Terrain for Patch {
    fn solids(&self, column: (i32, i32)) -> &[Solid] {
        self.columns.get(&column).map_or(&[], |(s, _)| s)
    }

    fn stands(&self, column: (i32, i32)) -> &[Stand] {
        self.columns.get(&column).map_or(&[], |(_, s)| s)
    }
}

/// A solid box over the whole of column `(x, z)` from `y0` to `y1`, the top of `module`.
fn slab((x, z): (i32, i32), y0: f32, y1: f32, module: u16) -> Solid {
    Solid {
        min: [x as f32, y0, z as f32],
        max: [x as f32 + 1.0, y1, z as f32 + 1.0],
        module,
    }
}

/// Flat street (0.1 high) around the origin, whose column `(0, 2)` holds `extra` on top of
/// its street, and a walker put down on it (in the middle of column `(0, 0)`), walking by
/// hand, facing north.
fn street_with(extra: &[(f32, f32)]) -> (Patch, Walker) {
    let set = city();
    let street = module(&set, "street");
    let mut patch = Patch::default();
    for z in -4..8 {
        for x in -4..5 {
            let mut solids = vec![slab((x, z), 0.0, 0.1, street)];
            if (x, z) == (0, 2) {
                solids.extend(extra.iter().map(|&(y0, y1)| slab((x, z), y0, y1, street)));
            }
            patch.put((x, z), solids);
        }
    }
    let mut walker = Walker::new(&set, 1);
    assert!(walker.place(&patch));
    walker.auto_walk = false;
    (patch, walker)
}

fn walk_north(patch: &Patch, walker: &mut Walker, seconds: f32) {
    for _ in 0..(seconds * 60.0) as usize {
        walker.step(patch, (1.0, 0.0), true, DT);
    }
}

/// No solid reaches into the walker's body, and its eye is in the open.
fn assert_body_free(patch: &impl Terrain, walker: &Walker) {
    let p = walker.position;
    for (dx, dz) in [
        (0.0, 0.0),
        (-1.0, -1.0),
        (1.0, -1.0),
        (-1.0, 1.0),
        (1.0, 1.0),
    ] {
        let (x, z) = (p.x + dx * BODY.radius, p.z + dz * BODY.radius);
        let cell = (x.floor() as i32, z.floor() as i32);
        for solid in patch.solids(cell) {
            assert!(
                !(solid.covers(x, z)
                    && solid.overlaps_height(walker.feet + 1e-3, walker.feet + BODY.height)),
                "a solid {solid:?} inside the body at {p} (feet {})",
                walker.feet
            );
        }
    }
    assert!(
        !patch.inside_solid(walker.eye().to_array()),
        "eye inside at {p}"
    );
}

#[test]
fn the_walker_starts_on_the_street_and_walks_by_fixed_steps() {
    let (patch, mut walker) = street_with(&[]);
    assert!(walker.placed());
    for _ in 0..60 {
        assert_eq!(walker.step(&patch, (0.0, 0.0), true, DT), Stepped::Walked);
    }
    // Auto-walk is off and nothing is held: put down, but standing.
    assert!((walker.feet - 0.1).abs() < 1e-6, "{}", walker.feet);
    assert_eq!(walker.position.to_array(), [0.5, 0.0, 0.5]);
    walk_north(&patch, &mut walker, 1.0);
    assert!(
        (walker.distance - f64::from(WALK_SPEED)).abs() < 1e-3,
        "{}",
        walker.distance
    );
    assert!((walker.position.z - (0.5 + WALK_SPEED)).abs() < 1e-3);
}

#[test]
fn the_first_step_puts_the_walker_down_once_a_street_is_known() {
    let set = city();
    let mut patch = Patch::default();
    let mut walker = Walker::new(&set, 1);
    assert_eq!(walker.step(&patch, (1.0, 0.0), true, DT), Stepped::Unplaced);
    assert!(!walker.placed());
    // Only grass near by: no street, so still not put down.
    let (grass, street) = (module(&set, "grass"), module(&set, "street"));
    for z in -3..=3 {
        for x in -3..=3 {
            patch.put((x, z), vec![slab((x, z), 0.0, 0.1, grass)]);
        }
    }
    assert_eq!(walker.step(&patch, (1.0, 0.0), true, DT), Stepped::Unplaced);
    // A street two columns east: the walker is put on its middle.
    patch.put((2, 0), vec![slab((2, 0), 0.0, 0.12, street)]);
    assert_eq!(walker.step(&patch, (1.0, 0.0), true, DT), Stepped::Placed);
    assert_eq!(walker.position.to_array(), [2.5, 0.0, 0.5]);
    assert!((walker.feet - 0.12).abs() < 1e-6);
}

#[test]
fn nobody_walks_while_the_map_around_is_not_ready() {
    let (patch, mut walker) = street_with(&[]);
    for _ in 0..60 {
        assert_eq!(walker.step(&patch, (1.0, 0.0), false, DT), Stepped::Waiting);
    }
    assert_eq!(walker.position.to_array(), [0.5, 0.0, 0.5]);
    assert_eq!(walker.distance, 0.0);
}

#[test]
fn a_wall_stops_the_walker() {
    let (patch, mut walker) = street_with(&[(0.1, 3.0)]);
    walk_north(&patch, &mut walker, 2.0);
    assert!(
        walker.position.z < 2.0 - BODY.radius + 1e-3,
        "{}",
        walker.position
    );
    assert!((walker.feet - 0.1).abs() < 1e-6);
    assert_body_free(&patch, &walker);
}

#[test]
fn a_low_step_is_climbed_and_a_storey_is_not() {
    let (patch, mut step) = street_with(&[(0.1, 0.22)]);
    walk_north(&patch, &mut step, 1.0);
    assert!(step.position.z > 2.0, "{}", step.position);
    assert!((step.feet - 0.22).abs() < 1e-6, "{}", step.feet);
    assert!((step.feet_max - 0.22).abs() < 1e-6);
    let (patch, mut storey) = street_with(&[(0.1, 1.1)]);
    walk_north(&patch, &mut storey, 2.0);
    assert!(storey.position.z < 2.0, "{}", storey.position);
    assert!(storey.feet < 0.2, "it climbed: {}", storey.feet);
}

#[test]
fn a_walker_slides_along_a_wall_it_meets_at_an_angle() {
    let (patch, mut walker) = street_with(&[(0.1, 3.0)]);
    walker.yaw = 0.3;
    walk_north(&patch, &mut walker, 2.0);
    assert!(
        walker.position.x > 1.0,
        "it did not slide: {}",
        walker.position
    );
    assert!(walker.position.z < 2.0 || walker.position.x >= 1.0 + BODY.radius);
    assert_body_free(&patch, &walker);
}

#[test]
fn the_walker_passes_under_a_bridge_but_not_a_low_lintel() {
    let (patch, mut bridge) = street_with(&[(1.0, 1.1)]);
    walk_north(&patch, &mut bridge, 2.0);
    assert!(bridge.position.z > 3.0, "{}", bridge.position);
    assert!((bridge.feet - 0.1).abs() < 1e-6);
    let (patch, mut lintel) = street_with(&[(0.5, 0.6)]);
    walk_north(&patch, &mut lintel, 2.0);
    assert!(lintel.position.z < 2.0, "{}", lintel.position);
}

#[test]
fn auto_walk_goes_round_a_wall_by_its_path() {
    let (patch, mut walker) = street_with(&[(0.1, 3.0)]);
    walker.auto_walk = true;
    walker.autopilot.heading = 0.0;
    for _ in 0..300 {
        walker.step(&patch, (0.0, 0.0), true, DT);
        assert_body_free(&patch, &walker);
    }
    assert!(walker.distance > 5.0, "{}", walker.distance);
    assert!(walker.autopilot.plans > 0);
    assert!(walker.feet < 0.2, "it climbed: {}", walker.feet);
    // It faces where it goes, not north any more.
    assert!(walker.yaw != 0.0);
}

#[test]
fn moving_by_hand_takes_over_from_auto_walk() {
    let (patch, mut walker) = street_with(&[]);
    walker.auto_walk = true;
    walker.step(&patch, (1.0, 0.0), true, DT);
    assert!(!walker.auto_walk);
    assert!(walker.position.z > 0.5);
}

#[test]
fn an_eye_inside_a_box_is_seen() {
    let (patch, _) = street_with(&[(0.1, 3.0)]);
    assert!(patch.inside_solid([0.5, 1.5, 2.5]));
    assert!(!patch.inside_solid([0.5, 3.5, 2.5]));
    assert!(!patch.inside_solid([0.5, 1.5, 1.5]));
}

/// A plain of one surface with a lane of another running north through column `x = 0`: the
/// share of auto-walk's first path that keeps to the lane.
fn share_on_lane(lane: &str, plain: &str) -> f32 {
    let set = city();
    let (lane, plain) = (module(&set, lane), module(&set, plain));
    let mut patch = Patch::default();
    for z in -2..12 {
        for x in -6..7 {
            let m = if x == 0 { lane } else { plain };
            patch.put((x, z), vec![slab((x, z), 0.0, 0.1, m)]);
        }
    }
    let mut walker = Walker::new(&set, 3);
    walker.position.z = 0.5;
    walker.feet = 0.1;
    walker.autopilot.heading = 0.0;
    assert!(walker.autopilot.plan(&patch, walker.position, 0.1, |_| 0));
    let path = &walker.autopilot.path;
    assert!(path.len() > 10, "{path:?}");
    let on = path.iter().filter(|p| (0.0..1.0).contains(&p.x)).count();
    on as f32 / path.len() as f32
}

#[test]
fn the_planner_pays_what_the_module_set_says_each_surface_costs() {
    // Streets cost 1 and grass 1.8 in the city set: a street lane through grass is followed,
    // a grass lane through streets is left.
    let street_lane = share_on_lane("street", "grass");
    let grass_lane = share_on_lane("grass", "street");
    assert!(street_lane > 0.75, "{street_lane}");
    assert!(grass_lane < 0.25, "{grass_lane}");
}

#[test]
fn stair_flights_of_the_city_set_are_walked_up() {
    // Plaza, a flight climbing north from it, and the bridge deck it leads onto; a street
    // to be put down on first.
    let set = city();
    let patch = plaza_with_a_flight(&set, 3, 4);
    let mut walker = Walker::new(&set, 1);
    walker.auto_walk = false;
    assert!(walker.place(&patch));
    assert_eq!(walker.cell(), (2, -2));
    // From the plaza just south of the flight, up its middle.
    let top = |c| patch.solids(c).iter().map(|s| s.max[1]).fold(0.0, f32::max);
    walker.position = glam::Vec3::new(0.5, 0.0, -0.5);
    walker.feet = top((0, -1));
    walk_north(&patch, &mut walker, 1.6);
    assert!(walker.position.z > 2.0, "{}", walker.position);
    assert!(
        (walker.feet - 1.1).abs() < 1e-3,
        "on the deck: {}",
        walker.feet
    );
    assert_body_free(&patch, &walker);
}

/// A plaza `2·half + 1` cells square (from `-half` to `half + 4` north) with a street at
/// `(2, -2)` to be put down on, a flight of the city set's stairs climbing north from `(0, 0)`
/// onto the stair head in `(0, 1)`, and the bridge deck it leads onto from `(0, 2)` to
/// `(0, deck_end)`.
fn plaza_with_a_flight(set: &ModuleSet, half: i32, deck_end: i32) -> Patch {
    let (plaza, street) = (module(set, "plaza"), module(set, "street"));
    let (lower, upper, head) = (
        module(set, "stairs_lower"),
        module(set, "stairs_upper"),
        module(set, "stair_head"),
    );
    let bridge = (0..set.modules.len())
        .find(|&b| {
            set.prototypes[set.modules[b].prototype].name == "bridge"
                && set.may_neighbour(usize::from(head), b, Dir::North)
        })
        .unwrap() as u16;
    let mut patch = Patch::default();
    for z in -half..=half + 3 {
        for x in -half..=half {
            patch.put_modules(set, (x, z), &[plaza]);
        }
    }
    patch.put_modules(set, (2, -2), &[street]);
    patch.put_modules(set, (0, 0), &[lower]);
    patch.put_modules(set, (0, 1), &[upper, head]);
    for z in 2..=deck_end {
        patch.put_modules(set, (0, z), &[plaza, bridge]);
    }
    patch
}

/// [`plaza_with_a_flight`] whose bridge leads onto the roof of a one-storey building (3×3
/// cells).
fn plaza_with_a_way_up(set: &ModuleSet) -> Patch {
    let mut patch = plaza_with_a_flight(set, 6, 3);
    let (lot, roof) = (module(set, "lot_full"), module(set, "roof_full"));
    for z in 4..=6 {
        for x in -1..=1 {
            patch.put_modules(set, (x, z), &[lot, roof]);
        }
    }
    patch
}

#[test]
fn auto_walk_climbs_to_higher_ground_walks_up_there_and_comes_down_again() {
    let set = city();
    let patch = plaza_with_a_way_up(&set);
    let mut walker = Walker::new(&set, 7);
    let (mut up_at, mut down_at) = (None, None);
    let mut goals = Vec::new();
    for step in 0..60 * 90 {
        walker.step(&patch, (0.0, 0.0), true, DT);
        assert_body_free(&patch, &walker);
        let goal = walker.autopilot.goal;
        if step % 120 == 0 && std::env::var_os("DBG").is_some() {
            eprintln!(
                "{step} {goal:?} {:?} feet {:.2} path {}",
                walker.position,
                walker.feet,
                walker.autopilot.path.len()
            );
        }
        if goals.last() != Some(&goal) {
            goals.push(goal);
        }
        if up_at.is_none() && walker.feet > 1.0 {
            up_at = Some(step);
        }
        if up_at.is_some() && down_at.is_none() && walker.feet < 0.2 {
            down_at = Some(step);
        }
    }
    let up = up_at.unwrap_or_else(|| panic!("never climbed: goals {goals:?}"));
    assert!(down_at.is_some(), "never came down: goals {goals:?}");
    assert!(
        (walker.feet_max - 1.15).abs() < 1e-3,
        "the roof is the highest: {}",
        walker.feet_max
    );
    assert!(walker.seconds_up > 5.0, "{} s up there", walker.seconds_up);
    assert!(up > 60 * 5, "wandered the street first (up at step {up})");
    use horde_levelgen::walk::Goal;
    for pair in [[Goal::Climb, Goal::Level], [Goal::Level, Goal::Descend]] {
        assert!(
            goals.windows(2).any(|w| w == pair),
            "{pair:?} not in {goals:?}"
        );
    }
}

/// Auto-walk on the real infinite city, made around the walker at every step as
/// `horde screenshot --view walker` makes it: the body never holds a solid, the eye is never
/// inside one, and the walker keeps going.
#[test]
fn a_long_auto_walk_never_enters_a_solid_and_keeps_moving() {
    let set = city();
    for seed in [1, 2, 3] {
        let mut map = InfiniteMap::new(&set, HEIGHT, seed).unwrap();
        let mut patch = Patch::default();
        let mut walker = Walker::new(&set, seed);
        // The view and two columns more, as the city scene waits for.
        let reach = 16;
        let keep = 48;
        for step in 0..2400 {
            let (x, z) = walker.cell();
            let side = (2 * reach + 1) as u32;
            let area = Area::new(x - reach, z - reach, side, side);
            map.ensure(area).unwrap();
            for cz in area.z0..area.z1 {
                for cx in area.x0..area.x1 {
                    if !patch.columns.contains_key(&(cx, cz)) {
                        let column = map.column(cx, cz).unwrap().to_vec();
                        patch.put_modules(&set, (cx, cz), &column);
                    }
                }
            }
            walker.step(&patch, (0.0, 0.0), true, DT);
            if walker.placed() {
                assert_body_free(&patch, &walker);
                let eye = walker.eye();
                assert!(
                    !patch.inside_solid(eye.to_array()),
                    "seed {seed}, step {step}: the eye {eye} is inside a box"
                );
            }
            if step % 600 == 599 {
                let at = walker.cell();
                patch
                    .columns
                    .retain(|&(x, z), _| (x - at.0).abs().max((z - at.1).abs()) <= keep);
                walker.visits.forget_beyond(at, keep);
                map.retain_near(x, z, keep);
            }
        }
        assert!(walker.placed(), "seed {seed}: never found a street");
        assert!(
            walker.distance >= 25.0,
            "seed {seed}: walked only {} cells in 40 s",
            walker.distance
        );
        assert!(walker.visits.len() <= ((2 * keep + 1) * (2 * keep + 1)) as usize);
    }
}

/// Frames of `frames` fixed steps of auto-walk over a 160 × 160 region of the city of `seed`
/// with the feet a storey up or higher, checking the body stays out of every solid.
fn frames_up(set: &ModuleSet, seed: u64, frames: usize) -> usize {
    use horde_levelgen::walk::MapTerrain;
    let mut map = InfiniteMap::new(set, HEIGHT, seed).unwrap();
    let region = map.region(Area::new(-80, -80, 160, 160)).unwrap();
    let terrain = MapTerrain::new(set, &region, (-80, -80));
    let mut walker = Walker::new(set, seed);
    assert!(walker.place(&terrain));
    let mut up = 0;
    for _ in 0..frames {
        walker.step(&terrain, (0.0, 0.0), true, DT);
        assert_body_free(&terrain, &walker);
        up += usize::from(walker.feet >= 1.0);
    }
    up
}

#[test]
fn climbs_go_where_there_is_room_to_walk_up_there() {
    // A climb goes for a deck or a roof whose places up there span at least 3 cells, so the
    // walk along up there lasts: in 30 s of auto-walk most seeds spend seconds a storey up
    // (a stair's head and a bridge's end kept it up for under 1.5 s a climb before).
    let set = city();
    let up: Vec<usize> = (1..=5).map(|seed| frames_up(&set, seed, 1800)).collect();
    let long = up.iter().filter(|&&f| f >= 4 * 60).count();
    assert!(long >= 3, "frames a storey up per seed: {up:?}");
}
