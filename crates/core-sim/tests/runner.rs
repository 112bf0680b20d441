#![allow(clippy::unwrap_used)]
//! The endless runner against the reference text: pool, clear start, jump apex, crouch,
//! obstacles, restart, the autopilot over two minutes, and replays.

use horde_core_sim::runner::{
    InputRecorder, InputScript, RunState, Runner, RunnerInput, RunnerSettings,
    autopilot as runner_autopilot,
};

const DT: f64 = 1.0 / 60.0;

fn start(runner: &mut Runner) {
    runner.step(
        RunnerInput {
            start: true,
            ..RunnerInput::default()
        },
        DT,
    );
}

/// Settings whose every obstacle is kind `name` of the defaults.
fn only(name: &str) -> RunnerSettings {
    let mut settings = RunnerSettings::default();
    settings.obstacles.retain(|k| k.name == name);
    assert_eq!(settings.obstacles.len(), 1);
    settings
}

fn sorted_starts(runner: &Runner) -> Vec<f64> {
    let mut starts: Vec<f64> = runner.sections().iter().map(|s| s.start_z).collect();
    starts.sort_by(f64::total_cmp);
    starts
}

#[test]
fn the_pool_never_changes_size_and_the_track_stays_contiguous_ahead() {
    let mut runner = Runner::new(RunnerSettings::default(), 3);
    let pool = runner.sections().as_ptr();
    let length = runner.settings().section.length as f64;
    for _ in 0..60 * 120 {
        let input = runner_autopilot(&runner);
        runner.step(input, DT);
        assert_eq!(runner.sections().len(), 15);
        // Same storage: sections are moved, never created or destroyed.
        assert_eq!(runner.sections().as_ptr(), pool);
        let starts = sorted_starts(&runner);
        for pair in starts.windows(2) {
            assert!((pair[1] - pair[0] - length).abs() < 1e-9, "{starts:?}");
        }
        let z = runner.player().z;
        assert!(starts[0] <= z && z < starts[14] + length);
        // Enough track ahead of the player.
        assert!(starts[14] + length - z > 10.0 * length);
    }
    assert_eq!(runner.state(), RunState::Running);
    // About 1,500 units run over 20-unit sections: most of them recycled.
    assert!(
        runner.sections_recycled() > 60,
        "{}",
        runner.sections_recycled()
    );
}

#[test]
fn the_first_three_sections_are_clear_and_the_rest_have_obstacles() {
    for seed in 0..20 {
        let runner = Runner::new(RunnerSettings::default(), seed);
        let mut sections = runner.sections().to_vec();
        sections.sort_by(|a, b| a.start_z.total_cmp(&b.start_z));
        assert!(sections[..3].iter().all(|s| s.obstacle.is_none()));
        assert!(sections[3..].iter().all(|s| s.obstacle.is_some()));
    }
    // All three kinds appear.
    let runner = Runner::new(RunnerSettings::default(), 1);
    let mut kinds: Vec<usize> = runner
        .sections()
        .iter()
        .filter_map(|s| s.obstacle)
        .collect();
    kinds.sort();
    kinds.dedup();
    assert_eq!(kinds, vec![0, 1, 2]);
}

#[test]
fn a_jump_peaks_at_the_configured_height() {
    let mut runner = Runner::new(RunnerSettings::default(), 1);
    start(&mut runner);
    runner.step(
        RunnerInput {
            jump: true,
            ..RunnerInput::default()
        },
        DT,
    );
    assert!((runner.take_off_speed() - (2.0f64 * 2.5 * 20.0).sqrt()).abs() < 1e-12);
    let mut apex: f64 = 0.0;
    let mut airborne_steps = 0;
    while !runner.player().grounded {
        apex = apex.max(runner.player().y);
        airborne_steps += 1;
        runner.step(RunnerInput::default(), DT);
        assert!(airborne_steps < 600);
    }
    assert!((apex - 2.5).abs() <= 0.025, "apex {apex}");
    // Up and down take 2·sqrt(2h/g) = 1 s.
    assert!(
        (airborne_steps as f64 * DT - 1.0).abs() < 0.05,
        "{airborne_steps}"
    );
}

#[test]
fn jumping_only_works_from_the_ground() {
    let mut runner = Runner::new(RunnerSettings::default(), 1);
    start(&mut runner);
    let jump = RunnerInput {
        jump: true,
        ..RunnerInput::default()
    };
    runner.step(jump, DT);
    for _ in 0..10 {
        runner.step(jump, DT);
    }
    // Holding jump in the air does not add speed: it still lands after about a second.
    let mut apex: f64 = 0.0;
    for _ in 0..120 {
        apex = apex.max(runner.player().y);
        runner.step(RunnerInput::default(), DT);
    }
    assert!(apex <= 2.5 * 1.01, "{apex}");
}

#[test]
fn crouching_brings_the_height_to_0_4_and_standing_brings_it_back() {
    let mut runner = Runner::new(RunnerSettings::default(), 1);
    start(&mut runner);
    let crouch = RunnerInput {
        crouch: true,
        ..RunnerInput::default()
    };
    runner.step(crouch, DT);
    // One step of smoothing at rate 7: 1 - (1 - 0.4)·7/60.
    assert!((runner.player().scale - (1.0 - 0.6 * 7.0 / 60.0)).abs() < 1e-9);
    for _ in 0..120 {
        runner.step(crouch, DT);
    }
    let (min, max) = runner.player_box();
    assert!(
        ((max[1] - min[1]) - 0.4).abs() <= 0.004,
        "{}",
        max[1] - min[1]
    );
    for _ in 0..120 {
        runner.step(RunnerInput::default(), DT);
    }
    assert!((runner.player().scale - 1.0).abs() <= 0.01);
}

/// Runs with `input` every step until game over or 30 s; returns the state.
fn run_with(settings: RunnerSettings, input: impl Fn(&Runner) -> RunnerInput) -> Runner {
    let mut runner = Runner::new(settings, 9);
    start(&mut runner);
    for _ in 0..60 * 30 {
        if runner.state() != RunState::Running {
            break;
        }
        runner.step(input(&runner), DT);
    }
    runner
}

#[test]
fn each_obstacle_kind_ends_the_game_without_the_right_move() {
    let nothing = |_: &Runner| RunnerInput::default();
    let crouch_always = |_: &Runner| RunnerInput {
        crouch: true,
        ..RunnerInput::default()
    };
    let jump_always = |_: &Runner| RunnerInput {
        jump: true,
        ..RunnerInput::default()
    };
    let jump_only = |r: &Runner| RunnerInput {
        crouch: false,
        ..runner_autopilot(r)
    };
    let crouch_only = |r: &Runner| RunnerInput {
        jump: false,
        ..runner_autopilot(r)
    };
    for kind in ["jump", "crouch", "both"] {
        let runner = run_with(only(kind), nothing);
        assert_eq!(
            runner.state(),
            RunState::GameOver,
            "{kind}: running into it"
        );
        // It ends where the first obstacle stands: after the three clear sections.
        let first_obstacle_z = 3.0 * 20.0 - 10.0;
        assert!(runner.player().z > first_obstacle_z, "{kind}");
        assert!(runner.player().z < first_obstacle_z + 20.0, "{kind}");
    }
    assert_eq!(
        run_with(only("jump"), crouch_always).state(),
        RunState::GameOver
    );
    assert_eq!(
        run_with(only("jump"), crouch_only).state(),
        RunState::GameOver
    );
    assert_eq!(
        run_with(only("crouch"), jump_always).state(),
        RunState::GameOver
    );
    assert_eq!(
        run_with(only("crouch"), jump_only).state(),
        RunState::GameOver
    );
    assert_eq!(
        run_with(only("both"), jump_only).state(),
        RunState::GameOver
    );
    assert_eq!(
        run_with(only("both"), crouch_only).state(),
        RunState::GameOver
    );
    // The right moves get through every kind.
    for kind in ["jump", "crouch", "both"] {
        assert_eq!(
            run_with(only(kind), runner_autopilot).state(),
            RunState::Running,
            "{kind}"
        );
    }
}

#[test]
fn restart_resets_score_speed_and_track() {
    let mut runner = Runner::new(RunnerSettings::default(), 4);
    assert_eq!(runner.state(), RunState::Ready);
    // Nothing moves before Space.
    runner.step(RunnerInput::default(), DT);
    assert_eq!(runner.score(), 0.0);
    start(&mut runner);
    while runner.state() == RunState::Running {
        runner.step(RunnerInput::default(), DT);
    }
    assert!(runner.score() > 0.0);
    assert!(runner.speed() > 12.0);
    let z = runner.player().z;
    // Nothing moves after game over either.
    runner.step(RunnerInput::default(), DT);
    assert_eq!(runner.player().z, z);
    start(&mut runner);
    assert_eq!(runner.state(), RunState::Running);
    assert_eq!(runner.runs(), 2);
    // The restart step itself ran one step.
    assert!((runner.score() - 12.0 * DT).abs() < 1e-9);
    assert!((runner.speed() - 12.0 - 12.0 * DT / 500.0).abs() < 1e-9);
    assert!(runner.player().z < 1.0);
    let mut sections = runner.sections().to_vec();
    sections.sort_by(|a, b| a.start_z.total_cmp(&b.start_z));
    assert_eq!(sections[0].start_z, -10.0);
    assert!(sections[..3].iter().all(|s| s.obstacle.is_none()));
    assert_eq!(runner.sections().len(), 15);
}

#[test]
fn the_autopilot_survives_four_minutes_and_scores_twelve_a_second() {
    // The issue asks for two minutes; four reach speed 17.8, close to the point (about 19)
    // where a bar followed by a wall and a bar leaves no room for any jump.
    for seed in [1, 2, 3, 4, 5, 42] {
        let mut runner = Runner::new(RunnerSettings::default(), seed);
        let mut checked = 0;
        for tick in 1..=60 * 240 {
            let input = runner_autopilot(&runner);
            runner.step(input, DT);
            assert_eq!(
                runner.state(),
                RunState::Running,
                "seed {seed}, tick {tick}"
            );
            if tick % 600 == 0 {
                let t = runner.seconds();
                assert!((runner.score() - 12.0 * t).abs() <= 0.01 * 12.0 * t);
                checked += 1;
            }
            if tick == 60 * 120 {
                assert!((runner.seconds() - 120.0).abs() < 1e-6);
                // Speed rose with the score: 12 + 1440 / 500.
                assert!((runner.speed() - (12.0 + 1440.0 / 500.0)).abs() < 0.01);
                // Distance is the integral of the speed: 12·t + 12·t²/1000.
                let expected = 12.0 * 120.0 + 12.0 * 120.0 * 120.0 / 1000.0;
                assert!(
                    (runner.distance() - expected).abs() < 1.0,
                    "{}",
                    runner.distance()
                );
            }
        }
        assert_eq!(checked, 24);
        assert!((runner.speed() - (12.0 + 2880.0 / 500.0)).abs() < 0.01);
    }
}

#[test]
fn a_recorded_run_replays_exactly() {
    let mut runner = Runner::new(RunnerSettings::default(), 7);
    let mut recorder = InputRecorder::new();
    for tick in 1..=60 * 30 {
        let input = runner_autopilot(&runner);
        recorder.record(tick, input);
        runner.step(input, DT);
    }
    let mut script = InputScript::parse(recorder.text(), "run.txt".as_ref()).unwrap();
    let mut replay = Runner::new(RunnerSettings::default(), 7);
    for tick in 1..=60 * 30 {
        replay.step(script.input(tick), DT);
    }
    assert_eq!(replay.player(), runner.player());
    assert_eq!(replay.sections(), runner.sections());
    assert_eq!(replay.score(), runner.score());
    assert_eq!(replay.state(), RunState::Running);
}

#[test]
fn bad_input_scripts_name_line_and_column() {
    let e = InputScript::parse("1 start\n20 leap\n", "in.txt".as_ref()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "in.txt:2:4: unknown action `leap` (expected start, jump, crouch or stand)"
    );
    let e = InputScript::parse("# c\n0 jump\n", "in.txt".as_ref()).unwrap_err();
    assert!(e.to_string().starts_with("in.txt:2:1: "), "{e}");
    let e = InputScript::parse("5 jump now\n", "in.txt".as_ref()).unwrap_err();
    assert!(e.to_string().starts_with("in.txt:1:8: "), "{e}");
}

#[test]
fn at_any_speed_the_pool_keeps_up_and_walls_are_not_skipped() {
    let mut settings = RunnerSettings {
        base_speed: 1000.0,
        speed_score_divisor: 1.0,
        clear_sections: 15,
        ..RunnerSettings::default()
    };
    let mut runner = Runner::new(settings.clone(), 1);
    start(&mut runner);
    for _ in 0..600 {
        runner.step(RunnerInput::default(), DT);
    }
    // Clear sections are recycled with obstacles: by now one has been met.
    assert_eq!(runner.state(), RunState::GameOver);
    // With no obstacle kind anyone can touch, it runs on, and the track stays around it.
    settings.obstacles[0].boxes = vec![horde_core_sim::runner::ObstacleBox {
        min: (5.0, 0.0, 1.0),
        max: (6.0, 1.0, 2.0),
    }];
    settings.obstacles.truncate(1);
    let mut runner = Runner::new(settings, 1);
    start(&mut runner);
    for _ in 0..600 {
        runner.step(RunnerInput::default(), DT);
        let starts = sorted_starts(&runner);
        let z = runner.player().z;
        assert!(starts[0] <= z && z < starts[14] + 20.0, "{z} {starts:?}");
    }
    assert!(runner.speed() > 1000.0);
    assert!(runner.sections_recycled() > 500);
    assert_eq!(runner.sections().len(), 15);
}

#[test]
fn out_of_range_settings_are_refused() {
    for (text, field) in [
        ("(base_speed: 5000.0)", "base_speed"),
        ("(speed_score_divisor: 0.001)", "speed_score_divisor"),
        ("(pool: 1)", "pool"),
        ("(crouch_scale: 1.5)", "crouch_scale"),
        (
            "(player: (width: 1.0, height: 0.0, depth: 1.0))",
            "player.height",
        ),
        (
            "(pool: 3, clear_sections: 3, recycle_behind: 50.0)",
            "recycle_behind",
        ),
    ] {
        let e = RunnerSettings::parse(text, "r.ron".as_ref()).unwrap_err();
        assert!(e.to_string().contains(field), "{text}: {e}");
        assert!(e.to_string().starts_with("r.ron:1:"), "{text}: {e}");
    }
}

/// Runs the autopilot for `steps` steps, restarting after a game over.
fn play(runner: &mut Runner, steps: usize) {
    for _ in 0..steps {
        let mut input = runner_autopilot(runner);
        input.start = runner.state() != RunState::Running;
        runner.step(input, DT);
    }
}

#[test]
fn new_settings_are_taken_at_the_next_section_and_new_obstacles_are_theirs() {
    let mut runner = Runner::new(RunnerSettings::default(), 8);
    start(&mut runner);
    play(&mut runner, 60);
    assert_eq!(runner.state(), RunState::Running);
    let recycled = runner.sections_recycled();
    let mut jumpy = only("jump");
    jumpy.jump_height = 4.0;
    runner.set_settings(jumpy.clone());
    assert!(runner.settings_pending());
    assert_ne!(
        runner.settings().jump_height,
        4.0,
        "taken before the next section"
    );
    while runner.sections_recycled() == recycled {
        let input = runner_autopilot(&runner);
        runner.step(input, DT);
    }
    assert!(!runner.settings_pending());
    assert_eq!(runner.settings(), &jumpy);
    // The one kind left is index 0; every section holds it or nothing.
    assert!(
        runner
            .sections()
            .iter()
            .all(|s| s.obstacle.is_none_or(|k| k == 0))
    );
    play(&mut runner, 600);
    assert_eq!(runner.sections().len(), jumpy.pool);
}

#[test]
fn a_new_pool_and_section_length_lay_the_track_out_again_clear_around_the_player() {
    let mut runner = Runner::new(RunnerSettings::default(), 2);
    start(&mut runner);
    play(&mut runner, 90);
    let mut longer = RunnerSettings {
        pool: 9,
        ..RunnerSettings::default()
    };
    longer.section.length = 30.0;
    runner.set_settings(longer);
    let recycled = runner.sections_recycled();
    while runner.sections_recycled() == recycled && runner.settings().pool != 9 {
        let input = runner_autopilot(&runner);
        runner.step(input, DT);
    }
    assert_eq!(runner.sections().len(), 9);
    assert_eq!(
        runner.state(),
        RunState::Running,
        "no obstacle laid onto the player"
    );
    let starts = sorted_starts(&runner);
    assert!(
        starts.windows(2).all(|w| (w[1] - w[0] - 30.0).abs() < 1e-9),
        "{starts:?}"
    );
    let z = runner.player().z;
    assert!(
        starts[0] <= z && z < starts[8] + 30.0,
        "the player is on the track"
    );
    play(&mut runner, 60 * 30);
    assert_eq!(runner.sections().len(), 9);
}

#[test]
fn between_runs_new_settings_are_taken_at_once() {
    let mut runner = Runner::new(RunnerSettings::default(), 2);
    let fewer = RunnerSettings {
        pool: 5,
        ..RunnerSettings::default()
    };
    runner.set_settings(fewer.clone());
    assert_eq!(runner.settings(), &fewer);
    assert_eq!(runner.sections().len(), 5);
}
