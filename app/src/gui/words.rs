//! The words of the editor's messages, which panels, commands and the studio all write
//! with: a file's short name, counted nouns, a name with its article, names shortened in
//! the middle.

use std::path::Path;

/// A file's name for messages.
pub fn short(p: &Path) -> String {
    p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
}

pub use creature_core::words::count;

/// A name with its indefinite article by the sound of its first letter: "a Cow", "an Ape".
pub fn a_or_an(name: &str) -> String {
    let vowel = name.chars().next().is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// `names` shortened to at most `keep` characters each by cutting their middle ("…"),
/// so that their ends (a seed, a suffix) stay in view; names that would read the same
/// keep more of their end. Where that is more than `keep` allows, the suffix
/// every name shares (".scenario.ron") is left out, so the part that tells them apart
/// stays in view. Names no longer than `keep` are kept as they are.
pub fn cut_middles(names: &[&str], keep: usize) -> Vec<String> {
    let shown = cut_apart(names, keep);
    let fits = |shown: &[String]| shown.iter().all(|s| s.chars().count() <= keep);
    if fits(&shown) {
        return shown;
    }
    match shared_suffix(names) {
        Some(suffix) => {
            let stems: Vec<&str> = names.iter().map(|n| &n[..n.len() - suffix.len()]).collect();
            cut_apart(&stems, keep)
        }
        None => shown,
    }
}

/// The longest suffix from a '.' that every name ends with and is longer than, if
/// there are two names or more.
fn shared_suffix<'a>(names: &[&'a str]) -> Option<&'a str> {
    let first = *names.first()?;
    (names.len() >= 2)
        .then(|| first.char_indices().filter(|(_, c)| *c == '.').map(|(i, _)| &first[i..]))?
        .find(|suffix| names.iter().all(|n| n.len() > suffix.len() && n.ends_with(suffix)))
}

/// [`cut_middles`] keeping the whole suffix: a name that cannot be told apart within
/// `keep` is kept whole.
fn cut_apart(names: &[&str], keep: usize) -> Vec<String> {
    let cut = |name: &str, tail: Option<usize>| -> String {
        let chars: Vec<char> = name.chars().collect();
        let Some(tail) = tail.filter(|_| chars.len() > keep && keep >= 3) else { return name.to_owned() };
        let head = keep - 1 - tail;
        let mut s: String = chars[..head].iter().collect();
        s.push('…');
        s.extend(&chars[chars.len() - tail..]);
        s
    };
    // The start takes two thirds first, which reads best; the end gains a letter at a
    // time while two names read alike, and at last the whole name (`None`).
    let mut tails: Vec<Option<usize>> = vec![Some(keep.saturating_sub(1) / 3); names.len()];
    loop {
        let shown: Vec<String> = names.iter().zip(&tails).map(|(n, t)| cut(n, *t)).collect();
        let alike: Vec<usize> = (0..names.len())
            .filter(|&i| (0..names.len()).any(|j| shown[j] == shown[i] && names[j] != names[i]))
            .collect();
        if alike.is_empty() {
            return shown;
        }
        for i in alike {
            tails[i] = tails[i].map(|t| t + 1).filter(|t| t + 1 < keep);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_are_cut_in_the_middle_and_never_to_the_same_text() {
        let names = [
            "a_meal_from_the_hand_seed_1.scenario.ron",
            "a_meal_from_the_hand_seed_2.scenario.ron",
            "a_meal_from_the_hand_seed_36.scenario.ron",
            "a_meal_from_the_hand_at_phase_one.scenario.ron",
            "world.ron",
        ];
        let cut = super::cut_middles(&names, 20);
        assert_eq!(cut[4], "world.ron", "a short name is kept");
        for c in &cut[..4] {
            assert!(c.contains('…') && c.chars().count() <= 20 && c.ends_with(".scenario.ron"), "{c}");
            assert!(c.starts_with("a_me"), "{c}");
        }
        let distinct = |cut: &[String]| {
            let mut unique = cut.to_vec();
            unique.sort();
            unique.dedup();
            unique.len() == cut.len()
        };
        assert!(distinct(&cut), "{cut:?}");
        // Narrower than the suffix and what tells the names apart: the shared suffix goes.
        let scenarios = &names[..4];
        let cut = super::cut_middles(scenarios, 11);
        assert!(distinct(&cut), "{cut:?}");
        for c in &cut {
            assert!(c.chars().count() <= 11 && c.starts_with("a_m") && !c.ends_with(".ron"), "{c}");
        }
        // Names alike but for their middle keep more of their end, or are whole.
        let alike = ["abcdefXghijklmnop", "abcdefYghijklmnop"];
        let cut = super::cut_middles(&alike, 8);
        assert_ne!(cut[0], cut[1], "{cut:?}");
    }

    #[test]
    fn a_name_takes_an_before_a_vowel() {
        assert_eq!(super::a_or_an("Ape"), "an Ape");
        assert_eq!(super::a_or_an("Ogre"), "an Ogre");
        assert_eq!(super::a_or_an("Cow"), "a Cow");
    }
}
