//! Level files: parsing, every error kind with its line and column, atomic saving, and the
//! levels shipped in `assets/levels/`.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::files::{
    LevelError, LevelErrorKind, level_text, load_level, parse_level, save_level,
};
use horde_core_sim::td::tiles::TileContent;
use std::path::Path;

fn error(text: &str) -> (usize, usize, LevelErrorKind, String) {
    let err = parse_level(text, Path::new("levels/bad.txt")).unwrap_err();
    let (line, column) = err.location().unwrap();
    (line, column, err.kind().unwrap().clone(), err.to_string())
}

#[test]
fn rows_read_north_first() {
    let board = parse_level("..D\n#..\nS..\n", Path::new("x")).unwrap();
    assert_eq!((board.width(), board.height()), (3, 3));
    let at = |x, y| board.content(board.index(x, y).unwrap());
    assert_eq!(at(0, 0), TileContent::SpawnPoint);
    assert_eq!(at(2, 2), TileContent::Destination);
    assert_eq!(at(0, 1), TileContent::Wall);
    assert_eq!(level_text(&board), "..D\n#..\nS..\n");
}

#[test]
fn trailing_blank_lines_and_crlf_are_accepted() {
    let board = parse_level("S.\r\n.D\r\n\r\n\n  \n", Path::new("x")).unwrap();
    assert_eq!((board.width(), board.height()), (2, 2));
}

#[test]
fn unknown_character() {
    let (line, column, kind, message) = error("S..\n.Dx\n...\n");
    assert_eq!((line, column), (2, 3));
    assert_eq!(kind, LevelErrorKind::UnknownCharacter('x'));
    assert!(
        message.starts_with("levels/bad.txt:2:3: unknown tile character 'x'"),
        "{message}"
    );
    // A space is not a tile either.
    assert_eq!(error("S. \n.D.\n").0..error("S. \n.D.\n").1, 1..3);
}

#[test]
fn ragged_rows() {
    let (line, column, kind, _) = error("S..\n.D\n...\n");
    assert_eq!((line, column), (2, 3));
    assert_eq!(
        kind,
        LevelErrorKind::RaggedRow {
            expected: 3,
            found: 2
        }
    );
    let (line, column, kind, _) = error("S..\n.D..\n");
    assert_eq!((line, column), (2, 4));
    assert_eq!(
        kind,
        LevelErrorKind::RaggedRow {
            expected: 3,
            found: 4
        }
    );
    // A blank line inside the level is a row of length 0.
    let (line, column, _, _) = error("S..\n\n.D.\n");
    assert_eq!((line, column), (2, 1));
    // A blank line before the first row.
    let (line, column, kind, _) = error("\nS..\n.D.\n");
    assert_eq!(
        (line, column, kind),
        (1, 1, LevelErrorKind::LeadingBlankLine)
    );
}

#[test]
fn missing_destination_or_spawn_point() {
    let (line, column, kind, message) = error("S..\n...\n");
    assert_eq!((line, column, kind), (1, 1, LevelErrorKind::NoDestination));
    assert_eq!(
        message,
        "levels/bad.txt:1:1: the level has no destination ('D')"
    );
    let (line, column, kind, _) = error("D..\n...\n");
    assert_eq!((line, column, kind), (1, 1, LevelErrorKind::NoSpawnPoint));
}

#[test]
fn a_tile_without_a_path_is_named() {
    // The destination is walled in; the first tile without a path in reading order is the
    // empty tile on line 1, column 3.
    let (line, column, kind, _) = error("D#.\n##.\nS..\n");
    assert_eq!((line, column, kind), (1, 3, LevelErrorKind::NoPath));
    // Only the spawn point's row is cut off: line 3.
    let (line, column, _, _) = error("...\n.D.\n###\nS..\n");
    assert_eq!((line, column), (4, 1));
    // A single unreachable tile in the north-east corner: line 1, column 4.
    let (line, column, _, _) = error("..#.\n...#\nS..D\n");
    assert_eq!((line, column), (1, 4));
}

#[test]
fn empty_and_oversized_levels() {
    assert_eq!(error("").2, LevelErrorKind::Empty);
    assert_eq!(error("\n\n").0, 1);
    let wide = format!("S{}D\n", ".".repeat(70_000));
    let (line, column, kind, _) = error(&wide);
    assert_eq!((line, column), (1, 1));
    assert!(matches!(kind, LevelErrorKind::TooLarge { .. }));
}

#[test]
fn missing_file_names_the_path() {
    let err = load_level(Path::new("/nonexistent/level.txt")).unwrap_err();
    assert!(matches!(
        err,
        LevelError::File(horde_files::FileError::Io { .. })
    ));
    assert!(err.to_string().starts_with("/nonexistent/level.txt: "));
}

#[test]
fn saving_is_atomic_and_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.txt");
    std::fs::write(&path, "old contents").unwrap();
    let board = parse_level("S.#\n.D.\n..S\n", Path::new("x")).unwrap();
    save_level(&board, &path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "S.#\n.D.\n..S\n");
    let again = load_level(&path).unwrap();
    assert_eq!(again.contents(), board.contents());
    // Nothing but the level is left in the folder.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec!["mine.txt"]);
    // A failed save leaves the target alone and names it.
    let missing = dir.path().join("no-such-dir").join("x.txt");
    let err = save_level(&board, &missing).unwrap_err();
    assert!(err.to_string().contains("no-such-dir"));
}

#[test]
fn shipped_levels_load_and_the_default_is_the_texts_board() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/levels");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let board = load_level(&path).unwrap_or_else(|e| panic!("{e}"));
            assert!(board.flow_field().is_complete());
            count += 1;
        }
    }
    assert!(count >= 3);
    let default = load_level(&dir.join("default.txt")).unwrap();
    assert_eq!((default.width(), default.height()), (11, 11));
    assert_eq!(default.content(60), TileContent::Destination);
    assert_eq!(default.spawn_points(), &[0]);
    assert_eq!(default.destination_count(), 1);
}

#[test]
fn comment_lines_are_skipped_and_errors_keep_their_file_lines() {
    let text = "// horde generate v1 seed 7\n.S.\n// a note between rows\n.D.\n";
    let board = parse_level(text, Path::new("c.txt")).unwrap();
    assert_eq!((board.width(), board.height()), (3, 2));
    let error = parse_level("// head\n.S.\n// note\n.DX\n", Path::new("c.txt"))
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("c.txt:4:3:"), "{error}");
}

#[test]
fn saving_over_a_level_keeps_its_comments() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gen.txt");
    std::fs::write(&path, "// horde generate v1 seed 7 spec 5x5\n.S.\n.D.\n").unwrap();
    let board = load_level(&path).unwrap();
    save_level(&board, &path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, "// horde generate v1 seed 7 spec 5x5\n.S.\n.D.\n");
    assert_eq!(load_level(&path).unwrap().contents(), board.contents());
}
