//! Live files: the files a scene loaded, watched while it runs, and applied again when they
//! change.
//!
//! A scene names each file it loaded in a typed [`Slot`] of its [`LiveFiles`] (the TD level
//! and scenario, the city's module set, the runner's settings and scenery, the platformer's
//! sections): the slot's number and the parser of its format, the same code that loaded the
//! file. Every frame the scene hands each slot its `apply` ([`LiveFiles::apply`]); a file's
//! new text, once its folder's events ([`watch`], `watch.rs`) have been quiet for
//! [`watch::DEBOUNCE`] and the text differs from the last one tried, is parsed and applied,
//! and how that went is counted: an applied edit is a reload; a refused one (it did not parse,
//! or `apply` refused it) is a reload error, logged and kept for the overlay
//! ([`LiveFiles::show`]) until a good edit of that file replaces it. A refused edit changes
//! nothing: the scene keeps the content it had. `--no-watch` ([`LiveFiles::off`]) watches
//! nothing.

pub mod watch;

use horde_files::{TEXT_CAP, read_text};
use serde::Serialize;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::time::Instant;
use watch::FileWatcher;

/// How many edits were applied and refused, for a scene's `--json` summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ReloadCounts {
    /// Edits of a watched file that were applied.
    pub reloads: u64,
    /// Edits that were refused (the error was shown; the old content stayed).
    pub reload_errors: u64,
}

/// A slot of a scene's live files, typed by the format its file holds.
pub struct Slot<T> {
    index: usize,
    parse: fn(&str, &Path) -> anyhow::Result<T>,
}

impl<T> Slot<T> {
    /// Slot `index` (below [`watch::MAX_FILES`], one a file per scene), whose text `parse`
    /// reads (naming the file, line and column in its errors).
    pub const fn new(index: usize, parse: fn(&str, &Path) -> anyhow::Result<T>) -> Slot<T> {
        Slot { index, parse }
    }
}

/// A file that changed: its slot, its path and its new text.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Changed {
    /// The slot the scene watches it in.
    pub slot: usize,
    /// Its path, as the scene named it.
    pub path: PathBuf,
    /// What it holds now.
    pub text: String,
}

/// One watched file.
#[derive(Clone, Debug)]
struct Watched {
    path: PathBuf,
    /// A hash of the last text tried (applied or refused); `None` when it could not be read.
    fingerprint: Option<u64>,
    /// Why its last edit was refused, until a good one.
    error: Option<String>,
}

/// The files a scene watches, and how their edits went.
#[derive(Default)]
pub struct LiveFiles {
    /// `None` while nothing is watched, with `--no-watch`, or when watching could not start.
    watcher: Option<FileWatcher>,
    enabled: bool,
    files: Vec<Option<Watched>>,
    /// Slots reported changed and not yet handed out.
    pending: u64,
    counts: ReloadCounts,
}

fn fingerprint(text: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

impl LiveFiles {
    /// Files that will be watched as the scene names them.
    pub fn watching() -> LiveFiles {
        LiveFiles {
            enabled: true,
            ..LiveFiles::default()
        }
    }

    /// Nothing is watched (`--no-watch`, and the headless commands).
    pub fn off() -> LiveFiles {
        LiveFiles::default()
    }

    /// [`LiveFiles::watching`] or, with `enabled` false, [`LiveFiles::off`].
    pub fn new(enabled: bool) -> LiveFiles {
        if enabled {
            LiveFiles::watching()
        } else {
            LiveFiles::off()
        }
    }

    /// Whether files are watched at all.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Watches `path` in `slot` in place of what the slot held; `None` stops watching the
    /// slot. Its text as it is now is the one edits are compared
    /// with. A file that cannot be watched is logged, not an error: the scene runs on without.
    pub fn watch<T>(&mut self, slot: &Slot<T>, path: Option<&Path>) {
        let slot = slot.index;
        if self.files.len() <= slot {
            self.files.resize(slot + 1, None);
        }
        self.pending &= !(1 << slot);
        let Some(path) = path.filter(|_| self.enabled) else {
            self.files[slot] = None;
            if let Some(watcher) = &mut self.watcher {
                watcher.forget(slot);
            }
            return;
        };
        if self.watcher.is_none() {
            match FileWatcher::new() {
                Ok(watcher) => self.watcher = Some(watcher),
                Err(e) => {
                    log::warn!("live files: cannot watch files here ({e}); edits apply on restart");
                    self.enabled = false;
                    return;
                }
            }
        }
        let Some(watcher) = &mut self.watcher else {
            return;
        };
        if let Err(e) = watcher.watch(slot, path) {
            log::warn!("live files: cannot watch {} ({e})", path.display());
            self.files[slot] = None;
            return;
        }
        let fingerprint = read_text(path, TEXT_CAP).ok().map(|t| fingerprint(&t));
        self.files[slot] = Some(Watched {
            path: path.to_path_buf(),
            fingerprint,
            error: None,
        });
    }

    /// The path watched in `slot`, if any.
    pub fn path<T>(&self, slot: &Slot<T>) -> Option<&Path> {
        self.files
            .get(slot.index)?
            .as_ref()
            .map(|w| w.path.as_path())
    }

    /// Applies every edit of `slot`'s file since the last frame: its text parsed by the
    /// slot's format, then handed to `apply` with the file's path. An edit that does not
    /// parse, or that `apply` refuses, is a reload error and changes nothing (so `apply` must
    /// change nothing when it refuses); one applied is a reload. Allocates only when the file
    /// changed.
    pub fn apply<T>(
        &mut self,
        slot: &Slot<T>,
        mut apply: impl FnMut(T, &Path) -> anyhow::Result<()>,
    ) {
        while let Some(Changed {
            slot: index,
            path,
            text,
        }) = self.next_change(slot.index)
        {
            match (slot.parse)(&text, &path).and_then(|value| apply(value, &path)) {
                Ok(()) => self.applied(index),
                Err(e) => self.refused(index, e),
            }
        }
    }

    /// The file of `slot` if its text changed, read anew; `None` when it did not. A file that
    /// cannot be read (removed, unreadable, too large) counts as a refused edit here. Other
    /// slots' changes wait for their turn.
    fn next_change(&mut self, slot: usize) -> Option<Changed> {
        if let Some(watcher) = &self.watcher {
            self.pending |= watcher.take_changed(Instant::now());
        }
        let bit = 1u64.checked_shl(slot as u32).unwrap_or(0);
        while self.pending & bit != 0 {
            self.pending &= !bit;
            let Some(Some(file)) = self.files.get_mut(slot) else {
                continue;
            };
            let text = match read_text(&file.path, TEXT_CAP) {
                Ok(text) => text,
                Err(e) => {
                    file.fingerprint = None;
                    self.refused(slot, e);
                    continue;
                }
            };
            let print = fingerprint(&text);
            if file.fingerprint == Some(print) {
                continue;
            }
            file.fingerprint = Some(print);
            return Some(Changed {
                slot,
                path: file.path.clone(),
                text,
            });
        }
        None
    }

    /// The edit of `slot` was applied: one more reload, its error (if any) cleared.
    fn applied(&mut self, slot: usize) {
        self.counts.reloads += 1;
        if let Some(Some(file)) = self.files.get_mut(slot) {
            log::info!("reloaded {}", file.path.display());
            file.error = None;
        }
    }

    /// The edit of `slot` was refused for `error` (which names the file, line and column): one
    /// more reload error, logged and shown until a good edit.
    fn refused(&mut self, slot: usize, error: impl std::fmt::Display) {
        self.counts.reload_errors += 1;
        let text = format!("{error:#}");
        log::error!("live files: {text} (the old content is kept)");
        if let Some(Some(file)) = self.files.get_mut(slot) {
            file.error = Some(text);
        }
    }

    /// The first error shown: an edit refused and not yet fixed.
    pub fn error(&self) -> Option<&str> {
        self.files.iter().flatten().find_map(|f| f.error.as_deref())
    }

    /// How many edits were applied and refused.
    pub fn counts(&self) -> ReloadCounts {
        self.counts
    }

    /// Shows the refused edits, if there are any, along the bottom of the window.
    pub fn show(&self, ctx: &egui::Context) {
        if self.error().is_none() {
            return;
        }
        crate::overlay::panel(
            ctx,
            "live file errors",
            egui::Align2::LEFT_BOTTOM,
            egui::vec2(10.0, -10.0),
            |ui| {
                for error in self
                    .files
                    .iter()
                    .flatten()
                    .filter_map(|f| f.error.as_deref())
                {
                    ui.colored_label(crate::overlay::ERROR_COLOR, error);
                }
                ui.small("the old content is kept until the file is fixed");
            },
        );
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::time::Duration;

    /// A slot of plain text.
    fn slot(index: usize) -> Slot<String> {
        Slot::new(index, |text, _| Ok(text.to_string()))
    }

    /// Polls `live` until it reports a change in one of the first slots, or `wait` passes.
    fn next(live: &mut LiveFiles, wait: Duration) -> Option<Changed> {
        let start = Instant::now();
        while start.elapsed() < wait {
            if let Some(change) = (0..4).find_map(|s| live.next_change(s)) {
                return Some(change);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }

    #[test]
    fn a_burst_of_writes_is_one_change_and_the_same_text_none() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, "one").unwrap();
        let mut live = LiveFiles::watching();
        live.watch(&slot(3), Some(&path));
        assert_eq!(live.path(&slot(3)), Some(path.as_path()));
        for text in ["t", "tw", "two"] {
            std::fs::write(&path, text).unwrap();
        }
        let change = next(&mut live, Duration::from_secs(10)).unwrap();
        assert_eq!((change.slot, change.text.as_str()), (3, "two"));
        assert_eq!(next(&mut live, watch::DEBOUNCE * 3), None, "one change");
        // Written again with the same text (a save without edits): nothing to apply.
        std::fs::write(&path, "two").unwrap();
        assert_eq!(next(&mut live, watch::DEBOUNCE * 4), None);
        live.applied(3);
        assert_eq!(
            live.counts(),
            ReloadCounts {
                reloads: 1,
                reload_errors: 0
            }
        );
    }

    #[test]
    fn a_removed_file_is_a_refused_edit_and_its_return_a_change() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.ron");
        std::fs::write(&path, "(a: 1)").unwrap();
        let mut live = LiveFiles::watching();
        live.watch(&slot(0), Some(&path));
        std::fs::remove_file(&path).unwrap();
        let start = Instant::now();
        while live.counts().reload_errors == 0 {
            assert!(start.elapsed() < Duration::from_secs(10));
            assert_eq!(live.next_change(0), None);
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(
            live.error().unwrap().contains("b.ron"),
            "{:?}",
            live.error()
        );
        // The same text as before it went: a change all the same (the last try failed).
        std::fs::write(&path, "(a: 1)").unwrap();
        let change = next(&mut live, Duration::from_secs(10)).unwrap();
        assert_eq!(change.text, "(a: 1)");
        live.applied(0);
        assert_eq!(live.error(), None);
    }

    #[test]
    fn nothing_is_watched_when_off_or_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.txt");
        std::fs::write(&path, "1").unwrap();
        let mut off = LiveFiles::off();
        off.watch(&slot(0), Some(&path));
        assert!(!off.enabled() && off.path(&slot(0)).is_none());
        let mut forgotten = LiveFiles::watching();
        forgotten.watch(&slot(0), Some(&path));
        forgotten.watch(&slot(0), None);
        std::fs::write(&path, "2").unwrap();
        assert_eq!(next(&mut off, watch::DEBOUNCE * 4), None);
        assert_eq!(next(&mut forgotten, Duration::ZERO), None);
        assert_eq!(next(&mut forgotten, watch::DEBOUNCE * 3), None);
    }

    #[test]
    fn an_edit_that_does_not_parse_or_is_refused_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("n.txt");
        std::fs::write(&path, "1").unwrap();
        let numbers: Slot<u32> = Slot::new(1, |text, path| {
            text.trim()
                .parse()
                .map_err(|e| anyhow::anyhow!("{}:1:1: {e}", path.display()))
        });
        let mut live = LiveFiles::watching();
        live.watch(&numbers, Some(&path));
        let mut held = 1;
        let wait_for = |live: &mut LiveFiles, held: &mut u32, counts: ReloadCounts| {
            let start = Instant::now();
            while live.counts() != counts {
                assert!(
                    start.elapsed() < Duration::from_secs(10),
                    "{:?}",
                    live.counts()
                );
                live.apply(&numbers, |n, _| {
                    if n > 100 {
                        anyhow::bail!("{n} is too many");
                    }
                    *held = n;
                    Ok(())
                });
                std::thread::sleep(Duration::from_millis(5));
            }
        };
        std::fs::write(&path, "two").unwrap();
        wait_for(
            &mut live,
            &mut held,
            ReloadCounts {
                reloads: 0,
                reload_errors: 1,
            },
        );
        assert!(
            live.error().unwrap().contains("n.txt:1:1"),
            "{:?}",
            live.error()
        );
        std::fs::write(&path, "500").unwrap();
        wait_for(
            &mut live,
            &mut held,
            ReloadCounts {
                reloads: 0,
                reload_errors: 2,
            },
        );
        assert!(live.error().unwrap().contains("too many"));
        assert_eq!(held, 1, "refused edits change nothing");
        std::fs::write(&path, "7").unwrap();
        wait_for(
            &mut live,
            &mut held,
            ReloadCounts {
                reloads: 1,
                reload_errors: 2,
            },
        );
        assert_eq!((held, live.error()), (7, None));
    }
}
