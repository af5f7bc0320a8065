//! User text made safe to show: a name read from a file (a bookmark, an object's id, an
//! action, a path) is printed to a terminal or drawn by the editor with its control
//! characters escaped, so that an ESC or a BEL in a file never reaches the terminal
//! (where it could clear the screen or retitle the window) and a character that draws
//! nothing, or turns the text around, is seen for what it is.

use std::borrow::Cow;

/// `text` with every control character (C0, DEL and C1, line breaks and tabs included)
/// and every bidirectional override written as its Rust escape (`\u{1b}`, `\n`);
/// borrowed when there is none, which is nearly always.
#[must_use]
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if needs_escape(c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// As [`escaped`], but the line breaks between lines kept: a message of several lines,
/// each made safe.
#[must_use]
pub fn escaped_lines(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && needs_escape(c)) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.split('\n').map(escaped).collect::<Vec<_>>().join("\n"))
}

/// Whether `c` is written escaped: a control character, or one that reorders the text
/// around it (U+202A–U+202E, U+2066–U+2069).
fn needs_escape(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert!(matches!(escaped("Wolf's den, é 🐺"), Cow::Borrowed("Wolf's den, é 🐺")));
        assert_eq!(escaped("a\u{1b}[2Jb\u{7}"), "a\\u{1b}[2Jb\\u{7}");
        assert_eq!(escaped("\u{1b}]0;owned\u{7}"), "\\u{1b}]0;owned\\u{7}");
        assert_eq!(escaped("tab\there\nnext\r"), "tab\\there\\nnext\\r");
        assert_eq!(escaped("\u{9b}\u{7f}\u{202e}txt"), "\\u{9b}\\u{7f}\\u{202e}txt");
        assert_eq!(escaped_lines("one \u{1b}\ntwo\u{7}"), "one \\u{1b}\ntwo\\u{7}");
        assert!(matches!(escaped_lines("one\ntwo"), Cow::Borrowed(_)));
    }
}
