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

use crate::maths::Maths;
use std::f32::consts::{FRAC_PI_2, TAU};

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
    #[inline]
    pub fn seconds(self) -> f32 {
        const SECONDS: [f32; 4] = [INTRO_SECONDS, MOVE_SECONDS, OUTRO_SECONDS, DYING_SECONDS];
        SECONDS[self as usize]
    }

    /// The clip of a `repr(u8)` value, if it is one.
    pub fn from_code(code: u8) -> Option<Clip> {
        Clip::ALL.get(usize::from(code)).copied()
    }
}

/// The faded clip's time is kept in steps of this many a second (every clip lasts at most 1 s;
/// the move clip's is its phase).
const FROM_STEPS: f32 = 65535.0;

/// Where an enemy's animation stands: the clip playing and how long since it began, and the
/// clip it fades from (8 bytes, so that the clips cost the enemy update little memory).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Animation {
    /// Seconds since the clip began (not looped: the move clip's phase is worked out from it).
    pub time: f32,
    /// The time (phase, for the move clip) the clip faded from stopped at, in 1/65535 s.
    pub from_time: u16,
    /// The clip playing.
    pub clip: Clip,
    /// The clip it fades from during the first `FADE_SECONDS` of this one.
    pub from: Clip,
}

impl Animation {
    /// The move clip with no fade: how every enemy stands when animation is off.
    pub const MOVING: Animation = Animation {
        time: FADE_SECONDS,
        from_time: 0,
        clip: Clip::Move,
        from: Clip::Move,
    };

    /// The intro, `time` seconds in: a new enemy with animation on.
    pub fn intro(time: f32) -> Animation {
        Animation {
            time,
            from_time: 0,
            clip: Clip::Intro,
            from: Clip::Intro,
        }
    }

    /// The move clip `phase` (in `[0, 1)`) through a loop at rate 1, no fade: an enemy placed
    /// in play at once (a stress run's board).
    pub fn moving_at(phase: f32) -> Animation {
        Animation {
            time: FADE_SECONDS + phase,
            ..Animation::MOVING
        }
    }

    /// Starts `clip` from its beginning, fading from the clip playing now (whose time, or
    /// phase at `move_rate`, is kept).
    pub fn play(&mut self, clip: Clip, move_rate: f32) {
        let t = self.clip_time(move_rate).clamp(0.0, 1.0);
        self.from_time = (t * FROM_STEPS).round() as u16;
        self.from = self.clip;
        self.clip = clip;
        self.time = 0.0;
    }

    /// Lets `dt` seconds pass.
    #[inline]
    pub fn advance(&mut self, dt: f32) {
        self.time += dt;
    }

    /// Whether the clip playing (not the move clip, which loops) has played to its end.
    #[inline]
    pub fn done(&self) -> bool {
        self.clip != Clip::Move && self.time >= self.clip.seconds()
    }

    /// The time within the clip playing: its seconds, or for the move clip the phase of its
    /// loop at `move_rate` loops a second, in `[0, 1)`.
    #[inline(always)]
    fn clip_time(&self, move_rate: f32) -> f32 {
        if self.clip == Clip::Move {
            let loops = self.time * move_rate;
            // The whole loops dropped (far below 2³¹ of them).
            loops - (loops as i32) as f32
        } else {
            self.time
        }
    }

    /// What the clips do to the model now, the move clip at `move_rate` loops a second and the
    /// cross-fade blended in.
    #[inline(never)]
    pub fn shape(&self, move_rate: f32) -> Shape {
        let now = Shape::of(self.clip, self.clip_time(move_rate));
        if self.time >= FADE_SECONDS {
            return now;
        }
        let from = Shape::of(self.from, f32::from(self.from_time) / FROM_STEPS);
        from.mix(&now, self.time / FADE_SECONDS)
    }

    /// The height of the cube's centre when the enemy walks in its move clip with no fade
    /// running — nearly every enemy, nearly always: the bounce is all the clips do to it then
    /// (its shape is `STANDING` lifted). `None` in every other case, which
    /// [`Animation::shape`] describes.
    #[inline(always)]
    pub fn walking_lift(&self, move_rate: f32) -> Option<f32> {
        (self.clip == Clip::Move && self.time >= FADE_SECONDS)
            .then(|| move_lift(self.clip_time(move_rate)))
    }
}

/// The height of the cube's centre `phase` through the move clip's loop: the bounce, 0.25 +
/// ½ · 4t(1 − t), a parabola from standing to 0.75 halfway and back.
#[inline(always)]
fn move_lift(phase: f32) -> f32 {
    0.25 + 2.0 * phase * (1.0 - phase)
}

/// What a clip does to the model at one moment, in the units of an enemy of scale 1. Turns are
/// kept as `(cos, sin)` pairs, worked out only in the clips that turn (outro and dying), so that
/// an enemy in its move clip costs no trigonometry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// Height of the cube's centre above the ground (0.25: standing).
    pub lift: f32,
    /// The cube's size, as a share of its full size.
    pub size: f32,
    /// `(cos, sin)` of the turn about the vertical axis on top of the enemy's yaw.
    pub spin: [f32; 2],
    /// `(cos, sin)` of the tip forward about the model's right axis.
    pub tip: [f32; 2],
    /// Shift forward along the enemy's heading.
    pub forward: f32,
}

impl Shape {
    /// The cube standing, full size: what every enemy looks like with animation off.
    pub const STANDING: Shape = Shape {
        lift: 0.25,
        size: 1.0,
        spin: [1.0, 0.0],
        tip: [1.0, 0.0],
        forward: 0.0,
    };

    /// What `clip` does at `time` seconds.
    #[inline]
    pub fn of(clip: Clip, time: f32) -> Shape {
        let share = |seconds: f32| (time / seconds).clamp(0.0, 1.0);
        match clip {
            Clip::Intro => {
                let k = share(INTRO_SECONDS);
                Shape {
                    lift: 0.25 * k,
                    size: k,
                    ..Shape::STANDING
                }
            }
            Clip::Move => Shape {
                lift: move_lift(time),
                ..Shape::STANDING
            },
            Clip::Outro => {
                let k = share(OUTRO_SECONDS);
                let (sin, cos) = Maths::Portable.sin_cos(TAU * k);
                Shape {
                    lift: 0.25 + k,
                    size: 1.0 - k,
                    spin: [cos, sin],
                    ..Shape::STANDING
                }
            }
            Clip::Dying => {
                let k = share(DYING_SECONDS);
                let (sin, cos) = Maths::Portable.sin_cos(FRAC_PI_2 * (2.0 * k).min(1.0));
                Shape {
                    lift: 0.25,
                    size: (2.0 - 2.0 * k).min(1.0),
                    tip: [cos, sin],
                    forward: 0.5 * k,
                    ..Shape::STANDING
                }
            }
        }
    }

    /// This shape blended towards `other` by `w` (0: this, 1: `other`); turns blend by their
    /// `(cos, sin)` pairs, close enough over a fade of a fifth of a second.
    #[inline]
    fn mix(&self, other: &Shape, w: f32) -> Shape {
        let at = |a: f32, b: f32| a + (b - a) * w;
        let pair = |a: [f32; 2], b: [f32; 2]| [at(a[0], b[0]), at(a[1], b[1])];
        Shape {
            lift: at(self.lift, other.lift),
            size: at(self.size, other.size),
            spin: pair(self.spin, other.spin),
            tip: pair(self.tip, other.tip),
            forward: at(self.forward, other.forward),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clips_play_to_their_end_and_move_loops() {
        let mut a = Animation::intro(0.0);
        a.advance(0.3);
        assert!(!a.done());
        a.advance(0.3);
        assert!(a.done());
        a.play(Clip::Move, 3.0);
        // The intro stopped 0.6 s in (its shape is its end's from 0.5 s on).
        assert_eq!(a.from_time, (0.6 * FROM_STEPS).round() as u16);
        for _ in 0..100 {
            a.advance(0.05);
            assert!(!a.done() && (0.0..1.0).contains(&a.clip_time(3.0)));
        }
        a.play(Clip::Dying, 3.0);
        a.advance(0.5);
        assert!(!a.done());
        a.advance(0.5);
        assert!(a.done());
    }

    #[test]
    fn a_cross_fade_blends_for_a_fifth_of_a_second() {
        let mut a = Animation::intro(INTRO_SECONDS);
        a.play(Clip::Move, 1.0);
        // At the start of the fade the shape is the intro's end: standing, full size.
        assert_eq!(a.shape(1.0).size, 1.0);
        assert_eq!(a.shape(1.0).lift, 0.25);
        a.advance(0.1);
        let halfway = a.shape(1.0);
        assert!(halfway.lift > 0.25 && halfway.lift < Shape::of(Clip::Move, 0.1).lift);
        a.advance(0.2);
        assert_eq!(a.shape(1.0), Shape::of(Clip::Move, a.clip_time(1.0)));
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
        assert!(tipped.tip[0].abs() < 1e-6 && tipped.tip[1] == 1.0 && tipped.size == 1.0);
        assert_eq!(Shape::of(Clip::Dying, DYING_SECONDS).size, 0.0);
    }
}
