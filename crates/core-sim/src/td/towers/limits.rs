//! What every tower kind's settings are checked against: the largest values a scenario file may
//! give, the rules a file's value must pass (reported at its own line and column), and the
//! description of one setting that the inspector turns into a slider.

use horde_files::positive;

/// The largest range a scenario may give a tower (tiles); also the largest blast radius.
pub const MAX_RANGE: f32 = 50.0;
/// The largest damage, damage a second and blast radius a scenario may give.
pub const MAX_DAMAGE: f32 = 1.0e6;
/// The most shots a second a tower may fire.
pub const MAX_SHOTS_PER_SECOND: f32 = 100.0;

horde_files::rule!(
    /// A range in tiles: positive, at most [`MAX_RANGE`].
    pub(crate) range: f32, "range", "be a positive number of tiles, at most 50",
    |v| positive(f64::from(*v)) && *v <= MAX_RANGE
);
horde_files::rule!(
    /// Damage a second: positive, at most [`MAX_DAMAGE`].
    pub(crate) damage_per_second: f32, "damage_per_second", "be a positive number, at most 1000000",
    |v| positive(f64::from(*v)) && *v <= MAX_DAMAGE
);
horde_files::rule!(
    /// Shots a second: positive, at most [`MAX_SHOTS_PER_SECOND`].
    pub(crate) shots_per_second: f32, "shots_per_second", "be a positive number, at most 100",
    |v| positive(f64::from(*v)) && *v <= MAX_SHOTS_PER_SECOND
);
horde_files::rule!(
    /// A blast's radius in tiles: positive, at most [`MAX_RANGE`].
    pub(crate) blast_radius: f32, "blast_radius", "be a positive number of tiles, at most 50",
    |v| positive(f64::from(*v)) && *v <= MAX_RANGE
);
horde_files::rule!(
    /// Damage of one hit: positive, at most [`MAX_DAMAGE`].
    pub(crate) damage: f32, "damage", "be a positive number, at most 1000000",
    |v| positive(f64::from(*v)) && *v <= MAX_DAMAGE
);

/// One number of a kind's settings, as an editor shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SettingField {
    /// The field's name in scenario files (`range`, `damage_per_second`, ..).
    pub name: &'static str,
    /// A short label for a slider (`range`, `damage /s`, ..).
    pub label: &'static str,
    /// The slider's least value (above 0: every setting is positive).
    pub min: f32,
    /// The slider's largest value: the most a scenario file may set.
    pub max: f32,
}

/// A range in tiles, as a slider shows it.
pub const RANGE_FIELD: SettingField = SettingField {
    name: "range",
    label: "range",
    min: 0.1,
    max: MAX_RANGE,
};
