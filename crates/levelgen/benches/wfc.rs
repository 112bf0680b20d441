//! WFC throughput on the city set (cells per second is the throughput): finite 32×6×32,
//! 64×6×64 and 128×6×128 maps with a fresh solver each, and 16×6×16 blocks solved by one
//! reused solver (`reset_with_seed`, then `solve_into`), as an infinite map solves its blocks.
//!
//! Run: `cargo bench -p horde-levelgen --bench wfc`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use horde_levelgen::collapse::{ModuleSet, Size, Solver};
use std::hint::black_box;
use std::path::Path;

fn city(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    let set = ModuleSet::load(&path).expect("city set");
    let mut group = c.benchmark_group("wfc_city");
    for (side, samples) in [(32, 20), (64, 10), (128, 10)] {
        let size = Size {
            x: side,
            y: 6,
            z: side,
        };
        group.sample_size(samples);
        group.throughput(Throughput::Elements(size.cells() as u64));
        let mut seed = 0;
        group.bench_function(
            BenchmarkId::from_parameter(format!("{side}x6x{side}")),
            |b| {
                b.iter(|| {
                    seed += 1;
                    black_box(
                        Solver::new(&set, size, seed)
                            .expect("size within limits")
                            .solve()
                            .expect("map"),
                    )
                });
            },
        );
    }
    let size = Size { x: 16, y: 6, z: 16 };
    group.sample_size(20);
    group.throughput(Throughput::Elements(size.cells() as u64));
    let mut solver = Solver::new(&set, size, 0).expect("size within limits");
    let mut cells = Vec::with_capacity(size.cells());
    let mut seed = 0;
    group.bench_function(BenchmarkId::from_parameter("16x6x16_reused"), |b| {
        b.iter(|| {
            seed += 1;
            solver.reset_with_seed(seed);
            black_box(solver.solve_into(&mut cells).expect("block"))
        });
    });
    group.finish();
}

criterion_group!(benches, city);
criterion_main!(benches);
