//! The spatial index's sort and queries against plain scans.

#![allow(clippy::unwrap_used)]

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The sort gives each cell its slots in storage order — what a plain stable sort by cell
/// gives — on any number of threads, on boards of one bucket, of many, and of cells that
/// group tiles; and points off the board go to the nearest edge cell.
#[test]
fn the_slots_are_sorted_by_cell_stably_on_any_thread_count() {
    for (w, h, n) in [
        (3u32, 2u32, 50usize),
        (64, 48, 20_000),
        (70, 37, 5_000),
        (1500, 1000, 30_000),
    ] {
        let board = Board::with_defaults(w, h).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(w));
        let places: Vec<[f32; 3]> = (0..n)
            .map(|_| {
                let x = rng.random_range(-0.6..0.6) * w as f32;
                let z = rng.random_range(-0.6..0.6) * h as f32;
                [x, z, 1.0]
            })
            .collect();
        let mut results = Vec::new();
        for threads in [1, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut index = SpatialIndex::default();
            // Built first for more enemies, so the second rebuild reuses larger buffers.
            let more: Vec<[f32; 3]> = places.iter().chain(&places).copied().collect();
            pool.install(|| index.rebuild(&board, &more));
            pool.install(|| index.rebuild(&board, &places));
            let mut expected: Vec<u32> = (0..n as u32).collect();
            expected.sort_by_key(|&slot| index.cell_of[slot as usize]);
            let order: Vec<u32> = index
                .order
                .0
                .iter()
                .map(|s| s.load(Ordering::Relaxed))
                .collect();
            assert_eq!(order, expected, "{w}x{h} on {threads} threads");
            let cells = index.grid.cells();
            assert_eq!(index.starts.len(), cells + 1);
            for cell in 0..cells {
                let (a, b) = (index.starts[cell] as usize, index.starts[cell + 1] as usize);
                assert!(
                    order[a..b]
                        .iter()
                        .all(|&s| index.cell_of[s as usize] == cell as u32)
                );
            }
            results.push((order, index.starts.clone()));
        }
        assert_eq!(results[0], results[1], "{w}x{h}: 1 and 3 threads");
    }
}
