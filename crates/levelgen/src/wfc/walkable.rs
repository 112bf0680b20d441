//! Where one can stand: walkable surfaces read from the module shapes of a column, and the
//! rules a walker's body follows among them.
//!
//! Every box of a module's shape, turned with the module and placed in its cell, is a
//! [`Solid`]: the same boxes the renderer draws, so what a walker stands on and bumps into is
//! exactly what is seen. Coordinates are in cells: `x` east and `z` north over the whole map
//! (column `(x, z)` spans `x..x + 1`, `z..z + 1`), `y` up from the bottom of the lowest cell.
//!
//! A walker is a [`Body`]: a few points around its centre (its footprint), a height it needs
//! free above its feet, and the highest step it climbs. The top of a solid is a place to stand
//! when nothing solid is within that height above it (street, lot, stairs, bridge deck, roof;
//! not the top of a wall under a bridge). [`Body::settle`] moves a body: it rests on the
//! highest top under its footprint that it can step onto, is stopped by anything solid between
//! that step and its head, and never ends with a solid inside its height.
//!
//! For path search, [`column_stands`] samples each column on a `SAMPLES × SAMPLES` grid and
//! lists every place to stand at each sample ([`Stand`]); two stands at neighbouring samples
//! connect when their heights differ by no more than the body's step ([`Body::connects`]).

use super::module_set::ModuleSet;

/// An axis-aligned solid box in map coordinates (cells), with the module it belongs to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solid {
    /// Lowest corner `(x, y, z)`.
    pub min: [f32; 3],
    /// Highest corner `(x, y, z)`.
    pub max: [f32; 3],
    /// The module whose shape it is part of.
    pub module: u16,
}

impl Solid {
    /// Whether the vertical line through `(x, z)` passes through the box's footprint.
    pub fn covers(&self, x: f32, z: f32) -> bool {
        self.min[0] <= x && x < self.max[0] && self.min[2] <= z && z < self.max[2]
    }

    /// Whether the box reaches into the open height range `(low, high)`.
    pub fn overlaps_height(&self, low: f32, high: f32) -> bool {
        self.min[1] < high && self.max[1] > low
    }

    /// Whether `p = (x, y, z)` lies strictly inside the box.
    pub fn contains(&self, p: [f32; 3]) -> bool {
        (0..3).all(|i| self.min[i] < p[i] && p[i] < self.max[i])
    }
}

/// How much a height may differ and still count as the same surface (rounding of shapes).
const EPSILON: f32 = 1e-4;

impl ModuleSet {
    /// Appends the solids of module `module` in the cell whose lowest corner is
    /// `(x, y, z)`: its prototype's boxes turned with it. Nothing for an index that is not a
    /// module of this set.
    pub fn push_solids(&self, module: u16, (x, y, z): (i32, i32, i32), out: &mut Vec<Solid>) {
        let Some(m) = self.modules.get(usize::from(module)) else {
            return;
        };
        let Some(prototype) = self.prototypes.get(m.prototype) else {
            return;
        };
        let corner = [x as f32, y as f32, z as f32];
        for b in &prototype.shape {
            let (min, max) = b.turned(m.rotation);
            out.push(Solid {
                min: [0, 1, 2].map(|i| corner[i] + min[i]),
                max: [0, 1, 2].map(|i| corner[i] + max[i]),
                module,
            });
        }
    }

    /// Appends the solids of column `(x, z)`, module indices from the bottom cell up.
    pub fn column_solids(&self, (x, z): (i32, i32), column: &[u16], out: &mut Vec<Solid>) {
        for (y, &module) in column.iter().enumerate() {
            self.push_solids(module, (x, y as i32, z), out);
        }
    }
}

/// A walker's body, in cells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    /// Half the width of its square footprint: it rests on, and bumps into, what is under
    /// its centre and its four corners.
    pub radius: f32,
    /// The height it needs free above its feet (its head).
    pub height: f32,
    /// The highest step it climbs (a stair's rise, or a little more).
    pub step: f32,
}

/// The points of a footprint: the centre first, then the four corners.
const FOOTPRINT: [(f32, f32); 5] = [
    (0.0, 0.0),
    (-1.0, -1.0),
    (1.0, -1.0),
    (-1.0, 1.0),
    (1.0, 1.0),
];

impl Body {
    /// Where the body's feet come to rest when its centre stands at `(x, z)`, arriving with its
    /// feet at `feet`; `None` when it cannot be there. `solids_at(column)` gives the solids of a
    /// column (empty where none are known).
    ///
    /// It cannot be there when anything solid under its footprint reaches between a step above
    /// its feet and its head (a wall), or when nothing at all is under its footprint. Otherwise
    /// it rests on the highest top under its footprint no more than a step above its feet
    /// (it may drop any depth), and only if nothing solid reaches into its height there.
    pub fn settle<'a>(
        &self,
        solids_at: impl Fn((i32, i32)) -> &'a [Solid],
        (x, z): (f32, f32),
        feet: f32,
    ) -> Option<f32> {
        let points = FOOTPRINT.map(|(dx, dz)| (x + dx * self.radius, z + dz * self.radius));
        let column = |(px, pz): (f32, f32)| solids_at((px.floor() as i32, pz.floor() as i32));
        let reach = feet + self.step;
        let mut rest: Option<f32> = None;
        for &point in &points {
            for solid in column(point).iter().filter(|s| s.covers(point.0, point.1)) {
                if solid.overlaps_height(reach + EPSILON, feet + self.height) {
                    return None;
                }
                if solid.max[1] <= reach + EPSILON {
                    rest = Some(rest.map_or(solid.max[1], |r| r.max(solid.max[1])));
                }
            }
        }
        let rest = rest?;
        let head_clear = points.iter().all(|&point| {
            column(point).iter().all(|s| {
                !s.covers(point.0, point.1)
                    || !s.overlaps_height(rest + EPSILON, rest + self.height)
            })
        });
        head_clear.then_some(rest)
    }

    /// Whether the body fits standing on `stand` of column `column`: centred on its sample,
    /// it settles at the stand's height (within a step). `solids_at` as for [`Body::settle`].
    pub fn fits_on<'a>(
        &self,
        solids_at: impl Fn((i32, i32)) -> &'a [Solid],
        column: (i32, i32),
        stand: &Stand,
    ) -> bool {
        let (u, v) = stand.position();
        let at = (column.0 as f32 + u, column.1 as f32 + v);
        self.settle(solids_at, at, stand.height)
            .is_some_and(|h| self.connects(h, stand.height))
    }

    /// Whether a walker may go between two stands at neighbouring samples, at heights `a`
    /// and `b`: up or down by no more than a step.
    pub fn connects(&self, a: f32, b: f32) -> bool {
        (a - b).abs() <= self.step + EPSILON
    }
}

/// Samples per column side for [`column_stands`]: five, at 0.1, 0.3, 0.5, 0.7 and 0.9 of the
/// cell, so that the middle one runs along centred decks between their rails and a stair
/// whose steps are a quarter cell deep is met at least once per step.
pub const SAMPLES: usize = 5;

/// A place to stand in a column, at one of its samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stand {
    /// The sample: `i + SAMPLES * j`, at `(x + (i + 0.5) / SAMPLES, z + (j + 0.5) / SAMPLES)`.
    pub sample: u8,
    /// Height of the surface (the feet).
    pub height: f32,
    /// The module whose box it is the top of.
    pub module: u16,
}

impl Stand {
    /// The sample's offset `(i, j)` within its column.
    pub fn offset(&self) -> (usize, usize) {
        (
            usize::from(self.sample) % SAMPLES,
            usize::from(self.sample) / SAMPLES,
        )
    }

    /// The sample's position within its column, `0..1` on each axis.
    pub fn position(&self) -> (f32, f32) {
        let (i, j) = self.offset();
        (
            (i as f32 + 0.5) / SAMPLES as f32,
            (j as f32 + 0.5) / SAMPLES as f32,
        )
    }
}

/// Appends every place to stand in column `(x, z)`, whose solids are `solids`: at each sample,
/// each top of a solid over the sample with `body.height` free above it (tops that touch are
/// one surface), lowest first. Ordered by sample, then height.
pub fn column_stands(solids: &[Solid], (x, z): (i32, i32), body: &Body, out: &mut Vec<Stand>) {
    for j in 0..SAMPLES {
        for i in 0..SAMPLES {
            let px = x as f32 + (i as f32 + 0.5) / SAMPLES as f32;
            let pz = z as f32 + (j as f32 + 0.5) / SAMPLES as f32;
            let first = out.len();
            for solid in solids.iter().filter(|s| s.covers(px, pz)) {
                let top = solid.max[1];
                let free = solids
                    .iter()
                    .filter(|s| s.covers(px, pz))
                    .all(|s| !s.overlaps_height(top + EPSILON, top + body.height));
                let duplicate = out[first..]
                    .iter()
                    .any(|stand| (stand.height - top).abs() <= EPSILON);
                if free && !duplicate {
                    out.push(Stand {
                        sample: (i + SAMPLES * j) as u8,
                        height: top,
                        module: solid.module,
                    });
                }
            }
            out[first..].sort_by(|a, b| a.height.total_cmp(&b.height));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wfc::ModuleSet;

    const BODY: Body = Body {
        radius: 0.1,
        height: 0.6,
        step: 0.15,
    };

    /// A set of hand-made shapes: a floor slab, a slab with a low lintel over half of it, a
    /// wall in the west half, and a low step in the south-west quarter.
    fn hand_made() -> ModuleSet {
        let faces = r#"faces: (
                west: (connector: 0, symmetry: Symmetric),
                east: (connector: 0, symmetry: Symmetric),
                south: (connector: 0, symmetry: Symmetric),
                north: (connector: 0, symmetry: Symmetric),
                down: (connector: 0, rotation: Invariant),
                up: (connector: 0, rotation: Invariant),
            )"#;
        let text = format!(
            r#"(
            boundary: (up: 0, down: 0),
            prototypes: [
                (name: "floor", {faces}, shape: [(min: (0, 0, 0), max: (1, 0.1, 1))]),
                (name: "lintel", {faces}, shape: [
                    (min: (0, 0, 0), max: (1, 0.1, 1)),
                    (min: (0, 0.5, 0.5), max: (1, 0.6, 1)),
                ]),
                (name: "wall", {faces}, shape: [(min: (0, 0, 0), max: (0.5, 1, 1))]),
                (name: "step", {faces}, shape: [
                    (min: (0, 0, 0), max: (1, 0.1, 1)),
                    (min: (0, 0.1, 0), max: (0.5, 0.2, 0.5)),
                ]),
            ],
        )"#
        );
        ModuleSet::parse(&text, "hand.ron".as_ref()).expect("hand-made set")
    }

    fn module(set: &ModuleSet, name: &str) -> u16 {
        set.modules
            .iter()
            .position(|m| m.name == name)
            .unwrap_or_else(|| panic!("no module {name}")) as u16
    }

    fn stands(set: &ModuleSet, column: &[u16]) -> Vec<Stand> {
        let mut solids = Vec::new();
        set.column_solids((0, 0), column, &mut solids);
        let mut out = Vec::new();
        column_stands(&solids, (0, 0), &BODY, &mut out);
        out
    }

    #[test]
    fn a_floor_is_a_surface_at_every_sample() {
        let set = hand_made();
        let floor = module(&set, "floor");
        let out = stands(&set, &[floor]);
        assert_eq!(out.len(), SAMPLES * SAMPLES);
        assert!(
            out.iter()
                .all(|s| (s.height - 0.1).abs() < 1e-6 && s.module == floor)
        );
    }

    #[test]
    fn a_low_lintel_takes_away_the_floor_under_it_and_is_itself_a_surface() {
        let set = hand_made();
        let out = stands(&set, &[module(&set, "lintel")]);
        for stand in &out {
            if stand.position().1 < 0.5 {
                assert!((stand.height - 0.1).abs() < 1e-6, "{stand:?}");
            } else {
                // Only 0.4 free under the lintel: the lintel's top is where one stands.
                assert!((stand.height - 0.6).abs() < 1e-6, "{stand:?}");
            }
        }
        assert_eq!(out.len(), SAMPLES * SAMPLES);
    }

    #[test]
    fn stacked_floors_with_room_between_are_two_surfaces() {
        let set = hand_made();
        let floor = module(&set, "floor");
        let out = stands(&set, &[floor, floor]);
        assert_eq!(out.len(), 2 * SAMPLES * SAMPLES);
        let sample_zero: Vec<f32> = out
            .iter()
            .filter(|s| s.sample == 0)
            .map(|s| s.height)
            .collect();
        assert_eq!(sample_zero, vec![0.1, 1.1]);
    }

    #[test]
    fn the_top_of_a_wall_is_a_surface_only_over_the_wall() {
        let set = hand_made();
        let out = stands(&set, &[module(&set, "wall")]);
        let over_wall = (0..SAMPLES).filter(|i| (*i as f32 + 0.5) / (SAMPLES as f32) < 0.5);
        assert_eq!(out.len(), over_wall.count() * SAMPLES);
        assert!(out.iter().all(|s| s.position().0 < 0.5 && s.height == 1.0));
    }

    #[test]
    fn turned_shapes_stand_where_they_are_drawn() {
        let set = hand_made();
        // The step sits in the south-west quarter; each turn moves it a quarter clockwise
        // seen from above: north-west, north-east, south-east.
        let corners = [(0, 0), (0, 1), (1, 1), (1, 0)];
        for (rotation, corner) in corners.into_iter().enumerate() {
            let name = match rotation {
                0 => "step".to_string(),
                r => format!("step_r{r}"),
            };
            let out = stands(&set, &[module(&set, &name)]);
            for stand in &out {
                let (x, z) = stand.position();
                let quarter = (usize::from(x >= 0.5), usize::from(z >= 0.5));
                let expected = if quarter == corner { 0.2 } else { 0.1 };
                assert!(
                    (stand.height - expected).abs() < 1e-6,
                    "{name}: {stand:?} (step in quarter {corner:?})"
                );
            }
        }
    }

    #[test]
    fn shapes_that_point_another_way_keep_their_turns() {
        let set = hand_made();
        let turns = |name: &str| {
            set.modules
                .iter()
                .filter(|m| set.prototypes[m.prototype].name == name)
                .count()
        };
        // Faces all alike: the floor looks the same every way, the step does not.
        assert_eq!(turns("floor"), 1);
        assert_eq!(turns("step"), 4);
        assert_eq!(turns("wall"), 4);
    }

    #[test]
    fn a_body_climbs_a_step_but_not_a_wall_and_drops_down() {
        let set = hand_made();
        let (floor, wall, step) = (
            module(&set, "floor"),
            module(&set, "wall"),
            module(&set, "step"),
        );
        let mut solids = Vec::new();
        set.column_solids((0, 0), &[floor], &mut solids);
        let floor_solids = solids.clone();
        solids.clear();
        set.column_solids((1, 0), &[step], &mut solids);
        let step_solids = solids.clone();
        solids.clear();
        set.column_solids((2, 0), &[wall], &mut solids);
        let wall_solids = solids;
        let at = |(x, _z): (i32, i32)| -> &[Solid] {
            match x {
                0 => &floor_solids,
                1 => &step_solids,
                2 => &wall_solids,
                _ => &[],
            }
        };
        // On the floor.
        assert_eq!(BODY.settle(at, (0.5, 0.25), 0.1), Some(0.1));
        // Onto the step (0.1 up).
        assert_eq!(BODY.settle(at, (1.25, 0.25), 0.1), Some(0.2));
        // Off it again: drops to the floor.
        assert_eq!(BODY.settle(at, (1.75, 0.75), 0.2), Some(0.1));
        // Into the wall: stopped.
        assert_eq!(BODY.settle(at, (2.25, 0.5), 0.1), None);
        // The wall's top, from a storey up: stands on it.
        assert_eq!(BODY.settle(at, (2.25, 0.5), 1.0), Some(1.0));
        // Nothing under the footprint at all.
        assert_eq!(BODY.settle(at, (7.5, 0.5), 0.1), None);
    }
}
