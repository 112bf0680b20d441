//! The player the text does not have: it runs on the treadmill at `x = 0` with the runner's
//! gravity and jump, and an autopilot that looks ahead by simulating the treadmill.

use super::treadmill::Treadmill;

/// The player on the treadmill: it stays at `x = 0` while the sections move under it, falls
/// under gravity, lands on the tops of boxes, steps onto boxes up to [`STEP_UP`] high, jumps
/// (the runner's gravity 20 and jump height 2.5), and is out when it falls below the level or
/// runs into a higher box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    /// Height of the feet.
    pub y: f64,
    /// Vertical speed.
    pub vy: f64,
    /// Standing on a box.
    pub grounded: bool,
    /// Fell or ran into a box: the run is over.
    pub out: bool,
    /// Jumps made.
    pub jumps: u64,
}

/// Half the player's width.
pub const PLAYER_HALF_WIDTH: f64 = 0.3;
/// The player's height.
pub const PLAYER_HEIGHT: f64 = 1.0;
/// Gravity, units per second squared (the runner's).
pub const GRAVITY: f64 = 20.0;
/// Jump height (the runner's).
pub const JUMP_HEIGHT: f64 = 2.5;
/// The highest box the player steps onto without jumping.
pub const STEP_UP: f64 = 0.55;
/// Below this the player has fallen out of the level.
pub const FALL_LIMIT: f64 = -3.0;
/// Slack for touching surfaces.
const TOUCH: f64 = 1e-6;

impl Default for Player {
    fn default() -> Player {
        Player {
            y: 0.0,
            vy: 0.0,
            grounded: true,
            out: false,
            jumps: 0,
        }
    }
}

/// Every box of the three points' sections in treadmill coordinates: `(x0, y0, x1, y1)`.
pub fn world_boxes(treadmill: &Treadmill) -> impl Iterator<Item = (f64, f64, f64, f64)> + '_ {
    treadmill
        .points()
        .enumerate()
        .flat_map(move |(point, (x, _))| {
            treadmill
                .point_section(point)
                .boxes
                .iter()
                .map(move |b| (x + b.min.0, b.min.1, x + b.max.0, b.max.1))
        })
}

impl Player {
    /// One step of `dt` seconds on `treadmill` (already moved this step); `jump` asks for a
    /// jump, taken only when standing.
    pub fn step(&mut self, treadmill: &Treadmill, jump: bool, dt: f64) {
        if self.out || !(dt.is_finite() && dt > 0.0) {
            return;
        }
        if jump && self.grounded {
            self.vy = (2.0 * GRAVITY * JUMP_HEIGHT).sqrt();
            self.jumps += 1;
        }
        self.vy -= GRAVITY * dt;
        let mut y = self.y + self.vy * dt;
        self.grounded = false;
        let under = |x0: f64, x1: f64| x0 < PLAYER_HALF_WIDTH && x1 > -PLAYER_HALF_WIDTH;
        if self.vy <= 0.0 {
            for (x0, _, x1, top) in world_boxes(treadmill) {
                // Landing on a top crossed on the way down, or stepping onto a low box.
                let crossed = self.y >= top - TOUCH && y <= top;
                let step = top > y && top <= y + STEP_UP;
                if under(x0, x1) && (crossed || step) && top >= y {
                    y = top;
                    self.vy = 0.0;
                    self.grounded = true;
                }
            }
        }
        // Anything inside the body now is a box run into.
        let hit = world_boxes(treadmill).any(|(x0, y0, x1, y1)| {
            under(x0, x1) && y0 < y + PLAYER_HEIGHT - TOUCH && y1 > y + TOUCH
        });
        self.y = y;
        if hit || y < FALL_LIMIT {
            self.out = true;
        }
    }
}

/// Whether `player` on `treadmill` is still in the run `seconds` from now, never jumping
/// after the first step (on which it jumps if `jump`).
fn survives(player: &Player, treadmill: &Treadmill, jump: bool, seconds: f64) -> bool {
    let dt = 1.0 / f64::from(crate::step::TICKS_PER_SECOND);
    let (mut p, mut t) = (*player, treadmill.lookahead());
    let start = p.y;
    for k in 0..(seconds / dt).ceil() as usize {
        t.step(dt);
        p.step(&t, jump && k == 0, dt);
        // Falling far below where it stood is as good as out.
        if p.out || p.y < start - 2.5 {
            return false;
        }
    }
    true
}

/// The autopilot: while standing, it looks ahead by simulating; when running on would be
/// fatal within half a second, it jumps at the last step from which a jump still lands.
pub fn autopilot(player: &Player, treadmill: &Treadmill) -> bool {
    if !player.grounded || player.out {
        return false;
    }
    if survives(player, treadmill, false, 0.5) {
        return false;
    }
    // Would waiting one more step and then jumping still work? Then wait.
    let mut later = (*player, treadmill.lookahead());
    later.1.step(1.0 / f64::from(crate::step::TICKS_PER_SECOND));
    later.0.step(
        &later.1,
        false,
        1.0 / f64::from(crate::step::TICKS_PER_SECOND),
    );
    let wait = later.0.grounded && survives(&later.0, &later.1, true, 1.05);
    !wait
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::platformer::sections::Sections;

    #[test]
    fn the_autopilot_runs_two_minutes_and_a_player_who_never_jumps_does_not() {
        for seed in 0..8 {
            let mut t = Treadmill::new(Sections::built_in().unwrap(), seed);
            let (mut pilot, mut idle) = (Player::default(), Player::default());
            for _ in 0..120 * 60 {
                t.step(1.0 / f64::from(crate::step::TICKS_PER_SECOND));
                let jump = autopilot(&pilot, &t);
                pilot.step(&t, jump, 1.0 / f64::from(crate::step::TICKS_PER_SECOND));
                idle.step(&t, false, 1.0 / f64::from(crate::step::TICKS_PER_SECOND));
            }
            assert!(
                !pilot.out,
                "seed {seed}: the autopilot lost at y {}",
                pilot.y
            );
            assert!(pilot.jumps > 10, "seed {seed}: {} jumps", pilot.jumps);
            assert!(idle.out, "seed {seed}: standing still survived");
        }
    }
}
