//! Edit scripts for headless runs: one edit per line, `TICK ACTION X Y`.
//!
//! `ACTION` is `wall`, `destination`, `spawn` or a tower kind's name ([`TowerKind::name`]: the
//! toggle rules of a click, a tower's included); `X` counts tiles from the west edge and `Y`
//! from the south edge, both from 0. An edit is applied at the start of tick `TICK` (ticks count
//! from 1), before that tick's spawning and update, through the same toggle rules as a click.
//! Blank lines and lines starting with `#` are ignored.

use crate::script_lines::script_lines;
use crate::td::board::EditKind;
use crate::td::tile::TowerKind;
use horde_files::{FileError, TEXT_CAP, read_text};
use std::path::Path;

/// The script's name for an edit of `kind`: `wall`, `destination`, `spawn` or the tower
/// kind's name.
pub fn action_name(kind: EditKind) -> &'static str {
    match kind {
        EditKind::Wall => "wall",
        EditKind::Destination => "destination",
        EditKind::SpawnPoint => "spawn",
        EditKind::Tower(kind) => kind.name(),
    }
}

/// The script line (with its newline) that applies an edit of `kind` at `(x, y)` at the start
/// of `tick`: what a recording writes.
pub fn edit_line(tick: u64, kind: EditKind, x: i64, y: i64) -> String {
    format!("{tick} {} {x} {y}\n", action_name(kind))
}

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
                other => match TowerKind::from_name(other) {
                    Some(kind) => EditKind::Tower(kind),
                    None => {
                        return Err(error(
                            action_col,
                            format!(
                                "unknown action `{other}` (expected wall, destination, spawn, {})",
                                TowerKind::names_or()
                            ),
                        ));
                    }
                },
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
    fn written_lines_parse_back_to_the_same_edits() {
        let mut kinds = vec![EditKind::Wall, EditKind::Destination, EditKind::SpawnPoint];
        kinds.extend(TowerKind::ALL.iter().map(|&k| EditKind::Tower(k)));
        let text: String = kinds
            .iter()
            .enumerate()
            .map(|(i, &kind)| edit_line(i as u64 + 1, kind, i as i64, 2 * i as i64))
            .collect();
        let script = parse(&text).unwrap();
        for (i, (edit, kind)) in script.edits().iter().zip(kinds).enumerate() {
            assert_eq!(
                (edit.tick, edit.kind, edit.x, edit.y),
                (i as u64 + 1, kind, i as i64, 2 * i as i64)
            );
        }
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
