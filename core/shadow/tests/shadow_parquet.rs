//! SPEC §18: banks as Parquet files. A bank survives export and import unchanged, with
//! the columns the spec names, and a broken or hostile file is refused with its name.
//! Files are written to disk and read back with the parquet crate.

#[path = "../../tests/support/parquet_footer.rs"]
mod parquet_footer;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, UInt32Type, UInt64Type};
use arrow_array::{Array, ArrayRef, Float64Array, RecordBatch, StringArray, UInt32Array, UInt64Array};
use arrow_schema::{DataType, Field, Schema};
use creature_core::file_writer::Policy;
use creature_core::parquet_table::read_parquet_table;
use creature_shadow::bank::{Bank, merge};
use parquet::arrow::ArrowWriter;
use parquet::file::metadata::{ColumnChunkMetaDataBuilder, ParquetMetaData};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cs-parquet-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn example_bank(name: &str) -> Bank {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../projects/example/shadow").join(name);
    Bank::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// Every row of a Parquet file, as one record batch (the tests' files are small).
fn read_all(path: &Path) -> RecordBatch {
    read_parquet_table(path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn example_banks_survive_export_and_import() {
    let dir = temp_dir("banks");
    for name in ["rushdown.bank.ron", "turtle.bank.ron", "zoner.bank.ron"] {
        let bank = example_bank(name);
        let out = dir.join(name.replace(".bank.ron", ".parquet"));
        bank.save_parquet(&out, &Policy::replacing()).unwrap();
        let back = Bank::load_parquet(&out).unwrap_or_else(|e| panic!("{e}"));
        assert!(back == bank, "{name}: the imported bank differs");
        assert_eq!(back.events(), bank.events());
        assert_eq!(back.stats(), bank.stats(), "{name}");

        let table = read_all(&out);
        assert_eq!(table.num_rows(), bank.len());
        let schema = table.schema();
        let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
        assert_eq!(&names[..8], ["event", "match_id", "segment", "index", "frame", "own", "opponent", "action"]);
        assert_eq!(&names[8..8 + bank.features().len()], bank.features());
        assert_eq!(&names[8 + bank.features().len()..], ["reaction", "recorded_at", "provenance"]);
        let kind = |n: &str| schema.field_with_name(n).unwrap().data_type().clone();
        assert_eq!(kind("event"), DataType::UInt64);
        assert_eq!(kind("match_id"), DataType::UInt64);
        assert_eq!(kind("segment"), DataType::UInt64);
        assert_eq!(kind("index"), DataType::UInt32);
        assert_eq!(kind("frame"), DataType::UInt32);
        assert_eq!(kind("own"), DataType::Utf8);
        assert_eq!(kind("action"), DataType::Utf8);
        for f in bank.features() {
            assert_eq!(kind(f), DataType::Float64, "{f}");
        }
        let ids = table.column_by_name("event").unwrap().as_primitive::<UInt64Type>();
        let frames = table.column_by_name("frame").unwrap().as_primitive::<UInt32Type>();
        let actions = table.column_by_name("action").unwrap().as_string::<i32>();
        let first = bank.features()[0].as_str();
        let feature = table.column_by_name(first).unwrap().as_primitive::<Float64Type>();
        let reactions = table.column_by_name("reaction").unwrap().as_primitive::<UInt32Type>();
        for (i, e) in bank.events().iter().enumerate() {
            assert_eq!(ids.value(i), e.id);
            assert_eq!(frames.value(i), e.frame);
            assert_eq!(actions.value(i), e.action);
            assert_eq!(feature.value(i), bank.state(i)[0]);
            assert_eq!(reactions.is_valid(i).then(|| reactions.value(i)), e.reaction);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merged_banks_keep_their_provenance_through_parquet() {
    let dir = temp_dir("merged");
    let a = example_bank("rushdown.bank.ron");
    let b = example_bank("zoner.bank.ron");
    let merged = merge(&[("rushdown", &a), ("zoner", &b)]).unwrap();
    assert!(merged.events().iter().any(|e| e.provenance.is_some()));
    let out = dir.join("merged.parquet");
    merged.save_parquet(&out, &Policy::replacing()).unwrap();
    assert!(Bank::load_parquet(&out).unwrap() == merged);
    // An empty bank still writes a readable file.
    let empty = Bank::new(vec!["distance".to_owned()]);
    let out = dir.join("empty.parquet");
    empty.save_parquet(&out, &Policy::replacing()).unwrap();
    assert!(Bank::load_parquet(&out).unwrap().is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_feature_named_like_an_event_field_is_refused() {
    let bank = Bank::new(vec!["distance".to_owned(), "frame".to_owned()]);
    let err = bank.to_parquet().unwrap_err();
    assert!(err.contains("`frame`"), "{err}");
}

#[test]
fn a_file_that_is_not_parquet_is_refused_with_its_name() {
    let dir = temp_dir("junk");
    let path = dir.join("junk.parquet");
    std::fs::write(&path, b"not parquet at all").unwrap();
    let err = Bank::load_parquet(&path).unwrap_err();
    assert!(err.to_string().starts_with(&path.display().to_string()), "{err}");
    let err = Bank::load_parquet(&dir.join("missing.parquet")).unwrap_err();
    assert!(err.message.contains("cannot read"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A valid export of `bank` with its footer rewritten by `edit`: the column data stays
/// where it was, and the new footer follows it.
fn with_footer(bank: &Bank, edit: impl FnOnce(ParquetMetaData) -> ParquetMetaData) -> Vec<u8> {
    parquet_footer::with_footer(&bank.to_parquet().unwrap(), edit)
}

/// The metadata with the first column chunk of the first row group changed by `edit`.
fn edit_first_chunk(
    metadata: ParquetMetaData,
    edit: impl FnOnce(ColumnChunkMetaDataBuilder) -> ColumnChunkMetaDataBuilder,
) -> ParquetMetaData {
    let mut builder = metadata.into_builder();
    let mut groups = builder.take_row_groups();
    let group = groups.remove(0);
    let mut columns = group.columns().to_vec();
    columns[0] = edit(columns[0].clone().into_builder()).build().unwrap();
    groups.insert(0, group.into_builder().set_column_metadata(columns).build().unwrap());
    builder.set_row_groups(groups).build()
}

#[test]
fn a_footer_that_places_a_column_outside_the_file_is_refused_with_its_name() {
    let bank = example_bank("zoner.bank.ron");
    let dir = temp_dir("footer");
    let untouched = with_footer(&bank, |m| m);
    let path = dir.join("untouched.parquet");
    std::fs::write(&path, &untouched).unwrap();
    assert!(Bank::load_parquet(&path).unwrap() == bank, "rewriting the footer unchanged keeps the file valid");

    let negative_start = |c: ColumnChunkMetaDataBuilder| c.set_dictionary_page_offset(None).set_data_page_offset(-8);
    let negative_length = |c: ColumnChunkMetaDataBuilder| c.set_total_compressed_size(-1);
    let past_the_end = |c: ColumnChunkMetaDataBuilder| c.set_total_compressed_size(1 << 40);
    for (name, bytes) in [
        ("negative_start.parquet", with_footer(&bank, |m| edit_first_chunk(m, negative_start))),
        ("negative_length.parquet", with_footer(&bank, |m| edit_first_chunk(m, negative_length))),
        ("past_the_end.parquet", with_footer(&bank, |m| edit_first_chunk(m, past_the_end))),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, &bytes).unwrap();
        let err = Bank::load_parquet(&path).unwrap_err();
        assert!(err.to_string().starts_with(&path.display().to_string()), "{err}");
        assert!(err.message.contains("column `event` of row group 0"), "{name}: {err}");
        let err = read_parquet_table(&path).unwrap_err();
        assert!(err.contains("outside the file"), "{name}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_of_more_features_than_a_bank_records_is_refused_before_its_rows_are_read() {
    let n = 10_000;
    let mut fields = vec![
        Field::new("event", DataType::UInt64, false),
        Field::new("match_id", DataType::UInt64, false),
        Field::new("segment", DataType::UInt64, false),
        Field::new("index", DataType::UInt32, false),
        Field::new("frame", DataType::UInt32, false),
        Field::new("own", DataType::Utf8, false),
        Field::new("opponent", DataType::Utf8, false),
        Field::new("action", DataType::Utf8, false),
    ];
    fields.extend((0..n).map(|i| Field::new(format!("f{i}"), DataType::Float64, true)));
    let schema = Arc::new(Schema::new(fields));
    let mut columns: Vec<ArrayRef> = vec![
        Arc::new(UInt64Array::from(vec![1])),
        Arc::new(UInt64Array::from(vec![1])),
        Arc::new(UInt64Array::from(vec![0])),
        Arc::new(UInt32Array::from(vec![0])),
        Arc::new(UInt32Array::from(vec![0])),
        Arc::new(StringArray::from(vec!["Ryu"])),
        Arc::new(StringArray::from(vec!["Ken"])),
        Arc::new(StringArray::from(vec!["jab"])),
    ];
    let value: ArrayRef = Arc::new(Float64Array::from(vec![0.5]));
    columns.extend((0..n).map(|_| Arc::clone(&value)));
    let batch = RecordBatch::try_new(Arc::clone(&schema), columns).unwrap();
    let mut writer = ArrowWriter::try_new(Vec::new(), schema, None).unwrap();
    writer.write(&batch).unwrap();
    let dir = temp_dir("wide");
    let path = dir.join("wide.parquet");
    std::fs::write(&path, writer.into_inner().unwrap()).unwrap();
    let err = Bank::load_parquet(&path).unwrap_err();
    assert!(err.to_string().starts_with(&path.display().to_string()), "{err}");
    let limit = creature_shadow::bank::MAX_FEATURES;
    assert!(err.message.contains(&format!("{n} features; a bank records at most {limit}")), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_footer_claiming_more_rows_than_the_file_or_the_reader_allows_is_refused_naming_the_file() {
    let bank = example_bank("zoner.bank.ron");
    let dir = temp_dir("rows");
    for (name, rows, said) in [
        ("rows_2_62.parquet", 1i64 << 62, "its footer claims 4611686018427387904 rows; expected at most"),
        ("rows_1e9.parquet", 1_000_000_000, "its footer claims 1000000000 rows; expected at most"),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, with_footer(&bank, |m| parquet_footer::claiming_rows(&m, rows))).unwrap();
        let err = read_parquet_table(&path).unwrap_err();
        assert!(err.starts_with(&format!("{}: ", path.display())) && err.contains(said), "{name}: {err}");
        let err = Bank::load_parquet(&path).unwrap_err();
        assert!(err.file == path.display().to_string(), "{name}: {err}");
    }
    // Fewer rows than the reader's limit, more than a file of its size holds.
    let small = example_bank("sentry.bank.ron");
    let len = with_footer(&small, |m| m).len() as u64;
    // Past the bound by more than the few bytes the larger count adds to the footer.
    let rows = (len + 64) * creature_core::parquet_table::MAX_ROWS_PER_BYTE;
    assert!(rows < creature_core::parquet_table::MAX_TABLE_ROWS as u64, "a small file: {len} bytes");
    let path = dir.join("dense.parquet");
    std::fs::write(&path, with_footer(&small, |m| parquet_footer::claiming_rows(&m, rows as i64))).unwrap();
    let err = read_parquet_table(&path).unwrap_err();
    assert!(err.contains("rows in a file of") && err.contains("at most 1024 rows per byte"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
