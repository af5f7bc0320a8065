//! A league's matches as an Apache Parquet table (SPEC §20, read by the tools of
//! SPEC §18): one row per match, in the league's place order, with `a` and `b` (the
//! paths of the banks on the left and on the right, utf8), `seed` (uint64), `winner`
//! (`"a"`, `"b"` or `"draw"`), `health_a`, `health_b` and `frames` (uint32).

use std::path::Path;
use std::sync::Arc;

use ::parquet::arrow::ArrowWriter;
use ::parquet::basic::Compression;
use ::parquet::file::properties::WriterProperties;
use arrow_array::{ArrayRef, RecordBatch, StringArray, UInt32Array, UInt64Array};
use arrow_schema::{DataType, Field, Schema};

use super::league::MatchResult;

/// The column names of a league table, in order.
pub const LEAGUE_COLUMNS: [&str; 7] = ["a", "b", "seed", "winner", "health_a", "health_b", "frames"];

fn schema() -> Schema {
    let kind = |name: &str| match name {
        "a" | "b" | "winner" => DataType::Utf8,
        "seed" => DataType::UInt64,
        _ => DataType::UInt32,
    };
    Schema::new(LEAGUE_COLUMNS.iter().map(|n| Field::new(*n, kind(n), false)).collect::<Vec<_>>())
}

/// The matches as the bytes of a Parquet file, Snappy-compressed, one row per match in
/// the order given; `banks` names the banks the matches number.
pub fn to_parquet(banks: &[String], matches: &[MatchResult]) -> Result<Vec<u8>, String> {
    let name = |i: usize| banks.get(i).map_or("", String::as_str);
    let schema = Arc::new(schema());
    let columns: Vec<ArrayRef> = vec![
        Arc::new(StringArray::from_iter_values(matches.iter().map(|m| name(m.a)))),
        Arc::new(StringArray::from_iter_values(matches.iter().map(|m| name(m.b)))),
        Arc::new(UInt64Array::from_iter_values(matches.iter().map(|m| m.seed))),
        Arc::new(StringArray::from_iter_values(matches.iter().map(|m| m.winner.name()))),
        Arc::new(UInt32Array::from_iter_values(matches.iter().map(|m| m.health[0]))),
        Arc::new(UInt32Array::from_iter_values(matches.iter().map(|m| m.health[1]))),
        Arc::new(UInt32Array::from_iter_values(matches.iter().map(|m| m.frames))),
    ];
    let batch = RecordBatch::try_new(Arc::clone(&schema), columns).map_err(|e| e.to_string())?;
    let props = WriterProperties::builder().set_compression(Compression::SNAPPY).build();
    let mut writer = ArrowWriter::try_new(Vec::new(), schema, Some(props)).map_err(|e| e.to_string())?;
    writer.write(&batch).map_err(|e| e.to_string())?;
    writer.into_inner().map_err(|e| e.to_string())
}

/// Writes the matches as a Parquet file, atomically (SPEC §14), under `policy`
/// ([`crate::file_writer`]): a league stopped before this leaves no file at all.
pub fn save(
    path: &Path,
    banks: &[String],
    matches: &[MatchResult],
    policy: &crate::file_writer::Policy,
) -> Result<(), String> {
    let bytes = to_parquet(banks, matches)?;
    crate::file_writer::write(path, &bytes, policy)
}
