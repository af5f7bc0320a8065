//! A whole Parquet file read back as one Arrow table: how the checks of the exports
//! (SPEC §18) look at every row and column at once. And the check every Parquet file the
//! studio reads goes through before its rows are read.

use std::path::Path;
use std::sync::Arc;

use arrow_array::RecordBatch;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::file::metadata::ParquetMetaData;

/// Refuses a footer that places a column chunk outside the file (a negative start or
/// length, or bytes past its end) or gives a row group a negative row count. The
/// `parquet` crate trusts these numbers when it reads the rows, and panics on negative
/// ones, so they are checked first. `file_len` is the file's size in bytes.
pub fn check_footer(metadata: &ParquetMetaData, file_len: u64) -> Result<(), String> {
    for (g, group) in metadata.row_groups().iter().enumerate() {
        if group.num_rows() < 0 {
            return Err(format!(
                "not a readable Parquet file: its footer gives row group {g} {} rows; expected 0 or more",
                group.num_rows()
            ));
        }
        for column in group.columns() {
            let start = column.dictionary_page_offset().unwrap_or_else(|| column.data_page_offset());
            let len = column.compressed_size();
            let inside = u64::try_from(start)
                .ok()
                .zip(u64::try_from(len).ok())
                .and_then(|(s, l)| s.checked_add(l))
                .is_some_and(|end| end <= file_len);
            if !inside {
                return Err(format!(
                    "not a readable Parquet file: its footer places column `{}` of row group {g} at byte {start}, {len} bytes long, outside the file's {file_len} bytes",
                    column.column_path().string()
                ));
            }
        }
    }
    Ok(())
}

/// Every row of the Parquet file at `path`, as one record batch.
pub fn read_parquet_table(path: &Path) -> Result<RecordBatch, String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let (file, len) = crate::file_reader::open(path, crate::file_reader::Limit::Parquet).map_err(|e| e.to_string())?;
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).map_err(|e| fail(&e))?;
    check_footer(builder.metadata(), len).map_err(|e| fail(&e))?;
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
