//! One stress step: the board and spawn settings of a stress run, the simulation filled with
//! N enemies, and the step that tops the population up and writes every instance into a
//! renderer batch through wgpu's staging memory.

use crate::cli::StressArgs;
use crate::clock::STEP_F32 as STEP;
use crate::levels;
use crate::scenes::td::draw::colors::enemy_color;
use crate::staging::StagingSink;
use anyhow::Result;
use horde_core_sim::td::generate::winding_board;
use horde_core_sim::td::pick::mix;
use horde_core_sim::{
    Board, EditKind, FloatRange, Simulation, SpawnSettings, TileContent, TowerKind,
};
use std::time::Instant;

/// Milliseconds since `since`.
pub(crate) fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e3
}

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
        Some(path) => levels::load(Some(path))?,
        None => stress_board(args.enemies)?,
    };
    place_towers(&mut board, args.towers(), args.seed)?;
    let mut sim = Simulation::new(board, stress_settings()?, args.seed);
    sim.set_enemy_color(enemy_color);
    sim.set_spawning(false);
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
        .map(|i| (mix(seed, &[0x0074_6f77_6572, i as u64]), i))
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

/// One stress step into a renderer batch: tops the population up to `n`, runs the fused step
/// writing every instance into the batch, and hands the instances to the GPU. Returns
/// `(sim_ms, upload_ms)`.
///
/// With [`StagingPath::Direct`] the fused pass writes straight into wgpu's staging memory
/// (`Queue::write_buffer_with`), and `upload_ms` is the rest of that call; with
/// [`StagingPath::Copy`] it writes into the batch's CPU array, and `upload_ms` is the copy of
/// that array into wgpu's staging memory.
pub fn step_into_batch(
    sim: &mut Simulation,
    n: usize,
    renderer: &mut horde_renderer::Renderer,
    ctx: &horde_renderer::GpuContext,
    batch: horde_renderer::BatchId,
) -> Result<(f64, f64)> {
    sim.populate(n.saturating_sub(sim.enemies().len()));
    let needed = sim.instances_needed(STEP);
    if staging_path() == StagingPath::Direct {
        let mut sim_ms = 0.0;
        let mut result = Ok(0);
        let start = Instant::now();
        // The population is at least one enemy, so the writer is called unless this fails.
        renderer.write_direct(ctx, batch, needed, |view| {
            let step = Instant::now();
            result = sim.step_into(STEP, &mut StagingSink::new(view));
            sim_ms = ms(step);
            *result.as_ref().unwrap_or(&0)
        })?;
        result?;
        return Ok((sim_ms, (ms(start) - sim_ms).max(0.0)));
    }
    let step = Instant::now();
    let slots = renderer.instances_mut(batch, needed);
    let written = sim.step_and_write(STEP, bytemuck::cast_slice_mut(slots))?;
    renderer.instances_mut(batch, written);
    let sim_ms = ms(step);
    let upload = Instant::now();
    renderer.upload(ctx);
    Ok((sim_ms, ms(upload)))
}

/// How the fused pass hands instances to the GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StagingPath {
    /// Straight into wgpu's staging memory (the default).
    Direct,
    /// Into the batch's CPU array, then copied (`HORDE_STAGING=copy`, for comparison).
    Copy,
}

/// The staging path: `HORDE_STAGING=copy` selects the copying one.
pub fn staging_path() -> StagingPath {
    match std::env::var("HORDE_STAGING").as_deref() {
        Ok("copy") => StagingPath::Copy,
        _ => StagingPath::Direct,
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
