//! Watching a project folder for files saved by any editor.
//!
//! `notify` with the full debouncer: editors save in different ways (write in place,
//! write a temporary file and rename it in, truncate then write), so every create,
//! modify and rename-in of a `.ron` file (or a binary `.bank`) counts as a change. Events are drained once
//! per frame into a set, so a burst of events for one save is one change.
//!
//! Folders are followed too: the debouncer reports a folder deleted with all it holds as
//! one event for the folder, and a watched folder renamed as one event for its old name
//! (its files' later events still come under that name), so a folder made, removed or
//! renamed is reported for the workspace to look at its watched folders again.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use notify::RecursiveMode;
use notify::event::{EventKind, ModifyKind, RenameMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};

/// How long a file must be quiet before its change is reported. An editor's save
/// (write a temporary file and rename it in, or truncate then write) is a burst of
/// events well inside this, so it is still one change; and a save reaches the preview
/// in a few tens of milliseconds.
pub const DEBOUNCE: Duration = Duration::from_millis(20);

/// How often the debouncer looks for files that have gone quiet.
const TICK: Duration = Duration::from_millis(5);

/// Watches folders recursively and reports the studio files that changed.
pub struct ProjectWatcher {
    debouncer: Debouncer<notify::RecommendedWatcher, RecommendedCache>,
    events: Receiver<DebounceEventResult>,
}

/// What changed since the last look.
#[derive(Debug, Default)]
pub struct Drained {
    /// The studio files made, changed, renamed or removed, each once.
    pub files: BTreeSet<PathBuf>,
    /// The paths of folders made, removed or renamed (and of other renamed paths that
    /// are not studio files): the watched folders are to be looked at again.
    pub folders: BTreeSet<PathBuf>,
    /// The watcher's errors, as messages for the problems panel.
    pub errors: Vec<String>,
}

impl ProjectWatcher {
    /// Starts watching `roots` (missing folders are skipped).
    pub fn new(roots: &[PathBuf]) -> notify::Result<Self> {
        Self::with_waker(roots, || {})
    }

    /// Like [`ProjectWatcher::new`], and calls `wake` after each batch of changes, so an
    /// idle window redraws and drains them at once.
    pub fn with_waker(roots: &[PathBuf], wake: impl Fn() + Send + 'static) -> notify::Result<Self> {
        let (tx, events) = channel();
        let mut debouncer =
            new_debouncer(DEBOUNCE, Some(TICK), move |r: notify_debouncer_full::DebounceEventResult| {
                // Reading a file is an event too (an open, a close without writing): only a
                // change to a studio file, or an error, is worth waking the window for, or
                // a window that reads the project would wake itself for ever.
                let worth = match &r {
                    Ok(events) => events.iter().any(|e| {
                        counts_as_change(e.kind) && e.paths.iter().any(|p| is_studio_file(p)) || is_folder_change(e)
                    }),
                    Err(_) => true,
                };
                // The receiver is gone only when the watcher is dropped; nothing to do then.
                let _ = tx.send(r);
                if worth {
                    wake();
                }
            })?;
        for root in roots.iter().filter(|r| r.is_dir()) {
            debouncer.watch(root, RecursiveMode::Recursive)?;
        }
        Ok(Self { debouncer, events })
    }

    /// Watches `root` again, recursively: a watched folder deleted and made again, or
    /// renamed back, is not watched by the watch it had.
    pub fn watch_again(&mut self, root: &Path) -> notify::Result<()> {
        // The old watch may still be there (a folder renamed away keeps it); a new one
        // takes its place.
        let _ = self.debouncer.unwatch(root);
        self.debouncer.watch(root, RecursiveMode::Recursive)
    }

    /// The studio files and folders changed since the last call, each once, and the
    /// watcher's errors.
    pub fn drain(&self) -> Drained {
        let mut out = Drained::default();
        while let Ok(result) = self.events.try_recv() {
            match result {
                Ok(events) => {
                    for e in events {
                        if is_folder_change(&e) {
                            out.folders.extend(e.paths.iter().filter(|p| !is_studio_file(p)).cloned());
                        }
                        if counts_as_change(e.kind) {
                            out.files.extend(e.paths.iter().filter(|p| is_studio_file(p)).cloned());
                        }
                    }
                }
                Err(errs) => out.errors.extend(errs.iter().map(ToString::to_string)),
            }
        }
        out
    }
}

/// A folder made or removed, or a path that is not a studio file renamed (a folder,
/// once renamed away, cannot be told from a file).
fn is_folder_change(e: &notify::Event) -> bool {
    use notify::event::{CreateKind, RemoveKind};
    match e.kind {
        EventKind::Create(CreateKind::Folder) | EventKind::Remove(RemoveKind::Folder) => true,
        EventKind::Modify(ModifyKind::Name(_)) => e.paths.iter().any(|p| !is_studio_file(p)),
        _ => false,
    }
}

fn counts_as_change(kind: EventKind) -> bool {
    match kind {
        // A file made, or gone: the studio says which, and keeps the last good data.
        EventKind::Create(_) | EventKind::Remove(_) => true,
        // Renamed in or away: both ends are looked at.
        EventKind::Modify(ModifyKind::Name(mode)) => {
            matches!(mode, RenameMode::To | RenameMode::From | RenameMode::Both | RenameMode::Any)
        }
        EventKind::Modify(_) => true,
        EventKind::Access(notify::event::AccessKind::Close(notify::event::AccessMode::Write)) => true,
        _ => false,
    }
}

/// A `.ron` file or a binary replay bank (`.bank`) that is not a temporary (our atomic
/// saves write `.name.tmp` first).
pub(crate) fn is_studio_file(p: &Path) -> bool {
    let hidden = p.file_name().and_then(|n| n.to_str()).is_none_or(|n| n.starts_with('.'));
    !hidden && p.extension().is_some_and(|x| x == "ron" || x == "bank")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn wait_for(w: &ProjectWatcher, want: &Path) -> BTreeSet<PathBuf> {
        let start = Instant::now();
        let mut seen = BTreeSet::new();
        while start.elapsed() < Duration::from_secs(5) {
            seen.extend(w.drain().files);
            if seen.iter().any(|p| p.ends_with(want.file_name().unwrap())) {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        seen
    }

    #[test]
    fn a_save_in_place_and_an_atomic_save_are_both_seen_once() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("cow.ron");
        std::fs::write(&file, "(a: 1)").unwrap();
        let w = ProjectWatcher::new(&[dir.path().to_path_buf()]).unwrap();
        std::thread::sleep(Duration::from_millis(50));
        std::fs::write(&file, "(a: 2)").unwrap();
        let seen = wait_for(&w, &file);
        assert_eq!(seen.len(), 1, "{seen:?}");
        creature_core::file_writer::write(&file, b"(a: 3)", &creature_core::file_writer::Policy::replacing()).unwrap();
        let seen = wait_for(&w, &file);
        assert_eq!(seen.len(), 1, "the temporary file is not reported: {seen:?}");
    }

    #[test]
    fn reading_a_file_does_not_wake_the_window_and_a_save_does() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("cow.ron");
        std::fs::write(&file, "(a: 1)").unwrap();
        let wakes = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&wakes);
        let w = ProjectWatcher::with_waker(&[dir.path().to_path_buf()], move || {
            counter.fetch_add(1, Ordering::SeqCst);
        })
        .unwrap();
        std::thread::sleep(Duration::from_millis(50));
        for _ in 0..20 {
            let _ = std::fs::read_to_string(&file).unwrap();
            let _ = std::fs::read_dir(dir.path()).unwrap().count();
        }
        // Well past the debounce: every read has been seen by now.
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(wakes.load(Ordering::SeqCst), 0, "reads woke the window");
        assert!(w.drain().files.is_empty());
        std::fs::write(&file, "(a: 2)").unwrap();
        let seen = wait_for(&w, &file);
        assert_eq!(seen.len(), 1);
        assert!(wakes.load(Ordering::SeqCst) >= 1, "a save wakes the window");
    }

    #[test]
    fn other_files_are_ignored() {
        assert!(is_studio_file(Path::new("/p/cow.ron")));
        assert!(!is_studio_file(Path::new("/p/.cow.ron.123.tmp")));
        assert!(!is_studio_file(Path::new("/p/notes.txt")));
        assert!(is_studio_file(Path::new("/p/shadow/big.bank")));
    }
}
