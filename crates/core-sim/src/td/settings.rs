//! Spawn settings: how fast enemies appear and the ranges their scale, speed and path offset
//! are drawn from. Every value must lie within the limits the reference texts give its slider;
//! a value outside is an error, never silently clamped.

use std::fmt;
use std::str::FromStr;

/// An inclusive `[min, max]` interval of `f32`, with `min ≤ max`, both finite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FloatRange {
    min: f32,
    max: f32,
}

/// Why a range or setting was rejected.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SettingsError {
    /// The text is not `A..B` or a single number.
    #[error("{setting}: `{text}` is not a number or a range `MIN..MAX`")]
    Syntax {
        /// Which setting.
        setting: &'static str,
        /// The offending text.
        text: String,
    },
    /// `min > max`, or a bound is not finite.
    #[error("{setting}: range {min}..{max} is empty or not finite")]
    BadRange {
        /// Which setting.
        setting: &'static str,
        /// Given lower bound.
        min: f32,
        /// Given upper bound.
        max: f32,
    },
    /// A value lies outside the setting's limits.
    #[error("{setting}: {value} is outside the allowed {min}..{max}")]
    OutOfLimits {
        /// Which setting.
        setting: &'static str,
        /// The offending value.
        value: f32,
        /// Lowest allowed.
        min: f32,
        /// Highest allowed.
        max: f32,
    },
}

/// A range is written as its `(min, max)` pair, as scenario files give it.
impl serde::Serialize for FloatRange {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.min, self.max).serialize(serializer)
    }
}

impl FloatRange {
    /// A range; `min ≤ max` and both finite, else `None`.
    pub fn new(min: f32, max: f32) -> Option<FloatRange> {
        (min.is_finite() && max.is_finite() && min <= max).then_some(FloatRange { min, max })
    }

    /// The range holding just `value` (which must be finite).
    pub fn constant(value: f32) -> FloatRange {
        FloatRange {
            min: value,
            max: value,
        }
    }

    /// Lower bound.
    pub fn min(self) -> f32 {
        self.min
    }

    /// Upper bound.
    pub fn max(self) -> f32 {
        self.max
    }

    /// The value at fraction `t` (0 → min, 1 → max).
    #[inline]
    pub fn at(self, t: f32) -> f32 {
        self.min + (self.max - self.min) * t
    }

    /// Whether `other` lies within this range.
    pub fn contains_range(self, other: FloatRange) -> bool {
        other.min >= self.min && other.max <= self.max
    }
}

impl fmt::Display for FloatRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.min, self.max)
    }
}

impl FromStr for FloatRange {
    type Err = SettingsError;

    /// Parses `A..B` or a single number `A` (meaning `A..A`).
    fn from_str(text: &str) -> Result<FloatRange, SettingsError> {
        parse_range("range", text)
    }
}

/// Parses `A..B` or `A` for the named setting.
pub fn parse_range(setting: &'static str, text: &str) -> Result<FloatRange, SettingsError> {
    let syntax = || SettingsError::Syntax {
        setting,
        text: text.to_string(),
    };
    let number = |s: &str| s.trim().parse::<f32>().map_err(|_| syntax());
    let (min, max) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b)?),
        None => {
            let v = number(text)?;
            (v, v)
        }
    };
    FloatRange::new(min, max).ok_or(SettingsError::BadRange { setting, min, max })
}

/// The limits of the spawn speed slider, enemies per second.
pub const SPAWN_SPEED_LIMITS: FloatRange = FloatRange {
    min: 0.1,
    max: 10.0,
};
/// The limits of the enemy scale range.
pub const SCALE_LIMITS: FloatRange = FloatRange { min: 0.5, max: 2.0 };
/// The limits of the enemy speed range, units per second.
pub const SPEED_LIMITS: FloatRange = FloatRange { min: 0.2, max: 5.0 };
/// The limits of the sideways path offset range, units.
pub const PATH_OFFSET_LIMITS: FloatRange = FloatRange {
    min: -0.4,
    max: 0.4,
};

/// How enemies are spawned and varied. Construct with [`SpawnSettings::new`] or change with the
/// setters; both check the limits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpawnSettings {
    spawn_speed: f32,
    scale: FloatRange,
    speed: FloatRange,
    path_offset: FloatRange,
}

impl Default for SpawnSettings {
    /// The texts' defaults: one enemy per second, scale 1, speed 1, no path offset.
    fn default() -> SpawnSettings {
        SpawnSettings {
            spawn_speed: 1.0,
            scale: FloatRange::constant(1.0),
            speed: FloatRange::constant(1.0),
            path_offset: FloatRange::constant(0.0),
        }
    }
}

impl SpawnSettings {
    /// Settings from explicit values, each checked against its limits.
    pub fn new(
        spawn_speed: f32,
        scale: FloatRange,
        speed: FloatRange,
        path_offset: FloatRange,
    ) -> Result<SpawnSettings, SettingsError> {
        let mut s = SpawnSettings::default();
        s.set_spawn_speed(spawn_speed)?;
        s.set_scale(scale)?;
        s.set_speed(speed)?;
        s.set_path_offset(path_offset)?;
        Ok(s)
    }

    /// Enemies spawned per second.
    pub fn spawn_speed(&self) -> f32 {
        self.spawn_speed
    }

    /// Range of enemy scale.
    pub fn scale(&self) -> FloatRange {
        self.scale
    }

    /// Range of enemy speed, units per second.
    pub fn speed(&self) -> FloatRange {
        self.speed
    }

    /// Range of the sideways path offset.
    pub fn path_offset(&self) -> FloatRange {
        self.path_offset
    }

    /// Sets enemies per second (0.1–10).
    pub fn set_spawn_speed(&mut self, value: f32) -> Result<(), SettingsError> {
        check(
            "spawn speed",
            FloatRange::constant(value),
            SPAWN_SPEED_LIMITS,
        )?;
        self.spawn_speed = value;
        Ok(())
    }

    /// Sets the scale range (within 0.5–2).
    pub fn set_scale(&mut self, range: FloatRange) -> Result<(), SettingsError> {
        self.scale = check("scale", range, SCALE_LIMITS)?;
        Ok(())
    }

    /// Sets the speed range (within 0.2–5).
    pub fn set_speed(&mut self, range: FloatRange) -> Result<(), SettingsError> {
        self.speed = check("speed", range, SPEED_LIMITS)?;
        Ok(())
    }

    /// Sets the path offset range (within −0.4–0.4).
    pub fn set_path_offset(&mut self, range: FloatRange) -> Result<(), SettingsError> {
        self.path_offset = check("path offset", range, PATH_OFFSET_LIMITS)?;
        Ok(())
    }
}

/// Checks one enemy's characteristics against the limits of their ranges.
pub fn check_params(params: &crate::td::enemy::EnemyParams) -> Result<(), SettingsError> {
    check("scale", FloatRange::constant(params.scale), SCALE_LIMITS)?;
    check("speed", FloatRange::constant(params.speed), SPEED_LIMITS)?;
    check(
        "path offset",
        FloatRange::constant(params.path_offset),
        PATH_OFFSET_LIMITS,
    )?;
    Ok(())
}

/// Returns `range` if it lies within `limits`, else an error naming the offending bound.
fn check(
    setting: &'static str,
    range: FloatRange,
    limits: FloatRange,
) -> Result<FloatRange, SettingsError> {
    for value in [range.min, range.max] {
        if !(value >= limits.min && value <= limits.max) {
            return Err(SettingsError::OutOfLimits {
                setting,
                value,
                min: limits.min,
                max: limits.max,
            });
        }
    }
    Ok(range)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ranges_and_single_values() {
        assert_eq!("0.5..2".parse(), Ok(FloatRange { min: 0.5, max: 2.0 }));
        assert_eq!(
            "-0.4..0.4".parse(),
            Ok(FloatRange {
                min: -0.4,
                max: 0.4
            })
        );
        assert_eq!("1.5".parse(), Ok(FloatRange::constant(1.5)));
        assert!(matches!(
            "2..1".parse::<FloatRange>(),
            Err(SettingsError::BadRange { .. })
        ));
        assert!(matches!(
            "a..1".parse::<FloatRange>(),
            Err(SettingsError::Syntax { .. })
        ));
        assert!(matches!(
            "nan".parse::<FloatRange>(),
            Err(SettingsError::BadRange { .. })
        ));
    }

    #[test]
    fn limits_are_the_texts_and_are_enforced() {
        let mut s = SpawnSettings::default();
        assert!(s.set_spawn_speed(0.1).is_ok() && s.set_spawn_speed(10.0).is_ok());
        assert!(s.set_spawn_speed(0.09).is_err() && s.set_spawn_speed(10.5).is_err());
        assert!(s.set_scale(FloatRange::new(0.5, 2.0).unwrap()).is_ok());
        assert!(s.set_scale(FloatRange::new(0.4, 1.0).unwrap()).is_err());
        assert!(s.set_speed(FloatRange::new(0.2, 5.0).unwrap()).is_ok());
        assert!(s.set_speed(FloatRange::new(0.2, 5.1).unwrap()).is_err());
        assert!(
            s.set_path_offset(FloatRange::new(-0.4, 0.4).unwrap())
                .is_ok()
        );
        let err = s
            .set_path_offset(FloatRange::new(-0.5, 0.0).unwrap())
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "path offset: -0.5 is outside the allowed -0.4..0.4"
        );
        // A refused value leaves the old one in place.
        assert_eq!(s.path_offset(), FloatRange::new(-0.4, 0.4).unwrap());
    }
}
