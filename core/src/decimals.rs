//! Numbers as designers read them: decimals, never an exponent (0.0021, not 2.12e-3).
//! Three decimals, or below a hundredth as many as two significant digits need; the
//! editor's Why? and every panel that prints a priority or a score go through here.

/// Decimals beyond which a number is shown as these many zeros rather than longer.
const MAX_PLACES: f64 = 15.0;

/// `v` for a designer: `0.250`, `0.0021`, `0.000047`, `-0.013`, `0.000`.
#[must_use]
pub fn decimal(v: f64) -> String {
    if !v.is_finite() || v == 0.0 || v.abs() >= 0.01 {
        return format!("{v:.3}");
    }
    // Below a hundredth −log10 |v| is over 2: the first significant digit is at
    // decimal ⌈−log10 |v|⌉, the second one after it.
    let places = ((-v.abs().log10()).ceil() + 1.0).min(MAX_PLACES) as usize;
    format!("{v:.places$}")
}

#[cfg(test)]
mod tests {
    use super::decimal;

    #[test]
    fn small_numbers_are_decimals_with_two_significant_digits() {
        assert_eq!(decimal(2.12e-3), "0.0021");
        assert_eq!(decimal(0.001), "0.0010");
        assert_eq!(decimal(0.0099), "0.0099");
        assert_eq!(decimal(-4.7e-5), "-0.000047");
        assert_eq!(decimal(1e-300), "0.000000000000000");
    }

    #[test]
    fn others_keep_three_decimals() {
        assert_eq!(decimal(0.0), "0.000");
        assert_eq!(decimal(0.25), "0.250");
        assert_eq!(decimal(0.01), "0.010");
        assert_eq!(decimal(-1.5), "-1.500");
        assert_eq!(decimal(12.0), "12.000");
    }
}
