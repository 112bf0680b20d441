//! What a tile of the board holds.

use crate::td::towers::kind::TowerKind;

/// The content of one tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TileContent {
    /// Nothing: enemies walk through.
    #[default]
    Empty,
    /// Blocks paths: it receives a path from a neighbour but passes none on.
    Wall,
    /// Where enemies go; every path ends at the nearest one.
    Destination,
    /// Where enemies appear. Does not change paths.
    SpawnPoint,
    /// A tower: it blocks paths like a wall; what it does is its kind's
    /// (`kinds`).
    Tower(TowerKind),
}

/// The code of the first tower kind in saves: kinds follow in the kind table's order.
const FIRST_TOWER_CODE: u8 = 4;

impl TileContent {
    /// The content's code in saves: 0 empty, 1 wall, 2 destination, 3 spawn point, then one
    /// code per tower kind in the kind table's order.
    pub fn code(self) -> u8 {
        match self {
            TileContent::Empty => 0,
            TileContent::Wall => 1,
            TileContent::Destination => 2,
            TileContent::SpawnPoint => 3,
            TileContent::Tower(kind) => FIRST_TOWER_CODE + kind.index() as u8,
        }
    }

    /// The content whose [`TileContent::code`] is `code`, if any.
    pub fn from_code(code: u8) -> Option<TileContent> {
        match code {
            0 => Some(TileContent::Empty),
            1 => Some(TileContent::Wall),
            2 => Some(TileContent::Destination),
            3 => Some(TileContent::SpawnPoint),
            _ => {
                TowerKind::from_index(usize::from(code - FIRST_TOWER_CODE)).map(TileContent::Tower)
            }
        }
    }

    /// The character that stands for this content in level files (docs/ARCHITECTURE.md, file formats).
    pub fn to_char(self) -> char {
        match self {
            TileContent::Empty => '.',
            TileContent::Wall => '#',
            TileContent::Destination => 'D',
            TileContent::SpawnPoint => 'S',
            TileContent::Tower(kind) => kind.info().symbol,
        }
    }

    /// The content a level-file character stands for, if any.
    pub fn from_char(c: char) -> Option<TileContent> {
        match c {
            '.' => Some(TileContent::Empty),
            '#' => Some(TileContent::Wall),
            'D' => Some(TileContent::Destination),
            'S' => Some(TileContent::SpawnPoint),
            _ => TowerKind::from_symbol(c).map(TileContent::Tower),
        }
    }

    /// A lower-case name for messages.
    pub fn name(self) -> &'static str {
        match self {
            TileContent::Empty => "empty",
            TileContent::Wall => "wall",
            TileContent::Destination => "destination",
            TileContent::SpawnPoint => "spawn point",
            TileContent::Tower(kind) => kind.info().tile_name,
        }
    }

    /// Whether paths stop here: walls and towers receive a path but pass none on.
    pub fn blocks_path(self) -> bool {
        matches!(self, TileContent::Wall | TileContent::Tower(_))
    }

    /// The tower on this tile, if it holds one.
    pub fn tower(self) -> Option<TowerKind> {
        match self {
            TileContent::Tower(kind) => Some(kind),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_content_survives_its_code_and_its_character() {
        let mut all = vec![
            TileContent::Empty,
            TileContent::Wall,
            TileContent::Destination,
            TileContent::SpawnPoint,
        ];
        all.extend(TowerKind::ALL.iter().map(|&k| TileContent::Tower(k)));
        for content in all {
            assert_eq!(TileContent::from_code(content.code()), Some(content));
            assert_eq!(TileContent::from_char(content.to_char()), Some(content));
        }
        let past = FIRST_TOWER_CODE + TowerKind::ALL.len() as u8;
        assert_eq!(TileContent::from_code(past), None);
        assert_eq!(size_of::<TileContent>(), 1, "a board keeps one byte a tile");
    }
}
