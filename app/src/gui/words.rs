//! The words of the editor's messages, which panels, commands and the studio all write
//! with: a file's short name, counted nouns, a name with its article.

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

#[cfg(test)]
mod tests {
    #[test]
    fn a_name_takes_an_before_a_vowel() {
        assert_eq!(super::a_or_an("Ape"), "an Ape");
        assert_eq!(super::a_or_an("Ogre"), "an Ogre");
        assert_eq!(super::a_or_an("Cow"), "a Cow");
    }
}
