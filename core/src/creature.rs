//! The creature save (SPEC §14).
