//! Nothing about a tower kind is silent: for every kind of the table, each list a person reads
//! (the manual's controls, level characters, script actions and scenario example, in
//! `docs/book/src/`; the shipped example scenario; the level error) names it, and each thing the game reads by kind (level
//! character, script word, settings by field name, cost) works for it. A kind appended to the
//! table fails here, naming what was forgotten, until its lists say it.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::asset;
use horde_core_sim::td::defence::{TowerKind, TowerSettings};
use horde_core_sim::td::files::EditScript;
use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::game::Scenario;
use std::path::Path;

/// Every number of `kind`'s settings: field names and defaults.
fn fields(kind: TowerKind) -> Vec<(&'static str, f32)> {
    let keyed = TowerSettings::default().keyed();
    keyed
        .into_iter()
        .find(|(k, _)| *k == kind.name())
        .unwrap()
        .1
}

/// The manual's chapter at `page` (under `docs/book/src/`), and its name for messages.
fn chapter(page: &str) -> (String, String) {
    let path = format!("docs/book/src/{page}");
    (asset(&path), path)
}

/// The chapter's lines from the one containing `start` to the next blank line.
fn paragraph<'a>((text, path): &'a (String, String), start: &str) -> &'a str {
    let at = text
        .find(start)
        .unwrap_or_else(|| panic!("{path} has no `{start}`"));
    let end = text[at..].find("\n\n").map_or(text.len(), |e| at + e);
    &text[at..end]
}

#[test]
fn the_manual_names_every_kind_where_it_lists_them() {
    let controls_page = chapter("controls.md");
    let levels_page = chapter("formats/levels.md");
    let scripts_page = chapter("formats/edit-scripts.md");
    let scenarios_page = chapter("formats/scenarios.md");
    let controls = controls_page
        .0
        .lines()
        .find(|l| l.starts_with("| `1`") && l.contains("select the"))
        .expect("the manual's controls have a row for the tower keys");
    let level = paragraph(&levels_page, "`assets/levels/*.txt`: one line per row");
    let script = paragraph(&scripts_page, "**Edit scripts** (`--script`)");
    let scenario = paragraph(&scenarios_page, "    towers: (");
    let cost = scenarios_page
        .0
        .lines()
        .find(|l| l.trim_start().starts_with("cost: (wall:"))
        .expect("the manual's scenario example has a budget's costs");
    let mut missing = Vec::new();
    for (i, &kind) in TowerKind::ALL.iter().enumerate() {
        let (name, info) = (kind.name(), kind.info());
        let key = format!("`{}`", i + 1);
        if !(controls.contains(&key) && controls.contains(name)) {
            missing.push(format!("controls: key {key} selecting the {name}"));
        }
        let character = format!("`{}` {}", info.symbol, info.tile_name);
        if !level.contains(&character) {
            missing.push(format!("level files: {character}"));
        }
        if !script.contains(&format!("`{name}`")) {
            missing.push(format!("edit scripts: the action `{name}`"));
        }
        // Each kind's settings on its own line of the example.
        let line = scenario
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{name}: (")));
        match line {
            None => missing.push(format!("the scenario example's towers: `{name}: (..)`")),
            Some(line) => {
                for (field, _) in fields(kind) {
                    if !line.contains(&format!("{field}: ")) {
                        missing.push(format!("the scenario example's {name}: `{field}`"));
                    }
                }
            }
        }
        if !cost.contains(&format!("{name}: ")) {
            missing.push(format!("the scenario example's costs: `{name}: N`"));
        }
    }
    assert!(
        missing.is_empty(),
        "the manual (docs/book/src/) does not name:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_architecture_map_names_every_kind_where_it_lists_them() {
    let map = asset("docs/ARCHITECTURE.md");
    let row = |start: &str| {
        map.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("docs/ARCHITECTURE.md has no row `{start}`"))
    };
    let level = row("| level (`assets/levels/*.txt`)");
    let script = row("| edit script (`horde sim --script`)");
    let mut missing = Vec::new();
    for &kind in TowerKind::ALL {
        let (name, symbol) = (kind.name(), kind.info().symbol);
        if !level.contains(&format!("`{symbol}` {name}")) {
            missing.push(format!("the level format's characters: `{symbol}` {name}"));
        }
        if !script.contains(&format!("`{name}`")) {
            missing.push(format!("the edit script's actions: `{name}`"));
        }
    }
    assert!(
        missing.is_empty(),
        "docs/ARCHITECTURE.md does not name:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_example_scenario_sets_every_kinds_every_setting() {
    let text = asset("assets/scenarios/example.ron");
    let scenario = Scenario::parse(&text, Path::new("example.ron")).unwrap();
    let towers = &text[text.find("towers: (").expect("example.ron has towers")..];
    for &kind in TowerKind::ALL {
        let name = kind.name();
        let at = towers
            .find(&format!("{name}: ("))
            .unwrap_or_else(|| panic!("example.ron's towers leave out the {name}"));
        let line = towers[at..].lines().next().unwrap();
        for (field, default) in fields(kind) {
            assert!(
                line.contains(&format!("{field}: ")),
                "example.ron's {name}: {field}"
            );
            let set = scenario.towers.keyed();
            let value = set.iter().find(|(k, _)| *k == name).unwrap().1.clone();
            let value = value.iter().find(|(f, _)| *f == field).unwrap().1;
            assert_eq!(
                value, default,
                "example.ron gives the {name}'s {field} its default"
            );
        }
    }
}

#[test]
fn every_kind_is_read_by_its_character_word_settings_and_cost() {
    let error = parse_level(".S.\n.DX\n", Path::new("bad.txt"))
        .unwrap_err()
        .to_string();
    for &kind in TowerKind::ALL {
        let (name, symbol) = (kind.name(), kind.info().symbol);
        assert!(
            error.contains(&format!("'{symbol}'")),
            "the level error: {error}"
        );
        // Its level character.
        let board = parse_level(&format!(".S.\n.D{symbol}\n"), Path::new("k.txt")).unwrap();
        let content = board.contents().iter().find_map(|c| c.tower());
        assert_eq!(content, Some(kind), "{name}'s character {symbol}");
        // Its script word.
        let script = EditScript::parse(&format!("1 {name} 1 1\n"), Path::new("k.txt")).unwrap();
        assert_eq!(script.edits().len(), 1, "the script word {name}");
        // Each setting by field name, in a scenario file and through the keyed form.
        for (field, default) in fields(kind) {
            let mut settings = TowerSettings::default();
            settings.set_field(kind, field, default * 0.5).unwrap();
            assert_ne!(settings, TowerSettings::default(), "{name}'s {field}");
        }
        // Its cost, in a scenario's budget.
        let text = asset("assets/scenarios/example.ron").replacen(
            "animation: true,",
            &format!("animation: true, budget: (start: 9, cost: (wall: 1, {name}: 7)),"),
            1,
        );
        let scenario = Scenario::parse(&text, Path::new("k.ron")).unwrap();
        let cost = scenario.budget.unwrap().cost;
        assert_eq!(
            (cost.wall, cost.tower(kind)),
            (1, 7),
            "the cost of the {name}"
        );
    }
}

#[test]
fn an_unknown_cost_is_refused_at_its_line_naming_the_known_ones() {
    let text = asset("assets/scenarios/example.ron").replacen(
        "animation: true,",
        "animation: true,\n    budget: (start: 9, cost: (wall: 1, catapult: 7)),",
        1,
    );
    let error = Scenario::parse(&text, Path::new("k.ron"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("catapult"), "{error}");
    for &kind in TowerKind::ALL {
        assert!(error.contains(kind.name()), "{error}");
    }
    let line = text.lines().position(|l| l.contains("catapult")).unwrap() + 1;
    assert!(error.starts_with(&format!("k.ron:{line}:")), "{error}");
}
