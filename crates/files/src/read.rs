//! Reading a user's file with a cap: a file given by mistake (a huge log, `/dev/zero`) is
//! refused once the cap is passed, naming the file and the cap, instead of filling memory.

use crate::error::FileError;
use crate::position::line_column;
use std::io::Read;
use std::path::Path;

/// The cap for text formats (levels, scripts, settings, module sets): 64 MiB, far more than
/// any of them needs.
pub const TEXT_CAP: u64 = 64 << 20;

/// Reads at most `cap` bytes of `path`; a file with more is refused
/// ([`FileError::TooLarge`]) after reading one byte past the cap, whatever its size (endless
/// devices included).
pub fn read_bytes(path: &Path, cap: u64) -> Result<Vec<u8>, FileError> {
    let io = |error| FileError::io(path, error);
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > cap {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            cap,
        });
    }
    Ok(bytes)
}

/// Reads `path` as UTF-8 text of at most `cap` bytes. Bytes that are not UTF-8 are an
/// [`FileError::Invalid`] error at the line and column where they start.
pub fn read_text(path: &Path, cap: u64) -> Result<String, FileError> {
    let bytes = read_bytes(path, cap)?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        // Everything before the bad byte is valid text.
        let before = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
        let (line, column) = line_column(before, before.len());
        FileError::Invalid {
            path: path.to_path_buf(),
            line,
            column,
            message: "not UTF-8 text".to_string(),
        }
    })
}
