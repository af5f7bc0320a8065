//! Saving an edited value back into the RON text it came from, keeping the person's
//! comments, field order and layout: only the values that changed are rewritten.
//!
//! Species files and lesson scripts are written by hand and explained by comments; an
//! editor that reformatted them on every save would destroy that. [`update`] parses the
//! old text into a tree of spans, compares the old and new values field by field, and
//! splices the new value's text in where they differ. The result is parsed back and
//! compared with the new value; when it does not match (a shape this module does not
//! handle), the caller falls back to writing the value out in full.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// One value in RON text with its byte span.
#[derive(Debug, Clone)]
struct Node {
    start: usize,
    end: usize,
    kind: Kind,
}

#[derive(Debug, Clone)]
enum Kind {
    /// A number, string, char, bool, unit enum variant, `()`…
    Atom,
    /// `Name(field: v, …)` or `(field: v, …)`: fields by name, `close` is the `)`.
    Struct { fields: Vec<(String, Node)>, close: usize },
    /// `Name(v, …)`, `(v, …)` or `[v, …]`.
    Seq { items: Vec<Node> },
    /// `{k: v, …}`, keyed by the key's text.
    Map { entries: Vec<(String, Node)> },
}

struct Parser<'a> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
    depth: usize,
}

const MAX_DEPTH: usize = 64;

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Self { text, b: text.as_bytes(), i: 0, depth: 0 }
    }

    fn skip_ws(&mut self) {
        loop {
            while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
                self.i += 1;
            }
            if self.b[self.i..].starts_with(b"//") {
                while self.i < self.b.len() && self.b[self.i] != b'\n' {
                    self.i += 1;
                }
            } else if self.b[self.i..].starts_with(b"/*") {
                let mut nest = 0usize;
                while self.i < self.b.len() {
                    if self.b[self.i..].starts_with(b"/*") {
                        nest += 1;
                        self.i += 2;
                    } else if self.b[self.i..].starts_with(b"*/") {
                        nest = nest.saturating_sub(1);
                        self.i += 2;
                        if nest == 0 {
                            break;
                        }
                    } else {
                        self.i += 1;
                    }
                }
            } else if self.b[self.i..].starts_with(b"#!") {
                while self.i < self.b.len() && self.b[self.i] != b'\n' {
                    self.i += 1;
                }
            } else {
                return;
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        self.skip_ws();
        (self.peek()? == c).then(|| self.i += 1)
    }

    fn ident(&mut self) -> Option<(usize, usize)> {
        let start = self.i;
        if self.b[self.i..].starts_with(b"r#") {
            self.i += 2;
        }
        while self.i < self.b.len() && (self.b[self.i].is_ascii_alphanumeric() || self.b[self.i] == b'_') {
            self.i += 1;
        }
        (self.i > start).then_some((start, self.i))
    }

    fn string(&mut self) -> Option<()> {
        // At a `"`: skip to the closing quote, honouring escapes.
        self.i += 1;
        while self.i < self.b.len() && self.b[self.i] != b'"' {
            self.i += if self.b[self.i] == b'\\' { 2 } else { 1 };
        }
        (self.i < self.b.len()).then(|| self.i += 1)
    }

    /// `r"…"` or `r#"…"#`, as opposed to a raw identifier `r#name`.
    fn at_raw_string(&self) -> bool {
        let rest = &self.b[self.i + 1..];
        let hashes = rest.iter().take_while(|c| **c == b'#').count();
        rest.get(hashes) == Some(&b'"')
    }

    fn raw_string(&mut self) -> Option<()> {
        // At `r#…#"` or `r"`.
        self.i += 1;
        let mut hashes = 0;
        while self.peek() == Some(b'#') {
            hashes += 1;
            self.i += 1;
        }
        if self.peek() != Some(b'"') {
            return None;
        }
        self.i += 1;
        let close = format!("\"{}", "#".repeat(hashes));
        let at = self.text[self.i..].find(&close)?;
        self.i += at + close.len();
        Some(())
    }

    fn value(&mut self) -> Option<Node> {
        self.skip_ws();
        let start = self.i;
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let c = self.peek()?;
        let node = match c {
            b'"' => {
                self.string()?;
                Node { start, end: self.i, kind: Kind::Atom }
            }
            b'r' if self.at_raw_string() => {
                self.raw_string()?;
                Node { start, end: self.i, kind: Kind::Atom }
            }
            b'\'' => {
                self.i += 1;
                while self.i < self.b.len() && self.b[self.i] != b'\'' {
                    self.i += if self.b[self.i] == b'\\' { 2 } else { 1 };
                }
                self.i += 1;
                Node { start, end: self.i, kind: Kind::Atom }
            }
            b'[' => {
                self.i += 1;
                let items = self.list(b']')?;
                Node { start, end: self.i, kind: Kind::Seq { items } }
            }
            b'{' => {
                self.i += 1;
                let mut entries = Vec::new();
                loop {
                    self.skip_ws();
                    if self.peek()? == b'}' {
                        self.i += 1;
                        break;
                    }
                    let key = self.value()?;
                    self.eat(b':')?;
                    let v = self.value()?;
                    entries.push((self.text[key.start..key.end].to_owned(), v));
                    self.skip_ws();
                    if self.peek()? == b',' {
                        self.i += 1;
                    }
                }
                Node { start, end: self.i, kind: Kind::Map { entries } }
            }
            b'(' => self.parens(start)?,
            c if c.is_ascii_alphabetic() || c == b'_' => {
                self.ident()?;
                let after_ident = self.i;
                self.skip_ws();
                if self.peek() == Some(b'(') {
                    self.parens(start)?
                } else {
                    self.i = after_ident;
                    Node { start, end: self.i, kind: Kind::Atom }
                }
            }
            _ => {
                // A number: digits, sign, dot, exponent, underscores, hex/bin prefixes.
                while self.i < self.b.len()
                    && (self.b[self.i].is_ascii_alphanumeric() || matches!(self.b[self.i], b'+' | b'-' | b'.' | b'_'))
                {
                    self.i += 1;
                }
                if self.i == start {
                    return None;
                }
                Node { start, end: self.i, kind: Kind::Atom }
            }
        };
        self.depth -= 1;
        Some(node)
    }

    /// At a `(`: a struct with named fields, or a tuple.
    fn parens(&mut self, start: usize) -> Option<Node> {
        self.skip_ws();
        self.i += 1; // the `(`
        self.skip_ws();
        let save = self.i;
        let named = self.ident().is_some() && {
            self.skip_ws();
            self.peek() == Some(b':')
        };
        self.i = save;
        if !named {
            let items = self.list(b')')?;
            return Some(Node { start, end: self.i, kind: Kind::Seq { items } });
        }
        let mut fields = Vec::new();
        loop {
            self.skip_ws();
            if self.peek()? == b')' {
                let close = self.i;
                self.i += 1;
                return Some(Node { start, end: self.i, kind: Kind::Struct { fields, close } });
            }
            let (a, b) = self.ident()?;
            let name = self.text[a..b].trim_start_matches("r#").to_owned();
            self.eat(b':')?;
            let v = self.value()?;
            fields.push((name, v));
            self.skip_ws();
            if self.peek()? == b',' {
                self.i += 1;
            }
        }
    }

    fn list(&mut self, close: u8) -> Option<Vec<Node>> {
        let mut items = Vec::new();
        loop {
            self.skip_ws();
            if self.peek()? == close {
                self.i += 1;
                return Some(items);
            }
            items.push(self.value()?);
            self.skip_ws();
            if self.peek()? == b',' {
                self.i += 1;
            }
        }
    }
}

fn parse(text: &str) -> Option<Node> {
    let mut p = Parser::new(text);
    let v = p.value()?;
    p.skip_ws();
    (p.i == text.len()).then_some(v)
}

/// One splice: replace `start..end` of the old text with `with`.
struct Splice {
    start: usize,
    end: usize,
    with: String,
}

struct Diff<'a> {
    old: &'a str,
    before: &'a str,
    after: &'a str,
    out: Vec<Splice>,
}

impl Diff<'_> {
    fn text<'t>(src: &'t str, n: &Node) -> &'t str {
        &src[n.start..n.end]
    }

    /// `a` is the node in the person's text; `b` the old value written out plainly and
    /// `c` the new value written out plainly.
    fn walk(&mut self, a: &Node, b: &Node, c: &Node) {
        let (bt, ct) = (Self::text(self.before, b), Self::text(self.after, c));
        if bt == ct {
            return;
        }
        match (&a.kind, &b.kind, &c.kind) {
            (Kind::Struct { fields: fa, close }, Kind::Struct { fields: fb, .. }, Kind::Struct { fields: fc, .. }) => {
                for (name, vc) in fc {
                    let vb = fb.iter().find(|(n, _)| n == name).map(|(_, v)| v);
                    match (fa.iter().find(|(n, _)| n == name), vb) {
                        (Some((_, va)), Some(vb)) => self.walk(va, vb, vc),
                        (Some((_, va)), None) => self.replace(va, vc),
                        (None, Some(vb)) if Self::text(self.before, vb) == Self::text(self.after, vc) => {}
                        (None, _) => self.insert_field(a, fa, *close, name, vc),
                    }
                }
            }
            (Kind::Seq { items: ia }, Kind::Seq { items: ib }, Kind::Seq { items: ic })
                if ia.len() == ic.len() && ib.len() == ic.len() =>
            {
                for ((x, y), z) in ia.iter().zip(ib).zip(ic) {
                    self.walk(x, y, z);
                }
            }
            (Kind::Seq { items: ia }, Kind::Seq { items: ib }, Kind::Seq { items: ic })
                if ia.len() == ib.len() && !ia.is_empty() && self.old[a.start..].starts_with('[') =>
            {
                self.resize_list(ia, ib, ic);
            }
            (Kind::Map { entries: ea }, Kind::Map { entries: eb }, Kind::Map { entries: ec })
                if same_keys(ea, ec) && same_keys(eb, ec) =>
            {
                for (k, vc) in ec {
                    let va = ea.iter().find(|(x, _)| x == k).map(|(_, v)| v);
                    let vb = eb.iter().find(|(x, _)| x == k).map(|(_, v)| v);
                    if let (Some(va), Some(vb)) = (va, vb) {
                        self.walk(va, vb, vc);
                    }
                }
            }
            _ => self.replace(a, c),
        }
    }

    /// A list that gained or lost items: the items alike at both ends are kept, those
    /// between are compared in pairs, and what is left over is inserted after the last
    /// kept item (each on its own line, indented as that item) or removed with the
    /// separator before it, so the comments of the items kept stay.
    fn resize_list(&mut self, ia: &[Node], ib: &[Node], ic: &[Node]) {
        let same = |y: &Node, z: &Node| Self::text(self.before, y) == Self::text(self.after, z);
        let least = ib.len().min(ic.len());
        let pre = (0..least).take_while(|&k| same(&ib[k], &ic[k])).count();
        let suf = (0..least - pre).take_while(|&k| same(&ib[ib.len() - 1 - k], &ic[ic.len() - 1 - k])).count();
        let (mb, mc) = (ib.len() - suf - pre, ic.len() - suf - pre);
        let paired = mb.min(mc);
        for k in pre..pre + paired {
            self.walk(&ia[k], &ib[k], &ic[k]);
        }
        let at = pre + paired;
        if mc > mb {
            let items: Vec<&str> = ic[at..pre + mc].iter().map(|z| Self::text(self.after, z)).collect();
            if at == 0 {
                let line_start = self.old[..ia[0].start].rfind('\n').map_or(0, |i| i + 1);
                let indent = &self.old[line_start..ia[0].start];
                let sep = if indent.trim().is_empty() { format!(",\n{indent}") } else { ", ".to_owned() };
                let with = items.join(&sep) + &sep;
                self.out.push(Splice { start: ia[0].start, end: ia[0].start, with });
                return;
            }
            let last = &ia[at - 1];
            let after_last = &self.old[last.end..];
            let comma = after_last.trim_start().starts_with(',');
            let pos = if comma { last.end + after_last.find(',').unwrap_or(0) + 1 } else { last.end };
            let line_start = self.old[..last.start].rfind('\n').map_or(0, |i| i + 1);
            let indent = &self.old[line_start..last.start];
            let with: String = if indent.trim().is_empty() {
                let body: String = items.iter().map(|t| format!("\n{indent}{t},")).collect();
                if comma { body } else { format!(",{}", body.trim_end_matches(',')) }
            } else {
                let body = items.join(", ");
                if comma { format!(" {body},") } else { format!(", {body}") }
            };
            self.out.push(Splice { start: pos, end: pos, with });
        } else if mb > mc {
            let (lo, hi) = (at, pre + mb);
            if hi < ia.len() {
                self.out.push(Splice { start: ia[lo].start, end: ia[hi].start, with: String::new() });
            } else if lo > 0 {
                // The last items go from the line they start, so a comment before them
                // stays; inline they go with the separator before them.
                let line =
                    self.old[..ia[lo].start].rfind('\n').filter(|&n| self.old[n..ia[lo].start].trim().is_empty());
                let (start, mut end) = (line.unwrap_or(ia[lo - 1].end), ia[hi - 1].end);
                let tail = &self.old[end..];
                if line.is_some() && tail.trim_start().starts_with(',') {
                    end += tail.find(',').unwrap_or(0) + 1;
                }
                self.out.push(Splice { start, end, with: String::new() });
            } else {
                self.out.push(Splice { start: ia[0].start, end: ia[hi - 1].end, with: String::new() });
            }
        }
    }

    fn replace(&mut self, a: &Node, c: &Node) {
        self.out.push(Splice { start: a.start, end: a.end, with: Self::text(self.after, c).to_owned() });
    }

    /// Adds `name: value` to a struct that did not spell the field out, in the struct's
    /// own style: on a line of its own when the struct spans lines, else inline.
    fn insert_field(&mut self, s: &Node, fields: &[(String, Node)], close: usize, name: &str, c: &Node) {
        let value = Self::text(self.after, c);
        let body = &self.old[s.start..close];
        let Some(last) = fields.last() else {
            self.out.push(Splice { start: close, end: close, with: format!("{name}: {value}") });
            return;
        };
        let after_last = &self.old[last.1.end..close];
        let has_comma = after_last.trim_start().starts_with(',');
        let comma_at = if has_comma { last.1.end + after_last.find(',').unwrap_or(0) + 1 } else { last.1.end };
        if body.contains('\n') {
            let line_start = self.old[..last.1.start].rfind('\n').map_or(0, |i| i + 1);
            let indent: String = self.old[line_start..].chars().take_while(|c| *c == ' ' || *c == '\t').collect();
            let lead = if has_comma { "" } else { "," };
            self.out.push(Splice { start: comma_at, end: comma_at, with: format!("{lead}\n{indent}{name}: {value},") });
        } else {
            let lead = if has_comma { " " } else { ", " };
            self.out.push(Splice { start: comma_at, end: comma_at, with: format!("{lead}{name}: {value}") });
        }
    }
}

fn same_keys(a: &[(String, Node)], b: &[(String, Node)]) -> bool {
    a.len() == b.len() && a.iter().all(|(k, _)| b.iter().any(|(x, _)| x == k))
}

/// RON as people write it: an optional value is written plainly (`target: "id"`), as
/// the studio's files (SPEC §15) do, not as `Some("id")`.
fn config() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::new().struct_names(false).extensions(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// `text` without the `#![enable(…)]` line the serializer puts first.
fn without_attributes(text: &str) -> String {
    let mut t = text.trim_start();
    while let Some(rest) = t.strip_prefix("#![") {
        t = rest.find(']').map_or("", |i| rest[i + 1..].trim_start());
    }
    t.to_owned()
}

fn plain<T: Serialize>(value: &T, config: ron::ser::PrettyConfig) -> Option<String> {
    let text = ron::ser::to_string_pretty(value, config.new_line("").indentor("").separator(" ")).ok()?;
    Some(without_attributes(&text))
}

/// `old_text` rewritten to hold `new`, changing only what differs from the value the
/// text holds now; `None` when the text does not parse or the splice does not give
/// back exactly `new` (then write the value out in full instead).
pub fn update<T>(old_text: &str, new: &T) -> Option<String>
where
    T: Serialize + DeserializeOwned + PartialEq,
{
    update_in(old_text, new, config())
}

/// Like [`update`] for files whose optional values are spelled `Some(…)`, as banks are.
pub fn update_spelling_some<T>(old_text: &str, new: &T) -> Option<String>
where
    T: Serialize + DeserializeOwned + PartialEq,
{
    update_in(old_text, new, ron::ser::PrettyConfig::new().struct_names(false))
}

fn update_in<T>(old_text: &str, new: &T, config: ron::ser::PrettyConfig) -> Option<String>
where
    T: Serialize + DeserializeOwned + PartialEq,
{
    let old_value: T = creature_core::error::parse_ron("", old_text).ok()?;
    if &old_value == new {
        return Some(old_text.to_owned());
    }
    let before = plain(&old_value, config.clone())?;
    let after = plain(new, config)?;
    let (a, b, c) = (parse(old_text)?, parse(&before)?, parse(&after)?);
    let mut diff = Diff { old: old_text, before: &before, after: &after, out: Vec::new() };
    diff.walk(&a, &b, &c);
    let mut splices = diff.out;
    splices.sort_by_key(|s| std::cmp::Reverse((s.start, s.end)));
    let mut text = old_text.to_owned();
    for s in splices {
        text.replace_range(s.start..s.end, &s.with);
    }
    let back: T = creature_core::error::parse_ron("", &text).ok()?;
    (&back == new).then_some(text)
}

/// `value` as pretty RON, for files the editor writes from scratch.
pub fn pretty<T: Serialize>(value: &T) -> String {
    let text = ron::ser::to_string_pretty(value, config().depth_limit(4)).unwrap_or_default();
    without_attributes(&text) + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use creature_core::names::Species;
    use creature_core::species::{SpeciesDef, parse_species};

    const COW: &str = include_str!("../../../species/cow.ron");

    fn cow() -> SpeciesDef {
        parse_species("cow.ron", COW, Species::Cow).unwrap()
    }

    #[test]
    fn a_changed_trait_rewrites_that_number_only_and_keeps_the_comments() {
        let mut c = cow();
        c.traits.kindness = 0.7;
        let text = update(COW, &c).unwrap();
        assert_eq!(text, COW.replacen("kindness: 0.64", "kindness: 0.7", 1));
        assert!(text.contains("// Cow: Kind and friendly"));
    }

    #[test]
    fn an_unchanged_value_leaves_the_text_alone() {
        assert_eq!(update(COW, &cow()).unwrap(), COW);
    }

    #[test]
    fn a_new_map_entry_and_an_enum_change_are_written() {
        let mut c = cow();
        c.increase_overrides.insert(creature_core::names::Desire::Hunger, 25.0);
        c.body.climate = creature_core::species::Climate::Warm;
        let text = update(COW, &c).unwrap();
        assert!(text.contains("climate: Warm"), "{text}");
        assert!(text.contains("\"Hunger\": 25.0"), "{text}");
        assert!(text.contains("// Sightings needed"), "{text}");
    }

    #[test]
    fn a_field_left_to_its_default_is_inserted_only_when_it_changes() {
        let text = "// keep me\n(\n    name: \"Cow\",\n    traits: (kindness: 0.64, friendliness: 0.68, communicativeness: 0.3, lethargy: 0.55, aggression: 0.15),\n    body: (strength: 0.5, speed: 3.0, energy_per_meal: 0.3, grow_up_seconds: 60000.0, climate: Cold),\n    miracle_multiplier: 2.5,\n)\n";
        let mut c = parse_species("c.ron", text, Species::Cow).unwrap();
        c.miracle_multiplier = 3.0;
        let out = update(text, &c).unwrap();
        assert!(!out.contains("aggression_connected"), "{out}");
        c.aggression_connected = true;
        let out = update(text, &c).unwrap();
        assert!(out.contains("    aggression_connected: true,\n"), "{out}");
        assert!(out.starts_with("// keep me"));
    }

    #[test]
    fn an_optional_value_is_written_plainly_as_lesson_scripts_want_it() {
        use creature_core::mind::script::{Do, LessonScript};
        let data = creature_core::species::data::Data::builtin().unwrap();
        let text = "// keep\n(species: \"Cow\", seed: 1, phase: 2, objects: {\"a\": {}, \"b\": {}},\n events: [\n  (at: 0.0, do: PlanStart(desire: \"Anger\", action: \"Throw\", object: \"a\")),\n ])\n";
        let mut s = LessonScript::parse("s", text, &data).unwrap();
        if let Do::PlanStart { target, .. } = &mut s.events[0].what {
            *target = Some("b".into());
        }
        let out = update(text, &s).unwrap();
        assert!(out.contains("target: \"b\"") && out.starts_with("// keep"), "{out}");
        assert_eq!(LessonScript::parse("s", &out, &data).unwrap(), s);
        assert_eq!(LessonScript::parse("s", &pretty(&s), &data).unwrap(), s);
    }

    #[test]
    fn text_that_does_not_parse_gives_none() {
        assert!(update("(name: ", &cow()).is_none());
    }

    #[test]
    fn desire_table_edits_keep_the_comments_of_every_desire() {
        use creature_core::species::data::DesireTable;
        let text = include_str!("../../../species/desires.ron");
        let mut t: DesireTable = creature_core::error::parse_ron("d", text).unwrap();
        t.desires[4].sources[0].threshold = 0.46;
        t.desires[1].sensitivity.growth = 0.01;
        t.desires[3].max = 1.5;
        let out = update(text, &t).unwrap();
        assert_eq!(out.matches("//").count(), text.matches("//").count());
        let back: DesireTable = creature_core::error::parse_ron("d", &out).unwrap();
        assert_eq!(back, t);
        assert!(out.len() < text.len() + 80, "only small splices: {}", out.len() - text.len());
    }
}
