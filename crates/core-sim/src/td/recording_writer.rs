//! Writing a recording ([`crate::td::recording`] reads one): the header of how the game
//! started, every edit that changed the board with the tick at whose start it applied, and a
//! checksum line (`TICK checksum HEX`) every second of game time. The window (`horde run
//! --record F`) and `horde sim --record F` write through it.
//!
//! The header is written whole (to a temporary file, renamed), then every line is appended as
//! it comes, so a crash loses at most the line being written, and what is on disk always
//! replays to where it ends. The window writes on a thread of its own
//! ([`RecordingWriter::start_in_background`]), so the render thread never waits on the disk.
//! An edit made after seeking back cuts the lines after it away (the file is truncated), as
//! the game's history is cut; a restart writes the header again and starts over.

use crate::td::board::EditKind;
use crate::td::recording::RecordingHeader;
use crate::td::script::{checksum_line, edit_line, moment};
use crate::td::settings::SpawnSettings;
use crate::td::simulation::{Outcome, Simulation};
use crate::td::source::LevelSource;
use horde_files::{AppendFile, FileError};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

/// Ticks between two checksum lines: one a second of game time at 60 ticks a second.
pub const CHECKSUM_EVERY: u64 = 60;

/// The edits and checksums of the game being played, kept in a recording file.
#[derive(Debug)]
pub struct RecordingWriter {
    path: PathBuf,
    header: RecordingHeader,
    /// Each line so far: its moment in the game and the file's length once it is written.
    lines: Vec<(u128, u64)>,
    /// The file's length with the header alone.
    header_len: u64,
    /// The tick of the last edit.
    last_edit: u64,
    /// The tick of the last checksum line.
    last_checksum: u64,
    /// Where the bytes go.
    out: Output,
}

/// A change to the file.
#[derive(Debug)]
enum Op {
    /// Write this header as the whole file (temporary file, renamed), then append after it.
    Start(String),
    /// Append this line.
    Append(String),
    /// Cut the file to this length.
    Truncate(u64),
}

impl Op {
    /// Makes the change to `file` (the files layer's [`AppendFile`]).
    fn apply(self, file: &mut AppendFile) -> Result<(), FileError> {
        match self {
            Op::Start(header) => file.restart(header.as_bytes()),
            Op::Append(line) => file.append(line.as_bytes()),
            Op::Truncate(len) => file.truncate(len),
        }
    }
}

/// Where a recording's bytes are written.
#[derive(Debug)]
enum Output {
    /// On the caller's thread.
    Here(AppendFile),
    /// In memory, where there is no file to write (a browser's page): the recording's text.
    Memory(String),
    /// On a thread of its own: the changes go there, its errors come back.
    Thread {
        changes: Option<Sender<Op>>,
        errors: Receiver<FileError>,
        thread: Option<JoinHandle<()>>,
    },
}

impl RecordingWriter {
    /// Starts recording the game `header` describes into `path`, written on this thread (the
    /// header at once, so a path that cannot be written is known before anything is played).
    pub fn start(path: &Path, header: RecordingHeader) -> Result<RecordingWriter, FileError> {
        let (file, header_len) = open(path, &header)?;
        Ok(RecordingWriter::new(
            path,
            header,
            header_len,
            Output::Here(file),
        ))
    }

    /// Starts recording the game `header` describes in memory, as `name` (what its comment
    /// says to replay): [`RecordingWriter::text`] is the recording so far, the same text a file
    /// would hold. Where there is no file system (a browser's page).
    pub fn in_memory(name: &str, header: RecordingHeader) -> RecordingWriter {
        let path = Path::new(name);
        let start = header_text(path, &header);
        let header_len = start.len() as u64;
        RecordingWriter::new(path, header, header_len, Output::Memory(start))
    }

    /// The recording so far, for one made [`RecordingWriter::in_memory`] (`None` for a file's).
    pub fn text(&self) -> Option<&str> {
        match &self.out {
            Output::Memory(text) => Some(text),
            _ => None,
        }
    }

    /// As [`RecordingWriter::start`], but every line after the header is written by a thread
    /// of its own (the window's: its frames never wait on the disk). An error writing is
    /// returned by the next call after it happened.
    pub fn start_in_background(
        path: &Path,
        header: RecordingHeader,
    ) -> Result<RecordingWriter, FileError> {
        let (mut file, header_len) = open(path, &header)?;
        let (changes, received) = channel::<Op>();
        let (failed, errors) = channel();
        let thread = std::thread::Builder::new()
            .name("recording".to_string())
            .spawn(move || {
                // After a failed write the file's length is no longer what the writer counts:
                // nothing more is written (a later cut could pad it), the error said once.
                let mut broken = false;
                for op in received {
                    if broken {
                        continue;
                    }
                    if let Err(e) = op.apply(&mut file) {
                        broken = true;
                        let _ = failed.send(e);
                    }
                }
            })
            .map_err(|e| FileError::io(path, e))?;
        let out = Output::Thread {
            changes: Some(changes),
            errors,
            thread: Some(thread),
        };
        Ok(RecordingWriter::new(path, header, header_len, out))
    }

    /// A writer of `path`, whose header (`header_len` bytes) is on disk, writing through `out`.
    fn new(path: &Path, header: RecordingHeader, header_len: u64, out: Output) -> RecordingWriter {
        RecordingWriter {
            path: path.to_path_buf(),
            header,
            lines: Vec::new(),
            header_len,
            last_edit: 0,
            last_checksum: 0,
            out,
        }
    }

    /// The file it writes.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Adds an edit of `kind` at `(x, y)` that applied at the start of `tick`.
    pub fn edit(&mut self, tick: u64, kind: EditKind, x: i64, y: i64) -> Result<(), FileError> {
        self.last_edit = tick;
        self.append(moment(tick, false), edit_line(tick, kind, x, y))
    }

    /// Adds a comment line (`# TEXT`, one line: line breaks become spaces) among the lines of
    /// `tick`; readers skip it. Co-op names the player of each edit so, on the line before it.
    pub fn comment(&mut self, tick: u64, text: &str) -> Result<(), FileError> {
        let line = format!("# {}\n", text.replace(['\n', '\r'], " "));
        self.append(moment(tick, false), line)
    }

    /// After a tick: a checksum line, once a second of game time ([`CHECKSUM_EVERY`] ticks),
    /// and at the tick the game is decided (so a replay proves how it ended), past the last
    /// one written.
    pub fn after_tick(&mut self, tick: u64, sim: &Simulation) -> Result<(), FileError> {
        let decided = sim.outcome() != Outcome::Running;
        if (!tick.is_multiple_of(CHECKSUM_EVERY) && !decided) || tick <= self.last_checksum {
            return self.failure();
        }
        self.last_checksum = tick;
        self.append(moment(tick, true), checksum_line(tick, sim.checksum()))
    }

    /// Drops the lines after `tick` (the game went back there and took another turn): the
    /// file is cut to what was written up to it.
    pub fn cut(&mut self, tick: u64) {
        let keep = moment(tick, true);
        if self.lines.last().is_some_and(|(m, _)| *m > keep) {
            self.lines.retain(|(m, _)| *m <= keep);
            self.last_edit = self.last_edit.min(tick);
            self.last_checksum = self.last_checksum.min(tick);
            let len = self.lines.last().map_or(self.header_len, |(_, end)| *end);
            // An error cutting comes back from the next line's call.
            let _ = self.send(Op::Truncate(len));
        }
    }

    /// The game started over with `seed`, `settings` and `animation` (on the board the
    /// recording started on): the recording starts over too.
    pub fn restart(
        &mut self,
        seed: u64,
        settings: SpawnSettings,
        animation: bool,
    ) -> Result<(), FileError> {
        self.header.seed = seed;
        self.header.settings = settings;
        self.header.animation = animation;
        self.lines.clear();
        self.last_edit = 0;
        self.last_checksum = 0;
        let start = header_text(&self.path, &self.header);
        self.header_len = start.len() as u64;
        self.send(Op::Start(start))
    }

    /// The lines before the first edit: a comment on how to check and play the recording,
    /// then the recording's header.
    pub fn header_text(&self) -> String {
        header_text(&self.path, &self.header)
    }

    /// Adds a line at `moment`.
    fn append(&mut self, moment: u128, line: String) -> Result<(), FileError> {
        let end = self.lines.last().map_or(self.header_len, |(_, end)| *end);
        self.lines.push((moment, end + line.len() as u64));
        self.send(Op::Append(line))
    }

    /// Hands `op` to the file, here or on the writing thread (then returning an error an
    /// earlier change met, if any).
    fn send(&mut self, op: Op) -> Result<(), FileError> {
        match &mut self.out {
            Output::Here(file) => op.apply(file),
            Output::Memory(text) => {
                match op {
                    Op::Start(header) => *text = header,
                    Op::Append(line) => text.push_str(&line),
                    Op::Truncate(len) => text.truncate(len as usize),
                }
                Ok(())
            }
            Output::Thread { changes, .. } => {
                if let Some(changes) = changes {
                    // The thread ends only when the writer is dropped.
                    let _ = changes.send(op);
                }
                self.failure()
            }
        }
    }

    /// The first error the writing thread met since the last call, if any.
    fn failure(&self) -> Result<(), FileError> {
        match &self.out {
            Output::Thread { errors, .. } => errors.try_recv().map_or(Ok(()), Err),
            Output::Here(_) | Output::Memory(_) => Ok(()),
        }
    }

    /// Waits until everything handed to the writing thread is on disk (dropping the writer
    /// does too), returning the first error it met.
    pub fn finish(mut self) -> Result<(), FileError> {
        self.join();
        self.failure()
    }

    fn join(&mut self) {
        if let Output::Thread {
            changes, thread, ..
        } = &mut self.out
        {
            drop(changes.take());
            if let Some(thread) = thread.take() {
                let _ = thread.join();
            }
        }
    }
}

impl Drop for RecordingWriter {
    fn drop(&mut self) {
        self.join();
    }
}

/// The file `path` starts with for `header`: a comment on how to check and play the
/// recording, then the recording's header.
fn header_text(path: &Path, header: &RecordingHeader) -> String {
    let path = quoted(&path.display().to_string());
    format!(
        "# Recorded by Horde (`--record`): `TICK ACTION X Y` edits and `TICK checksum HEX`\n\
         # lines (the game's checksum after that tick, once a second).\n\
         # Check it: horde replay {path}\n\
         # Or play it (--ticks past the last line's tick): horde sim{} --ticks N --script {path}\n{}",
        sim_flags(header),
        header.text()
    )
}

/// Writes `header`'s text as the whole of `path` (a temporary file, renamed) and opens it to
/// append: the file and the header's length.
fn open(path: &Path, header: &RecordingHeader) -> Result<(AppendFile, u64), FileError> {
    let start = header_text(path, header);
    let file = AppendFile::create(path, start.as_bytes())?;
    Ok((file, start.len() as u64))
}

/// `text` as one word of a shell command: as it is when it has nothing a shell reads
/// (letters, digits, `_./:=+-`), else in single quotes.
fn quoted(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./:=+-".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// The `horde sim` flags that start the game `header` describes.
fn sim_flags(header: &RecordingHeader) -> String {
    let mut flags = String::new();
    if header.source.level != LevelSource::BuiltIn {
        let level = quoted(&header.source.level.to_string());
        flags.push_str(&format!(" --level {level}"));
    }
    if let Some(scenario) = &header.source.scenario {
        let scenario = quoted(&scenario.to_string());
        flags.push_str(&format!(" --scenario {scenario}"));
    } else {
        // Ranges as `A..B`, the settings' one grammar (`FloatRange`'s `Display`).
        let s = &header.settings;
        flags.push_str(&format!(
            " --spawn-speed {} --scale {} --speed {} --path-offset {}",
            s.spawn_speed(),
            s.scale(),
            s.speed(),
            s.path_offset()
        ));
    }
    if header.animation {
        flags.push_str(" --animation");
    }
    flags.push_str(&format!(" --seed {}", header.seed));
    flags
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recording_in_memory_is_the_text_a_file_holds() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.rec");
        let (mut sim, header) = game();
        let mut file = RecordingWriter::start(&path, header.clone()).unwrap();
        let mut memory = RecordingWriter::in_memory(&path.display().to_string(), header);
        for tick in 1..=130 {
            if tick == 5 {
                for writer in [&mut file, &mut memory] {
                    writer.edit(tick, EditKind::Wall, 1, 1).unwrap();
                }
            }
            sim.step(crate::DT);
            for writer in [&mut file, &mut memory] {
                writer.after_tick(tick, &sim).unwrap();
            }
        }
        for writer in [&mut file, &mut memory] {
            writer.cut(100);
        }
        let text = memory.text().unwrap().to_string();
        assert!(file.text().is_none());
        file.finish().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        let read = Recording::parse(&text, &path).unwrap();
        assert_eq!(read.script.checkpoints().len(), 1);
    }
    use crate::td::level::parse_level;
    use crate::td::recording::{Recording, board_checksum};
    use crate::td::source::GameSource;

    fn game() -> (Simulation, RecordingHeader) {
        let board = parse_level("S....\n.....\n....D\n", Path::new("l")).unwrap();
        let header = RecordingHeader {
            source: GameSource::built_in(),
            board: board_checksum(&board),
            settings: SpawnSettings::default(),
            animation: false,
            seed: 5,
            level_line: 0,
            level_text: None,
            scenario_text: None,
            maths: crate::maths::Maths::Portable,
        };
        (Simulation::new(board, SpawnSettings::default(), 5), header)
    }

    /// Plays 200 ticks with an edit at tick 70, seeks back to 100 and edits again at 101.
    fn play(writer: &mut RecordingWriter, sim: &mut Simulation) {
        for tick in 1..=200 {
            if tick == 70 {
                writer.edit(tick, EditKind::Wall, 2, 1).unwrap();
            }
            sim.step(crate::step::DT);
            writer.after_tick(tick, sim).unwrap();
        }
        writer.cut(100);
        writer.edit(101, EditKind::Wall, 3, 1).unwrap();
    }

    #[test]
    fn lines_are_appended_and_a_cut_truncates_the_file() {
        let dir = tempfile::tempdir().unwrap();
        for background in [false, true] {
            let path = dir.path().join(format!("r-{background}.txt"));
            let (mut sim, header) = game();
            let mut writer = if background {
                RecordingWriter::start_in_background(&path, header).unwrap()
            } else {
                RecordingWriter::start(&path, header).unwrap()
            };
            play(&mut writer, &mut sim);
            let expected = writer.header_text();
            writer.finish().unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.starts_with(&expected), "{text}");
            let body: Vec<&str> = text[expected.len()..].lines().collect();
            assert_eq!(
                body,
                [
                    "60 checksum ".to_string() + &body[0][12..],
                    "70 wall 2 1".to_string(),
                    "101 wall 3 1".to_string()
                ],
                "{text}"
            );
            let read = Recording::parse(&text, &path).unwrap();
            assert_eq!(read.script.edits().len(), 2);
        }
    }

    #[test]
    fn a_restart_writes_the_header_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.txt");
        let (mut sim, header) = game();
        let mut writer = RecordingWriter::start_in_background(&path, header).unwrap();
        play(&mut writer, &mut sim);
        writer.restart(9, SpawnSettings::default(), true).unwrap();
        writer.edit(3, EditKind::Wall, 1, 1).unwrap();
        writer.finish().unwrap();
        let read = Recording::load(&path).unwrap();
        assert_eq!(read.header.seed, 9);
        assert!(read.header.animation);
        assert_eq!(read.script.edits().len(), 1);
        assert!(read.script.checkpoints().is_empty());
    }
}
