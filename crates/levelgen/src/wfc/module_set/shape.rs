//! The boxes a module is drawn as (and walked on): their corners as written and checked, the
//! one turn of a shape that drawing and walking share, and a shape's key to compare turns.

use horde_files::must;
use serde::Deserialize;

/// An axis-aligned box inside a cell, to draw: corners in cell units (`0..1` on each axis,
/// `x` east, `y` up, `z` north) and an sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, try_from = "BoxFile")]
pub struct BoxShape {
    /// Lowest corner.
    pub min: (f32, f32, f32),
    /// Highest corner.
    pub max: (f32, f32, f32),
    /// sRGB colour.
    #[serde(default = "grey")]
    pub color: (u8, u8, u8),
}

fn grey() -> (u8, u8, u8) {
    (180, 180, 180)
}

impl BoxShape {
    /// The box's lowest and highest corners after `rotation` quarter turns clockwise seen
    /// from above, about the cell's vertical centre line (local north, `+z`, turns to east,
    /// `+x`): one turn maps `(x, z)` to `(z, 1 - x)`. Heights never change.
    pub fn turned(&self, rotation: u8) -> ([f32; 3], [f32; 3]) {
        let (mut min, mut max) = (
            [self.min.0, self.min.1, self.min.2],
            [self.max.0, self.max.1, self.max.2],
        );
        for _ in 0..rotation % 4 {
            (min, max) = (
                [min[2], min[1], 1.0 - max[0]],
                [max[2], max[1], 1.0 - min[0]],
            );
        }
        (min, max)
    }
}

/// A [`BoxShape`] as written, before its corners are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoxFile {
    min: (f32, f32, f32),
    max: (f32, f32, f32),
    #[serde(default = "grey")]
    color: (u8, u8, u8),
}

impl TryFrom<BoxFile> for BoxShape {
    type Error = String;

    /// Finite corners in `-1..=2` of a cell, min at most max.
    fn try_from(BoxFile { min, max, color }: BoxFile) -> Result<BoxShape, String> {
        let corners = [min.0, min.1, min.2, max.0, max.1, max.2];
        let inside = corners
            .iter()
            .all(|v| v.is_finite() && (-1.0..=2.0).contains(v));
        let ordered = min.0 <= max.0 && min.1 <= max.1 && min.2 <= max.2;
        must(inside && ordered, || {
            format!("the box {min:?}..{max:?} must have finite corners in -1..2 with min <= max")
        })
        .map_err(horde_files::placed)?;
        Ok(BoxShape { min, max, color })
    }
}

/// A box of a turned shape, rounded to 1/10000 of a cell, to compare turns of a shape.
pub(super) type ShapeKey = ([i32; 6], (u8, u8, u8));

/// The boxes of `shape` turned `rotation` quarter turns, rounded and sorted: two turns look
/// alike exactly when their keys are equal.
pub(super) fn shape_key(shape: &[BoxShape], rotation: u8) -> Vec<ShapeKey> {
    let round = |v: f32| (v * 10_000.0).round() as i32;
    let mut keys: Vec<ShapeKey> = shape
        .iter()
        .map(|b| {
            let (min, max) = b.turned(rotation);
            (
                [
                    round(min[0]),
                    round(min[1]),
                    round(min[2]),
                    round(max[0]),
                    round(max[1]),
                    round(max[2]),
                ],
                b.color,
            )
        })
        .collect();
    keys.sort_unstable();
    keys
}
