//! The sections file of the platformer treadmill: a section width, a speed, the start
//! section and the templates, each a name and boxes; every rule checked while it is read.
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
use horde_files::{list, must, positive, unique_name, with_whole};
use serde::{Deserialize, Deserializer};
use std::path::Path;

/// The fewest templates a level may have.
pub const MIN_TEMPLATES: usize = 4;
/// The most templates a level may have.
pub const MAX_TEMPLATES: usize = 1024;
/// The most boxes in one section.
pub const MAX_BOXES: usize = 256;
/// The widest section, and the fastest speed, accepted.
pub const MAX_VALUE: f64 = 10_000.0;

/// The built-in sections file, `assets/platformer/default.ron`.
pub const DEFAULT_SECTIONS: &str = include_str!("../../../../assets/platformer/default.ron");

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

/// A sections file that could not be used: the one error of every file format.
pub type SectionsError = FileError;

impl Sections {
    /// Reads (at most [`horde_files::TEXT_CAP`] bytes) and checks a sections file.
    pub fn load(path: &Path) -> Result<Sections, FileError> {
        horde_files::load_ron(path)
    }

    /// Parses and checks sections text; `path` names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<Sections, FileError> {
        horde_files::parse_ron(text, path)
    }

    /// The built-in sections, [`DEFAULT_SECTIONS`] (`assets/platformer/default.ron`).
    pub fn built_in() -> Result<Sections, FileError> {
        Sections::parse(DEFAULT_SECTIONS, Path::new("assets/platformer/default.ron"))
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
    list(d, "boxes", 0..=MAX_BOXES, |_, _| Ok(()))
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

    /// Finite corners no farther than [`MAX_VALUE`] out, min below max, and (in the second
    /// reading) within the section's width. Reported at the box, once it is read whole.
    fn try_from(BoxCorners { min, max }: BoxCorners) -> Result<SectionBox, String> {
        let finite = [min.0, min.1, max.0, max.1]
            .iter()
            .all(|v| v.is_finite() && v.abs() <= MAX_VALUE);
        must(finite && min.0 < max.0 && min.1 < max.1, || {
            format!("the box {min:?}..{max:?} must have finite corners, min below max")
        })
        .map_err(horde_files::placed)?;
        let b = SectionBox { min, max };
        with_whole(|s: &Sections| box_fits(&b, s.section_width)).map_err(horde_files::placed)?;
        Ok(b)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_default_file_has_the_texts_numbers_and_enough_templates() {
        let s = Sections::built_in().unwrap();
        assert_eq!(s.section_width, 10.0);
        assert_eq!(s.speed, 5.0);
        assert!(s.templates.len() >= 6);
    }

    #[test]
    fn too_few_templates_are_refused_naming_the_file_and_the_minimum() {
        let s = Sections::built_in().unwrap();
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
        let (line, column) = horde_files::line_column(&text, end);
        let e = Sections::parse(&text, "late.ron".as_ref()).unwrap_err();
        let message = e.to_string();
        assert!(
            message.starts_with(&format!(
                "late.ron:{line}:{column}: templates[5].boxes[2]: the box "
            )),
            "{message} (wanted {line}:{column})"
        );
        assert!(message.contains("min below max"), "{message}");
    }
}
