//! WFC throughput: a finite 32×6×32 map of the city set (cells per second is the throughput).
//!
//! Run: `cargo bench -p horde-levelgen --bench wfc`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use horde_levelgen::wfc::{ModuleSet, Size, Solver};
use std::hint::black_box;
use std::path::Path;

fn city(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    let set = ModuleSet::load(&path).expect("city set");
    let size = Size { x: 32, y: 6, z: 32 };
    let mut group = c.benchmark_group("wfc_city");
    group.sample_size(20);
    group.throughput(Throughput::Elements(size.cells() as u64));
    let mut seed = 0;
    group.bench_function(BenchmarkId::from_parameter("32x6x32"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(Solver::new(&set, size, seed).solve().expect("map"))
        });
    });
    group.finish();
}

criterion_group!(benches, city);
criterion_main!(benches);
