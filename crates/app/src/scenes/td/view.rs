//! How a tower-defense game is drawn: its batches in the renderer, brought up to date from the
//! game each frame — the board's batches only when it changed, the enemies through the fused
//! write ([`crate::staging::write_enemies`]), the fight after every tick, the refused-edit
//! flash — and what the player chose to show (grid, path arrows, the enemy cube).
//!
//! The view reads a game ([`TdView::sync`] takes a `&TdGame`) and changes none: the game runs
//! its own steps, the last of a frame through the view's [`EnemySink`], which writes every
//! enemy's instance as the step moves it. The stress command draws its own simulation through
//! the same view, with no game around it.

use super::camera::TdCamera;
use super::draw::{self, colors};
use super::fight::{FightBatches, FightView};
use super::game::{RefusedTile, Stepper, TdGame};
use super::looks::Shape;
use crate::staging::{EnemyWrite, StagingPath, WriteTimes, write_enemies};
use glam::Vec3;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::ModelInstance;
use horde_core_sim::td::tiles::Board;
use horde_renderer::{BatchId, Extent, FrameParams, GpuContext, Instance, MeshKind, Renderer};

// The simulation writes its instances straight into the renderer's: same layout, one place.
const _: () = assert!(size_of::<ModelInstance>() == size_of::<Instance>());
const _: () = assert!(align_of::<ModelInstance>() == align_of::<Instance>());

/// The renderer batches of the view.
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
    /// The enemies of a scenario's types drawn as balls (`model: Sphere`), if any.
    pub sphere_enemies: BatchId,
    /// The flash on a tile whose edit was refused.
    pub refused: BatchId,
    /// Towers, beams, shells and explosions: one batch each.
    pub fight: FightBatches,
    /// The forecast's ghost paths: a flat translucent tile where enemies would walk.
    pub ghosts: BatchId,
}

/// What a view last drew, to write again only what changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Drawn {
    /// The board's `(revision, address)` when its batches were written.
    board: Option<(u64, usize)>,
    /// `(ticks, spawned, alive)` when the enemy instances were written.
    enemies: Option<(u64, u64, u64)>,
    /// The same when the enemies drawn as balls were written.
    spheres: Option<(u64, u64, u64)>,
    /// The game's generation (times it started over) the view has seen, if any.
    generation: Option<u64>,
}

/// The view's enemy batch as the sink of a game's step ([`TdView::enemy_sink`]): the step
/// writes every enemy's instance as it moves it (the fused pass of [`write_enemies`]).
pub struct EnemySink<'a> {
    view: &'a mut TdView,
    renderer: &'a mut Renderer,
    ctx: &'a GpuContext,
    written: anyhow::Result<()>,
}

impl Stepper for EnemySink<'_> {
    fn step(&mut self, sim: &mut Simulation, dt: f32) {
        let Some(b) = self.view.batches else {
            // Nothing to write into: the step runs plain.
            horde_games::Plain.step(sim, dt);
            return;
        };
        let write = EnemyWrite::Step(sim, dt);
        let written = write_enemies(write, self.view.staging, self.renderer, self.ctx, b.enemies);
        self.view.drawn.enemies = written.is_ok().then(|| enemy_identity(sim));
        self.written = written.map(|_| ());
    }
}

impl EnemySink<'_> {
    /// How the writing went: an error when the renderer could not write the enemy batch (no
    /// staging memory, a batch of another renderer) or it was shorter than the instances;
    /// the step ran even so, and the enemies are written again at the next sync.
    pub fn finish(self) -> anyhow::Result<()> {
        self.written
    }
}

/// The view's state.
#[derive(Debug)]
pub struct TdView {
    /// Whether path arrows are shown (`V`).
    pub show_arrows: bool,
    /// Whether the grid is shown (`G`).
    pub show_grid: bool,
    /// How enemies are drawn: [`MeshKind::ThreeFaceCube`] (the default: only the faces the
    /// camera can see) or [`MeshKind::Cube`] (all twelve triangles). Takes effect at `attach`.
    pub enemy_mesh: MeshKind,
    /// How the enemy instances reach the GPU (chosen once, at the start).
    pub staging: StagingPath,
    batches: Option<TdBatches>,
    drawn: Drawn,
    /// The largest enemy scale of this run (enemies keep the scale they spawned with).
    largest_scale: f32,
    scratch: Vec<Instance>,
    markers: Vec<Instance>,
    fight: FightView,
}

impl Default for TdView {
    fn default() -> TdView {
        TdView::new()
    }
}

impl TdView {
    /// A view showing the grid, no path arrows, enemies as visible-face cubes, not yet
    /// attached to a renderer.
    pub fn new() -> TdView {
        TdView {
            show_arrows: false,
            show_grid: true,
            enemy_mesh: MeshKind::ThreeFaceCube,
            staging: StagingPath::from_env(),
            batches: None,
            drawn: Drawn::default(),
            largest_scale: 0.0,
            scratch: Vec::new(),
            markers: Vec::new(),
            fight: FightView::default(),
        }
    }

    /// Creates the view's batches in `renderer` (call again after swapping renderers).
    pub fn attach(&mut self, renderer: &mut Renderer) -> TdBatches {
        let batches = TdBatches {
            ground: renderer.add_batch(MeshKind::Quad, "ground"),
            grid: renderer.add_batch(MeshKind::Cube, "grid"),
            arrows: renderer.add_batch(MeshKind::Arrow, "arrows"),
            walls: renderer.add_batch(MeshKind::Cube, "walls"),
            markers: renderer.add_batch(MeshKind::Cube, "markers"),
            enemies: renderer.add_batch(self.enemy_mesh, "enemies"),
            sphere_enemies: renderer.add_batch(MeshKind::Sphere, "sphere enemies"),
            refused: renderer.add_batch(MeshKind::Cube, "refused edit"),
            fight: FightBatches {
                towers: Shape::ALL.map(|shape| renderer.add_batch(shape.mesh(), "towers")),
                effects: renderer.add_batch(MeshKind::Cube, "tower effects"),
                shells: renderer.add_batch(MeshKind::Cube, "shells"),
                explosions: renderer.add_batch(MeshKind::Sphere, "explosions"),
                trails: renderer.add_batch(MeshKind::Cube, "shell trails"),
            },
            ghosts: renderer.add_batch(MeshKind::Cube, "forecast ghosts"),
        };
        renderer.set_translucent(batches.ghosts, true);
        // The ground and what is painted on it shadow nothing (nothing stands under them).
        for flat in [batches.ground, batches.grid, batches.arrows] {
            renderer.set_casts_shadows(flat, false);
        }
        // The series' explosions (and the shells' trails) show the board through them.
        renderer.set_translucent(batches.fight.explosions, true);
        renderer.set_translucent(batches.fight.trails, true);
        self.batches = Some(batches);
        self.forget_drawn();
        batches
    }

    /// Draws the forecast's ghost paths on `board`: a flat translucent tile on each tile an
    /// enemy would enter, bluer where few would, redder where most would (none without a
    /// forecast).
    pub fn show_ghosts(
        &mut self,
        renderer: &mut Renderer,
        board: &Board,
        tiles: &[horde_core_sim::td::history::TileCount],
    ) {
        let Some(b) = self.batches else { return };
        let most = tiles.iter().map(|t| t.count).max().unwrap_or(1).max(1) as f32;
        renderer.refill(b.ghosts, |out| {
            out.clear();
            for t in tiles {
                let Some(index) = board.index(i64::from(t.x), i64::from(t.y)) else {
                    continue;
                };
                let [x, z] = board.tile_center(index);
                let share = (t.count as f32 / most).sqrt();
                let color = [
                    (80.0 + 175.0 * share) as u8,
                    (140.0 - 80.0 * share) as u8,
                    (255.0 - 175.0 * share) as u8,
                    (60.0 + 120.0 * share) as u8,
                ];
                out.push(draw::block(x, z, Vec3::new(0.8, 0.03, 0.8), 0.012, color));
            }
        });
    }

    /// The batches, once attached.
    pub fn batches(&self) -> Option<TdBatches> {
        self.batches
    }

    /// Every batch is written again at the next sync.
    fn forget_drawn(&mut self) {
        self.drawn.board = None;
        self.drawn.enemies = None;
        self.drawn.spheres = None;
        self.fight.invalidate();
    }

    /// The enemy batch as the sink of `game`'s next step ([`TdGame::run_steps`]): the step
    /// writes every enemy's instance as it moves it. The view first catches up with a game
    /// that started over, so that [`TdView::sync`] does not write the enemies again.
    pub fn enemy_sink<'a>(
        &'a mut self,
        renderer: &'a mut Renderer,
        ctx: &'a GpuContext,
        game: &TdGame,
    ) -> EnemySink<'a> {
        self.see_generation(game);
        EnemySink {
            view: self,
            renderer,
            ctx,
            written: Ok(()),
        }
    }

    /// Forgets what was drawn when `game` started over since the view last saw it.
    fn see_generation(&mut self, game: &TdGame) {
        if self.drawn.generation != Some(game.generation()) {
            self.drawn.generation = Some(game.generation());
            self.forget_drawn();
            self.largest_scale = largest_scale(game.sim());
        }
    }

    /// Brings the batches up to date with `game` as it stands: the board's and the flash
    /// through [`TdView::sync_board`]; the enemies only if the simulation changed since they
    /// were last written (a frame's step writes them through [`TdView::enemy_sink`]); the
    /// balls after the enemies; then the fight.
    ///
    /// Errors: the renderer could not write the enemy batch (no staging memory, a batch of
    /// another renderer) or it is shorter than the instances.
    pub fn sync(
        &mut self,
        renderer: &mut Renderer,
        ctx: &GpuContext,
        game: &TdGame,
    ) -> anyhow::Result<()> {
        self.see_generation(game);
        let sim = game.sim();
        self.sync_board(renderer, sim, game.refused_tile());
        let enemies = self.sync_enemies(renderer, ctx, sim);
        if self.drawn.enemies.is_some() && self.drawn.spheres != self.drawn.enemies {
            self.sync_spheres(renderer, sim);
            self.drawn.spheres = self.drawn.enemies;
        }
        self.sync_fight(renderer, sim, game.tower_owners());
        enemies
    }

    /// The enemy part of [`TdView::sync`]: writes the instances of `sim` as they stand,
    /// unless they were written since it last changed.
    fn sync_enemies(
        &mut self,
        renderer: &mut Renderer,
        ctx: &GpuContext,
        sim: &Simulation,
    ) -> anyhow::Result<()> {
        let Some(b) = self.batches else {
            return Ok(());
        };
        if self.drawn.enemies == Some(enemy_identity(sim)) {
            return Ok(());
        }
        let written = write_enemies(
            EnemyWrite::AsIs(sim),
            self.staging,
            renderer,
            ctx,
            b.enemies,
        );
        // Written again next frame if this failed.
        self.drawn.enemies = written.is_ok().then(|| enemy_identity(sim));
        written.map(|_| ())
    }

    /// Runs `write` for a simulation with no game around it (the stress command): every
    /// enemy instance into the enemy batch through the fused write, then the fight. Returns
    /// how long the write took (zeros before `attach`).
    pub fn write_simulation(
        &mut self,
        renderer: &mut Renderer,
        ctx: &GpuContext,
        write: EnemyWrite<'_>,
    ) -> anyhow::Result<WriteTimes> {
        let Some(b) = self.batches else {
            return Ok(WriteTimes::default());
        };
        let times = write_enemies(write, self.staging, renderer, ctx, b.enemies)?;
        self.drawn.enemies = None;
        Ok(times)
    }

    /// Writes the enemies drawn as balls (a scenario's type with `model: Sphere`) after the
    /// enemies were written, when there are any or were last time: a paused game uploads
    /// nothing.
    fn sync_spheres(&mut self, renderer: &mut Renderer, sim: &Simulation) {
        let Some(b) = self.batches else { return };
        let balls = sim.enemies().spheres();
        if balls == 0 && renderer.instance_count(b.sphere_enemies) == 0 {
            return;
        }
        renderer.refill(b.sphere_enemies, |out| {
            sim.enemies()
                .each_sphere(|ball| out.push(bytemuck::cast(ball)));
        });
    }

    /// Writes the towers, beams, shells and explosions of `sim` as it stands, if a tick passed
    /// or the board changed since they were last written (each tower's base in its placer's
    /// colour, where `owners` says: co-op).
    pub fn sync_fight(&mut self, renderer: &mut Renderer, sim: &Simulation, owners: &[u8]) {
        if let Some(b) = self.batches {
            self.fight.sync(sim, owners, renderer, b.fight);
        }
    }

    /// Brings everything but the enemies and the fight up to date with `sim`: the board's
    /// batches (only if it changed), what is shown, and the flash on `refused`.
    pub fn sync_board(
        &mut self,
        renderer: &mut Renderer,
        sim: &Simulation,
        refused: Option<RefusedTile>,
    ) {
        let Some(b) = self.batches else { return };
        let board = sim.board();
        let identity = (board.revision(), board as *const Board as usize);
        if self.drawn.board != Some(identity) {
            renderer.set_instances(b.ground, &draw::ground(board));
            renderer.set_instances(b.grid, &draw::grid(board));
            draw::walls(board, &mut self.scratch);
            draw::markers(board, &mut self.markers);
            renderer.set_instances(b.walls, &self.scratch);
            renderer.set_instances(b.markers, &self.markers);
            draw::arrows(board, &mut self.scratch);
            renderer.set_instances(b.arrows, &self.scratch);
            self.drawn.board = Some(identity);
        }
        // Enemies keep the scale they spawned with: the largest scale range of this run.
        self.largest_scale = self.largest_scale.max(sim.settings().scale().max().abs());
        let extent = enemy_extent(board, self.largest_scale, sim.animated());
        renderer.set_extent(b.enemies, Some(extent));
        renderer.set_visible(b.arrows, self.show_arrows);
        renderer.set_visible(b.grid, self.show_grid);
        match refused {
            Some(tile) => {
                let [x, z] = board.tile_center(tile.index);
                let flash = draw::block(x, z, Vec3::new(1.02, 0.6, 1.02), 0.0, colors::REFUSED);
                renderer.set_instances(b.refused, &[flash]);
                renderer.set_visible(b.refused, true);
            }
            None => renderer.set_visible(b.refused, false),
        }
    }
}

/// The default camera for `sim`'s board and an aspect ratio.
pub fn default_camera(sim: &Simulation, aspect: f32) -> TdCamera {
    let board = sim.board();
    TdCamera::framing(board.width(), board.height(), aspect)
}

/// Camera and light for a frame covering the whole target.
pub fn frame_params(camera: &TdCamera, aspect: f32) -> FrameParams {
    FrameParams::new(
        camera.view(),
        camera.proj(aspect),
        // From the south-east, high up (simulation coordinates).
        Vec3::new(0.35, 1.0, -0.55),
        0.35,
        colors::SKY,
    )
    // Nothing stands below the board's ground.
    .with_floor(-0.5)
}

/// What the enemy instances show: `(ticks, spawned, alive)`.
fn enemy_identity(sim: &Simulation) -> (u64, u64, u64) {
    let c = sim.counts();
    (c.ticks, c.spawned, c.alive)
}

/// The largest scale among `sim`'s enemies and its spawn settings.
fn largest_scale(sim: &Simulation) -> f32 {
    (sim.enemies().iter())
        .map(|e| e.params.scale)
        .fold(sim.settings().scale().max().abs(), f32::max)
}

/// Where enemies can be, for the renderer's size test: centres over the board and a tile
/// beyond it (path offsets reach at most 0.4 of a tile aside; a dying enemy slides half its
/// scale on), up to the height of the largest enemy's centre (with the animation clips, the
/// top of an outro: 1.25 times the scale); and the largest enemy's half diagonal (a cube of
/// side half its scale, `ModelInstance`), for enemies of at most scale `largest`.
fn enemy_extent(board: &Board, largest: f32, animated: bool) -> Extent {
    let margin = if animated { 2.0 } else { 1.0 };
    let (half_w, half_h) = (
        board.width() as f32 * 0.5 + margin,
        board.height() as f32 * 0.5 + margin,
    );
    Extent {
        min: Vec3::new(-half_w, 0.0, -half_h),
        max: Vec3::new(half_w, if animated { 1.25 } else { 0.25 } * largest, half_h),
        largest_half_diagonal: 0.5 * 3f32.sqrt() * 0.5 * largest,
    }
}
