//! The tower kind a digit key chooses: `1` the kind table's first, `2` its second, ..

use horde_core_sim::td::TowerKind;
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
