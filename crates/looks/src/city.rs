//! Drawing Wave Function Collapse maps: every box of every module's shape becomes one cube
//! instance, turned with its module and placed in its cell. All boxes go into one batch (one
//! draw call).

use glam::{Mat4, Quat, Vec3};
use horde_levelgen::collapse::{Map, ModuleSet};
use horde_renderer::Instance;

/// Where the city's light comes from (simulation frame: from the south-east, high up).
pub const CITY_SUN: Vec3 = Vec3::new(0.4, 1.0, -0.3);
/// The city's ambient light.
pub const CITY_AMBIENT: f32 = 0.4;
/// The city's sky, the background of every city picture (and its fog's colour).
pub const CITY_SKY: [f64; 4] = [0.45, 0.6, 0.8, 1.0];

/// Appends the instances of `map` to `out`, cells one unit wide, the map centred on the origin
/// in `x` and `z` with its bottom on `y = 0` (simulation frame: `+x` east, `+z` north).
pub fn city_map_instances(set: &ModuleSet, map: &Map, out: &mut Vec<Instance>) {
    let (sx, sy, sz) = (map.size.x, map.size.y, map.size.z);
    let origin = Vec3::new(-(sx as f32) * 0.5, 0.0, -(sz as f32) * 0.5);
    for y in 0..sy {
        for z in 0..sz {
            for x in 0..sx {
                let module = map.cells[map.size.index(x, y, z)] as usize;
                let cell_centre = origin + Vec3::new(x as f32 + 0.5, y as f32, z as f32 + 0.5);
                module_instances(set, module, cell_centre, out);
            }
        }
    }
}

/// Appends the boxes of `module` in the cell whose bottom centre is `cell_centre`, turned with
/// the module (quarter turns clockwise seen from above: local `+z`, north, turns to `+x`) by
/// [`BoxShape::turned`](horde_levelgen::collapse::BoxShape::turned), the same turn the
/// walker's solids take, so what is drawn is what is walked on.
pub fn module_instances(
    set: &ModuleSet,
    module: usize,
    cell_centre: Vec3,
    out: &mut Vec<Instance>,
) {
    let Some(module) = set.modules.get(module) else {
        return;
    };
    let corner = cell_centre - Vec3::new(0.5, 0.0, 0.5);
    for b in &set.prototypes[module.prototype].shape {
        let (min, max) = b.turned(module.rotation);
        let (min, max) = (Vec3::from_array(min), Vec3::from_array(max));
        let size = (max - min).max(Vec3::splat(0.001));
        let model =
            Mat4::from_scale_rotation_translation(size, Quat::IDENTITY, corner + (min + max) * 0.5);
        out.push(Instance::new(model, [b.color.0, b.color.1, b.color.2, 255]));
    }
}
