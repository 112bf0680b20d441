//! Module sets: prototypes read from RON, their rotated variants, and which variants may be
//! neighbours.
//!
//! # File format
//!
//! ```ron
//! (
//!     boundary: (up: 0, down: 1),          // connectors of the air above and the ground below
//!     zoning: (block: 12, heights: [0, 2, 3, 6], parks: 0.1),   // optional, see below
//!     prototypes: [
//!         (
//!             name: "street",
//!             weight: 2.0,                   // relative probability, > 0
//!             faces: (
//!                 west:  (connector: 11, symmetry: Symmetric),   // Symmetric | Flipped | Unflipped
//!                 east:  (connector: 11, symmetry: Symmetric),
//!                 south: (connector: 10, symmetry: Symmetric),
//!                 north: (connector: 10, symmetry: Symmetric),
//!                 down:  (connector: 1, rotation: Invariant),     // Invariant | Rotation(0..=3)
//!                 up:    (connector: 0, rotation: Invariant),
//!             ),
//!             exclusions: (north: ["street"]),   // prototypes that may not touch a face
//!             shape: [(min: (0.0, 0.0, 0.0), max: (1.0, 0.1, 1.0), color: (60, 60, 66))],
//!             walk_cost: 1.0,                // cost of walking a cell on top of it, > 0
//!             built: false,                  // part of a building (zoning limits its height)
//!             street: true,                  // zoning keeps it to the avenues, and them to it
//!         ),
//!     ],
//! )
//! ```
//!
//! Faces are `west -x, east +x, south -z, north +z, down -y, up +y`. Horizontal faces carry a
//! connector number and a symmetry; vertical faces a connector number and a rotation index or
//! `Invariant`. `weight` (1), `exclusions`, `shape`, `walk_cost` (1, what a walker's path
//! search pays per cell on the module's top), `built` and `street` (false) may be left out. Unknown fields, a connector of
//! the wrong kind on a face, an unknown prototype in an exclusion, a duplicate name, a
//! non-positive weight or cost, a bad box, or more prototypes or turned modules than
//! [`MAX_MODULES`] are errors at the offending value's own line and column (every rule is
//! checked while the file is read, [`horde_files::rules`]).
//!
//! `zoning` (optional) cuts the infinite map's plane into square blocks of `block` columns
//! (3–1024) and limits how tall `built` modules may stand: a column `d` columns in from its
//! block's nearest edge holds them only in its lowest `heights[d]` cells (1–64 entries, the
//! last holding further in), and a share `parks` (0–1, default 0) of blocks holds none
//! ([`Zoning`]). The columns along the block edges are avenues: when the set has `street`
//! prototypes, the avenues' ground holds them and no other column's does. With `heights: [0,
//! 2, ..]` the avenues hold no building, the columns beside them at most a lot and its roof,
//! and buildings rise further in. Without a `zoning`, `built` and `street` mean nothing.
//!
//! # Rotations and fitting
//!
//! Each prototype gives up to four modules, turned 0, 90, 180 and 270° clockwise seen from
//! above (`north → east → south → west`); a turn whose faces *and* shape look exactly like an
//! earlier turn's is dropped (a turn with the same faces but a shape pointing another way, such
//! as stairs, is kept). A turn moves horizontal faces round and adds to vertical rotation indices.
//!
//! Two horizontal faces fit when their connectors are equal and either is symmetric or one is
//! flipped and the other not. Two vertical faces fit when their connectors are equal and either
//! is invariant or their rotation indices (after each module's turn) are equal. Neighbours must
//! fit, and neither may list the other's prototype among the exclusions of the face between
//! them.

use super::zoning::Zoning;
use horde_files::FileError;
use horde_files::rules::{checked, list, must, positive, unique_name, with_whole};
use serde::{Deserialize, Deserializer};
use std::collections::HashMap;
use std::path::Path;

/// The six faces, in storage order.
pub const FACES: [&str; 6] = ["west", "east", "south", "north", "down", "up"];

/// A direction on the grid; its index is the face of a cell that looks that way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// `-x`.
    West = 0,
    /// `+x`.
    East = 1,
    /// `-z`.
    South = 2,
    /// `+z`.
    North = 3,
    /// `-y`.
    Down = 4,
    /// `+y`.
    Up = 5,
}

impl Dir {
    /// All six, in face order.
    pub const ALL: [Dir; 6] = [
        Dir::West,
        Dir::East,
        Dir::South,
        Dir::North,
        Dir::Down,
        Dir::Up,
    ];

    /// The opposite direction.
    pub fn opposite(self) -> Dir {
        Dir::ALL[self as usize ^ 1]
    }

    /// The grid step `(dx, dy, dz)`.
    pub fn step(self) -> (i32, i32, i32) {
        match self {
            Dir::West => (-1, 0, 0),
            Dir::East => (1, 0, 0),
            Dir::South => (0, 0, -1),
            Dir::North => (0, 0, 1),
            Dir::Down => (0, -1, 0),
            Dir::Up => (0, 1, 0),
        }
    }
}

/// How a horizontal connector looks under mirroring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum Symmetry {
    /// Fits itself.
    Symmetric,
    /// Fits the unflipped version of its connector.
    Flipped,
    /// Fits the flipped version of its connector.
    Unflipped,
}

/// A vertical connector's rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum VerticalRotation {
    /// Fits at any rotation.
    Invariant,
    /// Fits only the same rotation index, 0–3.
    Rotation(u8),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SetFile {
    boundary: Boundary,
    #[serde(default, deserialize_with = "zoning")]
    zoning: Option<Zoning>,
    #[serde(deserialize_with = "prototypes")]
    prototypes: Vec<PrototypeFile>,
}

/// The connectors the map's top and bottom faces must show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Boundary {
    /// Connector of the air above the top layer.
    pub up: u32,
    /// Connector of the ground below the bottom layer.
    pub down: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PrototypeFile {
    #[serde(deserialize_with = "prototype_name")]
    name: String,
    #[serde(default = "one", deserialize_with = "weight")]
    weight: f64,
    faces: FacesFile,
    #[serde(default)]
    exclusions: ExclusionsFile,
    #[serde(default, deserialize_with = "shape")]
    shape: Vec<BoxShape>,
    #[serde(default = "one_f32", deserialize_with = "walk_cost")]
    walk_cost: f32,
    #[serde(default)]
    built: bool,
    #[serde(default)]
    street: bool,
}

fn one() -> f64 {
    1.0
}

fn one_f32() -> f32 {
    1.0
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FacesFile {
    west: HorizontalFile,
    east: HorizontalFile,
    south: HorizontalFile,
    north: HorizontalFile,
    down: VerticalFile,
    up: VerticalFile,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HorizontalFile {
    connector: u32,
    symmetry: Symmetry,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct VerticalFile {
    connector: u32,
    #[serde(deserialize_with = "rotation")]
    rotation: VerticalRotation,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExclusionsFile {
    #[serde(default, deserialize_with = "excluded")]
    west: Vec<String>,
    #[serde(default, deserialize_with = "excluded")]
    east: Vec<String>,
    #[serde(default, deserialize_with = "excluded")]
    south: Vec<String>,
    #[serde(default, deserialize_with = "excluded")]
    north: Vec<String>,
    #[serde(default, deserialize_with = "excluded")]
    down: Vec<String>,
    #[serde(default, deserialize_with = "excluded")]
    up: Vec<String>,
}

/// An axis-aligned box inside a cell, to draw: corners in cell units (`0..1` on each axis,
/// `x` east, `y` up, `z` north) and an sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, try_from = "BoxFile")]
pub struct BoxShape {
    /// Lowest corner.
    pub min: (f32, f32, f32),
    /// Highest corner.
    pub max: (f32, f32, f32),
    /// sRGB colour.
    #[serde(default = "grey")]
    pub color: (u8, u8, u8),
}

fn grey() -> (u8, u8, u8) {
    (180, 180, 180)
}

impl BoxShape {
    /// The box's lowest and highest corners after `rotation` quarter turns clockwise seen
    /// from above, about the cell's vertical centre line (local north, `+z`, turns to east,
    /// `+x`): one turn maps `(x, z)` to `(z, 1 - x)`. Heights never change.
    pub fn turned(&self, rotation: u8) -> ([f32; 3], [f32; 3]) {
        let (mut min, mut max) = (
            [self.min.0, self.min.1, self.min.2],
            [self.max.0, self.max.1, self.max.2],
        );
        for _ in 0..rotation % 4 {
            (min, max) = (
                [min[2], min[1], 1.0 - max[0]],
                [max[2], max[1], 1.0 - min[0]],
            );
        }
        (min, max)
    }
}

/// One face of a module after its turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Face {
    /// Connector number.
    pub connector: u32,
    /// Horizontal faces: symmetric / flipped. Vertical faces: invariant / rotation index.
    pub kind: FaceKind,
    /// Prototypes (by index) that may not touch this face.
    pub excluded: Vec<usize>,
}

/// The kind-specific part of a face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaceKind {
    /// A horizontal face.
    Horizontal {
        /// Fits any flip.
        symmetric: bool,
        /// Flipped (meaningful when not symmetric).
        flipped: bool,
    },
    /// A vertical face.
    Vertical {
        /// Fits any rotation.
        invariant: bool,
        /// Rotation index 0–3 after the module's turn (meaningful when not invariant).
        rotation: u8,
    },
}

impl Face {
    /// Whether this face fits `other`, the face of a neighbour turned towards it.
    pub fn fits(&self, other: &Face) -> bool {
        if self.connector != other.connector {
            return false;
        }
        match (self.kind, other.kind) {
            (
                FaceKind::Horizontal {
                    symmetric: s1,
                    flipped: f1,
                },
                FaceKind::Horizontal {
                    symmetric: s2,
                    flipped: f2,
                },
            ) => s1 || s2 || f1 != f2,
            (
                FaceKind::Vertical {
                    invariant: i1,
                    rotation: r1,
                },
                FaceKind::Vertical {
                    invariant: i2,
                    rotation: r2,
                },
            ) => i1 || i2 || r1 == r2,
            _ => false,
        }
    }
}

/// A prototype as loaded.
#[derive(Clone, Debug, PartialEq)]
pub struct Prototype {
    /// Unique name.
    pub name: String,
    /// Relative probability.
    pub weight: f64,
    /// Boxes to draw.
    pub shape: Vec<BoxShape>,
    /// What a walker's path search pays per cell walked on top of it (> 0; 1 unless the
    /// set says otherwise).
    pub walk_cost: f32,
    /// Part of a building: the set's [`Zoning`] limits how high it may stand.
    pub built: bool,
    /// A street: with a [`Zoning`], the avenues' ground holds street modules, and nothing else
    /// does.
    pub street: bool,
}

/// One rotated variant of a prototype: what a cell holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    /// `prototype name` plus `_r1`… for turned variants.
    pub name: String,
    /// Index of its prototype.
    pub prototype: usize,
    /// Quarter turns clockwise seen from above, 0–3.
    pub rotation: u8,
    /// Faces after the turn, in [`FACES`] order.
    pub faces: [Face; 6],
    /// Relative probability (the prototype's).
    pub weight: f64,
}

/// A loaded module set with its adjacency.
#[derive(Clone, Debug)]
pub struct ModuleSet {
    /// The prototypes, in file order.
    pub prototypes: Vec<Prototype>,
    /// Every module.
    pub modules: Vec<Module>,
    /// Top and bottom connectors.
    pub boundary: Boundary,
    /// How tall built modules may stand in each column, if the set says.
    pub zoning: Option<Zoning>,
    /// `allowed[d][m]`: the modules that may sit next to module `m` in direction `d`.
    pub allowed: [Vec<Vec<u16>>; 6],
}

/// The most modules a set may have (cells hold them in bit sets; indices are `u16`); the
/// prototype whose turns pass it is refused, and nothing after it is read.
pub const MAX_MODULES: usize = 4096;
/// The most boxes in one prototype's shape.
pub const MAX_BOXES: usize = 256;

/// A module set that could not be loaded: the one error of every file format.
pub type ModuleSetError = FileError;

impl ModuleSet {
    /// Reads (at most [`horde_files::TEXT_CAP`] bytes) and parses a module set file.
    pub fn load(path: &Path) -> Result<ModuleSet, FileError> {
        ModuleSet::parse(&horde_files::read_text(path, horde_files::TEXT_CAP)?, path)
    }

    /// Parses module set text; `path` names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<ModuleSet, FileError> {
        let file: SetFile = horde_files::parse_ron_then(text, path, |file: &SetFile| Names {
            index_of: index_of(&file.prototypes),
        })?;
        Ok(ModuleSet::build(file))
    }

    /// The built-in set: the city, `assets/wfc/city.ron` compiled in
    /// ([`crate::wfc::city::CITY_SET`]).
    pub fn built_in() -> Result<ModuleSet, FileError> {
        ModuleSet::parse(
            crate::wfc::city::CITY_SET,
            crate::wfc::city::CITY_SET_PATH.as_ref(),
        )
    }

    /// The set at `path`, else the built-in city.
    pub fn load_or_built_in(path: Option<&Path>) -> Result<ModuleSet, FileError> {
        path.map_or_else(ModuleSet::built_in, ModuleSet::load)
    }

    /// The modules and their neighbours of a set whose file passed every rule.
    fn build(file: SetFile) -> ModuleSet {
        let index_of = index_of(&file.prototypes);
        let prototypes: Vec<Prototype> = file
            .prototypes
            .iter()
            .map(|p| Prototype {
                name: p.name.clone(),
                weight: p.weight,
                shape: p.shape.clone(),
                walk_cost: p.walk_cost,
                built: p.built,
                street: p.street,
            })
            .collect();
        let base_faces: Vec<[Face; 6]> = file
            .prototypes
            .iter()
            .map(|p| faces_of(p, &index_of))
            .collect();
        let mut modules: Vec<Module> = Vec::new();
        for (i, faces) in base_faces.iter().enumerate() {
            for (rotation, turned) in distinct_turns(faces, &prototypes[i].shape) {
                let name = match rotation {
                    0 => prototypes[i].name.clone(),
                    r => format!("{}_r{r}", prototypes[i].name),
                };
                modules.push(Module {
                    name,
                    prototype: i,
                    rotation,
                    faces: turned,
                    weight: prototypes[i].weight,
                });
            }
        }
        let allowed = Dir::ALL.map(|d| {
            modules
                .iter()
                .map(|a| {
                    (0..modules.len() as u16)
                        .filter(|&b| may_neighbour(a, &modules[b as usize], d))
                        .collect()
                })
                .collect()
        });
        ModuleSet {
            prototypes,
            modules,
            boundary: file.boundary,
            zoning: file.zoning,
            allowed,
        }
    }

    /// The prototype of module `m`, if the set has that module.
    pub fn prototype_of(&self, m: usize) -> Option<&Prototype> {
        self.modules
            .get(m)
            .and_then(|module| self.prototypes.get(module.prototype))
    }

    /// Whether module `m` is part of a building ([`Prototype::built`]; false for a module the
    /// set does not have).
    pub fn is_built(&self, m: usize) -> bool {
        self.prototype_of(m).is_some_and(|p| p.built)
    }

    /// Whether module `m` is a street ([`Prototype::street`]; false for a module the set does
    /// not have).
    pub fn is_street(&self, m: usize) -> bool {
        self.prototype_of(m).is_some_and(|p| p.street)
    }

    /// Whether module `b` may sit next to module `a` in direction `d`.
    pub fn may_neighbour(&self, a: usize, b: usize, d: Dir) -> bool {
        may_neighbour(&self.modules[a], &self.modules[b], d)
    }
}

/// What the module-set fuzz target does with any text (and `cargo test` replays): parses it,
/// and where it parses with a zoning, asks that zoning for columns far out in every direction.
/// Never panics.
pub fn check_text(text: &str) {
    let Ok(set) = ModuleSet::parse(text, Path::new("fuzz.txt")) else {
        return;
    };
    if let Some(zoning) = &set.zoning {
        for v in [i32::MIN, -1, 0, 1, i32::MAX] {
            for seed in [0, u64::MAX] {
                let _ = zoning.column(seed, v, v.wrapping_neg());
            }
        }
    }
}

/// What the second reading of a module set looks names up in.
struct Names {
    /// Each prototype's index, by name.
    index_of: HashMap<String, usize>,
}

/// Each prototype's index, by name (the first of a name, should one repeat).
fn index_of(prototypes: &[PrototypeFile]) -> HashMap<String, usize> {
    let mut index_of = HashMap::with_capacity(prototypes.len());
    for (i, p) in prototypes.iter().enumerate() {
        index_of.entry(p.name.clone()).or_insert(i);
    }
    index_of
}

/// A prototype's faces as written, its exclusions turned into prototype indices (names that
/// are not known, refused while reading, are left out).
fn faces_of(p: &PrototypeFile, index_of: &HashMap<String, usize>) -> [Face; 6] {
    let ex = &p.exclusions;
    let excluded =
        [&ex.west, &ex.east, &ex.south, &ex.north, &ex.down, &ex.up].map(|names| -> Vec<usize> {
            names
                .iter()
                .filter_map(|n| index_of.get(n).copied())
                .collect()
        });
    let h = |f: &HorizontalFile, excluded: Vec<usize>| Face {
        connector: f.connector,
        kind: FaceKind::Horizontal {
            symmetric: f.symmetry == Symmetry::Symmetric,
            flipped: f.symmetry == Symmetry::Flipped,
        },
        excluded,
    };
    let v = |f: &VerticalFile, excluded: Vec<usize>| Face {
        connector: f.connector,
        kind: match f.rotation {
            VerticalRotation::Invariant => FaceKind::Vertical {
                invariant: true,
                rotation: 0,
            },
            VerticalRotation::Rotation(r) => FaceKind::Vertical {
                invariant: false,
                rotation: r,
            },
        },
        excluded,
    };
    let [w, e, s, n, d, u] = excluded;
    [
        h(&p.faces.west, w),
        h(&p.faces.east, e),
        h(&p.faces.south, s),
        h(&p.faces.north, n),
        v(&p.faces.down, d),
        v(&p.faces.up, u),
    ]
}

/// The turns of a prototype that become modules, with their faces: a turn is dropped only
/// when both its faces and its shape look exactly like an earlier turn's (stairs with plain
/// faces all round still climb four ways).
fn distinct_turns(faces: &[Face; 6], shape: &[BoxShape]) -> Vec<(u8, [Face; 6])> {
    let mut seen: Vec<([Face; 6], Vec<ShapeKey>)> = Vec::new();
    let mut turns = Vec::new();
    for rotation in 0..4u8 {
        let look = (turn(faces, rotation), shape_key(shape, rotation));
        if !seen.contains(&look) {
            turns.push((rotation, look.0.clone()));
            seen.push(look);
        }
    }
    turns
}

/// A zoning written as it is (no `Some(..)` around it).
fn zoning<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Zoning>, D::Error> {
    Zoning::deserialize(d).map(Some)
}

fn prototype_name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    unique_name(d, "prototype")
}

horde_files::rule!(weight: f64, "weight", "be positive", |v| positive(*v));
horde_files::rule!(walk_cost: f32, "walk_cost", "be a positive number at most 1000", |v| positive(f64::from(*v)) && *v <= 1000.0);

fn rotation<'de, D: Deserializer<'de>>(d: D) -> Result<VerticalRotation, D::Error> {
    checked(d, |r: &VerticalRotation| match r {
        VerticalRotation::Rotation(r) if *r > 3 => Err(format!("rotation index {r} is not 0–3")),
        _ => Ok(()),
    })
}

/// Names of prototypes the set has.
fn excluded<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    list(d, "exclusions", 0..=usize::MAX, |_, name: &String| {
        with_whole(|names: &Names| {
            must(names.index_of.contains_key(name), || {
                format!("unknown prototype `{name}` in an exclusion")
            })
        })
    })
}

fn shape<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<BoxShape>, D::Error> {
    list(d, "boxes", 0..=MAX_BOXES, |_, _| Ok(()))
}

/// At most [`MAX_MODULES`] prototypes, whose turns make at most [`MAX_MODULES`] modules: the
/// prototype that passes either is the one reported.
fn prototypes<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<PrototypeFile>, D::Error> {
    let mut modules = 0;
    list(d, "prototypes", 1..=MAX_MODULES, |i, p: &PrototypeFile| {
        with_whole(|names: &Names| {
            modules += distinct_turns(&faces_of(p, &names.index_of), &p.shape).len();
            must(modules <= MAX_MODULES, || {
                format!(
                    "prototype {i} `{}` makes {modules} modules; at most {MAX_MODULES}",
                    p.name
                )
            })
        })
    })
}

/// A [`BoxShape`] as written, before its corners are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoxFile {
    min: (f32, f32, f32),
    max: (f32, f32, f32),
    #[serde(default = "grey")]
    color: (u8, u8, u8),
}

impl TryFrom<BoxFile> for BoxShape {
    type Error = String;

    /// Finite corners in `-1..=2` of a cell, min at most max.
    fn try_from(BoxFile { min, max, color }: BoxFile) -> Result<BoxShape, String> {
        let corners = [min.0, min.1, min.2, max.0, max.1, max.2];
        let inside = corners
            .iter()
            .all(|v| v.is_finite() && (-1.0..=2.0).contains(v));
        let ordered = min.0 <= max.0 && min.1 <= max.1 && min.2 <= max.2;
        must(inside && ordered, || {
            format!("the box {min:?}..{max:?} must have finite corners in -1..2 with min <= max")
        })
        .map_err(horde_files::placed)?;
        Ok(BoxShape { min, max, color })
    }
}

/// Module `a`'s face towards `d` and `b`'s face back fit, and neither excludes the other.
fn may_neighbour(a: &Module, b: &Module, d: Dir) -> bool {
    let fa = &a.faces[d as usize];
    let fb = &b.faces[d.opposite() as usize];
    fa.fits(fb) && !fa.excluded.contains(&b.prototype) && !fb.excluded.contains(&a.prototype)
}

/// A box of a turned shape, rounded to 1/10000 of a cell, to compare turns of a shape.
type ShapeKey = ([i32; 6], (u8, u8, u8));

/// The boxes of `shape` turned `rotation` quarter turns, rounded and sorted: two turns look
/// alike exactly when their keys are equal.
fn shape_key(shape: &[BoxShape], rotation: u8) -> Vec<ShapeKey> {
    let round = |v: f32| (v * 10_000.0).round() as i32;
    let mut keys: Vec<ShapeKey> = shape
        .iter()
        .map(|b| {
            let (min, max) = b.turned(rotation);
            (
                [
                    round(min[0]),
                    round(min[1]),
                    round(min[2]),
                    round(max[0]),
                    round(max[1]),
                    round(max[2]),
                ],
                b.color,
            )
        })
        .collect();
    keys.sort_unstable();
    keys
}

/// The faces of a module turned `rotation` quarter turns clockwise seen from above.
fn turn(faces: &[Face; 6], rotation: u8) -> [Face; 6] {
    // Clockwise from above: north → east → south → west → north.
    const CLOCKWISE: [usize; 4] = [
        Dir::North as usize,
        Dir::East as usize,
        Dir::South as usize,
        Dir::West as usize,
    ];
    let mut out = faces.clone();
    for (k, &from) in CLOCKWISE.iter().enumerate() {
        let to = CLOCKWISE[(k + rotation as usize) % 4];
        out[to] = faces[from].clone();
    }
    for vertical in [Dir::Down as usize, Dir::Up as usize] {
        if let FaceKind::Vertical {
            invariant: false,
            rotation: r,
        } = faces[vertical].kind
        {
            out[vertical].kind = FaceKind::Vertical {
                invariant: false,
                rotation: (r + rotation) % 4,
            };
        }
    }
    out
}
