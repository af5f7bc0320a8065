//! World files of any size are checked in time that grows with the file, the number of
//! objects has a limit, and a storage pit cannot hold more than the simulation can sum.

use std::time::{Duration, Instant};

use creature_core::species::data::Data;
use creature_core::world::file::{BUILTIN_WORLD, MAX_OBJECTS, WorldFile, check_world};

/// The example village with `n` more sheep, each with its own id.
fn village_with_sheep(n: usize) -> String {
    let mut extra = String::new();
    for i in 0..n {
        let (x, y) = (1.0 + (i % 390) as f64, 1.0 + ((i / 390) % 290) as f64);
        extra.push_str(&format!("        (id: \"extra_sheep_{i}\", at: ({x}, {y}), kind: Sheep),\n"));
    }
    let at = BUILTIN_WORLD.find("objects: [").expect("objects") + "objects: [".len();
    format!("{}\n{extra}{}", &BUILTIN_WORLD[..at], &BUILTIN_WORLD[at..])
}

fn fastest_check(text: &str, data: &Data) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            let errs = check_world("w.ron", text, data);
            assert!(errs.is_empty(), "{:?}", errs.first());
            t.elapsed()
        })
        .min()
        .unwrap()
}

#[test]
fn checking_grows_linearly_with_the_number_of_objects() {
    let data = Data::builtin().unwrap();
    let small = fastest_check(&village_with_sheep(MAX_OBJECTS / 8), &data);
    let large = fastest_check(&village_with_sheep(MAX_OBJECTS - 100), &data);
    // Eight times the objects: about eight times the time when linear, sixty-four when
    // every object scans the whole text.
    let ratio = large.as_secs_f64() / small.as_secs_f64().max(1e-6);
    assert!(ratio < 20.0, "8× the objects took {ratio:.1}× the time ({small:?} → {large:?})");
}

#[test]
fn too_many_objects_are_refused_with_the_limit() {
    let data = Data::builtin().unwrap();
    let text = village_with_sheep(MAX_OBJECTS + 1);
    let t = Instant::now();
    let Err(errs) = WorldFile::parse("w.ron", &text, &data) else { panic!("{} objects accepted", MAX_OBJECTS + 1) };
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].message.contains(&format!("at most {MAX_OBJECTS}")), "{}", errs[0]);
    let line = text.lines().position(|l| l.contains("objects: [")).unwrap() + 1;
    assert_eq!(errs[0].line, line, "{}", errs[0]);
}

#[test]
fn a_storage_pit_cannot_hold_more_than_a_million() {
    let data = Data::builtin().unwrap();
    let text = BUILTIN_WORLD.replacen("food: 30, wood: 20", "food: 4294967295, wood: 20", 1);
    assert_ne!(text, BUILTIN_WORLD);
    let errs = check_world("w.ron", &text, &data);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].message.contains("home_pit") && errs[0].message.contains("at most 1000000"), "{}", errs[0]);
    let line = text.lines().position(|l| l.contains("id: \"home_pit\"")).unwrap() + 1;
    assert_eq!(errs[0].line, line);
    let text = BUILTIN_WORLD.replacen("food: 30, wood: 20", "food: 1000000, wood: 1000000", 1);
    assert!(check_world("w.ron", &text, &data).is_empty());
}
