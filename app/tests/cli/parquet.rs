//! Parquet exports on the real binary and the example banks (SPEC §18): export then
//! import gives the same bank and the same `shadow stats`; import never writes over a
//! file unless told; the shards of a batch write, together, the whole batch's rows.

use std::path::{Path, PathBuf};

use arrow_array::RecordBatch;
use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, UInt32Type, UInt64Type};
use arrow_schema::DataType;
use creature_core::parquet_table::read_parquet_table;
use creature_shadow::bank::Bank;

use crate::common::{repo, studio};

fn example(name: &str) -> PathBuf {
    repo().join("projects/example/shadow").join(name)
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// Runs the command, expects success, returns stdout.
fn ok(args: &[&str]) -> String {
    let out = studio().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs the command, expects exit code 1 (not a panic), returns stderr.
fn fails(args: &[&str]) -> String {
    let out = studio().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The `shadow stats` output of a bank, readable and JSON, without the file name the
/// readable form starts with.
fn stats(bank: &Path) -> (String, String) {
    let readable = ok(&["shadow", "stats", s(bank)]);
    let body = readable.split_once('\n').map_or("", |(_, rest)| rest).to_owned();
    let head = readable.lines().next().unwrap_or_default().replacen(s(bank), "", 1);
    (format!("{head}\n{body}"), ok(&["shadow", "stats", s(bank), "--json"]))
}

/// Every row of a Parquet file, as one record batch (the tests' files are small).
fn read_all(path: &Path) -> RecordBatch {
    read_parquet_table(path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn export_then_import_gives_the_same_bank_and_stats() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["rushdown.bank.ron", "turtle.bank.ron", "zoner.bank.ron"] {
        let bank = example(name);
        let table = dir.path().join(name.replace(".bank.ron", ".parquet"));
        ok(&["shadow", "export", s(&bank), "-o", s(&table)]);
        let original = Bank::load(&bank).unwrap();
        let rows = read_all(&table);
        assert_eq!(rows.num_rows(), original.len());
        let schema = rows.schema();
        for f in original.features() {
            assert_eq!(schema.field_with_name(f).unwrap().data_type(), &DataType::Float64, "{f}");
        }
        for back in [name.to_owned(), name.replace(".ron", ".bin")] {
            let back = dir.path().join(format!("back-{back}"));
            ok(&["shadow", "import", s(&table), "-o", s(&back)]);
            assert!(Bank::load(&back).unwrap() == original, "{name} → {}", back.display());
            assert_eq!(stats(&back), stats(&bank), "{name}");
        }
    }
}

#[test]
fn import_and_export_refuse_an_existing_target_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("zoner.parquet");
    ok(&["shadow", "export", s(&example("zoner.bank.ron")), "-o", s(&table)]);
    let target = dir.path().join("kept.bank.ron");
    std::fs::write(&target, "precious").unwrap();
    let err = fails(&["shadow", "import", s(&table), "-o", s(&target)]);
    assert!(err.contains("already exists") && err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
    ok(&["shadow", "import", s(&table), "-o", s(&target), "--force"]);
    assert_eq!(Bank::load(&target).unwrap().len(), Bank::load(&example("zoner.bank.ron")).unwrap().len());

    let err = fails(&["shadow", "export", s(&example("rushdown.bank.ron")), "-o", s(&table)]);
    assert!(err.contains("already exists"), "{err}");
    ok(&["shadow", "export", s(&example("rushdown.bank.ron")), "-o", s(&table), "--force"]);

    // A file that is not Parquet is refused with its name, not a panic.
    let err = fails(&["shadow", "import", s(&example("zoner.bank.ron")), "-o", s(&dir.path().join("x.ron"))]);
    assert!(err.contains("zoner.bank.ron") && err.contains("Parquet"), "{err}");
    assert!(!dir.path().join("x.ron").exists());
}

/// One row of a batch table: newborn, seed, species and every number bit for bit.
fn row(table: &RecordBatch, r: usize) -> (u32, u64, String, Vec<u64>) {
    let newborn = table.column(0).as_primitive::<UInt32Type>().value(r);
    let seed = table.column(1).as_primitive::<UInt64Type>().value(r);
    let species = table.column(2).as_string::<i32>().value(r).to_owned();
    let numbers = (3..table.num_columns()).map(|c| table.column(c).as_primitive::<Float64Type>().value(r).to_bits());
    (newborn, seed, species, numbers.collect())
}

#[test]
fn three_shards_of_a_batch_are_the_whole_batch_row_for_row() {
    let dir = tempfile::tempdir().unwrap();
    let run = |out: &Path, shard: Option<&str>| {
        let mut args =
            vec!["sim", "--species", "Cow", "--newborns", "24", "--seconds", "10", "--seed", "5", "--parquet", s(out)];
        if let Some(shard) = shard {
            args.extend(["--shard", shard]);
        }
        ok(&args);
        read_all(out)
    };
    let whole = run(&dir.path().join("whole.parquet"), None);
    assert_eq!(whole.num_rows(), 24);
    let schema = whole.schema();
    let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
    assert_eq!(
        &names[..8],
        ["newborn", "seed", "species", "kindness", "friendliness", "communicativeness", "lethargy", "aggression"]
    );
    assert!(names.contains(&"final_Hunger") && names.contains(&"time_Hunger"), "{names:?}");
    assert_eq!(schema.field(0).data_type(), &DataType::UInt32);
    assert_eq!(schema.field(1).data_type(), &DataType::UInt64);
    assert_eq!(schema.field(2).data_type(), &DataType::Utf8);
    assert!(schema.fields().iter().skip(3).all(|f| f.data_type() == &DataType::Float64));
    let expected: Vec<_> = (0..24).map(|r| row(&whole, r)).collect();
    assert_eq!(expected.iter().map(|r| r.0).collect::<Vec<_>>(), (0..24).collect::<Vec<u32>>());

    let mut rows = Vec::new();
    for i in 0..3u32 {
        let shard = run(&dir.path().join(format!("shard{i}.parquet")), Some(&format!("{i}/3")));
        assert_eq!(shard.num_rows(), 8);
        let shard_rows: Vec<_> = (0..shard.num_rows()).map(|r| row(&shard, r)).collect();
        assert!(shard_rows.iter().all(|r| r.0 % 3 == i), "shard {i}/3");
        rows.extend(shard_rows);
    }
    rows.sort_by_key(|r| r.0);
    assert_eq!(rows, expected);

    let err = fails(&[
        "sim",
        "--species",
        "Cow",
        "--newborns",
        "3",
        "--seconds",
        "1",
        "--parquet",
        s(&dir.path().join("bad.parquet")),
        "--shard",
        "3/3",
    ]);
    assert!(err.contains("--shard"), "{err}");
}
