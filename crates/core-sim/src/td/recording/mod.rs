//! Recordings (`horde run --record F`): an edit script ([`crate::td::script`]) whose comment
//! header says how the game was started, and whose checksum lines say what the game was
//! every second of it, so that `horde replay F` can play it again from the file alone and
//! say whether it is the game that was played.
//!
//! The header is a block of `#! KEY VALUE` lines (comments to a plain edit script, which
//! therefore still reads a recording): `horde-recording 2` first (1 in a recording played before
//! games used the same maths everywhere, [`crate::maths`]), then `level PATH` (or
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
//!
//! The rooms: this file (the header, written and read), `carried.rs` (the carried texts),
//! `tests.rs` (its tests: headers written and read back, carried texts, hostile headers).

mod carried;

use crate::maths::Maths;
use crate::td::board::Board;
use crate::td::checksum::{CHECKSUM_STATE, from_hex, to_hex};
use crate::td::script::EditScript;
use crate::td::settings::{SpawnSettings, parse_range};
use crate::td::source::{GameSource, LevelSource, ScenarioSource};
pub use carried::Carried;
use carried::{carried_text, check_carried};
use horde_files::{FileError, TEXT_CAP, read_text};
use std::path::Path;
use xxhash_rust::xxh3::xxh3_64;

/// The version a recording's first header line names: 2 since games are played with the
/// same maths on every platform ([`Maths::Portable`]); a recording of version 1 was played
/// with the platform's ([`Maths::Platform`]) and replays with it.
pub const RECORDING_VERSION: u32 = 2;

/// The oldest version a recording may name.
pub const OLDEST_RECORDING_VERSION: u32 = 1;

/// How a recorded game was started.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordingHeader {
    /// Where the game came from: its level (`#! level`) and scenario (`#! scenario`, absent
    /// for the spawner, whose settings are then the game's).
    pub source: GameSource,
    /// The checksum of the board the game opened with ([`board_checksum`]).
    pub board: u64,
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
    /// The maths the game was played with, which the header's version says.
    pub maths: Maths,
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
        let version = match self.maths {
            Maths::Portable => RECORDING_VERSION,
            Maths::Platform => OLDEST_RECORDING_VERSION,
        };
        let mut out = format!("#! horde-recording {version}\n");
        out.push_str(&format!(
            "#! level {}\n#! board {}\n",
            self.source.level,
            to_hex(self.board)
        ));
        if let Some(text) = &self.level_text {
            out.push_str(&text.lines("level-text"));
        }
        out.push_str(&format!("#! state {}\n", CHECKSUM_STATE));
        out.push_str(&format!("#! seed {}\n", self.seed));
        let on = if self.animation { "on" } else { "off" };
        out.push_str(&format!("#! animation {on}\n"));
        if let Some(scenario) = &self.source.scenario {
            out.push_str(&format!("#! scenario {scenario}\n"));
            if let Some(text) = &self.scenario_text {
                out.push_str(&text.lines("scenario-text"));
            }
        }
        // The spawner's settings even under a scenario: they are part of the game (a save
        // and its checksum hold them).
        let s = &self.settings;
        // Ranges as `A..B`, the settings' one grammar (`FloatRange`'s `Display`).
        out.push_str(&format!(
            "#! spawn-speed {}\n#! scale {}\n#! speed {}\n#! path-offset {}\n",
            s.spawn_speed(),
            s.scale(),
            s.speed(),
            s.path_offset()
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
        let level = &self.source.level;
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
            format!(
                "not a recording: no `#! horde-recording {RECORDING_VERSION}` header (make one with `horde run --record`)"
            ),
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
    let version = value
        .parse::<u32>()
        .ok()
        .filter(|v| (OLDEST_RECORDING_VERSION..=RECORDING_VERSION).contains(v));
    let Some(version) = version.filter(|_| key == "horde-recording") else {
        return Err(error(
            version_line,
            1,
            format!(
                "expected `#! horde-recording {RECORDING_VERSION}` (or an older version, down to {OLDEST_RECORDING_VERSION}) first, found `#!{first}`"
            ),
        ));
    };
    let maths = Maths::of_recording_version(version);
    let mut level: Option<(usize, LevelSource)> = None;
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
        let range = || parse_range("range", &value).map_err(|_| bad("a range `A..B` with A ≤ B"));
        match key.as_str() {
            "level" if !value.is_empty() => {
                let source = LevelSource::parse(&value).map_err(|e| error(line, 1, e))?;
                level = Some((line, source));
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
            "scenario" if !value.is_empty() => scenario = Some(ScenarioSource::parse(&value)),
            "level" | "scenario" => {
                return Err(error(
                    line,
                    1,
                    format!("`#! {key}` names no file (a path, or `built-in`)"),
                ));
            }
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
        source: GameSource { level, scenario },
        board: board.ok_or_else(|| missing("board"))?,
        settings,
        animation,
        seed: seed.ok_or_else(|| missing("seed"))?,
        level_line,
        level_text,
        scenario_text,
        maths,
    })
}

/// The lines of a recording that carry fields, for the fuzz target: parsing must never panic.
#[cfg(feature = "fuzzing")]
pub fn fuzz_parse(text: &str) {
    let _ = crate::script_lines::script_lines(text, Path::new("fuzz")).count();
    let _ = Recording::parse(text, Path::new("fuzz"));
}

#[cfg(test)]
mod tests;
