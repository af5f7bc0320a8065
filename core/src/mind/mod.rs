//! The creature mind (SPEC §2, §4–§12).
