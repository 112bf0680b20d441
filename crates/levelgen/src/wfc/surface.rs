//! Standing heights: how high the drawn shapes of a column of modules reach, so that a walker
//! can stand on top of a column without looking at anything the renderer made.
//!
//! Heights are in cell units with `y = 0` at the bottom of the lowest cell; cell `y` of a
//! column spans `y..y + 1`. A module's boxes ([`BoxShape`](super::module_set::BoxShape)) are
//! given in its cell's own units, so a box in cell `y` reaches `y + max.1`. Turning a module
//! about `+y` moves its boxes round the cell but never changes their heights, so the rotation
//! of a module plays no part here.

use super::module_set::ModuleSet;

impl ModuleSet {
    /// The highest point of module `module`'s shape above the bottom of its cell: the largest
    /// `max.1` of its prototype's boxes. `None` when the shape has no boxes or `module` is not
    /// a module of this set.
    pub fn module_top(&self, module: usize) -> Option<f32> {
        let prototype = self.prototypes.get(self.modules.get(module)?.prototype)?;
        prototype.shape.iter().map(|b| b.max.1).reduce(f32::max)
    }

    /// The height to stand at on top of `column`, module indices from the bottom cell up
    /// (cell `y` is `column[y]`): the highest point of any box of any of its modules,
    /// `y + max.1`, and never below the ground plane, so `0.0` when no module in the column
    /// has a box. Indices that are not modules of this set are skipped.
    pub fn column_top(&self, column: &[u16]) -> f32 {
        column
            .iter()
            .enumerate()
            .filter_map(|(y, &m)| Some(y as f32 + self.module_top(usize::from(m))?))
            .fold(0.0, f32::max)
    }
}

#[cfg(test)]
mod tests {
    use crate::wfc::{EXAMPLE_SET, ModuleSet};

    /// The example set and the index of its first module of each prototype.
    fn example() -> (ModuleSet, u16, u16, u16) {
        let set = ModuleSet::parse(EXAMPLE_SET, "example.ron".as_ref()).expect("example set");
        let first = |name: &str| {
            set.modules
                .iter()
                .position(|m| set.prototypes[m.prototype].name == name)
                .expect("prototype present") as u16
        };
        let (air, ground, pillar) = (first("air"), first("ground"), first("pillar"));
        (set, air, ground, pillar)
    }

    #[test]
    fn module_top_is_the_highest_box_of_the_shape() {
        let (set, air, ground, pillar) = example();
        assert_eq!(set.module_top(usize::from(air)), None);
        assert_eq!(set.module_top(usize::from(ground)), Some(0.2));
        assert_eq!(set.module_top(usize::from(pillar)), Some(1.0));
        assert_eq!(set.module_top(set.modules.len()), None);
    }

    #[test]
    fn rotated_modules_keep_their_height() {
        let (set, ..) = example();
        for m in 0..set.modules.len() {
            let prototype = set.modules[m].prototype;
            let unturned = set
                .modules
                .iter()
                .position(|o| o.prototype == prototype)
                .expect("its own prototype");
            assert_eq!(set.module_top(m), set.module_top(unturned));
        }
    }

    #[test]
    fn column_top_stacks_cells_one_unit_high() {
        let (set, air, ground, pillar) = example();
        assert_eq!(set.column_top(&[ground, pillar, air]), 2.0);
        assert_eq!(set.column_top(&[ground, air]), 0.2);
        assert_eq!(set.column_top(&[air]), 0.0);
        assert_eq!(set.column_top(&[]), 0.0);
    }

    #[test]
    fn column_top_skips_unknown_modules() {
        let (set, air, ground, _) = example();
        let unknown = u16::MAX;
        assert_eq!(set.column_top(&[ground, unknown, air]), 0.2);
        assert_eq!(set.column_top(&[unknown]), 0.0);
    }
}
