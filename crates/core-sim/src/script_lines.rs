//! The line format both script kinds share (edit scripts and the runner's input scripts):
//! one command a line as whitespace-separated fields, a tick first; blank lines and lines
//! starting with `#` are skipped; errors name the file, line and the field's column.

use horde_files::FileError;
use std::path::Path;

/// One line of a script that carries fields (blank lines and `#` comments are skipped).
pub(crate) struct ScriptLine<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The whitespace-separated fields, each with its 1-based column.
    pub fields: Vec<(usize, &'a str)>,
    /// Characters in the line, for errors about a missing field.
    width: usize,
    path: &'a Path,
}

impl ScriptLine<'_> {
    /// An error at `column` of this line.
    pub fn error(&self, column: usize, message: String) -> FileError {
        FileError::Invalid {
            path: self.path.to_path_buf(),
            line: self.number,
            column,
            message,
        }
    }

    /// Exactly `count` fields, as `usage` describes them.
    pub fn expect_fields(&self, count: usize, usage: &str) -> Result<(), FileError> {
        if self.fields.len() == count {
            return Ok(());
        }
        let column = self.fields.get(count).map_or(self.width + 1, |f| f.0);
        Err(self.error(
            column,
            format!("expected `{usage}`, found {} field(s)", self.fields.len()),
        ))
    }

    /// The first field as a tick: a whole number from 1.
    pub fn tick(&self) -> Result<u64, FileError> {
        let (column, text) = self.fields[0];
        let tick: u64 = text
            .parse()
            .map_err(|_| self.error(column, format!("tick `{text}` is not a whole number")))?;
        if tick == 0 {
            return Err(self.error(column, "ticks count from 1".to_string()));
        }
        if tick > MAX_TICK {
            return Err(self.error(
                column,
                format!("tick {tick} is past {MAX_TICK}, which no game reaches"),
            ));
        }
        Ok(tick)
    }
}

/// The last tick a script line may name: 2³², more than two years of game time at 60 ticks a
/// second, which no game reaches.
pub(crate) const MAX_TICK: u64 = 1 << 32;

/// The lines of a script that carry fields, in order.
pub(crate) fn script_lines<'a>(
    text: &'a str,
    path: &'a Path,
) -> impl Iterator<Item = ScriptLine<'a>> {
    text.lines()
        .enumerate()
        .filter(|(_, raw)| {
            let trimmed = raw.trim();
            !trimmed.is_empty() && !trimmed.starts_with('#')
        })
        .map(move |(index, raw)| ScriptLine {
            number: index + 1,
            fields: split_fields(raw),
            width: raw.chars().count(),
            path,
        })
}

/// Whitespace-separated fields with their 1-based starting columns (in characters).
fn split_fields(line: &str) -> Vec<(usize, &str)> {
    let mut fields = Vec::new();
    let mut start = None;
    for (column, (byte, c)) in line.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((column + 1, byte)),
            (true, Some((col, b))) => {
                fields.push((col, &line[b..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, b)) = start {
        fields.push((col, &line[b..]));
    }
    fields
}
