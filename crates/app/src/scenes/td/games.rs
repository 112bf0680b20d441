//! Games as files in the window: saving and loading the whole game (`*.horde`, Ctrl+S / Ctrl+O
//! to the inspector's path, F5 / F9 to the quick-save), and recording the player's edits for
//! `horde run --record F`.
//!
//! A recording is an edit script (`TICK ACTION X Y`, the format `horde sim --script` reads):
//! every edit that changed the board, with the tick at whose start it applied, and a checksum
//! line (`TICK checksum HEX`) every second of game time, after a header
//! ([`horde_core_sim::td::recording`]) naming the level, its board's checksum, the scenario or
//! spawner settings and the seed. `horde replay F` plays it from the file alone and checks
//! every checksum; `horde sim` with the header's flags plays the same game. The file is
//! rewritten (atomically) after every edit and checksum line, so a crash loses nothing. An
//! edit made after seeking back cuts the lines after it away, as the game's history is cut. A restart starts the recording over; loading another
//! level or a save ends it, since no script of edits leads there. Changes made with the
//! inspector's sliders are not edits and are not recorded.

use horde_core_sim::td::recording::RecordingHeader;
use horde_core_sim::td::script::{checksum_line, edit_line, moment};
use horde_core_sim::{EditKind, Simulation, SpawnSettings};
use horde_files::{FileError, write_file};
use std::path::{Path, PathBuf};

/// Ticks between two checksum lines of a recording: a second of game time.
pub const CHECKSUM_EVERY: u64 = 60;

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

/// How the recorded game was started, for the recording's header.
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
    /// The checksum of the board as the game opened ([`board_checksum`]).
    pub board: u64,
}

impl GameStart {
    /// The recording's header for this start.
    fn header(&self) -> RecordingHeader {
        RecordingHeader {
            level: self.level.clone(),
            board: self.board,
            scenario: self.scenario.clone(),
            settings: self.settings,
            animation: self.animation,
            seed: self.seed,
            level_line: 0,
        }
    }

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

/// The edits and checksums of the game being played, kept in a recording file.
#[derive(Debug)]
pub struct Recording {
    path: PathBuf,
    start: GameStart,
    /// The lines so far, each with its moment in the game.
    lines: Vec<(u128, String)>,
    /// The tick of the last edit.
    last_edit: u64,
    /// The tick of the last checksum line.
    last_checksum: u64,
}

impl Recording {
    /// Starts recording into `path` (written at once, so a path that cannot be written is
    /// known before anything is played).
    pub fn start(path: &Path, start: GameStart) -> Result<Recording, FileError> {
        let recording = Recording {
            path: path.to_path_buf(),
            start,
            lines: Vec::new(),
            last_edit: 0,
            last_checksum: 0,
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
        self.lines
            .push((moment(tick, false), edit_line(tick, kind, x, y)));
        self.last_edit = tick;
        self.write()
    }

    /// After a tick: a checksum line, once a second of game time ([`CHECKSUM_EVERY`] ticks),
    /// past the last one written. Rewrites the file when it adds one.
    pub fn after_tick(&mut self, tick: u64, sim: &Simulation) -> Result<(), FileError> {
        if tick % CHECKSUM_EVERY != 0 || tick <= self.last_checksum {
            return Ok(());
        }
        self.lines
            .push((moment(tick, true), checksum_line(tick, sim.checksum())));
        self.last_checksum = tick;
        self.write()
    }

    /// Drops the lines after `tick` (the game went back there and took another turn); the
    /// file is rewritten with the next line.
    pub fn cut(&mut self, tick: u64) {
        let keep = moment(tick, true);
        if self.lines.last().is_some_and(|(m, _)| *m > keep) {
            self.lines.retain(|(m, _)| *m <= keep);
            self.last_edit = self.last_edit.min(tick);
            self.last_checksum = self.last_checksum.min(tick);
        }
    }

    /// The game started over with `seed`: the recording starts over too.
    pub fn restart(&mut self, seed: u64) -> Result<(), FileError> {
        self.start.seed = seed;
        self.lines.clear();
        self.last_edit = 0;
        self.last_checksum = 0;
        self.write()
    }

    /// The whole file: the comment header, the recording's header, then the lines.
    pub fn text(&self) -> String {
        let mut text = format!(
            "# Recorded by `horde run --record`: `TICK ACTION X Y` edits and `TICK checksum HEX`\n\
             # lines (the game's checksum after that tick, once a second).\n\
             # Check it: horde replay {}\n\
             # Or play it (choose --ticks, at least {}): horde sim{} --ticks N --script {}\n{}",
            self.path.display(),
            self.last_edit.max(self.last_checksum),
            self.start.sim_flags(),
            self.path.display(),
            self.start.header().text()
        );
        for (_, line) in &self.lines {
            text.push_str(line);
        }
        text
    }

    fn write(&self) -> Result<(), FileError> {
        write_file(&self.path, self.text().as_bytes()).map_err(|e| FileError::io(&self.path, e))
    }
}
