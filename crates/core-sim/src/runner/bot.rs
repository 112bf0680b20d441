//! The autopilot: reads the obstacles ahead in the player's lane and jumps or crouches. It sees
//! only what a player sees (the boxes ahead and its own state) and presses the same inputs.

use super::game::{RunState, Runner, RunnerInput};

/// Seconds ahead of a bar at which the bot starts to crouch (the height scale needs about
/// 0.1 s to get under a bar at 0.7 of the standing height).
const CROUCH_LEAD_S: f64 = 0.3;

/// The input the bot gives this step: Space when the game is waiting to start (not after game
/// over: a headless run ends there), a jump when a box it cannot crouch under is as far ahead
/// as the jump's apex will carry it, and a crouch while a box it can crouch under is near.
pub fn autopilot(runner: &Runner) -> RunnerInput {
    match runner.state() {
        RunState::Ready => {
            return RunnerInput {
                start: true,
                ..RunnerInput::default()
            };
        }
        RunState::GameOver => return RunnerInput::default(),
        RunState::Running => {}
    }
    let s = runner.settings();
    let player = runner.player();
    let (pmin, pmax) = runner.player_box();
    let crouched_top = s.player.height as f64 * s.crouch_scale;
    let standing_top = s.player.height as f64;
    let speed = runner.speed();
    let apex_s = runner.take_off_speed() / s.gravity;
    let mut input = RunnerInput::default();
    for (_, (bmin, bmax)) in runner.obstacle_boxes() {
        let in_lane = bmin[0] < pmax[0] && pmin[0] < bmax[0];
        let not_passed = bmax[2] > pmin[2];
        if !in_lane || !not_passed || bmin[1] >= standing_top {
            continue;
        }
        let centre = 0.5 * (bmin[2] + bmax[2]);
        if bmin[1] < crouched_top {
            // Must go over it: take off so the apex comes above its centre.
            if player.grounded && centre - player.z <= speed * apex_s {
                input.jump = true;
            }
        } else if bmin[2] - pmax[2] <= speed * CROUCH_LEAD_S {
            input.crouch = true;
        }
    }
    input
}
