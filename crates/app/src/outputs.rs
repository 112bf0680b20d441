//! Where a command's outputs go: every file through [`horde_files::write_file`] (so `-` is
//! standard output), and the human-readable closing line, which moves to standard error when
//! standard output carries one of the files, so that what a pipe reads stays one format.

use anyhow::{Context, Result};
use horde_files::{is_stdout, write_file};
use std::path::{Path, PathBuf};

/// Writes `json` and a newline to `path` for the flag `flag` (such as `--out`), naming both in
/// an error.
pub fn write_json(path: &Path, flag: &str, json: &str) -> Result<()> {
    let mut text = String::with_capacity(json.len() + 1);
    text.push_str(json);
    text.push('\n');
    write_file(path, text.as_bytes())
        .with_context(|| format!("{flag}: cannot write {}", path.display()))
}

/// Prints the human-readable `line` on standard output, or on standard error when one of
/// `outputs` is `-`.
pub fn tell(line: &str, outputs: &[Option<&PathBuf>]) {
    if outputs.iter().flatten().any(|path| is_stdout(path)) {
        eprintln!("{line}");
    } else {
        println!("{line}");
    }
}
