//! The bounds of the command line's numbers. Every numeric argument is parsed with its
//! range, so a value outside it is a usage error (exit 2) whose message names the
//! bound, before any file is read or any memory is taken for it. Integers use clap's
//! own range parsers; the floats, and the counts held in a `usize`, are parsed here.
//!
//! Where SPEC speaks the bound is its own (a scenario runs at most a week, SPEC §16; a
//! bank records at most [`MAX_EVENTS`] events); elsewhere a bound keeps one run of a
//! command within seconds and well under 2 GB.

use std::ops::{RangeBounds, RangeInclusive};

use clap::builder::{RangedU64ValueParser, TypedValueParser};
pub use creature_core::scenario::file::MAX_SECONDS as WEEK;
pub use creature_shadow::bank::MAX_EVENTS;

/// The latest second `--at` may name in a recording: a year. The recording's own end is
/// checked once it is open; this only keeps the number a count of turns.
pub const LONGEST_RECORDING: f64 = 365.0 * 86_400.0;

/// The last development phase, 13 (the 14 phases of SPEC §12, from 0).
pub const LAST_PHASE: i64 = creature_core::species::data::PHASE_COUNT as i64 - 1;

/// The largest batch of newborns one `sim` runs.
pub const MAX_NEWBORNS: u64 = 1_000_000;

/// The most queries `shadow bench` times (each five times): about five seconds.
pub const MAX_QUERIES: u64 = 1_000_000;

/// The most matches `shadow record` and `shadow score` play in one run.
pub const MAX_MATCHES: u32 = 1_000;

/// The fastest preview, in simulated seconds per wall second.
pub const MAX_SPEED: f64 = 1_000.0;

/// The largest `--near` distance and `--fence` factor of `shadow curate`.
pub const MAX_CURATE: f64 = 1_000.0;

/// How many features the built-in arena schema has: the most `shadow bench` can use.
pub fn arena_features() -> u64 {
    creature_shadow::schema::Schema::arena().features.len() as u64
}

/// A count held in a `usize`, within `range`.
pub fn count(range: impl RangeBounds<u64>) -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(range)
}

/// A finite number within `range`; a value outside it, an infinity or NaN is refused
/// with the bound, as clap's own range parsers refuse an integer.
pub fn number(range: RangeInclusive<f64>) -> impl TypedValueParser<Value = f64> {
    move |text: &str| -> Result<f64, String> {
        let v: f64 = text.trim().parse().map_err(|e| format!("{e}"))?;
        if v.is_finite() && range.contains(&v) {
            Ok(v)
        } else {
            Err(format!("{v} is not in {}..={}", range.start(), range.end()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(range: RangeInclusive<f64>, text: &str) -> Result<f64, String> {
        let cmd = clap::Command::new("t").arg(clap::Arg::new("x").long("x").value_parser(number(range)));
        cmd.try_get_matches_from(["t".to_owned(), format!("--x={text}")])
            .map(|m| *m.get_one::<f64>("x").unwrap())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_number_is_kept_within_its_bounds_and_finite() {
        assert_eq!(parse(0.0..=WEEK, "604800"), Ok(WEEK));
        assert_eq!(parse(0.0..=WEEK, "0"), Ok(0.0));
        for bad in ["604800.5", "-1", "inf", "NaN", "1e308"] {
            let e = parse(0.0..=WEEK, bad).unwrap_err();
            assert!(e.contains("is not in 0..=604800"), "{bad}: {e}");
        }
        assert!(parse(0.0..=1.0, "x").unwrap_err().contains("invalid float literal"));
        assert!(parse(0.0..=MAX_CURATE, "-0.5").unwrap_err().contains("-0.5 is not in 0..=1000"));
    }
}
