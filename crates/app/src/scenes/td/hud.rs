//! The game's heads-up display: lives, wave, cycle, kills and the outcome in the window's top
//! left corner, and the tower Shift + left click places.

use crate::overlay;
use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::game::{Outcome, Simulation};

/// What the HUD says, as text (kept apart from drawing so it can be tested).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HudText {
    /// The game's standing: lives, wave and cycle under a scenario, else that the spawner runs.
    pub game: String,
    /// Kills and arrivals.
    pub score: String,
    /// The selected tower.
    pub tower: String,
    /// The outcome once the game is decided, with how to play again.
    pub outcome: Option<String>,
}

/// The HUD's text for `sim` with `tower` selected.
pub fn hud_text(sim: &Simulation, tower: TowerKind) -> HudText {
    let c = sim.counts();
    let game = match (sim.scenario(), sim.scenario_state()) {
        (Some(scenario), Some(state)) => {
            let waves = scenario.waves.len();
            let wave = (state.wave() + 1).min(waves);
            let (cycle, cycles) = match scenario.cycles {
                0 => (state.cycle() + 1, "∞".to_string()),
                _ if scenario.endless.is_some() => (state.cycle() + 1, "∞".to_string()),
                n => ((state.cycle() + 1).min(n), n.to_string()),
            };
            let lives = if scenario.lives == 0 {
                "lives off".to_string()
            } else {
                format!("lives {}/{}", c.lives, scenario.lives)
            };
            let money = sim
                .money()
                .map_or(String::new(), |m| format!("   money {m}"));
            if scenario.endless.is_some() {
                // Waves counted across cycles: the score is the waves cleared.
                let played = u64::from(state.cycle()) * waves as u64 + wave as u64;
                let cleared = sim.wave_tally().cleared;
                format!("{lives}   wave {played} (endless)   cleared {cleared}{money}")
            } else {
                format!("{lives}   wave {wave}/{waves}   cycle {cycle}/{cycles}{money}")
            }
        }
        _ => "sandbox: the spawner runs (load a scenario in the inspector)".to_string(),
    };
    let score = format!(
        "kills {}   reached {}   alive {}   shells {}",
        c.killed, c.reached, c.alive, c.shots
    );
    let mut choices = String::new();
    let cost = |kind: TowerKind| {
        sim.budget()
            .map_or(String::new(), |b| format!(" ${}", b.cost.tower(kind)))
    };
    for (index, &kind) in TowerKind::ALL.iter().enumerate() {
        let key = index + 1;
        choices += &if kind == tower {
            format!(" [{key} {}{}]", kind.name(), cost(kind))
        } else {
            format!("  {key} {}{} ", kind.name(), cost(kind))
        };
    }
    let tower = format!("tower{choices}   (Shift + left click)");
    let outcome = match c.outcome {
        Outcome::Running => None,
        Outcome::Victory => Some("Victory! B plays again".to_string()),
        Outcome::Defeat => Some("Defeat. B plays again".to_string()),
    };
    HudText {
        game,
        score,
        tower,
        outcome,
    }
}

/// The play speed asked for and the speed reached (simulated seconds per real second), as
/// the HUD shows them above normal speed: `×100 (×63 reached)`.
pub fn speed_text(asked: f32, reached: f32) -> Option<String> {
    (asked > 1.0).then(|| format!("speed ×{asked:.0} (×{reached:.0} reached)"))
}

/// Draws the HUD for `sim` in the top left corner of `ctx`'s screen (with the play `speed`,
/// if given), and the outcome large in its middle once the game is decided.
pub fn show(
    ctx: &egui::Context,
    (mode, sim): (&str, &Simulation),
    tower: TowerKind,
    speed: Option<String>,
) {
    let text = hud_text(sim, tower);
    overlay::hud(ctx, "td hud", |ui| {
        ui.heading(mode);
        ui.strong(&text.game);
        ui.label(&text.score);
        ui.label(&text.tower);
        if let Some(speed) = &speed {
            ui.label(speed);
        }
    });
    if let Some(outcome) = &text.outcome {
        let color = match sim.outcome() {
            Outcome::Victory => overlay::GOOD_COLOR,
            _ => overlay::ERROR_COLOR,
        };
        let place = (egui::Align2::CENTER_TOP, 60.0);
        overlay::banner(ctx, "td outcome", place, outcome, color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use horde_core_sim::td::files::parse_level;
    use horde_core_sim::td::game::EXAMPLE_SCENARIO;
    use horde_core_sim::td::game::Scenario;
    use horde_core_sim::td::swarm::SpawnSettings;

    #[test]
    fn a_budget_shows_the_money_and_the_prices() {
        let board = parse_level("S......D\n", "t".as_ref()).unwrap();
        let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
        let text = EXAMPLE_SCENARIO.replace(
            "    animation: true,\n",
            "    animation: true,\n    budget: (start: 70, cost: (laser: 25, mortar: 50)),\n",
        );
        sim.set_scenario(Some(Scenario::parse(&text, "b.ron".as_ref()).unwrap()));
        let text = hud_text(&sim, TowerKind::ALL[0]);
        assert!(text.game.ends_with("money 70"), "{}", text.game);
        assert!(
            text.tower.contains("laser $25") && text.tower.contains("mortar $50"),
            "{}",
            text.tower
        );
        // Without a budget: no money, no prices.
        sim.set_scenario(None);
        let text = hud_text(&sim, TowerKind::ALL[0]);
        assert!(!text.tower.contains('$'), "{}", text.tower);
    }

    #[test]
    fn the_speed_shows_above_normal_only() {
        assert_eq!(speed_text(1.0, 1.0), None);
        assert_eq!(
            speed_text(100.0, 63.4).as_deref(),
            Some("speed ×100 (×63 reached)")
        );
    }

    #[test]
    fn the_hud_follows_the_scenario_to_its_outcome() {
        let board = parse_level("S......D\n", "t".as_ref()).unwrap();
        let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
        let [first, second, ..] = TowerKind::ALL else {
            panic!("two kinds at least");
        };
        let text = hud_text(&sim, *second);
        assert!(text.game.starts_with("sandbox"), "{}", text.game);
        let chosen = format!("[2 {}]", second.name());
        assert!(text.tower.contains(&chosen), "{}", text.tower);
        let other = format!(" 1 {} ", first.name());
        assert!(text.tower.contains(&other), "{}", text.tower);
        let scenario = Scenario::parse(EXAMPLE_SCENARIO, "example.ron".as_ref()).unwrap();
        let lives = scenario.lives;
        sim.set_scenario(Some(scenario));
        let text = hud_text(&sim, *first);
        assert!(
            text.game
                .starts_with(&format!("lives {lives}/{lives}   wave 1/")),
            "{}",
            text.game
        );
        assert_eq!(text.outcome, None);
        // No towers: the enemies walk in until the lives are gone.
        for _ in 0..60 * 120 {
            sim.step(horde_core_sim::DT);
            if sim.outcome() != Outcome::Running {
                break;
            }
        }
        let text = hud_text(&sim, *first);
        assert_eq!(text.outcome.as_deref(), Some("Defeat. B plays again"));
        assert!(
            text.game.starts_with(&format!("lives 0/{lives}")),
            "{}",
            text.game
        );
        assert!(text.score.contains("kills 0"), "{}", text.score);
    }
}
