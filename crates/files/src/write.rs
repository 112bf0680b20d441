//! Writing a file the one way every writer of Horde does (traces, maps, points, roads,
//! screenshots, levels, saves, recordings): readers see either the old contents or the new,
//! never a mix, and nothing the user set up is broken on the way.
//!
//! Where an [`OutputFile`] writes depends on what the path names:
//! - `-`: standard output.
//! - a regular file, or nothing yet: a temporary file in the same folder (so the final rename
//!   stays on one file system), flushed to disk and renamed over the target by
//!   [`OutputFile::commit`]. A file that existed keeps its permissions. Dropping the output
//!   without committing removes the temporary file and leaves the target as it was.
//! - a symbolic link: the same, for the file the link points to (through any chain of links;
//!   a dangling link's target is created). The link stays a link.
//! - a character or block device, a FIFO or a socket: written in place. Renaming over a
//!   device node would replace it with a plain file.
//! - a folder: refused.
//!
//! [`write_file`] does all of that for bytes already in memory.

use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Stdout, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// The most symbolic links followed from one path (as Linux's `ELOOP` limit).
const MAX_LINKS: usize = 40;

/// The path that means standard output.
pub const STDOUT: &str = "-";

/// Whether `path` is `-`, standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == STDOUT
}

/// A write in progress: write the new contents into it, then [`OutputFile::commit`].
#[derive(Debug)]
pub struct OutputFile {
    /// The path as given.
    path: PathBuf,
    /// Where the bytes go.
    sink: Sink,
}

/// The three ways an [`OutputFile`] writes.
#[derive(Debug)]
enum Sink {
    /// A temporary file renamed over `target` at commit.
    Replace {
        target: PathBuf,
        writer: BufWriter<NamedTempFile>,
    },
    /// A device, FIFO or socket (`target`), written as it is opened.
    InPlace {
        target: PathBuf,
        writer: BufWriter<File>,
    },
    /// Standard output.
    Stdout(BufWriter<Stdout>),
}

impl OutputFile {
    /// Starts a write to `path` (see the module docs for where it goes). A regular target is
    /// not touched until [`OutputFile::commit`]; a device or FIFO is opened now (a FIFO waits
    /// for its reader).
    ///
    /// Errors: `InvalidInput` when `path` has no file name (it is empty or ends in `..`) or
    /// names a folder, a loop of symbolic links, and whatever creating or opening the file
    /// reports (such as `NotFound` for a missing folder).
    pub fn create(path: &Path) -> io::Result<OutputFile> {
        OutputFile::create_as(path, false)
    }

    /// [`OutputFile::create`] for a file only its owner may read (mode 0600 from the moment
    /// the temporary file exists, whatever the target's mode was): tokens, secrets.
    pub fn create_private(path: &Path) -> io::Result<OutputFile> {
        OutputFile::create_as(path, true)
    }

    /// [`OutputFile::create`], the new file owner-only where `private`.
    fn create_as(path: &Path, private: bool) -> io::Result<OutputFile> {
        let sink = if is_stdout(path) {
            Sink::Stdout(BufWriter::new(io::stdout()))
        } else {
            let target = resolve_links(path)?;
            match std::fs::metadata(&target) {
                Ok(meta) if meta.is_dir() => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        format!("{} is a folder", target.display()),
                    ));
                }
                Ok(meta) if !meta.is_file() => {
                    let file = OpenOptions::new().write(true).open(&target)?;
                    Sink::InPlace {
                        target,
                        writer: BufWriter::new(file),
                    }
                }
                existing => {
                    let mode = match (private, existing) {
                        (true, _) => Mode::OwnerOnly,
                        (false, Ok(meta)) => Mode::Kept(meta.permissions()),
                        (false, Err(_)) => Mode::Plain,
                    };
                    let writer = BufWriter::new(temporary_beside(&target, mode)?);
                    Sink::Replace { target, writer }
                }
            }
        };
        Ok(OutputFile {
            path: path.to_path_buf(),
            sink,
        })
    }

    /// The path this write was asked for (`-` for standard output).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file that will hold the contents: the end of the path's chain of links, or `None`
    /// for standard output.
    pub fn target(&self) -> Option<&Path> {
        match &self.sink {
            Sink::Replace { target, .. } | Sink::InPlace { target, .. } => Some(target),
            Sink::Stdout(_) => None,
        }
    }

    /// Finishes the write: for a regular target, flushes what was written, syncs the
    /// temporary file to disk and renames it over the target (on error the target is as it
    /// was and the temporary file is removed); for a device or standard output, flushes.
    pub fn commit(self) -> io::Result<()> {
        match self.sink {
            Sink::Replace { target, writer } => {
                let file = writer
                    .into_inner()
                    .map_err(io::IntoInnerError::into_error)?;
                file.as_file().sync_all()?;
                file.persist(&target).map_err(|failed| failed.error)?;
                Ok(())
            }
            Sink::InPlace { mut writer, .. } => writer.flush(),
            Sink::Stdout(mut writer) => writer.flush(),
        }
    }

    fn writer(&mut self) -> &mut dyn Write {
        match &mut self.sink {
            Sink::Replace { writer, .. } => writer,
            Sink::InPlace { writer, .. } => writer,
            Sink::Stdout(writer) => writer,
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer().write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer().write_all(buf)
    }

    /// Flushes the buffer into the temporary file (or the device, or standard output); only
    /// [`OutputFile::commit`] touches a regular target.
    fn flush(&mut self) -> io::Result<()> {
        self.writer().flush()
    }
}

/// Writes `bytes` to `path` with an [`OutputFile`]: on success `path` (or the file its links
/// point to) holds exactly `bytes`; on error a regular file is as it was and no temporary file
/// is left behind.
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OutputFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// [`write_file`] for a file only its owner may read ([`OutputFile::create_private`]).
pub fn write_private_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OutputFile::create_private(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// The permissions a new file gets.
enum Mode {
    /// Those of the file it replaces.
    Kept(std::fs::Permissions),
    /// Those a plainly created file gets (others may read it as the umask allows).
    Plain,
    /// Read and write for the owner alone: a temporary file's own.
    OwnerOnly,
}

/// The end of `path`'s chain of symbolic links (a path that is no link is its own end; so is
/// a link's target that does not exist yet).
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let pointee = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(folder) if pointee.is_relative() => folder.join(pointee),
                    _ => pointee,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "{}: more than {MAX_LINKS} symbolic links in a row",
            path.display()
        ),
    ))
}

/// A temporary file beside `target`, named `.<name>.<random>.tmp`, with the permissions
/// `mode` says.
fn temporary_beside(target: &Path, mode: Mode) -> io::Result<NamedTempFile> {
    let name = target.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} has no file name", target.display()),
        )
    })?;
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut prefix = OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    match mode {
        Mode::Kept(permissions) => {
            builder.permissions(permissions);
        }
        Mode::OwnerOnly => {}
        Mode::Plain => {
            // Like a plainly created file: readable by others as the umask allows, rather
            // than the owner-only mode temporary files get by default.
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                builder.permissions(std::fs::Permissions::from_mode(0o666));
            }
        }
    }
    builder.tempfile_in(folder)
}
