//! Edits and their revert rules (docs/ARCHITECTURE.md, board, paths and enemies).
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::files::{level_text, parse_level};
use horde_core_sim::td::tiles::{Board, EditKind, EditRefused, TileContent};

fn board(rows: &[&str]) -> Board {
    parse_level(&rows.join("\n"), "test".as_ref()).unwrap()
}

#[test]
fn a_wall_that_would_isolate_a_tile_is_reverted() {
    let mut b = board(&["..D", "...", "S.."]);
    assert_eq!(b.toggle(EditKind::Wall, 1, 0), Ok(TileContent::Wall));
    let before = level_text(&b);
    // Walling (0, 1) would cut the spawn point in the corner off.
    assert_eq!(
        b.toggle(EditKind::Wall, 0, 1),
        Err(EditRefused::WouldBlockPath)
    );
    assert_eq!(level_text(&b), before);
    assert!(b.next_on_path(b.index(0, 0).unwrap()).is_some());
    assert!(b.flow_field().is_complete());
}

#[test]
fn a_wall_enclosed_by_walls_is_refused() {
    let mut b = board(&["....D", ".....", "....S"]);
    assert!(b.toggle(EditKind::Wall, 0, 0).is_ok());
    assert!(b.toggle(EditKind::Wall, 1, 0).is_ok());
    // With (0, 1) a wall too, the wall at (0, 0) would have no neighbour to reach it from.
    assert_eq!(
        b.toggle(EditKind::Wall, 0, 1),
        Err(EditRefused::WouldBlockPath)
    );
    assert_eq!(b.content(b.index(0, 1).unwrap()), TileContent::Empty);
    // A lone wall in the open is fine, and toggling it again empties it.
    assert_eq!(b.toggle(EditKind::Wall, 2, 1), Ok(TileContent::Wall));
    assert_eq!(b.toggle(EditKind::Wall, 2, 1), Ok(TileContent::Empty));
}

#[test]
fn the_last_destination_cannot_be_removed() {
    let mut b = board(&["..D", "...", "S.."]);
    assert_eq!(
        b.toggle(EditKind::Destination, 2, 2),
        Err(EditRefused::LastDestination)
    );
    assert_eq!(b.destination_count(), 1);
    assert_eq!(
        b.toggle(EditKind::Destination, 0, 2),
        Ok(TileContent::Destination)
    );
    assert_eq!(b.destination_count(), 2);
    // Now (1, 2) goes west to the new destination.
    assert_eq!(b.next_on_path(b.index(1, 2).unwrap()), b.index(0, 2));
    assert_eq!(
        b.toggle(EditKind::Destination, 2, 2),
        Ok(TileContent::Empty)
    );
    assert_eq!(b.destination_count(), 1);
}

#[test]
fn removing_a_destination_that_would_strand_tiles_is_reverted() {
    // The right-hand destination is the only one the tile between it and the wall can reach.
    let mut b = board(&["DS#.D"]);
    assert_eq!(
        b.toggle(EditKind::Destination, 4, 0),
        Err(EditRefused::WouldBlockPath)
    );
    assert_eq!(b.content(4), TileContent::Destination);
    assert_eq!(b.destination_count(), 2);
    assert!(b.flow_field().is_complete());
}

#[test]
fn spawn_points_keep_at_least_one_and_do_not_change_paths() {
    let mut b = board(&["..D", "...", "S.."]);
    let paths: Vec<_> = (0..9).map(|i| b.next_on_path(i)).collect();
    assert_eq!(
        b.toggle(EditKind::SpawnPoint, 0, 0),
        Err(EditRefused::LastSpawnPoint)
    );
    assert_eq!(
        b.toggle(EditKind::SpawnPoint, 1, 1),
        Ok(TileContent::SpawnPoint)
    );
    assert_eq!(b.spawn_points(), &[0, 4]);
    assert_eq!(b.toggle(EditKind::SpawnPoint, 0, 0), Ok(TileContent::Empty));
    assert_eq!(b.spawn_points(), &[4]);
    let after: Vec<_> = (0..9).map(|i| b.next_on_path(i)).collect();
    assert_eq!(paths, after);
}

#[test]
fn only_empty_tiles_become_something_else() {
    let mut b = board(&["..D", "...", "S.."]);
    assert_eq!(
        b.toggle(EditKind::Wall, 2, 2),
        Err(EditRefused::Occupied(TileContent::Destination))
    );
    assert_eq!(
        b.toggle(EditKind::Destination, 0, 0),
        Err(EditRefused::Occupied(TileContent::SpawnPoint))
    );
    b.toggle(EditKind::Wall, 1, 1).unwrap();
    assert_eq!(
        b.toggle(EditKind::SpawnPoint, 1, 1),
        Err(EditRefused::Occupied(TileContent::Wall))
    );
    assert_eq!(
        b.toggle(EditKind::Wall, 3, 0),
        Err(EditRefused::OutOfBounds { x: 3, y: 0 })
    );
    assert_eq!(
        b.toggle(EditKind::Wall, 0, -1),
        Err(EditRefused::OutOfBounds { x: 0, y: -1 })
    );
}
