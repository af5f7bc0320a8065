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

/// `text` (a name from a file or a path) made safe to write inside a `//` comment of a
/// file the studio writes: escaped as [`escaped`], the line and paragraph separators
/// too, so that no name ends the comment and puts the rest of itself into the file's
/// syntax. The one way a name enters a comment.
#[must_use]
pub fn in_comment(text: &str) -> Cow<'_, str> {
    let escaped = escaped(text);
    if !escaped.contains(['\u{2028}', '\u{2029}']) {
        return escaped;
    }
    Cow::Owned(escaped.replace('\u{2028}', "\\u{2028}").replace('\u{2029}', "\\u{2029}"))
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

    #[test]
    fn a_name_in_a_comment_never_ends_it() {
        assert!(matches!(in_comment("kind.target.ron"), Cow::Borrowed(_)));
        for name in ["kind\n)(.target.ron", "a\rb", "a\u{2028}b", "a\u{2029}b", "a\u{85}b", "a\u{b}b\u{c}"] {
            let safe = in_comment(name);
            assert!(!safe.chars().any(|c| c.is_control() || c == '\u{2028}' || c == '\u{2029}'), "{safe:?}");
            // Read back as a comment, the rest of the file is the same syntax.
            let file = format!("// made from {safe}\n(a: 1)");
            let value: ron::Value = ron::from_str(&file).unwrap_or_else(|e| panic!("{name:?}: {e}"));
            assert!(matches!(value, ron::Value::Map(_)), "{value:?}");
        }
        assert_eq!(in_comment("kind\n)(.target.ron"), "kind\\n)(.target.ron");
    }
}
