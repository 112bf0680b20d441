//! The breadth-first flow field against the texts' rules.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::tiles::{Board, Direction, TileContent};
use std::collections::VecDeque;

/// Follows next tiles from `(x, y)` to a destination and returns the visited coordinates.
fn path_from(board: &Board, x: i64, y: i64) -> Vec<(u32, u32)> {
    let mut tile = board.index(x, y).unwrap();
    let mut path = vec![board.coords(tile)];
    while let Some(next) = board.next_on_path(tile) {
        tile = next;
        path.push(board.coords(tile));
        assert!(path.len() <= board.tile_count(), "path loops");
    }
    path
}

#[test]
fn default_board_paths_zig_zag_towards_the_centre() {
    let board = Board::with_defaults(11, 11).unwrap();
    assert_eq!(board.content(60), TileContent::Destination);
    assert_eq!(board.spawn_points(), &[0]);
    // From the spawn corner the path alternates north and east instead of going straight.
    assert_eq!(
        path_from(&board, 0, 0),
        vec![
            (0, 0),
            (0, 1),
            (1, 1),
            (1, 2),
            (2, 2),
            (2, 3),
            (3, 3),
            (3, 4),
            (4, 4),
            (4, 5),
            (5, 5)
        ]
    );
    // From the opposite corner: south, west, south, west...
    assert_eq!(
        path_from(&board, 10, 10)[..5],
        [(10, 10), (10, 9), (9, 9), (9, 8), (8, 8)]
    );
    // Along the centre row the path is straight.
    assert_eq!(
        path_from(&board, 0, 5),
        vec![(0, 5), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
    );
    let corner = board.index(0, 0).unwrap();
    assert_eq!(board.path_direction(corner), Direction::North);
    assert_eq!(board.distance(corner), 10);
    // Exit point: midpoint of the edge towards the next tile; the destination's is its centre.
    assert_eq!(board.tile_center(corner), [-5.0, -5.0]);
    assert_eq!(board.exit_point(corner), [-5.0, -4.5]);
    assert_eq!(board.exit_point(60), [0.0, 0.0]);
}

#[test]
fn a_three_by_three_board_grows_in_the_checkerboard_orders() {
    let board = Board::with_defaults(3, 3).unwrap();
    // The centre (1, 1) is not alternative: west, east, south, north. The west and east
    // neighbours are alternative (north first), so they claim the corners.
    let dir = |x, y| board.path_direction(board.index(x, y).unwrap());
    assert_eq!(dir(0, 0), Direction::North);
    assert_eq!(dir(0, 2), Direction::South);
    assert_eq!(dir(2, 0), Direction::North);
    assert_eq!(dir(2, 2), Direction::South);
    assert_eq!(dir(1, 0), Direction::North);
    assert_eq!(dir(0, 1), Direction::East);
}

#[test]
fn walls_receive_a_path_but_do_not_pass_it_on() {
    // A wall row with one gap: the tiles behind it go around through the gap.
    let rows = [".....", "###.#", "..D..", "S...."];
    let board = board_from_rows(&rows);
    let wall = board.index(1, 2).unwrap();
    assert_eq!(board.content(wall), TileContent::Wall);
    assert_eq!(board.next_on_path(wall), board.index(1, 1));
    assert_eq!(board.distance(wall), 2);
    // (1, 3) sits right above the wall but must walk around through the gap at (3, 2).
    assert_eq!(board.distance(board.index(1, 3).unwrap()), 5);
}

#[test]
fn matches_a_literal_queue_of_optional_tiles_on_many_boards() {
    // The texts enqueue the result of every grow step, null included; the field must give the
    // same paths as that literal transcription.
    let mut state = 0x1234_5678_u32;
    let mut rand = move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    };
    let mut checked = 0;
    while checked < 200 {
        let (w, h) = (2 + rand() % 12, 2 + rand() % 12);
        let mut contents = vec![TileContent::Empty; (w * h) as usize];
        for c in contents.iter_mut() {
            *c = match rand() % 10 {
                0..=2 => TileContent::Wall,
                3 => TileContent::Destination,
                _ => TileContent::Empty,
            };
        }
        contents[0] = TileContent::SpawnPoint;
        let Ok(board) = Board::from_contents(w, h, contents.clone()) else {
            continue;
        };
        let (next, dir) = literal_search(w as usize, h as usize, &contents);
        for i in 0..contents.len() {
            assert_eq!(board.next_on_path(i), next[i], "tile {i} of {w}x{h}");
            if next[i].is_some() {
                assert_eq!(board.path_direction(i), dir[i], "tile {i} of {w}x{h}");
            }
        }
        checked += 1;
    }
}

/// The texts' search, transcribed literally: a queue of optional tiles.
fn literal_search(
    w: usize,
    h: usize,
    contents: &[TileContent],
) -> (Vec<Option<usize>>, Vec<Direction>) {
    let n = w * h;
    let mut has_path = vec![false; n];
    let mut next = vec![None; n];
    let mut dir = vec![Direction::North; n];
    let mut frontier: VecDeque<Option<usize>> = VecDeque::new();
    for i in 0..n {
        if contents[i] == TileContent::Destination {
            has_path[i] = true;
            frontier.push_back(Some(i));
        }
    }
    let grow = |from: usize,
                to: Option<usize>,
                d: Direction,
                has_path: &mut Vec<bool>,
                next: &mut Vec<Option<usize>>,
                dir: &mut Vec<Direction>| {
        let to = to?;
        if has_path[to] {
            return None;
        }
        has_path[to] = true;
        next[to] = Some(from);
        dir[to] = d;
        (contents[to] != TileContent::Wall).then_some(to)
    };
    while let Some(entry) = frontier.pop_front() {
        let Some(t) = entry else { continue };
        let (x, y) = (t % w, t / w);
        let north = (y + 1 < h).then(|| t + w);
        let south = (y > 0).then(|| t - w);
        let east = (x + 1 < w).then(|| t + 1);
        let west = (x > 0).then(|| t - 1);
        let mut alternative = (x & 1) == 0;
        if (y & 1) == 0 {
            alternative = !alternative;
        }
        let order = if alternative {
            [
                (north, Direction::South),
                (south, Direction::North),
                (east, Direction::West),
                (west, Direction::East),
            ]
        } else {
            [
                (west, Direction::East),
                (east, Direction::West),
                (south, Direction::North),
                (north, Direction::South),
            ]
        };
        for (to, d) in order {
            let grown = grow(t, to, d, &mut has_path, &mut next, &mut dir);
            frontier.push_back(grown);
        }
    }
    (next, dir)
}

/// A board from level-style rows, northmost first.
fn board_from_rows(rows: &[&str]) -> Board {
    horde_core_sim::td::files::parse_level(&rows.join("\n"), "test".as_ref()).unwrap()
}
