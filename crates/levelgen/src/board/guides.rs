//! Guide walls (generator v2 on): before the solver runs, a few long walls across the board are
//! fixed, alternately hanging from the north edge and standing on the south one, each leaving a
//! gap of one or two rows at the other edge, so the way from the spawn points to the
//! destinations winds between them. Their columns, gaps and which edge the first hangs from
//! are drawn from the board's seed; there are as many as the length asked for needs.
//!
//! How many is decided exactly, not guessed: the shortest path on a board whose only walls are
//! the guides is a lower bound of the shortest path on every board the solver can finish from
//! them (a wall it adds only lengthens a way, and the connectivity constraint keeps one). The
//! guides are added one at a time until that bound reaches `min_path`, or no more fit; so a
//! board of the default spec meets its length at the first try.

use super::measure::{Tile, shortest_paths};
use super::spec::BoardSpec;
use rand::RngCore;
use rand_chacha::ChaCha8Rng;

/// The tiles (index `x + width·y`) of the guide walls for a board of `spec` whose spawn points
/// and destinations stand in `tiles`, drawn from `rng`; empty where no guide fits or none is
/// needed.
pub(super) fn guide_walls(rng: &mut ChaCha8Rng, spec: &BoardSpec, tiles: &[Tile]) -> Vec<usize> {
    let (w, h) = (spec.width, spec.height);
    // The columns between the spawn points' (west) and the destinations' (east), each guide a
    // column of them with an open one on either side: at most one in two.
    let inner = w.saturating_sub(2);
    let most = inner / 2;
    let north_first = rng.next_u32() & 1 == 0;
    let mut board = tiles.to_vec();
    let mut walls = Vec::new();
    for count in 1..=most {
        walls.clear();
        for guide in 0..count {
            // Guide `guide` stands in its own band of columns, never in the band's last (so
            // two guides are at least two columns apart).
            let start = 1 + guide * inner / count;
            let end = 1 + (guide + 1) * inner / count;
            let x = start + rng.next_u32() % (end - start - 1).max(1);
            let gap = if h >= 7 { 1 + rng.next_u32() % 2 } else { 1 };
            let hangs = (guide % 2 == 0) == north_first;
            let rows = if hangs { gap..h } else { 0..h - gap };
            walls.extend(rows.map(|y| (x + w * y) as usize));
        }
        board.copy_from_slice(tiles);
        for &t in &walls {
            board[t] = Tile::Wall;
        }
        let shortest = shortest_paths(&board, w, h)
            .into_iter()
            .map(|p| p.unwrap_or(0))
            .min()
            .unwrap_or(0);
        if shortest >= spec.min_path() {
            break;
        }
    }
    walls
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// The default spec's ends, as the generator places them: spawn points on the west edge's
    /// north half, the destination on the east edge's south half.
    fn ends(spec: &BoardSpec) -> Vec<Tile> {
        let (w, h) = (spec.width, spec.height);
        let mut tiles = vec![Tile::Empty; (w * h) as usize];
        tiles[((h - 1) * w) as usize] = Tile::Spawn;
        tiles[((h / 2 + 1) * w) as usize] = Tile::Spawn;
        tiles[(w - 1) as usize] = Tile::Destination;
        tiles
    }

    #[test]
    fn guides_alone_make_the_length_asked_for_and_leave_a_way() {
        for (w, h) in [(23, 11), (64, 64), (5, 5), (40, 6), (7, 30)] {
            let spec = BoardSpec {
                width: w,
                height: h,
                ..BoardSpec::default()
            };
            for seed in 0..50 {
                let tiles = ends(&spec);
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let walls = guide_walls(&mut rng, &spec, &tiles);
                let mut board = tiles.clone();
                for &t in &walls {
                    assert_eq!(tiles[t], Tile::Empty, "a guide on an end at {w}x{h}");
                    board[t] = Tile::Wall;
                }
                let paths = shortest_paths(&board, w, h);
                assert!(paths.iter().all(Option::is_some), "{w}x{h} seed {seed}");
                if w >= 23 {
                    let shortest = paths.iter().flatten().min().copied().unwrap_or(0);
                    assert!(
                        shortest >= spec.min_path(),
                        "{w}x{h} seed {seed}: {shortest}"
                    );
                }
            }
        }
    }

    #[test]
    fn no_guide_is_drawn_where_none_fits() {
        let spec = BoardSpec {
            width: 5,
            height: 5,
            ..BoardSpec::default()
        };
        let tiles = ends(&spec);
        let walls = guide_walls(&mut ChaCha8Rng::seed_from_u64(1), &spec, &tiles);
        // Three inner columns hold one guide.
        assert!(walls.len() == 4, "{walls:?}");
        let narrow = BoardSpec { width: 3, ..spec };
        assert!(guide_walls(&mut ChaCha8Rng::seed_from_u64(1), &narrow, &ends(&narrow)).is_empty());
    }
}
