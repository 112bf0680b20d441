//! A finite Wave Function Collapse map of a module set, seen from above at an angle like the
//! tower-defense board: solved once, drawn as one batch of boxes. It is what `horde screenshot
//! --scene city` shows without `--view`, and a [`Scene`] like any other, so the picture is the
//! scene's own frame.

use super::view::{AMBIENT, SKY, SUN};
use crate::scenes::td::TdCamera;
use crate::scenes::{FrameInfo, InputState, Reporting, Requests, Scene, Tick, Viewport};
use horde_levelgen::collapse::{Map, ModuleSet, Size, Solver};
use horde_looks::city_map_instances as map_instances;
use horde_renderer::{BatchId, FrameParams, GpuContext, Instance, MeshKind, Renderer};
use serde::Serialize;

/// How steeply the camera looks down on the map.
const PITCH_DEG: f32 = 45.0;
/// How far round the map the camera stands.
const YAW_DEG: f32 = 30.0;

/// A solved finite map and its batch.
pub struct MapView {
    map: Map,
    /// Every box of the map, made once.
    boxes: Vec<Instance>,
    batch: Option<BatchId>,
    /// Whether the batch holds the boxes.
    drawn: bool,
}

/// `--json` summary of the map view.
#[derive(Serialize)]
struct Summary {
    frames: u64,
    cells: usize,
    backtracks: u64,
    boxes: usize,
    /// The scene: `city`.
    scene: &'static str,
}

impl MapView {
    /// Solves a map of `set` of `size` cells for `seed`.
    ///
    /// Errors: a size over the solver's limit, or a set with no map of that size.
    pub fn new(set: &ModuleSet, size: Size, seed: u64) -> anyhow::Result<MapView> {
        let map = Solver::zoned(set, size, seed)?.solve()?;
        let mut boxes = Vec::new();
        map_instances(set, &map, &mut boxes);
        Ok(MapView {
            map,
            boxes,
            batch: None,
            drawn: false,
        })
    }
}

impl Scene for MapView {
    fn title(&self) -> String {
        "Horde — city map".to_string()
    }

    fn attach(&mut self, renderer: &mut Renderer) {
        self.batch = Some(renderer.add_batch(MeshKind::Cube, "city map"));
        self.drawn = false;
    }

    /// A finished map does not change.
    fn update(&mut self, _tick: Tick, _input: &InputState) {}

    fn overlay(&mut self, _ui: &mut egui::Ui, _info: &FrameInfo, _requests: &mut Requests) -> f32 {
        0.0
    }

    fn prepare(&mut self, renderer: &mut Renderer, _ctx: &GpuContext) -> anyhow::Result<()> {
        if let Some(batch) = self.batch
            && !self.drawn
        {
            renderer.set_instances(batch, &self.boxes);
            self.drawn = true;
        }
        Ok(())
    }

    fn frame_params(&mut self, viewport: Viewport) -> FrameParams {
        let aspect = viewport.aspect();
        let size = self.map.size;
        let mut camera = TdCamera::framing(size.x, size.z, aspect);
        camera.pitch = PITCH_DEG.to_radians();
        camera.yaw = YAW_DEG.to_radians();
        FrameParams::new(camera.view(), camera.proj(aspect), SUN, AMBIENT, SKY)
    }
}

impl Reporting for MapView {
    fn exit_line(&self) -> String {
        let s = self.map.size;
        format!(
            "a {}x{}x{} map, {} boxes, {} backtracks",
            s.x,
            s.y,
            s.z,
            self.boxes.len(),
            self.map.backtracks
        )
    }

    fn summary_json(&self, frames: u64) -> anyhow::Result<String> {
        Ok(serde_json::to_string(&Summary {
            scene: "city",
            frames,
            cells: self.map.cells.len(),
            backtracks: self.map.backtracks,
            boxes: self.boxes.len(),
        })?)
    }
}
