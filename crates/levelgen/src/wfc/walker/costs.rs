//! What walking costs, as the module set says: each prototype's `walk_cost` (the cost of
//! walking a cell on top of it, [`module_set`](crate::wfc::module_set)) for every module turned
//! from it. Nothing here knows a prototype by its name: "a street" is the set's cheapest
//! surface, whatever it is called.

use crate::wfc::module_set::ModuleSet;

/// The walk cost of every module of a set, with the cheapest and dearest surface.
#[derive(Clone, Debug, PartialEq)]
pub struct SurfaceCosts {
    /// Per module index: its prototype's `walk_cost`.
    per_module: Vec<f32>,
    /// The lowest `walk_cost` of a prototype with a shape.
    lowest: f32,
    /// The highest `walk_cost` of a prototype with a shape.
    highest: f32,
}

impl SurfaceCosts {
    /// The costs of `set`'s modules: each module's prototype's `walk_cost`. The lowest and
    /// highest are taken over prototypes with a shape (something to stand on: air's cost never
    /// matters); a set without one has both at 1, the cost a prototype has when its file says
    /// none.
    pub fn of(set: &ModuleSet) -> SurfaceCosts {
        let per_module = set
            .modules
            .iter()
            .map(|m| set.prototypes.get(m.prototype).map_or(1.0, |p| p.walk_cost))
            .collect();
        let shaped = || {
            set.prototypes
                .iter()
                .filter(|p| !p.shape.is_empty())
                .map(|p| p.walk_cost)
        };
        let lowest = shaped().reduce(f32::min).unwrap_or(1.0);
        let highest = shaped().reduce(f32::max).unwrap_or(1.0);
        SurfaceCosts {
            per_module,
            lowest,
            highest,
        }
    }

    /// The cost per cell of walking on a surface of module `module`; a module the set does not
    /// have costs [`SurfaceCosts::highest`].
    pub fn cost(&self, module: u16) -> f32 {
        self.per_module
            .get(usize::from(module))
            .copied()
            .unwrap_or(self.highest)
    }

    /// The cheapest surface's cost: what streets cost in the city set. A walker starts on a
    /// surface that costs no more.
    pub fn lowest(&self) -> f32 {
        self.lowest
    }

    /// The dearest surface's cost.
    pub fn highest(&self) -> f32 {
        self.highest
    }

    /// Whether a surface of module `module` is among the cheapest (a street in the city set).
    pub fn cheapest(&self, module: u16) -> bool {
        self.cost(module) <= self.lowest
    }
}

#[cfg(test)]
mod tests {
    use super::SurfaceCosts;
    use crate::wfc::module_set::ModuleSet;

    #[test]
    fn costs_come_from_each_prototype_and_the_cheapest_is_the_street() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
        let set = ModuleSet::load(&path).expect("city set");
        let costs = SurfaceCosts::of(&set);
        for (i, m) in set.modules.iter().enumerate() {
            assert_eq!(costs.cost(i as u16), set.prototypes[m.prototype].walk_cost);
        }
        // Air (no shape) costs more than streets but is not a surface.
        assert_eq!(costs.lowest(), 1.0);
        assert_eq!(costs.highest(), 2.2);
        assert_eq!(costs.cost(u16::MAX), costs.highest());
        for (i, m) in set.modules.iter().enumerate() {
            let prototype = &set.prototypes[m.prototype];
            if costs.cheapest(i as u16) {
                assert!(!prototype.shape.is_empty() && prototype.walk_cost == 1.0);
            }
        }
    }
}
