//! Games as files in the window: saving and loading the whole game (`*.horde`, Ctrl+S / Ctrl+O
//! to the inspector's path, F5 / F9 to the quick-save), and recording the player's edits for
//! `horde run --record F`.
//!
//! A recording is an edit script (`TICK ACTION X Y`, the format `horde sim --script` reads):
//! every edit that changed the board, with the tick at whose start it applied, after a comment
//! header that gives the command replaying it. `horde sim` with that command's level, seed,
//! spawn flags and scenario then plays the same game. The file is rewritten (atomically) after
//! every edit, so a crash loses nothing. A restart starts the recording over; loading another
//! level or a save ends it, since no script of edits leads there. Changes made with the
//! inspector's sliders are not edits and are not recorded.

use horde_core_sim::td::script::edit_line;
use horde_core_sim::{EditKind, SpawnSettings};
use horde_files::{FileError, write_file};
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

/// How the recorded game was started, for the replay command in its header.
#[derive(Clone, Debug)]
pub struct GameStart {
    /// The level file, or `None` for the built-in board.
    pub level: Option<PathBuf>,
    /// The scenario file, if one is played.
    pub scenario: Option<PathBuf>,
    /// The seed.
    pub seed: u64,
    /// The spawn settings.
    pub settings: SpawnSettings,
    /// Whether animation was asked for (`--animation`).
    pub animation: bool,
}

impl GameStart {
    /// The `horde sim` flags that start this game.
    fn sim_flags(&self) -> String {
        let mut flags = String::new();
        if let Some(level) = &self.level {
            flags.push_str(&format!(" --level {}", level.display()));
        }
        if let Some(scenario) = &self.scenario {
            flags.push_str(&format!(" --scenario {}", scenario.display()));
        } else {
            let s = &self.settings;
            let range = |r: horde_core_sim::FloatRange| format!("{}..{}", r.min(), r.max());
            flags.push_str(&format!(
                " --spawn-speed {} --scale {} --speed {} --path-offset {}",
                s.spawn_speed(),
                range(s.scale()),
                range(s.speed()),
                range(s.path_offset())
            ));
        }
        if self.animation {
            flags.push_str(" --animation");
        }
        flags.push_str(&format!(" --seed {}", self.seed));
        flags
    }
}

/// The edits of the game being played, kept in a script file.
#[derive(Debug)]
pub struct Recording {
    path: PathBuf,
    start: GameStart,
    /// The script lines so far.
    lines: String,
    /// The tick of the last edit.
    last_tick: u64,
}

impl Recording {
    /// Starts recording into `path` (written at once, so a path that cannot be written is
    /// known before anything is played).
    pub fn start(path: &Path, start: GameStart) -> Result<Recording, FileError> {
        let recording = Recording {
            path: path.to_path_buf(),
            start,
            lines: String::new(),
            last_tick: 0,
        };
        recording.write()?;
        Ok(recording)
    }

    /// The file it writes.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Adds an edit of `kind` at `(x, y)` that applied at the start of `tick`, and rewrites
    /// the file.
    pub fn edit(&mut self, tick: u64, kind: EditKind, x: i64, y: i64) -> Result<(), FileError> {
        self.lines.push_str(&edit_line(tick, kind, x, y));
        self.last_tick = tick;
        self.write()
    }

    /// The game started over with `seed`: the recording starts over too.
    pub fn restart(&mut self, seed: u64) -> Result<(), FileError> {
        self.start.seed = seed;
        self.lines.clear();
        self.last_tick = 0;
        self.write()
    }

    /// The whole file: the header, then the edits.
    pub fn text(&self) -> String {
        format!(
            "# Edits recorded by `horde run --record`, one `TICK ACTION X Y` a line.\n\
             # Replay (choose --ticks, at least {}): horde sim{} --ticks N --script {}\n{}",
            self.last_tick,
            self.start.sim_flags(),
            self.path.display(),
            self.lines
        )
    }

    fn write(&self) -> Result<(), FileError> {
        write_file(&self.path, self.text().as_bytes()).map_err(|e| FileError::io(&self.path, e))
    }
}
