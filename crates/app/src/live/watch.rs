//! Watching files for changes: [`notify`] on the folders that hold them (an editor that saves
//! by writing a new file and renaming it over the old one replaces the file, so the file itself
//! cannot be watched), its events matched to the files and debounced, so a burst of events
//! from one save is one change.

use notify::event::{AccessKind, AccessMode, EventKind};
use notify::{RecommendedWatcher, RecursiveMode, Watcher};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long a file must stay quiet after an event before its change is reported.
pub const DEBOUNCE: Duration = Duration::from_millis(150);

/// The most files one watcher tells apart (one bit each).
pub const MAX_FILES: usize = 64;

/// What the watcher's thread and the scene share.
#[derive(Default)]
struct Shared {
    /// Per slot: the paths whose events are that file's (the path as named, and where links
    /// lead).
    targets: Vec<Vec<PathBuf>>,
    /// Slots with events not yet reported, one bit each.
    dirty: u64,
    /// When the last of those events came.
    last: Option<Instant>,
}

/// Watches the folders of a few files and says, debounced, which of them changed.
pub struct FileWatcher {
    shared: Arc<Mutex<Shared>>,
    watcher: RecommendedWatcher,
    folders: HashSet<PathBuf>,
}

/// Whether an event can mean a file's content changed (opening or reading it cannot: the
/// scene's own reads must not count).
fn may_change(kind: &EventKind) -> bool {
    match kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        _ => true,
    }
}

impl FileWatcher {
    /// A watcher with no files yet. Errors: the platform's watching could not start.
    pub fn new() -> notify::Result<FileWatcher> {
        let shared = Arc::new(Mutex::new(Shared::default()));
        let seen = Arc::clone(&shared);
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let Ok(event) = event else { return };
            if !may_change(&event.kind) {
                return;
            }
            let mut shared = seen.lock().unwrap_or_else(PoisonError::into_inner);
            let mut hit = 0u64;
            for (slot, targets) in shared.targets.iter().enumerate() {
                if event.paths.iter().any(|p| targets.contains(p)) {
                    hit |= 1 << slot;
                }
            }
            if hit != 0 {
                shared.dirty |= hit;
                shared.last = Some(Instant::now());
            }
        })?;
        Ok(FileWatcher {
            shared,
            watcher,
            folders: HashSet::new(),
        })
    }

    /// Watches `path` as slot `slot` (below [`MAX_FILES`]), in place of whatever the slot
    /// watched before. Errors: its folder cannot be watched (it does not exist, or the
    /// platform's limit on watches was reached).
    pub fn watch(&mut self, slot: usize, path: &Path) -> notify::Result<()> {
        if slot >= MAX_FILES {
            return Err(notify::Error::generic("too many files to watch"));
        }
        let mut targets = Vec::new();
        let mut named = absolute_in_real_folder(path);
        if let Some(named) = named.take() {
            targets.push(named);
        }
        if let Ok(real) = std::fs::canonicalize(path)
            && !targets.contains(&real)
        {
            targets.push(real);
        }
        for target in &targets {
            let Some(folder) = target.parent() else {
                continue;
            };
            if !self.folders.contains(folder) {
                self.watcher.watch(folder, RecursiveMode::NonRecursive)?;
                self.folders.insert(folder.to_path_buf());
            }
        }
        let mut shared = self.lock();
        if shared.targets.len() <= slot {
            shared.targets.resize(slot + 1, Vec::new());
        }
        shared.targets[slot] = targets;
        shared.dirty &= !(1 << slot);
        Ok(())
    }

    /// Stops reporting slot `slot` (its folder may stay watched).
    pub fn forget(&mut self, slot: usize) {
        let mut shared = self.lock();
        if let Some(targets) = shared.targets.get_mut(slot) {
            targets.clear();
        }
        shared.dirty &= !(1 << slot);
    }

    /// The slots that changed, one bit each, once [`DEBOUNCE`] has passed since their last
    /// event at `now`; 0 while none did, or while events still come. Allocates nothing.
    pub fn take_changed(&self, now: Instant) -> u64 {
        let mut shared = self.lock();
        match shared.last {
            Some(last) if shared.dirty != 0 && now.saturating_duration_since(last) >= DEBOUNCE => {
                shared.last = None;
                std::mem::take(&mut shared.dirty)
            }
            _ => 0,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// `path` made absolute with its folder's links resolved (the form the platform reports
/// events in), the file name as given; `None` without a file name or a folder that exists.
fn absolute_in_real_folder(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    Some(std::fs::canonicalize(folder).ok()?.join(name))
}
