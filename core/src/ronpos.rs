//! Where things are in RON text, for errors found after parsing (SPEC §14: every load
//! error names the file, line and column).
//!
//! ron reports positions for syntax errors only; a value that parses but makes no sense
//! (a negative scale, a duplicated event id) is located here by a small scanner that
//! knows strings, comments and nesting, so that a `"weight"` inside a feature name or a
//! comment is never mistaken for the field.

/// The 1-based line and column (in characters) of byte offset `at` in `text`.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// One piece of code text: a structural character or the start of an identifier or a
/// quoted string, with the nesting depth it sits at.
#[derive(Debug, Clone, Copy)]
struct Token {
    at: usize,
    end: usize,
    depth: usize,
    kind: TokenKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TokenKind {
    Open,
    Close,
    Comma,
    Colon,
    Ident,
    Str,
    Other,
}

fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    each_token(text, |t| out.push(t));
    out
}

/// Calls `out` with every token of `text` in order, keeping none: a large file is
/// scanned without a list of its tokens.
fn each_token(text: &str, mut out: impl FnMut(Token)) {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let mut nest = 1;
                i += 2;
                while i < bytes.len() && nest > 0 {
                    if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'*') {
                        nest += 1;
                        i += 2;
                    } else if bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/') {
                        nest -= 1;
                        i += 2;
                    } else {
                        i += 1;
                    }
                }
            }
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(bytes.len());
                out(Token { at: start, end: i, depth, kind: TokenKind::Str });
            }
            b'r' if matches!(bytes.get(i + 1), Some(b'"' | b'#')) => {
                let start = i;
                let mut hashes = 0;
                i += 1;
                while bytes.get(i) == Some(&b'#') {
                    hashes += 1;
                    i += 1;
                }
                if bytes.get(i) != Some(&b'"') {
                    out(Token { at: start, end: i, depth, kind: TokenKind::Ident });
                    continue;
                }
                i += 1;
                loop {
                    if i >= bytes.len() {
                        break;
                    }
                    if bytes[i] == b'"' && bytes[i + 1..].iter().take(hashes).filter(|&&b| b == b'#').count() == hashes
                    {
                        i += 1 + hashes;
                        break;
                    }
                    i += 1;
                }
                out(Token { at: start, end: i.min(bytes.len()), depth, kind: TokenKind::Str });
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                out(Token { at: i, end: i + 1, depth, kind: TokenKind::Open });
                i += 1;
            }
            b')' | b']' | b'}' => {
                out(Token { at: i, end: i + 1, depth, kind: TokenKind::Close });
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b',' => {
                out(Token { at: i, end: i + 1, depth, kind: TokenKind::Comma });
                i += 1;
            }
            b':' => {
                out(Token { at: i, end: i + 1, depth, kind: TokenKind::Colon });
                i += 1;
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                out(Token { at: start, end: i, depth, kind: TokenKind::Ident });
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let start = i;
                i += 1;
                while i < bytes.len() && !text.is_char_boundary(i) {
                    i += 1;
                }
                out(Token { at: start, end: i, depth, kind: TokenKind::Other });
            }
        }
    }
}

/// The byte spans of the items of the list written `field: [ … ]` one level inside the
/// outermost value of `text` (the `events` of a bank, the `features` of a schema).
pub(crate) fn list_items(text: &str, field: &str) -> Vec<(usize, usize)> {
    let toks = tokens(text);
    let Some(open) = toks.windows(3).position(|w| {
        w[0].kind == TokenKind::Ident
            && w[0].depth == 1
            && &text[w[0].at..w[0].end] == field
            && w[1].kind == TokenKind::Colon
            && w[2].kind == TokenKind::Open
    }) else {
        return Vec::new();
    };
    let list_depth = toks[open + 2].depth;
    let mut items = Vec::new();
    let mut start: Option<usize> = None;
    for t in &toks[open + 3..] {
        if t.depth == list_depth && t.kind == TokenKind::Close {
            if let Some(s) = start.take() {
                items.push((s, t.at));
            }
            break;
        }
        if t.depth == list_depth && t.kind == TokenKind::Comma {
            if let Some(s) = start.take() {
                items.push((s, t.at));
            }
            continue;
        }
        if start.is_none() {
            start = Some(t.at);
        }
    }
    items
}

/// Where `key` is written inside `span` as a field name (`key:`) or a quoted map key
/// (`"key":`), at the top level of the item or one level inside it (the `state` map of
/// an event). Returns the byte offset.
pub(crate) fn key_in(text: &str, span: (usize, usize), key: &str) -> Option<usize> {
    let (from, to) = (span.0.min(text.len()), span.1.min(text.len()));
    let sub = &text[from..to];
    let toks = tokens(sub);
    let quoted = format!("\"{key}\"");
    toks.windows(2)
        .find(|w| {
            w[1].kind == TokenKind::Colon
                && match w[0].kind {
                    TokenKind::Ident => &sub[w[0].at..w[0].end] == key,
                    TokenKind::Str => sub[w[0].at..w[0].end] == quoted,
                    _ => false,
                }
        })
        .map(|w| from + w[0].at)
}

/// The position of `key` in item `item` of the list `field`, or of the item itself, or
/// of the start of the file; always a valid position for an error.
pub(crate) fn locate_item(text: &str, field: &str, item: usize, key: Option<&str>) -> (usize, usize) {
    let items = list_items(text, field);
    let Some(&span) = items.get(item) else {
        return (1, 1);
    };
    let at = key.and_then(|k| key_in(text, span, k)).unwrap_or(span.0);
    line_col(text, at)
}

/// The byte offset of the quoted string `"value"` inside `span`.
pub(crate) fn string_in(text: &str, span: (usize, usize), value: &str) -> Option<usize> {
    let (from, to) = (span.0.min(text.len()), span.1.min(text.len()));
    let sub = text.get(from..to)?;
    let quoted = format!("\"{value}\"");
    tokens(sub).iter().find(|t| t.kind == TokenKind::Str && sub[t.at..t.end] == quoted).map(|t| from + t.at)
}

/// Line and column of the top-level field `key:` of the outermost value; the start of
/// the file when it is not written.
pub(crate) fn locate_field(text: &str, key: &str) -> (usize, usize) {
    tokens(text)
        .windows(2)
        .find(|w| {
            w[0].kind == TokenKind::Ident
                && w[0].depth == 1
                && &text[w[0].at..w[0].end] == key
                && w[1].kind == TokenKind::Colon
        })
        .map_or((1, 1), |w| line_col(text, w[0].at))
}

/// Every quoted string written as the value of a field `field: "…"` anywhere in `text`,
/// as (byte offset of its opening quote, its text between the quotes), in file order.
/// One pass over the text: a world of many objects finds every id at once.
pub(crate) fn field_strings<'t>(text: &'t str, field: &str) -> Vec<(usize, &'t str)> {
    let mut out = Vec::new();
    let mut last: [Option<Token>; 2] = [None, None];
    each_token(text, |t| {
        if let [Some(name), Some(colon)] = last
            && name.kind == TokenKind::Ident
            && &text[name.at..name.end] == field
            && colon.kind == TokenKind::Colon
            && t.kind == TokenKind::Str
            && t.end >= t.at + 2
            && text.as_bytes()[t.at] == b'"'
        {
            out.push((t.at, &text[t.at + 1..t.end - 1]));
        }
        last = [last[1], Some(t)];
    });
    out
}

/// A key written twice in one map (`{"Eat": 0.9, "Eat": 0.0}`): the byte offsets of its
/// first and second occurrence and its text as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DuplicateKey {
    pub first: usize,
    pub second: usize,
    pub key: String,
}

/// The first key written twice in the same `{ … }` map of `text`, in file order, or
/// none. Keys are compared as written (spacing aside), so `"Eat"` twice is a duplicate
/// wherever the map is nested. Works on broken text too: it only reads the
/// structure, never values.
pub(crate) fn duplicate_key(text: &str) -> Option<DuplicateKey> {
    /// An open bracket; for a map, the keys seen so far, where the key being read
    /// started and whether its value is being read.
    struct Frame {
        depth: usize,
        is_map: bool,
        keys: std::collections::HashMap<String, usize>,
        key_start: Option<usize>,
        in_value: bool,
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut found: Option<DuplicateKey> = None;
    each_token(text, |t| {
        if found.is_some() {
            return;
        }
        if t.kind == TokenKind::Close {
            stack.pop();
            return;
        }
        if let Some(top) = stack.last_mut()
            && top.is_map
            && t.depth == top.depth + usize::from(t.kind == TokenKind::Open)
        {
            match t.kind {
                TokenKind::Comma => {
                    top.key_start = None;
                    top.in_value = false;
                }
                TokenKind::Colon if !top.in_value => {
                    top.in_value = true;
                    if let Some(s) = top.key_start.take() {
                        let key = text[s..t.at].trim();
                        // Spacing inside a key without strings does not make it another
                        // key: `(1, 2)` and `(1,2)` are the same.
                        let same = if key.contains('"') {
                            key.to_owned()
                        } else {
                            key.chars().filter(|c| !c.is_whitespace()).collect()
                        };
                        if let Some(&first) = top.keys.get(&same) {
                            found = Some(DuplicateKey { first, second: s, key: key.to_owned() });
                        } else {
                            top.keys.insert(same, s);
                        }
                    }
                }
                _ if !top.in_value && top.key_start.is_none() => top.key_start = Some(t.at),
                _ => {}
            }
        }
        if t.kind == TokenKind::Open {
            stack.push(Frame {
                depth: t.depth,
                is_map: text.as_bytes()[t.at] == b'{',
                keys: std::collections::HashMap::new(),
                key_start: None,
                in_value: false,
            });
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_skip_strings_and_comments() {
        let text = "(\n  // events: [(x)]\n  events: [\n    (name: \"a, ]\"),\n    (name: \"b\") /* , */,\n  ],\n)";
        let items = list_items(text, "events");
        assert_eq!(items.len(), 2, "{items:?}");
        assert!(text[items[0].0..items[0].1].contains("\"a, ]\""));
        assert!(text[items[1].0..].starts_with("(name: \"b\")"));
    }

    #[test]
    fn key_found_as_field_or_quoted_map_key() {
        let text = "(features: [(name: \"weight\", weight: 2.0), (state: {\"x\": 1.0})])";
        let items = list_items(text, "features");
        let at = key_in(text, items[0], "weight").unwrap();
        assert_eq!(&text[at..at + 7], "weight:");
        let at = key_in(text, items[1], "x").unwrap();
        assert_eq!(&text[at..at + 3], "\"x\"");
        assert_eq!(locate_item(text, "features", 1, Some("x")), (1, 53));
        assert_eq!(locate_item(text, "features", 9, Some("x")), (1, 1));
    }

    #[test]
    fn items_of_a_lesson_script_and_strings_in_them() {
        let text =
            "(\n  // events: [(x)]\n  events: [\n    (at: 1.0, o: \"a, ]\"),\n    /* (at: 9) , */ (at: -2.5),\n  ],\n)";
        let items = list_items(text, "events");
        assert_eq!(items.len(), 2, "{items:?}");
        assert!(text[items[1].0..].starts_with("(at: -2.5)"));
        assert_eq!(locate_item(text, "events", 1, Some("at")), (5, 22));
        let text = "(objects: {\"feedback\": {}}, examples: [(answers: {\"kind\": \"rock\"}, feedback: NaN)])";
        let items = list_items(text, "examples");
        let at = key_in(text, items[0], "feedback").unwrap();
        assert!(text[at..].starts_with("feedback: NaN"));
        let at = string_in(text, items[0], "rock").unwrap();
        assert!(text[at..].starts_with("\"rock\""));
        assert_eq!(locate_field(text, "examples"), (1, 29));
        assert_eq!(locate_field(text, "missing"), (1, 1));
    }

    #[test]
    fn a_key_written_twice_in_one_map_is_found() {
        let text = "(desires: {\"Eat\": 0.9, \"Sleep\": 0.1,\n  \"Eat\": 0.0})";
        let d = duplicate_key(text).unwrap();
        assert_eq!(d.key, "\"Eat\"");
        assert_eq!(line_col(text, d.second), (2, 3));
        assert_eq!(&text[d.first..d.first + 5], "\"Eat\"");
        // Nested maps, tuple keys, values that are maps, and the same key in two maps.
        let text = "{\"a\": {\"x\": 1, \"y\": {\"x\": 2}}, \"b\": {\"x\": 3}, (1, 2): 0, (1, 3): 0}";
        assert_eq!(duplicate_key(text), None);
        let text = "{(1, 2): 0, (1,2): 1, ( 1, 2 ): 2}";
        assert_eq!(duplicate_key(text).unwrap().key, "(1,2)");
        let text = "{\"a\": {\"x\": 1, \"y\": 2, /* \"x\": */ \"x\": 3}}";
        assert_eq!(duplicate_key(text).unwrap().key, "\"x\"");
        // Struct fields are not map keys (serde refuses those itself); lists hold no keys.
        assert_eq!(duplicate_key("(a: 1, a: 2, l: [\"a\", \"a\"])"), None);
        assert_eq!(duplicate_key("{\"k\": \"a: b\", \"j\": \"a\"}"), None);
    }

    #[test]
    fn broken_text_gives_no_items_and_no_panic() {
        for text in ["", "(", "(events: [", "(events: [(\"", "r#\"", "(events: [é, ü]", "/* unclosed"] {
            let _ = list_items(text, "events");
            let _ = locate_item(text, "events", 0, Some("id"));
            let _ = locate_field(text, "events");
            let _ = string_in(text, (0, text.len()), "x");
            let _ = duplicate_key(text);
        }
        for text in ["{", "}", "{:", "{a:}:", "}}}{{{", "{\"a\": 1, \"a\"", "{,:,:}"] {
            let _ = duplicate_key(text);
        }
    }
}
