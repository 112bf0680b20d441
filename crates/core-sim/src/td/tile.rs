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
}

impl TileContent {
    /// The character that stands for this content in level files (docs/ARCHITECTURE.md, file formats).
    pub fn to_char(self) -> char {
        match self {
            TileContent::Empty => '.',
            TileContent::Wall => '#',
            TileContent::Destination => 'D',
            TileContent::SpawnPoint => 'S',
        }
    }

    /// The content a level-file character stands for, if any.
    pub fn from_char(c: char) -> Option<TileContent> {
        match c {
            '.' => Some(TileContent::Empty),
            '#' => Some(TileContent::Wall),
            'D' => Some(TileContent::Destination),
            'S' => Some(TileContent::SpawnPoint),
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
        }
    }
}
