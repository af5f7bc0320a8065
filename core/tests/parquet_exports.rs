//! SPEC §18: batch runs as Parquet files: the shards of a batch write the rows of the
//! whole batch. Files are written to disk and read back with the parquet crate.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, UInt32Type, UInt64Type};
use creature_core::file_writer::Policy;
use creature_core::parquet_table::read_parquet_table;
use creature_core::shard::Shard;
use creature_core::species::data::{Data, Species};
use creature_core::world::batch;
use creature_core::world::batch_parquet;
use creature_core::world::file::WorldFile;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cs-parquet-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every row of a Parquet file, as one record batch (the tests' files are small).
fn read_all(path: &Path) -> RecordBatch {
    read_parquet_table(path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn shards_of_a_batch_write_the_rows_of_the_whole_batch() {
    let data = Arc::new(Data::builtin().unwrap());
    let world = WorldFile::builtin(&data).unwrap();
    let (n, turns, seed) = (9, 60, 7);
    let whole = batch::lives(&data, Species::Cow, &world, n, Shard::ALL, turns, seed, 0);
    assert_eq!(whole.iter().map(|l| l.newborn).collect::<Vec<_>>(), (0..n).collect::<Vec<_>>());
    let dir = temp_dir("batch");
    let whole_path = dir.join("whole.parquet");
    batch_parquet::save(&whole_path, Species::Cow, &whole, &Policy::replacing()).unwrap();
    let whole_table = read_all(&whole_path);
    assert_eq!(whole_table.num_rows(), n);
    let names: Vec<String> = whole_table.schema().fields().iter().map(|f| f.name().clone()).collect();
    assert_eq!(names, batch_parquet::columns());
    assert!(names.contains(&"final_Hunger".to_owned()) && names.contains(&"time_Hunger".to_owned()));
    assert!(names.contains(&"kindness".to_owned()));

    let mut rows = Vec::new();
    for i in 0..3 {
        let lives = batch::lives(&data, Species::Cow, &world, n, Shard { index: i, of: 3 }, turns, seed, 0);
        assert!(lives.iter().all(|l| l.newborn % 3 == i));
        let path = dir.join(format!("shard{i}.parquet"));
        batch_parquet::save(&path, Species::Cow, &lives, &Policy::replacing()).unwrap();
        let table = read_all(&path);
        for r in 0..table.num_rows() {
            rows.push(row(&table, r));
        }
    }
    rows.sort_by_key(|r| r.0);
    let expected: Vec<_> = (0..n).map(|r| row(&whole_table, r)).collect();
    assert_eq!(rows, expected);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// One row of a batch table: newborn, seed, species and the numbers bit for bit.
fn row(table: &RecordBatch, r: usize) -> (u32, u64, String, Vec<u64>) {
    let newborn = table.column(0).as_primitive::<UInt32Type>().value(r);
    let seed = table.column(1).as_primitive::<UInt64Type>().value(r);
    let species = table.column(2).as_string::<i32>().value(r).to_owned();
    let numbers = (3..table.num_columns()).map(|c| table.column(c).as_primitive::<Float64Type>().value(r).to_bits());
    (newborn, seed, species, numbers.collect())
}
