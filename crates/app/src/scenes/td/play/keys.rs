//! The scene's keys as the game's mode sees them: what a key would change ([`key_change`]),
//! and the tower kind a digit key chooses: `1` the kind table's first, `2` its second, ..

use horde_core_sim::td::defence::TowerKind;
use horde_games::Change;
use winit::keyboard::KeyCode;

/// The tower kind a digit key chooses: `1` the kind table's first, `2` its second, ..
pub(super) fn tower_key(key: KeyCode) -> Option<TowerKind> {
    let digit = match key {
        KeyCode::Digit1 | KeyCode::Numpad1 => 1,
        KeyCode::Digit2 | KeyCode::Numpad2 => 2,
        KeyCode::Digit3 | KeyCode::Numpad3 => 3,
        KeyCode::Digit4 | KeyCode::Numpad4 => 4,
        KeyCode::Digit5 | KeyCode::Numpad5 => 5,
        KeyCode::Digit6 | KeyCode::Numpad6 => 6,
        KeyCode::Digit7 | KeyCode::Numpad7 => 7,
        KeyCode::Digit8 | KeyCode::Numpad8 => 8,
        KeyCode::Digit9 | KeyCode::Numpad9 => 9,
        _ => return None,
    };
    TowerKind::from_index(digit - 1)
}

/// What `key` (with Control held where `control`) would change about the game, for its
/// mode to allow or refuse: Space pauses, `B` restarts, Ctrl+O and F9 load a game.
pub(super) fn key_change(key: KeyCode, control: bool) -> Option<Change> {
    match key {
        KeyCode::Space => Some(Change::Pause),
        KeyCode::KeyB => Some(Change::Restart),
        KeyCode::F9 => Some(Change::Load),
        KeyCode::KeyO if control => Some(Change::Load),
        _ => None,
    }
}
