//! A whole Parquet file read back as one Arrow table: how the checks of the exports
//! (SPEC §18) look at every row and column at once.

use std::path::Path;
use std::sync::Arc;

use arrow_array::RecordBatch;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

/// Every row of the Parquet file at `path`, as one record batch.
pub fn read_parquet_table(path: &Path) -> Result<RecordBatch, String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let (file, _) = crate::file_reader::open(path, crate::file_reader::Limit::Parquet).map_err(|e| e.to_string())?;
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).map_err(|e| fail(&e))?;
    let rows = usize::try_from(builder.metadata().file_metadata().num_rows()).map_err(|e| fail(&e))?;
    let schema = Arc::clone(builder.schema());
    // One batch as large as the file holds every row.
    let mut batches = builder.with_batch_size(rows.max(1)).build().map_err(|e| fail(&e))?;
    let table = match batches.next() {
        Some(batch) => batch.map_err(|e| fail(&e))?,
        None => RecordBatch::new_empty(schema),
    };
    if batches.next().is_some() {
        return Err(fail(&"more rows than the file's metadata counts"));
    }
    Ok(table)
}
