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
