//! Keyboard and mouse state of the window, turned into camera moves and board edits.

use glam::Vec2;
use winit::event::{ElementState, MouseButton, MouseScrollDelta};
use winit::keyboard::{KeyCode, PhysicalKey};

/// Held keys and buttons that act every frame.
#[derive(Debug, Default)]
pub struct Input {
    /// Shift is held (Shift + right click places destinations).
    pub shift: bool,
    /// The cursor, in physical pixels from the top-left corner.
    pub cursor: Vec2,
    /// Middle button held: dragging orbits.
    pub orbiting: bool,
    /// Pan keys held: north (W/↑), south (S/↓), west (A/←), east (D/→).
    pan: [bool; 4],
}

/// A one-shot command from the keyboard or mouse.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Command {
    /// Toggle a wall at the cursor (left click).
    Wall,
    /// Toggle a spawn point at the cursor (right click).
    SpawnPoint,
    /// Toggle a destination at the cursor (Shift + right click).
    Destination,
    /// `V`: path arrows on/off.
    ToggleArrows,
    /// `G`: grid on/off.
    ToggleGrid,
    /// Space: pause or resume.
    TogglePause,
    /// F12: save a numbered screenshot.
    Screenshot,
    /// Escape: quit.
    Quit,
}

impl Input {
    /// A key went down or up; returns the command it triggers, if any.
    pub fn key(&mut self, key: PhysicalKey, state: ElementState, repeat: bool) -> Option<Command> {
        let PhysicalKey::Code(code) = key else {
            return None;
        };
        let down = state == ElementState::Pressed;
        let pan = match code {
            KeyCode::KeyW | KeyCode::ArrowUp => Some(0),
            KeyCode::KeyS | KeyCode::ArrowDown => Some(1),
            KeyCode::KeyA | KeyCode::ArrowLeft => Some(2),
            KeyCode::KeyD | KeyCode::ArrowRight => Some(3),
            _ => None,
        };
        if let Some(i) = pan {
            self.pan[i] = down;
            return None;
        }
        if matches!(code, KeyCode::ShiftLeft | KeyCode::ShiftRight) {
            self.shift = down;
            return None;
        }
        if !down || repeat {
            return None;
        }
        match code {
            KeyCode::KeyV => Some(Command::ToggleArrows),
            KeyCode::KeyG => Some(Command::ToggleGrid),
            KeyCode::Space => Some(Command::TogglePause),
            KeyCode::F12 => Some(Command::Screenshot),
            KeyCode::Escape => Some(Command::Quit),
            _ => None,
        }
    }

    /// A mouse button went down or up.
    pub fn button(&mut self, button: MouseButton, state: ElementState) -> Option<Command> {
        let down = state == ElementState::Pressed;
        match button {
            MouseButton::Middle => {
                self.orbiting = down;
                None
            }
            MouseButton::Left if down => Some(Command::Wall),
            MouseButton::Right if down && self.shift => Some(Command::Destination),
            MouseButton::Right if down => Some(Command::SpawnPoint),
            _ => None,
        }
    }

    /// The cursor moved; returns how far, for orbiting.
    pub fn moved(&mut self, to: Vec2) -> Vec2 {
        let delta = to - self.cursor;
        self.cursor = to;
        delta
    }

    /// Wheel steps (positive: away from the user, zoom in).
    pub fn wheel(delta: MouseScrollDelta) -> f32 {
        match delta {
            MouseScrollDelta::LineDelta(_, y) => y,
            MouseScrollDelta::PixelDelta(p) => p.y as f32 / 40.0,
        }
    }

    /// The pan direction held now: `(forward, right)`, each −1, 0 or 1.
    pub fn pan_direction(&self) -> (f32, f32) {
        let axis = |plus: bool, minus: bool| plus as i32 as f32 - minus as i32 as f32;
        (
            axis(self.pan[0], self.pan[1]),
            axis(self.pan[3], self.pan[2]),
        )
    }

    /// Forgets held keys (when the window loses focus).
    pub fn release_all(&mut self) {
        self.pan = [false; 4];
        self.shift = false;
        self.orbiting = false;
    }
}
