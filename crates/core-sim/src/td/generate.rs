//! Generated boards for stress tests and benchmarks: large, valid by construction, with many
//! spawn points and destinations and long winding paths.

use crate::td::board::{Board, BoardError};
use crate::td::tile::TileContent;

/// A serpentine board: every fourth column is a wall with a one-tile gap, alternately at the
/// north and the south end, so paths wind up and down the whole board. Destinations sit in the
/// middle row every `destination_spacing` columns; spawn points along the north and south rows
/// every `spawn_spacing` columns (both skip wall columns). Sides must be at least 4 tiles.
pub fn winding_board(
    width: u32,
    height: u32,
    destination_spacing: u32,
    spawn_spacing: u32,
) -> Result<Board, BoardError> {
    if width < 4 || height < 4 || destination_spacing == 0 || spawn_spacing == 0 {
        return Err(BoardError::BadSize { width, height });
    }
    let (w, h) = (width as usize, height as usize);
    let mut contents = vec![TileContent::Empty; w.saturating_mul(h)];
    if contents.len() > crate::td::board::MAX_TILES {
        return Err(BoardError::BadSize { width, height });
    }
    let is_wall_column = |x: usize| x % 4 == 3 && x + 1 < w;
    for x in (0..w).filter(|&x| is_wall_column(x)) {
        let gap = if (x / 4) % 2 == 0 { h - 1 } else { 0 };
        for y in (0..h).filter(|&y| y != gap) {
            contents[y * w + x] = TileContent::Wall;
        }
    }
    let open_columns = (0..w).filter(|&x| !is_wall_column(x));
    for x in open_columns {
        if x % destination_spacing as usize == destination_spacing as usize / 2 {
            contents[(h / 2) * w + x] = TileContent::Destination;
        }
        if x % spawn_spacing as usize == 0 {
            contents[x] = TileContent::SpawnPoint;
            contents[(h - 1) * w + x] = TileContent::SpawnPoint;
        }
    }
    // Always at least one destination and one spawn point, in open columns.
    if !contents.contains(&TileContent::Destination) {
        contents[(h / 2) * w + 1] = TileContent::Destination;
    }
    if !contents.contains(&TileContent::SpawnPoint) {
        contents[0] = TileContent::SpawnPoint;
    }
    Board::from_contents(width, height, contents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winding_boards_are_valid_and_long() {
        let b = winding_board(64, 32, 40, 8).unwrap();
        assert!(b.destination_count() >= 1 && b.spawn_points().len() >= 8);
        let longest = (0..b.tile_count()).map(|i| b.distance(i)).max().unwrap();
        assert!(longest > 150, "longest path only {longest}");
        assert!(winding_board(256, 256, 64, 16).is_ok());
        assert!(winding_board(3, 10, 1, 1).is_err());
    }
}
