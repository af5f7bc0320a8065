//! Where things are in RON text, for errors found after parsing (SPEC §14: every load
//! error names the file, line and column).
//!
//! ron reports positions for syntax errors only; a value that parses but makes no sense
//! (a negative scale, a duplicated event id) is located here by a small scanner that
//! knows strings, comments and nesting, so that a `"weight"` inside a feature name or a
//! comment is never mistaken for the field.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// The 1-based line and column (in characters) of byte offset `at` in `text`.
///
/// Scans the text before `at`; a caller placing many positions in one text builds a
/// [`LineIndex`] once instead.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// The places of one text, built in one pass so that every later position is found
/// without scanning the text again: a file with 100,000 problems is placed in linear
/// time, not quadratic.
#[derive(Debug, Clone)]
pub struct LineIndex<'t> {
    text: &'t str,
    /// The byte offset at which each line starts; the first is 0.
    line_starts: Vec<usize>,
    /// The number of characters before each multiple of [`Self::BLOCK`] bytes, so that
    /// a column on a very long line is counted from the nearest block, not from the
    /// line's start.
    chars_before_block: Vec<usize>,
}

impl<'t> LineIndex<'t> {
    const BLOCK: usize = 1024;

    pub fn new(text: &'t str) -> Self {
        let bytes = text.as_bytes();
        let mut line_starts = vec![0];
        line_starts.extend(bytes.iter().enumerate().filter(|(_, b)| **b == b'\n').map(|(i, _)| i + 1));
        let mut chars_before_block = Vec::with_capacity(bytes.len() / Self::BLOCK + 1);
        let mut chars = 0;
        for block in bytes.chunks(Self::BLOCK) {
            chars_before_block.push(chars);
            chars += char_starts(block);
        }
        chars_before_block.push(chars);
        Self { text, line_starts, chars_before_block }
    }

    /// The text this index places positions in.
    pub fn text(&self) -> &'t str {
        self.text
    }

    /// The 1-based line and column (in characters) of byte offset `at`, as [`line_col`]
    /// gives them.
    pub fn line_col(&self, at: usize) -> (usize, usize) {
        let at = at.min(self.text.len());
        // The last line starting at or before `at`; a newline at `at` itself ends the
        // line, as in `line_col`.
        let line = self.line_starts.partition_point(|&s| s <= at);
        let start = self.line_starts[line - 1];
        (line, self.chars_before(at) - self.chars_before(start) + 1)
    }

    /// How many characters start before byte offset `at`.
    fn chars_before(&self, at: usize) -> usize {
        let block = at / Self::BLOCK;
        self.chars_before_block[block] + char_starts(&self.text.as_bytes()[block * Self::BLOCK..at])
    }
}

/// The number of UTF-8 characters that start in `bytes`: every byte that is not a
/// continuation byte.
fn char_starts(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
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
/// outermost value of `text` (the `allow` of a manifest, the `objects` of a world), or
/// of the outermost value itself when `field` is [`OUTERMOST`] (a file that is a list,
/// as `watches.ron` is). One pass over the text, keeping no list of its tokens.
pub(crate) fn list_items(text: &str, field: &str) -> Vec<(usize, usize)> {
    /// How far the scan has come: looking for `field: [`, inside the list (at the
    /// list's depth, with the start of the item being read), or past its end.
    enum State {
        Seeking([Option<Token>; 2]),
        Inside { list_depth: usize, start: Option<usize> },
        Done,
    }
    let mut items = Vec::new();
    let mut state = State::Seeking([None, None]);
    each_token(text, |t| match &mut state {
        State::Seeking(last) => {
            if field == OUTERMOST {
                if t.kind == TokenKind::Open && t.depth == 1 {
                    state = State::Inside { list_depth: t.depth, start: None };
                } else {
                    state = State::Done;
                }
            } else if let [Some(name), Some(colon)] = *last
                && names_field(text, name, field)
                && name.depth == 1
                && colon.kind == TokenKind::Colon
                && t.kind == TokenKind::Open
            {
                state = State::Inside { list_depth: t.depth, start: None };
            } else {
                *last = [last[1], Some(t)];
            }
        }
        State::Inside { list_depth, start } => {
            let at_list = t.depth == *list_depth;
            if at_list && matches!(t.kind, TokenKind::Close | TokenKind::Comma) {
                if let Some(s) = start.take() {
                    items.push((s, t.at));
                }
                if t.kind == TokenKind::Close {
                    state = State::Done;
                }
            } else if start.is_none() {
                *start = Some(t.at);
            }
        }
        State::Done => {}
    });
    items
}

/// Whether `name` is the field `field`: written bare, as RON writes a struct's fields,
/// or quoted, as JSON writes an object's keys.
fn names_field(text: &str, name: Token, field: &str) -> bool {
    let written = &text[name.at..name.end];
    match name.kind {
        TokenKind::Ident => written == field,
        TokenKind::Str => {
            written.len() == field.len() + 2 && written.starts_with('"') && &written[1..=field.len()] == field
        }
        _ => false,
    }
}

/// The name [`list_items`] and [`Placer`] take for the outermost value of a file that
/// is itself a list or a map.
pub(crate) const OUTERMOST: &str = "";

/// Places positions in one text for a check that reports many problems: the line index
/// and the items of each list are found once and shared by every problem.
pub struct Placer<'t> {
    index: LineIndex<'t>,
    /// The item spans of each list asked about so far, by field name.
    lists: RefCell<HashMap<String, Spans>>,
}

/// The byte spans of a list's items, shared between the placer and a caller.
type Spans = Rc<[(usize, usize)]>;

impl<'t> Placer<'t> {
    pub fn new(text: &'t str) -> Self {
        Self { index: LineIndex::new(text), lists: RefCell::default() }
    }

    /// The line and column of byte offset `at`.
    pub fn line_col(&self, at: usize) -> (usize, usize) {
        self.index.line_col(at)
    }

    /// The position of `key` in item `item` of the list `field`, or of the item itself,
    /// or of the start of the file; always a valid position for an error. The list's
    /// items are found once, on the first question about it.
    pub fn item(&self, field: &str, item: usize, key: Option<&str>) -> (usize, usize) {
        let text = self.index.text();
        let Some(&span) = self.items(field).get(item) else {
            return (1, 1);
        };
        let at = key.and_then(|k| key_in(text, span, k)).unwrap_or(span.0);
        self.line_col(at)
    }

    /// The position of the value written after `key:` in item `item` of the list
    /// `field` (the quoted condition of a breakpoint), or of the item, or of the start
    /// of the file.
    pub fn item_value(&self, field: &str, item: usize, key: &str) -> (usize, usize) {
        let text = self.index.text();
        let Some(&span) = self.items(field).get(item) else {
            return (1, 1);
        };
        let at = value_in(text, span, key).unwrap_or(span.0);
        self.line_col(at)
    }

    /// The byte offset at which the value of `key` (or, without a key, the item itself)
    /// starts in item `item` of the list `field`; `None` for an item the list lacks.
    pub fn item_start(&self, field: &str, item: usize, key: Option<&str>) -> Option<usize> {
        let text = self.index.text();
        let span = *self.items(field).get(item)?;
        Some(key.and_then(|k| value_in(text, span, k)).unwrap_or(span.0))
    }

    /// The byte spans of the items of the list (or the entries of the map) `field`, as
    /// [`list_items`] finds them, found once on the first question about the list.
    pub fn items(&self, field: &str) -> Spans {
        let text = self.index.text();
        Rc::clone(self.lists.borrow_mut().entry(field.to_owned()).or_insert_with(|| list_items(text, field).into()))
    }

    /// The keys of the map `field` as the RON parser reads them (escapes undone), each
    /// with the byte offset its entry starts at: every key of a large map placed in one
    /// pass. A key that is not a string is left out.
    pub fn map_keys(&self, field: &str) -> HashMap<String, usize> {
        let text = self.index.text();
        self.items(field)
            .iter()
            .filter_map(|&(from, to)| {
                let mut key = None;
                each_token(&text[from..to], |t| {
                    if key.is_none() && t.depth == 0 {
                        key = Some(t);
                    }
                });
                let key = key.filter(|k| k.kind == TokenKind::Str)?;
                let decoded: String = ron::from_str(&text[from + key.at..from + key.end]).ok()?;
                Some((decoded, from))
            })
            .collect()
    }

    /// As [`locate_field`]: the top-level field `key`, or the start of the file.
    pub fn field(&self, key: &str) -> (usize, usize) {
        locate_field(self.index.text(), key)
    }
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

/// Where the value of `key` is written inside `span` (the token after the colon that
/// follows the key, as [`key_in`] finds it). Returns the byte offset.
pub(crate) fn value_in(text: &str, span: (usize, usize), key: &str) -> Option<usize> {
    key_in(text, span, key).and_then(|k| value_after(text, (k, span.1)))
}

/// The byte offset in `text` of character `index` (from 0) of the string literal that
/// starts at byte `at` (`"…"` with its escapes, or a raw `r#"…"#`), as the parser
/// reads it: a problem found in a string's contents placed where it is written. `None`
/// past the string's end or when no string starts there.
pub(crate) fn char_in_string(text: &str, at: usize, index: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = at;
    let raw = bytes.get(i) == Some(&b'r');
    if raw {
        i += 1;
        while bytes.get(i) == Some(&b'#') {
            i += 1;
        }
    }
    if bytes.get(i) != Some(&b'"') {
        return None;
    }
    i += 1;
    for _ in 0..index {
        let c = text.get(i..)?.chars().next()?;
        i += match c {
            '"' if !raw => return None,
            '\\' if !raw => match bytes.get(i + 1) {
                Some(b'u') => text[i..].find('}').map_or(2, |end| end + 1),
                Some(b'x') => 4,
                _ => 2,
            },
            c => c.len_utf8(),
        };
    }
    (i < text.len()).then_some(i)
}

/// The byte offset of the first token after the first colon in `span`: the value of
/// the field whose name starts the span.
fn value_after(text: &str, span: (usize, usize)) -> Option<usize> {
    let (from, to) = (span.0.min(text.len()), span.1.min(text.len()));
    let toks = tokens(&text[from..to]);
    let colon = toks.iter().position(|t| t.kind == TokenKind::Colon)?;
    toks.get(colon + 1).map(|t| from + t.at)
}

/// Line and column of the top-level field `key:` of the outermost value; the start of
/// the file when it is not written.
pub(crate) fn locate_field(text: &str, key: &str) -> (usize, usize) {
    tokens(text)
        .windows(2)
        .find(|w| names_field(text, w[0], key) && w[0].depth == 1 && w[1].kind == TokenKind::Colon)
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
        keys: HashMap<String, usize>,
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
                keys: HashMap::new(),
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
        let placer = Placer::new(text);
        assert_eq!(placer.item("features", 1, Some("x")), (1, 53));
        assert_eq!(placer.item("features", 9, Some("x")), (1, 1));
    }

    #[test]
    fn items_of_a_lesson_script_and_strings_in_them() {
        let text =
            "(\n  // events: [(x)]\n  events: [\n    (at: 1.0, o: \"a, ]\"),\n    /* (at: 9) , */ (at: -2.5),\n  ],\n)";
        let items = list_items(text, "events");
        assert_eq!(items.len(), 2, "{items:?}");
        assert!(text[items[1].0..].starts_with("(at: -2.5)"));
        assert_eq!(Placer::new(text).item("events", 1, Some("at")), (5, 22));
        let text = "(objects: {\"feedback\": {}}, examples: [(answers: {\"kind\": \"rock\"}, feedback: NaN)])";
        let items = list_items(text, "examples");
        let at = key_in(text, items[0], "feedback").unwrap();
        assert!(text[at..].starts_with("feedback: NaN"));
        // The entries of a map are its items too, each starting with its key.
        let objects = list_items(text, "objects");
        assert_eq!(objects.len(), 1);
        assert!(text[objects[0].0..objects[0].1].starts_with("\"feedback\": {}"));
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
    fn a_line_index_places_as_a_scan_does() {
        let long: String = "aé\u{1F600}b".repeat(700);
        for text in ["", "\n", "a\nb", "ab\ncé d\n\n", "é\né\n", long.as_str(), &format!("x\n{long}\n{long}y")] {
            let index = LineIndex::new(text);
            for at in (0..=text.len() + 2).filter(|&a| a > text.len() || text.is_char_boundary(a)) {
                assert_eq!(index.line_col(at), line_col(text, at), "{text:?} at {at}");
            }
        }
    }

    #[test]
    fn a_placer_places_a_key_in_an_item_or_the_item_or_the_start() {
        let text = "(\n  a: 1,\n  events: [\n    (at: 1.0, o: \"é\"),\n    (at: -2.5),\n  ],\n)";
        let placer = Placer::new(text);
        let want = [
            ((0, None), (4, 5)),
            ((0, Some("at")), (4, 6)),
            ((0, Some("o")), (4, 15)),
            ((1, None), (5, 5)),
            ((1, Some("at")), (5, 6)),
            // A key the item lacks places the item; an item the list lacks, the start.
            ((1, Some("o")), (5, 5)),
            ((2, Some("at")), (1, 1)),
        ];
        for ((item, key), at) in want {
            assert_eq!(placer.item("events", item, key), at, "item {item}, key {key:?}");
        }
        // Asked again, the list found the first time answers the same.
        assert_eq!(placer.item("events", 0, Some("o")), (4, 15));
        assert_eq!(placer.item("missing", 0, None), (1, 1));
        assert_eq!(placer.field("a"), (2, 3));
    }

    #[test]
    fn a_placer_places_the_item_after_many_long_lines_by_characters() {
        // Each item on its own line after a line of multi-byte characters longer than a
        // block of the line index.
        let wide = "é".repeat(3000);
        let text =
            format!("(\n  // {wide}\n  events: [\n    (x: 1),\n  // {wide}\n    (y: \"{wide}\", x: 2),\n  ],\n)");
        let placer = Placer::new(&text);
        assert_eq!(placer.item("events", 0, Some("x")), (4, 6));
        assert_eq!(placer.item("events", 1, Some("x")), (6, 3000 + 13));
    }

    #[test]
    fn a_character_of_a_string_is_placed_where_it_is_written() {
        let text = r##"["a\"b\u{e9}c", r#"x"y"#, "é\tz"]"##;
        let at = |needle: &str| text.find(needle).unwrap();
        let first = at("\"a");
        assert_eq!(char_in_string(text, first, 0), Some(first + 1));
        assert_eq!(&text[char_in_string(text, first, 3).unwrap()..][..6], "\\u{e9}");
        assert_eq!(&text[char_in_string(text, first, 4).unwrap()..][..1], "c");
        assert_eq!(char_in_string(text, first, 6), None, "past the end");
        let raw = at("r#");
        assert_eq!(&text[char_in_string(text, raw, 2).unwrap()..][..1], "y");
        let third = at("\"é");
        assert_eq!(&text[char_in_string(text, third, 2).unwrap()..][..1], "z");
        assert_eq!(char_in_string(text, 0, 0), None, "no string starts there");
        assert_eq!(char_in_string("\"ab", 0, 5), None);
    }

    #[test]
    fn broken_text_gives_no_items_and_no_panic() {
        for text in ["", "(", "(events: [", "(events: [(\"", "r#\"", "(events: [é, ü]", "/* unclosed"] {
            let _ = list_items(text, "events");
            let _ = Placer::new(text).item("events", 0, Some("id"));
            let _ = locate_field(text, "events");
            let _ = duplicate_key(text);
        }
        for text in ["{", "}", "{:", "{a:}:", "}}}{{{", "{\"a\": 1, \"a\"", "{,:,:}"] {
            let _ = duplicate_key(text);
        }
    }
}
