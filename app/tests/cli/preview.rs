//! `preview --headless` reloads files while the simulation runs (SPEC §15):
//! edit a species file (reloaded), break it (reload_failed with FILE:LINE:COL, the run
//! goes on), fix it (reloaded), and simulated time never goes back.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crate::common::copy_dir;
use serde_json::Value;

struct Run {
    child: Child,
    lines: Receiver<Value>,
    seen: Vec<Value>,
}

impl Run {
    /// The next event matching `pred`, waiting at most `limit`.
    fn until(&mut self, limit: Duration, pred: impl Fn(&Value) -> bool) -> Option<Value> {
        let end = Instant::now() + limit;
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(v) => {
                    self.seen.push(v.clone());
                    if pred(&v) {
                        return Some(v);
                    }
                }
                Err(_) => return None,
            }
        }
        None
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A copy of the species folder and the example project beside it, as in the
/// repository: (the temporary folder, the project in it).
fn example_copy() -> (tempfile::TempDir, std::path::PathBuf) {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&repo.join("species"), &dir.path().join("species"));
    let project = dir.path().join("projects/example");
    copy_dir(&repo.join("projects/example"), &project);
    (dir, project)
}

/// `preview --headless` of `project` for a minute, its JSON lines read as they come.
fn start(project: &Path) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_creature-studio"))
        .args(["preview", "--headless", "--json", "--seconds", "60", "--speed", "10", "--project"])
        .arg(project)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let v: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}"));
            if tx.send(v).is_err() {
                break;
            }
        }
    });
    Run { child, lines, seen: Vec::new() }
}

fn is(event: &str) -> impl Fn(&Value) -> bool + '_ {
    move |v| v["event"] == event
}

#[test]
fn species_edits_reload_into_the_running_preview() {
    let (dir, project) = example_copy();
    let cow = dir.path().join("species/cow.ron");
    let good = std::fs::read_to_string(&cow).unwrap();

    let mut run = start(&project);
    let wait = Duration::from_secs(20);
    run.until(wait, is("tick")).expect("a first tick");

    std::fs::write(&cow, good.replace("kindness: 0.64", "kindness: 0.70")).unwrap();
    let r = run.until(wait, is("reloaded")).expect("the edit reloads");
    assert!(r["file"].as_str().unwrap().ends_with("cow.ron"), "{r}");

    std::fs::write(&cow, good.replace("kindness: 0.64", "kindness: oops")).unwrap();
    let f = run.until(wait, is("reload_failed")).expect("the broken file is reported");
    assert!(f["file"].as_str().unwrap().ends_with("cow.ron"), "{f}");
    let error = f["error"].as_str().unwrap();
    let (line, _) = good.lines().enumerate().find(|(_, l)| l.contains("kindness")).unwrap();
    assert!(error.contains(&format!("cow.ron:{}:", line + 1)), "FILE:LINE:COL expected: {error}");
    let before = run.until(wait, is("tick")).expect("the run goes on after a failed reload");

    std::fs::write(&cow, &good).unwrap();
    run.until(wait, is("reloaded")).expect("the fix reloads");
    let after = run.until(wait, is("tick")).expect("a tick after the fix");
    assert!(after["sim_time"].as_f64() > before["sim_time"].as_f64());

    let times: Vec<f64> =
        run.seen.iter().filter(|v| v["event"] == "tick").filter_map(|v| v["sim_time"].as_f64()).collect();
    assert!(times.len() >= 3, "{times:?}");
    assert!(times.windows(2).all(|w| w[1] > w[0]), "sim_time went back: {times:?}");
}

/// A species file deleted under the running preview is reported as removed and the run
/// goes on with the last good data; a pipe put in its place fails to reload at once,
/// and the run still goes on.
#[test]
fn a_deleted_file_or_a_pipe_in_its_place_is_reported_and_the_run_goes_on() {
    let (dir, project) = example_copy();
    let cow = dir.path().join("species/cow.ron");
    let mut run = start(&project);
    let wait = Duration::from_secs(20);
    run.until(wait, is("tick")).expect("a first tick");

    std::fs::remove_file(&cow).unwrap();
    let r = run.until(wait, is("removed")).expect("the deletion is reported");
    assert!(r["file"].as_str().unwrap().ends_with("cow.ron"), "{r}");
    let before = run.until(wait, is("tick")).expect("the run goes on without the file");

    #[cfg(unix)]
    {
        assert!(Command::new("mkfifo").arg(&cow).status().unwrap().success());
        let f = run.until(wait, is("reload_failed")).expect("the pipe is refused");
        assert!(f["error"].as_str().unwrap().contains("not a regular file"), "{f}");
    }
    let after = run.until(wait, is("tick")).expect("the run goes on");
    assert!(after["sim_time"].as_f64() > before["sim_time"].as_f64());
}

/// The species folder deleted under the running preview, all of it at once, is reported
/// as removed by its name (the watcher says only that the folder went), and the run goes
/// on with the last good data; put back, it is followed again.
#[test]
fn a_deleted_species_folder_is_reported_by_name_and_the_run_goes_on() {
    let (dir, project) = example_copy();
    let species = dir.path().join("species");
    let mut run = start(&project);
    let wait = Duration::from_secs(20);
    run.until(wait, is("tick")).expect("a first tick");

    std::fs::remove_dir_all(&species).unwrap();
    let r = run.until(wait, is("removed")).expect("the deletion is reported");
    assert!(r["file"].as_str().unwrap().ends_with("species"), "{r}");
    let before = run.until(wait, is("tick")).expect("the run goes on without the folder");
    let after = run.until(wait, is("tick")).expect("and on");
    assert!(after["sim_time"].as_f64() > before["sim_time"].as_f64());

    // Put back, the folder is watched again: its files are read, and a later edit of
    // one reloads.
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    copy_dir(&repo.join("species"), &species);
    run.until(wait, is("reloaded")).expect("the folder's files are read again");
    let cow = species.join("cow.ron");
    let good = std::fs::read_to_string(&cow).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    std::fs::write(&cow, good.replace("kindness: 0.64", "kindness: oops")).unwrap();
    // The folder's copy may be seen half written on a loaded machine (a file read empty
    // fails, then reloads when its bytes are in): the cow's failure is the one asked for.
    let cow_failed =
        |v: &Value| v["event"] == "reload_failed" && v["file"].as_str().is_some_and(|f| f.ends_with("cow.ron"));
    let f = run.until(wait, cow_failed).expect("an edit after it is back is seen");
    assert!(f["error"].as_str().unwrap().contains("cow.ron:5:23: Expected float"), "{f}");
}

/// The project folder renamed under the running preview is said to be gone, and a
/// broken save in the renamed folder is not taken for a change of the project (the
/// watcher still names its files by the old name); the run goes on.
#[test]
fn a_renamed_project_folder_is_said_to_be_gone_and_a_save_there_changes_nothing() {
    let (dir, project) = example_copy();
    let mut run = start(&project);
    let wait = Duration::from_secs(20);
    run.until(wait, is("tick")).expect("a first tick");

    let moved = dir.path().join("projects/moved");
    std::fs::rename(&project, &moved).unwrap();
    let r = run.until(wait, is("removed")).expect("the rename is reported");
    let file = r["file"].as_str().unwrap();
    assert!(file.ends_with("example"), "the project folder itself: {r}");
    std::fs::write(moved.join("world.ron"), "(objects: [").unwrap();
    let before = run.until(wait, is("tick")).expect("the run goes on");
    let after = run.until(wait, is("tick")).expect("and on");
    assert!(after["sim_time"].as_f64() > before["sim_time"].as_f64());
    let about_files: Vec<&Value> = run.seen.iter().filter(|v| v["event"] != "tick" && v["file"] != file).collect();
    assert!(about_files.is_empty(), "nothing but the folder is reported: {about_files:?}");
}
