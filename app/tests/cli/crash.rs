//! Saves killed at random moments (seeded): the real binary is sent SIGKILL while it
//! writes, over a file with a second hard link and over plain files. After each kill
//! and the next command that reads the file, it holds the old bytes or the new ones,
//! exactly, under every name; the next save of the same file leaves no temporary file
//! or record behind.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use crate::common::{copy_dir, repo, s, studio};

/// A small seeded generator (xorshift), so that the moments are the same on every run.
struct Moments(u64);

impl Moments {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// When a run is killed.
#[derive(Clone, Copy, Debug)]
enum Moment {
    /// This long after it starts.
    After(Duration),
    /// This many microseconds after the save shows (a temporary file beside the file
    /// saved, or the file itself changing): inside the save itself.
    InSave(u64),
}

fn spawn(args: &[String]) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("creature-studio"))
        .args(args)
        .current_dir(repo())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// What the folder shows of a save of `target` under way: the target's length and
/// time, and (unless `target_only`) the names of the save's files beside it.
fn look(target: &Path, target_only: bool) -> (Option<(u64, SystemTime)>, Vec<String>) {
    let meta = std::fs::metadata(target).ok().map(|m| (m.len(), m.modified().unwrap()));
    (meta, if target_only { Vec::new() } else { leftovers(target) })
}

/// The temporary files and records of saves of `target` in its folder.
fn leftovers(target: &Path) -> Vec<String> {
    let prefix = format!(".{}.", target.file_name().unwrap().to_string_lossy());
    let mut names: Vec<String> = std::fs::read_dir(target.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&prefix))
        .collect();
    names.sort();
    names
}

/// Runs `args`, writing `target`, and kills it at `moment` (unless it ended before);
/// `in_place`: the save shows by the target changing, not by its temporary file.
fn run_killed(args: &[String], target: &Path, moment: Moment, in_place: bool) {
    let before = look(target, in_place);
    let mut child = spawn(args);
    let started = Instant::now();
    match moment {
        Moment::After(d) => {
            while started.elapsed() < d && child.try_wait().unwrap().is_none() {
                std::thread::sleep(Duration::from_micros(200));
            }
        }
        Moment::InSave(micros) => {
            while look(target, in_place) == before && child.try_wait().unwrap().is_none() {
                assert!(started.elapsed() < Duration::from_secs(60), "{args:?} never saved");
            }
            let changed = Instant::now();
            while changed.elapsed() < Duration::from_micros(micros) {}
        }
    }
    let _ = child.kill();
    child.wait().unwrap();
}

/// Runs `args` to its end, whether it succeeds or not (a file it reads may be broken).
fn run_next(args: &[String]) {
    studio().args(args).current_dir(repo()).output().unwrap();
}

/// Runs `args` to its end; it must succeed.
fn run_whole(args: &[String]) {
    let out = studio().args(args).current_dir(repo()).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|&a| a.to_owned()).collect()
}

/// The moments of `kills` runs of about `whole` each: half anywhere in the run, half
/// inside the save, within its first 300 µs (the copy of a few hundred kilobytes).
fn moments(seed: u64, kills: usize, whole: Duration) -> Vec<Moment> {
    let mut g = Moments(seed);
    (0..kills)
        .map(|i| {
            if i % 2 == 0 {
                Moment::After(Duration::from_micros(g.below(whole.as_micros() as u64)))
            } else {
                Moment::InSave(g.below(300))
            }
        })
        .collect()
}

/// How long a whole run of `args` takes.
fn timed(args: &[String]) -> Duration {
    let started = Instant::now();
    run_whole(args);
    started.elapsed()
}

struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("cs-crash-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&repo().join("projects/example"), &dir.join("example"));
    Scratch(dir)
}

#[cfg(unix)]
#[test]
fn a_save_over_a_hard_linked_bank_killed_at_any_moment_leaves_the_old_bytes_or_the_new() {
    let dir = scratch("linked");
    let zoner = dir.0.join("example/shadow/zoner.bank.ron");
    let target = dir.0.join("linked.bank.ron");
    let other = dir.0.join("other-name.bank.ron");
    // The new bank (the zoner's, 450 kB) is far larger than the old (the sentry's), so
    // the copy in place grows the file and takes a while.
    let old = std::fs::read(dir.0.join("example/shadow/sentry.bank.ron")).unwrap();
    std::fs::write(&target, &old).unwrap();
    std::fs::hard_link(&target, &other).unwrap();
    let save = strings(&["shadow", "compose", "--part", s(&zoner), "-o", s(&target), "--force"]);
    let whole = timed(&save);
    let new = std::fs::read(&target).unwrap();
    assert!(new.len() > 10 * old.len());
    let read = strings(&["shadow", "stats", s(&target)]);
    let mut cut_in_copy = 0;
    // The seeded moments first; on a loaded machine a save may outrun them all, so more
    // kills inside the save follow until one lands inside the copy (never more than 40).
    let mut more = Moments(97);
    let extra = std::iter::from_fn(move || Some(Moment::InSave(more.below(300)))).take(40);
    let mut kills = moments(41, 8, whole).into_iter().chain(extra).enumerate();
    while let Some((i, moment)) = kills.next().filter(|(i, _)| *i < 8 || cut_in_copy == 0) {
        // The old bytes back, in place: both names stay one file.
        std::fs::write(&target, &old).unwrap();
        run_killed(&save, &target, moment, true);
        cut_in_copy += usize::from(leftovers(&target).iter().any(|n| n.ends_with(".save-intent")));
        run_next(&read);
        let now = std::fs::read(&target).unwrap();
        assert!(
            now == old || now == new,
            "kill {i} at {moment:?}: {} bytes, neither the old {} nor the new {}",
            now.len(),
            old.len(),
            new.len()
        );
        assert_eq!(std::fs::read(&other).unwrap(), now, "kill {i}: the other name sees the same bytes");
        run_whole(&save);
        assert_eq!(std::fs::read(&target).unwrap(), new);
        assert_eq!(leftovers(&target), Vec::<String>::new(), "kill {i} at {moment:?}: left behind");
    }
    assert!(cut_in_copy > 0, "no kill landed inside the copy in place: the test shows nothing");
}

#[cfg(unix)]
#[test]
fn writers_killed_mid_save_leave_temporary_files_the_next_save_reclaims() {
    let dir = scratch("writers");
    let ex = dir.0.join("example");
    let zoner = ex.join("shadow/zoner.bank.ron");
    let scenario = ex.join("scenarios/compassion_leash.scenario.ron");
    let recording = dir.0.join("run.recording");
    let out = |name: &str| dir.0.join(name);
    let writers: Vec<(PathBuf, Vec<&str>)> = vec![
        (recording.clone(), vec!["scenario", "run", s(&scenario), "--record"]),
        (out("fork.recording"), vec!["recording", "fork", s(&recording), "--at", "10", "-o"]),
        (out("composed.bank"), vec!["shadow", "compose", "--part", s(&zoner), "-o"]),
        (out("zoner.parquet"), vec!["shadow", "export", s(&zoner), "-o"]),
    ];
    let mut left = 0;
    for (w, (target, args)) in writers.iter().enumerate() {
        let mut save = strings(args);
        save.extend([s(target).to_owned(), "--force".to_owned()]);
        let whole = timed(&save);
        let new = std::fs::read(target).unwrap();
        // The seeded moments; for the last writer, while no kill has landed inside a
        // save yet (a loaded machine), more inside the save (never more than 40).
        let mut more = Moments(97 + w as u64);
        let last = w + 1 == writers.len();
        let extra = std::iter::from_fn(move || Some(Moment::InSave(more.below(300)))).take(if last { 40 } else { 0 });
        let mut kills = moments(41 + w as u64, 4, whole).into_iter().chain(extra).enumerate();
        while let Some((i, moment)) = kills.next().filter(|(i, _)| *i < 4 || left == 0) {
            std::fs::write(target, b"the old bytes").unwrap();
            run_killed(&save, target, moment, false);
            let now = std::fs::read(target).unwrap();
            assert!(now == b"the old bytes" || now == new, "{args:?}, kill {i} at {moment:?}: {} bytes", now.len());
            left += leftovers(target).len();
            run_whole(&save);
            assert_eq!(leftovers(target), Vec::<String>::new(), "{args:?}, kill {i} at {moment:?}: left behind");
        }
    }
    assert!(left > 0, "no kill landed inside a save: the test shows nothing");
}

/// Runs `args` to its end, killed (and the test failed) if it has not ended within a
/// minute: a harness against a hang, not a measure of speed. Returns (exit code,
/// stdout and stderr: `check` reports a file's problems on stdout).
fn run_bounded(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("creature-studio"))
        .args(args)
        .current_dir(repo())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut said = String::new();
            std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut said).unwrap();
            std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut said).unwrap();
            return (status.code(), said);
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} did not end within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A save record, as a save writes one, claiming `len` bytes in the temporary file
/// tagged `tag` (the CRC-32 left wrong: these records are never believed that far).
fn forged_record(tag: u64, len: u64) -> String {
    format!("creature-studio save intent 1\ntemp {tag:016x}\nlength {len}\ncrc32 00000000\n")
}

#[cfg(unix)]
#[test]
fn a_record_beside_a_pipe_hangs_neither_check_nor_train() {
    let dir = scratch("pipe");
    for (name, args) in [("pipe.ron", vec!["check"]), ("pipe.target.ron", vec!["train", "--seeds", "1"])] {
        let pipe = dir.0.join(name);
        assert!(Command::new("mkfifo").arg(&pipe).status().unwrap().success());
        let tag = 0x0123_4567_89ab_cdef_u64;
        std::fs::write(dir.0.join(format!(".{name}.{tag:016x}.tmp")), b"(a: 1)").unwrap();
        std::fs::write(dir.0.join(format!(".{name}.save-intent")), forged_record(tag, 6)).unwrap();
        let mut all = args.clone();
        all.push(s(&pipe));
        let (code, err) = run_bounded(&all);
        assert_eq!(code, Some(1), "{all:?}: {err}");
        assert!(err.contains(s(&pipe)) && err.contains("not a regular file"), "{all:?}: {err}");
        assert!(!dir.0.join(format!(".{name}.save-intent")).exists(), "{all:?}: the record was not believed");
        // Read again, with no record, the pipe is still refused at once.
        let (code, err) = run_bounded(&all);
        assert!(code == Some(1) && err.contains("not a regular file"), "{all:?}: {err}");
    }
}

#[test]
fn a_forged_length_on_a_sparse_temporary_file_is_never_hashed() {
    let dir = scratch("forged");
    let daisy = dir.0.join("daisy.ron");
    std::fs::copy(dir.0.join("example/creatures/daisy.ron"), &daisy).unwrap();
    let before = std::fs::read(&daisy).unwrap();
    let tag = 0x0bad_0bad_0bad_0bad_u64;
    let temp = dir.0.join(format!(".daisy.ron.{tag:016x}.tmp"));
    // Sparse: 200 GB long, no disk used; the record claims its real length.
    let len = 200 * 1024 * 1024 * 1024;
    std::fs::File::create(&temp).unwrap().set_len(len).unwrap();
    let record = dir.0.join(".daisy.ron.save-intent");
    std::fs::write(&record, forged_record(tag, len)).unwrap();
    let (code, err) = run_bounded(&["check", s(&daisy)]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(std::fs::read(&daisy).unwrap(), before);
    assert!(!record.exists() && !temp.exists(), "the record and its temporary file were removed");
}

/// A cut-off save in a folder that cannot be written: the next reader refuses the file
/// naming the record (the file may be half copied), changes nothing, and once the
/// folder can be written again finishes the save. A read-only mount as root (which
/// permissions do not stop), a folder without write permission otherwise; skipped with
/// a note where neither can be made.
#[cfg(target_os = "linux")]
#[test]
fn a_cut_off_save_in_a_read_only_folder_is_refused_naming_its_record_and_finished_later() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("read-only");
    let folder = dir.0.join("ro");
    std::fs::create_dir_all(&folder).unwrap();
    let root = runs_as_root();
    if root {
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=1m", "tmpfs", s(&folder)])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|st| st.success());
        if !mounted {
            eprintln!("no tmpfs could be mounted here: the read-only folder case is not run");
            return;
        }
    }
    let file = folder.join("daisy.ron");
    let new = std::fs::read(repo().join("projects/example/creatures/daisy.ron")).unwrap();
    // Half copied: the first bytes new, the rest zeros.
    let mut half = new[..new.len() / 2].to_vec();
    half.resize(new.len(), 0);
    std::fs::write(&file, &half).unwrap();
    let tag = 0x0123_4567_89ab_cdef_u64;
    std::fs::write(folder.join(format!(".daisy.ron.{tag:016x}.tmp")), &new).unwrap();
    let record = folder.join(".daisy.ron.save-intent");
    let crc = crc32(&new);
    std::fs::write(
        &record,
        forged_record(tag, new.len() as u64).replace("crc32 00000000", &format!("crc32 {crc:08x}")),
    )
    .unwrap();
    let read_only = |on: bool| {
        if root {
            let how = if on { "remount,ro" } else { "remount,rw" };
            assert!(Command::new("mount").args(["-o", how, s(&folder)]).status().unwrap().success());
        } else {
            std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(if on { 0o555 } else { 0o755 })).unwrap();
        }
    };
    read_only(true);
    let (code, err) = run_bounded(&["check", s(&file)]);
    let now = std::fs::read(&file).unwrap();
    read_only(false);
    let (code_after, err_after) = run_bounded(&["check", s(&file)]);
    let after = std::fs::read(&file).unwrap();
    let left: Vec<_> = std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().file_name()).collect();
    if root {
        let _ = Command::new("umount").arg(&folder).status();
    }
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains(s(&record)), "the refusal names the record: {err}");
    assert!(now == half || now == new, "the file is the half-copied one or the new one: {} bytes", now.len());
    assert_eq!(code_after, Some(0), "{err_after}");
    assert_eq!(after, new);
    assert_eq!(left.len(), 1, "the record and its temporary file are gone: {left:?}");
}

/// Whether the tests run as root, for whom a folder's permissions do not stop a write.
fn runs_as_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

/// CRC-32 (IEEE), as a save record writes it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
        }
    }
    !crc
}
