//! Atomic saves: a commit replaces the whole file, and an error or an abandoned save leaves the
//! old file and no temporary file behind.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_files::{AtomicFile, write_atomically};
use std::io::{ErrorKind, Write};
use std::path::Path;

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn writing_replaces_the_old_contents() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("level.txt");
    std::fs::write(&path, "a much longer old text\n").unwrap();
    write_atomically(&path, b"new\n").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
    assert_eq!(names(dir.path()), ["level.txt"]);
}

#[test]
fn writing_creates_a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fresh.txt");
    write_atomically(&path, b"hello").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"hello");
}

#[test]
fn writes_in_pieces_are_committed_together() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pieces.txt");
    let mut file = AtomicFile::create(&path).unwrap();
    assert_eq!(file.target(), path);
    for line in ["one\n", "two\n", "three\n"] {
        file.write_all(line.as_bytes()).unwrap();
    }
    file.flush().unwrap();
    assert!(
        !path.exists(),
        "nothing reaches the target before the commit"
    );
    file.commit().unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "one\ntwo\nthree\n");
    assert_eq!(names(dir.path()), ["pieces.txt"]);
}

#[test]
fn a_missing_folder_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no_such_folder").join("level.txt");
    let error = write_atomically(&path, b"x").unwrap_err();
    assert_eq!(error.kind(), ErrorKind::NotFound);
    assert!(names(dir.path()).is_empty());
}

#[test]
fn a_failed_rename_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    // The target is a folder that is not empty: nothing can be renamed over it.
    let target = dir.path().join("taken");
    std::fs::create_dir(&target).unwrap();
    std::fs::write(target.join("inside.txt"), "keep").unwrap();
    assert!(write_atomically(&target, b"x").is_err());
    assert_eq!(names(dir.path()), ["taken"]);
    assert_eq!(
        std::fs::read_to_string(target.join("inside.txt")).unwrap(),
        "keep"
    );
}

#[test]
fn dropping_without_commit_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("level.txt");
    std::fs::write(&path, "old").unwrap();
    {
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"abandoned").unwrap();
        file.flush().unwrap();
        assert_eq!(
            names(dir.path()).len(),
            2,
            "the temporary file is beside the target"
        );
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
    assert_eq!(names(dir.path()), ["level.txt"]);
}

#[test]
fn a_path_without_a_file_name_is_invalid() {
    for path in ["", "..", "some/folder/.."] {
        let error = write_atomically(Path::new(path), b"x").unwrap_err();
        assert_eq!(error.kind(), ErrorKind::InvalidInput, "{path:?}");
        assert!(AtomicFile::create(Path::new(path)).is_err());
    }
}

#[cfg(unix)]
#[test]
fn saved_files_get_the_usual_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.txt");
    std::fs::write(&plain, "x").unwrap();
    let atomic = dir.path().join("atomic.txt");
    write_atomically(&atomic, b"x").unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&atomic), mode(&plain));
}
