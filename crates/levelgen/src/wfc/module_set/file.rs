//! A module set file as written: its RON structure, every rule checked while it is read
//! (names, weights, costs, rotations, exclusions, boxes, how many modules the turns make), and
//! what a prototype's faces and distinct turns are.

use super::faces::{Boundary, Face, FaceKind, turn};
use super::shape::{BoxShape, ShapeKey, shape_key};
use crate::wfc::zoning::Zoning;
use horde_files::{checked, list, must, positive, unique_name, with_whole};
use serde::{Deserialize, Deserializer};
use std::collections::HashMap;

/// The most modules a set may have (cells hold them in bit sets; indices are `u16`); the
/// prototype whose turns pass it is refused, and nothing after it is read.
pub const MAX_MODULES: usize = 4096;
/// The most boxes in one prototype's shape.
pub const MAX_BOXES: usize = 256;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SetFile {
    pub(super) boundary: Boundary,
    #[serde(default, deserialize_with = "zoning")]
    pub(super) zoning: Option<Zoning>,
    #[serde(deserialize_with = "prototypes")]
    pub(super) prototypes: Vec<PrototypeFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PrototypeFile {
    #[serde(deserialize_with = "prototype_name")]
    pub(super) name: String,
    #[serde(default = "one", deserialize_with = "weight")]
    pub(super) weight: f64,
    faces: FacesFile,
    #[serde(default)]
    exclusions: ExclusionsFile,
    #[serde(default, deserialize_with = "shape")]
    pub(super) shape: Vec<BoxShape>,
    #[serde(default = "one_f32", deserialize_with = "walk_cost")]
    pub(super) walk_cost: f32,
    #[serde(default)]
    pub(super) built: bool,
    #[serde(default)]
    pub(super) street: bool,
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

/// What the second reading of a module set looks names up in.
pub(super) struct Names {
    /// Each prototype's index, by name.
    pub(super) index_of: HashMap<String, usize>,
}

/// Each prototype's index, by name (the first of a name, should one repeat).
pub(super) fn index_of(prototypes: &[PrototypeFile]) -> HashMap<String, usize> {
    let mut index_of = HashMap::with_capacity(prototypes.len());
    for (i, p) in prototypes.iter().enumerate() {
        index_of.entry(p.name.clone()).or_insert(i);
    }
    index_of
}

/// A prototype's faces as written, its exclusions turned into prototype indices (names that
/// are not known, refused while reading, are left out).
pub(super) fn faces_of(p: &PrototypeFile, index_of: &HashMap<String, usize>) -> [Face; 6] {
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
pub(super) fn distinct_turns(faces: &[Face; 6], shape: &[BoxShape]) -> Vec<(u8, [Face; 6])> {
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
