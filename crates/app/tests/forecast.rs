//! The window's wave forecast, driven without a window: it predicts the coming wave on its
//! worker once the game has been still a moment, the prediction is exact (the game left alone
//! plays it to the tick), and an edit while a prediction runs cancels it and asks again, so the
//! forecast shown is the edited game's.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use horde::scenes::td::TdGame;
use horde::scenes::td::forecast::Forecast;
use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::game::{GameSource, LevelSource, ScenarioSource};
use horde_core_sim::td::history::Prediction;
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::EditKind;
use std::path::Path;
use std::time::{Duration, Instant};

fn siege() -> TdGame {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    let source = GameSource {
        level: LevelSource::File(assets.join("levels/battle.txt")),
        scenario: Some(ScenarioSource::File(assets.join("scenarios/siege.ron"))),
    };
    TdGame::open(&source, SpawnSettings::default(), 3).unwrap()
}

/// Updates `forecast` until it shows a prediction made after `since` (at most 20 s).
fn wait_for(forecast: &mut Forecast, game: &TdGame) -> Prediction {
    let started = Instant::now();
    loop {
        forecast.update(game);
        if !forecast.busy()
            && let Some(p) = forecast.prediction()
        {
            return p.clone();
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no forecast: {:?}",
            forecast.text()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_forecast_comes_true_and_an_edit_asks_again() {
    let mut game = siege();
    let mut forecast = Forecast::new();
    let first = wait_for(&mut forecast, &game);
    assert_eq!((first.wave, first.from_tick), (1, 0));
    // An edit while the forecast is owed or running: the next one is the edited game's.
    // The level's laser at (3, 1) removed: a gap in its wall, paths through it.
    game.edit(EditKind::Tower(TowerKind::Laser), 3, 1).unwrap();
    forecast.update(&game);
    assert!(forecast.busy());
    let edited = wait_for(&mut forecast, &game);
    assert_ne!(edited, first, "the edit changed nothing?");
    // Left alone, the game plays the edited forecast to the tick.
    while game.sim().counts().ticks < edited.to_tick {
        game.step_once();
    }
    let counts = game.sim().counts();
    assert_eq!(counts.ticks, edited.to_tick);
    assert_eq!(
        (counts.killed, counts.reached),
        (edited.killed, edited.reached)
    );
    assert_eq!(counts.outcome, edited.outcome);
    let state = game.sim().scenario_state().unwrap();
    assert!(
        state.wave() != edited.wave - 1 || state.cycle() != edited.cycle - 1,
        "the wave is over"
    );
    // The panel says it.
    let text = forecast.text().join("\n");
    assert!(text.contains("forecast: wave 1 of cycle 1"), "{text}");
}

/// Updates `forecast` until it says how the game ends (at most 30 s).
fn wait_for_end(forecast: &mut Forecast, game: &TdGame) -> horde_core_sim::td::history::GameEnd {
    let started = Instant::now();
    loop {
        forecast.update(game);
        if let Some(end) = forecast.game_end() {
            return end;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no game end: {:?}",
            forecast.text()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_panel_says_how_the_game_ends_and_it_comes_true() {
    let mut game = siege();
    let mut forecast = Forecast::new();
    let end = wait_for_end(&mut forecast, &game);
    assert_eq!(
        end.outcome,
        horde_core_sim::td::game::Outcome::Defeat,
        "{end:?}"
    );
    let text = forecast.text().join("\n");
    assert!(
        text.contains(&format!(
            "the game, if nothing changes: lost at wave {}, tick {}",
            end.wave, end.tick
        )),
        "{text}"
    );
    // Left alone, the game is lost at that very tick, in that wave.
    while game.sim().outcome() == horde_core_sim::td::game::Outcome::Running {
        game.step_once();
    }
    assert_eq!(game.sim().counts().ticks, end.tick);
    assert_eq!(
        game.sim().outcome(),
        horde_core_sim::td::game::Outcome::Defeat
    );
    let state = game.sim().scenario_state().unwrap();
    let waves = game.sim().scenario().unwrap().waves.len() as u64;
    assert_eq!(
        u64::from(state.cycle()) * waves + state.wave() as u64 + 1,
        end.wave
    );
}

#[test]
fn after_a_seek_the_panel_never_shows_the_game_before_it() {
    let mut game = siege();
    let mut forecast = Forecast::new();
    // Played to its defeat: the forecast says the game is over.
    while game.sim().outcome() == horde_core_sim::td::game::Outcome::Running {
        game.step_once();
    }
    let lost_at = game.sim().counts().ticks;
    let started = Instant::now();
    loop {
        forecast.update(&game);
        let text = forecast.text().join("\n");
        if text.contains("the game is over") {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "{text}");
        std::thread::sleep(Duration::from_millis(10));
    }
    // Back to a running game: from the seek until the new forecast, the panel says it is
    // predicting and nothing about the lost game.
    assert_eq!(game.seek(300), 300);
    let started = Instant::now();
    loop {
        forecast.update(&game);
        let text = forecast.text().join("\n");
        assert!(!text.contains("the game is over"), "{text}");
        if forecast.prediction().is_some() && !forecast.busy() {
            break;
        }
        assert!(
            text.contains("predicting"),
            "neither predicting nor predicted: {text}"
        );
        assert!(started.elapsed() < Duration::from_secs(20), "{text}");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(forecast.prediction().unwrap().from_tick, 300);
    // And its end is the lost game's again, from here.
    let end = wait_for_end(&mut forecast, &game);
    assert_eq!(end.tick, lost_at);
}

#[test]
fn an_inspector_change_asks_again_and_drops_the_old_end() {
    let mut game = siege();
    let mut forecast = Forecast::new();
    let before = wait_for_end(&mut forecast, &game);
    let said = before.sentence();
    // The clips on from the inspector: not an edit, but another game.
    let animated = game.sim().animation();
    game.change_sim(|sim| sim.set_animation(!animated));
    forecast.update(&game);
    assert!(forecast.busy());
    assert_eq!(forecast.game_end(), None);
    let text = forecast.text().join("\n");
    assert!(!text.contains(&said), "{text}");
    assert!(text.contains("predicting"), "{text}");
    // The new end is the changed game's: left alone, it ends there.
    let after = wait_for_end(&mut forecast, &game);
    while game.sim().outcome() == horde_core_sim::td::game::Outcome::Running {
        game.step_once();
    }
    assert_eq!(game.sim().counts().ticks, after.tick);
}
