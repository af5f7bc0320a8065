//! The one check of the numbers that bound a condition (SPEC §19: `Above`, `Below`,
//! `Liking` and `Score` ranges, in breakpoints, `scenario run --break` and `recording
//! find`) or a scenario's expectation (SPEC §16: `min` and `max`): every bound given is
//! a finite number. No value ever passes a NaN bound, so a condition bounded by one
//! could never fire, and an expectation bounded by one could never hold.

/// The first of `bounds` (each its field's name and its value, when given) that is not
/// a finite number: its field's name, and what is wrong in a sentence.
pub(crate) fn first_not_finite<'k>(bounds: &[(&'k str, Option<f64>)]) -> Option<(&'k str, String)> {
    bounds.iter().find_map(|&(key, value)| {
        value.filter(|v| !v.is_finite()).map(|v| (key, format!("`{key}` is {v}; expected a finite number")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_that_is_not_a_finite_number_is_named_by_its_field() {
        assert_eq!(first_not_finite(&[("above", Some(0.5)), ("below", None)]), None);
        assert_eq!(first_not_finite(&[]), None);
        let (key, message) = first_not_finite(&[("above", Some(0.5)), ("below", Some(f64::NAN))]).unwrap();
        assert_eq!((key, message.as_str()), ("below", "`below` is NaN; expected a finite number"));
        assert_eq!(first_not_finite(&[("min", Some(f64::NEG_INFINITY)), ("max", Some(f64::NAN))]).unwrap().0, "min");
    }
}
