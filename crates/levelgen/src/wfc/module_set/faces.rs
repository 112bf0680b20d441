//! A module's faces and the directions of the grid: the six faces in storage order, which
//! way each looks, how two faces fit, the map's top and bottom connectors, and how a quarter
//! turn moves a module's faces round.

use serde::Deserialize;

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

/// The connectors the map's top and bottom faces must show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Boundary {
    /// Connector of the air above the top layer.
    pub up: u32,
    /// Connector of the ground below the bottom layer.
    pub down: u32,
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

/// The faces of a module turned `rotation` quarter turns clockwise seen from above.
pub(super) fn turn(faces: &[Face; 6], rotation: u8) -> [Face; 6] {
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
