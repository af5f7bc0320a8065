//! Where a list item or a field sits in RON text, for errors found after parsing
//! (SPEC §14: every load error names the file, line and column).
//!
//! ron locates syntax errors only. A lesson script whose time goes backwards, or a tree
//! file whose feedback is NaN, parses fine; these helpers find the item at fault with a
//! scanner that skips strings and comments, so a `"feedback"` inside an answer or a
//! comment is never taken for the field.

use crate::error::line_col;

/// A token the scanner cares about, with its byte span and nesting depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Open,
    Close,
    Comma,
    Colon,
    Word,
    Str,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    start: usize,
    end: usize,
    depth: usize,
    kind: Kind,
}

fn scan(text: &str) -> Vec<Token> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut depth) = (0, 0usize);
    while i < b.len() {
        let start = i;
        let kind = match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut nest = 0usize;
                while i < b.len() {
                    if b[i..].starts_with(b"/*") {
                        nest += 1;
                        i += 2;
                    } else if b[i..].starts_with(b"*/") {
                        nest -= 1;
                        i += 2;
                        if nest == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                continue;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                Kind::Str
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                i += 1;
                Kind::Open
            }
            b')' | b']' | b'}' => {
                i += 1;
                out.push(Token { start, end: i, depth, kind: Kind::Close });
                depth = depth.saturating_sub(1);
                continue;
            }
            b',' => {
                i += 1;
                Kind::Comma
            }
            b':' => {
                i += 1;
                Kind::Colon
            }
            c if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' || c == b'.' || c == b'+' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'_' | b'-' | b'.' | b'+')) {
                    i += 1;
                }
                Kind::Word
            }
            _ => {
                i += 1;
                continue;
            }
        };
        out.push(Token { start, end: i.min(b.len()), depth, kind });
    }
    out
}

/// The byte spans of the items of the list `field: [ … ]` written directly in the
/// outermost value of `text`.
pub(crate) fn list_items(text: &str, field: &str) -> Vec<(usize, usize)> {
    let toks = scan(text);
    let word = |t: &Token| &text[t.start..t.end];
    let Some(open) = toks.windows(3).position(|w| {
        w[0].kind == Kind::Word
            && w[0].depth == 1
            && word(&w[0]) == field
            && w[1].kind == Kind::Colon
            && w[2].kind == Kind::Open
    }) else {
        return Vec::new();
    };
    let depth = toks[open + 2].depth;
    let mut items = Vec::new();
    let mut start = None;
    for t in &toks[open + 3..] {
        if t.depth == depth && matches!(t.kind, Kind::Close | Kind::Comma) {
            if let Some(s) = start.take() {
                items.push((s, t.start));
            }
            if t.kind == Kind::Close {
                break;
            }
        } else if start.is_none() {
            start = Some(t.start);
        }
    }
    items
}

/// The byte offset of `key:` (a field name) or `"key":` (a map key) inside `span`.
pub(crate) fn key_in(text: &str, span: (usize, usize), key: &str) -> Option<usize> {
    let (from, to) = (span.0.min(text.len()), span.1.min(text.len()));
    let sub = text.get(from..to)?;
    let quoted = format!("\"{key}\"");
    scan(sub)
        .windows(2)
        .find(|w| {
            w[1].kind == Kind::Colon
                && ((w[0].kind == Kind::Word && &sub[w[0].start..w[0].end] == key)
                    || (w[0].kind == Kind::Str && sub[w[0].start..w[0].end] == quoted))
        })
        .map(|w| from + w[0].start)
}

/// The byte offset of the quoted string `"value"` inside `span`.
pub(crate) fn string_in(text: &str, span: (usize, usize), value: &str) -> Option<usize> {
    let (from, to) = (span.0.min(text.len()), span.1.min(text.len()));
    let sub = text.get(from..to)?;
    let quoted = format!("\"{value}\"");
    scan(sub).iter().find(|t| t.kind == Kind::Str && sub[t.start..t.end] == quoted).map(|t| from + t.start)
}

/// Line and column of item `item` of list `field` (at `key` within it when given and
/// found); the start of the file when the item cannot be found.
pub(crate) fn locate_item(text: &str, field: &str, item: usize, key: Option<&str>) -> (usize, usize) {
    let Some(&span) = list_items(text, field).get(item) else { return (1, 1) };
    let at = key.and_then(|k| key_in(text, span, k)).unwrap_or(span.0);
    line_col(text, at)
}

/// Line and column of the top-level field `key:` of the outermost value.
pub(crate) fn locate_field(text: &str, key: &str) -> (usize, usize) {
    let toks = scan(text);
    toks.windows(2)
        .find(|w| {
            w[0].kind == Kind::Word && w[0].depth == 1 && &text[w[0].start..w[0].end] == key && w[1].kind == Kind::Colon
        })
        .map_or((1, 1), |w| line_col(text, w[0].start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_skip_strings_and_comments() {
        let text =
            "(\n  // events: [(x)]\n  events: [\n    (at: 1.0, o: \"a, ]\"),\n    /* (at: 9) , */ (at: -2.5),\n  ],\n)";
        let items = list_items(text, "events");
        assert_eq!(items.len(), 2, "{items:?}");
        assert!(text[items[0].0..items[0].1].contains("\"a, ]\""));
        assert!(text[items[1].0..].starts_with("(at: -2.5)"));
        assert_eq!(locate_item(text, "events", 1, Some("at")), (5, 22));
    }

    #[test]
    fn keys_and_strings_are_found_as_written() {
        let text = "(objects: {\"feedback\": {}}, examples: [(answers: {\"kind\": \"rock\"}, feedback: NaN)])";
        let items = list_items(text, "examples");
        let at = key_in(text, items[0], "feedback").unwrap();
        assert!(text[at..].starts_with("feedback: NaN"));
        let at = string_in(text, items[0], "rock").unwrap();
        assert!(text[at..].starts_with("\"rock\""));
        assert_eq!(locate_field(text, "examples"), (1, 29));
    }

    #[test]
    fn broken_text_never_panics() {
        for text in ["", "(", "(events: [", "(events: [(\"", "(events: [é, ü]", "/* open", "\"\\"] {
            let _ = list_items(text, "events");
            let _ = locate_item(text, "events", 0, Some("at"));
            let _ = locate_field(text, "events");
        }
    }
}
