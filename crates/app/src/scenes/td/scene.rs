//! The tower-defense scene: a simulation stepped at a fixed rate, its batches in the renderer,
//! and the edits a player makes.

use super::camera::TdCamera;
use super::draw::{self, colors};
use super::fight::{FightBatches, FightView};
use super::games::Recording;
use crate::clock::STEP_F32 as STEP;
use crate::levels;
use crate::staging::StagingSink;
use glam::Vec3;
use horde_core_sim::td::save;
use horde_core_sim::{
    Board, EditKind, EditRefused, ModelInstance, Scenario, Simulation, SpawnSettings, TileContent,
    TowerKind,
};
use horde_files::FileError;
use horde_renderer::{BatchId, Extent, FrameParams, GpuContext, Instance, MeshKind, Renderer};
use std::path::Path;

/// How long a refused tile flashes, seconds.
const FLASH_SECONDS: f32 = 0.5;

// The simulation writes its instances straight into the renderer's: same layout, one place.
const _: () = assert!(size_of::<ModelInstance>() == size_of::<Instance>());
const _: () = assert!(align_of::<ModelInstance>() == align_of::<Instance>());

/// The renderer batches of the scene.
#[derive(Clone, Copy, Debug)]
pub struct TdBatches {
    /// The ground quad.
    pub ground: BatchId,
    /// Grid lines.
    pub grid: BatchId,
    /// Path arrows.
    pub arrows: BatchId,
    /// Wall blocks.
    pub walls: BatchId,
    /// Destination and spawn point markers.
    pub markers: BatchId,
    /// Every enemy: one draw call.
    pub enemies: BatchId,
    /// The flash on a tile whose edit was refused.
    pub refused: BatchId,
    /// Towers, beams, shells and explosions: one batch each.
    pub fight: FightBatches,
}

/// The scene's state.
#[derive(Debug)]
pub struct TdScene {
    /// The simulation.
    pub sim: Simulation,
    /// The seed it was started with.
    pub seed: u64,
    /// Whether fixed steps are suspended.
    pub paused: bool,
    /// Simulated seconds per real second: the play speed, 1–10 in the inspector.
    pub time_scale: f32,
    /// The tower Shift + left click toggles (`1`, `2`, .. in the kind table's order).
    pub tower_kind: TowerKind,
    /// Whether path arrows are shown (`V`).
    pub show_arrows: bool,
    /// Whether the grid is shown (`G`).
    pub show_grid: bool,
    /// The last refused edit, for the status line.
    pub last_refusal: Option<String>,
    /// How enemies are drawn: [`MeshKind::VisibleCube`] (the default: only the faces the
    /// camera can see) or [`MeshKind::Cube`] (all twelve triangles). Takes effect at `attach`.
    pub enemy_mesh: MeshKind,
    /// The player's edits being recorded (`horde run --record`), if they are.
    pub recording: Option<Recording>,
    /// The board a restart goes back to: the level as it was opened (or the board of the
    /// game last loaded).
    level: Board,
    /// The largest enemy scale of this run (enemies keep the scale they spawned with).
    largest_scale: f32,
    flash: Option<(usize, f32)>,
    batches: Option<TdBatches>,
    drawn_revision: Option<(u64, usize)>,
    /// `advance` left the frame's last step for `sync` to fuse with writing the instances.
    step_pending: bool,
    /// `(ticks, spawned, alive)` when the enemy instances were last written.
    drawn_enemies: Option<(u64, u64, u64)>,
    scratch: Vec<Instance>,
    markers: Vec<Instance>,
    fight: FightView,
}

impl TdScene {
    /// A scene of `board` with the given spawn settings and seed.
    pub fn new(board: Board, settings: SpawnSettings, seed: u64) -> TdScene {
        TdScene::from_simulation(Simulation::new(board, settings, seed), seed)
    }

    /// A scene around an existing simulation (started with `seed`).
    pub fn from_simulation(mut sim: Simulation, seed: u64) -> TdScene {
        sim.set_enemy_color(colors::enemy_color);
        TdScene {
            recording: None,
            level: sim.board().clone(),
            sim,
            seed,
            paused: false,
            time_scale: 1.0,
            tower_kind: TowerKind::ALL[0],
            show_arrows: false,
            show_grid: true,
            last_refusal: None,
            enemy_mesh: MeshKind::VisibleCube,
            largest_scale: 0.0,
            flash: None,
            batches: None,
            drawn_revision: None,
            step_pending: false,
            drawn_enemies: None,
            scratch: Vec::new(),
            markers: Vec::new(),
            fight: FightView::default(),
        }
    }

    /// The default camera for this board and aspect ratio.
    pub fn default_camera(&self, aspect: f32) -> TdCamera {
        let board = self.sim.board();
        TdCamera::framing(board.width(), board.height(), aspect)
    }

    /// Opens the level at `level` (else the built-in board) with the spawn settings and seed,
    /// playing `scenario` if one is given.
    pub fn open(
        level: Option<&Path>,
        scenario: Option<Scenario>,
        settings: SpawnSettings,
        seed: u64,
    ) -> anyhow::Result<TdScene> {
        let mut scene = TdScene::new(levels::load(level)?, settings, seed);
        scene.sim.set_scenario(scenario);
        Ok(scene)
    }

    /// Replaces the board (new board, loaded level), which restarts go back to from now on:
    /// enemies, shells and explosions are removed and the counters restart.
    pub fn replace_board(&mut self, board: Board) {
        self.stop_recording("another board");
        self.level = board.clone();
        self.sim.replace_board(board);
        self.forget_drawn();
    }

    /// The level file changed to `board` while the game runs: the game carries on over it
    /// ([`Simulation::reload_board`]: enemies on tiles that still let them through walk on,
    /// the rest are removed, paths are the new board's), and restarts go back to it from now
    /// on. A recording ends (its script starts from the old level).
    pub fn reload_level(&mut self, board: Board) -> horde_core_sim::BoardReload {
        self.finish_pending_step();
        self.stop_recording("a reloaded level");
        self.level = board.clone();
        let reloaded = self.sim.reload_board(board);
        self.forget_drawn();
        reloaded
    }

    /// Restarts the game with a new seed: the level as it was opened, no enemies, the
    /// scenario (if one is played) from its start with full lives. The spawn settings, the
    /// tower settings and whether the spawner runs are kept.
    pub fn restart(&mut self, seed: u64) {
        self.sim.restart(self.level.clone(), seed);
        self.seed = seed;
        self.forget_drawn();
        if let Some(recording) = &mut self.recording
            && let Err(e) = recording.restart(seed)
        {
            self.last_refusal = Some(format!("recording: {e}"));
        }
    }

    /// Saves the whole game to `path` (a `*.horde` file), after the step the frame left
    /// pending.
    pub fn save_game(&mut self, path: &Path) -> Result<(), FileError> {
        self.finish_pending_step();
        save::save(path, &self.sim, STEP)
    }

    /// Loads the game saved at `path` in place of this one; the old game is kept if the file
    /// is refused. Restarts go back to the loaded game's board from now on, and a recording
    /// ends (no script of edits leads to a loaded game).
    pub fn load_game(&mut self, path: &Path) -> Result<(), FileError> {
        let saved = save::load(path)?;
        if saved.dt != STEP {
            log::warn!(
                "{} was played at {} s a tick; the window steps {STEP} s",
                path.display(),
                saved.dt
            );
        }
        self.stop_recording("a loaded game");
        self.sim = saved.sim;
        self.sim.set_enemy_color(colors::enemy_color);
        self.seed = self.sim.seed();
        self.level = self.sim.board().clone();
        self.largest_scale = (self.sim.enemies().iter())
            .map(|e| e.params.scale)
            .fold(self.largest_scale, f32::max);
        self.step_pending = false;
        self.forget_drawn();
        Ok(())
    }

    /// Ends the recording, if there is one, because the game changed to `what`.
    fn stop_recording(&mut self, what: &str) {
        if let Some(recording) = self.recording.take() {
            log::warn!(
                "recording into {} ended: no edit script leads to {what}",
                recording.path().display()
            );
        }
    }

    /// Plays `scenario` (or, with `None`, the spawner) from a fresh start of the level: its
    /// lives and tower settings, no enemies.
    pub fn play_scenario(&mut self, scenario: Option<Scenario>) {
        self.stop_recording("another scenario");
        self.sim.set_scenario(scenario);
        self.restart(self.seed);
    }

    /// After the simulation started over: nothing pending, every batch to be written again.
    fn forget_drawn(&mut self) {
        self.step_pending = false;
        self.drawn_enemies = None;
        self.drawn_revision = None;
        self.flash = None;
        self.fight.invalidate();
    }

    /// Runs `steps` fixed steps (the shell's clock decides how many; none while paused) and
    /// lets `real_seconds` of wall clock pass for the refused-edit flash. The last step is
    /// left pending for [`TdScene::sync`], which fuses it with writing the instances.
    pub fn run_steps(&mut self, steps: u32, real_seconds: f64) {
        if let Some((_, left)) = &mut self.flash {
            *left -= real_seconds as f32;
        }
        for _ in 0..steps {
            if self.step_pending {
                self.sim.step(STEP);
            }
            self.step_pending = true;
        }
    }

    /// One fixed step, paused or not (the inspector's "step" button).
    pub fn step_once(&mut self) {
        self.finish_pending_step();
        self.sim.step(STEP);
    }

    /// Applies a player's edit at tile `(x, y)`; a refused edit flashes the tile.
    pub fn edit(&mut self, kind: EditKind, x: i64, y: i64) -> Result<TileContent, EditRefused> {
        // Edits apply between steps, as in `horde sim`.
        self.finish_pending_step();
        let result = self.sim.edit(kind, x, y);
        match &result {
            Ok(_) => {
                self.last_refusal = None;
                let tick = self.sim.counts().ticks + 1;
                if let Some(recording) = &mut self.recording
                    && let Err(e) = recording.edit(tick, kind, x, y)
                {
                    self.last_refusal = Some(format!("recording: {e}"));
                }
            }
            Err(refused) => {
                self.last_refusal = Some(format!("({x}, {y}): {refused}"));
                if let Some(index) = self.sim.board().index(x, y) {
                    self.flash = Some((index, FLASH_SECONDS));
                }
            }
        }
        result
    }

    /// Creates the scene's batches in `renderer` (call again after swapping renderers).
    pub fn attach(&mut self, renderer: &mut Renderer) -> TdBatches {
        let batches = TdBatches {
            ground: renderer.add_batch(MeshKind::Quad, "ground"),
            grid: renderer.add_batch(MeshKind::Cube, "grid"),
            arrows: renderer.add_batch(MeshKind::Arrow, "arrows"),
            walls: renderer.add_batch(MeshKind::Cube, "walls"),
            markers: renderer.add_batch(MeshKind::Cube, "markers"),
            enemies: renderer.add_batch(self.enemy_mesh, "enemies"),
            refused: renderer.add_batch(MeshKind::Cube, "refused edit"),
            fight: FightBatches {
                towers: renderer.add_batch(MeshKind::Cube, "towers"),
                effects: renderer.add_batch(MeshKind::Cube, "tower effects"),
                shells: renderer.add_batch(MeshKind::Cube, "shells"),
                explosions: renderer.add_batch(MeshKind::Cube, "explosions"),
            },
        };
        self.batches = Some(batches);
        self.drawn_revision = None;
        self.drawn_enemies = None;
        self.fight.invalidate();
        batches
    }

    /// The batches, once attached.
    pub fn batches(&self) -> Option<TdBatches> {
        self.batches
    }

    /// Runs a step `advance` left pending, without drawing (before anything else touches the
    /// simulation).
    pub fn finish_pending_step(&mut self) {
        if std::mem::take(&mut self.step_pending) {
            self.sim.step(STEP);
        }
    }

    /// Brings the renderer's batches up to date: static ones only if the board changed; the
    /// enemies through one fused pass that runs the frame's pending step and writes every
    /// instance straight into wgpu's staging memory for the enemy batch, or, with no step
    /// pending, writes them only if the simulation changed since they were last written. The
    /// fight's batches (towers, beams, shells, explosions) follow the step.
    ///
    /// Errors: the renderer could not write the batch (no staging memory, a batch of another
    /// renderer) or its staging memory is shorter than the instances; the pending step has
    /// run even so.
    pub fn sync(&mut self, renderer: &mut Renderer, ctx: &GpuContext) -> anyhow::Result<()> {
        self.sync_static(renderer);
        let enemies = self.sync_enemies(renderer, ctx);
        self.sync_fight(renderer);
        enemies
    }

    /// Writes the towers, beams, shells and explosions of the simulation as it stands, if a
    /// tick passed or the board changed since they were last written.
    pub fn sync_fight(&mut self, renderer: &mut Renderer) {
        if let Some(b) = self.batches {
            self.fight.sync(&self.sim, renderer, b.fight);
        }
    }

    /// The enemy half of [`TdScene::sync`].
    fn sync_enemies(&mut self, renderer: &mut Renderer, ctx: &GpuContext) -> anyhow::Result<()> {
        let Some(b) = self.batches else {
            return Ok(());
        };
        let pending = std::mem::take(&mut self.step_pending);
        if !pending && self.drawn_enemies == Some(self.enemy_identity()) {
            return Ok(());
        }
        let needed = if pending {
            self.sim.instances_needed(STEP)
        } else {
            self.sim.enemies().len()
        };
        let sim = &mut self.sim;
        let (mut ran, mut written) = (false, Ok(0));
        let drawn = renderer.write_direct(ctx, b.enemies, needed, |view| {
            ran = true;
            let mut sink = StagingSink::new(view);
            written = if pending {
                sim.step_into(STEP, &mut sink)
            } else {
                sim.write_into(&mut sink)
            };
            *written.as_ref().unwrap_or(&0)
        });
        if pending && !ran {
            // No writer ran (nobody to draw, or the batch could not be written): the step
            // still does.
            self.sim.step(STEP);
        }
        if let Err(error) = drawn {
            // Written again next frame.
            self.drawn_enemies = None;
            return Err(error.into());
        }
        written?;
        self.drawn_enemies = Some(self.enemy_identity());
        Ok(())
    }

    /// What the enemy instances show: `(ticks, spawned, alive)`.
    fn enemy_identity(&self) -> (u64, u64, u64) {
        let c = self.sim.counts();
        (c.ticks, c.spawned, c.alive)
    }

    /// Brings everything but the enemies up to date: the board's batches (only if it changed),
    /// what is shown, and the refused-edit flash.
    pub fn sync_static(&mut self, renderer: &mut Renderer) {
        let Some(b) = self.batches else { return };
        let board = self.sim.board();
        let identity = (board.revision(), board as *const Board as usize);
        if self.drawn_revision != Some(identity) {
            renderer.set_instances(b.ground, &draw::ground(board));
            renderer.set_instances(b.grid, &draw::grid(board));
            draw::walls(board, &mut self.scratch);
            draw::markers(board, &mut self.markers);
            renderer.set_instances(b.walls, &self.scratch);
            renderer.set_instances(b.markers, &self.markers);
            draw::arrows(board, &mut self.scratch);
            renderer.set_instances(b.arrows, &self.scratch);
            self.drawn_revision = Some(identity);
        }
        // Enemies keep the scale they spawned with: the largest scale range of this run.
        self.largest_scale = self
            .largest_scale
            .max(self.sim.settings().scale().max().abs());
        renderer.set_extent(b.enemies, Some(enemy_extent(board, self.largest_scale)));
        renderer.set_visible(b.arrows, self.show_arrows);
        renderer.set_visible(b.grid, self.show_grid);
        match self.flash {
            Some((index, left)) if left > 0.0 => {
                let [x, z] = board.tile_center(index);
                let flash = draw::block(x, z, Vec3::new(1.02, 0.6, 1.02), 0.0, colors::REFUSED);
                renderer.set_instances(b.refused, &[flash]);
                renderer.set_visible(b.refused, true);
            }
            _ => renderer.set_visible(b.refused, false),
        }
    }

    /// Camera and light for a frame covering the whole target.
    pub fn frame_params(&self, camera: &TdCamera, aspect: f32) -> FrameParams {
        FrameParams {
            view: camera.view(),
            proj: camera.proj(aspect),
            // From the south-east, high up (simulation coordinates).
            light_dir: Vec3::new(0.35, 1.0, -0.55),
            ambient: 0.35,
            clear: colors::SKY,
            viewport: None,
            fog: None,
        }
    }
}

/// Where enemies can be, for the renderer's size test: centres over the board and a tile
/// beyond it (path offsets reach at most 0.4 of a tile aside), up to the height of the largest
/// enemy's centre; and the largest enemy's half diagonal (a cube of side half its scale,
/// `ModelInstance`), for enemies of at most scale `largest`.
fn enemy_extent(board: &Board, largest: f32) -> Extent {
    let (half_w, half_h) = (
        board.width() as f32 * 0.5 + 1.0,
        board.height() as f32 * 0.5 + 1.0,
    );
    Extent {
        min: Vec3::new(-half_w, 0.0, -half_h),
        max: Vec3::new(half_w, 0.25 * largest, half_h),
        largest_half_diagonal: 0.5 * 3f32.sqrt() * 0.5 * largest,
    }
}
