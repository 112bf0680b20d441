//! An enemy's animation (the series' part 6): four clips — intro, move, outro, dying — played on
//! the model's child, with 0.2 s cross-fades between them, and what each does to the model.
//!
//! The clips are rules of the game as well as looks (see [`crate::td::enemy`]): an enemy in its
//! intro stays put and cannot be hit, only an enemy in its move clip is a target, and an enemy
//! leaves the board when its outro or dying clip ends. Their motion is the model's child
//! transform only: the enemy's model origin (what the trace writes) is part 2's.
//!
//! The key values are those the series' ports recreate (the series' own were not published),
//! as curves that read the same:
//!
//! | clip | length | what it does |
//! |---|---|---|
//! | intro | 0.5 s | grows from nothing, standing on the ground |
//! | move | 1 s, looped at speed ÷ scale | bounces: the cube's centre 0.25 → 0.75 → 0.25 |
//! | outro | 1 s | spins a full turn, rises by 1, shrinks to nothing |
//! | dying | 1 s | tips 90° forward in 0.5 s, slides 0.5 forward, then shrinks to nothing |
//!
//! Lengths and heights are in the units of an enemy of scale 1 (a half-unit cube). The model
//! matrix of a [`Shape`] is [`crate::td::model::ModelInstance::shaped`].

use std::f32::consts::{FRAC_PI_2, PI, TAU};

/// Seconds of the intro clip.
pub const INTRO_SECONDS: f32 = 0.5;
/// Seconds of one loop of the move clip at rate 1.
pub const MOVE_SECONDS: f32 = 1.0;
/// Seconds of the outro clip.
pub const OUTRO_SECONDS: f32 = 1.0;
/// Seconds of the dying clip.
pub const DYING_SECONDS: f32 = 1.0;
/// Seconds a cross-fade between two clips lasts (the series' transition speed 5).
pub const FADE_SECONDS: f32 = 0.2;

/// The four clips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Clip {
    /// Growing in at the spawn point; the enemy stays put and is no target.
    Intro = 0,
    /// Walking the path, bouncing; the only clip in which an enemy is a target.
    Move = 1,
    /// Spinning up and away at the destination, after the path ended (and a life was lost).
    Outro = 2,
    /// Tipping over after its health ran out.
    Dying = 3,
}

impl Clip {
    /// Every clip, by its `repr(u8)` value.
    pub const ALL: [Clip; 4] = [Clip::Intro, Clip::Move, Clip::Outro, Clip::Dying];

    /// The clip's name as the trace writes it: `intro`, `move`, `outro` or `dying`.
    pub fn name(self) -> &'static str {
        match self {
            Clip::Intro => "intro",
            Clip::Move => "move",
            Clip::Outro => "outro",
            Clip::Dying => "dying",
        }
    }

    /// How long the clip plays, seconds (one loop for the move clip).
    pub fn seconds(self) -> f32 {
        match self {
            Clip::Intro => INTRO_SECONDS,
            Clip::Move => MOVE_SECONDS,
            Clip::Outro => OUTRO_SECONDS,
            Clip::Dying => DYING_SECONDS,
        }
    }

    /// The clip of a `repr(u8)` value, if it is one.
    pub fn from_code(code: u8) -> Option<Clip> {
        Clip::ALL.get(usize::from(code)).copied()
    }
}

/// Where an enemy's animation stands: the clip playing and its time, and the clip it fades from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Animation {
    /// The clip playing.
    pub clip: Clip,
    /// Seconds into it (for the move clip: the loop's phase, in `[0, 1)`).
    pub time: f32,
    /// The clip it fades from while [`Animation::fade`] is below [`FADE_SECONDS`].
    pub from: Clip,
    /// The time the clip faded from stopped at.
    pub from_time: f32,
    /// Seconds of the cross-fade done; [`FADE_SECONDS`] when none is running.
    pub fade: f32,
}

impl Animation {
    /// The move clip at its start with no fade: how every enemy stands when animation is off.
    pub const MOVING: Animation = Animation {
        clip: Clip::Move,
        time: 0.0,
        from: Clip::Move,
        from_time: 0.0,
        fade: FADE_SECONDS,
    };

    /// The intro at `time` seconds, no fade: a new enemy with animation on.
    pub fn intro(time: f32) -> Animation {
        Animation {
            clip: Clip::Intro,
            time,
            ..Animation::MOVING
        }
    }

    /// Starts `clip` from its beginning, fading from the clip playing now.
    pub fn play(&mut self, clip: Clip) {
        self.from = self.clip;
        self.from_time = self.time;
        self.clip = clip;
        self.time = 0.0;
        self.fade = 0.0;
    }

    /// Lets `dt` seconds pass; the move clip runs at `move_rate` loops a second and loops, the
    /// others stop at their end.
    #[inline]
    pub fn advance(&mut self, dt: f32, move_rate: f32) {
        self.fade = (self.fade + dt).min(FADE_SECONDS);
        if self.clip == Clip::Move {
            let t = self.time + dt * move_rate;
            self.time = t - t.floor();
        } else {
            self.time = (self.time + dt).min(self.clip.seconds());
        }
    }

    /// Whether the clip playing (not the move clip, which loops) has played to its end.
    pub fn done(&self) -> bool {
        self.clip != Clip::Move && self.time >= self.clip.seconds()
    }

    /// What the clips do to the model now, the cross-fade blended in.
    #[inline]
    pub fn shape(&self) -> Shape {
        let now = Shape::of(self.clip, self.time);
        if self.fade >= FADE_SECONDS {
            return now;
        }
        let w = self.fade / FADE_SECONDS;
        Shape::of(self.from, self.from_time).mix(&now, w)
    }
}

/// What a clip does to the model at one moment, in the units of an enemy of scale 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// Height of the cube's centre above the ground (0.25: standing).
    pub lift: f32,
    /// The cube's size, as a share of its full size.
    pub size: f32,
    /// Turn about the vertical axis on top of the enemy's yaw, radians.
    pub spin: f32,
    /// Tip forward about the model's right axis, radians.
    pub tip: f32,
    /// Shift forward along the enemy's heading.
    pub forward: f32,
}

impl Shape {
    /// The cube standing, full size: what every enemy looks like with animation off.
    pub const STANDING: Shape = Shape {
        lift: 0.25,
        size: 1.0,
        spin: 0.0,
        tip: 0.0,
        forward: 0.0,
    };

    /// What `clip` does at `time` seconds.
    #[inline]
    pub fn of(clip: Clip, time: f32) -> Shape {
        match clip {
            Clip::Intro => {
                let k = (time / INTRO_SECONDS).clamp(0.0, 1.0);
                Shape {
                    lift: 0.25 * k,
                    size: k,
                    ..Shape::STANDING
                }
            }
            Clip::Move => Shape {
                lift: 0.25 + 0.5 * fast_sin(PI * time),
                ..Shape::STANDING
            },
            Clip::Outro => {
                let k = (time / OUTRO_SECONDS).clamp(0.0, 1.0);
                Shape {
                    lift: 0.25 + k,
                    size: 1.0 - k,
                    spin: TAU * k,
                    ..Shape::STANDING
                }
            }
            Clip::Dying => {
                let k = (time / DYING_SECONDS).clamp(0.0, 1.0);
                Shape {
                    lift: 0.25,
                    size: (2.0 - 2.0 * k).min(1.0),
                    spin: 0.0,
                    tip: FRAC_PI_2 * (2.0 * k).min(1.0),
                    forward: 0.5 * k,
                }
            }
        }
    }

    /// This shape blended towards `other` by `w` (0: this, 1: `other`).
    #[inline]
    fn mix(&self, other: &Shape, w: f32) -> Shape {
        let at = |a: f32, b: f32| a + (b - a) * w;
        Shape {
            lift: at(self.lift, other.lift),
            size: at(self.size, other.size),
            spin: at(self.spin, other.spin),
            tip: at(self.tip, other.tip),
            forward: at(self.forward, other.forward),
        }
    }
}

/// `sin x` for `x` in `[-π, π]` and a little beyond, branch-free, within about 1e-3 (a
/// parabola refined once); exactly 0 at 0.
#[inline]
pub(crate) fn fast_sin(x: f32) -> f32 {
    // Wrap into [-π, π].
    let x = x - TAU * (x * (1.0 / TAU)).round();
    const B: f32 = 4.0 / PI;
    const C: f32 = -4.0 / (PI * PI);
    let y = B * x + C * x * x.abs();
    0.225 * (y * y.abs() - y) + y
}

/// `(sin x, cos x)` by [`fast_sin`] (`cos x = 1 − 2 sin²(x/2)`, within about 5e-3): exactly
/// `(0, 1)` at 0.
#[inline]
pub(crate) fn fast_sin_cos(x: f32) -> (f32, f32) {
    let half = fast_sin(0.5 * x);
    (fast_sin(x), 1.0 - 2.0 * half * half)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_sine_is_close_and_exact_where_it_matters() {
        for i in -400..=400 {
            let x = i as f32 * 0.01;
            assert!((fast_sin(x) - x.sin()).abs() < 2e-3, "sin {x}");
            assert!((fast_sin_cos(x).1 - x.cos()).abs() < 5e-3, "cos {x}");
        }
        assert_eq!(fast_sin_cos(0.0), (0.0, 1.0));
    }

    #[test]
    fn clips_play_to_their_end_and_move_loops() {
        let mut a = Animation::intro(0.0);
        a.advance(0.3, 1.0);
        assert!(!a.done());
        a.advance(0.3, 1.0);
        assert!(a.done() && a.time == INTRO_SECONDS);
        a.play(Clip::Move);
        for _ in 0..100 {
            a.advance(0.05, 3.0);
            assert!(!a.done() && (0.0..1.0).contains(&a.time));
        }
        a.play(Clip::Dying);
        a.advance(0.5, 3.0);
        assert!(!a.done());
        a.advance(0.5, 3.0);
        assert!(a.done());
    }

    #[test]
    fn a_cross_fade_blends_for_a_fifth_of_a_second() {
        let mut a = Animation::intro(INTRO_SECONDS);
        a.play(Clip::Move);
        // At the start of the fade the shape is the intro's end: standing, full size.
        assert_eq!(a.shape().size, 1.0);
        a.advance(0.1, 0.0);
        assert!((a.fade - 0.1).abs() < 1e-6);
        a.advance(0.2, 0.0);
        assert_eq!(a.fade, FADE_SECONDS);
        assert_eq!(a.shape(), Shape::of(Clip::Move, a.time));
    }

    #[test]
    fn the_shapes_read_as_the_series_clips() {
        let intro = Shape::of(Clip::Intro, 0.0);
        assert_eq!((intro.size, intro.lift), (0.0, 0.0));
        let top = Shape::of(Clip::Move, 0.5);
        assert!(
            (top.lift - 0.75).abs() < 2e-3,
            "the bounce's top {}",
            top.lift
        );
        let gone = Shape::of(Clip::Outro, OUTRO_SECONDS);
        assert_eq!((gone.size, gone.lift), (0.0, 1.25));
        let tipped = Shape::of(Clip::Dying, 0.5);
        assert_eq!((tipped.tip, tipped.size), (FRAC_PI_2, 1.0));
        assert_eq!(Shape::of(Clip::Dying, DYING_SECONDS).size, 0.0);
    }
}
