//! The city scene's tests: putting the walker down, keys and mouse, the summary's keys, and
//! module-set edits applied live.

#![allow(clippy::unwrap_used)]
use super::*;
use crate::scenes::city::columns::Columns;
use crate::scenes::city::view::LOOK_PER_PIXEL;
use glam::Vec2;
use horde_levelgen::collapse::Module;
use horde_levelgen::walk::SurfaceCosts;

/// A scene of the city set holding the cheapest surface (street) around the origin under
/// air, not yet walked.
fn on_the_street() -> CityScene {
    let set = ModuleSet::built_in().unwrap();
    let costs = SurfaceCosts::of(&set);
    let street = (0..set.modules.len() as u16).find(|&m| costs.cheapest(m));
    let shape = |m: &Module| &set.prototypes[m.prototype].shape;
    let air = set.modules.iter().position(|m| shape(m).is_empty());
    let column = [street.unwrap(), air.unwrap() as u16, air.unwrap() as u16];
    let mut scene = CityScene::without_generator(set, 1);
    for z in -20..=20 {
        for x in -20..=20 {
            scene.streaming.take_column((x, z), column.to_vec());
        }
    }
    scene
}

#[test]
fn the_walker_is_put_down_then_waits_until_its_view_is_generated() {
    let mut scene = on_the_street();
    scene.walker.auto_walk = false;
    scene.update(Tick::steps(1), &InputState::default());
    assert!(scene.walker.placed());
    let start = scene.walker.position;
    for _ in 0..60 {
        scene.walk(1.0, 0.0, crate::clock::STEP_F32);
    }
    assert_eq!(scene.walker.position, start, "walked before the view");
    assert_eq!(scene.walker.distance, 0.0);
    // Once a survey finds the view (and a little more) whole, it walks.
    scene.streaming.survey(scene.cell());
    for _ in 0..60 {
        scene.walk(1.0, 0.0, crate::clock::STEP_F32);
    }
    assert!(scene.walker.distance > 2.0, "{}", scene.walker.distance);
    let eye = scene.view.eye(&scene.walker).to_array();
    assert!(!scene.streaming.columns().inside_solid(eye));
}

#[test]
fn space_toggles_auto_walk_and_o_the_overview() {
    let mut scene = on_the_street();
    let mut requests = Requests::default();
    assert!(scene.walker.auto_walk);
    scene.key(KeyCode::Space, true, false, &mut requests);
    assert!(!scene.walker.auto_walk);
    scene.key(KeyCode::Space, true, true, &mut requests);
    assert!(!scene.walker.auto_walk, "a repeat toggled it");
    scene.key(KeyCode::Space, true, false, &mut requests);
    assert!(scene.walker.auto_walk);
    assert!(scene.camera(1.0).fog.is_some());
    scene.key(KeyCode::KeyO, true, false, &mut requests);
    assert!(scene.overview && scene.camera(1.0).fog.is_none());
}

#[test]
fn a_click_captures_the_mouse_for_looking_and_its_release_is_heard() {
    let mut scene = on_the_street();
    let mut requests = Requests::default();
    let mut input = InputState::default();
    scene.mouse_button(MouseButton::Left, true, &input, &mut requests);
    assert!(requests.capture_cursor && scene.captured);
    input.captured = true;
    let yaw = scene.walker.yaw;
    scene.cursor_moved(Vec2::new(100.0, 0.0), &input);
    assert!((scene.walker.yaw - yaw - 100.0 * LOOK_PER_PIXEL).abs() < 1e-5);
    scene.cursor_released();
    assert!(!scene.captured);
    // Without capture or a held button, moving the mouse only points.
    input.captured = false;
    let yaw = scene.walker.yaw;
    scene.cursor_moved(Vec2::new(100.0, 0.0), &input);
    assert_eq!(scene.walker.yaw, yaw);
}

#[test]
fn the_summary_has_the_contract_keys_in_order() {
    let scene = on_the_street();
    let summary = scene.summary_json(3).unwrap();
    let keys = [
        "frames",
        "distance",
        "inside_solid_frames",
        "regenerated_shown",
        "holes_after_first_view",
        "columns_resident_max",
        "stall_ms",
        "stall_cpu_ms",
    ];
    let at: Vec<usize> = keys
        .iter()
        .map(|k| summary.find(&format!("\"{k}\":")).unwrap())
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{summary}");
    assert!(summary.starts_with("{\"frames\":3,"), "{summary}");
}

/// One frame of the scene without a renderer: a step, then the columns taken.
fn frame(scene: &mut CityScene) {
    scene.update(Tick::steps(1), &InputState::default());
    let timer = StallTimer::start();
    let cell = scene.walker.cell();
    scene.streaming.pump(cell, &timer);
    scene.streaming.sweep(cell);
    scene.streaming.survey(cell);
}

/// Frames of the scene, 10 ms apart (the watch and the generator run on their own
/// threads), until `done` holds; panics with `what` after `limit_s` seconds.
fn frames_until(
    scene: &mut CityScene,
    limit_s: u64,
    what: &str,
    done: impl Fn(&CityScene) -> bool,
) {
    let waited = std::time::Instant::now();
    while !done(scene) {
        assert!(waited.elapsed().as_secs() < limit_s, "{what}");
        frame(scene);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

#[test]
fn an_edited_module_set_regenerates_the_city_as_a_fresh_start_shows_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("city.ron");
    std::fs::write(&path, horde_levelgen::collapse::CITY_SET).unwrap();
    let seed = 4;
    let old_set = ModuleSet::load(&path).unwrap();
    let mut scene = CityScene::in_step(old_set.clone(), seed).unwrap();
    scene.watch(LiveFiles::watching(), Some(&path));
    for _ in 0..240 {
        frame(&mut scene);
    }
    assert!(
        scene.walker.distance > 1.0,
        "walked {}",
        scene.walker.distance
    );

    // Streets weigh ten times more: another city.
    let set_text = horde_levelgen::collapse::CITY_SET;
    let street = set_text.find("name: \"street\",").unwrap();
    let at = street + set_text[street..].find("weight: ").unwrap() + "weight: ".len();
    let end = at + set_text[at..].find(',').unwrap();
    let weight: f64 = set_text[at..end].parse().unwrap();
    let heavier = format!("{:.1}", weight * 10.0);
    let edited = format!("{}{heavier}{}", &set_text[..at], &set_text[end..]);
    let broken = format!("{}-1.0{}", &set_text[..at], &set_text[end..]);
    std::fs::write(&path, &broken).unwrap();
    frames_until(&mut scene, 20, "no refusal seen", |s| {
        s.live.counts().reload_errors > 0
    });
    let error = scene.live.error().unwrap().to_string();
    assert!(error.contains("city.ron:"), "{error}");
    assert_eq!(scene.live.counts().reloads, 0);
    std::fs::write(&path, &edited).unwrap();
    frames_until(&mut scene, 40, "no reload seen", |s| {
        s.live.counts().reloads > 0
    });
    assert!(scene.live.error().is_none(), "a good edit clears the error");
    let new_set = ModuleSet::parse(&edited, &path).unwrap();
    for _ in 0..120 {
        frame(&mut scene);
    }
    assert!(scene.walker.placed(), "put down again");
    let eye = scene.view.eye(&scene.walker).to_array();
    assert!(!scene.streaming.columns().inside_solid(eye));

    // A fresh start with the new set, its stream told the same cell, holds the same columns;
    // the old set's city differs.
    let cell = scene.cell();
    let columns = |set: &ModuleSet| {
        let mut fresh = CityScene::in_step(set.clone(), seed).unwrap();
        fresh.streaming.pump(cell, &StallTimer::start());
        fresh
    };
    let (fresh, old) = (columns(&new_set), columns(&old_set));
    let (mut same, mut differ) = (0, 0);
    for z in cell.1 - 6..=cell.1 + 6 {
        for x in cell.0 - 6..=cell.0 + 6 {
            let here = scene.streaming.columns();
            assert!(here.contains((x, z)), "({x}, {z}) not held");
            let bytes = |c: &Columns| bytemuck::cast_slice::<_, u8>(c.boxes((x, z))).to_vec();
            assert_eq!(bytes(here), bytes(fresh.streaming.columns()), "({x}, {z})");
            same += 1;
            differ += usize::from(bytes(here) != bytes(old.streaming.columns()));
        }
    }
    assert_eq!(same, 169);
    assert!(differ > 20, "only {differ} columns changed with the set");
    let summary = scene.summary_json(360).unwrap();
    assert!(
        summary.contains("\"reloads\":1,\"reload_errors\":1"),
        "{summary}"
    );
}

#[test]
fn a_module_set_no_city_can_be_made_of_is_refused_and_the_city_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("city.ron");
    let text = horde_levelgen::collapse::CITY_SET;
    std::fs::write(&path, text).unwrap();
    // The background generator, as in the window: it would meet the set on its own thread.
    let mut scene = CityScene::in_background(ModuleSet::load(&path).unwrap(), 2).unwrap();
    scene.watch(LiveFiles::watching(), Some(&path));
    frames_until(&mut scene, 30, "no city generated", |s| {
        s.streaming.columns().contains(s.cell())
    });
    // It parses, but its bottom face fits no module: no boundary column can be solved.
    let unsolvable = text.replacen(
        "boundary: (up: 0, down: 1)",
        "boundary: (up: 0, down: 99)",
        1,
    );
    assert_ne!(unsolvable, text);
    assert!(ModuleSet::parse(&unsolvable, &path).is_ok());
    std::fs::write(&path, &unsolvable).unwrap();
    frames_until(&mut scene, 20, "no refusal seen", |s| {
        s.live.counts().reload_errors > 0
    });
    let error = scene.live.error().unwrap().to_string();
    assert!(
        error.contains("city.ron") && error.contains("no city"),
        "{error}"
    );
    assert_eq!(scene.live.counts().reloads, 0);
    for _ in 0..10 {
        frame(&mut scene);
    }
    assert!(
        scene.streaming.columns().contains(scene.cell()),
        "the city is kept"
    );
    assert!(scene.streaming.failure.is_none());
}
