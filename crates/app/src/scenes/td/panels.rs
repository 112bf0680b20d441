//! The inspector's panels that stand alone: the towers (their settings edited live, or read
//! only where the game's mode keeps them fixed), a section the mode keeps fixed and why, the
//! animation box, and co-op's join code.

use super::game::TdGame;
use horde_core_sim::td::defence::SettingField;
use horde_core_sim::td::defence::{TowerKind, TowerSettings};
use horde_games::Refusal;

/// The inspector's animation box: what the game plays (ticked while the clips play, whoever
/// asked for them), and whether the player can change it (not while the scenario asks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnimationBox {
    /// Ticked: the enemies play the clips now.
    pub checked: bool,
    /// The box can be changed (the scenario does not ask for the clips itself).
    pub enabled: bool,
    /// Its label.
    pub label: &'static str,
}

impl AnimationBox {
    /// The box for `sim`.
    pub fn of(sim: &horde_core_sim::td::game::Simulation) -> AnimationBox {
        let asked = sim.animation();
        let playing = sim.animated();
        if playing && !asked {
            AnimationBox {
                checked: true,
                enabled: false,
                label: "animation (the scenario plays its clips)",
            }
        } else {
            AnimationBox {
                checked: playing,
                enabled: true,
                label: "animation (part 6 clips)",
            }
        }
    }
}

/// Co-op: the join code others give `--join`, selectable, with a button that copies it.
pub(super) fn join_code(ui: &mut egui::Ui, code: &str) {
    egui::CollapsingHeader::new("Co-op")
        .default_open(true)
        .show(ui, |ui| {
            ui.label("Join code (horde run --join CODE --name NAME):");
            let mut shown = code;
            ui.add(egui::TextEdit::singleline(&mut shown).desired_width(f32::INFINITY));
            if ui.button("Copy").clicked() {
                ui.ctx().copy_text(code.to_string());
            }
        });
}

/// A line saying what the mode keeps fixed, and why.
pub(super) fn fixed_line(ui: &mut egui::Ui, fixed: &Refusal) {
    ui.weak(fixed.to_string());
}

/// A section the mode keeps fixed: its heading and why.
pub(super) fn fixed_section(ui: &mut egui::Ui, heading: &str, fixed: &Refusal) {
    egui::CollapsingHeader::new(heading)
        .default_open(true)
        .show(ui, |ui| fixed_line(ui, fixed));
}

/// The towers when their settings are fixed: which kind a click places, and the settings
/// read only.
pub(super) fn fixed_towers(
    ui: &mut egui::Ui,
    game: &mut TdGame,
    texts: &TowerTexts,
    fixed: &Refusal,
) {
    egui::CollapsingHeader::new("Towers")
        .default_open(true)
        .show(ui, |ui| {
            tower_choice(ui, game, texts);
            fixed_line(ui, fixed);
        });
}

/// Which tower kind Shift + left click places.
fn tower_choice(ui: &mut egui::Ui, game: &mut TdGame, texts: &TowerTexts) {
    ui.horizontal(|ui| {
        ui.label("Shift + left click places");
        for (&kind, text) in TowerKind::ALL.iter().zip(&texts.choices) {
            ui.radio_value(&mut game.tower_kind, kind, text.as_str());
        }
    });
}

/// The towers' settings, edited live within the limits a scenario file may set; the selected
/// tower type.
pub(super) fn towers(ui: &mut egui::Ui, game: &mut TdGame, texts: &TowerTexts) {
    egui::CollapsingHeader::new("Towers")
        .default_open(true)
        .show(ui, |ui| {
            tower_choice(ui, game, texts);
            let mut settings = *game.sim().tower_settings();
            let mut changed = false;
            let mut labels = texts.sliders.iter();
            for &kind in TowerKind::ALL {
                settings.visit(kind, &mut |field, value| {
                    let label = labels.next().map_or("", String::as_str);
                    changed |= setting_slider(ui, field, label, value);
                });
            }
            if changed {
                game.set_tower_settings(settings);
            }
            if ui.button("Reset to the tutorial's settings").clicked() {
                game.set_tower_settings(TowerSettings::default());
            }
        });
}

/// One number of a kind's settings as a slider labelled `label`, up to what a scenario file may
/// set (a file's value outside the slider's range is kept until the slider is moved). Returns
/// whether it changed.
fn setting_slider(ui: &mut egui::Ui, field: &SettingField, label: &str, value: &mut f32) -> bool {
    let slider = egui::Slider::new(value, field.min..=field.max)
        .logarithmic(true)
        .clamping(egui::SliderClamping::Edits)
        .text(label);
    ui.add(slider).changed()
}

/// The towers' texts in the panel, made once from the kind table (it does not change while the
/// app runs), so drawing the panel formats none of them.
#[derive(Debug)]
pub(super) struct TowerTexts {
    /// Each kind's radio button: `NAME (KEY)`, in the kind table's order.
    choices: Vec<String>,
    /// Each setting's slider, `NAME FIELD`, in the order [`TowerSettings::visit`] gives them,
    /// kind after kind.
    sliders: Vec<String>,
    /// The controls' help line, naming the keys that choose a kind.
    pub(super) help: String,
}

impl TowerTexts {
    /// The texts, from the kind table.
    pub(super) fn new() -> TowerTexts {
        let keyed = |f: fn(usize, &str) -> String| -> Vec<String> {
            (TowerKind::ALL.iter().enumerate())
                .map(|(index, kind)| f(index + 1, kind.name()))
                .collect()
        };
        let mut sliders = Vec::new();
        let mut settings = TowerSettings::default();
        for &kind in TowerKind::ALL {
            settings.visit(kind, &mut |field, _| {
                sliders.push(format!("{} {}", kind.name(), field.label));
            });
        }
        let keys = keyed(|key, name| format!("{key} {name}")).join(", ");
        TowerTexts {
            choices: keyed(|key, name| format!("{name} ({key})")),
            sliders,
            help: format!(
                "Left click: wall · Shift+Left: tower ({keys})\nRight click: spawn point · Shift+Right: destination\nB restart · V arrows · G grid · Space pause · F12 screenshot\nWheel zoom · Middle-drag orbit · WASD/arrows pan"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use horde_core_sim::td::files::parse_level;
    use horde_core_sim::td::game::{Scenario, Simulation};
    use horde_core_sim::td::swarm::SpawnSettings;
    use std::path::Path;

    #[test]
    fn the_animation_box_shows_what_the_game_plays() {
        let board = parse_level("S...D\n", Path::new("l")).unwrap();
        let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
        let off = AnimationBox::of(&sim);
        assert!(!off.checked && off.enabled);
        sim.set_animation(true);
        let asked = AnimationBox::of(&sim);
        assert!(asked.checked && asked.enabled);
        sim.set_animation(false);
        // A scenario that plays the clips itself: ticked, and not the player's to change.
        let mut scenario = Scenario::parse(
            horde_core_sim::td::game::EXAMPLE_SCENARIO,
            Path::new("s.ron"),
        )
        .unwrap();
        scenario.animation = true;
        sim.set_scenario(Some(scenario));
        assert!(sim.animated());
        let scenario_plays = AnimationBox::of(&sim);
        assert!(scenario_plays.checked, "{scenario_plays:?}");
        assert!(!scenario_plays.enabled);
    }
}
