//! The error of a RON settings file (runner settings, platformer sections): where in the file
//! it is wrong, or why it could not be read.

use std::path::PathBuf;

/// A settings file that could not be used.
#[derive(Debug, thiserror::Error)]
pub enum SettingsFileError {
    /// Bad syntax, structure or value.
    #[error("{}:{line}:{column}: {message}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The file could not be read.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        error: std::io::Error,
    },
}
