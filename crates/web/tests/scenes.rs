//! The scenes the page shows beside the tower defense, played natively as the page plays
//! them: each steps, draws something and says where it stands; the runner and the platformer
//! are the native games; the city grows around its camera and follows it.
#![allow(clippy::unwrap_used)]

use horde_web::scenes::{self, CityShow, PlatformerShow, RunnerShow, Shown};

/// Steps `scene` `ticks` times, refilling its picture every fourth tick (a frame); the
/// instances of the last refill.
fn play(scene: &mut dyn Shown, ticks: u32) -> Vec<horde_renderer::Instance> {
    let mut out = Vec::new();
    for tick in 0..ticks {
        scene.step();
        if tick % 4 == 0 {
            scene.refill(&mut out);
        }
    }
    out
}

#[test]
fn every_scene_the_address_names_opens_and_others_do_not() {
    for name in ["runner", "platformer", "city"] {
        let scene = scenes::open(name, 1).unwrap().unwrap();
        assert_eq!(scene.name(), name);
    }
    assert!(scenes::open("td", 1).is_none());
    assert!(scenes::open("moon", 1).is_none());
}

#[test]
fn the_runner_runs_with_its_scenery_in_view_only() {
    let mut show = RunnerShow::new(3).unwrap();
    let drawn = play(&mut show, 60 * 20);
    let runner = show.runner();
    assert!(runner.distance() > 50.0, "{}", runner.distance());
    assert!(runner.sections_recycled() > 0);
    // Track, obstacles, player and scenery: far more than the game's own boxes.
    assert!(
        drawn.len() > runner.sections().len() + 50,
        "{}",
        drawn.len()
    );
    let chunk = horde_levelgen::scenery::ScatterSettings::built_in()
        .unwrap()
        .chunk_size;
    let (first, last) = horde_looks::scenery_rows_in_view(runner.player().z as f32, chunk);
    let (_, start_last) = horde_looks::scenery_rows_in_view(0.0, chunk);
    for row in show.rows_held() {
        assert!(
            (first..=last).contains(&row) || row <= start_last,
            "row {row}"
        );
    }
    assert!(show.status().starts_with("runner: "), "{}", show.status());
}

#[test]
fn the_runner_is_the_native_game_tick_for_tick() {
    use horde_core_sim::runner::{RunState, Runner, RunnerInput, RunnerSettings, autopilot};
    let mut show = RunnerShow::new(5).unwrap();
    let mut native = Runner::new(RunnerSettings::built_in().unwrap(), 5);
    for _ in 0..600 {
        show.step();
        let mut input = if native.state() == RunState::Running {
            autopilot(&native)
        } else {
            RunnerInput::default()
        };
        input.start = native.state() == RunState::Ready;
        native.step(input, scenes::STEP);
    }
    assert_eq!(show.runner().distance(), native.distance());
    assert_eq!(show.runner().score(), native.score());
}

#[test]
fn the_runner_jumps_when_the_player_says() {
    let mut show = RunnerShow::new(2).unwrap();
    play(&mut show, 60);
    let ground = show.runner().player().y;
    show.key("ArrowUp", true);
    show.key("ArrowUp", false);
    play(&mut show, 10);
    assert!(
        show.runner().player().y > ground,
        "{}",
        show.runner().player().y
    );
    assert!(!show.status().contains("autopilot"), "{}", show.status());
}

#[test]
fn the_platformer_recycles_sections_under_the_autopilot() {
    let mut show = PlatformerShow::new(4).unwrap();
    let drawn = play(&mut show, 60 * 30);
    assert!(
        show.treadmill().recycled() > 3,
        "{}",
        show.treadmill().recycled()
    );
    assert!(!show.player().out, "the autopilot fell");
    assert!(show.player().jumps > 0);
    // The player, the three markers and the sections' boxes.
    assert!(drawn.len() > 4, "{}", drawn.len());
    let camera = show.camera(16.0 / 9.0);
    assert!(
        camera.view.determinant() < 0.0,
        "the simulation's frame is mirrored"
    );
}

#[test]
fn the_city_grows_around_its_camera_and_waits_at_the_edge() {
    let mut show = CityShow::new(7).unwrap();
    let mut out = Vec::new();
    // Nothing is made yet: the camera waits.
    show.step();
    assert_eq!(show.cell(), (0, 0));
    let mut frames = 0;
    while !show.complete() {
        assert!(show.refill(&mut out), "a block made is a new picture");
        frames += 1;
        assert!(frames < 100, "the drawn square never completes");
    }
    assert!(!out.is_empty());
    // Nothing changed: nothing to refill.
    let held = out.len();
    assert!(!show.refill(&mut out));
    assert_eq!(out.len(), held);
    // Onwards north, growing as it goes.
    let mut seen = 0;
    for _ in 0..60 * 20 {
        show.step();
        if show.refill(&mut out) {
            seen += 1;
        }
    }
    let (x, z) = show.cell();
    assert_eq!(x, 0);
    assert!(z > 20, "{z}");
    assert!(seen > 20, "{seen}");
    assert!(show.status().contains("blocks made"), "{}", show.status());
}

#[test]
fn the_city_is_a_pure_function_of_its_seed() {
    let picture = |seed| {
        let mut show = CityShow::new(seed).unwrap();
        let mut out = Vec::new();
        while !show.complete() {
            show.refill(&mut out);
        }
        show.refill(&mut out);
        out.iter().map(|i| (i.model, i.color)).collect::<Vec<_>>()
    };
    assert_eq!(picture(9), picture(9));
    assert_ne!(picture(9), picture(10));
}
