//! The columns the city scene holds: for each column that has arrived from the generator, its
//! modules, the boxes drawn for it, its solids (what the walker bumps into and stands on) and
//! its places to stand (for path search), all worked out once when it arrives. They are the
//! walker's [`Terrain`]. Columns far from the walker are dropped and their slots, buffers and
//! all, reused.

use glam::Vec3;
use horde_levelgen::collapse::{ModuleSet, Solid};
use horde_levelgen::walk::{BODY, Stand, Terrain, column_stands};
use horde_looks::module_instances;
use horde_renderer::Instance;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

/// What became of a column handed to [`Columns::insert`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inserted {
    /// It was new and is now held.
    New,
    /// It was held already; this many of its cells differ from what is held.
    Again(usize),
}

/// The held columns, by position.
#[derive(Default)]
pub struct Columns {
    slots: HashMap<(i32, i32), u32>,
    modules: Vec<Vec<u16>>,
    boxes: Vec<Vec<Instance>>,
    solids: Vec<Vec<Solid>>,
    stands: Vec<Vec<Stand>>,
    free: Vec<u32>,
}

impl Columns {
    /// Takes column `(x, z)` (modules bottom first) if it is new, working out its boxes,
    /// solids and places to stand; a column held already is only compared.
    pub fn insert(&mut self, set: &ModuleSet, (x, z): (i32, i32), column: Vec<u16>) -> Inserted {
        match self.slots.entry((x, z)) {
            Entry::Occupied(entry) => {
                let held = &self.modules[*entry.get() as usize];
                let differ = held.iter().zip(&column).filter(|(a, b)| a != b).count()
                    + held.len().abs_diff(column.len());
                Inserted::Again(differ)
            }
            Entry::Vacant(entry) => {
                let slot = match self.free.pop() {
                    Some(slot) => slot,
                    None => {
                        self.modules.push(Vec::new());
                        self.boxes.push(Vec::new());
                        self.solids.push(Vec::new());
                        self.stands.push(Vec::new());
                        (self.modules.len() - 1) as u32
                    }
                };
                let i = slot as usize;
                let (boxes, solids, stands) =
                    (&mut self.boxes[i], &mut self.solids[i], &mut self.stands[i]);
                boxes.clear();
                solids.clear();
                stands.clear();
                for (y, &m) in column.iter().enumerate() {
                    let cell_centre = Vec3::new(x as f32 + 0.5, y as f32, z as f32 + 0.5);
                    module_instances(set, usize::from(m), cell_centre, boxes);
                }
                set.column_solids((x, z), &column, solids);
                column_stands(solids, (x, z), &BODY, stands);
                self.modules[i] = column;
                entry.insert(slot);
                Inserted::New
            }
        }
    }

    /// How many columns are held.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether no column is held.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Whether column `(x, z)` is held.
    pub fn contains(&self, cell: (i32, i32)) -> bool {
        self.slots.contains_key(&cell)
    }

    /// The boxes to draw for column `(x, z)` (none when it is not held).
    pub fn boxes(&self, cell: (i32, i32)) -> &[Instance] {
        self.slots
            .get(&cell)
            .map_or(&[], |&slot| &self.boxes[slot as usize])
    }

    /// Drops the columns more than `radius` columns from `cell` (their slots are reused);
    /// returns how many were dropped.
    pub fn drop_far(&mut self, cell: (i32, i32), radius: i32) -> usize {
        let free = &mut self.free;
        let before = self.slots.len();
        self.slots.retain(|&(x, z), &mut slot| {
            let near = (x - cell.0).abs().max((z - cell.1).abs()) <= radius;
            if !near {
                free.push(slot);
            }
            near
        });
        before - self.slots.len()
    }

    /// Drops the columns of `area` that are held (their slots are reused); returns how many.
    pub fn drop_area(&mut self, area: horde_levelgen::collapse::Area) -> usize {
        let mut dropped = 0;
        for z in area.z0..area.z1 {
            for x in area.x0..area.x1 {
                if let Some(slot) = self.slots.remove(&(x, z)) {
                    self.free.push(slot);
                    dropped += 1;
                }
            }
        }
        dropped
    }

    /// Slots made so far (held and free).
    #[cfg(test)]
    pub fn slots_made(&self) -> usize {
        self.modules.len()
    }

    /// Slots free for reuse.
    #[cfg(test)]
    pub fn slots_free(&self) -> usize {
        self.free.len()
    }
}

impl Terrain for Columns {
    /// The solids of column `(x, z)` (none when it is not held).
    fn solids(&self, cell: (i32, i32)) -> &[Solid] {
        self.slots
            .get(&cell)
            .map_or(&[], |&slot| &self.solids[slot as usize])
    }

    /// The places to stand in column `(x, z)` (none when it is not held).
    fn stands(&self, cell: (i32, i32)) -> &[Stand] {
        self.slots
            .get(&cell)
            .map_or(&[], |&slot| &self.stands[slot as usize])
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use horde_levelgen::collapse::ModuleSet;

    #[test]
    fn a_held_column_is_terrain_where_its_boxes_are_drawn() {
        let set = ModuleSet::built_in().unwrap();
        // A module that fills its cell.
        let full = |m: &horde_levelgen::collapse::Module| {
            let shape = &set.prototypes[m.prototype].shape;
            shape
                .iter()
                .any(|b| b.min == (0.0, 0.0, 0.0) && b.max == (1.0, 1.0, 1.0))
        };
        let wall = set.modules.iter().position(full).unwrap() as u16;
        let mut columns = Columns::default();
        assert_eq!(columns.insert(&set, (3, -2), vec![wall]), Inserted::New);
        assert!(!columns.boxes((3, -2)).is_empty());
        assert!(!columns.solids((3, -2)).is_empty());
        // The building's roof is a place to stand; inside it is solid.
        assert!(columns.stands((3, -2)).iter().any(|s| s.height > 0.5));
        let inside = columns.solids((3, -2))[0];
        let centre = [0, 1, 2].map(|i| (inside.min[i] + inside.max[i]) * 0.5);
        assert!(columns.inside_solid(centre));
        // Nothing known elsewhere.
        assert!(columns.solids((4, -2)).is_empty() && columns.stands((4, -2)).is_empty());
        assert_eq!(columns.drop_far((100, 100), 8), 1);
        assert!(columns.solids((3, -2)).is_empty());
    }
}
