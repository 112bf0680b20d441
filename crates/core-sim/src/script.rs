//! Edit scripts for headless runs: one edit per line, `TICK ACTION X Y`.
//!
//! `ACTION` is `wall`, `destination` or `spawn`; `X` counts tiles from the west edge and `Y`
//! from the south edge, both from 0. An edit is applied at the start of tick `TICK` (ticks count
//! from 1), before that tick's spawning and update, through the same toggle rules as a click.
//! Blank lines and lines starting with `#` are ignored.

use crate::board::EditKind;
use horde_files::{FileError, TEXT_CAP, read_text};
use std::path::Path;

/// One scheduled edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptedEdit {
    /// The tick at whose start it applies (from 1).
    pub tick: u64,
    /// What to toggle.
    pub kind: EditKind,
    /// Column from the west edge.
    pub x: i64,
    /// Row from the south edge.
    pub y: i64,
    /// The script line it came from (1-based).
    pub line: usize,
    /// The column of its `X` field (1-based), for errors about the tile.
    pub column: usize,
}

/// Edits in the order they apply: by tick, then by line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EditScript {
    edits: Vec<ScriptedEdit>,
}

impl EditScript {
    /// Parses script text; `path` names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<EditScript, FileError> {
        let mut edits = Vec::new();
        for line in script_lines(text, path) {
            line.expect_fields(4, "TICK ACTION X Y")?;
            let tick = line.tick()?;
            let error = |column: usize, message: String| line.error(column, message);
            let fields = &line.fields;
            let (action_col, action) = fields[1];
            let kind = match action {
                "wall" => EditKind::Wall,
                "destination" => EditKind::Destination,
                "spawn" => EditKind::SpawnPoint,
                other => {
                    return Err(error(
                        action_col,
                        format!("unknown action `{other}` (expected wall, destination or spawn)"),
                    ));
                }
            };
            let coordinate = |(column, text): (usize, &str), axis: &str| {
                text.parse::<i64>().ok().filter(|v| *v >= 0).ok_or_else(|| {
                    error(
                        column,
                        format!("{axis} `{text}` is not a tile number (0 or more)"),
                    )
                })
            };
            let x = coordinate(fields[2], "X")?;
            let y = coordinate(fields[3], "Y")?;
            edits.push(ScriptedEdit {
                tick,
                kind,
                x,
                y,
                line: line.number,
                column: fields[2].0,
            });
        }
        edits.sort_by_key(|e| (e.tick, e.line));
        Ok(EditScript { edits })
    }

    /// Reads (at most [`TEXT_CAP`] bytes) and parses a script file.
    pub fn load(path: &Path) -> Result<EditScript, FileError> {
        EditScript::parse(&read_text(path, TEXT_CAP)?, path)
    }

    /// All edits, in application order.
    pub fn edits(&self) -> &[ScriptedEdit] {
        &self.edits
    }

    /// The edits due at the start of `tick`.
    pub fn at_tick(&self, tick: u64) -> &[ScriptedEdit] {
        let start = self.edits.partition_point(|e| e.tick < tick);
        let end = self.edits.partition_point(|e| e.tick <= tick);
        &self.edits[start..end]
    }
}

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
        Ok(tick)
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<EditScript, FileError> {
        EditScript::parse(text, Path::new("edits.txt"))
    }

    #[test]
    fn parses_edits_and_skips_comments() {
        let script = parse("# walls\n\n5 wall 1 2\n 3 spawn 0 0\n5 destination 4 4\n").unwrap();
        let ticks: Vec<_> = script.edits().iter().map(|e| (e.tick, e.line)).collect();
        assert_eq!(ticks, vec![(3, 4), (5, 3), (5, 5)]);
        assert_eq!(script.at_tick(5).len(), 2);
        assert_eq!(script.at_tick(4).len(), 0);
        assert_eq!(script.at_tick(3)[0].kind, EditKind::SpawnPoint);
    }

    #[test]
    fn bad_lines_name_line_and_column() {
        let err = parse("1 wall 0 0\n2 tower 1 1\n").unwrap_err();
        assert_eq!(err.location(), Some((2, 3)));
        assert!(
            err.to_string()
                .starts_with("edits.txt:2:3: unknown action `tower`")
        );
        let err = parse("0 wall 1 1").unwrap_err();
        assert_eq!(err.location(), Some((1, 1)));
        let err = parse("1 wall -1 1").unwrap_err();
        assert_eq!(err.location(), Some((1, 8)));
        let err = parse("1 wall 1").unwrap_err();
        assert_eq!(err.location().map(|(line, _)| line), Some(1));
        let err = parse("1 wall 1 2 3").unwrap_err();
        assert_eq!(err.location(), Some((1, 12)));
        let err = parse("x wall 1 2").unwrap_err();
        assert_eq!(err.location(), Some((1, 1)));
    }
}
