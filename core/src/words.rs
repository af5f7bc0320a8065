//! Counted nouns for messages: "1 match", "3 matches", never "match(es)".

/// A count with its noun, singular for one: "1 candidate", "3 candidates",
/// "2 matches" (a noun ending in s, x, z, ch or sh takes "es").
#[must_use]
pub fn count(n: usize, noun: &str) -> String {
    format!("{n} {}", noun_for(n, noun))
}

/// The noun as `n` of it is said, without the number.
#[must_use]
pub fn noun_for(n: usize, noun: &str) -> String {
    if n == 1 {
        return noun.to_owned();
    }
    let es = ["s", "x", "z", "ch", "sh"].iter().any(|end| noun.ends_with(end));
    format!("{noun}{}", if es { "es" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_the_rest_plural() {
        assert_eq!(count(1, "match"), "1 match");
        assert_eq!(count(2, "match"), "2 matches");
        assert_eq!(count(0, "candidate"), "0 candidates");
        assert_eq!(count(3, "outlier"), "3 outliers");
        assert_eq!(count(5, "box"), "5 boxes");
    }
}
