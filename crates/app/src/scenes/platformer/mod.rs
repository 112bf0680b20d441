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
use crate::scenes::{FrameInfo, InputState, Reporting, Requests, Scene, Tick, Viewport};
use horde_core_sim::platformer::{
    Player as PlatformerPlayer, Sections, Treadmill, autopilot as platformer_autopilot,
};
use horde_looks::{platformer_camera as frame_params, platformer_instances};
use horde_renderer::{BatchId, FrameParams, GpuContext, MeshKind, Renderer};
use serde::Serialize;
use winit::keyboard::KeyCode;

/// The live-file slot of the sections file.
const SECTIONS: Slot<Sections> = Slot::new(0, |text, path| Ok(Sections::parse(text, path)?));

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
            renderer.refill(batch, |boxes| {
                platformer_instances(&self.treadmill, &self.player, boxes)
            });
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
