//! No command writes over a file it read, whichever flag names it and whatever the
//! command: each case a user met, on a copy of the shipped example project and species
//! folder (docs/files.md).

use std::path::{Path, PathBuf};

use crate::common::{copy_dir, fails, repo, s, studio};

/// A copy of the example project at `projects/example` beside a copy of the species
/// folder at `species`, as in the repository, so the target's `species_dir` names the
/// copy.
struct Copy {
    root: PathBuf,
}

impl Copy {
    fn new(name: &str) -> Copy {
        let root = std::env::temp_dir().join(format!("cs-own-inputs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        copy_dir(&repo().join("projects/example"), &root.join("projects/example"));
        copy_dir(&repo().join("species"), &root.join("species"));
        Copy { root }
    }

    fn example(&self, rel: &str) -> PathBuf {
        self.root.join("projects/example").join(rel)
    }

    fn species(&self, name: &str) -> PathBuf {
        self.root.join("species").join(name)
    }
}

impl Drop for Copy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// Runs `args` expecting the refusal of writing over `input` given by `flag`, and
/// checks the file kept its bytes.
fn refused_over(args: &[&str], flag: &str, input: &Path) {
    let before = std::fs::read(input).unwrap();
    let err = fails(args);
    let shown = input.display().to_string();
    assert!(err.contains(&format!("{flag} {shown}")), "the message names the flag and the file: {err}");
    let says = err.contains("is also read by this command") || err.contains("which this command reads");
    assert!(says, "the message says the command reads it: {err}");
    assert!(err.contains(&format!("give {flag} another file")), "the message says how to write elsewhere: {err}");
    assert!(std::fs::read(input).unwrap() == before, "{shown} was changed");
}

#[test]
fn train_never_writes_its_script_or_table_into_the_species_folder() {
    let c = Copy::new("train");
    let target = c.example("targets/kind.target.ron");
    let (cow, desires) = (c.species("cow.ron"), c.species("desires.ron"));
    let base = ["train", s(&target), "--seeds", "1", "--budget", "1", "--force"];
    refused_over(&[&base[..], &["-o", s(&cow)]].concat(), "-o", &cow);
    refused_over(&[&base[..], &["--parquet", s(&desires)]].concat(), "--parquet", &desires);
    // The target itself, by another name for it.
    let other = c.example("targets/../targets/kind.target.ron");
    let before = std::fs::read(&target).unwrap();
    let err = fails(&[&base[..], &["-o", s(&other)]].concat());
    assert!(err.contains("which this command reads") && err.contains(s(&target)), "{err}");
    assert_eq!(std::fs::read(&target).unwrap(), before);
}

#[test]
fn teach_sim_and_fork_never_write_into_the_species_folder_they_read() {
    let c = Copy::new("others");
    let sp = c.root.join("species");
    let lesson = c.example("lessons/first_meal_from_the_hand.ron");
    let cow = c.species("cow.ron");
    refused_over(&["teach", s(&lesson), "--species-dir", s(&sp), "-o", s(&cow), "--force"], "-o", &cow);
    let desires = c.species("desires.ron");
    let sim = ["sim", "--species", "Cow", "--species-dir", s(&sp), "--newborns", "2", "--seconds", "5"];
    refused_over(&[&sim[..], &["--parquet", s(&desires), "--force"]].concat(), "--parquet", &desires);
    let recording = c.root.join("run.recording");
    let scenario = c.example("scenarios/compassion_leash.scenario.ron");
    let made = studio().args(["scenario", "run", s(&scenario), "--record", s(&recording)]).output().unwrap();
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let tiger = c.species("tiger.ron");
    let fork = ["recording", "fork", s(&recording), "--species-dir", s(&sp), "--at", "10"];
    refused_over(&[&fork[..], &["-o", s(&tiger), "--force"]].concat(), "-o", &tiger);
    // The species folder still loads: nothing in it was written over.
    let ok = studio().args(["check", s(&sp)]).output().unwrap();
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
}

/// The one write over a file read: a command told to change a bank in place (`shadow
/// delete` without `-o`) still does.
#[test]
fn a_change_in_place_asked_for_is_still_made() {
    let c = Copy::new("in-place");
    let bank = c.example("shadow/zoner.bank.ron");
    let before = std::fs::read(&bank).unwrap();
    let out = studio().args(["shadow", "delete", s(&bank), "--match", "1"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::read(&bank).unwrap() != before, "the bank was changed in place, as asked");
}
