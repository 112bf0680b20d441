//! Module sets: prototypes read from RON, their rotated variants, and which variants may be
//! neighbours.
//!
//! - `module_set/file.rs`: the file as written, every rule checked while it is read, and a
//!   prototype's faces and distinct turns.
//! - `module_set/shape.rs`: the boxes a module is drawn as and walked on, and their one turn.
//! - `module_set/faces.rs`: the six faces and the grid's directions, how two faces fit, the
//!   map's top and bottom connectors, and how a quarter turn moves a module's faces round.
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

mod faces;
mod file;
mod shape;

pub use faces::{Boundary, Dir, FACES, Face, FaceKind};
pub use file::{MAX_BOXES, MAX_MODULES};
pub use shape::BoxShape;

use super::zoning::Zoning;
use file::{Names, SetFile, distinct_turns, faces_of, index_of};
use horde_files::FileError;
use std::path::Path;

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
#[cfg(feature = "fuzzing")]
pub fn check_module_set_text(text: &str) {
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

/// Module `a`'s face towards `d` and `b`'s face back fit, and neither excludes the other.
fn may_neighbour(a: &Module, b: &Module, d: Dir) -> bool {
    let fa = &a.faces[d as usize];
    let fb = &b.faces[d.opposite() as usize];
    fa.fits(fb) && !fa.excluded.contains(&b.prototype) && !fb.excluded.contains(&a.prototype)
}
