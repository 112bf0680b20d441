//! Games as files in the window: where saving and loading the whole game (`*.horde`, Ctrl+S /
//! Ctrl+O to the inspector's path, F5 / F9 to the quick-save) puts its files. Recording the
//! player's edits for `horde run --record F` is core-sim's `RecordingWriter`:
//!
//! it writes the header, every edit that changed the board and a checksum line a second.
//! Loading another level or a save ends a recording, since no script of edits leads there;
//! changes made with the inspector's sliders are not edits and are not recorded.

use horde_files::FileError;
use std::path::{Path, PathBuf};

/// The file F5 saves to and F9 loads: `HORDE_QUICKSAVE` if set, else `quick.horde` in the
/// platform's data folder for Horde (`~/.local/share/horde` on Linux), else in the current
/// folder.
pub fn quick_save_path() -> PathBuf {
    if let Some(path) = std::env::var_os("HORDE_QUICKSAVE") {
        return PathBuf::from(path);
    }
    match dirs::data_dir() {
        Some(data) => data.join("horde").join("quick.horde"),
        None => PathBuf::from("quick.horde"),
    }
}

/// Makes the folder `path` is in, if it has one that does not exist yet (the quick-save's).
pub fn make_folder_for(path: &Path) -> Result<(), FileError> {
    match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() && !folder.exists() => {
            std::fs::create_dir_all(folder).map_err(|error| FileError::io(folder, error))
        }
        _ => Ok(()),
    }
}
