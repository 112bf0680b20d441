//! Writing a recording ([`crate::td::recording`] reads one): the header of how the game
//! started, every edit that changed the board with the tick at whose start it applied, and a
//! checksum line (`TICK checksum HEX`) every second of game time. The window (`horde run
//! --record F`) and `horde sim --record F` write through it. The file is rewritten
//! (atomically) after every edit and checksum line, so a crash loses nothing. An edit made
//! after seeking back cuts the lines after it away, as the game's history is cut; a restart
//! starts the recording over.

use crate::td::board::EditKind;
use crate::td::recording::RecordingHeader;
use crate::td::script::{checksum_line, edit_line, moment};
use crate::td::settings::FloatRange;
use crate::td::simulation::Simulation;
use horde_files::{FileError, write_file};
use std::path::{Path, PathBuf};

/// Ticks between two checksum lines: one a second of game time at 60 ticks a second.
pub const CHECKSUM_EVERY: u64 = 60;

/// The edits and checksums of the game being played, kept in a recording file.
#[derive(Debug)]
pub struct RecordingWriter {
    path: PathBuf,
    header: RecordingHeader,
    /// The lines so far, each with its moment in the game.
    lines: Vec<(u128, String)>,
    /// The tick of the last edit.
    last_edit: u64,
    /// The tick of the last checksum line.
    last_checksum: u64,
}

impl RecordingWriter {
    /// Starts recording the game `header` describes into `path` (written at once, so a path
    /// that cannot be written is known before anything is played).
    pub fn start(path: &Path, header: RecordingHeader) -> Result<RecordingWriter, FileError> {
        let recording = RecordingWriter {
            path: path.to_path_buf(),
            header,
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
    /// and at the tick the game is decided (so a replay proves how it ended), past the last
    /// one written. Rewrites the file when it adds one.
    pub fn after_tick(&mut self, tick: u64, sim: &Simulation) -> Result<(), FileError> {
        let decided = sim.outcome() != crate::td::simulation::Outcome::Running;
        if (tick % CHECKSUM_EVERY != 0 && !decided) || tick <= self.last_checksum {
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
        self.header.seed = seed;
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
            sim_flags(&self.header),
            self.path.display(),
            self.header.text()
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

/// The `horde sim` flags that start the game `header` describes.
fn sim_flags(header: &RecordingHeader) -> String {
    let mut flags = String::new();
    if let Some(level) = &header.level {
        flags.push_str(&format!(" --level {}", level.display()));
    }
    if let Some(scenario) = &header.scenario {
        flags.push_str(&format!(" --scenario {}", scenario.display()));
    } else {
        let s = &header.settings;
        let range = |r: FloatRange| format!("{}..{}", r.min(), r.max());
        flags.push_str(&format!(
            " --spawn-speed {} --scale {} --speed {} --path-offset {}",
            s.spawn_speed(),
            range(s.scale()),
            range(s.speed()),
            range(s.path_offset())
        ));
    }
    if header.animation {
        flags.push_str(" --animation");
    }
    flags.push_str(&format!(" --seed {}", header.seed));
    flags
}
