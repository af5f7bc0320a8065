//! A whole Parquet file read back as one Arrow table: how the checks of the exports
//! (SPEC §18) look at every row and column at once. And the check every Parquet file the
//! studio reads goes through before its rows are read.

use std::path::Path;
use std::sync::Arc;

use arrow_array::RecordBatch;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::file::metadata::ParquetMetaData;

/// Refuses a footer that places a column chunk outside the file (a negative start or
/// length, or bytes past its end). The `parquet` crate trusts these numbers when it
/// reads the rows, and panics on negative ones, so they are checked first, with the
/// rows ([`check_rows`]). `file_len` is the file's size in bytes.
pub fn check_footer(metadata: &ParquetMetaData, file_len: u64) -> Result<(), String> {
    for (g, group) in metadata.row_groups().iter().enumerate() {
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

/// The most rows [`read_parquet_table`] reads: 16,777,216, more than any table the
/// studio writes (a batch of many newborns, a training report).
pub const MAX_TABLE_ROWS: usize = 1 << 24;

/// The most rows a Parquet file may claim per byte of its size. Run-length codes keep a
/// long run of one value in a few bytes, so a byte may stand for many rows, but no table
/// holds a thousand rows in each byte; a footer claiming more lies about its rows.
pub const MAX_ROWS_PER_BYTE: u64 = 1024;

/// The rows the footer claims, once they are known to be believable: no row group
/// counts fewer than none, the row groups add up to the file's count, and that count is
/// at most `limit` (the reader's) and at most [`MAX_ROWS_PER_BYTE`] for each of the
/// file's `file_len` bytes. Checked before anything is set aside for the rows, so a
/// footer claiming 2^62 rows is a sentence, never a failed allocation. `what` names the
/// rows in the message (`"rows"`, `"events"`).
pub fn check_rows(metadata: &ParquetMetaData, file_len: u64, limit: usize, what: &str) -> Result<usize, String> {
    let claimed = metadata.file_metadata().num_rows();
    let mut sum: i64 = 0;
    for (g, group) in metadata.row_groups().iter().enumerate() {
        if group.num_rows() < 0 {
            return Err(format!(
                "not a readable Parquet file: its footer gives row group {g} {} rows; expected 0 or more",
                group.num_rows()
            ));
        }
        sum = sum.checked_add(group.num_rows()).unwrap_or(i64::MAX);
    }
    if claimed != sum {
        return Err(format!(
            "not a readable Parquet file: its footer counts {claimed} rows but its row groups hold {sum}"
        ));
    }
    // Not below zero: the groups' counts are not, and add up to it.
    let rows = claimed.unsigned_abs();
    if rows > limit as u64 {
        return Err(format!("its footer claims {claimed} rows; expected at most {limit} {what}"));
    }
    if rows > file_len.saturating_mul(MAX_ROWS_PER_BYTE) {
        return Err(format!(
            "its footer claims {claimed} rows in a file of {file_len} bytes; a Parquet file holds at most {MAX_ROWS_PER_BYTE} rows per byte"
        ));
    }
    Ok(rows as usize)
}

/// Every row of the Parquet file at `path`, as one record batch: at most
/// [`MAX_TABLE_ROWS`], the count checked before the rows are read ([`check_rows`]).
pub fn read_parquet_table(path: &Path) -> Result<RecordBatch, String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let (file, len) = crate::file_reader::open(path, crate::file_reader::Limit::Parquet).map_err(|e| e.to_string())?;
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).map_err(|e| fail(&e))?;
    check_footer(builder.metadata(), len).map_err(|e| fail(&e))?;
    let rows = check_rows(builder.metadata(), len, MAX_TABLE_ROWS, "rows").map_err(|e| fail(&e))?;
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
