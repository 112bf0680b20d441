//! Niches for towers (generator v2 on): where a finished board has less room for towers than
//! its spec asks, walls beside a shortest path are hollowed out, one tile deep, until it has
//! enough, instead of making the board again.
//!
//! A wall qualifies when its only open side is a tile on some spawn point's shortest path.
//! Hollowed, it is a dead end one tile long: it shortens no path (it joins nothing), every
//! wall beside it keeps the open side it had, and it is itself room for a tower (open, beside
//! the path, not an articulation point, not the last open side of a wall). No other tile's
//! standing changes, so each niche adds exactly one to the room. The walls hollowed are drawn
//! from the board's seed.

use super::measure::{Tile, measure_with_paths, sides};
use rand::RngCore;
use rand_chacha::ChaCha8Rng;

/// Hollows niches into the walls of `tiles` (a `width × height` board every tile of which has
/// a path) until its room for towers is at least `room`, or no wall qualifies; the walls in an
/// order drawn from `rng`. Returns how many were hollowed.
pub(super) fn hollow(
    tiles: &mut [Tile],
    width: u32,
    height: u32,
    room: u32,
    rng: &mut ChaCha8Rng,
) -> u32 {
    let (measures, on_path) = measure_with_paths(tiles, width, height);
    let (w, h) = (width as i32, height as i32);
    let mut owed = room.saturating_sub(measures.tower_room);
    if owed == 0 {
        return 0;
    }
    let open_sides =
        |tiles: &[Tile], wall: usize| sides(wall, w, h).filter(|&n| tiles[n].open()).count();
    let mut candidates: Vec<usize> = (0..tiles.len())
        .filter(|&t| {
            tiles[t] == Tile::Wall
                && open_sides(tiles, t) == 1
                && sides(t, w, h).any(|n| tiles[n].open() && on_path[n])
        })
        .collect();
    // Fisher–Yates, integer draws only: the same order on every machine.
    for i in (1..candidates.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        candidates.swap(i, j);
    }
    let mut hollowed = 0;
    for wall in candidates {
        if owed == 0 {
            break;
        }
        // A niche hollowed beside this one may have given it a second open side.
        if open_sides(tiles, wall) == 1 {
            tiles[wall] = Tile::Empty;
            owed -= 1;
            hollowed += 1;
        }
    }
    hollowed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::measure::{measure, tiles_of};
    use rand::SeedableRng;

    #[test]
    fn each_niche_adds_one_to_the_room_and_no_path_changes() {
        // A corridor between thick walls: no room at first.
        let (mut tiles, w, h) = tiles_of(&["#######", "S.....D", "#######"]);
        let before = measure(&tiles, w, h);
        assert_eq!(before.tower_room, 0);
        assert!(before.every_tile_has_a_path);
        for room in 1..=4 {
            let mut rng = ChaCha8Rng::seed_from_u64(u64::from(room));
            let mut carved = tiles.clone();
            let hollowed = hollow(&mut carved, w, h, room, &mut rng);
            let after = measure(&carved, w, h);
            assert_eq!(hollowed, room);
            assert_eq!(after.tower_room, room);
            assert_eq!(after.paths, before.paths);
            assert!(after.every_tile_has_a_path);
        }
        // Asked for no more than it has, nothing changes.
        let copy = tiles.clone();
        assert_eq!(
            hollow(&mut tiles, w, h, 0, &mut ChaCha8Rng::seed_from_u64(0)),
            0
        );
        assert_eq!(tiles, copy);
    }

    #[test]
    fn walls_that_would_join_two_ways_are_left() {
        // The only walls beside the path are one thick: hollowing one would join the path to
        // the corridor beyond and shorten nothing but change the board's ways. None qualifies.
        let (mut tiles, w, h) = tiles_of(&["S.....D", "#.#.#.#", "......."]);
        let copy = tiles.clone();
        let hollowed = hollow(&mut tiles, w, h, 9, &mut ChaCha8Rng::seed_from_u64(3));
        assert_eq!(hollowed, 0);
        assert_eq!(tiles, copy);
    }
}
