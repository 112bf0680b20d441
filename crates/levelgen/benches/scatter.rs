//! Scatter throughput: a 3-slice map of the default settings (48 chunks) generated inside rayon
//! pools of 1 and 2 threads (placements per second is the throughput).
//!
//! Run: `cargo bench -p horde-levelgen --bench scatter`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use horde_levelgen::scenery::{DEFAULT_SCATTER_SETTINGS, Scatter, ScatterSettings};
use std::hint::black_box;
use std::path::Path;

fn three_slices(c: &mut Criterion) {
    let settings = ScatterSettings::parse(DEFAULT_SCATTER_SETTINGS, Path::new("default.ron"))
        .expect("default settings");
    let scatter = Scatter::new(settings, 1);
    let chunks = scatter.chunks_for_slices(3);
    let placements: usize = scatter
        .generate(&chunks)
        .iter()
        .map(|c| c.placements.len())
        .sum();
    let mut group = c.benchmark_group("scatter_3_slices");
    group.sample_size(20);
    group.throughput(Throughput::Elements(placements as u64));
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("thread pool");
        group.bench_with_input(
            BenchmarkId::new("threads", threads),
            &chunks,
            |b, chunks| {
                b.iter(|| pool.install(|| black_box(scatter.generate(black_box(chunks)))));
            },
        );
    }
    group.finish();
}

criterion_group!(benches, three_slices);
criterion_main!(benches);
