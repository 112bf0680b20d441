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
//! The rooms: `sections.rs` (the file and its rules), `treadmill.rs` (the three points),
//! `player.rs` (the player and its autopilot).

pub(crate) mod player;
pub(crate) mod sections;
pub(crate) mod treadmill;

pub use player::{
    FALL_LIMIT, GRAVITY, JUMP_HEIGHT, PLAYER_HALF_WIDTH, PLAYER_HEIGHT, Player, STEP_UP, autopilot,
    world_boxes,
};
pub use sections::{
    DEFAULT_SECTIONS, MAX_BOXES, MAX_TEMPLATES, MAX_VALUE, MIN_TEMPLATES, SectionBox,
    SectionTemplate, Sections, SectionsError,
};
pub use treadmill::{Held, Treadmill};

/// Parses `text` as a sections file and, when it is accepted, runs its treadmill for a few
/// seconds: the body of the `platformer_sections` fuzz target, replayed by `cargo test`.
#[cfg(feature = "fuzzing")]
pub fn check_sections_text(text: &str) {
    if let Ok(sections) = Sections::parse(text, "fuzz.ron".as_ref()) {
        let mut treadmill = Treadmill::new(sections, 1);
        for _ in 0..300 {
            treadmill.step(1.0 / f64::from(crate::step::TICKS_PER_SECOND));
        }
        assert_eq!(treadmill.max_same_template_active(), 1);
    }
}
