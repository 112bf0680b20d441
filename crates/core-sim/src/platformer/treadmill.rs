//! The treadmill itself: three points a section apart moving left, each carrying a section;
//! a point that passes `−w` moves ahead by `3w` and takes a random template that no other
//! point carries.

use super::sections::{SectionTemplate, Sections};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

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
    /// A sections file waiting for the next section ([`Treadmill::set_sections`]).
    pending: Option<Arc<Sections>>,
    /// The file the sections marked in `retired_points` came from (the one before the last
    /// adopted).
    retired: Option<Arc<Sections>>,
    /// Points whose section is of `retired`, not of `sections`.
    retired_points: [bool; 3],
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
            pending: None,
            retired: None,
            retired_points: [false; 3],
        };
        treadmill.lay_out();
        treadmill
    }

    /// The points a section apart around the origin: the start section on the middle point,
    /// random templates on the other two.
    fn lay_out(&mut self) {
        let w = self.sections.section_width;
        self.points = [-w, 0.0, w];
        self.held = [Held::Start; 3];
        for point in [0, 2] {
            let template = self.inactive_template(point);
            self.put(point, template);
        }
    }

    /// A random template not carried by a point other than `point`.
    fn inactive_template(&mut self, point: usize) -> usize {
        let n = self.sections.templates.len();
        let retired = self.retired_points;
        let active = |t: usize, held: &[Held; 3]| {
            held.iter()
                .enumerate()
                .any(|(i, h)| i != point && !retired[i] && *h == Held::Template(t))
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
        // Sections of a retired file are not this file's templates.
        let current = |i: &usize| !self.retired_points[*i];
        let most = (0..3)
            .filter(current)
            .map(|i| {
                let h = self.held[i];
                (0..3)
                    .filter(current)
                    .filter(|&o| self.held[o] == h && h != Held::Start)
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
                self.retired_points[point] = false;
                if let Some(sections) = self.pending.take() {
                    self.adopt(sections, point);
                }
                // Its own section is let go: it may be chosen again at once.
                let template = self.inactive_template(point);
                self.put(point, template);
                self.recycled += 1;
            }
        }
    }

    /// A new sections file (the file was edited): taken when the next section is chosen; the
    /// sections already on the treadmill stay until they wrap round. A file of another
    /// section width cannot share the treadmill with the old sections: it lays the treadmill
    /// out again at once, as at the start (the counts carry on).
    pub fn set_sections(&mut self, sections: Sections) {
        if sections.section_width != self.sections.section_width {
            self.pending = None;
            self.retired = None;
            self.retired_points = [false; 3];
            self.uses.resize(sections.templates.len(), 0);
            self.sections = Arc::new(sections);
            self.lay_out();
        } else {
            self.pending = Some(Arc::new(sections));
        }
    }

    /// Whether a sections file waits for the next section.
    pub fn sections_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// Takes `sections` as the point `point` wraps round: the other points' sections are the
    /// old file's until they wrap too.
    fn adopt(&mut self, sections: Arc<Sections>, point: usize) {
        let old = std::mem::replace(&mut self.sections, sections);
        self.retired_points = [true; 3];
        self.retired_points[point] = false;
        // A start section is the same in any file it is shown from.
        self.retired = Some(old);
        self.uses.resize(self.sections.templates.len(), 0);
    }

    /// The section point `point` (0–2, in [`Treadmill::points`] order) carries.
    pub fn point_section(&self, point: usize) -> &SectionTemplate {
        let held = self.held[point.min(2)];
        match (&self.retired, self.retired_points[point.min(2)]) {
            (Some(old), true) => match held {
                Held::Start => &old.start,
                Held::Template(t) => &old.templates[t],
            },
            _ => self.section(held),
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
    pub(super) fn lookahead(&self) -> Treadmill {
        Treadmill {
            sections: Arc::clone(&self.sections),
            points: self.points,
            held: self.held,
            rng: self.rng.clone(),
            recycled: self.recycled,
            uses: Vec::new(),
            max_same_active: self.max_same_active,
            seconds: self.seconds,
            pending: self.pending.clone(),
            retired: self.retired.clone(),
            retired_points: self.retired_points,
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_section_is_recycled_every_width_over_speed_seconds() {
        let mut t = Treadmill::new(Sections::built_in().unwrap(), 1);
        for _ in 0..120 * 60 {
            t.step(1.0 / f64::from(crate::step::TICKS_PER_SECOND));
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
        let mut t = Treadmill::new(Sections::built_in().unwrap(), 3);
        let held: Vec<Held> = t.points().map(|(_, h)| h).collect();
        assert_eq!(held[1], Held::Start);
        assert!(matches!(held[0], Held::Template(_)) && matches!(held[2], Held::Template(_)));
        assert_ne!(held[0], held[2]);
        for _ in 0..60 * 10 {
            t.step(1.0 / f64::from(crate::step::TICKS_PER_SECOND));
        }
        assert!(t.points().all(|(_, h)| h != Held::Start));
    }

    /// The built-in file with its templates renamed (`x_` before each name) and every box
    /// 0.1 higher, so that new sections can be told from old ones.
    fn edited() -> Sections {
        let mut s = Sections::built_in().unwrap();
        for t in &mut s.templates {
            t.name = format!("x_{}", t.name);
        }
        s.templates.truncate(4);
        s
    }

    #[test]
    fn a_new_sections_file_is_taken_at_the_next_section_and_the_old_ones_stay_until_they_wrap() {
        let mut t = Treadmill::new(Sections::built_in().unwrap(), 5);
        t.step(0.5);
        let before: Vec<String> = (0..3).map(|p| t.point_section(p).name.clone()).collect();
        t.set_sections(edited());
        assert!(t.sections_pending());
        t.step(0.1);
        let same: Vec<String> = (0..3).map(|p| t.point_section(p).name.clone()).collect();
        assert_eq!(before, same, "nothing changes before a section wraps");
        let recycled = t.recycled();
        while t.recycled() == recycled {
            t.step(1.0 / f64::from(crate::step::TICKS_PER_SECOND));
        }
        assert!(!t.sections_pending());
        let names: Vec<String> = (0..3).map(|p| t.point_section(p).name.clone()).collect();
        assert_eq!(
            names.iter().filter(|n| n.starts_with("x_")).count(),
            1,
            "{names:?}"
        );
        assert!(names.iter().any(|n| before.contains(n)), "{names:?}");
        for _ in 0..60 * 20 {
            t.step(1.0 / f64::from(crate::step::TICKS_PER_SECOND));
        }
        assert!((0..3).all(|p| t.point_section(p).name.starts_with("x_")));
        assert_eq!(t.template_uses().len(), 4);
        assert_eq!(t.max_same_template_active(), 1);
    }

    #[test]
    fn a_new_section_width_lays_the_treadmill_out_at_once() {
        let mut t = Treadmill::new(Sections::built_in().unwrap(), 5);
        t.step(3.0);
        let mut wide = edited();
        wide.section_width = 12.0;
        for tpl in std::iter::once(&mut wide.start).chain(&mut wide.templates) {
            for b in &mut tpl.boxes {
                b.min.0 *= 1.2;
                b.max.0 *= 1.2;
            }
        }
        t.set_sections(wide);
        let xs: Vec<f64> = t.points().map(|(x, _)| x).collect();
        assert_eq!(xs, [-12.0, 0.0, 12.0]);
        assert_eq!(t.point_section(1).name, "start");
        assert!(t.recycled() > 0, "counts carry on");
    }
}
