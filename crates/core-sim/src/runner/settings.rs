//! Runner settings: a RON file whose defaults are the reference text's numbers
//! (`assets/runner/default.ron`). Every field may be left out. Every rule is checked while the
//! file is read ([`horde_files::rules`]), so a bad value, however deep (a box of the third
//! obstacle), is reported at its own line and column.

use horde_files::FileError;
use horde_files::{checked, list, must, non_negative, positive, with_whole};
use serde::{Deserialize, Deserializer};
use std::path::Path;

/// The shipped settings file.
pub const DEFAULT_SETTINGS: &str = include_str!("../../../../assets/runner/default.ron");

/// One track section's box.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionSize {
    /// Across the track (x).
    #[serde(deserialize_with = "section_width")]
    pub width: f32,
    /// Thickness (y); the top is at `y = 0`.
    #[serde(deserialize_with = "section_height")]
    pub height: f32,
    /// Along the track (z).
    #[serde(deserialize_with = "section_length")]
    pub length: f32,
}

/// The player's box (its feet are at its `y`).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSize {
    /// Across (x).
    #[serde(deserialize_with = "player_width")]
    pub width: f32,
    /// Standing height (y).
    #[serde(deserialize_with = "player_height")]
    pub height: f32,
    /// Along (z).
    #[serde(deserialize_with = "player_depth")]
    pub depth: f32,
}

/// An axis-aligned box in section coordinates: `x` across (0 at the centre line), `y` up from
/// the track's top, `z` along the section from its start.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, try_from = "BoxCorners")]
pub struct ObstacleBox {
    /// Lowest corner.
    pub min: (f32, f32, f32),
    /// Highest corner.
    pub max: (f32, f32, f32),
}

/// One kind of obstacle.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObstacleKind {
    /// Name, for the HUD and errors.
    pub name: String,
    /// Its boxes; touching any of them ends the game.
    #[serde(deserialize_with = "boxes")]
    pub boxes: Vec<ObstacleBox>,
}

/// Everything the runner game is tuned by.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RunnerSettings {
    /// One section's size.
    #[serde(deserialize_with = "section")]
    pub section: SectionSize,
    /// Sections in the pool (`2..=MAX_POOL`).
    #[serde(deserialize_with = "pool")]
    pub pool: usize,
    /// Sections at the start without obstacles (at most the pool).
    #[serde(deserialize_with = "clear_sections")]
    pub clear_sections: usize,
    /// Track behind the player at the start (>= 0).
    #[serde(deserialize_with = "start_behind")]
    pub start_behind: f32,
    /// How far behind the player a section's far end goes before it is recycled (>= 0; with
    /// a section it must be less than the track ahead at the start).
    #[serde(deserialize_with = "recycle_behind")]
    pub recycle_behind: f32,
    /// Speed at score 0, units per second; also the score's rate (`0 < v <= MAX_BASE_SPEED`).
    #[serde(deserialize_with = "base_speed")]
    pub base_speed: f64,
    /// Speed rises by one unit per second for every this many points (>= 1).
    #[serde(deserialize_with = "speed_score_divisor")]
    pub speed_score_divisor: f64,
    /// Downward acceleration (> 0).
    #[serde(deserialize_with = "gravity")]
    pub gravity: f64,
    /// Height of the jump's apex (> 0).
    #[serde(deserialize_with = "jump_height")]
    pub jump_height: f64,
    /// Height scale while crouching (`0 < v <= 1`).
    #[serde(deserialize_with = "crouch_scale")]
    pub crouch_scale: f64,
    /// Smoothing rate of the height scale, per second (> 0).
    #[serde(deserialize_with = "crouch_rate")]
    pub crouch_rate: f64,
    /// The player's box.
    pub player: PlayerSize,
    /// The obstacle kinds (at least one).
    #[serde(deserialize_with = "obstacles")]
    pub obstacles: Vec<ObstacleKind>,
}

impl Default for RunnerSettings {
    /// The reference text's numbers, as in [`DEFAULT_SETTINGS`].
    fn default() -> RunnerSettings {
        let low_wall = |z: f32| ObstacleBox {
            min: (-4.0, 0.0, z - 0.5),
            max: (4.0, 1.0, z + 0.5),
        };
        let bar = |z: f32| {
            [
                ObstacleBox {
                    min: (-4.0, 0.7, z - 0.5),
                    max: (4.0, 4.0, z + 0.5),
                },
                ObstacleBox {
                    min: (-4.0, 0.0, z - 0.5),
                    max: (-3.2, 0.7, z + 0.5),
                },
                ObstacleBox {
                    min: (3.2, 0.0, z - 0.5),
                    max: (4.0, 0.7, z + 0.5),
                },
            ]
        };
        let mut both = vec![low_wall(6.0)];
        both.extend(bar(16.0));
        RunnerSettings {
            section: SectionSize {
                width: 8.0,
                height: 0.4,
                length: 20.0,
            },
            pool: 15,
            clear_sections: 3,
            start_behind: 10.0,
            recycle_behind: 10.0,
            base_speed: 12.0,
            speed_score_divisor: 500.0,
            gravity: 20.0,
            jump_height: 2.5,
            crouch_scale: 0.4,
            crouch_rate: 7.0,
            player: PlayerSize {
                width: 1.0,
                height: 1.0,
                depth: 1.0,
            },
            obstacles: vec![
                ObstacleKind {
                    name: "jump".into(),
                    boxes: vec![low_wall(10.0)],
                },
                ObstacleKind {
                    name: "crouch".into(),
                    boxes: bar(10.0).to_vec(),
                },
                ObstacleKind {
                    name: "both".into(),
                    boxes: both,
                },
            ],
        }
    }
}

/// The smallest section or player size accepted, in units (a smaller section makes the pool
/// wrap round absurdly often).
pub const MIN_SIZE: f32 = 0.01;
/// The largest section or player size accepted, in units.
pub const MAX_SIZE: f32 = 10_000.0;

/// The largest pool accepted (sections are checked one by one each step).
pub const MAX_POOL: usize = 1000;
/// The largest base speed accepted, units per second.
pub const MAX_BASE_SPEED: f64 = 1000.0;

/// Runner settings that could not be loaded: the one error of every file format.
pub type RunnerSettingsError = FileError;

impl RunnerSettings {
    /// Reads (at most [`horde_files::TEXT_CAP`] bytes) and parses a settings file.
    pub fn load(path: &Path) -> Result<RunnerSettings, FileError> {
        horde_files::load_ron(path)
    }

    /// Parses settings text; `path` names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<RunnerSettings, FileError> {
        horde_files::parse_ron(text, path)
    }

    /// The built-in settings, `assets/runner/default.ron` compiled in ([`DEFAULT_SETTINGS`]).
    pub fn built_in() -> Result<RunnerSettings, FileError> {
        RunnerSettings::parse(DEFAULT_SETTINGS, "assets/runner/default.ron".as_ref())
    }

    /// The settings at `path`, else the built-in ones.
    pub fn load_or_built_in(path: Option<&Path>) -> Result<RunnerSettings, FileError> {
        path.map_or_else(RunnerSettings::built_in, RunnerSettings::load)
    }
}

horde_files::rule!(section_width: f32, "section.width", "be 0.01 to 10000 units", |v| (MIN_SIZE..=MAX_SIZE).contains(v));
horde_files::rule!(section_height: f32, "section.height", "be 0.01 to 10000 units", |v| (MIN_SIZE..=MAX_SIZE).contains(v));
horde_files::rule!(section_length: f32, "section.length", "be 0.01 to 10000 units", |v| (MIN_SIZE..=MAX_SIZE).contains(v));
horde_files::rule!(player_width: f32, "player.width", "be 0.01 to 10000 units", |v| (MIN_SIZE..=MAX_SIZE).contains(v));
horde_files::rule!(player_height: f32, "player.height", "be 0.01 to 10000 units", |v| (MIN_SIZE..=MAX_SIZE).contains(v));
horde_files::rule!(player_depth: f32, "player.depth", "be 0.01 to 10000 units", |v| (MIN_SIZE..=MAX_SIZE).contains(v));
horde_files::rule!(start_behind_value: f32, "start_behind", "be 0 or more", |v| non_negative(f64::from(*v)));
horde_files::rule!(recycle_behind_value: f32, "recycle_behind", "be 0 or more", |v| non_negative(f64::from(*v)));
horde_files::rule!(base_speed: f64, "base_speed", "be positive and at most 1000", |v| positive(*v) && *v <= MAX_BASE_SPEED);
horde_files::rule!(speed_score_divisor: f64, "speed_score_divisor", "be 1 or more", |v| v.is_finite() && *v >= 1.0);
horde_files::rule!(gravity: f64, "gravity", "be positive", |v| positive(*v));
horde_files::rule!(jump_height: f64, "jump_height", "be positive", |v| positive(*v));
horde_files::rule!(crouch_scale: f64, "crouch_scale", "be in (0, 1]", |v| *v > 0.0 && *v <= 1.0);
horde_files::rule!(crouch_rate: f64, "crouch_rate", "be positive", |v| positive(*v));

/// The start's track reaches past the recycle point: sections of the pool laid end to end,
/// less what lies behind the player, go farther ahead than a section beyond `recycle_behind`
/// (else the pool would recycle a section while the player still stands on it).
fn track_reaches(s: &RunnerSettings) -> Result<(), String> {
    let reach = s.section.length * s.pool as f32 - s.start_behind;
    must(s.recycle_behind + s.section.length < reach, || {
        format!(
            "`recycle_behind` ({}) plus a section ({}) must be less than the track ahead: {} sections of {} less `start_behind` ({}) reach only {reach}",
            s.recycle_behind, s.section.length, s.pool, s.section.length, s.start_behind
        )
    })
}

/// No more clear sections than the pool holds.
fn clear_fits(s: &RunnerSettings) -> Result<(), String> {
    must(s.clear_sections <= s.pool, || {
        format!(
            "`clear_sections` ({}) is more than the pool ({})",
            s.clear_sections, s.pool
        )
    })
}

/// Every box of every obstacle lies along its section (`z` within `0..=length`).
fn boxes_fit(s: &RunnerSettings) -> Result<(), String> {
    for kind in &s.obstacles {
        for b in &kind.boxes {
            box_fits(b, s.section.length).map_err(|e| format!("obstacle `{}`: {e}", kind.name))?;
        }
    }
    Ok(())
}

/// A box lies along a section of `length` (`z` within `0..=length`).
fn box_fits(b: &ObstacleBox, length: f32) -> Result<(), String> {
    must(b.min.2 >= 0.0 && b.max.2 <= length, || {
        format!(
            "the box {:?}..{:?} leaves the section (z must stay in 0..{length})",
            b.min, b.max
        )
    })
}

/// The section's sizes (each field checks itself) and what depends on its length: the
/// track's reach, and the default obstacles' boxes (boxes written in the file are reported
/// where they stand).
fn section<'de, D: Deserializer<'de>>(d: D) -> Result<SectionSize, D::Error> {
    checked(d, |_: &SectionSize| {
        with_whole(|s: &RunnerSettings| {
            track_reaches(s)?;
            if s.obstacles == RunnerSettings::default().obstacles {
                boxes_fit(s)?;
            }
            Ok(())
        })
    })
}

fn pool<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    checked(d, |pool: &usize| {
        must((2..=MAX_POOL).contains(pool), || {
            format!("`pool` must be 2 to {MAX_POOL} sections, found {pool}")
        })?;
        with_whole(|s: &RunnerSettings| {
            clear_fits(s)?;
            track_reaches(s)
        })
    })
}

fn clear_sections<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    checked(d, |_: &usize| with_whole(clear_fits))
}

fn start_behind<'de, D: Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    let value = start_behind_value(d)?;
    with_whole(track_reaches).map_err(serde::de::Error::custom)?;
    Ok(value)
}

fn recycle_behind<'de, D: Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    let value = recycle_behind_value(d)?;
    with_whole(track_reaches).map_err(serde::de::Error::custom)?;
    Ok(value)
}

fn obstacles<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<ObstacleKind>, D::Error> {
    list(d, "obstacles", 1..=usize::MAX, |_, _| Ok(()))
}

fn boxes<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<ObstacleBox>, D::Error> {
    list(d, "boxes", 0..=usize::MAX, |_, _| Ok(()))
}

/// An [`ObstacleBox`] as written, before its corners are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoxCorners {
    min: (f32, f32, f32),
    max: (f32, f32, f32),
}

impl TryFrom<BoxCorners> for ObstacleBox {
    type Error = String;

    /// Finite corners, min below max on every axis, and (in the second reading) along the
    /// section. Reported at the box, once it is read whole (its closing parenthesis).
    fn try_from(BoxCorners { min, max }: BoxCorners) -> Result<ObstacleBox, String> {
        let finite = [min.0, min.1, min.2, max.0, max.1, max.2]
            .iter()
            .all(|v| v.is_finite());
        let ordered = min.0 < max.0 && min.1 < max.1 && min.2 < max.2;
        must(finite && ordered, || {
            format!("the box {min:?}..{max:?} must have finite corners, min below max")
        })
        .map_err(horde_files::placed)?;
        let b = ObstacleBox { min, max };
        with_whole(|s: &RunnerSettings| box_fits(&b, s.section.length))
            .map_err(horde_files::placed)?;
        Ok(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        match RunnerSettings::parse(text, "bad.ron".as_ref()) {
            Ok(_) => panic!("accepted {text}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn the_shipped_file_is_the_default() {
        let parsed = RunnerSettings::parse(DEFAULT_SETTINGS, "default.ron".as_ref()).unwrap();
        assert_eq!(parsed, RunnerSettings::default());
    }

    #[test]
    fn fields_may_be_left_out() {
        let parsed = RunnerSettings::parse("(pool: 20)", "x.ron".as_ref()).unwrap();
        assert_eq!(parsed.pool, 20);
        assert_eq!(parsed.base_speed, 12.0);
    }

    #[test]
    fn bad_values_name_their_line_and_column() {
        let text = "(\n    pool: 15,\n    gravity: -3.0,\n)";
        assert_eq!(
            error(text),
            "bad.ron:3:14: `gravity` must be positive, found -3.0"
        );
        assert!(error("(\n  speed: 3.0,\n)").starts_with("bad.ron:2:3: "));
    }

    #[test]
    fn a_tiny_or_huge_section_is_refused() {
        for length in ["1e-30", "0.001", "1e9"] {
            let text = format!("(\n    section: (width: 9.0, height: 4.0, length: {length}),\n)");
            let e = error(&text);
            assert!(
                e.starts_with("bad.ron:2:48: `section.length` must be"),
                "{length}: {e}"
            );
        }
    }

    #[test]
    fn a_bad_box_deep_in_the_file_is_reported_at_the_box() {
        let text = DEFAULT_SETTINGS.replace(
            "(min: (3.2, 0.0, 15.5), max: (4.0, 0.7, 16.5))",
            "(min: (3.2, 0.9, 15.5), max: (4.0, 0.7, 16.5))",
        );
        let line = text.lines().position(|l| l.contains("0.9, 15.5")).unwrap() + 1;
        let e = error(&text);
        assert!(e.starts_with(&format!("bad.ron:{line}:")), "{e}");
        assert!(e.contains("min below max"), "{e}");
    }

    #[test]
    fn a_box_beyond_a_shorter_section_is_reported_at_the_box_or_the_section() {
        // The box comes before the section that it no longer fits.
        let text = "(\n  obstacles: [(name: \"far\", boxes: [\n    (min: (0.0, 0.0, 1.0), max: (1.0, 1.0, 12.0)),\n  ])],\n  section: (width: 8.0, height: 0.4, length: 10.0),\n)";
        let e = error(text);
        assert!(e.starts_with("bad.ron:3:"), "{e}");
        assert!(
            e.contains("leaves the section (z must stay in 0..10)"),
            "{e}"
        );
        // With the default obstacles, only the section is written: it is the one at fault.
        let e = error("(\n  pool: 15,\n  section: (width: 8.0, height: 0.4, length: 10.0),\n)");
        assert!(e.starts_with("bad.ron:3:"), "{e}");
        assert!(e.contains("obstacle `jump`"), "{e}");
    }

    #[test]
    fn rules_between_fields_name_the_field_written() {
        let e = error("(\n  pool: 4,\n  clear_sections: 5,\n)");
        assert!(e.starts_with("bad.ron:2:"), "{e}");
        assert!(
            e.contains("`clear_sections` (5) is more than the pool (4)"),
            "{e}"
        );
        let e = error("(\n  recycle_behind: 500.0,\n)");
        assert!(e.starts_with("bad.ron:2:19: `recycle_behind` (500)"), "{e}");
        let e = error("(obstacles: [])");
        assert!(e.contains("obstacles may not be empty"), "{e}");
    }
}
