//! Runner settings: a RON file whose defaults are the reference text's numbers
//! (`assets/runner/default.ron`). Every field may be left out; bad values are errors that name
//! the file, line and column.

use serde::Deserialize;
use std::path::Path;

/// The shipped settings file.
pub const DEFAULT_SETTINGS: &str = include_str!("../../../../assets/runner/default.ron");

/// One track section's box.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionSize {
    /// Across the track (x).
    pub width: f32,
    /// Thickness (y); the top is at `y = 0`.
    pub height: f32,
    /// Along the track (z).
    pub length: f32,
}

/// The player's box (its feet are at its `y`).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSize {
    /// Across (x).
    pub width: f32,
    /// Standing height (y).
    pub height: f32,
    /// Along (z).
    pub depth: f32,
}

/// An axis-aligned box in section coordinates: `x` across (0 at the centre line), `y` up from
/// the track's top, `z` along the section from its start.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
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
    pub boxes: Vec<ObstacleBox>,
}

/// Everything the runner game is tuned by.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RunnerSettings {
    /// One section's size.
    pub section: SectionSize,
    /// Sections in the pool.
    pub pool: usize,
    /// Sections at the start without obstacles.
    pub clear_sections: usize,
    /// Track behind the player at the start.
    pub start_behind: f32,
    /// How far behind the player a section's far end goes before it is recycled.
    pub recycle_behind: f32,
    /// Speed at score 0, units per second; also the score's rate.
    pub base_speed: f64,
    /// Speed rises by one unit per second for every this many points.
    pub speed_score_divisor: f64,
    /// Downward acceleration.
    pub gravity: f64,
    /// Height of the jump's apex.
    pub jump_height: f64,
    /// Height scale while crouching.
    pub crouch_scale: f64,
    /// Smoothing rate of the height scale, per second.
    pub crouch_rate: f64,
    /// The player's box.
    pub player: PlayerSize,
    /// The obstacle kinds.
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

/// Runner settings that could not be loaded.
pub type RunnerSettingsError = crate::settings_file::SettingsFileError;

/// The smallest section or player size accepted, in units (a smaller section makes the pool
/// wrap round absurdly often).
pub const MIN_SIZE: f32 = 0.01;
/// The largest section or player size accepted, in units.
pub const MAX_SIZE: f32 = 10_000.0;

/// The largest pool accepted (sections are checked one by one each step).
pub const MAX_POOL: usize = 1000;
/// The largest base speed accepted, units per second.
pub const MAX_BASE_SPEED: f64 = 1000.0;

impl RunnerSettings {
    /// Reads and parses a settings file.
    pub fn load(path: &Path) -> Result<RunnerSettings, RunnerSettingsError> {
        let text = std::fs::read_to_string(path).map_err(|error| RunnerSettingsError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        RunnerSettings::parse(&text, path)
    }

    /// Parses settings text; `path` names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<RunnerSettings, RunnerSettingsError> {
        let invalid = |line: usize, column: usize, message: String| RunnerSettingsError::Invalid {
            path: path.to_path_buf(),
            line,
            column,
            message,
        };
        let settings: RunnerSettings = ron::from_str(text)
            .map_err(|e| invalid(e.span.start.line, e.span.start.col, e.code.to_string()))?;
        settings.check().map_err(|(field, message)| {
            let (line, column) = locate(text, field);
            invalid(line, column, message)
        })?;
        Ok(settings)
    }

    /// The first bad value, as (field name to point at, message).
    fn check(&self) -> Result<(), (&'static str, String)> {
        let positive = |field: &'static str, v: f64| {
            if v > 0.0 && v.is_finite() {
                Ok(())
            } else {
                Err((field, format!("`{field}` must be positive, found {v}")))
            }
        };
        for (field, name, v) in [
            ("section", "section.width", self.section.width),
            ("section", "section.height", self.section.height),
            ("section", "section.length", self.section.length),
            ("player", "player.width", self.player.width),
            ("player", "player.height", self.player.height),
            ("player", "player.depth", self.player.depth),
        ] {
            if !(v > 0.0 && v.is_finite()) {
                return Err((field, format!("`{name}` must be positive, found {v}")));
            }
            if !(MIN_SIZE..=MAX_SIZE).contains(&v) {
                return Err((
                    field,
                    format!("`{name}` must be {MIN_SIZE} to {MAX_SIZE} units, found {v}"),
                ));
            }
        }
        positive("base_speed", self.base_speed)?;
        positive("speed_score_divisor", self.speed_score_divisor)?;
        positive("gravity", self.gravity)?;
        positive("jump_height", self.jump_height)?;
        positive("crouch_rate", self.crouch_rate)?;
        if self.base_speed > MAX_BASE_SPEED {
            return Err((
                "base_speed",
                format!(
                    "`base_speed` must be at most {MAX_BASE_SPEED}, found {}",
                    self.base_speed
                ),
            ));
        }
        if self.speed_score_divisor < 1.0 {
            return Err((
                "speed_score_divisor",
                format!(
                    "`speed_score_divisor` must be 1 or more, found {}",
                    self.speed_score_divisor
                ),
            ));
        }
        if !(self.crouch_scale > 0.0 && self.crouch_scale <= 1.0) {
            return Err((
                "crouch_scale",
                format!(
                    "`crouch_scale` must be in (0, 1], found {}",
                    self.crouch_scale
                ),
            ));
        }
        if !(2..=MAX_POOL).contains(&self.pool) {
            return Err((
                "pool",
                format!(
                    "`pool` must be 2 to {MAX_POOL} sections, found {}",
                    self.pool
                ),
            ));
        }
        if self.clear_sections > self.pool {
            return Err((
                "clear_sections",
                format!(
                    "`clear_sections` ({}) is more than the pool ({})",
                    self.clear_sections, self.pool
                ),
            ));
        }
        for (field, v) in [
            ("start_behind", self.start_behind),
            ("recycle_behind", self.recycle_behind),
        ] {
            if !(v >= 0.0 && v.is_finite()) {
                return Err((field, format!("`{field}` must be 0 or more, found {v}")));
            }
        }
        let reach = self.section.length * self.pool as f32 - self.start_behind;
        if self.recycle_behind + self.section.length >= reach {
            return Err((
                "recycle_behind",
                format!(
                    "`recycle_behind` plus a section must be less than the track ahead: {} sections of {} reach only {reach} ahead",
                    self.pool, self.section.length
                ),
            ));
        }
        if self.obstacles.is_empty() {
            return Err(("obstacles", "`obstacles` lists no kind".to_string()));
        }
        for kind in &self.obstacles {
            for b in &kind.boxes {
                let ordered = b.min.0 < b.max.0 && b.min.1 < b.max.1 && b.min.2 < b.max.2;
                let finite = [b.min.0, b.min.1, b.min.2, b.max.0, b.max.1, b.max.2]
                    .iter()
                    .all(|v| v.is_finite());
                if !ordered || !finite {
                    return Err((
                        "boxes",
                        format!(
                            "obstacle `{}`: a box's min must be below its max",
                            kind.name
                        ),
                    ));
                }
                if b.min.2 < 0.0 || b.max.2 > self.section.length {
                    return Err((
                        "boxes",
                        format!(
                            "obstacle `{}`: a box leaves the section (z must stay in 0..{})",
                            kind.name, self.section.length
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Line and column (1-based) of the first `field:` in `text`, else 1:1.
fn locate(text: &str, field: &str) -> (usize, usize) {
    let needle = format!("{field}:");
    let at = text
        .match_indices(&needle)
        .find(|&(i, _)| {
            !text[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
        .map_or(0, |(i, _)| i);
    crate::text_pos::line_column(text, at)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let e = RunnerSettings::parse(text, "bad.ron".as_ref()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad.ron:3:5: `gravity` must be positive, found -3"
        );
        let e = RunnerSettings::parse("(\n  speed: 3.0,\n)", "bad.ron".as_ref()).unwrap_err();
        assert!(e.to_string().starts_with("bad.ron:2:3: "), "{e}");
    }

    #[test]
    fn a_tiny_or_huge_section_is_refused() {
        for length in ["1e-30", "0.001", "1e9"] {
            let text = format!("(\n    section: (width: 9.0, height: 4.0, length: {length}),\n)");
            let e = RunnerSettings::parse(&text, "s.ron".as_ref()).unwrap_err();
            assert!(
                e.to_string()
                    .starts_with("s.ron:2:5: `section.length` must be"),
                "{length}: {e}"
            );
        }
    }
}
