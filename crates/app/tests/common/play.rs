//! Driving the TD scene's window side headless (no window, no GPU): a play framed in a
//! 1280×720 viewport, and clicks over a tile as the mouse would make them.

use glam::{Vec2, Vec3};
use horde::scenes::td::{TdGame, TdPlay, TdView, view};
use horde::scenes::{InputState, Requests, Scene, Viewport};
use horde_renderer::BackendChoice;
use winit::event::MouseButton;

/// The viewport the plays are framed in.
pub const SIZE: Vec2 = Vec2::new(1280.0, 720.0);

/// The window's play of `game`, its first frame framed (which places the camera).
pub fn framed(game: TdGame) -> TdPlay {
    let parts = (game, TdView::new());
    let mut play = TdPlay::new(parts, (None, None), BackendChoice::Auto, Vec::new());
    play.frame_params(Viewport {
        x: 0.0,
        y: 0.0,
        width: SIZE.x,
        height: SIZE.y,
    });
    play
}

/// Clicks `button` over tile `(x, y)`, with Shift held or not.
pub fn click(play: &mut TdPlay, button: MouseButton, (x, y): (u32, u32), shift: bool) {
    let board = play.game.sim().board();
    let index = board.index(x as i64, y as i64).unwrap();
    let [cx, cz] = board.tile_center(index);
    let camera = view::default_camera(play.game.sim(), SIZE.x / SIZE.y);
    let mut input = InputState::default();
    input.shift = shift;
    input.cursor = camera.project(Vec3::new(cx, 0.0, cz), SIZE).unwrap();
    let mut requests = Requests::default();
    play.mouse_button(button, true, &input, &mut requests);
    play.mouse_button(button, false, &input, &mut requests);
}

/// Moves the mouse over tile `(x, y)`.
pub fn hover(play: &mut TdPlay, (x, y): (u32, u32)) {
    let board = play.game.sim().board();
    let index = board.index(x as i64, y as i64).unwrap();
    let [cx, cz] = board.tile_center(index);
    let camera = view::default_camera(play.game.sim(), SIZE.x / SIZE.y);
    let mut input = InputState::default();
    input.cursor = camera.project(Vec3::new(cx, 0.0, cz), SIZE).unwrap();
    play.cursor_moved(Vec2::ZERO, &input);
}
