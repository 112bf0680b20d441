//! The one error of a file a user handed us: it could not be read or written, it is larger
//! than its format allows, or something in it is wrong at a known line and column.

use std::path::PathBuf;

/// A file that could not be used. Every case names the file; [`FileError::Invalid`] also
/// names the line and column.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The operating system refused to read or write the file.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error (named `error`, not `source`, so that it is printed
        /// once, in this message, and not again as a cause).
        error: std::io::Error,
    },
    /// The file is larger than its format accepts; nothing beyond the cap was read.
    #[error("{}: larger than {cap} bytes ({}), the most this kind of file may hold", path.display(), human_size(*cap))]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The cap, in bytes.
        cap: u64,
    },
    /// Bad syntax, structure or value at a place in the text.
    #[error("{}:{line}:{column}: {message}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A binary file (a save) that is not what it claims, is cut short, or whose checksum does
    /// not match its contents.
    #[error("{}: {problem}", path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong, such as `truncated: 12 bytes of 4096`.
        problem: String,
    },
    /// A binary file of another version of its format.
    #[error("{}: a {name} of format version {found}, from {} Horde; this one reads version {supported}",
            path.display(), if found > supported { "a newer" } else { "an older" })]
    Version {
        /// The file.
        path: PathBuf,
        /// What kind of file, such as `Horde save`.
        name: &'static str,
        /// The version the file says it has.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
}

impl FileError {
    /// The operating system's `error` about `path`, as a [`FileError::Io`].
    pub fn io(path: &std::path::Path, error: std::io::Error) -> FileError {
        FileError::Io {
            path: path.to_path_buf(),
            error,
        }
    }

    /// The file the error is about.
    pub fn path(&self) -> &std::path::Path {
        match self {
            FileError::Io { path, .. }
            | FileError::TooLarge { path, .. }
            | FileError::Invalid { path, .. }
            | FileError::Damaged { path, .. }
            | FileError::Version { path, .. } => path,
        }
    }

    /// The line and column of an [`FileError::Invalid`] error.
    pub fn location(&self) -> Option<(usize, usize)> {
        match self {
            FileError::Invalid { line, column, .. } => Some((*line, *column)),
            _ => None,
        }
    }
}

/// `bytes` in the largest binary unit that keeps it whole, such as `64 MiB`.
fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["bytes", "KiB", "MiB", "GiB"];
    let mut size = bytes;
    let mut unit = 0;
    while unit + 1 < UNITS.len() && size >= 1024 && size.is_multiple_of(1024) {
        size /= 1024;
        unit += 1;
    }
    format!("{size} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_named_in_whole_units() {
        assert_eq!(human_size(64 << 20), "64 MiB");
        assert_eq!(human_size(1536), "1536 bytes");
        assert_eq!(human_size(2048), "2 KiB");
        assert_eq!(human_size(0), "0 bytes");
    }

    #[test]
    fn every_error_names_its_file() {
        let io = FileError::Io {
            path: "a/b.ron".into(),
            error: std::io::Error::from(std::io::ErrorKind::NotFound),
        };
        assert!(io.to_string().starts_with("a/b.ron: "), "{io}");
        let big = FileError::TooLarge {
            path: "big.txt".into(),
            cap: 64 << 20,
        };
        assert_eq!(
            big.to_string(),
            "big.txt: larger than 67108864 bytes (64 MiB), the most this kind of file may hold"
        );
        let bad = FileError::Invalid {
            path: "x.ron".into(),
            line: 3,
            column: 5,
            message: "no".into(),
        };
        assert_eq!(bad.to_string(), "x.ron:3:5: no");
        assert_eq!(bad.location(), Some((3, 5)));
        assert_eq!(bad.path(), std::path::Path::new("x.ron"));
    }
}
