//! The fight's shortcuts against the long way: a game whose index lists only the cells its
//! towers and shells may read this tick, whose priority tables read the keys the update pass
//! kept, and whose looks by priority start from the plan's first pass, is, checksum for
//! checksum, the game whose index lists every cell, whose tables read the enemies and whose
//! every look starts afresh — for every kind, every priority, with the clips on and off.

use super::spatial::Grid;
use super::{Fight, FightInput};
use crate::td::board::{Board, EditKind};
use crate::td::enemies::{Columns, KeyColumns};
use crate::td::level::parse_level;
use crate::td::settings::SpawnSettings;
use crate::td::simulation::Simulation;
use crate::td::towers::{Priority, TowerKind};
use std::path::Path;

use crate::step::DT;

/// The reference tick of the fight ([`Fight::tick`]'s order, without its shortcuts): no plan
/// (the index lists every cell), no key kept (the tables read the enemies), no look planned.
fn the_long_way(fight: &mut Fight, mut input: FightInput<'_>) -> u64 {
    fight.age_explosions(input.dt);
    if input.towers.is_empty() && fight.shells.is_empty() {
        return 0;
    }
    let grid = Grid::for_board(input.board);
    let keys = KeyColumns::default();
    (input.enemies).keep(input.board, Columns { cells: grid, keys });
    fight.index.rebuild_from_cells(grid, input.enemies.cells());
    let priorities = input.towers.all().iter().map(|t| t.priority);
    let cells = (grid, input.enemies.cells());
    (fight.ranking).prepare(priorities, cells, input.enemies, input.board);
    fight.planned.clear();
    fight.look(&mut input);
    let shots = fight.turns(&mut input);
    fight.land_shells(input.enemies, input.dt);
    shots
}

/// Steps `planned` as the game does and `whole` the long way, `ticks` times, and checks they
/// stay the same game; returns how many ticks the plan left some enemy unlisted.
fn side_by_side(mut planned: Simulation, mut whole: Simulation, ticks: usize) -> usize {
    let mut fewer = 0;
    for tick in 0..ticks {
        planned.step(DT);
        whole.step_by(DT, the_long_way);
        assert_eq!(planned.checksum(), whole.checksum(), "tick {tick}");
        if !planned.towers().is_empty() && planned.fight.index.listed() < planned.enemies().len() {
            fewer += 1;
        }
    }
    assert_eq!(planned.counts(), whole.counts());
    fewer
}

/// Every tower of `sim` given a priority, in turn through all of them.
fn mixed_priorities(sim: &mut Simulation) {
    let width = sim.board().width();
    let tiles: Vec<u32> = sim.towers().all().iter().map(|t| t.tile).collect();
    for (k, tile) in tiles.into_iter().enumerate() {
        let priority = Priority::ALL[k % Priority::ALL.len()];
        let (x, y) = (i64::from(tile % width), i64::from(tile / width));
        sim.edit(EditKind::Target(priority), x, y).unwrap();
    }
}

#[test]
fn the_battle_with_every_priority_is_the_game_of_the_whole_index() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("assets/levels/battle.txt")).unwrap();
    for animation in [false, true] {
        let game = || {
            let board = parse_level(&text, Path::new("battle")).unwrap();
            let d = SpawnSettings::default();
            let settings = SpawnSettings::new(6.0, d.scale(), d.speed(), d.path_offset()).unwrap();
            let mut sim = Simulation::new(board, settings, 8);
            sim.set_animation(animation);
            mixed_priorities(&mut sim);
            sim
        };
        side_by_side(game(), game(), 1500);
    }
}

#[test]
fn a_wide_board_with_few_towers_lists_few_cells_and_plays_the_same() {
    for priority in [Priority::Random, Priority::First, Priority::Closest] {
        let game = || {
            let mut board = Board::with_defaults(48, 40).unwrap();
            for (k, (x, y)) in [(10, 10), (30, 12), (20, 30), (40, 35)]
                .into_iter()
                .enumerate()
            {
                let kind = TowerKind::ALL[k % TowerKind::ALL.len()];
                board.toggle(EditKind::Tower(kind), x, y).unwrap();
            }
            let d = SpawnSettings::default();
            let settings = SpawnSettings::new(10.0, d.scale(), d.speed(), d.path_offset()).unwrap();
            let mut sim = Simulation::new(board, settings, 5);
            for tower in [(10, 10), (30, 12), (20, 30), (40, 35)] {
                sim.edit(EditKind::Target(priority), tower.0, tower.1)
                    .unwrap();
            }
            sim
        };
        let fewer = side_by_side(game(), game(), 1200);
        assert!(
            fewer > 600,
            "{priority:?}: the plan left enemies out on {fewer} ticks"
        );
    }
}
