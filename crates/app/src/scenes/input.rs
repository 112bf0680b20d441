//! What the player holds down right now: keys, mouse buttons, modifiers and the cursor. The
//! shell keeps it up to date from window events and hands it to the scene every frame; one-shot
//! presses reach the scene as events.

use glam::Vec2;
use winit::event::{ElementState, MouseButton, MouseScrollDelta};
use winit::keyboard::KeyCode;

/// The most keys tracked as held at once (more are ignored until some are released).
const MAX_HELD_KEYS: usize = 16;

/// Held keys and buttons, and the cursor.
#[derive(Debug, Default)]
pub struct InputState {
    /// Keys held, in the order they went down (no allocation once warmed up).
    held: Vec<KeyCode>,
    /// Shift is held.
    pub shift: bool,
    /// The cursor, in physical pixels from the window's top-left corner.
    pub cursor: Vec2,
    /// Left, middle and right mouse buttons held.
    buttons: [bool; 3],
    /// The cursor is captured for looking (hidden and held in the window): mouse movement
    /// arrives as raw motion and means "look", not "point".
    pub captured: bool,
}

impl InputState {
    /// Whether `key` is held.
    pub fn held(&self, key: KeyCode) -> bool {
        self.held.contains(&key)
    }

    /// Whether any of `keys` is held.
    pub fn any_held(&self, keys: &[KeyCode]) -> bool {
        keys.iter().any(|&key| self.held(key))
    }

    /// Whether a mouse button is held.
    pub fn button_held(&self, button: MouseButton) -> bool {
        button_slot(button).is_some_and(|slot| self.buttons[slot])
    }

    /// The movement keys held now, as `(forward, right)`, each −1, 0 or 1: W/↑ and S/↓,
    /// D/→ and A/←.
    pub fn move_direction(&self) -> (f32, f32) {
        let axis = |plus: bool, minus: bool| plus as i32 as f32 - minus as i32 as f32;
        (
            axis(
                self.any_held(&[KeyCode::KeyW, KeyCode::ArrowUp]),
                self.any_held(&[KeyCode::KeyS, KeyCode::ArrowDown]),
            ),
            axis(
                self.any_held(&[KeyCode::KeyD, KeyCode::ArrowRight]),
                self.any_held(&[KeyCode::KeyA, KeyCode::ArrowLeft]),
            ),
        )
    }

    /// Records a key going down or up.
    pub fn key(&mut self, key: KeyCode, state: ElementState) {
        let down = state == ElementState::Pressed;
        if matches!(key, KeyCode::ShiftLeft | KeyCode::ShiftRight) {
            self.shift = down;
        }
        let at = self.held.iter().position(|&k| k == key);
        match (down, at) {
            (true, None) if self.held.len() < MAX_HELD_KEYS => {
                if self.held.capacity() == 0 {
                    self.held.reserve_exact(MAX_HELD_KEYS);
                }
                self.held.push(key);
            }
            (false, Some(at)) => {
                self.held.swap_remove(at);
            }
            _ => {}
        }
    }

    /// Records a mouse button going down or up.
    pub fn button(&mut self, button: MouseButton, state: ElementState) {
        if let Some(slot) = button_slot(button) {
            self.buttons[slot] = state == ElementState::Pressed;
        }
    }

    /// Records the cursor's new position; returns how far it moved.
    pub fn cursor_moved(&mut self, to: Vec2) -> Vec2 {
        let delta = to - self.cursor;
        self.cursor = to;
        delta
    }

    /// Forgets everything held (when the window loses focus).
    pub fn release_all(&mut self) {
        self.held.clear();
        self.shift = false;
        self.buttons = [false; 3];
    }
}

fn button_slot(button: MouseButton) -> Option<usize> {
    match button {
        MouseButton::Left => Some(0),
        MouseButton::Middle => Some(1),
        MouseButton::Right => Some(2),
        _ => None,
    }
}

/// The digit `1`–`9` a key stands for (the top row or the keypad).
pub fn digit(key: KeyCode) -> Option<usize> {
    Some(match key {
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
    })
}

/// Wheel steps from a wheel event (positive: away from the user).
pub fn wheel_steps(delta: MouseScrollDelta) -> f32 {
    match delta {
        MouseScrollDelta::LineDelta(_, y) => y,
        MouseScrollDelta::PixelDelta(p) => p.y as f32 / 40.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_keys_give_the_move_direction_until_released() {
        let mut input = InputState::default();
        input.key(KeyCode::KeyW, ElementState::Pressed);
        input.key(KeyCode::ArrowLeft, ElementState::Pressed);
        assert_eq!(input.move_direction(), (1.0, -1.0));
        input.key(KeyCode::KeyW, ElementState::Released);
        assert_eq!(input.move_direction(), (0.0, -1.0));
        input.key(KeyCode::ShiftLeft, ElementState::Pressed);
        assert!(input.shift);
        input.button(MouseButton::Middle, ElementState::Pressed);
        assert!(input.button_held(MouseButton::Middle));
        input.release_all();
        assert_eq!(input.move_direction(), (0.0, 0.0));
        assert!(!input.shift && !input.button_held(MouseButton::Middle));
    }

    #[test]
    fn a_repeated_press_is_held_once() {
        let mut input = InputState::default();
        input.key(KeyCode::KeyS, ElementState::Pressed);
        input.key(KeyCode::KeyS, ElementState::Pressed);
        input.key(KeyCode::KeyS, ElementState::Released);
        assert!(!input.held(KeyCode::KeyS));
    }
}
