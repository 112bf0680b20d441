//! The runner scene's game handling, headless (no window, no GPU): Space, keys, autopilot.
#![allow(clippy::unwrap_used)]

use horde::clock::FixedClock;
use horde::scenes::runner::RunnerScene;
use horde::scenes::{InputState, Scene, Tick};
use horde_core_sim::runner::RunState;
use horde_core_sim::runner::RunnerSettings;
use horde_levelgen::scenery::ScatterSettings;

/// Lets `seconds` of wall clock pass through the shell's fixed-step clock.
fn advance(scene: &mut RunnerScene, clock: &mut FixedClock, seconds: f64) {
    let steps = clock.advance(seconds);
    scene.update(Tick::steps(steps), &InputState::default());
}

#[test]
fn space_starts_a_run_and_restarts_it_after_game_over() {
    let mut scene = RunnerScene::new(
        RunnerSettings::load_or_built_in(None).unwrap(),
        ScatterSettings::load_or_built_in(None).unwrap(),
        5,
        false,
    )
    .unwrap();
    let mut clock = FixedClock::default();
    advance(&mut scene, &mut clock, 1.0);
    assert_eq!(scene.runner.state(), RunState::Ready, "it waits for Space");
    scene.press_start();
    advance(&mut scene, &mut clock, 1.0 / 60.0);
    assert_eq!(scene.runner.state(), RunState::Running);
    // Nobody at the keys: the first obstacle ends the run.
    for _ in 0..60 * 10 {
        advance(&mut scene, &mut clock, 1.0 / 60.0);
    }
    assert_eq!(scene.runner.state(), RunState::GameOver);
    let score = scene.runner.score();
    assert!(score > 0.0);
    advance(&mut scene, &mut clock, 1.0);
    assert_eq!(scene.runner.score(), score, "nothing moves after game over");
    scene.press_start();
    advance(&mut scene, &mut clock, 1.0 / 60.0);
    assert_eq!(scene.runner.state(), RunState::Running);
    assert!(scene.runner.score() < 1.0, "restart resets the score");
    assert!(scene.runner.speed() < 12.01, "restart resets the speed");
    assert_eq!(scene.runner.runs(), 2);
}

#[test]
fn the_jump_key_jumps_once_per_press_and_crouch_follows_the_key() {
    let mut scene = RunnerScene::new(
        RunnerSettings::load_or_built_in(None).unwrap(),
        ScatterSettings::load_or_built_in(None).unwrap(),
        5,
        false,
    )
    .unwrap();
    let mut clock = FixedClock::default();
    scene.press_start();
    advance(&mut scene, &mut clock, 1.0 / 60.0);
    scene.press_jump();
    advance(&mut scene, &mut clock, 1.0 / 60.0);
    assert!(!scene.runner.player().grounded);
    let mut apex: f64 = 0.0;
    for _ in 0..90 {
        advance(&mut scene, &mut clock, 1.0 / 60.0);
        apex = apex.max(scene.runner.player().y);
    }
    assert!((apex - 2.5).abs() < 0.03, "{apex}");
    assert!(scene.runner.player().grounded, "one press, one jump");
    scene.crouch_held = true;
    for _ in 0..60 {
        advance(&mut scene, &mut clock, 1.0 / 60.0);
    }
    assert!(scene.runner.player().scale < 0.45);
    scene.crouch_held = false;
    for _ in 0..60 {
        advance(&mut scene, &mut clock, 1.0 / 60.0);
    }
    assert!(scene.runner.player().scale > 0.95);
}
