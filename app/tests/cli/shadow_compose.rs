//! `shadow compose` on the real binary: a bank made of slices of the example banks,
//! each event keeping its source through Parquet export and import (SPEC §18), and the
//! situation classes two parts share listed as conflicts.

use crate::common::{fails, json, s, shadow_example, studio};
use creature_shadow::bank::Bank;

#[test]
fn a_composed_bank_keeps_its_sources_through_export_and_import() {
    let dir = tempfile::tempdir().unwrap();
    let (zoner, rushdown) = (shadow_example("zoner.bank.ron"), shadow_example("rushdown.bank.ron"));
    let out = dir.path().join("frank.bank.ron");
    let far = format!("{}:far", s(&zoner));
    let close = format!("{}:close", s(&rushdown));
    let v = json(&["shadow", "compose", "--part", &far, "--part", &close, "-o", s(&out), "--json"]);
    let composed = Bank::load(&out).unwrap();
    assert_eq!(v["events"].as_u64().unwrap() as usize, composed.len());
    assert_eq!(v["conflicts"].as_array().unwrap().len(), 0, "far and close share no class: {v}");
    let from = |name: &str| composed.iter().filter(|e| e.provenance.is_some_and(|p| p.bank == name)).count() as u64;
    assert_eq!(from("zoner.bank.ron"), v["parts"][0]["events"].as_u64().unwrap());
    assert_eq!(from("rushdown.bank.ron"), v["parts"][1]["events"].as_u64().unwrap());
    assert!(from("zoner.bank.ron") > 0 && from("rushdown.bank.ron") > 0);

    let parquet = dir.path().join("frank.parquet");
    let back = dir.path().join("back.bank.ron");
    json(&["shadow", "export", s(&out), "-o", s(&parquet), "--json"]);
    json(&["shadow", "import", s(&parquet), "-o", s(&back), "--json"]);
    assert_eq!(Bank::load(&back).unwrap(), composed, "every event's source and match come back");
}

#[test]
fn two_parts_giving_one_class_are_listed_as_a_conflict() {
    let dir = tempfile::tempdir().unwrap();
    let (zoner, rushdown) = (shadow_example("zoner.bank.ron"), shadow_example("rushdown.bank.ron"));
    let out = dir.path().join("both.bank");
    let close = format!("{}:close", s(&rushdown));
    let v = json(&["shadow", "compose", "--part", s(&zoner), "--part", &close, "-o", s(&out), "--json"]);
    let conflicts = v["conflicts"].as_array().unwrap();
    assert!(!conflicts.is_empty(), "{v}");
    for k in conflicts {
        assert_eq!(k["distance"], "close");
        let banks: Vec<&str> = k["sources"].as_array().unwrap().iter().map(|x| x["bank"].as_str().unwrap()).collect();
        assert_eq!(banks, ["zoner.bank.ron", "rushdown.bank.ron"]);
    }
    let run =
        studio().args(["shadow", "compose", "--part", s(&zoner), "--part", &close, "-o", s(&out), "--force"]).output();
    let text = String::from_utf8(run.unwrap().stdout).unwrap();
    assert!(text.contains("conflicts") && text.contains("zoner.bank.ron"), "{text}");

    let err = fails(&["shadow", "compose", "--part", &format!("{}:own=flying", s(&zoner)), "-o", s(&out), "--force"]);
    assert!(err.contains("unknown state `flying`"), "{err}");
    let err = fails(&["shadow", "compose", "--part", &format!("{}:distance>99", s(&zoner)), "-o", s(&out), "--force"]);
    assert!(err.contains("takes no event"), "{err}");
}

/// A part without a bank is said with the part and its flag, not as a file with no name.
#[test]
fn a_part_without_a_bank_names_the_part_and_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.bank.ron");
    let err = fails(&["shadow", "compose", "--part", ":close", "-o", s(&out)]);
    assert!(err.contains("--part :close: no bank before the filter; expected BANK:FILTER"), "{err}");
    let missing = dir.path().join("gone.bank.ron");
    let part = format!("{}:close", s(&missing));
    let err = fails(&["shadow", "compose", "--part", &part, "-o", s(&out)]);
    assert!(err.contains(&format!("(--part {part})")) && err.contains(s(&missing)), "{err}");
    assert!(!out.exists());
}
