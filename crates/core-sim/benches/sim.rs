//! Benchmarks of the budgets in docs/ARCHITECTURE.md: one simulation step with every model matrix written
//! (100k and 1M enemies, population held), and the flow-field search (256² and 1024²).
//!
//! Run: `cargo bench -p horde-core-sim --bench sim`. Threads: rayon's default (all cores), or
//! `RAYON_NUM_THREADS=1` for the single-thread figure.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use horde_core_sim::td::flow_field::FlowField;
use horde_core_sim::td::generate::winding_board;
use horde_core_sim::{FloatRange, ModelInstance, Simulation, SpawnSettings};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn full_ranges() -> SpawnSettings {
    SpawnSettings::new(
        10.0,
        FloatRange::new(0.5, 2.0).expect("range"),
        FloatRange::new(0.2, 5.0).expect("range"),
        FloatRange::new(-0.4, 0.4).expect("range"),
    )
    .expect("settings")
}

fn step(c: &mut Criterion) {
    let mut group = c.benchmark_group("step_and_write");
    group.sample_size(30);
    for &enemies in &[100_000usize, 1_000_000] {
        let board = winding_board(256, 256, 64, 8).expect("board");
        let mut sim = Simulation::new(board, full_ranges(), 1);
        sim.populate(enemies);
        sim.reserve_enemies(enemies / 10);
        let mut out = vec![ModelInstance::zeroed_instance(); enemies + enemies / 10];
        let dt = 1.0 / 60.0;
        // Let the random start settle into every movement state.
        for _ in 0..60 {
            sim.step_and_write(dt, &mut out).expect("room");
        }
        group.throughput(Throughput::Elements(enemies as u64));
        group.bench_function(BenchmarkId::from_parameter(enemies), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    // Hold the population at N, as the stress test does (not timed).
                    let missing = enemies.saturating_sub(sim.enemies().len());
                    sim.populate(missing);
                    let start = Instant::now();
                    let n = sim.step_and_write(dt, &mut out).expect("room");
                    total += start.elapsed();
                    black_box(&out[..n]);
                }
                total
            });
        });
    }
    group.finish();
}

fn flow_field(c: &mut Criterion) {
    let mut group = c.benchmark_group("flow_field");
    for &side in &[256u32, 1024] {
        let board = winding_board(side, side, 64, 16).expect("board");
        let mut field = FlowField::new(side, side);
        field.search(board.contents());
        group.throughput(Throughput::Elements((side * side) as u64));
        group.bench_function(BenchmarkId::from_parameter(format!("{side}x{side}")), |b| {
            b.iter(|| black_box(field.search(black_box(board.contents()))));
        });
    }
    group.finish();
}

criterion_group!(benches, step, flow_field);
criterion_main!(benches);
