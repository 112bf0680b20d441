//! The same adjacency problem through Horde's solver and through a peer, `ghx_proc_gen`.
//!
//! The peer gets exactly our adjacency table: every module of the city set (rotations already
//! expanded, so the peer rotates nothing) has one private socket per face, and the socket of
//! module `m` towards `d` is connected to the socket of module `n` towards `-d` exactly when
//! `allowed[d][m]` holds `n`. Weights are the modules' weights. The boundary conditions (air
//! connector above the top layer, ground connector below the bottom one) are two extra layers of
//! pinned "boundary" models whose vertical socket connects only to the modules showing that
//! connector; they are not counted as cells. Before timing, one peer map is checked against our
//! adjacency, so both sides solve the same problem.
//!
//! The peer does not backtrack: on a contradiction it starts the whole grid over (up to
//! `RETRIES` times). Ours backtracks over a bounded history first.
//!
//! Run: `cargo bench -p horde-levelgen --bench wfc_peer`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use ghx_proc_gen::generator::builder::GeneratorBuilder;
use ghx_proc_gen::generator::model::ModelCollection;
use ghx_proc_gen::generator::rules::{Rules, RulesBuilder};
use ghx_proc_gen::generator::socket::{Socket, SocketCollection, SocketsCartesian3D};
use ghx_proc_gen::generator::{RngMode, node_heuristic::NodeSelectionHeuristic};
use ghx_proc_gen::ghx_grid::cartesian::coordinates::Cartesian3D;
use ghx_proc_gen::ghx_grid::cartesian::grid::CartesianGrid;
use horde_levelgen::collapse::{Dir, ModuleSet, Size, Solver};
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

const SIZE: Size = Size { x: 32, y: 6, z: 32 };
const RETRIES: u32 = 100;

/// The peer's rules for `set`, plus the indices of the two boundary models.
struct PeerProblem {
    rules: Arc<Rules<Cartesian3D>>,
    ground: usize,
    air: usize,
}

fn peer_problem(set: &ModuleSet) -> PeerProblem {
    let mut sockets = SocketCollection::new();
    let faces: Vec<[Socket; 6]> = set
        .modules
        .iter()
        .map(|_| std::array::from_fn(|_| sockets.create()))
        .collect();
    for d in Dir::ALL {
        for (m, allowed) in set.allowed[d as usize].iter().enumerate() {
            let to: Vec<Socket> = allowed
                .iter()
                .map(|&n| faces[n as usize][d.opposite() as usize])
                .collect();
            sockets.add_connection(faces[m][d as usize], to);
        }
    }
    let mut models = ModelCollection::<Cartesian3D>::new();
    for (module, f) in set.modules.iter().zip(&faces) {
        models
            .create(SocketsCartesian3D::Simple {
                x_pos: f[Dir::East as usize],
                x_neg: f[Dir::West as usize],
                z_pos: f[Dir::North as usize],
                z_neg: f[Dir::South as usize],
                y_pos: f[Dir::Up as usize],
                y_neg: f[Dir::Down as usize],
            })
            .with_weight(module.weight as f32);
    }
    // Boundary layers: a pinned model whose horizontal sockets only meet each other and whose
    // inner vertical socket meets the modules showing the boundary connector.
    let mut boundary_model = |connector: u32, inner: Dir| {
        let side = sockets.create();
        sockets.add_connection(side, vec![side]);
        let outer = sockets.create();
        let face = sockets.create();
        let fitting: Vec<Socket> = set
            .modules
            .iter()
            .zip(&faces)
            .filter(|(m, _)| m.faces[inner.opposite() as usize].connector == connector)
            .map(|(_, f)| f[inner.opposite() as usize])
            .collect();
        sockets.add_connection(face, fitting);
        let (y_pos, y_neg) = if inner == Dir::Up {
            (face, outer)
        } else {
            (outer, face)
        };
        models.create(SocketsCartesian3D::Simple {
            x_pos: side,
            x_neg: side,
            z_pos: side,
            z_neg: side,
            y_pos,
            y_neg,
        });
        models.models_count() - 1
    };
    let ground = boundary_model(set.boundary.down, Dir::Up);
    let air = boundary_model(set.boundary.up, Dir::Down);
    let rules = RulesBuilder::new_cartesian_3d(models, sockets)
        .build()
        .expect("peer rules");
    PeerProblem {
        rules: Arc::new(rules),
        ground,
        air,
    }
}

/// One peer map of `SIZE` (plus the two boundary layers), as our module indices, and the
/// number of whole-grid tries it took.
fn peer_solve(problem: &PeerProblem, seed: u64) -> (Vec<u16>, u32) {
    let grid = CartesianGrid::new_cartesian_3d(SIZE.x, SIZE.y + 2, SIZE.z, false, false, false);
    let mut pinned = Vec::with_capacity(2 * (SIZE.x * SIZE.z) as usize);
    for z in 0..SIZE.z {
        for x in 0..SIZE.x {
            pinned.push((grid.index_from_coords(x, 0, z), problem.ground));
            pinned.push((grid.index_from_coords(x, SIZE.y + 1, z), problem.air));
        }
    }
    let mut generator = GeneratorBuilder::new()
        .with_shared_rules(Arc::clone(&problem.rules))
        .with_grid(grid.clone())
        .with_rng(RngMode::Seeded(seed))
        .with_node_heuristic(NodeSelectionHeuristic::MinimumEntropy)
        .with_max_retry_count(RETRIES)
        .with_initial_nodes_raw(pinned)
        .build()
        .expect("peer generator");
    let (info, data) = generator.generate_grid().expect("peer map");
    let mut cells = vec![0u16; SIZE.cells()];
    for y in 0..SIZE.y {
        for z in 0..SIZE.z {
            for x in 0..SIZE.x {
                let node = data.get(grid.index_from_coords(x, y + 1, z));
                cells[SIZE.index(x, y, z)] = node.model_index as u16;
            }
        }
    }
    (cells, info.try_count)
}

/// Panics unless `cells` satisfies our adjacency and boundary rules.
fn check(set: &ModuleSet, cells: &[u16]) {
    for y in 0..SIZE.y {
        for z in 0..SIZE.z {
            for x in 0..SIZE.x {
                let m = cells[SIZE.index(x, y, z)] as usize;
                for d in [Dir::East, Dir::North, Dir::Up] {
                    let (dx, dy, dz) = d.step();
                    let (nx, ny, nz) = (x as i32 + dx, y as i32 + dy, z as i32 + dz);
                    if nx as u32 >= SIZE.x || ny as u32 >= SIZE.y || nz as u32 >= SIZE.z {
                        continue;
                    }
                    let n = cells[SIZE.index(nx as u32, ny as u32, nz as u32)] as usize;
                    assert!(set.may_neighbour(m, n, d), "peer map breaks adjacency");
                }
            }
        }
    }
    for z in 0..SIZE.z {
        for x in 0..SIZE.x {
            let bottom = &set.modules[cells[SIZE.index(x, 0, z)] as usize];
            let top = &set.modules[cells[SIZE.index(x, SIZE.y - 1, z)] as usize];
            assert_eq!(
                bottom.faces[Dir::Down as usize].connector,
                set.boundary.down
            );
            assert_eq!(top.faces[Dir::Up as usize].connector, set.boundary.up);
        }
    }
}

fn side_by_side(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    let set = ModuleSet::load(&path).expect("city set");
    let problem = peer_problem(&set);
    // Not timed: both maps are valid, and how often each side had to recover.
    const SEEDS: u64 = 10;
    let (mut tries, mut backtracks) = (0, 0);
    for seed in 1..=SEEDS {
        let (cells, n) = peer_solve(&problem, seed);
        check(&set, &cells);
        tries += n;
        let map = Solver::new(&set, SIZE, seed)
            .expect("size within limits")
            .solve()
            .expect("map");
        check(&set, &map.cells);
        backtracks += map.backtracks;
    }
    eprintln!(
        "over {SEEDS} seeds: horde {backtracks} backtracks, ghx_proc_gen {tries} whole-grid tries"
    );

    let mut group = c.benchmark_group("wfc_city_peer");
    group.sample_size(20);
    group.throughput(Throughput::Elements(SIZE.cells() as u64));
    let mut seed = 0;
    group.bench_function(BenchmarkId::new("horde", "32x6x32"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(
                Solver::new(&set, SIZE, seed)
                    .expect("size within limits")
                    .solve()
                    .expect("map"),
            )
        });
    });
    let mut seed = 0;
    group.bench_function(BenchmarkId::new("ghx_proc_gen", "32x6x32"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(peer_solve(&problem, seed))
        });
    });
    group.finish();
}

criterion_group!(benches, side_by_side);
criterion_main!(benches);
