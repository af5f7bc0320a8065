//! A Parquet file with its footer rewritten, the column data left where it was: what
//! the tests of the readers that must refuse a lying footer (core's, the shadow's banks,
//! the command line's tables) build their hostile files from.

use parquet::file::metadata::{FileMetaData, ParquetMetaData, ParquetMetaDataReader, ParquetMetaDataWriter};

/// The Parquet file `bytes` with its footer's metadata changed by `edit`; the new
/// footer follows the column data.
pub fn with_footer(bytes: &[u8], edit: impl FnOnce(ParquetMetaData) -> ParquetMetaData) -> Vec<u8> {
    let footer_len = u32::from_le_bytes(bytes[bytes.len() - 8..bytes.len() - 4].try_into().unwrap()) as usize;
    let footer_start = bytes.len() - 8 - footer_len;
    let metadata = ParquetMetaDataReader::decode_metadata(&bytes[footer_start..bytes.len() - 8]).unwrap();
    let mut out = bytes[..footer_start].to_vec();
    let mut footer = Vec::new();
    ParquetMetaDataWriter::new(&mut footer, &edit(metadata)).finish().unwrap();
    if !footer.ends_with(b"PAR1") {
        let len = u32::try_from(footer.len()).unwrap();
        footer.extend(len.to_le_bytes());
        footer.extend(b"PAR1");
    }
    out.extend(footer);
    out
}

/// The metadata with the file's and its first row group's row counts set to `rows`.
pub fn claiming_rows(metadata: &ParquetMetaData, rows: i64) -> ParquetMetaData {
    let f = metadata.file_metadata();
    let file = FileMetaData::new(
        f.version(),
        rows,
        f.created_by().map(str::to_owned),
        f.key_value_metadata().cloned(),
        f.schema_descr_ptr(),
        f.column_orders().cloned(),
    );
    let mut groups = metadata.row_groups().to_vec();
    let first = groups.remove(0);
    groups.insert(0, first.into_builder().set_num_rows(rows).build().unwrap());
    ParquetMetaData::new(file, groups)
}
