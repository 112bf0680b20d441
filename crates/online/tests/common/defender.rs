//! Where a defender puts towers on a challenge's board: the tiles beside the spawn points'
//! paths, nearest their destination first. Shared by the board's tests and the
//! `challenge_bot` example (which includes this file by path).

use horde_core_sim::td::tiles::{Board, TileContent};

/// The tiles (empty, and walls too where `walls`) beside the paths from the spawn points, off
/// those paths, nearest (by path distance) their destination first, as `(x, y)`.
pub fn spots_beside_paths(board: &Board, walls: bool) -> Vec<(i64, i64)> {
    let (w, h) = (i64::from(board.width()), i64::from(board.height()));
    let tiles = board.contents().len();
    let mut on_path = vec![false; tiles];
    for &spawn in board.spawn_points() {
        let mut tile = Some(spawn as usize);
        for _ in 0..tiles {
            let Some(t) = tile else { break };
            on_path[t] = true;
            tile = board.next_on_path(t);
        }
    }
    let mut spots: Vec<(u32, i64, i64)> = Vec::new();
    for i in 0..tiles {
        let (x, y) = ((i as i64) % w, (i as i64) / w);
        let room = match board.content(i) {
            TileContent::Empty => true,
            TileContent::Wall => walls,
            _ => false,
        };
        if !room || on_path[i] {
            continue;
        }
        let beside = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (x + dx, y + dy)))
            .filter(|&(a, b)| (0..w).contains(&a) && (0..h).contains(&b))
            .map(|(a, b)| (a + b * w) as usize)
            .filter(|&n| on_path[n])
            .map(|n| board.distance(n))
            .min();
        if let Some(distance) = beside {
            spots.push((distance, x, y));
        }
    }
    spots.sort_unstable();
    spots.into_iter().map(|(_, x, y)| (x, y)).collect()
}
