//! A bank as an Apache Parquet table (SPEC §18), for DuckDB, Polars, pandas or Spark:
//! one row per event, its fields under their own names and one float64 column per
//! state feature, named as the feature. Reading is the inverse, so a bank survives the
//! trip unchanged; it also takes the integer and string types other tools write when
//! they rewrite such a file (int64 for uint64, large or view strings).

use std::path::Path;
use std::sync::Arc;

use ::parquet::arrow::ArrowWriter;
use ::parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use ::parquet::basic::Compression;
use ::parquet::file::properties::WriterProperties;
use arrow_array::cast::AsArray;
use arrow_array::types::{
    ArrowPrimitiveType, Float32Type, Float64Type, Int8Type, Int16Type, Int32Type, Int64Type, UInt8Type, UInt16Type,
    UInt32Type, UInt64Type,
};
use arrow_array::{
    Array, ArrayRef, BooleanArray, Float64Array, RecordBatch, StringArray, StructArray, UInt32Array, UInt64Array,
};
use arrow_buffer::NullBuffer;
use arrow_schema::{DataType, Field, Fields, Schema};

use super::event::{EventRef, Matchup, Provenance};
use super::model::{Bank, BankProblem, MAX_EVENTS};
use creature_core::error::LoadError;

/// The columns an event's own fields take; every other column is a state feature.
pub const EVENT_COLUMNS: [&str; 11] = [
    "event",
    "match_id",
    "segment",
    "index",
    "frame",
    "own",
    "opponent",
    "action",
    "reaction",
    "recorded_at",
    "provenance",
];

/// Events written per record batch, so that a large bank is not copied into one batch.
const CHUNK: usize = 65_536;

/// The fields of the `provenance` column: where a merged event was first recorded, and
/// whether it is a person's correction of a shadow there.
fn provenance_fields() -> Fields {
    Fields::from(vec![
        Field::new("bank", DataType::Utf8, false),
        Field::new("match_id", DataType::UInt64, false),
        Field::new("segment", DataType::UInt64, false),
        Field::new("correction", DataType::Boolean, false),
    ])
}

impl Bank {
    /// The Arrow schema of the bank's Parquet form.
    fn parquet_schema(&self) -> Schema {
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
        fields.extend(self.features.iter().map(|f| Field::new(f, DataType::Float64, true)));
        fields.push(Field::new("reaction", DataType::UInt32, true));
        fields.push(Field::new("recorded_at", DataType::UInt64, true));
        fields.push(Field::new("provenance", DataType::Struct(provenance_fields()), true));
        Schema::new(fields)
    }

    /// Events `from..to` as one record batch of `schema`.
    fn parquet_batch(&self, schema: &Arc<Schema>, from: usize, to: usize) -> Result<RecordBatch, String> {
        let events: Vec<EventRef<'_>> = (from..to).map(|i| self.event(i)).collect();
        let mut columns: Vec<ArrayRef> = vec![
            Arc::new(UInt64Array::from_iter_values(events.iter().map(|e| e.id))),
            Arc::new(UInt64Array::from_iter_values(events.iter().map(|e| e.match_id))),
            Arc::new(UInt64Array::from_iter_values(events.iter().map(|e| e.segment))),
            Arc::new(UInt32Array::from_iter_values(events.iter().map(|e| e.index))),
            Arc::new(UInt32Array::from_iter_values(events.iter().map(|e| e.frame))),
            Arc::new(StringArray::from_iter_values(events.iter().map(|e| e.matchup.own()))),
            Arc::new(StringArray::from_iter_values(events.iter().map(|e| e.matchup.opponent()))),
            Arc::new(StringArray::from_iter_values(events.iter().map(|e| e.action))),
        ];
        for f in 0..self.features.len() {
            columns.push(Arc::new(Float64Array::from_iter_values((from..to).map(|i| self.value(i, f)))));
        }
        columns.push(Arc::new(events.iter().map(|e| e.reaction).collect::<UInt32Array>()));
        columns.push(Arc::new(events.iter().map(|e| e.recorded_at).collect::<UInt64Array>()));
        // Rows without provenance are null; their children hold placeholders.
        let banks = StringArray::from_iter_values(events.iter().map(|e| e.provenance.map_or("", |p| p.bank.as_str())));
        let matches = UInt64Array::from_iter_values(events.iter().map(|e| e.provenance.map_or(0, |p| p.match_id)));
        let segments = UInt64Array::from_iter_values(events.iter().map(|e| e.provenance.map_or(0, |p| p.segment)));
        let corrections: BooleanArray =
            events.iter().map(|e| Some(e.provenance.is_some_and(|p| p.correction))).collect();
        let present = NullBuffer::from(events.iter().map(|e| e.provenance.is_some()).collect::<Vec<bool>>());
        let provenance = StructArray::try_new(
            provenance_fields(),
            vec![Arc::new(banks), Arc::new(matches), Arc::new(segments), Arc::new(corrections)],
            Some(present),
        )
        .map_err(|e| e.to_string())?;
        columns.push(Arc::new(provenance));
        RecordBatch::try_new(Arc::clone(schema), columns).map_err(|e| e.to_string())
    }

    /// The bank as the bytes of a Parquet file (SPEC §18), Snappy-compressed. Refused
    /// when a feature has the name of an event field, which would give two columns one
    /// name.
    pub fn to_parquet(&self) -> Result<Vec<u8>, String> {
        if let Some(f) = self.features.iter().find(|f| EVENT_COLUMNS.contains(&f.as_str())) {
            return Err(format!(
                "feature `{f}` has the name of an event field; a Parquet export names its columns {} and the features, so rename the feature",
                EVENT_COLUMNS.join(", ")
            ));
        }
        let schema = Arc::new(self.parquet_schema());
        let props = WriterProperties::builder().set_compression(Compression::SNAPPY).build();
        let mut writer =
            ArrowWriter::try_new(Vec::new(), Arc::clone(&schema), Some(props)).map_err(|e| e.to_string())?;
        let mut from = 0;
        // An empty bank still writes its schema, so that readers see its columns.
        while from < self.len() || (from == 0 && self.is_empty()) {
            let to = (from + CHUNK).min(self.len());
            let batch = self.parquet_batch(&schema, from, to)?;
            writer.write(&batch).map_err(|e| e.to_string())?;
            if to == from {
                break;
            }
            from = to;
        }
        writer.into_inner().map_err(|e| e.to_string())
    }

    /// Writes the bank as a Parquet file, atomically (SPEC §14), under `policy`
    /// ([`creature_core::file_writer`]).
    pub fn save_parquet(&self, path: &Path, policy: &creature_core::file_writer::Policy) -> Result<(), String> {
        let bytes = self.to_parquet()?;
        creature_core::file_writer::write(path, &bytes, policy)
    }

    /// Reads a bank from a Parquet file written by [`Bank::save_parquet`] or by another
    /// tool with the same columns (SPEC §18). The bank is checked like a loaded one.
    pub fn load_parquet(path: &Path) -> Result<Bank, LoadError> {
        let file = path.display().to_string();
        let fail = |message: String| LoadError::whole_file(&file, message);
        let (reader, len) = creature_core::file_reader::open(path, creature_core::file_reader::Limit::Parquet)?;
        let builder = ParquetRecordBatchReaderBuilder::try_new(reader)
            .map_err(|e| fail(format!("not a readable Parquet file: {e}")))?;
        creature_core::parquet_table::check_footer(builder.metadata(), len).map_err(&fail)?;
        let rows =
            creature_core::parquet_table::check_rows(builder.metadata(), len, MAX_EVENTS, "events").map_err(&fail)?;
        let schema = Arc::clone(builder.schema());
        let features = features_of(&schema).map_err(&fail)?;
        // Before any column is read: a file of 10,000 feature columns is refused here,
        // not after it was read in full, as loading the bank it makes would refuse it.
        Bank::check_features(&features).map_err(&fail)?;
        for required in &EVENT_COLUMNS[..8] {
            if schema.column_with_name(required).is_none() {
                return Err(fail(format!(
                    "there is no `{required}` column; a bank's Parquet form has the columns {} (the last three may be left out) and one per feature",
                    EVENT_COLUMNS.join(", ")
                )));
            }
        }
        let reader = builder.build().map_err(|e| fail(format!("not a readable Parquet file: {e}")))?;
        let row_problem = |p: BankProblem| match p.event {
            Some(i) => fail(format!("row {}: {}", i + 1, p.message)),
            None => fail(p.message),
        };
        let mut bank = Bank::new(features);
        bank.reserve(rows);
        for batch in reader {
            let batch = batch.map_err(|e| fail(format!("cannot read the file's rows: {e}")))?;
            read_batch(&batch, &mut bank).map_err(&fail)?;
        }
        bank.check().map_err(row_problem)?;
        Ok(bank)
    }
}

/// The state features of a bank's Parquet form: every column that is not an event
/// field, in column order; each must hold numbers.
fn features_of(schema: &Schema) -> Result<Vec<String>, String> {
    let mut features = Vec::new();
    for field in schema.fields() {
        if EVENT_COLUMNS.contains(&field.name().as_str()) {
            continue;
        }
        if !(field.data_type().is_floating() || field.data_type().is_integer()) {
            return Err(format!(
                "column `{}` holds {}; a column that is not an event field ({}) is a state feature and holds numbers",
                field.name(),
                field.data_type(),
                EVENT_COLUMNS.join(", ")
            ));
        }
        features.push(field.name().clone());
    }
    Ok(features)
}

/// Appends the events and states of one record batch to `bank`.
fn read_batch(batch: &RecordBatch, bank: &mut Bank) -> Result<(), String> {
    let first = bank.len();
    let n = batch.num_rows();
    let column = |name: &str| batch.column_by_name(name);
    let required = |name: &str| column(name).ok_or_else(|| format!("there is no `{name}` column"));
    let ids = integers(required("event")?, "event", first, u64::MAX, true)?;
    let matches = integers(required("match_id")?, "match_id", first, u64::MAX, true)?;
    let segments = integers(required("segment")?, "segment", first, u64::MAX, true)?;
    let indices = integers(required("index")?, "index", first, u32::MAX.into(), true)?;
    let frames = integers(required("frame")?, "frame", first, u32::MAX.into(), true)?;
    let own = strings(required("own")?, "own", first, true)?;
    let opponent = strings(required("opponent")?, "opponent", first, true)?;
    let actions = strings(required("action")?, "action", first, true)?;
    let reactions = match column("reaction") {
        Some(c) => integers(c, "reaction", first, u32::MAX.into(), false)?,
        None => vec![None; n],
    };
    let recorded = match column("recorded_at") {
        Some(c) => integers(c, "recorded_at", first, u64::MAX, false)?,
        None => vec![None; n],
    };
    let provenance = match column("provenance") {
        Some(c) => provenances(c, first)?,
        None => vec![None; n],
    };
    let features = bank.features().to_vec();
    let states = features.iter().map(|f| required(f).and_then(|c| numbers(c, f))).collect::<Result<Vec<_>, _>>()?;
    let mut row = Vec::with_capacity(features.len());
    let mut matchup = Matchup::default();
    for r in 0..n {
        row.clear();
        for (f, column) in features.iter().zip(&states) {
            let v = column[r].ok_or_else(|| {
                format!("row {}: `{f}` is null; every event records every feature of the bank", first + r + 1)
            })?;
            row.push(v);
        }
        // Required columns were read with nulls refused, so these are all present.
        let get = |c: &[Option<u64>]| c[r].unwrap_or_default();
        let (o, p) = (own[r].as_deref().unwrap_or_default(), opponent[r].as_deref().unwrap_or_default());
        if matchup.own() != o || matchup.opponent() != p {
            matchup = Matchup::new(o, p);
        }
        let event = EventRef {
            id: get(&ids),
            matchup: &matchup,
            match_id: get(&matches),
            segment: get(&segments),
            index: get(&indices) as u32,
            frame: get(&frames) as u32,
            action: actions[r].as_deref().unwrap_or_default(),
            reaction: reactions[r].map(|x| x as u32),
            recorded_at: recorded[r],
            provenance: provenance[r].as_ref(),
        };
        bank.push(&event, row.iter().copied()).map_err(|m| format!("row {}: {m}", first + r + 1))?;
    }
    Ok(())
}

/// The values of an integer column of any width and sign, widened; `None` when the
/// column does not hold whole numbers.
fn wide(column: &ArrayRef) -> Option<Vec<Option<i128>>> {
    macro_rules! widen {
        ($($t:ty),*) => {
            match column.data_type() {
                $(dt if dt == &<$t as ArrowPrimitiveType>::DATA_TYPE => column
                    .as_primitive_opt::<$t>()
                    .map(|a| a.iter().map(|v| v.map(i128::from)).collect()),)*
                _ => None,
            }
        };
    }
    widen!(Int8Type, Int16Type, Int32Type, Int64Type, UInt8Type, UInt16Type, UInt32Type, UInt64Type)
}

/// The values of an integer column of any width and sign, each from 0 to `max`; nulls
/// are refused when `required`.
fn integers(column: &ArrayRef, name: &str, first: usize, max: u64, required: bool) -> Result<Vec<Option<u64>>, String> {
    let wide =
        wide(column).ok_or_else(|| format!("column `{name}` holds {}; expected whole numbers", column.data_type()))?;
    wide.into_iter()
        .enumerate()
        .map(|(row, v)| match v {
            None if required => Err(format!("row {}: `{name}` is null; every event has one", first + row + 1)),
            None => Ok(None),
            Some(v) if v < 0 || v > i128::from(max) => {
                Err(format!("row {}: `{name}` is {v}; expected a whole number from 0 to {max}", first + row + 1))
            }
            Some(v) => Ok(Some(v as u64)),
        })
        .collect()
}

/// The values of a feature column: floats, or whole numbers as floats.
fn numbers(column: &ArrayRef, name: &str) -> Result<Vec<Option<f64>>, String> {
    if let Some(a) = column.as_primitive_opt::<Float64Type>() {
        return Ok(a.iter().collect());
    }
    if let Some(a) = column.as_primitive_opt::<Float32Type>() {
        return Ok(a.iter().map(|v| v.map(f64::from)).collect());
    }
    let wide = wide(column).ok_or_else(|| format!("column `{name}` holds {}; expected numbers", column.data_type()))?;
    Ok(wide.into_iter().map(|v| v.map(|v| v as f64)).collect())
}

/// The values of a string column (plain, large or view strings); nulls are refused
/// when `required`.
fn strings(column: &ArrayRef, name: &str, first: usize, required: bool) -> Result<Vec<Option<String>>, String> {
    let values: Vec<Option<String>> = if let Some(a) = column.as_string_opt::<i32>() {
        a.iter().map(|v| v.map(str::to_owned)).collect()
    } else if let Some(a) = column.as_string_opt::<i64>() {
        a.iter().map(|v| v.map(str::to_owned)).collect()
    } else if let Some(a) = column.as_string_view_opt() {
        a.iter().map(|v| v.map(str::to_owned)).collect()
    } else {
        return Err(format!("column `{name}` holds {}; expected text", column.data_type()));
    };
    if required && let Some(row) = values.iter().position(Option::is_none) {
        return Err(format!("row {}: `{name}` is null; every event has one", first + row + 1));
    }
    Ok(values)
}

/// The `provenance` column: a struct of `bank`, `match_id`, `segment` and `correction`
/// (which files written before it existed lack: then no event is a correction), null
/// for an event recorded in the bank itself.
fn provenances(column: &ArrayRef, first: usize) -> Result<Vec<Option<Provenance>>, String> {
    let s = column.as_struct_opt().ok_or_else(|| {
        format!("column `provenance` holds {}; expected a struct of bank, match_id and segment", column.data_type())
    })?;
    let part = |name: &str| s.column_by_name(name).ok_or_else(|| format!("column `provenance` has no `{name}` field"));
    let banks = strings(part("bank")?, "provenance.bank", first, false)?;
    let matches = integers(part("match_id")?, "provenance.match_id", first, u64::MAX, false)?;
    let segments = integers(part("segment")?, "provenance.segment", first, u64::MAX, false)?;
    let corrections = match s.column_by_name("correction") {
        None => vec![false; s.len()],
        Some(c) => {
            let b = c.as_boolean_opt().ok_or_else(|| {
                format!("column `provenance.correction` holds {}; expected true or false", c.data_type())
            })?;
            (0..s.len()).map(|row| b.is_valid(row) && b.value(row)).collect()
        }
    };
    (0..s.len())
        .map(|row| {
            if s.is_null(row) {
                return Ok(None);
            }
            match (&banks[row], matches[row], segments[row]) {
                (Some(bank), Some(match_id), Some(segment)) => {
                    Ok(Some(Provenance { bank: bank.clone(), match_id, segment, correction: corrections[row] }))
                }
                _ => Err(format!(
                    "row {}: `provenance` lacks its bank, match_id or segment; give all three or leave it null",
                    first + row + 1
                )),
            }
        })
        .collect()
}
