//! Level files (docs/ARCHITECTURE.md, file formats): one line per row of tiles, the northmost row first, one character
//! per tile — `.` empty, `#` wall, `D` destination, `S` spawn point, and a character a tower
//! kind. All rows have the same length; trailing blank lines are ignored; a line whose first
//! non-blank characters are `//` is a comment (a generated board opens with one naming its
//! generator, seed and spec), skipped when read and kept when the editor saves over the file.
//!
//! Loading reports the file, line and column of the first problem. Saving goes through
//! [`horde_files::write`]: a temporary file beside the target, renamed over it, so a crash never
//! leaves a half-written level behind.

use crate::td::board::{Board, BoardError, MAX_TILES};
use crate::td::tile::TileContent;
use crate::td::towers::kind::TowerKind;
use horde_files::{FileError, TEXT_CAP, read_text, write_file};
use std::fmt;
use std::path::{Path, PathBuf};

/// What is wrong with a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelErrorKind {
    /// The file has no rows.
    Empty,
    /// A character that stands for no tile.
    UnknownCharacter(char),
    /// A row whose length differs from the first row's.
    RaggedRow {
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// The board would be larger than supported.
    TooLarge {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// No `D` anywhere.
    NoDestination,
    /// No `S` anywhere.
    NoSpawnPoint,
    /// This tile cannot reach any destination.
    NoPath,
    /// The file starts with a blank line, before its first row.
    LeadingBlankLine,
}

/// Every character a level may hold, quoted, with a final `or` (`'.', '#', 'D', 'S', 'L' or
/// 'M'`): the fixed contents, then one a tower kind, from the kind table.
pub fn tile_characters() -> String {
    let fixed = ['.', '#', 'D', 'S'];
    let towers = TowerKind::ALL.iter().map(|k| k.info().symbol);
    let all: Vec<String> = fixed
        .into_iter()
        .chain(towers)
        .map(|c| format!("'{c}'"))
        .collect();
    match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => all.concat(),
    }
}

impl fmt::Display for LevelErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelErrorKind::Empty => write!(f, "the level has no rows"),
            LevelErrorKind::UnknownCharacter(c) => {
                write!(
                    f,
                    "unknown tile character {c:?} (expected {})",
                    tile_characters()
                )
            }
            LevelErrorKind::RaggedRow { expected, found } => {
                write!(f, "row has {found} tiles but the first row has {expected}")
            }
            LevelErrorKind::TooLarge { width, height } => write!(
                f,
                "level is {width}×{height} tiles; at most 65535 per side and {MAX_TILES} in all"
            ),
            LevelErrorKind::NoDestination => write!(f, "the level has no destination ('D')"),
            LevelErrorKind::NoSpawnPoint => write!(f, "the level has no spawn point ('S')"),
            LevelErrorKind::NoPath => write!(f, "this tile has no path to a destination"),
            LevelErrorKind::LeadingBlankLine => write!(f, "blank line before the first row"),
        }
    }
}

/// A level that could not be read or written, with where.
#[derive(Debug, thiserror::Error)]
pub enum LevelError {
    /// The text is not a valid level.
    #[error("{}:{line}:{column}: {kind}", path.display())]
    Parse {
        /// The file (or a stand-in name for text without one).
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What is wrong.
        kind: LevelErrorKind,
    },
    /// The file could not be read (missing, unreadable, over [`TEXT_CAP`], not UTF-8) or
    /// written.
    #[error(transparent)]
    File(#[from] FileError),
}

impl LevelError {
    /// The 1-based `(line, column)` of a parse error.
    pub fn location(&self) -> Option<(usize, usize)> {
        match self {
            LevelError::Parse { line, column, .. } => Some((*line, *column)),
            LevelError::File(_) => None,
        }
    }

    /// What is wrong, for parse errors.
    pub fn kind(&self) -> Option<&LevelErrorKind> {
        match self {
            LevelError::Parse { kind, .. } => Some(kind),
            LevelError::File(_) => None,
        }
    }
}

/// Parses level text; `path` names it in errors.
pub fn parse_level(text: &str, path: &Path) -> Result<Board, LevelError> {
    let error = |line: usize, column: usize, kind: LevelErrorKind| LevelError::Parse {
        path: path.to_path_buf(),
        line,
        column,
        kind,
    };
    // The rows, each with its line in the file; comment lines are skipped.
    let mut rows: Vec<(usize, &str)> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !is_comment(l))
        .collect();
    while rows.last().is_some_and(|(_, r)| r.trim().is_empty()) {
        rows.pop();
    }
    let Some(&(first_line, first)) = rows.first() else {
        return Err(error(1, 1, LevelErrorKind::Empty));
    };
    let width = first.chars().count();
    let height = rows.len();
    if width == 0 {
        return Err(error(first_line, 1, LevelErrorKind::LeadingBlankLine));
    }
    if width > u16::MAX as usize || height > u16::MAX as usize || width * height > MAX_TILES {
        return Err(error(1, 1, LevelErrorKind::TooLarge { width, height }));
    }
    let mut contents = vec![TileContent::Empty; width * height];
    for (row, &(number, line)) in rows.iter().enumerate() {
        let y = height - 1 - row;
        let mut found = 0;
        for (column, c) in line.chars().enumerate() {
            let content = TileContent::from_char(c)
                .ok_or_else(|| error(number, column + 1, LevelErrorKind::UnknownCharacter(c)))?;
            if column < width {
                contents[y * width + column] = content;
            }
            found += 1;
        }
        if found != width {
            let kind = LevelErrorKind::RaggedRow {
                expected: width,
                found,
            };
            return Err(error(number, found.min(width) + 1, kind));
        }
    }
    Board::from_contents(width as u32, height as u32, contents).map_err(|e| match e {
        BoardError::NoDestination => error(1, 1, LevelErrorKind::NoDestination),
        BoardError::NoSpawnPoint => error(1, 1, LevelErrorKind::NoSpawnPoint),
        BoardError::NoPath { x, y } => {
            let line = rows[height - 1 - y as usize].0;
            error(line, x as usize + 1, LevelErrorKind::NoPath)
        }
        BoardError::BadSize { .. } | BoardError::WrongTileCount { .. } => {
            error(1, 1, LevelErrorKind::TooLarge { width, height })
        }
    })
}

/// Reads (at most [`TEXT_CAP`] bytes) and parses a level file.
pub fn load_level(path: &Path) -> Result<Board, LevelError> {
    parse_level(&read_text(path, TEXT_CAP)?, path)
}

/// The level text of a board: northmost row first, one `\n`-terminated line per row.
pub fn level_text(board: &Board) -> String {
    let (w, h) = (board.width() as usize, board.height() as usize);
    let mut text = String::with_capacity((w + 1) * h);
    for y in (0..h).rev() {
        text.extend(
            board.contents()[y * w..(y + 1) * w]
                .iter()
                .map(|c| c.to_char()),
        );
        text.push('\n');
    }
    text
}

/// Whether a line of a level file is a comment (`//` first, after any blanks): skipped when
/// read, kept when the editor saves the board over its file.
pub fn is_comment(line: &str) -> bool {
    line.trim_start().starts_with("//")
}

/// The comment lines of level text, each with its newline.
pub fn level_comments(text: &str) -> String {
    text.lines()
        .filter(|l| is_comment(l))
        .flat_map(|l| [l, "\n"])
        .collect()
}

/// Writes `board` to `path` atomically: a temporary file in the same folder, flushed to disk,
/// then renamed over `path`. On failure the old file is untouched and the temporary removed.
/// The comment lines of the file already at `path` (a generated board's header, a note) open
/// the new one.
pub fn save_level(board: &Board, path: &Path) -> Result<(), LevelError> {
    let comments = read_text(path, TEXT_CAP)
        .map(|text| level_comments(&text))
        .unwrap_or_default();
    write_file(path, (comments + &level_text(board)).as_bytes())
        .map_err(|error| LevelError::File(FileError::io(path, error)))
}
