//! The autopilot: reads the obstacles ahead in the player's lane and jumps or crouches. It sees
//! only what a player sees (the boxes ahead and its own state) and presses the same inputs.

use super::game::{RunState, Runner, RunnerInput};

/// Seconds ahead of a bar at which the bot starts to crouch (the height scale needs about
/// 0.1 s to get under a bar at 0.7 of the standing height).
const CROUCH_LEAD_S: f64 = 0.3;
/// How far above a box's top the bot's feet must stay while over it.
const JUMP_CLEARANCE: f64 = 0.1;
/// How far past a box's far side the bot's back must be before its feet come down through the
/// box's top.
const JUMP_MARGIN: f64 = 0.3;

/// The input of a step where the player may hand the run to the autopilot: while `on` and the
/// game runs, the autopilot's jumps and crouches; else the player's `pressed` jump and held
/// crouch. Space starts (and restarts) when the player presses it, and the autopilot starts
/// a game that waits for it (not one that is over).
pub fn with_autopilot(runner: &Runner, on: bool, pressed: RunnerInput) -> RunnerInput {
    let mut input = if on && runner.state() == RunState::Running {
        autopilot(runner)
    } else {
        RunnerInput {
            start: false,
            ..pressed
        }
    };
    input.start = pressed.start || (on && runner.state() == RunState::Ready);
    input
}

/// The input the bot gives this step: Space when the game is waiting to start (not after game
/// over: a headless run ends there), a jump for a box it cannot crouch under, and a crouch
/// while a box it can crouch under is near.
///
/// A jump over a box can take off anywhere between two points: early enough that the feet
/// are above the box's top before its near side, late enough that they stay above it past its
/// far side. The bot takes off at the earliest of them, so it lands as soon as possible and
/// has the most room for whatever follows (in the `both` obstacle, a bar ten units after the
/// wall), but never while still under a bar it has just crouched through. At about 19 units
/// a second no take-off fits between such a bar and the next wall-then-bar: the course itself
/// becomes impossible there (about 290 s into a run at the default settings).
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
    let half_depth = s.player.depth as f64 / 2.0;
    let speed = runner.speed();
    let v0 = runner.take_off_speed();
    let dt = 1.0 / f64::from(crate::step::TICKS_PER_SECOND);
    let ahead = |(bmin, bmax): &([f64; 3], [f64; 3])| {
        bmin[0] < pmax[0] && pmin[0] < bmax[0] && bmin[1] < standing_top && bmax[2] > pmin[2]
    };
    // No take-off for a box before the player is out from under every bar in front of it.
    let bars_cleared_before = |near_side: f64| {
        runner
            .obstacle_boxes()
            .map(|(_, b)| b)
            .filter(|b| ahead(b) && b.0[1] >= crouched_top && b.1[2] <= near_side)
            .map(|(_, bmax)| bmax[2] + half_depth)
            .fold(f64::NEG_INFINITY, f64::max)
    };
    let mut input = RunnerInput::default();
    for (bmin, bmax) in runner.obstacle_boxes().map(|(_, b)| b).filter(ahead) {
        if bmin[1] < crouched_top {
            // Must go over it: the times at which the feet pass the box's top (plus
            // clearance) going up and coming down; none if the jump cannot clear it.
            let top = bmax[1] + JUMP_CLEARANCE;
            let disc = v0 * v0 - 2.0 * s.gravity * top;
            if disc < 0.0 {
                continue;
            }
            let down_s = (v0 + disc.sqrt()) / s.gravity;
            let earliest = bmax[2] + half_depth + JUMP_MARGIN - speed * down_s;
            let take_off = earliest.max(bars_cleared_before(bmin[2]));
            // Jump on the last step before the take-off point, so the margin is never lost.
            if player.grounded && player.z + speed * dt >= take_off {
                input.jump = true;
            }
        } else if bmin[2] - pmax[2] <= speed * CROUCH_LEAD_S {
            input.crouch = true;
        }
    }
    input
}
