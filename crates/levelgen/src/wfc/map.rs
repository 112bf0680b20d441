//! A finished map and its file format.
//!
//! The `--out` JSON of `horde wfc` carries everything needed to re-check a map without the
//! module set file:
//!
//! ```json
//! {"size":[X,Y,Z],"boundary":{"up":C,"down":C},
//!  "modules":[{"name":"street_r1","prototype":"street","rotation":1,
//!              "faces":{"west":{"connector":10,"symmetric":true,"flipped":false,"excluded":[]},
//!                       ...,
//!                       "down":{"connector":1,"invariant":true,"rotation":0,"excluded":[]},
//!                       "up":{...}}}, ...],
//!  "cells":[...]}
//! ```
//!
//! `cells[x + X*(z + Z*y)]` is an index into `modules`; faces are given after the module's turn;
//! `excluded` lists the prototype names that may not touch the face.

use super::grid::Size;
use super::module_set::{FACES, FaceKind, ModuleSet};
use serde::Serialize;
use std::collections::BTreeMap;

/// A solved grid: one module index per cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Grid size.
    pub size: Size,
    /// `cells[x + X·(z + Z·y)]`: the module in that cell.
    pub cells: Vec<u16>,
    /// Backtracks it took.
    pub backtracks: u64,
}

/// The serialised map.
#[derive(Debug, Serialize)]
pub struct MapFile {
    /// `[X, Y, Z]`.
    pub size: [u32; 3],
    /// Top and bottom connectors.
    pub boundary: BoundaryFile,
    /// Every module of the set.
    pub modules: Vec<ModuleFile>,
    /// Module index per cell.
    pub cells: Vec<u16>,
}

/// The boundary connectors.
#[derive(Debug, Serialize)]
pub struct BoundaryFile {
    /// Above the top layer.
    pub up: u32,
    /// Below the bottom layer.
    pub down: u32,
}

/// One module with its faces after rotation.
#[derive(Debug, Serialize)]
pub struct ModuleFile {
    /// Module name.
    pub name: String,
    /// Prototype name.
    pub prototype: String,
    /// Quarter turns clockwise seen from above.
    pub rotation: u8,
    /// The six faces by name.
    pub faces: BTreeMap<&'static str, FaceFile>,
}

/// A face: horizontal (`symmetric`, `flipped`) or vertical (`invariant`, `rotation`).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum FaceFile {
    /// A horizontal face.
    Horizontal {
        /// Connector number.
        connector: u32,
        /// Fits any flip.
        symmetric: bool,
        /// Flipped.
        flipped: bool,
        /// Prototypes that may not touch it.
        excluded: Vec<String>,
    },
    /// A vertical face.
    Vertical {
        /// Connector number.
        connector: u32,
        /// Fits any rotation.
        invariant: bool,
        /// Rotation index after the module's turn.
        rotation: u8,
        /// Prototypes that may not touch it.
        excluded: Vec<String>,
    },
}

impl Map {
    /// The `--out` JSON of this map of `set`.
    pub fn to_json(&self, set: &ModuleSet) -> String {
        serde_json::to_string(&self.to_file(set)).unwrap_or_default()
    }

    /// The file form of this map of `set`.
    pub fn to_file(&self, set: &ModuleSet) -> MapFile {
        let modules = set
            .modules
            .iter()
            .map(|m| {
                let faces = FACES
                    .iter()
                    .zip(m.faces.iter())
                    .map(|(name, face)| {
                        let excluded = face
                            .excluded
                            .iter()
                            .map(|&p| set.prototypes[p].name.clone())
                            .collect();
                        let file = match face.kind {
                            FaceKind::Horizontal { symmetric, flipped } => FaceFile::Horizontal {
                                connector: face.connector,
                                symmetric,
                                flipped,
                                excluded,
                            },
                            FaceKind::Vertical {
                                invariant,
                                rotation,
                            } => FaceFile::Vertical {
                                connector: face.connector,
                                invariant,
                                rotation,
                                excluded,
                            },
                        };
                        (*name, file)
                    })
                    .collect();
                ModuleFile {
                    name: m.name.clone(),
                    prototype: set.prototypes[m.prototype].name.clone(),
                    rotation: m.rotation,
                    faces,
                }
            })
            .collect();
        MapFile {
            size: [self.size.x, self.size.y, self.size.z],
            boundary: BoundaryFile {
                up: set.boundary.up,
                down: set.boundary.down,
            },
            modules,
            cells: self.cells.clone(),
        }
    }
}
