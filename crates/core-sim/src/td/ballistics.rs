//! Shells (the series' ballistics part): the launch speed that just reaches the
//! tower's range, the high arc to the ground under a target, the flight under gravity, and the
//! explosion where the shell lands.
//!
//! A tower launches a shell from its tile's centre, [`LAUNCH_HEIGHT`] up, at a fixed speed
//! `s = √(g(y + √(x² + y²)))` with `x = range + 0.25001` and `y = −LAUNCH_HEIGHT`: the least
//! speed that carries a shell to the edge of its range and a largest enemy's target point
//! beyond. Aimed at the ground under the target's current position (no lead), it takes the
//! high arc, `tan θ = (s² + √(s⁴ − g(g·d² + 2·y·s²))) / (g·d)` for a horizontal distance `d`.
//! The shell explodes when its height is at most 0, at the point it was aimed at.

/// Gravity, units per second squared.
pub const GRAVITY: f32 = 9.81;
/// How high above the ground a tower launches its shells.
pub const LAUNCH_HEIGHT: f32 = 0.75;
/// How long an explosion is drawn, seconds.
pub const EXPLOSION_SECONDS: f32 = 0.5;

/// The launch speed of a tower of `range` (see the module docs).
pub fn launch_speed(range: f32) -> f32 {
    let x = range + 0.25001;
    let y = -LAUNCH_HEIGHT;
    (GRAVITY * (y + (x * x + y * y).sqrt())).sqrt()
}

/// A shell in flight.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Shell {
    /// Where it was launched, world `(x, z)`; the height was [`LAUNCH_HEIGHT`].
    pub from: [f32; 2],
    /// Where it will explode: the ground under the target at launch, world `(x, z)`.
    pub to: [f32; 2],
    /// Launch velocity: horizontal `(x, z)` and vertical.
    pub velocity: [f32; 3],
    /// Seconds since launch.
    pub age: f32,
    /// Radius of its explosion (the texts' enemies within it plus their target point's
    /// radius, `0.125 × scale`, are hit).
    pub blast_radius: f32,
    /// Damage to each enemy hit.
    pub damage: f32,
}

impl Shell {
    /// A shell launched from `from` at `speed` towards the ground at `to`, on the high arc.
    pub fn launch(
        from: [f32; 2],
        to: [f32; 2],
        speed: f32,
        blast_radius: f32,
        damage: f32,
    ) -> Shell {
        let (dx, dz) = (to[0] - from[0], to[1] - from[1]);
        let d = (dx * dx + dz * dz).sqrt();
        let (s, g, y) = (speed, GRAVITY, -LAUNCH_HEIGHT);
        let s2 = s * s;
        // Within range the root is real; a rounding error must not make it NaN.
        let root = (s2 * s2 - g * (g * d * d + 2.0 * y * s2)).max(0.0).sqrt();
        let (cos, sin) = if d > 1e-6 {
            let tan = (s2 + root) / (g * d);
            let cos = 1.0 / (1.0 + tan * tan).sqrt();
            (cos, cos * tan)
        } else {
            (0.0, 1.0)
        };
        let (ux, uz) = if d > 1e-6 {
            (dx / d, dz / d)
        } else {
            (0.0, 0.0)
        };
        Shell {
            from,
            to,
            velocity: [s * cos * ux, s * cos * uz, s * sin],
            age: 0.0,
            blast_radius,
            damage,
        }
    }

    /// Its position `(x, y, z)` at its age.
    pub fn position(&self) -> [f32; 3] {
        let t = self.age;
        let v = self.velocity;
        [
            self.from[0] + v[0] * t,
            LAUNCH_HEIGHT + v[2] * t - 0.5 * GRAVITY * t * t,
            self.from[1] + v[1] * t,
        ]
    }

    /// Its velocity `(x, y, z)` at its age (what it points along).
    pub fn current_velocity(&self) -> [f32; 3] {
        let v = self.velocity;
        [v[0], v[2] - GRAVITY * self.age, v[1]]
    }

    /// Ages it by `dt`; returns whether it has landed (its height is at most 0).
    pub fn fly(&mut self, dt: f32) -> bool {
        self.age += dt;
        self.position()[1] <= 0.0
    }
}

/// An explosion, drawn for [`EXPLOSION_SECONDS`] (its damage was dealt when it began).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Explosion {
    /// Where, world `(x, z)`.
    pub at: [f32; 2],
    /// Its blast radius.
    pub radius: f32,
    /// Seconds since it began.
    pub age: f32,
}

impl Explosion {
    /// Its age as a share of its life, `0..1`.
    pub fn life(&self) -> f32 {
        (self.age / EXPLOSION_SECONDS).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_launch_speed_just_reaches_the_range() {
        let s = launch_speed(3.5);
        assert!((s - 5.49).abs() < 0.01, "{s}");
        // At the edge of the range plus a target point the root is (almost) zero: one arc.
        let far = Shell::launch([0.0, 0.0], [3.75, 0.0], s, 1.5, 15.0);
        let [vx, _, vy] = far.velocity;
        let angle = vy.atan2(vx).to_degrees();
        assert!((angle - 39.0).abs() < 1.5, "{angle}");
    }

    #[test]
    fn a_shell_lands_where_it_was_aimed_at_the_high_arc() {
        let s = launch_speed(3.5);
        for d in [0.5f32, 2.0, 3.5] {
            let mut shell = Shell::launch([1.0, 2.0], [1.0 + d, 2.0], s, 1.5, 15.0);
            let [vx, _, vy] = shell.velocity;
            // The high arc: steeper than 45 degrees for every distance in range.
            assert!(vy > vx, "{d}: {:?}", shell.velocity);
            let dt = 1.0 / 600.0;
            let mut steps = 0;
            while !shell.fly(dt) {
                steps += 1;
                assert!(steps < 10_000);
            }
            let p = shell.position();
            assert!(
                (p[0] - (1.0 + d)).abs() < 0.02 && (p[2] - 2.0).abs() < 1e-4,
                "{d}: {p:?}"
            );
            // Flight times at the texts' range of 3.5: about 0.9 to 1.25 s.
            assert!((0.85..1.3).contains(&shell.age), "{d}: {}", shell.age);
        }
    }

    #[test]
    fn an_explosion_lives_half_a_second() {
        let e = Explosion {
            at: [0.0, 0.0],
            radius: 1.5,
            age: 0.25,
        };
        assert_eq!(e.life(), 0.5);
    }
}
