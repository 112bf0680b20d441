//! One stress step: the board and spawn settings of a stress run, the simulation filled with
//! N enemies, the view it is drawn with, and the step that tops the population up and writes
//! every instance through that view (wgpu's staging memory, [`crate::staging`]).

use crate::cli::StressArgs;
use crate::scenes::td::TdView;
use crate::scenes::td::draw::colors::enemy_color;
use crate::staging::{EnemyWrite, WriteTimes};
use anyhow::Result;
use horde_core_sim::td::defence::seeded_mix;
use horde_core_sim::td::defence::{Priority, TowerKind};
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::{FloatRange, SpawnSettings};
use horde_core_sim::td::tiles::winding_board;
use horde_core_sim::td::tiles::{Board, EditKind, TileContent};
use horde_games::{Session, Stepper};
use horde_renderer::{GpuContext, Renderer};

/// The board for a stress run of `enemies`.
pub fn stress_board(enemies: u64) -> Result<Board> {
    let side = if enemies > 250_000 { 512 } else { 256 };
    Ok(winding_board(side, side, 64, 8)?)
}

/// Every characteristic varies over its whole range.
pub fn stress_settings() -> Result<SpawnSettings> {
    let range = |a, b| FloatRange::new(a, b).ok_or_else(|| anyhow::anyhow!("bad range"));
    Ok(SpawnSettings::new(
        10.0,
        range(0.5, 2.0)?,
        range(0.2, 5.0)?,
        range(-0.4, 0.4)?,
    )?)
}

/// A simulation set up for a stress run: the board, every characteristic over its whole range,
/// spawning off (the population is topped up instead), `n` enemies placed.
pub fn stress_simulation(args: &StressArgs) -> Result<Simulation> {
    let mut board = match &args.level {
        Some(path) => horde_games::board_of(
            &horde_games::source_from_flags(Some(path), None, None, false)?.level,
        )?,
        None => stress_board(args.enemies)?,
    };
    place_towers(&mut board, args.towers(), args.seed)?;
    let mut sim = Simulation::new(board, stress_settings()?, args.seed);
    set_priorities(&mut sim, args.priority)?;
    sim.set_enemy_color(enemy_color);
    sim.set_spawning(false);
    sim.set_animation(args.animation);
    let n = args.enemies as usize;
    sim.reserve_enemies(n + n / 4);
    sim.populate(n);
    Ok(sim)
}

/// Turns `count` of `board`'s walls into towers, of every kind alike: the walls with the lowest
/// hash of (seed, tile), each of the kind its hash picks in the kind table. A wall replaced
/// by a tower keeps every path as it was.
pub fn place_towers(board: &mut Board, count: u64, seed: u64) -> Result<()> {
    if count == 0 {
        return Ok(());
    }
    let mut walls: Vec<(u64, usize)> = (0..board.tile_count())
        .filter(|&i| board.content(i) == TileContent::Wall)
        .map(|i| (seeded_mix(seed, &[0x0074_6f77_6572, i as u64]), i))
        .collect();
    if count > walls.len() as u64 {
        anyhow::bail!(
            "--towers: {count} towers, but the board has only {} walls to turn into them",
            walls.len()
        );
    }
    walls.sort_unstable();
    for &(key, tile) in &walls[..count as usize] {
        // The key modulo the kinds (with two kinds, its lowest bit): the chosen walls are those
        // of the lowest keys, whose high bits are 0.
        let kinds = TowerKind::ALL;
        let kind = kinds[(key % kinds.len() as u64) as usize];
        let (x, y) = board.coords(tile);
        board.toggle(EditKind::Tower(kind), i64::from(x), i64::from(y))?;
    }
    Ok(())
}

/// Gives every tower of `sim` targeting `priority` (`--priority`), as the game's edit does.
pub fn set_priorities(sim: &mut Simulation, priority: Priority) -> Result<()> {
    let tiles: Vec<u32> = sim.towers().all().iter().map(|t| t.tile).collect();
    for tile in tiles {
        let (x, y) = sim.board().coords(tile as usize);
        sim.edit(EditKind::Target(priority), i64::from(x), i64::from(y))?;
    }
    Ok(())
}

/// The tower-defense view a stress run draws with: no grid, the enemy cube `args` asks for.
pub fn stress_view(args: &StressArgs) -> TdView {
    let mut view = TdView::new();
    view.show_grid = false;
    view.enemy_mesh = args.cube().mesh();
    view
}

/// One stress step drawn through `view`: tops the population up to `n`, runs the session's
/// tick with its step fused with writing every enemy instance into the view's enemy batch
/// ([`crate::staging::write_enemies`]), then writes the fight. Returns how long the write
/// took.
pub fn step_into_view(
    session: &mut Session,
    n: usize,
    view: &mut TdView,
    renderer: &mut Renderer,
    ctx: &GpuContext,
) -> Result<WriteTimes> {
    let sim = session.sim_mut();
    sim.populate(n.saturating_sub(sim.enemies().len()));
    let mut into = IntoView {
        view,
        renderer,
        ctx,
        times: Ok(WriteTimes::default()),
    };
    session.advance(&mut (), &mut into, &mut ())?;
    let times = into.times?;
    view.sync_fight(renderer, session.sim(), &[]);
    Ok(times)
}

/// The stress step's [`Stepper`]: the view's enemy batch written as the step goes, timed.
struct IntoView<'a> {
    view: &'a mut TdView,
    renderer: &'a mut Renderer,
    ctx: &'a GpuContext,
    times: Result<WriteTimes>,
}

impl Stepper for IntoView<'_> {
    fn step(&mut self, sim: &mut Simulation, dt: f32) {
        let write = EnemyWrite::Step(sim, dt);
        self.times = self.view.write_simulation(self.renderer, self.ctx, write);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placed_towers_are_of_every_kind_alike() {
        let mut board = stress_board(1000).unwrap();
        place_towers(&mut board, 2000, 7).unwrap();
        let count = |c: TileContent| board.contents().iter().filter(|&&t| t == c).count();
        let counts: Vec<usize> = (TowerKind::ALL.iter())
            .map(|&kind| count(TileContent::Tower(kind)))
            .collect();
        assert_eq!(counts.iter().sum::<usize>(), 2000);
        let fair = 2000 / TowerKind::ALL.len();
        assert!(
            counts.iter().all(|&n| n > fair * 4 / 5),
            "{counts:?} towers of each kind"
        );
    }
}
