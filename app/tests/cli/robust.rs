//! `check` and the saves on inputs a person did not mean: relative paths, binary banks,
//! files outside the project folder, shadow files that do not fit their schema, and
//! saves over files that already exist.

use std::path::Path;

use crate::common::{copy_dir, repo, studio};

/// A copy of the example project beside a copy of the species folder, laid out as in
/// the repository (`projects/example` with `species: "../../species"`).
fn example_copy(dir: &Path) -> std::path::PathBuf {
    copy_dir(&repo().join("species"), &dir.join("species"));
    let project = dir.join("projects/example");
    copy_dir(&repo().join("projects/example"), &project);
    project
}

#[test]
fn check_dot_inside_the_project_finds_the_species_two_folders_up() {
    let dir = tempfile::tempdir().unwrap();
    let project = example_copy(dir.path());
    let out = studio().current_dir(&project).args(["check", "."]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let out = studio().current_dir(project.join("creatures")).args(["check", ".."]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Runs `check` and returns its exit code and standard output.
fn check(paths: &[&Path]) -> (Option<i32>, String) {
    let out = studio().arg("check").args(paths).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
}

fn record(out: &Path, extra: &[&str]) -> std::process::Output {
    studio()
        .args(["shadow", "record", "--bot", "zoner", "--vs", "turtle", "--matches", "1", "--seed", "2", "-o", s(out)])
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn check_reads_the_binary_banks_the_tool_writes_and_refuses_bytes_after_them() {
    let dir = tempfile::tempdir().unwrap();
    let bank = dir.path().join("z.bank");
    assert!(record(&bank, &[]).status.success());
    assert!(std::fs::read(&bank).unwrap().starts_with(b"CSBANK"));
    let (code, stdout) = check(&[&bank]);
    assert_eq!(code, Some(0), "{stdout}");
    let mut bytes = std::fs::read(&bank).unwrap();
    bytes.extend_from_slice(b"junk");
    std::fs::write(&bank, bytes).unwrap();
    let (code, stdout) = check(&[&bank]);
    assert_eq!(code, Some(1));
    assert!(stdout.starts_with(&format!("{}:1:1: 4 bytes after the end", bank.display())), "{stdout}");
}

#[test]
fn a_project_check_reads_binary_banks_and_folders_outside_the_project() {
    let dir = tempfile::tempdir().unwrap();
    let project = example_copy(dir.path());
    // A binary bank in the shadow folder is read; a broken one is reported.
    let bank = project.join("shadow/recorded.bank");
    assert!(record(&bank, &[]).status.success());
    let (code, stdout) = check(&[&project]);
    assert_eq!(code, Some(0), "{stdout}");
    std::fs::write(&bank, b"CSBANK\0\x01\xff\xff\xff").unwrap();
    let (code, stdout) = check(&[&project]);
    assert_eq!(code, Some(1));
    assert!(stdout.contains(&format!("{}:1:1: ", bank.display())), "{stdout}");
    std::fs::remove_file(&bank).unwrap();
    // Creatures, lessons and shadow folders named as `../x` are checked too.
    let manifest = project.join("studio.ron");
    for sub in ["creatures", "lessons", "shadow"] {
        std::fs::rename(project.join(sub), dir.path().join(format!("shared_{sub}"))).unwrap();
    }
    let text = std::fs::read_to_string(&manifest)
        .unwrap()
        .replace("creatures: \"creatures\"", "creatures: \"../../shared_creatures\"")
        .replace("lessons: \"lessons\"", "lessons: \"../../shared_lessons\"")
        .replace("shadow: \"shadow\"", "shadow: \"../../shared_shadow\"");
    std::fs::write(&manifest, text).unwrap();
    let (code, stdout) = check(&[&project]);
    assert_eq!(code, Some(0), "{stdout}");
    for sub in ["creatures", "lessons", "shadow"] {
        let folder = dir.path().join(format!("shared_{sub}"));
        let first = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .min()
            .unwrap();
        let text = std::fs::read_to_string(&first).unwrap();
        std::fs::write(&first, format!("{text}\n)")).unwrap();
        let (code, stdout) = check(&[&project]);
        assert_eq!(code, Some(1), "{sub}");
        assert!(stdout.contains(&format!("{}:", first.file_name().unwrap().to_str().unwrap())), "{sub}: {stdout}");
        std::fs::write(&first, text).unwrap();
    }
}

#[test]
fn banks_and_states_in_a_shadow_folder_must_fit_its_schema() {
    let dir = tempfile::tempdir().unwrap();
    let project = example_copy(dir.path());
    let shadow = project.join("shadow");
    let state = shadow.join("far.state.ron");
    let good = std::fs::read_to_string(&state).unwrap();
    let cases = [
        ("\"distance\": 4.0,", "\"distance\": 4.0,\n    \"flying\": 1.0,", "\"flying\"", "unknown feature `flying`"),
        ("\"own_state\": 0,", "\"own_state\": 0.5,", "\"own_state\"", "category values are integer codes"),
    ];
    for (from, to, at, message) in cases {
        let text = good.replacen(from, to, 1);
        std::fs::write(&state, &text).unwrap();
        let (code, stdout) = check(&[&project]);
        assert_eq!(code, Some(1), "{to}: {stdout}");
        let (line, col) = position(&text, at);
        let prefix = format!("{}:{line}:{col}: ", state.display());
        assert!(stdout.lines().any(|l| l.starts_with(&prefix) && l.contains(message)), "{prefix} {message}: {stdout}");
        // The file alone is checked against the folder's schema too.
        assert_eq!(check(&[&state]).0, Some(1));
        assert!(
            studio()
                .args(["shadow", "query", "--schema", s(&shadow.join("arena.schema.ron")), "--bank"])
                .arg(shadow.join("zoner.bank.ron"))
                .arg("--state")
                .arg(&state)
                .output()
                .unwrap()
                .status
                .code()
                == Some(1)
                || message.contains("category"),
            "query refuses what check refuses"
        );
    }
    std::fs::write(&state, &good).unwrap();
    let bank = shadow.join("zoner.bank.ron");
    let good = std::fs::read_to_string(&bank).unwrap();
    let action = good.split("action:\"").nth(3).unwrap().split('"').next().unwrap().to_owned();
    let at = good.match_indices(&format!("action:\"{action}\"")).next().unwrap().0;
    let text = format!("{}action:\"Fly\"{}", &good[..at], &good[at + format!("action:\"{action}\"").len()..]);
    std::fs::write(&bank, &text).unwrap();
    let (code, stdout) = check(&[&project]);
    assert_eq!(code, Some(1));
    let (line, col) = position(&text, "action:\"Fly\"");
    let prefix = format!("{}:{line}:{col}: ", bank.display());
    assert!(stdout.lines().any(|l| l.starts_with(&prefix) && l.contains("unknown action `Fly`")), "{prefix}: {stdout}");
    let fight = studio().args(["shadow", "fight", "--vs", "turtle", "--bank"]).arg(&bank).output().unwrap();
    assert_eq!(fight.status.code(), Some(1), "fight refuses what check refuses");
    let text = good.replacen("\"own_state\":0.0", "\"own_state\":0.5", 1);
    assert_ne!(text, good);
    std::fs::write(&bank, &text).unwrap();
    let (code, stdout) = check(&[&project]);
    assert_eq!(code, Some(1));
    let (line, col) = position(&text, "\"own_state\":0.5");
    let prefix = format!("{}:{line}:{col}: ", bank.display());
    assert!(stdout.lines().any(|l| l.starts_with(&prefix) && l.contains("integer codes")), "{prefix}: {stdout}");
}

/// The 1-based line and column of the first `needle` in `text`.
fn position(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).expect(needle);
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before[before.rfind('\n').map_or(0, |i| i + 1)..].chars().count() + 1;
    (line, col)
}

#[test]
fn saves_never_replace_an_existing_file_unless_told() {
    let dir = tempfile::tempdir().unwrap();
    let bank = dir.path().join("three.ron");
    assert!(
        studio()
            .args(["shadow", "record", "--bot", "zoner", "--matches", "3", "-o", s(&bank)])
            .output()
            .unwrap()
            .status
            .success()
    );
    let before = std::fs::read(&bank).unwrap();
    let out = record(&bank, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists; pass --append"));
    assert_eq!(std::fs::read(&bank).unwrap(), before, "record without --append leaves the bank");
    assert!(record(&bank, &["--append"]).status.success());
    assert!(std::fs::read(&bank).unwrap().len() > before.len());
    assert!(record(&bank, &["--force"]).status.success());
    assert!(std::fs::read(&bank).unwrap().len() < before.len(), "--force replaces");

    let merged = dir.path().join("merged.ron");
    std::fs::write(&merged, b"mine").unwrap();
    let out = studio().args(["shadow", "merge", s(&bank), "-o", s(&merged)]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read(&merged).unwrap(), b"mine");
    assert!(
        studio().args(["shadow", "merge", s(&bank), "--force", "-o", s(&merged)]).output().unwrap().status.success()
    );
    let copy = dir.path().join("copy.ron");
    std::fs::write(&copy, b"mine").unwrap();
    let out = studio().args(["shadow", "delete", s(&bank), "--match", "1", "-o", s(&copy)]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read(&copy).unwrap(), b"mine");

    let save = dir.path().join("taught.ron");
    std::fs::write(&save, b"mine").unwrap();
    let script = repo().join("projects/example/lessons/anger_which_town.ron");
    let out = studio().arg("teach").arg(&script).args(["-o", s(&save)]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists; pass --force"));
    assert_eq!(std::fs::read(&save).unwrap(), b"mine");
    assert!(studio().arg("teach").arg(&script).args(["--force", "-o", s(&save)]).output().unwrap().status.success());
    assert!(std::fs::read_to_string(&save).unwrap().contains("species"));
}

#[test]
fn a_banks_form_follows_its_name_never_the_file_it_replaces() {
    let dir = tempfile::tempdir().unwrap();
    // A RON bank given a `.bank` name is read, and written back binary.
    let bank = dir.path().join("readable.bank");
    std::fs::copy(repo().join("projects/example/shadow/zoner.bank.ron"), &bank).unwrap();
    assert!(record(&bank, &["--append"]).status.success());
    assert!(std::fs::read(&bank).unwrap().starts_with(b"CSBANK"), "a `.bank` is binary");
    assert!(studio().args(["shadow", "delete", s(&bank), "--match", "1"]).output().unwrap().status.success());
    assert!(std::fs::read(&bank).unwrap().starts_with(b"CSBANK"), "still binary after a delete");
    // A binary bank given a `.bank.ron` name is written back as RON.
    let binary = dir.path().join("binary.bank");
    assert!(record(&binary, &[]).status.success());
    let named_ron = dir.path().join("binary.bank.ron");
    std::fs::copy(&binary, &named_ron).unwrap();
    assert!(record(&named_ron, &["--append"]).status.success());
    let text = String::from_utf8(std::fs::read(&named_ron).unwrap()).expect("a `.bank.ron` is RON text");
    assert!(text.contains("events"), "{}", &text[..text.len().min(80)]);
}
