//! The boundary conditions on a fresh wave, in one pass over the cells.
//!
//! With every module possible everywhere, the boundary conditions treat every column alike:
//! only the top layer (air above) and the bottom layer (ground below) are restricted. Narrowing
//! a single column with its vertical neighbours alone gives each layer a domain; every cell of
//! the grid can only lose more than that, since a cell of the grid has the column's vertical
//! constraints and more. If each layer's domain is also closed sideways (every module in it has
//! a partner in the same domain on each of its four sides), giving every cell its layer's domain
//! is already consistent, so it is exactly what propagating cell by cell would reach. Otherwise
//! the caller propagates from there.

use super::contradiction::Contradiction;
use super::rules::{Rules, count};

/// Per-layer domains of a column of `height` cells under the boundary conditions, written to
/// `layers` (`height · words` words, bottom first). `union` is scratch of `words` words.
/// Returns whether every layer is closed sideways, or the lowest layer left empty.
pub(super) fn column(
    rules: &Rules,
    height: usize,
    layers: &mut [u64],
    union: &mut [u64],
) -> Result<bool, usize> {
    let w = rules.words;
    for layer in layers.chunks_exact_mut(w) {
        layer.copy_from_slice(&rules.full);
    }
    let Some(top) = height.checked_sub(1) else {
        return Ok(true);
    };
    and(&mut layers[top * w..][..w], &rules.top);
    and(&mut layers[..w], &rules.bottom);
    // Up the column and down again until nothing changes.
    let (down, up) = (4, 5);
    loop {
        let mut changed = false;
        for y in 0..top {
            rules.union_into(up, &layers[y * w..][..w], union);
            changed |= and(&mut layers[(y + 1) * w..][..w], union);
        }
        for y in (1..height).rev() {
            rules.union_into(down, &layers[y * w..][..w], union);
            changed |= and(&mut layers[(y - 1) * w..][..w], union);
        }
        if !changed {
            break;
        }
    }
    if let Some(empty) = (0..height).find(|&y| count(&layers[y * w..][..w]) == 0) {
        return Err(empty);
    }
    let mut closed = true;
    for layer in layers.chunks_exact(w) {
        for side in 0..4 {
            rules.union_into(side, layer, union);
            closed &= layer.iter().zip(union.iter()).all(|(l, u)| l & !u == 0);
        }
    }
    Ok(closed)
}

/// `into &= mask`; whether that changed it.
fn and(into: &mut [u64], mask: &[u64]) -> bool {
    let mut changed = false;
    for (a, &m) in into.iter_mut().zip(mask) {
        changed |= *a & !m != 0;
        *a &= m;
    }
    changed
}

/// The contradiction for an empty `layer` of a grid whose layers hold `layer_cells` cells.
pub(super) fn empty_layer(layer: usize, layer_cells: usize) -> Contradiction {
    Contradiction {
        cell: layer * layer_cells,
    }
}

#[cfg(test)]
mod tests {
    use super::column;
    use crate::wfc::solver::rules::{Rules, ones};
    use crate::wfc::{EXAMPLE_SET, ModuleSet, Size, Solver};

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
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
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
}
