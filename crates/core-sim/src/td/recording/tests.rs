//! The recording header's tests: written and read back, carried texts, hostile headers.

use super::*;
use crate::td::board::EditKind;
use crate::td::level::parse_level;
use crate::td::script::{checksum_line, edit_line};
use crate::td::settings::FloatRange;
use std::path::PathBuf;

use crate::maths::Maths;

fn header(scenario: Option<&str>) -> RecordingHeader {
    let board = parse_level("S.D\n", Path::new("l")).unwrap();
    RecordingHeader {
        source: GameSource {
            level: LevelSource::File(PathBuf::from("assets/levels/battle.txt")),
            scenario: scenario.map(ScenarioSource::parse),
        },
        board: board_checksum(&board),
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
        maths: crate::maths::Maths::Portable,
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
        &good.replace("horde-recording 2", "horde-recording 9"),
        Path::new("r.txt"),
    )
    .unwrap_err();
    assert_eq!(err.location(), Some((1, 1)));
    let err =
        Recording::parse(&good.replace("#! seed 42", "#! seed x"), Path::new("r.txt")).unwrap_err();
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
    let err =
        Recording::parse(&good.replace("#! board", "#! bored"), Path::new("r.txt")).unwrap_err();
    assert!(err.to_string().contains("unknown header entry"), "{err}");
    let err = Recording::parse(
        &good.replace("#! seed 42", "#! scenario"),
        Path::new("r.txt"),
    )
    .unwrap_err();
    assert_eq!(err.location(), Some((5, 1)));
    assert!(err.to_string().contains("names no file"), "{err}");
    let err = Recording::parse(&good.replace("#! seed 42\n", ""), Path::new("r.txt")).unwrap_err();
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

#[test]
fn the_version_says_which_maths_the_game_was_played_with() {
    let portable = header(None);
    assert!(portable.text().starts_with("#! horde-recording 2\n"));
    let old = RecordingHeader {
        maths: Maths::Platform,
        ..header(None)
    };
    let text = old.text();
    assert!(text.starts_with("#! horde-recording 1\n"), "{text}");
    let read = Recording::parse(&text, Path::new("r.txt")).unwrap();
    assert_eq!(read.header.maths, Maths::Platform);
    let read = Recording::parse(&portable.text(), Path::new("r.txt")).unwrap();
    assert_eq!(read.header.maths, Maths::Portable);
    for bad in ["0", "3", "x", ""] {
        let text = portable
            .text()
            .replace("horde-recording 2", &format!("horde-recording {bad}"));
        let err = Recording::parse(&text, Path::new("r.txt")).unwrap_err();
        assert_eq!(err.location(), Some((1, 1)), "{bad}: {err}");
    }
}
