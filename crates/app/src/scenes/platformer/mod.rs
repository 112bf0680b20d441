//! The platformer scene: the 2D section treadmill seen from the side. The camera stays; the
//! three points and the sections they carry move left at the level's speed; the player runs on
//! them (the autopilot plays; `P` toggles it, `W` jumps, Space restarts after a fall); the HUD
//! shows the speed, the sections recycled, the templates in use and the jumps.
//!
//! The scene is this file; its one room, `args.rs`, is its own flag (the sections file).

pub mod args;

use crate::clock::STEP;
use crate::live::{LiveFiles, ReloadCounts, Slot};
use crate::overlay;
use crate::scenes::camera::{look_at, perspective};
use crate::scenes::{FrameInfo, InputState, Reporting, Requests, Scene, Tick, Viewport};
use glam::{Mat4, Quat, Vec3};
use horde_core_sim::platformer::{
    Held, PLAYER_HALF_WIDTH, PLAYER_HEIGHT, Player as PlatformerPlayer, Sections, Treadmill,
    autopilot as platformer_autopilot,
};
use horde_renderer::{BatchId, FrameParams, GpuContext, Instance, MeshKind, Renderer};
use serde::Serialize;
use winit::keyboard::KeyCode;

/// The live-file slot of the sections file.
const SECTIONS: Slot<Sections> = Slot::new(0, |text, path| Ok(Sections::parse(text, path)?));

/// The camera's vertical field of view, degrees.
const FOV_Y: f32 = 50.0;

/// The camera for sections `w` wide and a picture of `aspect` (width over height): from the
/// south, looking north at the strip the sections move along, framed so that it shows the
/// track only between `−w/2` and `3w/2` — the stretch the three sections always cover (a
/// section leaves when its point passes `−w`, spanning `−3w/2..−w/2`, and comes back spanning
/// `3w/2..5w/2`), so that no section vanishes or appears on screen, as the text sizes a
/// section to the screen for.
pub fn frame_params(w: f32, aspect: f32) -> FrameParams {
    let half_width = (FOV_Y.to_radians() * 0.5).tan() * aspect.max(1e-3);
    // Level, so that the view's width does not change with height: the boxes' far faces (the
    // widest the picture reaches) at most `w` either side of the middle, a little inside.
    let distance = 0.97 * w / half_width - DEPTH / 2.0;
    let (middle, height) = (0.5 * w, 1.0);
    let eye = Vec3::new(middle, height, -distance);
    FrameParams::new(
        look_at(eye, Vec3::new(middle, height, 0.0)),
        perspective(FOV_Y, aspect, 0.1, 500.0),
        Vec3::new(0.3, 1.0, -0.6),
        0.45,
        [0.55, 0.7, 0.85, 1.0],
    )
}

/// Depth of the boxes (the level is 2D; its boxes are drawn as slabs).
const DEPTH: f32 = 2.0;
/// Colours: the start section, then the templates in turn.
const COLOURS: [[u8; 4]; 4] = [
    [150, 150, 140, 255],
    [90, 140, 80, 255],
    [150, 110, 70, 255],
    [90, 110, 160, 255],
];
/// The point markers' colour.
const MARKER: [u8; 4] = [230, 200, 60, 255];
/// The player's colour.
const PLAYER: [u8; 4] = [210, 60, 50, 255];

/// `--json` summary of the scene.
#[derive(Serialize)]
struct Summary {
    frames: u64,
    seconds: f64,
    speed: f64,
    recycled: u64,
    max_same_template_active: usize,
    game_over: bool,
    jumps: u64,
    runs: u64,
    #[serde(flatten)]
    live: ReloadCounts,
    /// The scene: `platformer`.
    scene: &'static str,
}

/// The treadmill, the player and the batch.
pub struct PlatformerScene {
    treadmill: Treadmill,
    player: PlatformerPlayer,
    /// The autopilot plays (`P` toggles).
    pub autopilot: bool,
    /// A jump asked for since the last step (`W`).
    jump: bool,
    /// Runs started (Space restarts after a fall).
    runs: u64,
    batch: Option<BatchId>,
    /// The sections file, watched: an edit is taken at the next section.
    pub live: LiveFiles,
}

impl PlatformerScene {
    /// The treadmill `args` describe (`--sections`, else the built-in sections; `--seed`),
    /// its file watched through `opening`'s live files.
    pub fn open(
        scene_args: &crate::scenes::given::SceneArgs,
        opening: crate::scenes::opening::Opening,
    ) -> anyhow::Result<PlatformerScene> {
        let args: args::PlatformerFlags = scene_args.flags()?;
        let sections = match &args.sections {
            Some(path) => Sections::load(path)?,
            None => Sections::built_in()?,
        };
        let mut scene = PlatformerScene::new(sections, scene_args.seed);
        scene.watch(opening.live, args.sections.as_deref());
        Ok(scene)
    }

    /// The treadmill of `sections`, seeded with `seed`.
    pub fn new(sections: Sections, seed: u64) -> PlatformerScene {
        PlatformerScene {
            treadmill: Treadmill::new(sections, seed),
            player: PlatformerPlayer::default(),
            autopilot: true,
            jump: false,
            runs: 1,
            batch: None,
            live: LiveFiles::off(),
        }
    }

    /// Watches the sections file at `sections` through `live`: an edit is taken at the next
    /// section ([`Treadmill::set_sections`]).
    pub fn watch(&mut self, mut live: LiveFiles, sections: Option<&std::path::Path>) {
        live.watch(&SECTIONS, sections);
        self.live = live;
    }

    /// Applies an edit of the sections file; a refused one keeps the sections as they are.
    fn apply_live_edits(&mut self) {
        let treadmill = &mut self.treadmill;
        self.live.apply(&SECTIONS, |sections, _| {
            treadmill.set_sections(sections);
            Ok(())
        });
    }

    /// The treadmill.
    pub fn treadmill(&self) -> &Treadmill {
        &self.treadmill
    }

    /// The player.
    pub fn player(&self) -> &PlatformerPlayer {
        &self.player
    }

    /// Pushes onto `boxes` every box of the three points' sections, a marker at each point and
    /// the player.
    fn build(&self, boxes: &mut Vec<Instance>) {
        let p = &self.player;
        let body = Mat4::from_scale_rotation_translation(
            Vec3::new(2.0 * PLAYER_HALF_WIDTH as f32, PLAYER_HEIGHT as f32, 0.6),
            Quat::IDENTITY,
            Vec3::new(0.0, (p.y + PLAYER_HEIGHT / 2.0) as f32, 0.0),
        );
        boxes.push(Instance::new(body, PLAYER));
        for (point, (x, held)) in self.treadmill.points().enumerate() {
            let colour = match held {
                Held::Start => COLOURS[0],
                Held::Template(t) => COLOURS[1 + t % 3],
            };
            for b in &self.treadmill.point_section(point).boxes {
                let min = Vec3::new((x + b.min.0) as f32, b.min.1 as f32, -DEPTH / 2.0);
                let max = Vec3::new((x + b.max.0) as f32, b.max.1 as f32, DEPTH / 2.0);
                let model = Mat4::from_scale_rotation_translation(
                    max - min,
                    Quat::IDENTITY,
                    (min + max) * 0.5,
                );
                boxes.push(Instance::new(model, colour));
            }
            let marker = Mat4::from_scale_rotation_translation(
                Vec3::new(0.2, 0.2, 0.2),
                Quat::IDENTITY,
                Vec3::new(x as f32, -1.4, -DEPTH / 2.0),
            );
            boxes.push(Instance::new(marker, MARKER));
        }
    }
}

impl Scene for PlatformerScene {
    fn title(&self) -> String {
        "Horde — platformer".to_string()
    }

    fn attach(&mut self, renderer: &mut Renderer) {
        self.batch = Some(renderer.add_batch(MeshKind::Cube, "platformer"));
    }

    fn update(&mut self, tick: Tick, _input: &InputState) {
        self.apply_live_edits();
        for _ in 0..tick.steps {
            self.treadmill.step(STEP);
            let jump = std::mem::take(&mut self.jump)
                || (self.autopilot && platformer_autopilot(&self.player, &self.treadmill));
            self.player.step(&self.treadmill, jump, STEP);
        }
    }

    fn key(&mut self, key: KeyCode, pressed: bool, repeat: bool, _requests: &mut Requests) {
        if !pressed || repeat {
            return;
        }
        match key {
            KeyCode::KeyW | KeyCode::ArrowUp => self.jump = true,
            KeyCode::KeyP => self.autopilot = !self.autopilot,
            KeyCode::Space if self.player.out => {
                self.player = PlatformerPlayer::default();
                self.runs += 1;
            }
            _ => {}
        }
    }

    fn overlay(&mut self, ui: &mut egui::Ui, info: &FrameInfo, _requests: &mut Requests) -> f32 {
        let t = &self.treadmill;
        // Three names, no allocation.
        let mut names = [""; 3];
        for (point, name) in names.iter_mut().enumerate() {
            *name = t.point_section(point).name.as_str();
        }
        overlay::hud(ui.ctx(), "platformer hud", |ui| {
            ui.label(format!(
                "{:.0} FPS   speed {}   recycled {}   {:.0} s",
                info.fps(),
                t.sections().speed,
                t.recycled(),
                t.seconds()
            ));
            ui.label(format!("sections: {}", names.join(" · ")));
            ui.label(format!("jumps {}   run {}", self.player.jumps, self.runs));
            if self.player.out {
                ui.colored_label(overlay::ERROR_COLOR, "Fell! Space restarts");
            }
            ui.checkbox(&mut self.autopilot, "autopilot (P)");
            ui.small("W jump · Space restart · F12 screenshot · Esc quit");
        });
        self.live.show(ui.ctx());
        0.0
    }

    fn prepare(&mut self, renderer: &mut Renderer, _ctx: &GpuContext) -> anyhow::Result<()> {
        if let Some(batch) = self.batch {
            renderer.refill(batch, |boxes| self.build(boxes));
        }
        Ok(())
    }

    fn frame_params(&mut self, viewport: Viewport) -> FrameParams {
        let w = self.treadmill.sections().section_width as f32;
        frame_params(w, viewport.aspect())
    }
}

impl Reporting for PlatformerScene {
    fn exit_line(&self) -> String {
        format!(
            "{} sections recycled in {:.1} s",
            self.treadmill.recycled(),
            self.treadmill.seconds()
        )
    }

    fn summary_json(&self, frames: u64) -> anyhow::Result<String> {
        Ok(serde_json::to_string(&Summary {
            scene: "platformer",
            frames,
            seconds: (self.treadmill.seconds() * 1000.0).round() / 1000.0,
            speed: self.treadmill.sections().speed,
            recycled: self.treadmill.recycled(),
            max_same_template_active: self.treadmill.max_same_template_active(),
            game_over: self.player.out,
            jumps: self.player.jumps,
            runs: self.runs,
            live: self.live.counts(),
        })?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where `(x, y, z)` lands across the picture: −1 at its left edge, 1 at its right.
    fn across(params: &FrameParams, x: f32, y: f32, z: f32) -> f32 {
        let clip = params.proj * params.view * glam::Vec4::new(x, y, z, 1.0);
        clip.x / clip.w
    }

    #[test]
    fn the_picture_shows_only_the_stretch_the_sections_always_cover() {
        for w in [6.0, 10.0, 16.0] {
            for aspect in [4.0 / 3.0, 16.0 / 9.0, 21.0 / 9.0, 0.6] {
                let params = frame_params(w, aspect);
                for y in [-2.0, 0.0, 2.0, 5.0] {
                    for z in [-DEPTH / 2.0, DEPTH / 2.0] {
                        let (left, right) = (
                            across(&params, -0.5 * w, y, z),
                            across(&params, 1.5 * w, y, z),
                        );
                        // The sections' comings and goings are off the picture, near faces
                        // and far ones...
                        assert!(
                            left <= -1.0 && right >= 1.0,
                            "w {w}, aspect {aspect}, z {z}: {left}..{right}"
                        );
                    }
                    // ...and only just: the far faces nearly reach the picture's edges.
                    let far = across(&params, 1.5 * w, y, DEPTH / 2.0);
                    assert!(far < 1.05, "w {w}, aspect {aspect}: {far}");
                }
            }
        }
    }
}
