//! The `--out` JSON of `horde wfc`: a map with everything needed to check it again without the
//! module set file.
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
//! `excluded` lists the prototype names that may not touch the face. A region of the infinite
//! map adds `"origin":[X,0,Z]`.

use horde_levelgen::collapse::{FACES, FaceKind, Map, ModuleSet};
use serde::Serialize;
use std::collections::BTreeMap;

/// The `--out` JSON of `map`, a map of `set`.
pub fn map_json(map: &Map, set: &ModuleSet) -> serde_json::Result<String> {
    serde_json::to_string(&map_file(map, set))
}

/// The `--out` JSON of a region of the infinite map whose corner cell is `origin`.
pub fn region_json(map: &Map, set: &ModuleSet, origin: [i32; 3]) -> serde_json::Result<String> {
    let mut file = map_file(map, set);
    file.origin = Some(origin);
    serde_json::to_string(&file)
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
    /// For a region of the infinite map: the world position of cell 0, `[X, 0, Z]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<[i32; 3]>,
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

/// The file form of `map`, a map of `set`.
pub fn map_file(map: &Map, set: &ModuleSet) -> MapFile {
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
        size: [map.size.x, map.size.y, map.size.z],
        boundary: BoundaryFile {
            up: set.boundary.up,
            down: set.boundary.down,
        },
        modules,
        cells: map.cells.clone(),
        origin: None,
    }
}
