//! A teachability report as an Apache Parquet table (SPEC §22, read by the tools of
//! SPEC §18): one row per species, in the report's order, with `species` (utf8),
//! `lessons` (uint32, null when the target was not reached), `held`, `seeds` (uint32),
//! `seed` (uint64, the first seed), `budget`, `tried`, `runs`, `turns` (uint64, the turns the
//! runs lived), `closest_index`
//! (uint32, null when reached), and what that expectation measured: `closest_observed`
//! (float64) for a number, `closest_known` (bool) for a yes or no, both null otherwise;
//! and what it was searched for ([`Searched`]): `target` (utf8, the target's file name)
//! and `target_data` (utf8, the hash of the target's and its data's bytes). A search split over machines (`train --shard I/K`) writes its species' rows, and
//! `train --results` reads the tables back ([`load`]) and puts the report together
//! ([`gather`]), each table checked to be of the target and data given
//! ([`searched_for`]).

use std::path::Path;
use std::sync::Arc;

use ::parquet::arrow::ArrowWriter;
use ::parquet::basic::Compression;
use ::parquet::file::properties::WriterProperties;
use arrow_array::{Array, ArrayRef, BooleanArray, Float64Array, RecordBatch, StringArray, UInt32Array, UInt64Array};
use arrow_schema::{DataType, Field, Schema};

use super::search::{Settings, Trained};
use super::searched::Searched;
use crate::names::Species;
use crate::scenario::Observed;

/// The column names of a report table, in order.
pub const REPORT_COLUMNS: [&str; 14] = [
    "species",
    "lessons",
    "held",
    "seeds",
    "seed",
    "budget",
    "tried",
    "runs",
    "turns",
    "closest_index",
    "closest_observed",
    "closest_known",
    "target",
    "target_data",
];

/// One species' line of the report, as printed and as kept in a table.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportRow {
    pub species: Species,
    pub lessons: Option<usize>,
    pub held: usize,
    pub seeds: usize,
    /// The first seed and the budget the search ran with.
    pub seed: u64,
    pub budget: usize,
    pub tried: usize,
    pub runs: usize,
    /// Turns lived by those runs, each ended once its verdict was known.
    pub turns: u64,
    /// The expectation nearest to holding, for a target not reached, and what it measured.
    pub closest: Option<(usize, Observed)>,
    /// The target and data the search ran for.
    pub searched: Searched,
}

impl ReportRow {
    /// The row of a search run with `settings` for `searched`.
    #[must_use]
    pub fn of(t: &Trained, settings: &Settings, searched: &Searched) -> ReportRow {
        ReportRow {
            species: t.species,
            lessons: t.lessons,
            held: t.held,
            seeds: t.seeds,
            seed: settings.seeds.first().copied().unwrap_or(0),
            budget: settings.budget,
            tried: t.tried,
            runs: t.runs,
            turns: t.turns,
            closest: t.closest.as_ref().map(|c| (c.index, c.observed)),
            searched: searched.clone(),
        }
    }
}

/// The turns a run of the report lived, on the mean over all its species' runs: `None`
/// when no run was made.
#[must_use]
pub fn turns_per_run(rows: &[ReportRow]) -> Option<f64> {
    let runs: usize = rows.iter().map(|r| r.runs).sum();
    let turns: u64 = rows.iter().map(|r| r.turns).sum();
    (runs > 0).then(|| turns as f64 / runs as f64)
}

/// The type column `name` of a report table holds, and whether it may be null.
fn data_type(name: &str) -> (DataType, bool) {
    match name {
        "species" | "target" | "target_data" => (DataType::Utf8, false),
        "lessons" | "closest_index" => (DataType::UInt32, true),
        "held" | "seeds" => (DataType::UInt32, false),
        "closest_observed" => (DataType::Float64, true),
        "closest_known" => (DataType::Boolean, true),
        _ => (DataType::UInt64, false),
    }
}

fn schema() -> Schema {
    let fields: Vec<Field> = REPORT_COLUMNS
        .iter()
        .map(|n| {
            let (t, nullable) = data_type(n);
            Field::new(*n, t, nullable)
        })
        .collect();
    Schema::new(fields)
}

/// A count as a column's unsigned 32 bits (a report's counts are far smaller).
fn u32_of(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The report as the bytes of a Parquet file, Snappy-compressed, one row per species.
pub fn to_parquet(rows: &[ReportRow]) -> Result<Vec<u8>, String> {
    let schema = Arc::new(schema());
    let observed = |r: &ReportRow| match r.closest {
        Some((_, Observed::Number(v))) => Some(v),
        _ => None,
    };
    let known = |r: &ReportRow| match r.closest {
        Some((_, Observed::Known(k))) => Some(k),
        _ => None,
    };
    let columns: Vec<ArrayRef> = vec![
        Arc::new(StringArray::from_iter_values(rows.iter().map(|r| r.species.name()))),
        Arc::new(UInt32Array::from_iter(rows.iter().map(|r| r.lessons.map(u32_of)))),
        Arc::new(UInt32Array::from_iter_values(rows.iter().map(|r| u32_of(r.held)))),
        Arc::new(UInt32Array::from_iter_values(rows.iter().map(|r| u32_of(r.seeds)))),
        Arc::new(UInt64Array::from_iter_values(rows.iter().map(|r| r.seed))),
        Arc::new(UInt64Array::from_iter_values(rows.iter().map(|r| r.budget as u64))),
        Arc::new(UInt64Array::from_iter_values(rows.iter().map(|r| r.tried as u64))),
        Arc::new(UInt64Array::from_iter_values(rows.iter().map(|r| r.runs as u64))),
        Arc::new(UInt64Array::from_iter_values(rows.iter().map(|r| r.turns))),
        Arc::new(UInt32Array::from_iter(rows.iter().map(|r| r.closest.map(|c| u32_of(c.0))))),
        Arc::new(Float64Array::from_iter(rows.iter().map(observed))),
        Arc::new(BooleanArray::from_iter(rows.iter().map(known))),
        Arc::new(StringArray::from_iter_values(rows.iter().map(|r| r.searched.target.as_str()))),
        Arc::new(StringArray::from_iter_values(rows.iter().map(|r| r.searched.data.as_str()))),
    ];
    let batch = RecordBatch::try_new(Arc::clone(&schema), columns).map_err(|e| e.to_string())?;
    let props = WriterProperties::builder().set_compression(Compression::SNAPPY).build();
    let mut writer = ArrowWriter::try_new(Vec::new(), schema, Some(props)).map_err(|e| e.to_string())?;
    writer.write(&batch).map_err(|e| e.to_string())?;
    writer.into_inner().map_err(|e| e.to_string())
}

/// Writes the report as a Parquet file, atomically (SPEC §14), under `policy`
/// ([`crate::file_writer`]).
pub fn save(path: &Path, rows: &[ReportRow], policy: &crate::file_writer::Policy) -> Result<(), String> {
    let bytes = to_parquet(rows)?;
    crate::file_writer::write(path, &bytes, policy)
}

/// Reads a report table written by [`save`] (a shard's, or a whole report's) through the
/// one Parquet reader. A missing column, a column of another type, a missing value or an
/// unknown species is refused with its column or row.
pub fn load(path: &Path) -> Result<Vec<ReportRow>, String> {
    let table = crate::parquet_table::read_parquet_table(path)?;
    let file = path.display();
    let column = |name: &str| -> Result<&ArrayRef, String> {
        let c = table.column_by_name(name).ok_or_else(|| {
            format!("{file}: there is no `{name}` column; a report table has the columns {}", REPORT_COLUMNS.join(", "))
        })?;
        let expected = data_type(name).0;
        if c.data_type() == &expected {
            Ok(c)
        } else {
            Err(format!("{file}: column `{name}` holds {}; expected {expected}", c.data_type()))
        }
    };
    let u32s = |name: &str| column(name).map(|c| c.as_any().downcast_ref::<UInt32Array>().cloned());
    let u64s = |name: &str| column(name).map(|c| c.as_any().downcast_ref::<UInt64Array>().cloned());
    let strings = |name: &str| column(name).map(|c| c.as_any().downcast_ref::<StringArray>().cloned());
    let species = strings("species")?;
    let (Some(target), Some(data)) = (strings("target")?, strings("target_data")?) else {
        return Err(format!("{file}: a column could not be read as its type"));
    };
    let (lessons, held, seeds, index) = (u32s("lessons")?, u32s("held")?, u32s("seeds")?, u32s("closest_index")?);
    let (seed, budget, tried, runs) = (u64s("seed")?, u64s("budget")?, u64s("tried")?, u64s("runs")?);
    let turns = u64s("turns")?;
    let observed = column("closest_observed")?.as_any().downcast_ref::<Float64Array>().cloned();
    let known = column("closest_known")?.as_any().downcast_ref::<BooleanArray>().cloned();
    let (Some(species), Some(lessons), Some(held), Some(seeds), Some(index)) = (species, lessons, held, seeds, index)
    else {
        return Err(format!("{file}: a column could not be read as its type"));
    };
    let (Some(seed), Some(budget), Some(tried), Some(runs), Some(turns), Some(observed), Some(known)) =
        (seed, budget, tried, runs, turns, observed, known)
    else {
        return Err(format!("{file}: a column could not be read as its type"));
    };
    let count = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    (0..table.num_rows())
        .map(|r| {
            let at = |message: String| format!("{file}: row {}: {message}", r + 1);
            let whole = [&held as &dyn Array, &seeds, &seed, &budget, &tried, &runs, &turns, &species, &target, &data];
            if whole.iter().any(|c| c.is_null(r)) {
                return Err(at("a value is missing; only `lessons` and the `closest_` columns may be null".into()));
            }
            let name = species.value(r);
            let species = Species::parse(name).map_err(at)?;
            let closest = (!index.is_null(r)).then(|| {
                let what = if !observed.is_null(r) {
                    Observed::Number(observed.value(r))
                } else if !known.is_null(r) {
                    Observed::Known(known.value(r))
                } else {
                    Observed::Nothing
                };
                (index.value(r) as usize, what)
            });
            Ok(ReportRow {
                species,
                lessons: (!lessons.is_null(r)).then(|| lessons.value(r) as usize),
                held: held.value(r) as usize,
                seeds: seeds.value(r) as usize,
                seed: seed.value(r),
                budget: count(budget.value(r)),
                tried: count(tried.value(r)),
                runs: count(runs.value(r)),
                turns: turns.value(r),
                closest,
                searched: Searched { target: target.value(r).to_owned(), data: data.value(r).to_owned() },
            })
        })
        .collect()
}

/// Refuses the rows of the table `table` unless they were all searched for `searched`,
/// the target at `target` as it is now: a table of another target, or of this one with
/// other bytes or species data, names both files.
pub fn searched_for(table: &Path, rows: &[ReportRow], searched: &Searched, target: &Path) -> Result<(), String> {
    let Some(row) = rows.iter().find(|r| r.searched != *searched) else { return Ok(()) };
    let (table, target) = (table.display(), target.display());
    Err(if row.searched.target == searched.target {
        format!(
            "{table} was searched for {} with other target or species data ({}) than {target} has now ({}); \
             search its shard again",
            row.searched.target, row.searched.data, searched.data
        )
    } else {
        format!(
            "{table} was searched for {}, not for {target}; give --results the tables of this target's shards",
            row.searched.target
        )
    })
}

/// The report of `species` searched with `settings`, from the rows of its shards'
/// tables: each species once, searched with the same seeds and budget, in the order of
/// `species`. `tables` names the tables the rows came from, for the messages.
pub fn gather(
    species: &[Species],
    settings: &Settings,
    rows: Vec<ReportRow>,
    tables: &str,
) -> Result<Vec<ReportRow>, String> {
    let first = settings.seeds.first().copied().unwrap_or(0);
    let mut placed: Vec<Option<ReportRow>> = vec![None; species.len()];
    for row in rows {
        let Some(i) = species.iter().position(|s| *s == row.species) else {
            return Err(format!("{tables}: {} is not one of the species asked for", row.species));
        };
        if (row.seed, row.seeds, row.budget) != (first, settings.seeds.len(), settings.budget) {
            return Err(format!(
                "{tables}: {} was searched with --seed {} --seeds {} --budget {}, not --seed {first} --seeds {} --budget {}",
                row.species,
                row.seed,
                row.seeds,
                row.budget,
                settings.seeds.len(),
                settings.budget
            ));
        }
        if placed[i].replace(row).is_some() {
            return Err(format!("{tables}: {} is in the tables twice", species[i]));
        }
    }
    let missing: Vec<&str> = species.iter().zip(&placed).filter(|(_, r)| r.is_none()).map(|(s, _)| s.name()).collect();
    if !missing.is_empty() {
        return Err(format!("{tables}: no row for {}; is a shard missing?", missing.join(", ")));
    }
    Ok(placed.into_iter().flatten().collect())
}
