//! Module sets: prototypes read from RON, their rotated variants, and which variants may be
//! neighbours.
//!
//! # File format
//!
//! ```ron
//! (
//!     boundary: (up: 0, down: 1),          // connectors of the air above and the ground below
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
//!         ),
//!     ],
//! )
//! ```
//!
//! Faces are `west -x, east +x, south -z, north +z, down -y, up +y`. Horizontal faces carry a
//! connector number and a symmetry; vertical faces a connector number and a rotation index or
//! `Invariant`. `exclusions` and `shape` may be left out. Unknown fields, a connector of the
//! wrong kind on a face, an unknown prototype in an exclusion, a duplicate name or a
//! non-positive weight are errors that name the file, line and column.
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

use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

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
    name: String,
    #[serde(default = "one")]
    weight: f64,
    faces: FacesFile,
    #[serde(default)]
    exclusions: ExclusionsFile,
    #[serde(default)]
    shape: Vec<BoxShape>,
}

fn one() -> f64 {
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
    rotation: VerticalRotation,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExclusionsFile {
    #[serde(default)]
    west: Vec<String>,
    #[serde(default)]
    east: Vec<String>,
    #[serde(default)]
    south: Vec<String>,
    #[serde(default)]
    north: Vec<String>,
    #[serde(default)]
    down: Vec<String>,
    #[serde(default)]
    up: Vec<String>,
}

/// An axis-aligned box inside a cell, to draw: corners in cell units (`0..1` on each axis,
/// `x` east, `y` up, `z` north) and an sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// `allowed[d][m]`: the modules that may sit next to module `m` in direction `d`.
    pub allowed: [Vec<Vec<u16>>; 6],
}

/// A module set that could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ModuleSetError {
    /// Bad syntax or structure, or a bad value.
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
    /// The file could not be read.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        error: std::io::Error,
    },
}

/// The most modules a set may have (cells hold them in bit sets; indices are `u16`); a set
/// with more prototypes than this is refused before any is turned.
pub const MAX_MODULES: usize = 4096;
/// The most boxes in one prototype's shape.
pub const MAX_BOXES: usize = 256;

impl ModuleSet {
    /// Reads and parses a module set file.
    pub fn load(path: &Path) -> Result<ModuleSet, ModuleSetError> {
        let text = std::fs::read_to_string(path).map_err(|error| ModuleSetError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        ModuleSet::parse(&text, path)
    }

    /// Parses module set text; `path` names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<ModuleSet, ModuleSetError> {
        let invalid = |line: usize, column: usize, message: String| ModuleSetError::Invalid {
            path: path.to_path_buf(),
            line,
            column,
            message,
        };
        let file: SetFile = ron::from_str(text)
            .map_err(|e| invalid(e.span.start.line, e.span.start.col, e.code.to_string()))?;
        // Where a quoted name (or a prototype's fields) first appears, for semantic errors.
        let locate = |needle: &str, from: usize| -> (usize, usize) {
            let at = text[from.min(text.len())..]
                .find(needle)
                .map_or(0, |i| i + from.min(text.len()));
            let line = text[..at].matches('\n').count() + 1;
            let column = text[..at]
                .rsplit('\n')
                .next()
                .map_or(0, |l| l.chars().count())
                + 1;
            (line, column)
        };
        let mut index_of = HashMap::new();
        let mut prototype_starts = Vec::new();
        for (i, p) in file.prototypes.iter().enumerate() {
            let quoted = format!("\"{}\"", p.name);
            let start = prototype_starts.last().copied().unwrap_or(0);
            let pos = text[start..].find(&quoted).map_or(start, |k| k + start);
            prototype_starts.push(pos);
            if index_of.insert(p.name.clone(), i).is_some() {
                let (line, column) = locate(&quoted, pos);
                return Err(invalid(
                    line,
                    column,
                    format!("duplicate prototype name `{}`", p.name),
                ));
            }
            if !(p.weight > 0.0 && p.weight.is_finite()) {
                let (line, column) = locate("weight", pos);
                return Err(invalid(
                    line,
                    column,
                    format!(
                        "prototype `{}`: weight {} must be positive",
                        p.name, p.weight
                    ),
                ));
            }
            let faces = [&p.faces.down, &p.faces.up];
            for face in faces {
                if let VerticalRotation::Rotation(r) = face.rotation
                    && r > 3
                {
                    let (line, column) = locate("Rotation(", pos);
                    return Err(invalid(
                        line,
                        column,
                        format!("prototype `{}`: rotation index {r} is not 0–3", p.name),
                    ));
                }
            }
        }
        for (p, &pos) in file.prototypes.iter().zip(&prototype_starts) {
            if p.shape.len() > MAX_BOXES {
                let (line, column) = locate("shape", pos);
                return Err(invalid(
                    line,
                    column,
                    format!(
                        "prototype `{}`: {} boxes; at most {MAX_BOXES}",
                        p.name,
                        p.shape.len()
                    ),
                ));
            }
            let bad = p.shape.iter().find(|b| {
                let corners = [b.min.0, b.min.1, b.min.2, b.max.0, b.max.1, b.max.2];
                !corners
                    .iter()
                    .all(|v| v.is_finite() && (-1.0..=2.0).contains(v))
                    || b.min.0 > b.max.0
                    || b.min.1 > b.max.1
                    || b.min.2 > b.max.2
            });
            if let Some(b) = bad {
                let (line, column) = locate("shape", pos);
                return Err(invalid(
                    line,
                    column,
                    format!(
                        "prototype `{}`: box {:?}..{:?} must have finite corners in -1..2 with min <= max",
                        p.name, b.min, b.max
                    ),
                ));
            }
        }
        if file.prototypes.is_empty() {
            return Err(invalid(1, 1, "the set has no prototypes".to_string()));
        }
        // Before anything is expanded: each prototype gives up to four modules.
        if file.prototypes.len() > MAX_MODULES {
            return Err(invalid(
                1,
                1,
                format!(
                    "{} prototypes; at most {MAX_MODULES}",
                    file.prototypes.len()
                ),
            ));
        }
        let mut prototypes = Vec::new();
        let mut base_faces: Vec<[Face; 6]> = Vec::new();
        for (i, p) in file.prototypes.iter().enumerate() {
            let ex = &p.exclusions;
            let lists = [&ex.west, &ex.east, &ex.south, &ex.north, &ex.down, &ex.up];
            let mut excluded: [Vec<usize>; 6] = Default::default();
            for (face, names) in lists.iter().enumerate() {
                for name in names.iter() {
                    match index_of.get(name) {
                        Some(&j) => excluded[face].push(j),
                        None => {
                            let (line, column) =
                                locate(&format!("\"{name}\""), prototype_starts[i] + 1);
                            return Err(invalid(
                                line,
                                column,
                                format!(
                                    "prototype `{}`: unknown prototype `{name}` in the {} exclusions",
                                    p.name, FACES[face]
                                ),
                            ));
                        }
                    }
                }
            }
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
            base_faces.push([
                h(&p.faces.west, w),
                h(&p.faces.east, e),
                h(&p.faces.south, s),
                h(&p.faces.north, n),
                v(&p.faces.down, d),
                v(&p.faces.up, u),
            ]);
            prototypes.push(Prototype {
                name: p.name.clone(),
                weight: p.weight,
                shape: p.shape.clone(),
            });
        }
        let mut modules: Vec<Module> = Vec::new();
        for (i, faces) in base_faces.iter().enumerate() {
            // A turn is dropped only when both its faces and its shape look exactly like an
            // earlier turn's: stairs with plain faces all round still climb four ways.
            let mut seen: Vec<([Face; 6], Vec<ShapeKey>)> = Vec::new();
            for rotation in 0..4u8 {
                let look = (
                    turn(faces, rotation),
                    shape_key(&prototypes[i].shape, rotation),
                );
                if seen.contains(&look) {
                    continue;
                }
                let turned = look.0.clone();
                seen.push(look);
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
        if modules.len() > MAX_MODULES {
            return Err(invalid(
                1,
                1,
                format!("{} modules; at most {MAX_MODULES}", modules.len()),
            ));
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
        Ok(ModuleSet {
            prototypes,
            modules,
            boundary: file.boundary,
            allowed,
        })
    }

    /// Whether module `b` may sit next to module `a` in direction `d`.
    pub fn may_neighbour(&self, a: usize, b: usize, d: Dir) -> bool {
        may_neighbour(&self.modules[a], &self.modules[b], d)
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
