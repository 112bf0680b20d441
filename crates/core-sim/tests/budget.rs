//! A scenario's budget: a tower it cannot pay is refused and one it can is taken, kills pay
//! by type, a removal refunds its share of what was paid (the level's own towers refund
//! nothing), the money is saved and resumed exactly, and a bad budget is refused at its line.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::files::{game_from_bytes, game_to_bytes};
use horde_core_sim::td::game::EXAMPLE_SCENARIO;
use horde_core_sim::td::game::{Scenario, Simulation};
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::{EditKind, EditRefused};
use std::path::Path;

use horde_core_sim::DT;
const LASER: EditKind = EditKind::Tower(TowerKind::Laser);
const MORTAR: EditKind = EditKind::Tower(TowerKind::Mortar);

/// The example scenario with `budget` (RON) added.
fn scenario(budget: &str) -> Result<Scenario, horde_files::FileError> {
    let text = EXAMPLE_SCENARIO.replace(
        "    animation: true,\n",
        &format!("    animation: true,\n    budget: {budget},\n"),
    );
    Scenario::parse(&text, Path::new("budget.ron"))
}

const BUDGET: &str = "(start: 60, per_kill: (small: 2, medium: 4, large: 15), cost: (wall: 1, laser: 25, mortar: 50), refund: 0.5)";

/// An open board with four lasers of the level's own along its path (at y = 1), under the
/// budget.
fn game() -> Simulation {
    let board = parse_level("S.........D\n..L.L.L.L..\n...........\n", Path::new("b")).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), 4);
    sim.set_scenario(Some(scenario(BUDGET).unwrap()));
    sim
}

#[test]
fn a_budget_refuses_what_it_cannot_pay_and_takes_what_it_can() {
    let mut sim = game();
    assert_eq!(sim.money(), Some(60));
    sim.edit(LASER, 5, 0).unwrap();
    assert_eq!(sim.money(), Some(35));
    // A mortar costs 50: refused, nothing changes.
    let refused = sim.edit(MORTAR, 6, 0).unwrap_err();
    assert_eq!(
        refused,
        EditRefused::CannotPay {
            cost: 50,
            money: 35
        }
    );
    assert!(refused.to_string().contains("costs 50"), "{refused}");
    assert_eq!(sim.money(), Some(35));
    // A wall costs 1.
    sim.edit(EditKind::Wall, 6, 0).unwrap();
    assert_eq!(sim.money(), Some(34));
    // Removing the bought laser gives back half its 25; the wall half of 1, rounded down.
    sim.edit(LASER, 5, 0).unwrap();
    assert_eq!(sim.money(), Some(46));
    sim.edit(EditKind::Wall, 6, 0).unwrap();
    assert_eq!(sim.money(), Some(46));
    // The level's own laser is the scenario's gift: removing it refunds nothing.
    sim.edit(LASER, 2, 1).unwrap();
    assert_eq!(sim.money(), Some(46));
    // Replacing a bought wall by a mortar: the wall's refund helps pay.
    sim.edit(EditKind::Wall, 7, 0).unwrap();
    assert_eq!(sim.money(), Some(45));
    sim.edit(MORTAR, 7, 0).unwrap_err();
    let mut rich = game();
    rich.edit(EditKind::Wall, 7, 0).unwrap();
    rich.edit(LASER, 8, 0).unwrap();
    assert_eq!(rich.money(), Some(34));
    // Without a budget, placing is free: no money at all.
    let mut free = game();
    free.set_scenario(None);
    assert_eq!(free.money(), None);
    free.edit(MORTAR, 6, 0).unwrap();
}

#[test]
fn kills_pay_by_type() {
    let mut sim = game();
    let mut last = (sim.counts().killed, sim.money().unwrap());
    let mut paid_any = false;
    for _ in 0..60 * 40 {
        sim.step(DT);
        let now = (sim.counts().killed, sim.money().unwrap());
        if now.0 > last.0 {
            let gained = now.1 - last.1;
            // Small 2, medium 4, large 15 a kill.
            assert!(
                gained >= 2 && gained <= 15 * (now.0 - last.0) as u32,
                "{gained} for {}",
                now.0 - last.0
            );
            paid_any = true;
        } else {
            assert_eq!(now.1, last.1, "money without a kill");
        }
        last = now;
    }
    assert!(paid_any, "the level's lasers killed nothing");
}

#[test]
fn the_money_is_saved_and_resumed_exactly() {
    let mut sim = game();
    sim.edit(LASER, 5, 0).unwrap();
    for _ in 0..900 {
        sim.step(DT);
    }
    let bytes = game_to_bytes(&sim, DT).unwrap();
    let mut loaded = game_from_bytes(&bytes, Path::new("m.horde")).unwrap().sim;
    assert_eq!(loaded.money(), sim.money());
    assert_eq!(loaded.checksum(), sim.checksum());
    // The refund of the bought laser survives the save.
    let before = loaded.money().unwrap();
    loaded.edit(LASER, 5, 0).unwrap();
    assert_eq!(loaded.money(), Some(before + 12));
    for _ in 0..300 {
        sim.step(DT);
    }
    let mut again = game_from_bytes(&bytes, Path::new("m.horde")).unwrap().sim;
    for _ in 0..300 {
        again.step(DT);
    }
    assert_eq!(again.checksum(), sim.checksum());
}

#[test]
fn a_bad_budget_is_refused_at_its_line_and_column() {
    for (budget, what) in [
        ("(start: 60, refund: 1.5)", "refund"),
        ("(start: 2000000000)", "money"),
        ("(start: 60, cost: (tower: 3))", "tower"),
        ("(start: 60, per_kill: (huge: 3))", "huge"),
    ] {
        let err = scenario(budget).unwrap_err();
        let text = err.to_string();
        assert!(text.contains(what), "{budget}: {text}");
        let (line, _) = err.location().unwrap();
        assert!(line > 20, "{budget}: {text}");
    }
    assert_eq!(
        scenario(BUDGET)
            .unwrap()
            .budget
            .unwrap()
            .cost
            .tower(TowerKind::Mortar),
        50
    );
}
