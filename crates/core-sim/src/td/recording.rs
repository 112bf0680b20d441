//! Recordings (`horde run --record F`): an edit script ([`crate::td::script`]) whose comment
//! header says how the game was started, and whose checksum lines say what the game was
//! every second of it, so that `horde replay F` can play it again from the file alone and
//! say whether it is the game that was played.
//!
//! The header is a block of `#! KEY VALUE` lines (comments to a plain edit script, which
//! therefore still reads a recording): `horde-recording 1` first, then `level PATH` (or
//! `level built-in`), `board HEX` (the checksum of the board as the game opened it,
//! [`board_checksum`], so that a recording is never replayed on another level), `state N`
//! (the layout of the game state the checksums hash, [`CHECKSUM_STATE`]: a recording made by a
//! Horde that hashes another is refused, not reported as a desync), `seed N`,
//! `animation on|off`, `scenario PATH` when one was played, and the spawner's `spawn-speed X`,
//! `scale A..B`, `speed A..B` and `path-offset A..B` (always: they are part of the game). Errors name the file, line and column.
//!
//! A recording carries the files its game needs, so that it replays from any folder with no
//! other file beside it: `#! level-text N` (after `level`) and `#! scenario-text N` (after
//! `scenario`) are followed by the N lines of the level's and the scenario's text, each behind
//! `#| ` (a comment to an edit script). The built-in board and scenario and a generated board
//! (named by its generator's version, seed and spec) need no text. Recordings made before texts
//! were carried name paths only; a replay resolves those against the recording's own folder
//! first.

use crate::td::board::Board;
use crate::td::checksum::{CHECKSUM_STATE, from_hex, to_hex};
use crate::td::script::EditScript;
use crate::td::settings::{FloatRange, SpawnSettings};
use horde_files::{FileError, TEXT_CAP, read_text};
use std::path::{Path, PathBuf};
use xxhash_rust::xxh3::xxh3_64;

/// The version a recording's first header line names.
pub const RECORDING_VERSION: u32 = 1;

/// What `level` says for the built-in board.
const BUILT_IN: &str = "built-in";

/// What starts every line of a text a recording carries.
const CARRIED_LINE: &str = "#|";

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
    fn lines(&self, key: &str) -> String {
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

/// How a recorded game was started.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordingHeader {
    /// The level file, or `None` for the built-in board.
    pub level: Option<PathBuf>,
    /// The checksum of the board the game opened with ([`board_checksum`]).
    pub board: u64,
    /// The scenario file, if one was played (the spawner settings are then unused).
    pub scenario: Option<PathBuf>,
    /// The spawner's settings.
    pub settings: SpawnSettings,
    /// Whether animation was asked for (`--animation`; a scenario may ask for it itself).
    pub animation: bool,
    /// The seed.
    pub seed: u64,
    /// The line of the `level` entry (for errors about the level), 0 when written here.
    pub level_line: usize,
    /// The level's text, carried (a level file's board as the game opened it); `None` for the
    /// built-in and generated boards, and in recordings made before texts were carried.
    pub level_text: Option<Carried>,
    /// The scenario's text, carried; `None` without a scenario, for the built-in one, and in
    /// recordings made before texts were carried.
    pub scenario_text: Option<Carried>,
}

/// A recording read back: its header and its script (edits and checksum lines).
#[derive(Clone, Debug)]
pub struct Recording {
    /// How the game was started.
    pub header: RecordingHeader,
    /// The edits and checksums.
    pub script: EditScript,
    /// The line left out because it was cut short (no newline after it: the recording
    /// stopped mid-write), if any.
    pub cut_line: Option<usize>,
}

/// The checksum of a board's layout: size, every tile and the order of its spawn points.
pub fn board_checksum(board: &Board) -> u64 {
    let mut bytes = Vec::with_capacity(8 + board.contents().len() + 4 * board.spawn_points().len());
    bytes.extend_from_slice(&board.width().to_le_bytes());
    bytes.extend_from_slice(&board.height().to_le_bytes());
    bytes.extend(board.contents().iter().map(|tile| tile.code()));
    for point in board.spawn_points() {
        bytes.extend_from_slice(&point.to_le_bytes());
    }
    xxh3_64(&bytes)
}

impl RecordingHeader {
    /// The header's lines, each with its newline.
    pub fn text(&self) -> String {
        let mut out = format!("#! horde-recording {RECORDING_VERSION}\n");
        let level = self.level.as_ref();
        let level = level.map_or(BUILT_IN.to_string(), |p| p.display().to_string());
        out.push_str(&format!(
            "#! level {level}\n#! board {}\n",
            to_hex(self.board)
        ));
        if let Some(text) = &self.level_text {
            out.push_str(&text.lines("level-text"));
        }
        out.push_str(&format!("#! state {}\n", CHECKSUM_STATE));
        out.push_str(&format!("#! seed {}\n", self.seed));
        let on = if self.animation { "on" } else { "off" };
        out.push_str(&format!("#! animation {on}\n"));
        if let Some(scenario) = &self.scenario {
            out.push_str(&format!("#! scenario {}\n", scenario.display()));
            if let Some(text) = &self.scenario_text {
                out.push_str(&text.lines("scenario-text"));
            }
        }
        // The spawner's settings even under a scenario: they are part of the game (a save
        // and its checksum hold them).
        let s = &self.settings;
        let range = |r: FloatRange| format!("{}..{}", r.min(), r.max());
        out.push_str(&format!(
            "#! spawn-speed {}\n#! scale {}\n#! speed {}\n#! path-offset {}\n",
            s.spawn_speed(),
            range(s.scale()),
            range(s.speed()),
            range(s.path_offset())
        ));
        out
    }

    /// Refuses `board` (the level this header names, as it reads now) when it is not the
    /// board the game was recorded on, naming the file and the `level` line.
    pub fn check_board(&self, board: &Board, path: &Path) -> Result<(), FileError> {
        let now = board_checksum(board);
        if now == self.board {
            return Ok(());
        }
        let level = self.level.as_ref();
        let level = level.map_or(BUILT_IN.to_string(), |p| p.display().to_string());
        Err(FileError::Invalid {
            path: path.to_path_buf(),
            line: self.level_line,
            column: 1,
            message: format!(
                "recorded on another board than {level} holds (board {} recorded, {} now): a recording replays only on its own level",
                to_hex(self.board),
                to_hex(now)
            ),
        })
    }
}

impl Recording {
    /// Parses a recording's text; `path` names it in errors. A recording is written a whole
    /// line at a time, so a last line with no newline after it was cut short (a crash while
    /// writing it): it is left out ([`Recording::cut_line`]), and the rest replays.
    pub fn parse(text: &str, path: &Path) -> Result<Recording, FileError> {
        let (text, cut_line) = match text.rfind('\n') {
            Some(end) if end + 1 < text.len() => {
                let whole = &text[..=end];
                (whole, Some(whole.lines().count() + 1))
            }
            _ => (text, None),
        };
        let header = parse_header(text, path)?;
        let script = EditScript::parse(text, path)?;
        Ok(Recording {
            header,
            script,
            cut_line,
        })
    }

    /// Reads (at most [`TEXT_CAP`] bytes) and parses a recording.
    pub fn load(path: &Path) -> Result<Recording, FileError> {
        Recording::parse(&read_text(path, TEXT_CAP)?, path)
    }
}

/// The header of a script that is a recording (it has `#!` lines), checked; `None` for a
/// plain edit script.
pub fn header_if_any(text: &str, path: &Path) -> Result<Option<RecordingHeader>, FileError> {
    if text.lines().any(|line| line.trim_start().starts_with("#!")) {
        parse_header(text, path).map(Some)
    } else {
        Ok(None)
    }
}

/// The header's entries, each checked.
fn parse_header(text: &str, path: &Path) -> Result<RecordingHeader, FileError> {
    let error = |line: usize, column: usize, message: String| FileError::Invalid {
        path: path.to_path_buf(),
        line,
        column,
        message,
    };
    let mut entries = text.lines().enumerate().filter_map(|(i, raw)| {
        raw.trim_start()
            .strip_prefix("#!")
            .map(|rest| (i + 1, rest))
    });
    let Some((version_line, first)) = entries.next() else {
        return Err(error(
            1,
            1,
            "not a recording: no `#! horde-recording 1` header (make one with `horde run --record`)"
                .to_string(),
        ));
    };
    let fields = |rest: &str| -> (String, String) {
        let rest = rest.trim();
        match rest.split_once(char::is_whitespace) {
            Some((key, value)) => (key.to_string(), value.trim().to_string()),
            None => (rest.to_string(), String::new()),
        }
    };
    let (key, value) = fields(first);
    if key != "horde-recording" || value != RECORDING_VERSION.to_string() {
        return Err(error(
            version_line,
            1,
            format!("expected `#! horde-recording {RECORDING_VERSION}` first, found `#!{first}`"),
        ));
    }
    let mut level: Option<(usize, Option<PathBuf>)> = None;
    let mut board = None;
    let mut seed = None;
    let mut animation = false;
    let mut scenario = None;
    let (mut level_text, mut scenario_text) = (None, None);
    let all_lines: Vec<&str> = text.lines().collect();
    let defaults = SpawnSettings::default();
    let (mut spawn_speed, mut scale, mut speed, mut offset) = (
        defaults.spawn_speed(),
        defaults.scale(),
        defaults.speed(),
        defaults.path_offset(),
    );
    // Header entries come once each, before the first edit or checksum line.
    let first_body = text.lines().position(|raw| {
        let t = raw.trim_start();
        !(t.is_empty() || t.starts_with('#'))
    });
    let mut seen: Vec<String> = vec![key];
    for (line, rest) in entries {
        let (key, value) = fields(rest);
        if first_body.is_some_and(|body| line > body) {
            return Err(error(
                line,
                1,
                format!("`#! {key}` after the first edit or checksum line: the header comes first"),
            ));
        }
        if seen.contains(&key) {
            return Err(error(line, 1, format!("`#! {key}` is given twice")));
        }
        seen.push(key.clone());
        let bad = |what: &str| error(line, 1, format!("`#! {key}`: `{value}` is not {what}"));
        let range = || parse_range(&value).ok_or_else(|| bad("a range `A..B` with A ≤ B"));
        match key.as_str() {
            "level" if !value.is_empty() => {
                let path = (value != BUILT_IN).then(|| PathBuf::from(&value));
                level = Some((line, path));
            }
            "board" => board = Some(from_hex(&value).ok_or_else(|| bad("a hex checksum"))?),
            "state" => {
                let version: u32 = value.parse().map_err(|_| bad("a whole number"))?;
                if version != CHECKSUM_STATE {
                    return Err(error(
                        line,
                        1,
                        format!(
                            "recorded by a Horde whose game state is format {version}; this one's is {}: its checksums cannot match",
                            CHECKSUM_STATE
                        ),
                    ));
                }
            }
            "seed" => seed = Some(value.parse::<u64>().map_err(|_| bad("a whole number"))?),
            "animation" => {
                animation = match value.as_str() {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad("`on` or `off`")),
                }
            }
            "scenario" if !value.is_empty() => scenario = Some(PathBuf::from(&value)),
            "level-text" | "scenario-text" => {
                let count: usize = value.parse().map_err(|_| bad("a number of lines"))?;
                let carried = carried_text(&all_lines, line, count)
                    .map_err(|(at, message)| error(at, 1, format!("`#! {key}`: {message}")))?;
                if key == "level-text" {
                    level_text = Some(carried);
                } else {
                    scenario_text = Some(carried);
                }
            }
            "spawn-speed" => spawn_speed = value.parse().map_err(|_| bad("a number"))?,
            "scale" => scale = range()?,
            "speed" => speed = range()?,
            "path-offset" => offset = range()?,
            _ => {
                return Err(error(
                    line,
                    1,
                    format!(
                        "unknown header entry `#! {key} {value}` (expected level, level-text, board, state, seed, animation, scenario, scenario-text, spawn-speed, scale, speed, path-offset)"
                    ),
                ));
            }
        }
    }
    let missing = |what: &str| {
        error(
            version_line,
            1,
            format!("the recording's header has no `#! {what}` line"),
        )
    };
    let (level_line, level) = level.ok_or_else(|| missing("level"))?;
    check_carried(
        &all_lines,
        &level,
        &level_text,
        scenario.is_some(),
        &scenario_text,
    )
    .map_err(|(line, message)| error(line, 1, message))?;
    let settings = SpawnSettings::new(spawn_speed, scale, speed, offset)
        .map_err(|e| error(version_line, 1, format!("the recorded spawn settings: {e}")))?;
    Ok(RecordingHeader {
        level,
        board: board.ok_or_else(|| missing("board"))?,
        scenario,
        settings,
        animation,
        seed: seed.ok_or_else(|| missing("seed"))?,
        level_line,
        level_text,
        scenario_text,
    })
}

/// Refuses a carried text the header does not name a file for (a level text under the
/// built-in board, a scenario text without a scenario), and a `#|` line outside every carried
/// text (a count that disagrees with its block): the line at fault and why.
fn check_carried(
    lines: &[&str],
    level: &Option<PathBuf>,
    level_text: &Option<Carried>,
    has_scenario: bool,
    scenario_text: &Option<Carried>,
) -> Result<(), (usize, String)> {
    let entry = |text: &Carried| text.first_line.saturating_sub(1);
    if let (None, Some(text)) = (level, level_text) {
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
fn carried_text(lines: &[&str], entry: usize, count: usize) -> Result<Carried, (usize, String)> {
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

/// `A..B` with `A ≤ B`, both finite.
fn parse_range(text: &str) -> Option<FloatRange> {
    let (a, b) = text.split_once("..")?;
    FloatRange::new(a.trim().parse().ok()?, b.trim().parse().ok()?)
}

/// The lines of a recording that carry fields, for the fuzz target: parsing must never panic.
#[cfg(feature = "fuzzing")]
pub fn fuzz_parse(text: &str) {
    let _ = crate::script_lines::script_lines(text, Path::new("fuzz")).count();
    let _ = Recording::parse(text, Path::new("fuzz"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::td::board::EditKind;
    use crate::td::level::parse_level;
    use crate::td::script::{checksum_line, edit_line};

    fn header(scenario: Option<&str>) -> RecordingHeader {
        let board = parse_level("S.D\n", Path::new("l")).unwrap();
        RecordingHeader {
            level: Some(PathBuf::from("assets/levels/battle.txt")),
            board: board_checksum(&board),
            scenario: scenario.map(PathBuf::from),
            settings: SpawnSettings::new(
                2.5,
                FloatRange::new(0.5, 1.5).unwrap(),
                FloatRange::new(0.75, 1.25).unwrap(),
                FloatRange::new(-0.25, 0.25).unwrap(),
            )
            .unwrap(),
            animation: true,
            seed: 42,
            level_line: 0,
            level_text: None,
            scenario_text: None,
        }
    }

    #[test]
    fn a_written_header_reads_back() {
        for scenario in [None, Some("assets/scenarios/siege.ron")] {
            let written = header(scenario);
            let text = format!(
                "# a comment\n{}{}{}",
                written.text(),
                edit_line(3, EditKind::Wall, 1, 0),
                checksum_line(60, 77)
            );
            let read = Recording::parse(&text, Path::new("r.txt")).unwrap();
            assert_eq!(
                read.header,
                RecordingHeader {
                    level_line: 3,
                    ..written.clone()
                }
            );
            assert_eq!(read.script.edits().len(), 1);
            assert_eq!(read.script.checkpoints().len(), 1);
            // A plain edit script reads it too.
            assert_eq!(
                EditScript::parse(&text, Path::new("r.txt")).unwrap(),
                read.script
            );
        }
    }

    #[test]
    fn another_board_is_refused_at_the_level_line() {
        let text = header(None).text();
        let read = Recording::parse(&text, Path::new("r.txt")).unwrap();
        assert!(
            read.header
                .check_board(
                    &parse_level("S.D\n", Path::new("l")).unwrap(),
                    Path::new("r.txt")
                )
                .is_ok()
        );
        let other = parse_level("S..D\n", Path::new("l")).unwrap();
        let err = read
            .header
            .check_board(&other, Path::new("r.txt"))
            .unwrap_err();
        assert_eq!(err.location(), Some((2, 1)));
        assert!(
            err.to_string()
                .starts_with("r.txt:2:1: recorded on another board"),
            "{err}"
        );
    }

    #[test]
    fn hostile_headers_name_their_line() {
        let good = header(None).text();
        let err = Recording::parse("1 wall 0 0\n", Path::new("r.txt")).unwrap_err();
        assert!(err.to_string().contains("not a recording"), "{err}");
        let err = Recording::parse(
            &good.replace("horde-recording 1", "horde-recording 9"),
            Path::new("r.txt"),
        )
        .unwrap_err();
        assert_eq!(err.location(), Some((1, 1)));
        let err = Recording::parse(&good.replace("#! seed 42", "#! seed x"), Path::new("r.txt"))
            .unwrap_err();
        assert_eq!(err.location(), Some((5, 1)));
        let err = Recording::parse(
            &good.replace("#! state 4", "#! state 3"),
            Path::new("r.txt"),
        )
        .unwrap_err();
        assert_eq!(err.location(), Some((4, 1)));
        assert!(err.to_string().contains("game state is format 3"), "{err}");
        let err = Recording::parse(
            &good.replace("#! scale 0.5..1.5", "#! scale 2..1"),
            Path::new("r.txt"),
        )
        .unwrap_err();
        assert!(err.to_string().contains("scale"), "{err}");
        let err = Recording::parse(&good.replace("#! board", "#! bored"), Path::new("r.txt"))
            .unwrap_err();
        assert!(err.to_string().contains("unknown header entry"), "{err}");
        let err =
            Recording::parse(&good.replace("#! seed 42\n", ""), Path::new("r.txt")).unwrap_err();
        assert!(err.to_string().contains("no `#! seed`"), "{err}");
        let err = Recording::parse(
            &good.replace("#! scale 0.5..1.5", "#! scale 0.1..0.2"),
            Path::new("r.txt"),
        )
        .unwrap_err();
        assert!(err.to_string().contains("spawn settings"), "{err}");
        // An entry given twice, or after the first body line, is refused at its line.
        let twice = good.replace("#! seed 42\n", "#! seed 42\n#! seed 43\n");
        let err = Recording::parse(&twice, Path::new("r.txt")).unwrap_err();
        assert_eq!(err.location(), Some((6, 1)));
        assert!(err.to_string().contains("given twice"), "{err}");
        let late = format!("{good}60 checksum 00000000000000ff\n#! animation on\n");
        let err = Recording::parse(&late, Path::new("r.txt")).unwrap_err();
        let line = late.lines().count();
        assert_eq!(err.location(), Some((line, 1)));
        assert!(err.to_string().contains("after the first edit"), "{err}");
        // A tick past 2^32 is refused at its line and column.
        let far = format!("{good}4294967297 wall 1 1\n");
        let err = Recording::parse(&far, Path::new("r.txt")).unwrap_err();
        assert_eq!(err.location(), Some((far.lines().count(), 1)));
        assert!(err.to_string().contains("no game reaches"), "{err}");
    }

    #[test]
    fn carried_texts_read_back_and_name_their_lines() {
        let mut written = header(Some("siege.ron"));
        written.level_text = Some(Carried::new("// a comment\nS.D\n\n  indented\n"));
        written.scenario_text = Some(Carried::new("(\n  waves: [],\n)\n"));
        let text = format!("{}{}", written.text(), checksum_line(60, 7));
        let read = Recording::parse(&text, Path::new("r.txt")).unwrap();
        let level = read.header.level_text.clone().unwrap();
        assert_eq!(level.text, "// a comment\nS.D\n\n  indented\n");
        assert_eq!(level.first_line, 5);
        assert_eq!(text.lines().nth(4), Some("#| // a comment"));
        // An error at line 2, column 1 of the level is the recording's line 6, column 4.
        assert_eq!(level.place(2, 1), (6, 4));
        let scenario = read.header.scenario_text.clone().unwrap();
        assert_eq!(scenario.text, "(\n  waves: [],\n)\n");
        assert_eq!(text.lines().nth(scenario.first_line - 1), Some("#| ("));
        // The edit script still reads it: the carried lines are comments to it.
        assert_eq!(read.script.checkpoints().len(), 1);
        // A count past the end, or a line without `#|`, is refused at its line.
        let short = text.replace("#! level-text 4", "#! level-text 40");
        let short = short.split("60 checksum").next().unwrap().to_string();
        let err = Recording::parse(&short, Path::new("r.txt")).unwrap_err();
        assert!(err.to_string().contains("level-text"), "{err}");
        // A count short of its block leaves a `#|` line outside: refused at it.
        let fewer = text.replace("#! level-text 4", "#! level-text 3");
        let err = Recording::parse(&fewer, Path::new("r.txt")).unwrap_err();
        assert_eq!(err.location(), Some((8, 1)));
        assert!(
            err.to_string().contains("outside every carried text"),
            "{err}"
        );
        // A text the header names no file for.
        let built_in = text.replace("#! level assets/levels/battle.txt", "#! level built-in");
        let err = Recording::parse(&built_in, Path::new("r.txt")).unwrap_err();
        assert_eq!(err.location(), Some((4, 1)));
        let no_scenario = text.replace("#! scenario siege.ron\n", "");
        let err = Recording::parse(&no_scenario, Path::new("r.txt")).unwrap_err();
        assert!(
            err.to_string().contains("without a `#! scenario` line"),
            "{err}"
        );
        let broken = text.replace("#| S.D", "S.D");
        let err = Recording::parse(&broken, Path::new("r.txt")).unwrap_err();
        assert_eq!(err.location(), Some((6, 1)));
        assert!(
            err.to_string().contains("does not start with `#|`"),
            "{err}"
        );
    }
}
