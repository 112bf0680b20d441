//! The scene's keys as the game's mode sees them: what a key would change ([`key_change`]),
//! and the tower kind a digit key chooses: `1` the kind table's first, `2` its second, ..

use horde_core_sim::td::defence::TowerKind;
use horde_games::Change;
use winit::keyboard::KeyCode;

/// The tower kind a digit key chooses: `1` the kind table's first, `2` its second, ..
pub(super) fn tower_key(key: KeyCode) -> Option<TowerKind> {
    TowerKind::from_index(crate::scenes::input::digit(key)? - 1)
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
