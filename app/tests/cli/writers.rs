//! Every command that writes a file, found from the command line's own definition, is
//! run against what a user may have at the path: a file they made, one of the
//! command's own inputs, a pipe, and a disk with no room. Each ends with exit 1 and a
//! message naming the file, and leaves what was there byte for byte as it was.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::CommandFactory;
use creature_studio::cli::Cli;

use crate::common::{copy_dir, repo, s, studio};

/// What a command does with a path it is given.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Role {
    Reads,
    Writes,
}

/// Every argument of every command that takes a path, by command and argument name.
/// A new one must be added here, and a writer also to [`cases`].
const PATH_ARGS: &[(&str, &str, Role)] = &[
    ("new", "output", Role::Writes),
    ("new", "species_dir", Role::Reads),
    ("check", "paths", Role::Reads),
    ("diff", "paths", Role::Reads),
    ("species report", "species_dir", Role::Reads),
    ("tree learn", "file", Role::Reads),
    ("teach", "file", Role::Reads),
    ("teach", "creature", Role::Reads),
    ("teach", "output", Role::Writes),
    ("teach", "species_dir", Role::Reads),
    ("train", "target", Role::Reads),
    ("train", "output", Role::Writes),
    ("train", "parquet", Role::Writes),
    ("train", "results", Role::Reads),
    ("preview", "project", Role::Reads),
    ("shadow query", "schema", Role::Reads),
    ("shadow query", "bank", Role::Reads),
    ("shadow query", "state", Role::Reads),
    ("shadow record", "out", Role::Writes),
    ("shadow fight", "bank", Role::Reads),
    ("shadow fight", "schema", Role::Reads),
    ("shadow merge", "banks", Role::Reads),
    ("shadow merge", "out", Role::Writes),
    ("shadow compose", "out", Role::Writes),
    ("shadow delete", "bank", Role::Reads),
    ("shadow delete", "out", Role::Writes),
    ("shadow stats", "bank", Role::Reads),
    ("shadow export", "bank", Role::Reads),
    ("shadow export", "out", Role::Writes),
    ("shadow import", "file", Role::Reads),
    ("shadow import", "out", Role::Writes),
    ("shadow curate", "schema", Role::Reads),
    ("shadow curate", "bank", Role::Reads),
    ("shadow curate", "out", Role::Writes),
    ("shadow score", "bank", Role::Reads),
    ("shadow score", "schema", Role::Reads),
    ("shadow bench", "dump", Role::Writes),
    ("shadow league", "banks", Role::Reads),
    ("shadow league", "schema", Role::Reads),
    ("shadow league", "parquet", Role::Writes),
    ("shadow league", "baseline", Role::Reads),
    ("shadow league", "results", Role::Reads),
    ("shadow gauntlet", "from", Role::Reads),
    ("shadow gauntlet", "out", Role::Writes),
    ("sim", "creature", Role::Reads),
    ("sim", "world", Role::Reads),
    ("sim", "species_dir", Role::Reads),
    ("sim", "parquet", Role::Writes),
    ("scenario run", "path", Role::Reads),
    ("scenario run", "record", Role::Writes),
    ("recording info", "file", Role::Reads),
    ("recording seek", "file", Role::Reads),
    ("recording fork", "file", Role::Reads),
    ("recording fork", "species_dir", Role::Reads),
    ("recording fork", "creature", Role::Reads),
    ("recording fork", "world", Role::Reads),
    ("recording fork", "out", Role::Writes),
    ("recording diff", "a", Role::Reads),
    ("recording diff", "b", Role::Reads),
    ("recording find", "file", Role::Reads),
    ("serve", "project", Role::Reads),
    ("serve", "token_file", Role::Writes),
];

/// (command, argument) of every argument that takes a path, from the definition.
fn path_args() -> Vec<(String, String)> {
    fn walk(cmd: &clap::Command, prefix: &str, out: &mut Vec<(String, String)>) {
        for sub in cmd.get_subcommands() {
            let name =
                if prefix.is_empty() { sub.get_name().to_owned() } else { format!("{prefix} {}", sub.get_name()) };
            for arg in sub.get_arguments() {
                if arg.get_value_parser().type_id() == std::any::TypeId::of::<PathBuf>() {
                    out.push((name.clone(), arg.get_id().to_string()));
                }
            }
            walk(sub, &name, out);
        }
    }
    let mut out = Vec::new();
    walk(&Cli::command(), "", &mut out);
    out
}

#[test]
fn every_path_argument_is_known_to_read_or_write() {
    let found = path_args();
    assert!(found.len() > 30, "the walk finds the commands' path arguments: {found:?}");
    let unknown: Vec<_> =
        found.iter().filter(|(c, a)| !PATH_ARGS.iter().any(|(pc, pa, _)| pc == c && pa == a)).collect();
    assert!(unknown.is_empty(), "say whether these read or write, in PATH_ARGS and cases(): {unknown:?}");
    let stale: Vec<_> = PATH_ARGS.iter().filter(|(c, a, _)| !found.iter().any(|(fc, fa)| fc == c && fa == a)).collect();
    assert!(stale.is_empty(), "no longer in the command line: {stale:?}");
    let writers: Vec<(&str, &str)> =
        PATH_ARGS.iter().filter(|(_, _, r)| *r == Role::Writes).map(|(c, a, _)| (*c, *a)).collect();
    let f = Fixtures::new("list");
    let tried: Vec<(&str, &str)> = cases(&f).iter().map(|c| (c.command, c.arg)).collect();
    assert_eq!(tried, writers, "every writing argument has its case, in the same order");
}

/// The files the cases read, in a scratch copy of the example project.
struct Fixtures {
    dir: PathBuf,
    lesson: PathBuf,
    bank: PathBuf,
    rival: PathBuf,
    league: PathBuf,
    parquet: PathBuf,
    scenario: PathBuf,
    recording: PathBuf,
    world: PathBuf,
    target: PathBuf,
    /// A copy of the shipped species folder, which the cases that take one read.
    species: PathBuf,
}

impl Fixtures {
    fn new(name: &str) -> Fixtures {
        let dir = std::env::temp_dir().join(format!("cs-writers-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        copy_dir(&repo().join("projects/example"), &dir.join("example"));
        let ex = dir.join("example");
        let f = Fixtures {
            lesson: ex.join("lessons/first_meal_from_the_hand.ron"),
            bank: ex.join("shadow/zoner.bank.ron"),
            rival: ex.join("shadow/rushdown.bank.ron"),
            league: dir.join("league.json"),
            parquet: dir.join("zoner.parquet"),
            scenario: ex.join("scenarios/compassion_leash.scenario.ron"),
            recording: dir.join("run.recording"),
            world: ex.join("world.ron"),
            target: dir.join("lower.target.ron"),
            species: dir.join("species"),
            dir,
        };
        // Two lessons in a run of a second: a short search whose script fills more
        // than the smallest disk a case is given.
        copy_dir(&repo().join("species"), &f.species);
        let target = "(species: \"Cow\", species_dir: Some(\"species\"), phase: 11, seconds: 1.0, \
                      expect: [Param(at: 0.0, desire: \"Compassion\", what: Threshold(0), max: 0.65)])";
        std::fs::write(&f.target, target).unwrap();
        if name != "list" {
            let ok = |args: &[&str]| assert!(studio().args(args).output().unwrap().status.success(), "{args:?}");
            ok(&["shadow", "export", s(&f.bank), "-o", s(&f.parquet)]);
            ok(&["scenario", "run", s(&f.scenario), "--record", s(&f.recording)]);
            // A league of forty banks, as `shadow league --json` prints one: its
            // gauntlet is larger than the smallest disk a case is given.
            let banks: Vec<String> = (0..40)
                .map(|i| format!(r#"{{"bank": "shadow/bank-{i:02}.bank.ron", "rating": {}, "deviation": 60.0, "wins": 1, "losses": 1, "draws": 0}}"#, 1400 + i))
                .collect();
            let league = format!(r#"{{"banks": [{}], "matches": 1560, "league_ms": 1.0}}"#, banks.join(", "));
            std::fs::write(&f.league, league).unwrap();
        }
        f
    }
}

impl Drop for Fixtures {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Where a case's arguments name the path it writes.
const OUT: &str = "OUT";

/// One writing command: its arguments, [`OUT`] standing for the path it writes, and the
/// input it reads that a user could name as that path by mistake (if it reads one).
struct Case {
    command: &'static str,
    arg: &'static str,
    args: Vec<String>,
    input: Option<PathBuf>,
    /// The path given is a folder the command writes into, not the file itself.
    folder: Option<&'static str>,
    /// How the name of the file written must end, for a command that names its kind by it.
    suffix: &'static str,
    /// The file written is smaller than any size limit a file system allows (a token),
    /// so no full disk can stop it.
    tiny: bool,
}

fn cases(f: &Fixtures) -> Vec<Case> {
    let case = |command, arg, input: Option<&PathBuf>, args: &[&str]| Case {
        command,
        arg,
        args: args.iter().map(|&a| a.to_owned()).collect(),
        input: input.cloned(),
        folder: None,
        suffix: "",
        tiny: false,
    };
    let (lesson, bank, parquet) = (s(&f.lesson), s(&f.bank), s(&f.parquet));
    let (rival, league) = (s(&f.rival), s(&f.league));
    let (scenario, recording, world) = (s(&f.scenario), s(&f.recording), s(&f.world));
    let (target, sp) = (s(&f.target), s(&f.species));
    vec![
        case("new", "output", None, &["new", "--species", "Cow", "--species-dir", sp, "-o", OUT]),
        case("teach", "output", Some(&f.lesson), &["teach", lesson, "--species-dir", sp, "-o", OUT]),
        case("train", "output", Some(&f.target), &["train", target, "--seeds", "1", "-o", OUT]),
        case("train", "parquet", Some(&f.target), &["train", target, "--seeds", "1", "--parquet", OUT]),
        case(
            "shadow record",
            "out",
            None,
            &["shadow", "record", "--bot", "zoner", "--vs", "turtle", "--matches", "1", "-o", OUT],
        ),
        case("shadow merge", "out", Some(&f.bank), &["shadow", "merge", bank, "-o", OUT]),
        case("shadow compose", "out", Some(&f.bank), &["shadow", "compose", "--part", bank, "-o", OUT]),
        case("shadow delete", "out", Some(&f.bank), &["shadow", "delete", bank, "--match", "1", "-o", OUT]),
        case("shadow export", "out", Some(&f.bank), &["shadow", "export", bank, "-o", OUT]),
        case("shadow import", "out", Some(&f.parquet), &["shadow", "import", parquet, "-o", OUT]),
        case(
            "shadow curate",
            "out",
            Some(&f.bank),
            &["shadow", "curate", "--bank", bank, "--delete", "duplicates", "-o", OUT],
        ),
        Case {
            folder: Some("bank.parquet"),
            ..case(
                "shadow bench",
                "dump",
                None,
                &["shadow", "bench", "--events", "2000", "--queries", "10", "--dump", OUT],
            )
        },
        case(
            "shadow league",
            "parquet",
            Some(&f.bank),
            &["shadow", "league", bank, rival, "--matches", "1", "--parquet", OUT],
        ),
        Case {
            suffix: ".gauntlet.ron",
            ..case("shadow gauntlet", "out", Some(&f.league), &["shadow", "gauntlet", "--from", league, "-o", OUT])
        },
        case(
            "sim",
            "parquet",
            Some(&f.world),
            &[
                "sim",
                "--species",
                "Cow",
                "--species-dir",
                sp,
                "--world",
                world,
                "--newborns",
                "2",
                "--seconds",
                "5",
                "--parquet",
                OUT,
            ],
        ),
        case("scenario run", "record", Some(&f.scenario), &["scenario", "run", scenario, "--record", OUT]),
        case(
            "recording fork",
            "out",
            Some(&f.recording),
            &["recording", "fork", recording, "--species-dir", sp, "--at", "10", "-o", OUT],
        ),
        Case {
            tiny: true,
            ..case(
                "serve",
                "token_file",
                None,
                &[
                    "serve",
                    "--project",
                    "projects/example",
                    "--listen",
                    "127.0.0.1:0",
                    "--seconds",
                    "0.2",
                    "--token-file",
                    OUT,
                ],
            )
        },
    ]
}

/// Runs the case writing to `out` (with `--force` when `force`), under a file size
/// limit of `limit_kib` when given; returns (exit code, stderr).
fn run(c: &Case, out: &Path, force: bool, limit_kib: Option<u64>) -> (Option<i32>, String) {
    let mut args: Vec<String> = c.args.iter().map(|a| if a == OUT { s(out).to_owned() } else { a.clone() }).collect();
    if force {
        args.push("--force".to_owned());
    }
    let bin = assert_cmd::cargo::cargo_bin("creature-studio");
    let mut cmd = match limit_kib {
        // A process over its file size limit is sent SIGXFSZ; ignored, the write fails
        // with an error instead, as on a full disk.
        Some(kib) => {
            let mut sh = std::process::Command::new("bash");
            sh.arg("-c").arg(format!("trap '' XFSZ; ulimit -f {kib}; exec \"$@\"")).arg("_").arg(&bin);
            sh
        }
        None => std::process::Command::new(&bin),
    };
    cmd.args(&args).current_dir(repo());
    let mut child = cmd.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::piped()).spawn().unwrap();
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
            return (status.code(), err);
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{} {args:?} did not end within 60 s", c.command);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn refused(c: &Case, what: &str, (code, err): (Option<i32>, String), names: &Path) {
    assert_eq!(code, Some(1), "{} onto {what}: exit {code:?}: {err}", c.command);
    assert!(err.contains(&names.display().to_string()), "{} onto {what}: the message names the file: {err}", c.command);
}

/// Where case `c` is given to write (`given`, under the fixtures' folder, named by
/// `what` and the argument) and the file it would write there (`target`: the path itself,
/// or the file it writes in a folder, which is made): (out, target, given).
fn place(f: &Fixtures, c: &Case, what: &str) -> (PathBuf, PathBuf, PathBuf) {
    let out = f.dir.join(format!("{what}-{}{}", c.arg, c.suffix));
    match c.folder {
        Some(name) => {
            std::fs::create_dir_all(&out).unwrap();
            (out.clone(), out.join(name), out)
        }
        None => (out.clone(), out.clone(), out),
    }
}

/// Removes what a case's run left at `out`, a file or a folder.
fn clear(out: &Path) {
    let _ = std::fs::remove_dir_all(out);
    let _ = std::fs::remove_file(out);
}

/// Panics unless the user's file at `path` still holds what the test put there.
fn kept_whole(path: &Path, command: &str) {
    let now = std::fs::read(path).unwrap();
    assert!(now == b"the user's own work", "{command}: {} was changed: {} bytes now", path.display(), now.len());
}

#[test]
fn a_file_already_there_is_kept_without_force() {
    let f = Fixtures::new("exists");
    for c in cases(&f) {
        let (out, target, given) = place(&f, &c, "mine");
        std::fs::write(&target, b"the user's own work").unwrap();
        refused(&c, "a file there", run(&c, &given, false, None), &target);
        kept_whole(&target, c.command);
        clear(&out);
    }
}

#[test]
fn a_commands_own_input_is_never_written_over_even_with_force() {
    let f = Fixtures::new("input");
    for c in cases(&f) {
        let Some(input) = &c.input else { continue };
        let before = std::fs::read(input).unwrap();
        refused(&c, "its own input", run(&c, input, true, None), input);
        assert!(std::fs::read(input).unwrap() == before, "{}: its input was changed", c.command);
    }
}

/// Every file case `c` reads: each file its arguments name, the files of a species
/// folder it is given or its target names.
fn reads(f: &Fixtures, c: &Case) -> Vec<PathBuf> {
    let mut reads = Vec::new();
    for (i, a) in c.args.iter().enumerate() {
        let p = PathBuf::from(a);
        if c.args.get(i.wrapping_sub(1)).is_some_and(|flag| flag == "--species-dir") || p == f.target {
            let mut files: Vec<PathBuf> = std::fs::read_dir(&f.species).unwrap().map(|e| e.unwrap().path()).collect();
            files.sort();
            reads.extend(files);
        }
        if p.is_file() {
            reads.push(p);
        }
    }
    reads
}

/// A property: whichever file a writing command reads (species, target, creature,
/// world, bank, recording) is given as its output, with `--force`, the command is
/// refused with a message naming that file as one it reads, and the file keeps its
/// bytes.
#[test]
fn an_output_naming_any_file_the_command_reads_is_refused_and_the_file_kept() {
    use proptest::test_runner::{Config, TestRunner};
    let f = Fixtures::new("reads");
    let all = cases(&f);
    // A command that writes into a folder, or names its kind by the name's ending,
    // refuses any input for that first.
    let pairs: Vec<(usize, PathBuf)> = all
        .iter()
        .enumerate()
        .filter(|(_, c)| c.folder.is_none() && c.suffix.is_empty())
        .flat_map(|(i, c)| reads(&f, c).into_iter().map(move |r| (i, r)))
        .collect();
    for command in ["new", "teach", "train", "sim", "recording fork", "scenario run"] {
        let species = pairs.iter().filter(|(i, p)| all[*i].command == command && p.starts_with(&f.species)).count();
        assert!(species > 20 || command == "scenario run", "{command} reads the species folder's files: {species}");
    }
    let mut runner = TestRunner::new(Config { cases: 32, failure_persistence: None, ..Config::default() });
    let result = runner.run(&(0..pairs.len()), |k| {
        let (i, input) = &pairs[k];
        let c = &all[*i];
        let before = std::fs::read(input).unwrap();
        let (code, err) = run(c, input, true, None);
        proptest::prop_assert_eq!(code, Some(1), "{} onto {}: {}", c.command, input.display(), err);
        let named = err.contains(&input.display().to_string())
            && (err.contains("is also read by this command") || err.contains("which this command reads"));
        proptest::prop_assert!(named, "{} onto {}: {}", c.command, input.display(), err);
        proptest::prop_assert!(std::fs::read(input).unwrap() == before, "{}: {} changed", c.command, input.display());
        Ok(())
    });
    result.unwrap();
}

#[cfg(unix)]
#[test]
fn a_pipe_is_never_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let f = Fixtures::new("pipe");
    for c in cases(&f) {
        let (out, pipe, given) = place(&f, &c, "pipe");
        assert!(std::process::Command::new("mkfifo").arg(&pipe).status().unwrap().success());
        refused(&c, "a pipe", run(&c, &given, true, None), &pipe);
        assert!(std::fs::symlink_metadata(&pipe).unwrap().file_type().is_fifo(), "{}", c.command);
        clear(&out);
    }
}

#[cfg(unix)]
#[test]
fn a_disk_with_no_room_leaves_the_old_file_whole() {
    let f = Fixtures::new("full");
    for c in cases(&f).into_iter().filter(|c| !c.tiny) {
        let (out, target, given) = place(&f, &c, "full");
        std::fs::write(&target, b"the user's own work").unwrap();
        refused(&c, "a disk with no room", run(&c, &given, true, Some(1)), &target);
        kept_whole(&target, c.command);
        clear(&out);
    }
}

/// A file with two names keeps its inode when replaced; on a disk with room for the
/// new contents once but not twice, the old contents stay whole and the new ones wait
/// in the temporary file the message names. Needs a small disk of its own: a tmpfs,
/// mounted where the test may (as root), and skipped with a note elsewhere.
#[cfg(target_os = "linux")]
#[test]
fn a_hard_linked_bank_on_a_full_disk_is_not_cut_short() {
    let f = Fixtures::new("hard");
    let disk = f.dir.join("small");
    std::fs::create_dir_all(&disk).unwrap();
    let merged = f.dir.join("merged.bank.ron");
    assert!(studio().args(["shadow", "merge", s(&f.bank), "-o", s(&merged)]).output().unwrap().status.success());
    let size = std::fs::metadata(&merged).unwrap().len();
    // Room for the old file and the new contents once, not for a second copy.
    let room = (size * 3 / 2 / 4096 + 2) * 4096;
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", &format!("size={room}"), "tmpfs", s(&disk)])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|st| st.success());
    if !mounted {
        eprintln!("no tmpfs could be mounted here: the hard-linked full-disk case is not run");
        return;
    }
    let out = disk.join("keep.bank.ron");
    std::fs::write(&out, b"the user's own bank").unwrap();
    std::fs::hard_link(&out, disk.join("link.bank.ron")).unwrap();
    let result = studio().args(["shadow", "merge", s(&f.bank), "-o", s(&out), "--force"]).output().unwrap();
    let kept = std::fs::read(&out).unwrap();
    let _ = std::process::Command::new("umount").arg(&disk).status();
    assert_eq!(result.status.code(), Some(1), "{}", String::from_utf8_lossy(&result.stderr));
    assert!(kept == b"the user's own bank", "the old bank was changed: {} bytes now", kept.len());
    let err = String::from_utf8_lossy(&result.stderr);
    assert!(err.contains("the new contents are kept in"), "{err}");
}

#[test]
fn two_outputs_naming_one_file_are_refused_before_any_work() {
    let f = Fixtures::new("distinct");
    let same = f.dir.join("same.out");
    let other_name = f.dir.join(".").join("same.out");
    for (o, parquet) in [(&same, &same), (&same, &other_name)] {
        let err = crate::common::fails(&[
            "train",
            s(&f.target),
            "--seeds",
            "1",
            "-o",
            s(o),
            "--parquet",
            s(parquet),
            "--force",
        ]);
        assert!(err.contains(&format!("-o {} and --parquet {} name one file", s(o), s(parquet))), "{err}");
        assert!(!same.exists(), "nothing was written");
    }
}

#[test]
fn any_name_the_file_system_allows_can_be_written_and_replaced() {
    let f = Fixtures::new("long-name");
    let name = format!("{}.ron", "c".repeat(251));
    assert_eq!(name.len(), 255);
    let out = f.dir.join(&name);
    for force in [false, true] {
        let mut args = vec!["new", "--species", "Cow", "-o", s(&out)];
        if force {
            args.push("--force");
        }
        let made = studio().args(&args).output().unwrap();
        assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    }
    let left: Vec<_> = std::fs::read_dir(&f.dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(left.iter().all(|n| !n.to_string_lossy().ends_with(".tmp")), "{left:?}");
    assert!(std::fs::read_to_string(&out).unwrap().contains("Cow"));
}

#[test]
fn a_target_named_with_a_line_break_leaves_its_script_readable() {
    let f = Fixtures::new("newline");
    let target = f.dir.join("kind\n)(.target.ron");
    std::fs::copy(&f.target, &target).unwrap();
    let script = f.dir.join("nl.lesson.ron");
    let made = studio().args(["train", s(&target), "--seeds", "1", "-o", s(&script)]).output().unwrap();
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let text = std::fs::read_to_string(&script).unwrap();
    assert!(text.starts_with("// ") && text.contains("kind\\n)(.target.ron"), "{text}");
    let played = studio().args(["teach", s(&script), "--json"]).output().unwrap();
    assert!(played.status.success(), "the script reads back: {}", String::from_utf8_lossy(&played.stderr));
}
