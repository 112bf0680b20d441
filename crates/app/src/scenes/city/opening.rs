//! Opening the city from the shared scene flags: the module set (`--modules`, else the
//! built-in city), and what is seen (`--view`): the infinite city through the walker's eyes (a
//! window's default) or from the overview camera (a picture's default), with its generator on a
//! background thread in a window and in step for a picture; or `map`, a finite `--map-size`
//! map of the set seen from above.

use super::args::{CityFlags, CityView, DEFAULT_MAP_SIZE};
use super::map_view::MapView;
use super::scene::CityScene;
use crate::scenes::Reporting;
use crate::scenes::given::SceneArgs;
use crate::scenes::opening::Opening;
use anyhow::{Result, anyhow, bail};
use horde_levelgen::collapse::ModuleSet;

/// The city scene (or the map view) `args` describe, opened as `opening` says.
pub fn open(scene_args: &SceneArgs, opening: Opening) -> Result<Box<dyn Reporting>> {
    let args: CityFlags = scene_args.flags()?;
    let seed = scene_args.seed;
    let set = ModuleSet::load_or_built_in(args.modules.as_deref())?;
    let default_view = if opening.picture {
        CityView::Overview
    } else {
        CityView::Walker
    };
    let view = args.view.unwrap_or(default_view);
    if view != CityView::Map && args.map_size.is_some() {
        bail!("--map-size: only with --view map (a finite map)");
    }
    if view == CityView::Map {
        let (x, y, z) = args.map_size.unwrap_or(DEFAULT_MAP_SIZE);
        let size = horde_levelgen::collapse::Size { x, y, z };
        let map = MapView::new(&set, size, seed).map_err(|e| anyhow!("--map-size: {e}"))?;
        return Ok(Box::new(map));
    }
    let mut scene = if opening.picture {
        CityScene::in_step(set, seed)?
    } else {
        CityScene::in_background(set, seed)?
    };
    scene.overview = view == CityView::Overview;
    scene.watch(opening.live, args.modules.as_deref());
    Ok(Box::new(scene))
}
