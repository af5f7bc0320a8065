//! The preview village the creature lives in (SPEC §4, §10).
