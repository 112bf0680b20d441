//! Benchmarks of the budgets (`docs/book/src/benchmarks.md`): one simulation step with every model matrix written
//! (100k and 1M enemies, population held), the same step with towers (1M with none and with
//! 10k, 100k with none and with 1k, same board), the two parts the towers add to a tick (the
//! spatial index's rebuild, the towers' targeting and firing), and the flow-field search (256²
//! and 1024²), and saving and loading 1M enemies with 10k towers.
//!
//! Run: `cargo bench -p horde-core-sim --bench sim`. Threads: rayon's default (all cores), or
//! `RAYON_NUM_THREADS=1` for the single-thread figure.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use horde_core_sim::td::defence::SpatialIndex;
use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::defence::{Fight, FightInput, Moment, Priority, Towers};
use horde_core_sim::td::files::{game_from_bytes, game_to_bytes, load_game, save_game};
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::{FloatRange, ModelInstance, SpawnSettings};
use horde_core_sim::td::tiles::FlowField;
use horde_core_sim::td::tiles::winding_board;
use horde_core_sim::td::tiles::{Board, EditKind, TileContent};
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

/// The board of `horde stress` for `enemies`, with `towers` of its walls turned into towers
/// (every k-th wall, the kinds of the kind table in turn, spread over the whole board).
fn board_with_towers(enemies: usize, towers: usize) -> Board {
    let side = if enemies > 250_000 { 512 } else { 256 };
    let mut board = winding_board(side, side, 64, 8).expect("board");
    let walls: Vec<usize> = (0..board.tile_count())
        .filter(|&i| board.content(i) == TileContent::Wall)
        .collect();
    assert!(walls.len() >= towers, "{} walls", walls.len());
    let every = walls.len() / towers.max(1);
    for (n, &tile) in walls.iter().step_by(every.max(1)).take(towers).enumerate() {
        let kind = TowerKind::ALL[n % TowerKind::ALL.len()];
        let (x, y) = board.coords(tile);
        board
            .toggle(EditKind::Tower(kind), i64::from(x), i64::from(y))
            .expect("a wall becomes a tower");
    }
    board
}

/// A simulation of `enemies` on the stress board with `towers`, run a second so that every
/// movement state, target and shell is in play.
fn settled(enemies: usize, towers: usize) -> (Simulation, Vec<ModelInstance>) {
    let mut sim = Simulation::new(board_with_towers(enemies, towers), full_ranges(), 1);
    sim.set_spawning(false);
    sim.populate(enemies);
    sim.reserve_enemies(enemies / 4);
    let mut out = vec![ModelInstance::zeroed_instance(); enemies + enemies / 4];
    for _ in 0..60 {
        sim.populate(enemies.saturating_sub(sim.enemies().len()));
        sim.step_and_write(1.0 / 60.0, &mut out).expect("room");
    }
    (sim, out)
}

fn step_with_towers(c: &mut Criterion) {
    let mut group = c.benchmark_group("step_with_towers");
    group.sample_size(20);
    for &(enemies, towers) in &[
        (100_000usize, 0usize),
        (100_000, 1_000),
        (1_000_000, 0),
        (1_000_000, 10_000),
    ] {
        let (mut sim, mut out) = settled(enemies, towers);
        group.throughput(Throughput::Elements(enemies as u64));
        let name = format!("{enemies}+{towers}");
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    // Hold the population at N, as the stress test does (not timed).
                    sim.populate(enemies.saturating_sub(sim.enemies().len()));
                    let start = Instant::now();
                    let n = sim.step_and_write(1.0 / 60.0, &mut out).expect("room");
                    total += start.elapsed();
                    black_box(&out[..n]);
                }
                total
            });
        });
    }
    group.finish();
}

fn tower_parts(c: &mut Criterion) {
    let mut group = c.benchmark_group("tower_parts");
    group.sample_size(20);
    for &(enemies, towers) in &[(100_000usize, 1_000usize), (1_000_000, 10_000)] {
        let (sim, _) = settled(enemies, towers);
        let board = sim.board().clone();
        let mut index = SpatialIndex::default();
        index.rebuild(&board, sim.enemies().places());
        group.bench_function(BenchmarkId::new("spatial_index", enemies), |b| {
            b.iter(|| index.rebuild(black_box(&board), black_box(sim.enemies().places())));
        });
        let settings = *sim.tower_settings();
        let mut tick = 0;
        // Every tower with each priority in turn (`random` is the series' rule): the fight's
        // whole tick (its plan, the index, the looks, the turns, the shells).
        for priority in Priority::ALL {
            let mut all = Towers::default();
            all.sync(&board);
            let tiles: Vec<usize> = all.all().iter().map(|t| t.tile as usize).collect();
            for tile in tiles {
                all.set_priority(tile, priority);
            }
            let mut enemies_copy = sim.enemies().clone();
            let mut fight = Fight::default();
            let name = format!("fight_{}", priority.name());
            group.bench_function(BenchmarkId::new(name, format!("{enemies}+{towers}")), |b| {
                b.iter(|| {
                    tick += 1;
                    black_box(fight.tick(FightInput {
                        board: &board,
                        enemies: &mut enemies_copy,
                        towers: &mut all,
                        settings: &settings,
                        moment: Moment { seed: 1, tick },
                        dt: 1.0 / 60.0,
                    }))
                });
            });
        }
    }
    group.finish();
}

/// Saving and loading 1M enemies with 10k towers and their shells (the budget: at most 0.5 s
/// each, at most 64 bytes an enemy); the size is printed once.
fn save_and_load(c: &mut Criterion) {
    let mut group = c.benchmark_group("save");
    group.sample_size(10);
    let (mut sim, mut out) = settled(1_000_000, 10_000);
    // Past the first shots, so that shells are in flight.
    for _ in 0..20 {
        sim.step_and_write(1.0 / 60.0, &mut out).expect("room");
    }
    let bytes = game_to_bytes(&sim, 1.0 / 60.0).expect("saves");
    println!(
        "save of {} enemies, {} towers, {} shells: {} bytes, {:.1} bytes an enemy",
        sim.enemies().len(),
        sim.towers().len(),
        sim.shells().len(),
        bytes.len(),
        bytes.len() as f64 / sim.enemies().len() as f64
    );
    group.throughput(Throughput::Elements(sim.enemies().len() as u64));
    group.bench_function("to_bytes/1000000+10000", |b| {
        b.iter(|| black_box(game_to_bytes(&sim, 1.0 / 60.0).expect("saves")))
    });
    let path = std::path::Path::new("bench.horde");
    group.bench_function("from_bytes/1000000+10000", |b| {
        b.iter(|| black_box(game_from_bytes(&bytes, path).expect("loads")))
    });
    // The same through a file (written atomically and synced to disk, read back).
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("bench.horde");
    group.bench_function("save_file/1000000+10000", |b| {
        b.iter(|| save_game(&file, &sim, 1.0 / 60.0).expect("saves"))
    });
    group.bench_function("load_file/1000000+10000", |b| {
        b.iter(|| black_box(load_game(&file).expect("loads")))
    });
    group.finish();
}

criterion_group!(
    benches,
    step,
    step_with_towers,
    tower_parts,
    flow_field,
    save_and_load
);
criterion_main!(benches);
