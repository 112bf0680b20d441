//! The solver's unit tests: the one-pass boundary against propagating cell by cell.
use super::boundary::column;
use super::rules::{Rules, ones};
use super::{ModuleSet, Size, Solver};
use crate::wfc::EXAMPLE_SET;

/// The example set plus "odd", which may stand on the ground but has no partner on any
/// side: the bottom layer of a column is not closed sideways.
fn with_odd() -> ModuleSet {
    let odd = r#"(
            name: "odd",
            faces: (
                west: (connector: 5, symmetry: Symmetric),
                east: (connector: 5, symmetry: Symmetric),
                south: (connector: 5, symmetry: Symmetric),
                north: (connector: 5, symmetry: Symmetric),
                down: (connector: 1, rotation: Invariant),
                up: (connector: 0, rotation: Invariant),
            ),
            exclusions: (west: ["odd"], east: ["odd"], south: ["odd"], north: ["odd"]),
        ),
    ],
)"#;
    let at = EXAMPLE_SET.rfind("],").expect("prototype list");
    let text = format!("{}{odd}", &EXAMPLE_SET[..at]);
    ModuleSet::parse(&text, "odd.ron".as_ref()).expect("odd set")
}

/// Every cell's possible modules after the boundary conditions.
fn domains(solver: &Solver<'_>, rules: &Rules, cells: usize) -> Vec<Vec<usize>> {
    (0..cells)
        .map(|c| {
            (0..rules.modules)
                .filter(|&m| solver.possible(c, m))
                .collect()
        })
        .collect()
}

#[test]
fn one_pass_matches_propagating_cell_by_cell() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    let city = ModuleSet::load(&path).expect("city set");
    let odd = with_odd();
    // The city's layers are closed sideways from two layers up; one layer alone cannot
    // hold a stair flight's upper cell (it needs its head above), so the lower cell has
    // no partner there.
    for (set, closed_from) in [(&city, 2), (&odd, usize::MAX)] {
        let rules = Rules::new(set);
        for (height, wrap, x, z) in [
            (1, false, 3, 4),
            (2, false, 1, 1),
            (6, false, 3, 2),
            (2, true, 1, 1),
            (3, true, 2, 3),
        ] {
            let w = rules.words;
            let mut layers = vec![0u64; height * w];
            let mut union = vec![0u64; w];
            let closed = height >= closed_from;
            assert_eq!(column(&rules, height, &mut layers, &mut union), Ok(closed));
            let size = Size {
                x,
                y: height as u32,
                z,
            };
            // Fresh: the one-pass path.
            let mut fast = Solver::with_wrapping(set, size, 1, wrap).unwrap();
            fast.apply_boundary().expect("boundary");
            // No longer fresh (a restriction that changes nothing): cell by cell.
            let mut slow = Solver::with_wrapping(set, size, 1, wrap).unwrap();
            slow.restrict(0, &rules.full).expect("no change");
            slow.apply_boundary().expect("boundary");
            let fast = domains(&fast, &rules, size.cells());
            assert_eq!(
                fast,
                domains(&slow, &rules, size.cells()),
                "{height} {wrap} {x}x{z}"
            );
            if closed {
                for (c, cell) in fast.iter().enumerate() {
                    let (_, y, _) = size.coords(c);
                    let layer: Vec<usize> = ones(&layers[y as usize * w..][..w]).collect();
                    assert_eq!(*cell, layer);
                }
            }
        }
    }
}
