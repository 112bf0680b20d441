//! The files a recording carries: a level's or scenario's text inside the recording, each line
//! behind `#| ` after the `#! level-text N` or `#! scenario-text N` entry that counts them, so
//! that a recording replays with no other file beside it.

use crate::td::source::LevelSource;

/// What starts every line of a text a recording carries.
pub const CARRIED_LINE: &str = "#|";

/// A file's text carried inside a recording (`#! level-text N`, `#! scenario-text N`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Carried {
    /// The text, each line ending in `\n`.
    pub text: String,
    /// The recording's line holding the text's first line (0 when made here, not read).
    pub first_line: usize,
}

impl Carried {
    /// `text` to be carried.
    pub fn new(text: impl Into<String>) -> Carried {
        Carried {
            text: text.into(),
            first_line: 0,
        }
    }

    /// Where `(line, column)` of the text stands in the recording (the `#| ` before it
    /// counted), so that an error in a carried file names the recording's own line.
    pub fn place(&self, line: usize, column: usize) -> (usize, usize) {
        (
            self.first_line + line.saturating_sub(1),
            column + CARRIED_LINE.len() + 1,
        )
    }

    /// The header lines: `#! KEY N`, then the text's N lines behind `#| `.
    pub(super) fn lines(&self, key: &str) -> String {
        let count = self.text.lines().count();
        let mut out = format!("#! {key} {count}\n");
        for line in self.text.lines() {
            out.push_str(CARRIED_LINE);
            if !line.is_empty() {
                out.push(' ');
                out.push_str(line);
            }
            out.push('\n');
        }
        out
    }
}

/// Refuses a carried text the header does not name a file for (a level text under the
/// built-in board, a scenario text without a scenario), and a `#|` line outside every carried
/// text (a count that disagrees with its block): the line at fault and why.
pub(super) fn check_carried(
    lines: &[&str],
    level: &LevelSource,
    level_text: &Option<Carried>,
    has_scenario: bool,
    scenario_text: &Option<Carried>,
) -> Result<(), (usize, String)> {
    let entry = |text: &Carried| text.first_line.saturating_sub(1);
    if let (LevelSource::BuiltIn, Some(text)) = (level, level_text) {
        return Err((
            entry(text),
            "`#! level-text` under `#! level built-in`: the built-in board carries no text"
                .to_string(),
        ));
    }
    if let (false, Some(text)) = (has_scenario, scenario_text) {
        return Err((
            entry(text),
            "`#! scenario-text` without a `#! scenario` line".to_string(),
        ));
    }
    let blocks: Vec<(usize, usize)> = [level_text, scenario_text]
        .into_iter()
        .flatten()
        .map(|text| (text.first_line, text.first_line + text.text.lines().count()))
        .collect();
    for (i, raw) in lines.iter().enumerate() {
        let number = i + 1;
        let inside = blocks
            .iter()
            .any(|&(from, to)| (from..to).contains(&number));
        if raw.starts_with(CARRIED_LINE) && !inside {
            return Err((
                number,
                "a `#|` line outside every carried text (the count of its `#! level-text` or `#! scenario-text` line disagrees with its lines)".to_string(),
            ));
        }
    }
    Ok(())
}

/// The `count` lines after line `entry` (1-based), each behind `#|`, as one text; else the
/// line at fault and why.
pub(super) fn carried_text(
    lines: &[&str],
    entry: usize,
    count: usize,
) -> Result<Carried, (usize, String)> {
    let mut text = String::new();
    for k in 0..count {
        let number = entry + 1 + k;
        let Some(raw) = lines.get(number - 1) else {
            return Err((
                entry,
                format!("the file ends after {k} of its {count} lines"),
            ));
        };
        let Some(rest) = raw.strip_prefix(CARRIED_LINE) else {
            return Err((
                number,
                format!(
                    "line {} of {count} does not start with `{CARRIED_LINE}`",
                    k + 1
                ),
            ));
        };
        text.push_str(rest.strip_prefix(' ').unwrap_or(rest));
        text.push('\n');
    }
    Ok(Carried {
        text,
        first_line: entry + 1,
    })
}
