//! Edit scripts for headless runs: one edit per line, `TICK ACTION X Y`; and the checksum
//! lines a recording carries, `TICK checksum HEX`.
//!
//! `ACTION` is `wall`, `destination`, `spawn` or a tower kind's name ([`TowerKind::name`]: the
//! toggle rules of a click, a tower's included); `X` counts tiles from the west edge and `Y`
//! from the south edge, both from 0. An edit is applied at the start of tick `TICK` (ticks count
//! from 1), before that tick's spawning and update, through the same toggle rules as a click.
//! Blank lines and lines starting with `#` are ignored.
//!
//! A checksum line says what [`crate::td::checksum`] the game had after tick `TICK`'s update
//! (16 hex digits). A script that has any must keep its lines in the order of the game: each
//! line's tick at least the one before, and an edit never after a checksum of its own tick
//! (the edit applied before that tick's update). `horde replay` checks them; a plain run
//! reads them and skips them.

use crate::script_lines::script_lines;
use crate::td::board::{Board, EditKind};
use crate::td::simulation::Simulation;
use crate::td::towers::Priority;
use crate::td::towers::kind::TowerKind;
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
        EditKind::Target(_) => "target",
    }
}

/// The script line (with its newline) that applies an edit of `kind` at `(x, y)` at the start
/// of `tick`: what a recording writes.
pub fn edit_line(tick: u64, kind: EditKind, x: i64, y: i64) -> String {
    match kind {
        EditKind::Target(priority) => format!("{tick} target {x} {y} {}\n", priority.name()),
        _ => format!("{tick} {} {x} {y}\n", action_name(kind)),
    }
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

/// A checksum line: what the game's checksum was after a tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The tick after whose update the checksum was taken.
    pub tick: u64,
    /// The checksum ([`crate::td::checksum`]).
    pub checksum: u64,
    /// The script line it came from (1-based).
    pub line: usize,
}

/// The script line (with its newline) that records `checksum` after `tick`.
pub fn checksum_line(tick: u64, checksum: u64) -> String {
    format!(
        "{tick} checksum {}\n",
        crate::td::checksum::to_hex(checksum)
    )
}

/// Edits in the order they apply (by tick, then by line), and the checksum lines in theirs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EditScript {
    edits: Vec<ScriptedEdit>,
    checkpoints: Vec<Checkpoint>,
}

/// Where a line falls in the game's time: an edit at the start of its tick, a checksum after
/// its tick's update (the order a recording keeps its lines in).
pub fn moment(tick: u64, checksum: bool) -> u128 {
    2 * u128::from(tick) + u128::from(checksum)
}

impl EditScript {
    /// Parses script text; `path` names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<EditScript, FileError> {
        let mut edits = Vec::new();
        let mut checkpoints = Vec::new();
        // The latest moment of any line so far, and whether a checksum line was seen.
        let mut latest = (0u128, 0usize);
        let mut out_of_order = None;
        for line in script_lines(text, path) {
            let is_checksum = line.fields.get(1).is_some_and(|f| f.1 == "checksum");
            let tick = line.tick()?;
            let now = moment(tick, is_checksum);
            if now < latest.0 && out_of_order.is_none() {
                out_of_order = Some(line.error(
                    1,
                    format!(
                        "tick {tick} comes after line {}, which is later in the game (with checksum lines, lines keep the game's order)",
                        latest.1
                    ),
                ));
            }
            if now >= latest.0 {
                latest = (now, line.number);
            }
            if is_checksum {
                line.expect_fields(3, "TICK checksum HEX")?;
                let (column, hex) = line.fields[2];
                let checksum = crate::td::checksum::from_hex(hex).ok_or_else(|| {
                    line.error(
                        column,
                        format!("checksum `{hex}` is not a hex number of 1 to 16 digits"),
                    )
                })?;
                checkpoints.push(Checkpoint {
                    tick,
                    checksum,
                    line: line.number,
                });
                continue;
            }
            let is_target = line.fields.get(1).is_some_and(|f| f.1 == "target");
            if is_target {
                line.expect_fields(5, "TICK target X Y PRIORITY")?;
            } else {
                line.expect_fields(4, "TICK ACTION X Y")?;
            }
            let error = |column: usize, message: String| line.error(column, message);
            let fields = &line.fields;
            let (action_col, action) = fields[1];
            let kind = match action {
                "target" => {
                    let (column, name) = fields[4];
                    let priority = Priority::from_name(name).ok_or_else(|| {
                        error(
                            column,
                            format!(
                                "unknown priority `{name}` (expected {})",
                                Priority::names_or()
                            ),
                        )
                    })?;
                    EditKind::Target(priority)
                }
                "wall" => EditKind::Wall,
                "destination" => EditKind::Destination,
                "spawn" => EditKind::SpawnPoint,
                other => match TowerKind::from_name(other) {
                    Some(kind) => EditKind::Tower(kind),
                    None => {
                        return Err(error(
                            action_col,
                            format!(
                                "unknown action `{other}` (expected wall, destination, spawn, {}, target or checksum)",
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
        if let Some(error) = out_of_order.filter(|_| !checkpoints.is_empty()) {
            return Err(error);
        }
        edits.sort_by_key(|e| (e.tick, e.line));
        Ok(EditScript { edits, checkpoints })
    }

    /// Reads (at most [`TEXT_CAP`] bytes) and parses a script file.
    pub fn load(path: &Path) -> Result<EditScript, FileError> {
        EditScript::parse(&read_text(path, TEXT_CAP)?, path)
    }

    /// All edits, in application order.
    pub fn edits(&self) -> &[ScriptedEdit] {
        &self.edits
    }

    /// Refuses a script with an edit off `board`, naming the file (`path`), the line, the
    /// column and the board's size.
    pub fn check_on(&self, board: &Board, path: &Path) -> Result<(), String> {
        match self.edits.iter().find(|e| board.index(e.x, e.y).is_none()) {
            Some(edit) => Err(format!(
                "{}:{}:{}: tile ({}, {}) is outside the {}×{} board",
                path.display(),
                edit.line,
                edit.column,
                edit.x,
                edit.y,
                board.width(),
                board.height()
            )),
            None => Ok(()),
        }
    }

    /// The checksum lines, in the game's order.
    pub fn checkpoints(&self) -> &[Checkpoint] {
        &self.checkpoints
    }

    /// The last tick any line names (0 for an empty script).
    pub fn last_tick(&self) -> u64 {
        let edits = self.edits.last().map_or(0, |e| e.tick);
        let checks = self.checkpoints.last().map_or(0, |c| c.tick);
        edits.max(checks)
    }

    /// Applies the edits due at the start of `tick` to `sim`, in order, through the same rules
    /// as a click, and returns those that took; each refused one is told to `refused` with
    /// the sentence that explains it (`tick T: script line L: Wall at (x, y) refused: ..`,
    /// `what` naming the file's kind).
    pub fn apply_at(
        &self,
        sim: &mut Simulation,
        tick: u64,
        what: &str,
        mut refused: impl FnMut(String),
    ) -> Vec<ScriptedEdit> {
        let mut took = Vec::new();
        for edit in self.at_tick(tick) {
            match sim.edit(edit.kind, edit.x, edit.y) {
                Ok(_) => took.push(*edit),
                Err(why) => refused(format!(
                    "tick {tick}: {what} line {}: {:?} at ({}, {}) refused: {why}",
                    edit.line, edit.kind, edit.x, edit.y
                )),
            }
        }
        took
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
    fn checksum_lines_are_read_apart_from_the_edits() {
        let text = format!(
            "5 wall 1 2\n{}6 spawn 0 0\n{}",
            checksum_line(5, 0xabc),
            checksum_line(60, u64::MAX)
        );
        let script = parse(&text).unwrap();
        assert_eq!(script.edits().len(), 2);
        let checks: Vec<_> = script
            .checkpoints()
            .iter()
            .map(|c| (c.tick, c.checksum, c.line))
            .collect();
        assert_eq!(checks, vec![(5, 0xabc, 2), (60, u64::MAX, 4)]);
        assert_eq!(script.last_tick(), 60);
    }

    #[test]
    fn with_checksum_lines_the_lines_keep_the_games_order() {
        // An edit after the checksum of its own tick: it applied before that checksum.
        let err = parse("60 checksum 12\n60 wall 1 1\n").unwrap_err();
        assert_eq!(err.location(), Some((2, 1)));
        assert!(err.to_string().contains("game's order"), "{err}");
        let err = parse("10 wall 1 1\n120 checksum 1\n60 checksum 2\n").unwrap_err();
        assert_eq!(err.location(), Some((3, 1)));
        // Without checksum lines, edits may come in any order, as before.
        assert!(parse("9 wall 1 1\n3 wall 2 2\n").is_ok());
        // A checksum that is not hex, or has a field too many or too few.
        let err = parse("1 checksum xyz\n").unwrap_err();
        assert_eq!(err.location(), Some((1, 12)));
        assert!(parse("1 checksum\n").is_err());
        assert!(parse("1 checksum 12 34\n").is_err());
        assert!(parse("1 checksum 12345678901234567\n").is_err());
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
