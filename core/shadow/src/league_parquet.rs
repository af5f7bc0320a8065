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

use super::league::{MatchResult, Winner};

/// The column names of a league table, in order.
pub const LEAGUE_COLUMNS: [&str; 7] = ["a", "b", "seed", "winner", "health_a", "health_b", "frames"];

/// The type column `name` of a league table holds.
fn data_type(name: &str) -> DataType {
    match name {
        "a" | "b" | "winner" => DataType::Utf8,
        "seed" => DataType::UInt64,
        _ => DataType::UInt32,
    }
}

fn schema() -> Schema {
    Schema::new(LEAGUE_COLUMNS.iter().map(|n| Field::new(*n, data_type(n), false)).collect::<Vec<_>>())
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
/// ([`creature_core::file_writer`]): a league stopped before this leaves no file at all.
pub fn save(
    path: &Path,
    banks: &[String],
    matches: &[MatchResult],
    policy: &creature_core::file_writer::Policy,
) -> Result<(), String> {
    let bytes = to_parquet(banks, matches)?;
    creature_core::file_writer::write(path, &bytes, policy)
}

/// Reads a league table written by [`save`] (a shard's, or a whole league's) through
/// the one Parquet reader: each row's banks, named as `banks` names them, and its round
/// placed back by its seed ([`super::league::round_of`]). A row naming a bank outside
/// the list, or a seed no match of the league has, is refused with its row.
pub fn load(path: &Path, banks: &[String], rules: super::league::Rules) -> Result<Vec<MatchResult>, String> {
    use arrow_array::Array;
    let table = creature_core::parquet_table::read_parquet_table(path)?;
    let file = path.display();
    let column = |name: &str| {
        table.column_by_name(name).ok_or_else(|| {
            format!("{file}: there is no `{name}` column; a league table has the columns {}", LEAGUE_COLUMNS.join(", "))
        })
    };
    let wrong =
        |name: &str, holds: &str| format!("{file}: column `{name}` holds {holds}; expected {}", data_type(name));
    let text = |name: &str| -> Result<&StringArray, String> {
        let c = column(name)?;
        c.as_any().downcast_ref::<StringArray>().ok_or_else(|| wrong(name, &c.data_type().to_string()))
    };
    let whole = |name: &str| -> Result<&UInt32Array, String> {
        let c = column(name)?;
        c.as_any().downcast_ref::<UInt32Array>().ok_or_else(|| wrong(name, &c.data_type().to_string()))
    };
    let seeds = column("seed")?;
    let seeds =
        seeds.as_any().downcast_ref::<UInt64Array>().ok_or_else(|| wrong("seed", &seeds.data_type().to_string()))?;
    let (a, b, winner) = (text("a")?, text("b")?, text("winner")?);
    let (health_a, health_b, frames) = (whole("health_a")?, whole("health_b")?, whole("frames")?);
    let place = |name: &str| {
        banks.iter().position(|b| b == name).or_else(|| {
            let p = creature_core::paths::normalize(Path::new(name));
            banks.iter().position(|b| creature_core::paths::normalize(Path::new(b)) == p).or_else(|| {
                // Another path to the same file, as a shard run from elsewhere names it.
                banks.iter().position(|b| creature_core::file_writer::same_file(Path::new(b), Path::new(name)))
            })
        })
    };
    (0..table.num_rows())
        .map(|r| {
            let at = |message: String| format!("{file}: row {}: {message}", r + 1);
            let nulls = [a.is_null(r), b.is_null(r), winner.is_null(r), seeds.is_null(r), frames.is_null(r)];
            if nulls.into_iter().any(|n| n) || health_a.is_null(r) || health_b.is_null(r) {
                return Err(at("a value is missing; every column of a league table has a value in every row".into()));
            }
            let bank = |side: &StringArray| {
                let name = side.value(r);
                place(name).ok_or_else(|| at(format!("bank `{name}` is not one of this league's banks")))
            };
            let (x, y) = (bank(a)?, bank(b)?);
            let seed = seeds.value(r);
            let round = super::league::round_of(banks.len(), rules, x, y, seed).ok_or_else(|| {
                at(format!(
                    "no match of this league (seed {}, {} per side) has seed {seed}; was it played with other --seed or --matches?",
                    rules.seed, rules.matches
                ))
            })?;
            let winner = match winner.value(r) {
                "a" => Winner::A,
                "b" => Winner::B,
                "draw" => Winner::Draw,
                other => return Err(at(format!("winner `{other}`; expected \"a\", \"b\" or \"draw\""))),
            };
            Ok(MatchResult {
                a: x,
                b: y,
                round,
                seed,
                winner,
                health: [health_a.value(r), health_b.value(r)],
                frames: frames.value(r),
            })
        })
        .collect()
}
