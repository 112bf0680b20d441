//! The 2D section treadmill (the infinite-level text's "2D runner"): not a game but a way to
//! loop a level. Three points stand a section apart, at `−w`, `0` and `+w` (`w`, the section
//! width, 10 by default); the camera stays and the points move left at `speed` (5). A point
//! that passes `−w` moves ahead by `3w` and takes a random section template that is not active
//! at another point. At the start the level's start section sits on the middle point and the
//! other two take random templates. A level with fewer than [`MIN_TEMPLATES`] templates is
//! refused.
//!
//! Beyond the text, a [`Player`] runs on it (it stays at `x = 0`; the runner's gravity and
//! jump), stepping onto low boxes, out when it falls into a gap or runs into a higher box; the
//! [`autopilot`] looks ahead by simulating the treadmill and jumps at the last step from which
//! a jump still lands.
//!
//! # Sections file
//!
//! ```ron
//! (
//!     section_width: 10.0,   // > 0
//!     speed: 5.0,            // > 0, units per second
//!     start: (name: "start", boxes: [(min: (-5.0, -1.0), max: (5.0, 0.0))]),
//!     templates: [           // at least 4
//!         (name: "flat", boxes: [(min: (-5.0, -1.0), max: (5.0, 0.0))]),
//!     ],
//! )
//! ```
//!
//! Boxes are in section coordinates: `x` across `−w/2..w/2`, `y` up. Unknown fields, a bad
//! number, a box outside its section or inside out, duplicate names and too few templates are
//! errors naming the file, line and column.

use horde_files::FileError;
use horde_files::rules::{list, must, positive, unique_name, with_whole};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer};
use std::path::Path;
use std::sync::Arc;

/// The fewest templates a level may have.
pub const MIN_TEMPLATES: usize = 4;
/// The most templates a level may have.
pub const MAX_TEMPLATES: usize = 1024;
/// The most boxes in one section.
pub const MAX_BOXES: usize = 256;
/// The widest section, and the fastest speed, accepted.
pub const MAX_VALUE: f64 = 10_000.0;

/// The built-in sections file, `assets/platformer/default.ron`.
pub const DEFAULT_SECTIONS: &str = include_str!("../../../assets/platformer/default.ron");

/// A box of a section, in section coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, try_from = "BoxCorners")]
pub struct SectionBox {
    /// Lower-left corner `(x, y)`.
    pub min: (f64, f64),
    /// Upper-right corner `(x, y)`.
    pub max: (f64, f64),
}

/// A section: a name and its boxes.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionTemplate {
    /// Its name (a template's is unique among the templates).
    pub name: String,
    /// Its boxes (at most [`MAX_BOXES`]).
    #[serde(deserialize_with = "boxes")]
    pub boxes: Vec<SectionBox>,
}

/// A level's sections file.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sections {
    /// Width of a section (the distance between two points), `0 < w <= MAX_VALUE`.
    #[serde(deserialize_with = "section_width")]
    pub section_width: f64,
    /// How fast the points move left, units per second, `0 < v <= MAX_VALUE`.
    #[serde(deserialize_with = "speed")]
    pub speed: f64,
    /// The section on the middle point at the start (never reused).
    pub start: SectionTemplate,
    /// The templates the treadmill chooses from ([`MIN_TEMPLATES`] to [`MAX_TEMPLATES`]).
    #[serde(deserialize_with = "templates")]
    pub templates: Vec<SectionTemplate>,
}

impl Sections {
    /// Reads (at most [`horde_files::TEXT_CAP`] bytes) and checks a sections file.
    pub fn load(path: &Path) -> Result<Sections, FileError> {
        horde_files::load_ron(path)
    }

    /// Parses and checks sections text; `path` names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<Sections, FileError> {
        horde_files::parse_ron(text, path)
    }
}

horde_files::rule!(section_width: f64, "section_width", "be a number in (0, 10000]", |v| positive(*v) && *v <= MAX_VALUE);
horde_files::rule!(speed: f64, "speed", "be a number in (0, 10000]", |v| positive(*v) && *v <= MAX_VALUE);

/// A box lies within a section `width` wide: `x` in `−width/2..width/2`.
fn box_fits(b: &SectionBox, width: f64) -> Result<(), String> {
    let half = width / 2.0;
    must(b.min.0 >= -half - 1e-9 && b.max.0 <= half + 1e-9, || {
        format!(
            "the box {:?}..{:?} leaves the section (x must stay within ±{half})",
            b.min, b.max
        )
    })
}

fn boxes<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SectionBox>, D::Error> {
    list(d, "boxes", 0..=MAX_BOXES, |_, b: &SectionBox| {
        with_whole(|s: &Sections| box_fits(b, s.section_width))
    })
}

/// A template as written: its name must not repeat another template's.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TemplateEntry {
    #[serde(deserialize_with = "template_name")]
    name: String,
    #[serde(deserialize_with = "boxes")]
    boxes: Vec<SectionBox>,
}

fn template_name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    unique_name(d, "template")
}

fn templates<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SectionTemplate>, D::Error> {
    let entries: Vec<TemplateEntry> =
        list(d, "templates", MIN_TEMPLATES..=MAX_TEMPLATES, |_, _| Ok(()))?;
    Ok(entries
        .into_iter()
        .map(|TemplateEntry { name, boxes }| SectionTemplate { name, boxes })
        .collect())
}

/// A [`SectionBox`] as written, before its corners are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoxCorners {
    min: (f64, f64),
    max: (f64, f64),
}

impl TryFrom<BoxCorners> for SectionBox {
    type Error = String;

    /// Finite corners no farther than [`MAX_VALUE`] out, min below max.
    fn try_from(BoxCorners { min, max }: BoxCorners) -> Result<SectionBox, String> {
        let finite = [min.0, min.1, max.0, max.1]
            .iter()
            .all(|v| v.is_finite() && v.abs() <= MAX_VALUE);
        must(finite && min.0 < max.0 && min.1 < max.1, || {
            format!("the box {min:?}..{max:?} must have finite corners, min below max")
        })?;
        Ok(SectionBox { min, max })
    }
}

/// Parses `text` as a sections file and, when it is accepted, runs its treadmill for a few
/// seconds: the body of the `platformer_sections` fuzz target, replayed by `cargo test`.
pub fn check_sections_text(text: &str) {
    if let Ok(sections) = Sections::parse(text, "fuzz.ron".as_ref()) {
        let mut treadmill = Treadmill::new(sections, 1);
        for _ in 0..300 {
            treadmill.step(1.0 / 60.0);
        }
        assert_eq!(treadmill.max_same_template_active(), 1);
    }
}

/// What a point carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// The level's start section.
    Start,
    /// Template `i`.
    Template(usize),
}

/// The treadmill: three points and the sections they carry.
#[derive(Clone, Debug)]
pub struct Treadmill {
    /// Shared, so that the autopilot's look-ahead copies cost no allocation.
    sections: Arc<Sections>,
    /// The points' positions along `x`, in the order they wrap.
    points: [f64; 3],
    /// What each point carries.
    held: [Held; 3],
    rng: ChaCha8Rng,
    recycled: u64,
    uses: Vec<u64>,
    max_same_active: usize,
    seconds: f64,
}

impl Treadmill {
    /// The treadmill of `sections` at its start, seeded with `seed`.
    pub fn new(sections: Sections, seed: u64) -> Treadmill {
        let w = sections.section_width;
        let n = sections.templates.len();
        let mut treadmill = Treadmill {
            uses: vec![0; n],
            sections: Arc::new(sections),
            points: [-w, 0.0, w],
            held: [Held::Start; 3],
            rng: ChaCha8Rng::seed_from_u64(seed),
            recycled: 0,
            max_same_active: 0,
            seconds: 0.0,
        };
        // The start section on the middle point, random templates on the other two.
        for point in [0, 2] {
            let template = treadmill.inactive_template(point);
            treadmill.put(point, template);
        }
        treadmill
    }

    /// A random template not carried by a point other than `point`.
    fn inactive_template(&mut self, point: usize) -> usize {
        let n = self.sections.templates.len();
        let active = |t: usize, held: &[Held; 3]| {
            held.iter()
                .enumerate()
                .any(|(i, h)| i != point && *h == Held::Template(t))
        };
        let free = (0..n).filter(|&t| !active(t, &self.held)).count();
        // At least MIN_TEMPLATES − 2 are free: two other points hold one each at most.
        let mut k = self.rng.random_range(0..free.max(1));
        for t in 0..n {
            if !active(t, &self.held) {
                if k == 0 {
                    return t;
                }
                k -= 1;
            }
        }
        0
    }

    /// Puts template `t` on point `point` and counts it.
    fn put(&mut self, point: usize, t: usize) {
        self.held[point] = Held::Template(t);
        // A look-ahead copy keeps no counts.
        if let Some(uses) = self.uses.get_mut(t) {
            *uses += 1;
        }
        let most = self
            .held
            .iter()
            .map(|h| {
                self.held
                    .iter()
                    .filter(|o| *o == h && *h != Held::Start)
                    .count()
            })
            .max()
            .unwrap_or(0);
        self.max_same_active = self.max_same_active.max(most);
    }

    /// Moves the points left for `dt` seconds; a point that passes `−w` moves ahead by `3w`,
    /// lets its section go and takes a random template not active at another point.
    pub fn step(&mut self, dt: f64) {
        if !(dt.is_finite() && dt > 0.0) {
            return;
        }
        self.seconds += dt;
        let w = self.sections.section_width;
        for point in 0..3 {
            self.points[point] -= self.sections.speed * dt;
            if self.points[point] < -w {
                // Usually one lap; a step longer than three sections moves it by whole laps.
                let laps = ((-w - self.points[point]) / (3.0 * w)).floor() + 1.0;
                self.points[point] += laps * 3.0 * w;
                // Its own section is let go: it may be chosen again at once.
                let template = self.inactive_template(point);
                self.put(point, template);
                self.recycled += 1;
            }
        }
    }

    /// The points' positions and what they carry.
    pub fn points(&self) -> impl Iterator<Item = (f64, Held)> + '_ {
        self.points.iter().copied().zip(self.held.iter().copied())
    }

    /// The section `held` stands for.
    pub fn section(&self, held: Held) -> &SectionTemplate {
        match held {
            Held::Start => &self.sections.start,
            Held::Template(t) => &self.sections.templates[t],
        }
    }

    /// The sections file.
    pub fn sections(&self) -> &Sections {
        &self.sections
    }

    /// A copy to simulate ahead with: the same points, sections and random stream, without
    /// the use counts, so that making it allocates nothing.
    fn lookahead(&self) -> Treadmill {
        Treadmill {
            sections: Arc::clone(&self.sections),
            points: self.points,
            held: self.held,
            rng: self.rng.clone(),
            recycled: self.recycled,
            uses: Vec::new(),
            max_same_active: self.max_same_active,
            seconds: self.seconds,
        }
    }

    /// Sections recycled (points that wrapped round).
    pub fn recycled(&self) -> u64 {
        self.recycled
    }

    /// How often each template was put on a point (the two at the start included).
    pub fn template_uses(&self) -> &[u64] {
        &self.uses
    }

    /// The most points that ever carried one template at once (1: never two).
    pub fn max_same_template_active(&self) -> usize {
        self.max_same_active
    }

    /// Simulated seconds.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }
}

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
    treadmill.points().flat_map(move |(x, held)| {
        treadmill
            .section(held)
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
    let dt = 1.0 / 60.0;
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
    later.1.step(1.0 / 60.0);
    later.0.step(&later.1, false, 1.0 / 60.0);
    let wait = later.0.grounded && survives(&later.0, &later.1, true, 1.05);
    !wait
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn default_sections() -> Sections {
        Sections::parse(DEFAULT_SECTIONS, "default.ron".as_ref()).unwrap()
    }

    #[test]
    fn the_default_file_has_the_texts_numbers_and_enough_templates() {
        let s = default_sections();
        assert_eq!(s.section_width, 10.0);
        assert_eq!(s.speed, 5.0);
        assert!(s.templates.len() >= 6);
    }

    #[test]
    fn a_section_is_recycled_every_width_over_speed_seconds() {
        let mut t = Treadmill::new(default_sections(), 1);
        for _ in 0..120 * 60 {
            t.step(1.0 / 60.0);
        }
        // 10 / 5 = 2 s a section: 60 in 120 s.
        assert!((59..=61).contains(&t.recycled()), "{}", t.recycled());
        assert_eq!(t.max_same_template_active(), 1);
        assert!(t.template_uses().iter().all(|&n| n > 0));
        // The points stay a section apart, within −w..2w.
        let mut xs: Vec<f64> = t.points().map(|(x, _)| x).collect();
        xs.sort_by(f64::total_cmp);
        assert!((xs[1] - xs[0] - 10.0).abs() < 1e-6 && (xs[2] - xs[1] - 10.0).abs() < 1e-6);
        assert!(xs[0] >= -10.0 && xs[2] < 20.0);
    }

    #[test]
    fn the_start_section_is_on_the_middle_point_at_the_start_and_never_again() {
        let mut t = Treadmill::new(default_sections(), 3);
        let held: Vec<Held> = t.points().map(|(_, h)| h).collect();
        assert_eq!(held[1], Held::Start);
        assert!(matches!(held[0], Held::Template(_)) && matches!(held[2], Held::Template(_)));
        assert_ne!(held[0], held[2]);
        for _ in 0..60 * 10 {
            t.step(1.0 / 60.0);
        }
        assert!(t.points().all(|(_, h)| h != Held::Start));
    }

    #[test]
    fn too_few_templates_are_refused_naming_the_file_and_the_minimum() {
        let s = default_sections();
        let mut text = String::from("(\n    section_width: 10.0,\n    speed: 5.0,\n");
        text += "    start: (name: \"start\", boxes: []),\n    templates: [\n";
        for t in s.templates.iter().take(3) {
            text += &format!("        (name: \"{}\", boxes: []),\n", t.name);
        }
        text += "    ],\n)\n";
        let e = Sections::parse(&text, "three.ron".as_ref()).unwrap_err();
        let message = e.to_string();
        assert!(
            message.starts_with("three.ron:9:5: 3 templates"),
            "{message}"
        );
        assert!(message.contains("at least 4"), "{message}");
    }

    #[test]
    fn bad_numbers_and_boxes_are_refused_with_their_place() {
        let bad_speed = DEFAULT_SECTIONS.replacen("speed: 5.0", "speed: NaN", 1);
        let e = Sections::parse(&bad_speed, "s.ron".as_ref()).unwrap_err();
        assert!(e.to_string().contains("`speed` must be"), "{e}");
        let wide = DEFAULT_SECTIONS.replacen("max: (5.0, 0.0)", "max: (50.0, 0.0)", 1);
        assert_ne!(wide, DEFAULT_SECTIONS);
        let e = Sections::parse(&wide, "s.ron".as_ref()).unwrap_err();
        assert!(e.to_string().contains("x must stay within ±5"), "{e}");
    }

    #[test]
    fn a_bad_box_in_a_late_template_is_reported_at_that_box() {
        // The last template's last box, turned upside down.
        let box_text = "(min: (2.0, 0.0), max: (2.5, 0.6))";
        let last = DEFAULT_SECTIONS.rfind(box_text).unwrap();
        let mut text = DEFAULT_SECTIONS.to_string();
        text.replace_range(
            last..last + box_text.len(),
            "(min: (2.0, 0.6), max: (2.5, 0.0))",
        );
        // RON's parser knows the box is bad once it has read it whole: at its closing `)`.
        let end = last + box_text.len() - 1;
        let (line, column) = horde_files::position::line_column(&text, end);
        let e = Sections::parse(&text, "late.ron".as_ref()).unwrap_err();
        let message = e.to_string();
        assert!(
            message.starts_with(&format!("late.ron:{line}:{column}: the box ")),
            "{message} (wanted {line}:{column})"
        );
        assert!(message.contains("min below max"), "{message}");
    }

    #[test]
    fn the_autopilot_runs_two_minutes_and_a_player_who_never_jumps_does_not() {
        for seed in 0..8 {
            let mut t = Treadmill::new(default_sections(), seed);
            let (mut pilot, mut idle) = (Player::default(), Player::default());
            for _ in 0..120 * 60 {
                t.step(1.0 / 60.0);
                let jump = autopilot(&pilot, &t);
                pilot.step(&t, jump, 1.0 / 60.0);
                idle.step(&t, false, 1.0 / 60.0);
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
