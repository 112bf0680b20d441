//! Saving a file atomically: readers see either the old contents or the new, never a mix, and
//! a failed or abandoned save leaves the old file as it was.
//!
//! An [`AtomicFile`] writes into a temporary file in the target's folder (so the final rename
//! stays on one file system), and [`AtomicFile::commit`] flushes it to disk and renames it over
//! the target. Dropping it without committing removes the temporary file and leaves the target
//! untouched. [`write_atomically`] does all of that for bytes already in memory.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// A save in progress: write the new contents into it, then [`AtomicFile::commit`].
#[derive(Debug)]
pub struct AtomicFile {
    /// The file the contents are meant for.
    target: PathBuf,
    /// The temporary file beside it, buffered.
    writer: BufWriter<NamedTempFile>,
}

impl AtomicFile {
    /// Starts a save to `path` by creating a temporary file in its folder (the current folder
    /// when `path` names none). The target itself is not touched until
    /// [`AtomicFile::commit`].
    ///
    /// Errors: `InvalidInput` when `path` has no file name (it is empty or ends in `..`), and
    /// whatever creating the temporary file reports (such as `NotFound` for a missing folder).
    pub fn create(path: &Path) -> io::Result<AtomicFile> {
        let name = path.file_name().ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} has no file name", path.display()),
            )
        })?;
        let folder = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        // A hidden name that says what it is for: `.<name>.<random>.tmp`.
        let mut prefix = OsString::from(".");
        prefix.push(name);
        prefix.push(".");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        // Like a plainly created file: readable by others as the umask allows, rather than the
        // owner-only mode temporary files get by default.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let file = builder.tempfile_in(folder)?;
        Ok(AtomicFile {
            target: path.to_path_buf(),
            writer: BufWriter::new(file),
        })
    }

    /// The file this save will replace.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Finishes the save: flushes what was written, syncs the temporary file to disk and
    /// renames it over the target. On error the target is as it was and the temporary file is
    /// removed.
    pub fn commit(self) -> io::Result<()> {
        let file = self
            .writer
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        file.as_file().sync_all()?;
        file.persist(&self.target).map_err(|failed| failed.error)?;
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer.write_all(buf)
    }

    /// Flushes the buffer into the temporary file; only [`AtomicFile::commit`] touches the
    /// target.
    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// Writes `bytes` to `path` atomically with an [`AtomicFile`]: on success `path` holds exactly
/// `bytes`; on error it is as it was and no temporary file is left behind.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}
