//! `horde preview` as a user runs it: the prediction equals what `horde sim` plays to its
//! `to_tick` (kills, arrivals, lives, outcome), for the shipped scenarios, a generated one and
//! a game played through a script; its leaks add up to the arrivals; bad arguments and a game
//! without waves get clear errors.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn horde(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .output()
        .unwrap()
}

fn last_json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.lines().last().unwrap()).unwrap()
}

fn asset(path: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets")
        .join(path);
    path.to_str().unwrap().to_string()
}

/// Predicts the wave of `game` (+ `script`), plays `horde sim` to its end and compares.
fn prediction_comes_true(game: &[&str], script: Option<&str>) -> Value {
    let mut args = vec!["preview", "--json"];
    args.extend(game);
    if let Some(script) = script {
        args.extend(["--script", script]);
    }
    let p = last_json(&horde(&args));
    for key in [
        "wave",
        "from_tick",
        "to_tick",
        "lives_lost",
        "killed",
        "reached",
        "outcome",
        "leaks",
        "tiles",
        "ms",
    ] {
        assert!(p.get(key).is_some(), "{key} in {p}");
    }
    let (from, to) = (
        p["from_tick"].as_u64().unwrap(),
        p["to_tick"].as_u64().unwrap(),
    );
    assert!(to > from, "{p}");
    let sim = |ticks: u64| {
        let ticks = ticks.to_string();
        let mut args = vec!["sim", "--ticks", &ticks];
        args.extend(game);
        if let Some(script) = script {
            args.extend(["--script", script]);
        }
        last_json(&horde(&args))
    };
    let (before, after) = (sim(from), sim(to));
    assert_eq!(after["ticks"], to, "{after}");
    for key in ["killed", "reached", "outcome"] {
        assert_eq!(p[key], after[key], "{key}: {p} against {after}");
    }
    let lost = before["lives"].as_u64().unwrap() - after["lives"].as_u64().unwrap();
    assert_eq!(p["lives_lost"].as_u64().unwrap(), lost, "{p}");
    let leaked: u64 = p["leaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["count"].as_u64().unwrap())
        .sum();
    let arrived = after["reached"].as_u64().unwrap() - before["reached"].as_u64().unwrap();
    assert_eq!(
        leaked, arrived,
        "leaks {} against arrivals {arrived}",
        p["leaks"]
    );
    p
}

#[test]
fn the_prediction_comes_true_for_the_shipped_scenarios() {
    let battle = asset("levels/battle.txt");
    for scenario in ["scenarios/example.ron", "scenarios/siege.ron"] {
        let scenario = asset(scenario);
        let p = prediction_comes_true(
            &["--level", &battle, "--scenario", &scenario, "--seed", "2"],
            None,
        );
        assert_eq!(p["wave"], 1);
        assert!(
            !p["tiles"].as_array().unwrap().is_empty(),
            "no ghost path: {p}"
        );
    }
    // Through the losing script's towers, into the second cycle.
    let siege = asset("scenarios/siege.ron");
    let losing = asset("scripts/siege-budget-loses.txt");
    let p = prediction_comes_true(&["--level", &battle, "--scenario", &siege], Some(&losing));
    assert!(p["from_tick"].as_u64().unwrap() > 2000, "{p}");
}

#[test]
fn the_prediction_comes_true_for_a_generated_scenario_that_leaks() {
    let dir = tempfile::tempdir().unwrap();
    // No towers on the built-in board, a long first wave, three lives: defeat, with leaks.
    let text = horde_core_sim::td::game::EXAMPLE_SCENARIO
        .replace("lives: 10,", "lives: 3,")
        .replace(
            "(enemy: Small, amount: 10, cooldown: 0.5)",
            "(enemy: Small, amount: 40, cooldown: 0.3)",
        );
    let scenario = dir.path().join("generated.ron");
    std::fs::write(&scenario, text).unwrap();
    let p = prediction_comes_true(
        &["--scenario", scenario.to_str().unwrap(), "--seed", "5"],
        None,
    );
    assert_eq!(p["outcome"], "defeat", "{p}");
    assert_eq!(p["lives_lost"], 3);
    let leaks = p["leaks"].as_array().unwrap();
    // The built-in board's destination, in the centre.
    assert_eq!(
        (leaks[0]["x"].as_u64(), leaks[0]["y"].as_u64()),
        (Some(5), Some(5)),
        "{p}"
    );
}

#[test]
fn bad_arguments_and_a_game_without_waves_get_clear_errors() {
    let out = horde(&["preview", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--scenario"));
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("spawner.horde");
    let out = horde(&["sim", "--ticks", "10", "--save", save.to_str().unwrap()]);
    assert!(out.status.success());
    let out = horde(&["preview", "--load", save.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no wave to predict"), "{stderr}");
    let out = horde(&["preview", "--scenario", "/no/such.ron"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/no/such.ron"));
    // A decided game has no wave left.
    let example = asset("scenarios/example.ron");
    let battle = asset("levels/battle.txt");
    let won = dir.path().join("won.horde");
    let out = horde(&[
        "sim",
        "--level",
        &battle,
        "--scenario",
        &example,
        "--ticks",
        "100000",
        "--save",
        won.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let out = horde(&["preview", "--load", won.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the game is over (victory)"));
}

#[test]
fn the_game_end_is_the_tick_horde_sim_loses_at() {
    let battle = asset("levels/battle.txt");
    let siege = asset("scenarios/siege.ron");
    let game = ["--level", battle.as_str(), "--scenario", siege.as_str()];
    let mut args = vec!["preview", "--json", "--end"];
    args.extend(game);
    let p = last_json(&horde(&args));
    let mut args = vec!["sim", "--ticks", "100000"];
    args.extend(game);
    let played = last_json(&horde(&args));
    assert_eq!(played["outcome"], "defeat");
    assert_eq!(p["end"]["outcome"], "defeat", "{p}");
    assert_eq!(p["end"]["tick"], played["ticks"], "{p}");
    // The siege with no input is lost in its third wave.
    assert_eq!(p["end"]["wave"], 3, "{p}");
    // Without --end there is no `end`, and the line says it in words with it.
    let mut args = vec!["preview", "--json"];
    args.extend(game);
    assert!(last_json(&horde(&args)).get("end").is_none());
    let mut args = vec!["preview", "--end"];
    args.extend(game);
    let out = horde(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!(
            "the game: lost at wave 3, tick {}",
            played["ticks"]
        )),
        "{stdout}"
    );
}
