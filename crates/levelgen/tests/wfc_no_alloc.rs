//! Once warmed up on a block size, a reused solver solves further blocks (reset, boundary,
//! pinned outer ring, solve into a reused buffer) without allocating.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_levelgen::collapse::{ModuleSet, Size, Solver};
use std::path::Path;

/// Counted per thread here: other tests run on other threads.
#[global_allocator]
static GLOBAL: horde_alloc_count::Counting = horde_alloc_count::Counting;

#[test]
fn the_counter_sees_allocations() {
    let before = horde_alloc_count::thread_allocations();
    let v = std::hint::black_box(vec![1u8; 100]);
    assert!(horde_alloc_count::thread_allocations() > before);
    drop(v);
}

#[test]
fn reused_solvers_allocate_nothing_per_block() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    let set = ModuleSet::load(&path).unwrap();
    let size = Size { x: 16, y: 6, z: 16 };
    // The ring each block is pinned to: a solved map's outer columns.
    let ring_map = Solver::new(&set, size, 99).unwrap().solve().unwrap();
    let ring: Vec<(usize, usize)> = (0..size.cells())
        .filter(|&c| {
            let (x, _, z) = size.coords(c);
            x == 0 || z == 0 || x == size.x - 1 || z == size.z - 1
        })
        .map(|c| (c, usize::from(ring_map.cells[c])))
        .collect();
    let mut solver = Solver::new(&set, size, 0).unwrap();
    let mut out = Vec::with_capacity(size.cells());
    let block = |solver: &mut Solver<'_>, seed: u64, out: &mut Vec<u16>| {
        solver.reset_with_seed(seed);
        solver.apply_boundary().unwrap();
        for &(cell, module) in &ring {
            solver.pin(cell, module).unwrap();
        }
        solver.solve_into(out).unwrap()
    };
    for seed in 0..30 {
        block(&mut solver, seed, &mut out);
    }
    let before = horde_alloc_count::thread_allocations();
    for seed in 30..60 {
        block(&mut solver, seed, &mut out);
    }
    assert_eq!(
        horde_alloc_count::thread_allocations() - before,
        0,
        "allocations in 30 warmed-up blocks"
    );
    // Unpinned blocks (longer histories) once warmed up on them too.
    let mut unpinned = |solver: &mut Solver<'_>, seeds: std::ops::Range<u64>| {
        for seed in seeds {
            solver.reset_with_seed(seed);
            solver.solve_into(&mut out).unwrap();
        }
    };
    unpinned(&mut solver, 60..90);
    let before = horde_alloc_count::thread_allocations();
    unpinned(&mut solver, 90..120);
    assert_eq!(
        horde_alloc_count::thread_allocations() - before,
        0,
        "allocations in 30 unpinned blocks"
    );
}
