//! The solver's maps checked against the set's adjacency lists in all six directions and the
//! boundary; constraints that survive restarts; reuse through `reset_with_seed`; giving up,
//! short histories and proofs of unsatisfiability.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_levelgen::collapse::{Dir, ModuleSet, Size, SolveError, Solver};
use std::path::Path;

fn city() -> ModuleSet {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    ModuleSet::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// Three colours that may not touch their own colour sideways: arc consistency cannot see a
/// cell whose neighbours took all three colours coming, so the solver has to undo choices.
const TRICKY: &str = r#"(
    boundary: (up: 0, down: 0),
    prototypes: [
        (name: "red", faces: (
            west: (connector: 1, symmetry: Symmetric), east: (connector: 1, symmetry: Symmetric),
            south: (connector: 1, symmetry: Symmetric), north: (connector: 1, symmetry: Symmetric),
            down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant)),
            exclusions: (west: ["red"], east: ["red"], south: ["red"], north: ["red"])),
        (name: "green", faces: (
            west: (connector: 1, symmetry: Symmetric), east: (connector: 1, symmetry: Symmetric),
            south: (connector: 1, symmetry: Symmetric), north: (connector: 1, symmetry: Symmetric),
            down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant)),
            exclusions: (west: ["green"], east: ["green"], south: ["green"], north: ["green"])),
        (name: "blue", faces: (
            west: (connector: 1, symmetry: Symmetric), east: (connector: 1, symmetry: Symmetric),
            south: (connector: 1, symmetry: Symmetric), north: (connector: 1, symmetry: Symmetric),
            down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant)),
            exclusions: (west: ["blue"], east: ["blue"], south: ["blue"], north: ["blue"])),
    ],
)"#;

fn tricky() -> ModuleSet {
    ModuleSet::parse(TRICKY, Path::new("tricky.ron")).unwrap()
}

/// The same with only two colours: a grid is two-colourable, an odd ring is not.
fn two_colours() -> ModuleSet {
    let start = TRICKY.find("(name: \"blue\"").unwrap();
    let end = TRICKY.rfind("],").unwrap();
    let text = format!("{}{}", &TRICKY[..start], &TRICKY[end..]);
    ModuleSet::parse(&text, Path::new("two.ron")).unwrap()
}

/// Checks a finite map: every cell's neighbour towards each of the six directions is in the
/// set's `allowed` list for that cell's module and direction, and the top and bottom layers show
/// the boundary connectors.
fn check(set: &ModuleSet, size: Size, cells: &[u16]) -> Result<(), String> {
    if cells.len() != size.cells() {
        return Err(format!("{} cells for {size:?}", cells.len()));
    }
    for (c, &m) in cells.iter().enumerate() {
        let (x, y, z) = size.coords(c);
        let module = set
            .modules
            .get(usize::from(m))
            .ok_or_else(|| format!("cell {c}: no module {m}"))?;
        for d in Dir::ALL {
            let (dx, dy, dz) = d.step();
            let (nx, ny, nz) = (
                x as i64 + dx as i64,
                y as i64 + dy as i64,
                z as i64 + dz as i64,
            );
            if !(0..size.x as i64).contains(&nx)
                || !(0..size.y as i64).contains(&ny)
                || !(0..size.z as i64).contains(&nz)
            {
                continue;
            }
            let n = cells[size.index(nx as u32, ny as u32, nz as u32)];
            if !set.allowed[d as usize][usize::from(m)].contains(&n) {
                return Err(format!(
                    "({x},{y},{z}) {} does not allow {} towards {d:?}",
                    module.name,
                    set.modules[usize::from(n)].name
                ));
            }
        }
        if y == size.y - 1 && module.faces[Dir::Up as usize].connector != set.boundary.up {
            return Err(format!("({x},{y},{z}) {} under the sky", module.name));
        }
        if y == 0 && module.faces[Dir::Down as usize].connector != set.boundary.down {
            return Err(format!("({x},{y},{z}) {} on the ground", module.name));
        }
    }
    Ok(())
}

#[test]
fn solvers_can_move_between_threads() {
    fn send<T: Send>(_: &T) {}
    let set = city();
    send(&Solver::new(&set, Size { x: 2, y: 2, z: 2 }, 1).unwrap());
}

#[test]
fn the_checker_catches_broken_adjacency_and_boundaries() {
    let set = city();
    let size = Size { x: 6, y: 4, z: 6 };
    let mut map = Solver::new(&set, size, 3).unwrap().solve().unwrap();
    check(&set, size, &map.cells).unwrap();
    let roof = set
        .modules
        .iter()
        .position(|m| m.name == "roof_full")
        .unwrap();
    map.cells[0] = roof as u16;
    assert!(check(&set, size, &map.cells).is_err());
    // Two equal colours side by side.
    let set = tricky();
    let size = Size { x: 2, y: 1, z: 1 };
    assert!(check(&set, size, &[0, 0]).is_err());
    assert!(check(&set, size, &[0, 1]).is_ok());
}

#[test]
fn city_maps_of_several_sizes_pass_the_checker() {
    let set = city();
    for (seed, size) in [
        (1, Size { x: 12, y: 5, z: 10 }),
        (2, Size { x: 16, y: 6, z: 16 }),
        (3, Size { x: 1, y: 6, z: 1 }),
        (4, Size { x: 40, y: 6, z: 3 }),
        (5, Size { x: 24, y: 6, z: 24 }),
        (6, Size { x: 7, y: 1, z: 9 }),
    ] {
        let map = Solver::new(&set, size, seed)
            .unwrap()
            .solve()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        check(&set, size, &map.cells).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    // As the app's map test does: fifty 12×5×10 maps.
    for seed in 0..50 {
        let size = Size { x: 12, y: 5, z: 10 };
        let map = Solver::new(&set, size, seed).unwrap().solve().unwrap();
        check(&set, size, &map.cells).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

#[test]
fn the_contradiction_prone_set_completes_by_backtracking() {
    let set = tricky();
    let size = Size { x: 12, y: 1, z: 12 };
    let mut total = 0;
    for seed in 0..20 {
        let map = Solver::new(&set, size, seed)
            .unwrap()
            .solve()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        check(&set, size, &map.cells).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        total += map.backtracks;
    }
    assert!(total > 0, "no backtracking was needed");
    // Several layers: each is its own colouring.
    let size = Size { x: 9, y: 3, z: 7 };
    let map = Solver::new(&set, size, 5).unwrap().solve().unwrap();
    check(&set, size, &map.cells).unwrap();
}

#[test]
fn the_same_inputs_give_the_same_map() {
    let set = city();
    let size = Size { x: 10, y: 5, z: 10 };
    let a = Solver::new(&set, size, 42).unwrap().solve().unwrap();
    let b = Solver::new(&set, size, 42).unwrap().solve().unwrap();
    let c = Solver::new(&set, size, 43).unwrap().solve().unwrap();
    assert_eq!(a, b);
    assert_ne!(a.cells, c.cells);
}

#[test]
fn pinned_cells_keep_their_module_through_restarts() {
    // With no backtracks allowed, every attempt that meets a contradiction starts over; an
    // attempt that succeeds after such a restart must still honour the pins.
    let set = tricky();
    let size = Size { x: 8, y: 1, z: 8 };
    let pins = [(0usize, 2usize), (9, 0), (27, 1), (63, 2)];
    let mut restarted = 0;
    for seed in 0..40 {
        let mut solver = Solver::new(&set, size, seed).unwrap();
        solver.max_backtracks = 0;
        solver.max_attempts = 200;
        // Half pinned, half restricted to one module.
        for &(cell, module) in &pins[..2] {
            solver.pin(cell, module).unwrap();
        }
        for &(cell, module) in &pins[2..] {
            solver.restrict(cell, &[1 << module]).unwrap();
        }
        let Ok(map) = solver.solve() else {
            continue;
        };
        check(&set, size, &map.cells).unwrap();
        for &(cell, module) in &pins {
            assert_eq!(
                usize::from(map.cells[cell]),
                module,
                "seed {seed} cell {cell}"
            );
        }
        // A backtrack in the successful attempt would have ended it: so each one was a restart.
        restarted += u64::from(map.backtracks > 0);
    }
    assert!(restarted > 0, "no solve needed a restart");

    // `restrict` on the city set (which rarely needs to start over).
    let set = city();
    let size = Size { x: 10, y: 4, z: 10 };
    let street = set.modules.iter().position(|m| m.name == "street").unwrap();
    let mut keep = vec![0u64; set.modules.len().div_ceil(64)];
    keep[street / 64] |= 1 << (street % 64);
    let cell = size.index(5, 0, 5);
    for seed in 0..30 {
        let mut solver = Solver::new(&set, size, seed).unwrap();
        solver.max_backtracks = 0;
        solver.max_attempts = 200;
        solver.apply_boundary().unwrap();
        solver.restrict(cell, &keep).unwrap();
        let map = solver
            .solve()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        check(&set, size, &map.cells).unwrap();
        assert_eq!(usize::from(map.cells[cell]), street, "seed {seed}");
    }
}

#[test]
fn reset_with_seed_matches_a_fresh_solver() {
    let set = city();
    let size = Size { x: 16, y: 6, z: 16 };
    let mut reused = Solver::new(&set, size, 1000).unwrap();
    reused.solve().unwrap();
    let ring: Vec<usize> = (0..size.cells())
        .filter(|&c| {
            let (x, _, z) = size.coords(c);
            x == 0 || z == 0 || x == size.x - 1 || z == size.z - 1
        })
        .collect();
    let mut out = Vec::new();
    for seed in 0..6 {
        // Plain.
        reused.reset_with_seed(seed);
        let backtracks = reused.solve_into(&mut out).unwrap();
        let fresh = Solver::new(&set, size, seed).unwrap().solve().unwrap();
        assert_eq!(out, fresh.cells, "seed {seed}");
        assert_eq!(backtracks, fresh.backtracks);

        // With the outer ring pinned to a solved map's modules, as the infinite map does.
        let pinned = Solver::new(&set, size, seed + 100)
            .unwrap()
            .solve()
            .unwrap();
        reused.reset_with_seed(seed);
        reused.apply_boundary().unwrap();
        let mut fresh = Solver::new(&set, size, seed).unwrap();
        fresh.apply_boundary().unwrap();
        for &c in &ring {
            let m = usize::from(pinned.cells[c]);
            reused.pin(c, m).unwrap();
            fresh.pin(c, m).unwrap();
        }
        reused.solve_into(&mut out).unwrap();
        let fresh = fresh.solve().unwrap();
        assert_eq!(out, fresh.cells, "seed {seed}, pinned");
        check(&set, size, &out).unwrap();
        for &c in &ring {
            assert_eq!(out[c], pinned.cells[c]);
        }
    }
}

#[test]
fn no_backtracks_allowed_gives_up_after_the_last_attempt() {
    let set = tricky();
    let size = Size { x: 40, y: 1, z: 40 };
    let mut solver = Solver::new(&set, size, 7).unwrap();
    solver.max_backtracks = 0;
    solver.max_attempts = 3;
    match solver.solve() {
        Err(SolveError::GaveUp { backtracks, last }) => {
            // The first backtrack of each attempt ends it (one backtrack can undo several
            // decisions, each counted).
            assert!(backtracks >= 3, "{backtracks}");
            assert_eq!(solver.backtracks(), backtracks);
            assert!(last.cell < size.cells());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_history_of_one_decision_still_terminates() {
    let set = tricky();
    let size = Size { x: 20, y: 1, z: 20 };
    let (mut solved, mut gave_up) = (0, 0);
    for max_history in [0, 1] {
        for seed in 0..10 {
            let mut solver = Solver::new(&set, size, seed).unwrap();
            solver.max_history = max_history;
            solver.max_attempts = 5;
            match solver.solve() {
                Ok(map) => {
                    check(&set, size, &map.cells).unwrap();
                    solved += 1;
                }
                Err(SolveError::GaveUp { .. }) => gave_up += 1,
                Err(e) => panic!("seed {seed}: {e}"),
            }
        }
    }
    // Every run ended, most of them solved: a history of one decision still finds maps.
    assert_eq!(solved + gave_up, 20);
    assert!(solved >= 10, "{solved} solved, {gave_up} gave up");
    // The city set with a short history still solves.
    let set = city();
    let size = Size { x: 16, y: 6, z: 16 };
    let mut solver = Solver::new(&set, size, 3).unwrap();
    solver.max_history = 1;
    let map = solver.solve().unwrap();
    check(&set, size, &map.cells).unwrap();
}

#[test]
fn an_odd_ring_of_two_colours_is_proved_unsatisfiable() {
    // Three cells round a wrapped ring (and two deep, so no cell is its own neighbour): arc
    // consistency sees nothing wrong, the search exhausts every choice.
    let set = two_colours();
    let size = Size { x: 3, y: 1, z: 2 };
    let mut solver = Solver::with_wrapping(&set, size, 1, true).unwrap();
    solver.apply_boundary().unwrap();
    assert!(matches!(solver.solve(), Err(SolveError::Unsatisfiable(_))));
    // An even ring is fine.
    let size = Size { x: 4, y: 1, z: 2 };
    let map = Solver::with_wrapping(&set, size, 1, true)
        .unwrap()
        .solve()
        .unwrap();
    for z in 0..2 {
        for x in 0..4 {
            let here = map.cells[size.index(x, 0, z)];
            assert_ne!(here, map.cells[size.index((x + 1) % 4, 0, z)]);
            assert_ne!(here, map.cells[size.index(x, 0, 1 - z)]);
        }
    }
}

#[test]
fn impossible_constraints_are_unsatisfiable() {
    let set = tricky();
    let size = Size { x: 4, y: 1, z: 4 };
    // Two neighbours pinned to the same colour.
    let mut solver = Solver::new(&set, size, 1).unwrap();
    solver.pin(0, 1).unwrap();
    assert_eq!(solver.pin(1, 1).map_err(|c| c.cell), Err(1));
    assert!(matches!(solver.solve(), Err(SolveError::Unsatisfiable(_))));
    // Bad input is a contradiction too, not a panic.
    let mut solver = Solver::new(&set, size, 1).unwrap();
    assert!(solver.pin(size.cells(), 0).is_err());
    assert!(solver.pin(0, set.modules.len()).is_err());
    assert!(solver.restrict(99, &[u64::MAX]).is_err());
    assert!(solver.restrict(0, &[]).is_err());
    assert!(!solver.possible(99, 0));
    assert_eq!(solver.options(99), 0);
    assert!(matches!(solver.solve(), Err(SolveError::Unsatisfiable(_))));
    // A reset forgets them.
    solver.reset_with_seed(2);
    let map = solver.solve().unwrap();
    check(&set, size, &map.cells).unwrap();
}

#[test]
fn an_empty_grid_solves_to_an_empty_map() {
    let set = city();
    for size in [Size { x: 0, y: 6, z: 4 }, Size { x: 3, y: 0, z: 3 }] {
        let map = Solver::new(&set, size, 1).unwrap().solve().unwrap();
        assert!(map.cells.is_empty());
    }
}
