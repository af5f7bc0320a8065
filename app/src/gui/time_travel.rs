//! Time travel in the preview (SPEC §17): the turn the timeline's commands
//! ([`crate::gui::command::TimeCommand`]) move from, and a time as a person types it.

use creature_workspace::live_preview::LivePreview;

/// A time as a person types it: seconds (`123.4`), minutes and seconds (`2:03.4`) or
/// hours, minutes and seconds (`1:02:03`); in simulated seconds.
pub fn parse_time(text: &str) -> Result<f64, String> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    let bad = || format!("`{}` is not a time: write seconds (123.4), m:ss (2:03.4) or h:mm:ss", text.trim());
    if parts.len() > 3 || parts.iter().any(|p| p.trim().is_empty()) {
        return Err(bad());
    }
    let mut seconds = 0.0;
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        let v: f64 = part.trim().parse().map_err(|_| bad())?;
        // Minutes and hours are whole; seconds after a colon are under a minute.
        let whole = last || v.fract() == 0.0;
        if !v.is_finite() || v < 0.0 || !whole || (i > 0 && v >= 60.0) {
            return Err(bad());
        }
        seconds = seconds * 60.0 + v;
    }
    Ok(seconds)
}

/// The shown turn of the preview.
pub fn shown_turn(p: &LivePreview) -> u64 {
    p.scrubbed().unwrap_or_else(|| p.sim().turns())
}

#[cfg(test)]
mod tests {
    use super::parse_time;

    #[test]
    fn times_are_read_as_people_write_them() {
        assert_eq!(parse_time("123.4"), Ok(123.4));
        assert_eq!(parse_time(" 2:03.4 "), Ok(123.4));
        assert_eq!(parse_time("1:02:03"), Ok(3723.0));
        assert_eq!(parse_time("0"), Ok(0.0));
        for bad in ["", "abc", "1:", ":5", "1:60", "-3", "1.5:00", "1:2:3:4", "inf", "NaN"] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
    }
}
