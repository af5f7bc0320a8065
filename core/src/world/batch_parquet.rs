//! A batch of newborns as an Apache Parquet table (SPEC §18): one row per newborn with
//! its index in the batch, its seed, its species, its five traits and, per desire, the
//! value at the end (`final_<Desire>`) and the simulated seconds its plans were active
//! (`time_<Desire>`). Shards of a batch write the same rows as the whole batch, so
//! their files read together are the whole batch's table.

use std::path::Path;
use std::sync::Arc;

use ::parquet::arrow::ArrowWriter;
use ::parquet::basic::Compression;
use ::parquet::file::properties::WriterProperties;
use arrow_array::{ArrayRef, Float64Array, RecordBatch, StringArray, UInt32Array, UInt64Array};
use arrow_schema::{DataType, Field, Schema};

use crate::names::{Desire, Species, Trait};
use crate::world::batch::Life;

/// The column names of a batch table, in order.
#[must_use]
pub fn columns() -> Vec<String> {
    let mut names = vec!["newborn".to_owned(), "seed".to_owned(), "species".to_owned()];
    names.extend(Trait::ALL.iter().map(|t| t.field().to_owned()));
    for d in Desire::ALL {
        names.push(format!("final_{}", d.name()));
        names.push(format!("time_{}", d.name()));
    }
    names
}

/// The Arrow schema of a batch table.
fn schema() -> Schema {
    let fields: Vec<Field> = columns()
        .into_iter()
        .enumerate()
        .map(|(i, name)| {
            let kind = match i {
                0 => DataType::UInt32,
                1 => DataType::UInt64,
                2 => DataType::Utf8,
                _ => DataType::Float64,
            };
            Field::new(name, kind, false)
        })
        .collect();
    Schema::new(fields)
}

/// The lives of a batch (or of one shard of it) as the bytes of a Parquet file,
/// Snappy-compressed, one row per life in the order given.
pub fn to_parquet(species: Species, lives: &[Life]) -> Result<Vec<u8>, String> {
    let schema = Arc::new(schema());
    let index =
        |l: &Life| u32::try_from(l.newborn).map_err(|_| format!("newborn {} does not fit a uint32 column", l.newborn));
    let mut columns: Vec<ArrayRef> = vec![
        Arc::new(lives.iter().map(index).collect::<Result<UInt32Array, _>>()?),
        Arc::new(UInt64Array::from_iter_values(lives.iter().map(|l| l.seed))),
        Arc::new(StringArray::from_iter_values(lives.iter().map(|_| species.name()))),
    ];
    let value = |v: &[f64], i: usize| v.get(i).copied().unwrap_or(0.0);
    for t in 0..Trait::ALL.len() {
        columns.push(Arc::new(Float64Array::from_iter_values(lives.iter().map(|l| value(&l.traits, t)))));
    }
    for d in Desire::ALL {
        let i = d.index();
        columns.push(Arc::new(Float64Array::from_iter_values(lives.iter().map(|l| value(&l.end, i)))));
        columns.push(Arc::new(Float64Array::from_iter_values(lives.iter().map(|l| value(&l.seconds, i)))));
    }
    let batch = RecordBatch::try_new(Arc::clone(&schema), columns).map_err(|e| e.to_string())?;
    let props = WriterProperties::builder().set_compression(Compression::SNAPPY).build();
    let mut writer = ArrowWriter::try_new(Vec::new(), schema, Some(props)).map_err(|e| e.to_string())?;
    writer.write(&batch).map_err(|e| e.to_string())?;
    writer.into_inner().map_err(|e| e.to_string())
}

/// Writes the lives as a Parquet file, atomically (SPEC §14), under `policy`
/// ([`crate::file_writer`]).
pub fn save(path: &Path, species: Species, lives: &[Life], policy: &crate::file_writer::Policy) -> Result<(), String> {
    let bytes = to_parquet(species, lives)?;
    crate::file_writer::write(path, &bytes, policy)
}
