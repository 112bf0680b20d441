//! Writing files: a commit replaces the whole file, an error or an abandoned write leaves the
//! old file and no temporary file behind, a symbolic link stays a link and its target gets
//! the contents, a device or FIFO is written in place, `-` is standard output.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_files::{OutputFile, write_file};
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
    write_file(&path, b"new\n").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
    assert_eq!(names(dir.path()), ["level.txt"]);
}

#[test]
fn writing_creates_a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fresh.txt");
    write_file(&path, b"hello").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"hello");
}

#[test]
fn writes_in_pieces_are_committed_together() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pieces.txt");
    let mut file = OutputFile::create(&path).unwrap();
    assert_eq!(file.target(), Some(path.as_path()));
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
    let error = write_file(&path, b"x").unwrap_err();
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
    assert!(write_file(&target, b"x").is_err());
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
        let mut file = OutputFile::create(&path).unwrap();
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
        let error = write_file(Path::new(path), b"x").unwrap_err();
        assert_eq!(error.kind(), ErrorKind::InvalidInput, "{path:?}");
        assert!(OutputFile::create(Path::new(path)).is_err());
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
    write_file(&atomic, b"x").unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&atomic), mode(&plain));
}

#[cfg(unix)]
#[test]
fn an_existing_file_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("private.txt");
    std::fs::write(&path, "old").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    write_file(&path, b"new").unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_stays_and_its_target_gets_the_contents() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real").join("trace.csv");
    std::fs::create_dir(dir.path().join("real")).unwrap();
    std::fs::write(&real, "old").unwrap();
    // A relative link, and a link to that link.
    let link = dir.path().join("trace.csv");
    std::os::unix::fs::symlink("real/trace.csv", &link).unwrap();
    let second = dir.path().join("again.csv");
    std::os::unix::fs::symlink(&link, &second).unwrap();
    write_file(&second, b"new").unwrap();
    for path in [&link, &second] {
        assert!(
            std::fs::symlink_metadata(path)
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    assert_eq!(names(&dir.path().join("real")), ["trace.csv"]);
    // A dangling link's target is created.
    let dangling = dir.path().join("dangling.json");
    std::os::unix::fs::symlink("real/made.json", &dangling).unwrap();
    write_file(&dangling, b"{}").unwrap();
    assert_eq!(
        std::fs::read(dir.path().join("real/made.json")).unwrap(),
        b"{}"
    );
    assert!(
        std::fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[cfg(unix)]
#[test]
fn a_loop_of_links_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    std::os::unix::fs::symlink("b", &a).unwrap();
    std::os::unix::fs::symlink("a", dir.path().join("b")).unwrap();
    let error = write_file(&a, b"x").unwrap_err();
    assert_eq!(error.kind(), ErrorKind::InvalidInput);
    assert!(error.to_string().contains("symbolic links"), "{error}");
}

/// Whether this process runs as root (who may make device nodes).
#[cfg(unix)]
fn is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

#[cfg(unix)]
#[test]
fn a_character_device_is_written_in_place_and_stays_a_device() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let device = dir.path().join("null");
    // A private copy of /dev/null (major 1, minor 3): writes go nowhere.
    let made = std::process::Command::new("mknod")
        .arg(&device)
        .args(["c", "1", "3"])
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        assert!(!is_root(), "root could not make a device node");
        eprintln!("skipped: only root can make a device node");
        return;
    }
    write_file(&device, b"{\"enemies\": 1}").unwrap();
    let kind = std::fs::symlink_metadata(&device).unwrap().file_type();
    assert!(kind.is_char_device(), "{kind:?}");
    assert_eq!(names(dir.path()), ["null"]);
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_in_place() {
    use std::io::Read;
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            std::fs::File::open(&fifo)
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            text
        })
    };
    write_file(&fifo, b"tick,id\n").unwrap();
    assert_eq!(reader.join().unwrap(), "tick,id\n");
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
}

#[test]
fn a_dash_is_standard_output() {
    let file = OutputFile::create(Path::new("-")).unwrap();
    assert_eq!(file.target(), None);
    assert!(horde_files::is_stdout(file.path()));
    file.commit().unwrap();
}

#[cfg(unix)]
#[test]
fn a_private_file_is_the_owners_alone_from_the_start_even_over_a_readable_one() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tokens");
    std::fs::write(&path, "old").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    horde_files::write_private_file(&path, b"secret").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "secret");
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    // A plain write keeps the mode a file had.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    horde_files::write_file(&path, b"again").unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
}
