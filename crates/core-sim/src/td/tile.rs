//! What a tile of the board holds.

/// The content of one tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum TileContent {
    /// Nothing: enemies walk through.
    #[default]
    Empty = 0,
    /// Blocks paths: it receives a path from a neighbour but passes none on.
    Wall = 1,
    /// Where enemies go; every path ends at the nearest one.
    Destination = 2,
    /// Where enemies appear. Does not change paths.
    SpawnPoint = 3,
    /// A laser tower: blocks paths like a wall, and burns one enemy in range at a time.
    Laser = 4,
    /// A mortar tower: blocks paths like a wall, and lobs shells that explode where they land.
    Mortar = 5,
}

/// The two kinds of tower.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum TowerKind {
    /// Tracks one target and damages it every tick.
    Laser,
    /// Fires shells on a high arc at the ground under a random enemy in range.
    Mortar,
}

impl TowerKind {
    /// The tile content of a tower of this kind.
    pub fn content(self) -> TileContent {
        match self {
            TowerKind::Laser => TileContent::Laser,
            TowerKind::Mortar => TileContent::Mortar,
        }
    }

    /// A lower-case name for messages and scripts (`laser`, `mortar`).
    pub fn name(self) -> &'static str {
        match self {
            TowerKind::Laser => "laser",
            TowerKind::Mortar => "mortar",
        }
    }
}

impl TileContent {
    /// The content whose `repr(u8)` value is `code` (how saves keep tiles).
    pub fn from_code(code: u8) -> Option<TileContent> {
        [
            TileContent::Empty,
            TileContent::Wall,
            TileContent::Destination,
            TileContent::SpawnPoint,
            TileContent::Laser,
            TileContent::Mortar,
        ]
        .get(usize::from(code))
        .copied()
    }

    /// The character that stands for this content in level files (docs/ARCHITECTURE.md, file formats).
    pub fn to_char(self) -> char {
        match self {
            TileContent::Empty => '.',
            TileContent::Wall => '#',
            TileContent::Destination => 'D',
            TileContent::SpawnPoint => 'S',
            TileContent::Laser => 'L',
            TileContent::Mortar => 'M',
        }
    }

    /// The content a level-file character stands for, if any.
    pub fn from_char(c: char) -> Option<TileContent> {
        match c {
            '.' => Some(TileContent::Empty),
            '#' => Some(TileContent::Wall),
            'D' => Some(TileContent::Destination),
            'S' => Some(TileContent::SpawnPoint),
            'L' => Some(TileContent::Laser),
            'M' => Some(TileContent::Mortar),
            _ => None,
        }
    }

    /// A lower-case name for messages.
    pub fn name(self) -> &'static str {
        match self {
            TileContent::Empty => "empty",
            TileContent::Wall => "wall",
            TileContent::Destination => "destination",
            TileContent::SpawnPoint => "spawn point",
            TileContent::Laser => "laser tower",
            TileContent::Mortar => "mortar tower",
        }
    }

    /// Whether paths stop here: walls and towers receive a path but pass none on.
    pub fn blocks_path(self) -> bool {
        matches!(
            self,
            TileContent::Wall | TileContent::Laser | TileContent::Mortar
        )
    }

    /// The tower on this tile, if it holds one.
    pub fn tower(self) -> Option<TowerKind> {
        match self {
            TileContent::Laser => Some(TowerKind::Laser),
            TileContent::Mortar => Some(TowerKind::Mortar),
            _ => None,
        }
    }
}
