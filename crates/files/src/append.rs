//! Files that grow as they are made (a recording, line by line): the first text written as
//! every file is ([`write_file`]: whole, through symbolic links, devices in place, `-` to
//! standard output), then bytes appended to that same file, which may be cut back to a length.
//! A crash leaves everything appended before it; nothing is rewritten whole.

use crate::error::FileError;
use crate::write::{is_stdout, write_file};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// A file written whole once, then appended to.
#[derive(Debug)]
pub struct AppendFile {
    path: PathBuf,
    sink: Sink,
}

/// Where appended bytes go.
#[derive(Debug)]
enum Sink {
    /// Nothing open (before the first text, or after a failed one).
    Closed,
    /// A regular file, which a cut shortens.
    Regular(File),
    /// A device or FIFO, written in place; a cut leaves it as it is.
    InPlace(File),
    /// Standard output (`-`); a cut leaves it as it is.
    Stdout,
}

impl AppendFile {
    /// Writes `text` as the whole of `path` and opens it to append after it.
    pub fn create(path: &Path, text: &[u8]) -> Result<AppendFile, FileError> {
        let mut file = AppendFile {
            path: path.to_path_buf(),
            sink: Sink::Closed,
        };
        file.restart(text)?;
        Ok(file)
    }

    /// The path it writes (`-` for standard output).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `text` as the whole file again (starting over) and appends after it.
    pub fn restart(&mut self, text: &[u8]) -> Result<(), FileError> {
        self.sink = Sink::Closed;
        write_file(&self.path, text).map_err(|e| FileError::io(&self.path, e))?;
        if is_stdout(&self.path) {
            self.sink = Sink::Stdout;
            return Ok(());
        }
        let file = OpenOptions::new()
            .append(true)
            .open(&self.path)
            .map_err(|e| FileError::io(&self.path, e))?;
        let regular = file
            .metadata()
            .map_err(|e| FileError::io(&self.path, e))?
            .is_file();
        self.sink = if regular {
            Sink::Regular(file)
        } else {
            Sink::InPlace(file)
        };
        Ok(())
    }

    /// Appends `bytes` (one write: a line is whole on disk or not there).
    pub fn append(&mut self, bytes: &[u8]) -> Result<(), FileError> {
        let written = match &mut self.sink {
            Sink::Regular(file) | Sink::InPlace(file) => file.write_all(bytes),
            Sink::Stdout => std::io::stdout().lock().write_all(bytes),
            Sink::Closed => Ok(()),
        };
        written.map_err(|e| FileError::io(&self.path, e))
    }

    /// Cuts a regular file back to its first `len` bytes (appending goes on after them); a
    /// device or standard output keeps what it was given.
    pub fn truncate(&mut self, len: u64) -> Result<(), FileError> {
        match &self.sink {
            Sink::Regular(file) => file.set_len(len).map_err(|e| FileError::io(&self.path, e)),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_file_is_written_whole_then_appended_cut_and_started_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("grows.txt");
        let mut file = AppendFile::create(&path, b"head\n").unwrap();
        file.append(b"one\n").unwrap();
        file.append(b"two\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "head\none\ntwo\n");
        file.truncate(9).unwrap();
        file.append(b"three\n").unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "head\none\nthree\n"
        );
        file.restart(b"again\n").unwrap();
        file.append(b"1\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "again\n1\n");
    }

    #[test]
    fn a_link_stays_a_link_and_a_device_is_written_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.txt");
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let mut file = AppendFile::create(&link, b"head\n").unwrap();
        file.append(b"line\n").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "head\nline\n");
        let mut null = AppendFile::create(Path::new("/dev/null"), b"head\n").unwrap();
        null.append(b"line\n").unwrap();
        null.truncate(0).unwrap();
        assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
    }

    #[test]
    fn a_folder_that_does_not_exist_is_an_error_naming_the_file() {
        let err = AppendFile::create(Path::new("/nonexistent-horde/r.txt"), b"x").unwrap_err();
        assert!(
            err.to_string().contains("/nonexistent-horde/r.txt"),
            "{err}"
        );
    }
}
