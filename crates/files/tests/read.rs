//! Capped reads: a file over its cap is refused naming the file and the cap, whatever its
//! size; text that is not UTF-8 is refused at its place; a missing file names itself.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_files::{FileError, TEXT_CAP, read_bytes, read_text};
use std::time::Instant;

#[test]
fn a_file_within_its_cap_is_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ten.txt");
    std::fs::write(&path, b"0123456789").unwrap();
    assert_eq!(read_bytes(&path, 10).unwrap(), b"0123456789");
    assert_eq!(read_text(&path, 100).unwrap(), "0123456789");
}

#[test]
fn a_file_over_its_cap_is_refused_naming_the_file_and_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("eleven.txt");
    std::fs::write(&path, b"0123456789A").unwrap();
    let error = read_bytes(&path, 10).unwrap_err();
    assert!(
        matches!(error, FileError::TooLarge { cap: 10, .. }),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(
        message.starts_with(&path.display().to_string()),
        "{message}"
    );
    assert!(message.contains("larger than 10 bytes"), "{message}");
}

#[test]
fn an_endless_file_is_refused_promptly() {
    let zero = std::path::Path::new("/dev/zero");
    if !zero.exists() {
        return;
    }
    let started = Instant::now();
    let error = read_text(zero, TEXT_CAP).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("/dev/zero: larger than 67108864 bytes (64 MiB)"),
        "{error}"
    );
    // Not a timing test: an unbounded read would never return at all.
    eprintln!("refused /dev/zero after {:?}", started.elapsed());
}

#[test]
fn text_that_is_not_utf8_is_refused_where_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin1.ron");
    std::fs::write(&path, b"(\n  name: \"caf\xe9\",\n)").unwrap();
    let error = read_text(&path, TEXT_CAP).unwrap_err();
    assert_eq!(error.location(), Some((2, 13)));
    assert!(error.to_string().ends_with(": not UTF-8 text"), "{error}");
}

#[test]
fn a_missing_file_names_itself() {
    let error = read_text("no/such/file.ron".as_ref(), TEXT_CAP).unwrap_err();
    assert!(matches!(error, FileError::Io { .. }));
    assert!(
        error.to_string().starts_with("no/such/file.ron: "),
        "{error}"
    );
}
