//! Live files through the scenes' own code, headless: real files edited on disk, the scenes
//! updated frame by frame until the watch reports them. The TD board takes a level edit with
//! the game going on and a scenario edit restarts the scenario; the runner takes new settings
//! at its next section and makes its scenery again from new scenery settings, and the
//! platformer takes new sections; a broken edit changes nothing and is shown, naming file,
//! line and column, until a good one. Edited scenery takes the place of the runner's rows in
//! view without a hole (a GPU test: rows are taken as a frame is prepared).
#![allow(clippy::unwrap_used)]

mod common;

use horde::live::LiveFiles;
use horde::offscreen::Offscreen;
use horde::scenes::platformer::PlatformerScene;
use horde::scenes::runner::RunnerScene;
use horde::scenes::td::TdGame;
use horde::scenes::{InputState, Reporting, Scene, Tick};
use horde_core_sim::platformer::Sections;
use horde_core_sim::runner::RunnerSettings;
use horde_core_sim::td::game::{GameSource, LevelSource, ScenarioSource};
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::TileContent;
use horde_levelgen::scenery::ScatterSettings;
use horde_renderer::BackendChoice;
use std::path::Path;
use std::time::{Duration, Instant};

const LEVEL: &str = include_str!("../../../assets/levels/default.txt");
const SCENARIO: &str = include_str!("../../../assets/scenarios/example.ron");
const RUNNER: &str = include_str!("../../../assets/runner/default.ron");
const SECTIONS: &str = include_str!("../../../assets/platformer/default.ron");
const SCENERY: &str = include_str!("../../../assets/scatter/default.ron");

/// Updates `scene` a frame at a time until `done` holds (panics after 20 s).
fn until<S: Scene>(scene: &mut S, mut done: impl FnMut(&S) -> bool) {
    let start = Instant::now();
    while !done(scene) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "not seen in 20 s"
        );
        scene.update(Tick::steps(1), &InputState::default());
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Writes `text` to `path` as editors that save by rename do.
fn save(path: &Path, text: &str) {
    let new = path.with_extension("new");
    std::fs::write(&new, text).unwrap();
    std::fs::rename(&new, path).unwrap();
}

#[test]
fn the_td_board_takes_a_level_edit_live_and_keeps_it_through_a_broken_one() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("level.txt");
    std::fs::write(&level, LEVEL).unwrap();
    let source = GameSource {
        level: LevelSource::File(level.clone()),
        scenario: None,
    };
    let scene = TdGame::open(&source, SpawnSettings::default(), 1).unwrap();
    let mut play = common::play::framed(scene);
    play.watch(LiveFiles::watching(), Some(&level), None);
    for _ in 0..300 {
        play.update(Tick::steps(1), &InputState::default());
    }
    let ticks = play.game.sim().counts().ticks;
    assert!(play.game.sim().enemies().len() > 2);

    // A wall west of the destination (row 6 of the file is y = 5).
    save(&level, &LEVEL.replacen(".....D", "....#D", 1));
    until(&mut play, |p| p.live.counts().reloads == 1);
    let wall = play.game.sim().board().index(4, 5).unwrap();
    assert_eq!(play.game.sim().board().content(wall), TileContent::Wall);
    assert!(play.game.sim().counts().ticks >= ticks, "the game went on");
    assert!(play.status().contains("reloaded"), "{}", play.status());

    save(&level, &LEVEL.replacen(".....D", "....#D?", 1));
    until(&mut play, |p| p.live.counts().reload_errors == 1);
    let error = play.live.error().unwrap();
    assert!(error.contains("level.txt:6:"), "{error}");
    assert_eq!(
        play.game.sim().board().content(wall),
        TileContent::Wall,
        "board kept"
    );

    // Restart (B) goes back to the reloaded level, not the one first opened.
    save(&level, &LEVEL.replacen(".....D", "...#.D", 1));
    until(&mut play, |p| p.live.counts().reloads == 2);
    assert!(play.live.error().is_none());
    play.game.restart(1);
    let board = play.game.sim().board();
    assert_eq!(board.content(board.index(3, 5).unwrap()), TileContent::Wall);
    assert_eq!(board.content(wall), TileContent::Empty);
    let summary = play.summary_json(9).unwrap();
    assert!(
        summary.contains(",\"reloads\":2,\"reload_errors\":1,"),
        "{summary}"
    );
}

#[test]
fn a_scenario_edit_restarts_the_scenario_with_the_new_rules() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("waves.ron");
    std::fs::write(&scenario, SCENARIO).unwrap();
    let source = GameSource {
        level: LevelSource::BuiltIn,
        scenario: Some(ScenarioSource::File(scenario.clone())),
    };
    let scene = TdGame::open(&source, SpawnSettings::default(), 1).unwrap();
    let mut play = common::play::framed(scene);
    play.watch(LiveFiles::watching(), None, Some(&scenario));
    for _ in 0..200 {
        play.update(Tick::steps(1), &InputState::default());
    }
    assert_eq!(play.game.sim().counts().lives, 10);
    save(&scenario, &SCENARIO.replacen("lives: 10", "lives: 3", 1));
    until(&mut play, |p| p.live.counts().reloads == 1);
    let c = play.game.sim().counts();
    assert_eq!(c.lives, 3);
    assert!(c.ticks < 100, "restarted: {} ticks", c.ticks);
    save(&scenario, &SCENARIO.replacen("lives: 10", "lives: ten", 1));
    until(&mut play, |p| p.live.counts().reload_errors == 1);
    assert!(
        play.live.error().unwrap().contains("waves.ron:5:"),
        "{:?}",
        play.live.error()
    );
    assert_eq!(play.game.sim().scenario().unwrap().lives, 3);
}

#[test]
fn the_runner_takes_new_settings_at_its_next_section() {
    let dir = tempfile::tempdir().unwrap();
    let settings = dir.path().join("runner.ron");
    std::fs::write(&settings, RUNNER).unwrap();
    let mut scene = RunnerScene::in_thread(
        RunnerSettings::load_or_built_in(Some(&settings)).unwrap(),
        ScatterSettings::load_or_built_in(None).unwrap(),
        3,
        true,
    );
    scene.watch(LiveFiles::watching(), Some(&settings), None);
    let jump = scene.runner.settings().jump_height;
    let edited = RUNNER.replacen(&format!("jump_height: {jump:?}"), "jump_height: 3.25", 1);
    assert_ne!(
        edited, RUNNER,
        "the default file names jump_height: {jump:?}"
    );
    save(&settings, &edited);
    until(&mut scene, |s| s.live.counts().reloads == 1);
    until(&mut scene, |s| s.runner.settings().jump_height == 3.25);
    assert!(!scene.runner.settings_pending());
    save(
        &settings,
        &edited.replacen("jump_height: 3.25", "jump_height: -3.0", 1),
    );
    until(&mut scene, |s| s.live.counts().reload_errors == 1);
    assert!(scene.live.error().unwrap().contains("runner.ron:"));
    assert_eq!(scene.runner.settings().jump_height, 3.25);
}

#[test]
fn the_platformer_takes_new_sections_as_they_come_round() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sections.ron");
    std::fs::write(&path, SECTIONS).unwrap();
    let mut scene = PlatformerScene::new(Sections::load(&path).unwrap(), 2);
    scene.watch(LiveFiles::watching(), Some(&path));
    let renamed = SECTIONS.replace("(name: \"", "(name: \"new_");
    save(&path, &renamed);
    until(&mut scene, |s| s.live.counts().reloads == 1);
    until(&mut scene, |s| {
        (0..3).all(|p| s.treadmill().point_section(p).name.starts_with("new_"))
    });
    // Three templates are fewer than a treadmill needs: refused, the sections kept.
    let few = Sections::built_in().unwrap().templates.len();
    assert!(few > 3);
    let cut = renamed.find("(name: \"new_gap\"").unwrap();
    let broken = format!("{}\n    ],\n)\n", renamed[..cut].trim_end());
    save(&path, &broken);
    until(&mut scene, |s| s.live.counts().reload_errors == 1);
    assert!(
        scene.live.error().unwrap().contains("sections.ron:"),
        "{:?}",
        scene.live.error()
    );
    assert!(scene.treadmill().sections().templates.len() > 3);
}

#[test]
fn the_runner_makes_its_scenery_again_from_edited_scenery_settings() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scenery.ron");
    std::fs::write(&path, SCENERY).unwrap();
    let mut scene = RunnerScene::in_thread(
        RunnerSettings::load_or_built_in(None).unwrap(),
        ScatterSettings::load_or_built_in(Some(&path)).unwrap(),
        5,
        true,
    );
    scene.watch(LiveFiles::watching(), None, Some(&path));
    for _ in 0..120 {
        scene.update(Tick::steps(1), &InputState::default());
    }
    assert_eq!(scene.slice_name(), "forest");
    let distance = scene.runner.distance();
    assert!(distance > 0.0, "the runner runs");

    // The first slice renamed: the scenery is the new settings' at once, the run goes on.
    let renamed = SCENERY.replacen("name: \"forest\"", "name: \"woods\"", 1);
    assert_ne!(renamed, SCENERY);
    save(&path, &renamed);
    until(&mut scene, |s| s.live.counts().reloads == 1);
    assert_eq!(scene.slice_name(), "woods");
    assert!(
        scene.runner.distance() >= distance,
        "the run was not restarted"
    );

    // A layer naming a kind the file does not have: refused at its line, the scenery kept.
    save(
        &path,
        &renamed.replacen("(kind: \"rock\"", "(kind: \"boulder\"", 1),
    );
    until(&mut scene, |s| s.live.counts().reload_errors == 1);
    let error = scene.live.error().unwrap();
    assert!(error.contains("scenery.ron:"), "{error}");
    assert!(error.contains("boulder"), "{error}");
    assert_eq!(scene.slice_name(), "woods");
    assert_eq!(scene.live.counts().reloads, 1);
}

#[test]
fn edited_scenery_takes_the_place_of_the_rows_in_view_without_a_hole() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scenery.ron");
    std::fs::write(&path, SCENERY).unwrap();
    // The background generator, as the window has it; nobody presses Space, so the view stays
    // at the start and only new scenery can change what it holds.
    let mut scene = RunnerScene::new(
        RunnerSettings::load_or_built_in(None).unwrap(),
        ScatterSettings::load_or_built_in(Some(&path)).unwrap(),
        5,
        false,
    )
    .unwrap();
    scene.watch(LiveFiles::watching(), None, Some(&path));
    let mut off = Offscreen::new(&common::flags(BackendChoice::Vulkan), (320, 180)).unwrap();
    scene.attach(&mut off.renderer);
    let mut frame = |scene: &mut RunnerScene| {
        scene.update(Tick::steps(1), &InputState::default());
        scene.prepare(&mut off.renderer, &off.ctx).unwrap();
        off.ctx.queue.submit(std::iter::empty());
        std::thread::sleep(Duration::from_millis(5));
    };
    let start = Instant::now();
    while !scene.stats.view.filled {
        assert!(start.elapsed() < Duration::from_secs(60), "no full view");
        frame(&mut scene);
    }
    let before = scene.stats.scenery_instances;
    assert!(before > 0);

    // No pines in the forest's dense chunks: fewer boxes once the new rows are in.
    let pine =
        "(kind: \"pine\", radius: 1.2, noise: (frequency: 0.05, octaves: 4), threshold: -0.1";
    assert!(SCENERY.contains(pine));
    let no_pines = SCENERY.replacen(pine, &pine.replace("threshold: -0.1", "threshold: 2.0"), 1);
    save(&path, &no_pines);
    while scene.stats.scenery_instances >= before {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the new rows never came: {} boxes (reloads {:?})",
            scene.stats.scenery_instances,
            scene.live.counts()
        );
        frame(&mut scene);
        assert_eq!(
            scene.stats.view.missing, 0,
            "a hole while the new rows came"
        );
    }
    assert_eq!(scene.live.counts().reloads, 1);
    for _ in 0..30 {
        frame(&mut scene);
    }
    assert_eq!(scene.stats.view.max_missing_after_fill, 0);
    assert!(scene.stats.scenery_instances < before);
}
