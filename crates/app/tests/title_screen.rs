//! The title screen without a window: each entry opens its scene (the run's summary names it,
//! `"scene"`), Escape in the scene comes back to the menu, and Escape on the menu is left to
//! the window (which closes). (The daily challenge, which records itself into the data
//! folder, is played in a window by `title_window.rs`.)
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde::commands::run::title_screen;
use horde::scenes::{InputState, Reporting, Requests, Tick};
use horde_renderer::BackendChoice;
use winit::keyboard::KeyCode;

/// Nothing listens on port 9 of loopback: the daily challenge is played offline.
const NO_SERVER: &str = "http://127.0.0.1:9";

/// The summary of the scene shown, as JSON.
fn summary(scene: &dyn Reporting) -> serde_json::Value {
    serde_json::from_str(&scene.summary_json(1).unwrap()).unwrap()
}

/// Presses `key` (down only: the menu and the scenes act on presses).
fn press(scene: &mut dyn Reporting, key: KeyCode, requests: &mut Requests) {
    scene.key(key, true, false, requests);
}

#[test]
fn each_entry_opens_its_scene_and_escape_comes_back() {
    let mut title = title_screen(BackendChoice::Auto, Vec::new(), false, NO_SERVER.into()).unwrap();
    let mut requests = Requests::default();
    assert_eq!(summary(title.as_ref())["scene"], "title");
    let entries = [
        (KeyCode::Digit4, "td", Some("sandbox")),
        (KeyCode::Digit5, "city", None),
        (KeyCode::Digit6, "runner", None),
        (KeyCode::Digit7, "platformer", None),
    ];
    for (key, scene, mode) in entries {
        press(title.as_mut(), key, &mut requests);
        let shown = summary(title.as_ref());
        assert_eq!(shown["scene"], scene, "{shown}");
        if let Some(mode) = mode {
            assert_eq!(shown["mode"], mode);
        }
        // The scene plays under the title screen's frame.
        title.update(Tick::steps(2), &InputState::default());
        assert!(
            title.escape(&mut requests),
            "Escape in {scene} is the title screen's"
        );
        assert_eq!(summary(title.as_ref())["scene"], "title");
    }
    // Play: its page, then the first shipped game, a level with its scenario.
    press(title.as_mut(), KeyCode::Digit2, &mut requests);
    assert_eq!(
        summary(title.as_ref())["scene"],
        "title",
        "a page, not a scene"
    );
    press(title.as_mut(), KeyCode::Enter, &mut requests);
    let played = summary(title.as_ref());
    assert_eq!(
        (played["scene"].as_str(), played["mode"].as_str()),
        (Some("td"), Some("scenario"))
    );
    assert!(title.escape(&mut requests));
    // Escape on a page goes back to the main list; on the main list it is the window's.
    press(title.as_mut(), KeyCode::Digit8, &mut requests);
    assert!(title.escape(&mut requests), "back from the stress page");
    assert!(
        !title.escape(&mut requests),
        "Escape on the menu closes the window"
    );
    // The stress test: on the window's renderer (auto), then on the backend its page chose.
    press(title.as_mut(), KeyCode::Digit8, &mut requests);
    press(title.as_mut(), KeyCode::Enter, &mut requests);
    assert_eq!(summary(title.as_ref())["scene"], "stress");
    assert_eq!(requests.switch_renderer, None, "auto keeps the renderer");
    assert!(title.escape(&mut requests));
    let opened = summary(title.as_ref())["opened"].clone();
    let opened: Vec<&str> = opened
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        opened,
        ["td", "city", "runner", "platformer", "td", "stress"]
    );
}
