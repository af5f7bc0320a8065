//! No circles between the files of a crate: when a file names a path into another file of
//! its crate, that other file never names its way back, directly or around a longer loop.
//! A file may always use its ancestors' items (a child reaching its parent is no circle),
//! and test modules may reach anywhere. The same walk keeps files and functions short.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common::rust_files;

/// The crates checked, by their `src` folder relative to this crate's manifest.
pub(crate) const CRATES: [&str; 4] = ["../core/src", "workspace/src", "src", "../core/shadow/src"];

/// Lines of code a file may hold before its tests.
const MAX_FILE_LINES: usize = 600;

/// Lines a function may span, signature to closing brace.
const MAX_FN_LINES: usize = 120;

/// One source file: its path under `src` (with `/` between folders) and its text.
pub(crate) struct Source {
    pub(crate) path: String,
    pub(crate) text: String,
}

/// Every `.rs` file of the crate whose sources are in `src` (relative to the manifest).
pub(crate) fn crate_sources(src: &str) -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(src);
    let files = rust_files(&root);
    assert!(files.len() > 5, "the walk finds the files of {src}: {files:?}");
    files
        .into_iter()
        .map(|f| {
            let rel = f.strip_prefix(&root).unwrap();
            let path = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
            Source { path, text: std::fs::read_to_string(&f).unwrap() }
        })
        .collect()
}

/// The module a file is: `a/b.rs` and `a/b/mod.rs` are `a::b`, `lib.rs` and `main.rs`
/// the crate root.
pub(crate) fn module_of(path: &str) -> Vec<String> {
    let stem = path.strip_suffix(".rs").unwrap_or(path);
    let mut segs: Vec<String> = stem.split('/').map(str::to_string).collect();
    if segs.last().is_some_and(|s| s == "mod") {
        segs.pop();
    }
    if segs.len() == 1 && (segs[0] == "lib" || segs[0] == "main") {
        segs.clear();
    }
    segs
}

/// `text` with comments, string and character literals blanked to spaces, keeping every
/// newline where it was, so that braces and paths are only the code's own.
fn blank_comments_and_strings(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        if c[i] == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if c[i] == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
        } else if c[i] == 'r' && (next == Some('"') || next == Some('#')) && !word_char(i.checked_sub(1).map(|p| c[p]))
        {
            let mut j = i + 1;
            while c.get(j) == Some(&'#') {
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            let hashes = j - i - 1;
            let mut k = j + 1;
            while k < c.len() && !(c[k] == '"' && (1..=hashes).all(|h| c.get(k + h) == Some(&'#'))) {
                k += 1;
            }
            let end = (k + 1 + hashes).min(c.len());
            for &ch in &c[i..end] {
                blank(&mut out, ch);
            }
            i = end;
        } else if c[i] == '"' {
            blank(&mut out, c[i]);
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' && i + 1 < c.len() {
                    blank(&mut out, c[i]);
                    i += 1;
                }
                blank(&mut out, c[i]);
                i += 1;
            }
            if i < c.len() {
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if c[i] == '\'' && char_literal_len(&c[i..]).is_some() {
            let n = char_literal_len(&c[i..]).unwrap();
            for &ch in &c[i..i + n] {
                blank(&mut out, ch);
            }
            i += n;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// The length of the character literal at the start of `c` (`'a'`, `'\n'`, `'\u{1F600}'`),
/// or `None` for a lifetime.
fn char_literal_len(c: &[char]) -> Option<usize> {
    if c.get(1) == Some(&'\\') {
        (2..c.len().min(14)).find(|&k| c[k] == '\'').map(|k| k + 1)
    } else if c.get(2) == Some(&'\'') {
        Some(3)
    } else {
        None
    }
}

fn word_char(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// Blanks every item marked `#[cfg(test)]` (a test module with its braces, or an item up
/// to its `;`) in code already free of comments and strings.
fn without_test_items(code: &str) -> String {
    let mut c: Vec<char> = code.chars().collect();
    let mark: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut i = 0;
    while i + mark.len() <= c.len() {
        if c[i..i + mark.len()] != mark[..] {
            i += 1;
            continue;
        }
        let mut j = i + mark.len();
        let mut depth = 0usize;
        // An item inside a list (a macro's rows, an array's elements) may end where the
        // list closes: that brace is not the item's.
        let mut closed_around = false;
        while j < c.len() {
            match c[j] {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    closed_around = true;
                    break;
                }
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                ';' if depth == 0 => break,
                _ => {}
            }
            j += 1;
        }
        let end = if closed_around { j } else { (j + 1).min(c.len()) };
        for ch in &mut c[i..end] {
            if *ch != '\n' {
                *ch = ' ';
            }
        }
        i = j;
    }
    c.into_iter().collect()
}

/// A piece of code as the path walk sees it.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Colons,
    Open,
    Close,
    Comma,
    Star,
    Semi,
    Other,
}

fn tokens(code: &str) -> Vec<Token> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch.is_alphabetic() || ch == '_' || (ch == '$' && word_char(c.get(i + 1).copied())) {
            let start = if ch == '$' { i + 1 } else { i };
            i = start;
            while word_char(c.get(i).copied()) {
                i += 1;
            }
            out.push(Token::Word(c[start..i].iter().collect()));
        } else if ch.is_ascii_digit() {
            while word_char(c.get(i).copied()) || c.get(i) == Some(&'.') {
                i += 1;
            }
            out.push(Token::Other);
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push(Token::Colons);
            i += 2;
        } else {
            out.push(match ch {
                '{' => Token::Open,
                '}' => Token::Close,
                ',' => Token::Comma,
                '*' => Token::Star,
                ';' => Token::Semi,
                _ => Token::Other,
            });
            i += 1;
        }
    }
    out
}

/// One leaf of a `use` tree: the path it names and the name it brings into scope (`None`
/// for a glob, which brings no single name).
type Leaf = (Vec<String>, Option<String>);

/// The leaves of the `use` tree starting at `t[*at]`, which ends before its `;`, `,` or
/// `}`: `a::{b, c::{d, e as f}}` names `a::b`, `a::c::d` and `a::c::e` (known as `f`).
fn use_tree(t: &[Token], at: &mut usize, prefix: &[String], out: &mut Vec<Leaf>) {
    let mut path = prefix.to_vec();
    if t.get(*at) == Some(&Token::Colons) {
        *at += 1;
    }
    loop {
        match t.get(*at) {
            Some(Token::Word(w)) => {
                if w != "self" || path.is_empty() {
                    path.push(w.clone());
                }
                *at += 1;
                if t.get(*at) == Some(&Token::Colons) {
                    *at += 1;
                    continue;
                }
                let mut name = path.last().cloned();
                if t.get(*at) == Some(&Token::Word("as".to_string())) {
                    if let Some(Token::Word(alias)) = t.get(*at + 1) {
                        name = Some(alias.clone());
                    }
                    *at += 2;
                }
                out.push((path, name));
                return;
            }
            Some(Token::Star) => {
                *at += 1;
                out.push((path, None));
                return;
            }
            Some(Token::Open) => {
                *at += 1;
                while !matches!(t.get(*at), None | Some(Token::Close)) {
                    use_tree(t, at, &path, out);
                    if t.get(*at) == Some(&Token::Comma) {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            _ => {
                out.push((path, None));
                return;
            }
        }
    }
}

/// True when the `use` at `t[at]` is public (`pub use`, `pub(crate) use`, …).
fn public_use(t: &[Token], at: usize) -> bool {
    t[at.saturating_sub(6)..at]
        .iter()
        .rev()
        .take_while(|k| !matches!(k, Token::Semi | Token::Open | Token::Close))
        .any(|k| *k == Token::Word("pub".to_string()))
}

/// What `code` names: each `use` leaf (with whether the `use` is public), then each
/// `a::b::c` written in the code itself, as written, relative or not.
fn uses_and_paths(code: &str) -> (Vec<(Leaf, bool)>, Vec<Vec<String>>) {
    let t = tokens(code);
    let (mut uses, mut paths) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < t.len() {
        match &t[i] {
            Token::Word(w) if w == "use" => {
                let public = public_use(&t, i);
                let mut leaves = Vec::new();
                i += 1;
                use_tree(&t, &mut i, &[], &mut leaves);
                uses.extend(leaves.into_iter().map(|l| (l, public)));
                while i < t.len() && t[i] != Token::Semi {
                    i += 1;
                }
            }
            Token::Word(w) if t.get(i + 1) == Some(&Token::Colons) && (i == 0 || t[i - 1] != Token::Colons) => {
                let mut path = vec![w.clone()];
                i += 2;
                while let Some(Token::Word(next)) = t.get(i) {
                    path.push(next.clone());
                    if t.get(i + 1) != Some(&Token::Colons) {
                        break;
                    }
                    i += 2;
                }
                paths.push(path);
            }
            _ => {}
        }
        i += 1;
    }
    (uses, paths)
}

/// Every path `code` names: the leaves of its `use` trees, then the paths in its code.
fn named_paths(code: &str) -> Vec<Vec<String>> {
    let (uses, paths) = uses_and_paths(code);
    uses.into_iter().map(|((p, _), _)| p).chain(paths).collect()
}

/// `path`, written in the file of module `here`, as a path from the crate root; `None`
/// for a path that leaves the crate or names no module of it at its start.
fn absolute(path: &[String], here: &[String], modules: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let first = path.first()?;
    let (mut base, rest) = match first.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (here.to_vec(), &path[1..]),
        "super" => {
            let mut base = here.to_vec();
            let mut rest = path;
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
            (base, rest)
        }
        _ => {
            let mut child = here.to_vec();
            child.push(first.clone());
            if !modules.contains(&child) {
                return None;
            }
            (here.to_vec(), path)
        }
    };
    base.extend(rest.iter().filter(|s| *s != "self").cloned());
    Some(base)
}

/// The longest prefix of `path` (from the crate root) that is a module.
fn longest_module(path: &[String], modules: &BTreeSet<Vec<String>>) -> Vec<String> {
    (0..=path.len()).rev().map(|k| path[..k].to_vec()).find(|p| modules.contains(p)).unwrap_or_default()
}

/// A crate's files as the resolver sees them: each module's file, and the names each
/// file re-exports (`pub use a::B;`) with the path from the root they stand for.
struct Crate {
    file_of: BTreeMap<Vec<String>, usize>,
    modules: BTreeSet<Vec<String>>,
    exports: Vec<BTreeMap<String, Vec<String>>>,
}

impl Crate {
    fn new(sources: &[Source]) -> Crate {
        let mut file_of: BTreeMap<Vec<String>, usize> = BTreeMap::new();
        for (n, s) in sources.iter().enumerate() {
            let module = module_of(&s.path);
            // A crate with both holds the library in `lib.rs`; `main.rs` is another crate.
            if !file_of.contains_key(&module) || s.path == "lib.rs" {
                file_of.insert(module, n);
            }
        }
        let modules: BTreeSet<Vec<String>> = file_of.keys().cloned().collect();
        let exports = sources
            .iter()
            .map(|s| {
                let here = module_of(&s.path);
                let (uses, _) = uses_and_paths(&code_of(&s.text));
                uses.into_iter()
                    .filter(|(_, public)| *public)
                    .filter_map(|((path, name), _)| Some((name?, absolute(&path, &here, &modules)?)))
                    .collect()
            })
            .collect();
        Crate { file_of, modules, exports }
    }

    /// The file a path from the crate root lands in: the longest prefix that is a module,
    /// followed through that module's re-exports to the file that holds the item.
    fn landing(&self, path: &[String]) -> usize {
        let mut path = path.to_vec();
        for _ in 0..8 {
            let module = longest_module(&path, &self.modules);
            let file = self.file_of[&module];
            let Some(target) = path.get(module.len()).and_then(|name| self.exports[file].get(name)) else {
                return file;
            };
            let mut next = target.clone();
            next.extend(path[module.len() + 1..].iter().cloned());
            if next == path {
                return file;
            }
            path = next;
        }
        self.file_of[&longest_module(&path, &self.modules)]
    }
}

/// A file's code as the resolver reads it: no comments, strings or test items.
fn code_of(text: &str) -> String {
    without_test_items(&blank_comments_and_strings(text))
}

/// For each file (by index), the files it names, leaving out itself and its ancestors; a
/// name re-exported is followed to the file that holds the item.
pub(crate) fn edges(sources: &[Source]) -> Vec<BTreeSet<usize>> {
    edges_by(sources, Crate::landing)
}

/// For each file, the files it names by the plainest reading: a path lands in the file of
/// the module it names, whatever that module re-exports, so `use crate::panels::Panel`
/// reaches `panels/mod.rs` even when `Panel` is defined in a child of it.
fn plain_edges(sources: &[Source]) -> Vec<BTreeSet<usize>> {
    edges_by(sources, |krate, path| krate.file_of[&longest_module(path, &krate.modules)])
}

fn edges_by(sources: &[Source], land: impl Fn(&Crate, &[String]) -> usize) -> Vec<BTreeSet<usize>> {
    let krate = Crate::new(sources);
    sources
        .iter()
        .map(|s| {
            let here = module_of(&s.path);
            let ancestors: BTreeSet<usize> =
                (0..=here.len()).filter_map(|k| krate.file_of.get(&here[..k]).copied()).collect();
            named_paths(&code_of(&s.text))
                .iter()
                .filter_map(|p| absolute(p, &here, &krate.modules))
                .map(|p| land(&krate, &p))
                .filter(|f| !ancestors.contains(f))
                .collect()
        })
        .collect()
}

/// The strongly connected components of more than one node (Tarjan's algorithm).
fn components(next: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct Walk<'a> {
        next: &'a [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        count: usize,
        found: Vec<Vec<usize>>,
    }
    fn visit(w: &mut Walk, v: usize) {
        w.index[v] = Some(w.count);
        w.low[v] = w.count;
        w.count += 1;
        w.stack.push(v);
        w.on_stack[v] = true;
        for &u in w.next[v].iter() {
            match w.index[u] {
                None => {
                    visit(w, u);
                    w.low[v] = w.low[v].min(w.low[u]);
                }
                Some(i) if w.on_stack[u] => w.low[v] = w.low[v].min(i),
                Some(_) => {}
            }
        }
        if Some(w.low[v]) == w.index[v] {
            let mut part = Vec::new();
            while let Some(u) = w.stack.pop() {
                w.on_stack[u] = false;
                part.push(u);
                if u == v {
                    break;
                }
            }
            if part.len() > 1 {
                part.sort_unstable();
                w.found.push(part);
            }
        }
    }
    let n = next.len();
    let mut w = Walk {
        next,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        count: 0,
        found: Vec::new(),
    };
    for v in 0..n {
        if w.index[v].is_none() {
            visit(&mut w, v);
        }
    }
    w.found.sort();
    w.found
}

/// Each circle of the crate by the plainest reading, as the paths of its files.
fn circles(sources: &[Source]) -> Vec<Vec<String>> {
    components(&plain_edges(sources))
        .into_iter()
        .map(|c| c.into_iter().map(|n| sources[n].path.clone()).collect())
        .collect()
}

fn circles_in(src: &str) -> Vec<Vec<String>> {
    circles(&crate_sources(src))
}

/// The lines of a file before its tests: up to the first line starting `#[cfg(test)]` that
/// opens a test module with its body here. A test module declared as `mod tests;` lives in a
/// file of its own, and a test helper (`#[cfg(test)] fn …`) is one item among the code, so
/// neither ends the count: the code after them is still this file's.
fn lines_before_tests(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    (0..lines.len())
        .find(|&i| {
            lines[i].starts_with("#[cfg(test)]")
                && opens_module_body(&lines[i]["#[cfg(test)]".len()..], &lines[i + 1..])
        })
        .unwrap_or(lines.len())
}

/// Whether the item after an attribute (the rest of its line, then the lines after it) is a
/// module with its body in braces, other attributes and comments between them skipped.
fn opens_module_body(rest_of_line: &str, after: &[&str]) -> bool {
    let item = std::iter::once(rest_of_line)
        .chain(after.iter().copied())
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("#[") && !l.starts_with("//"));
    let Some(item) = item else { return false };
    let item = item.strip_prefix("pub(crate) ").or_else(|| item.strip_prefix("pub ")).unwrap_or(item);
    let Some(named) = item.strip_prefix("mod ") else { return false };
    let body = named.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_').trim_start();
    body.starts_with('{')
}

/// Each function of `text` as (name, first line, lines spanned), from its `fn` to the
/// brace that closes its body.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let code = blank_comments_and_strings(text);
    let c: Vec<char> = code.chars().collect();
    let line_at = |k: usize| c[..k].iter().filter(|&&ch| ch == '\n').count() + 1;
    let mut out = Vec::new();
    let mut i = 0;
    while i + 2 < c.len() {
        let is_fn =
            c[i] == 'f' && c[i + 1] == 'n' && c[i + 2].is_whitespace() && !word_char(i.checked_sub(1).map(|p| c[p]));
        if !is_fn {
            i += 1;
            continue;
        }
        let mut j = i + 2;
        while j < c.len() && c[j].is_whitespace() {
            j += 1;
        }
        let name_start = j;
        while word_char(c.get(j).copied()) {
            j += 1;
        }
        let name: String = c[name_start..j].iter().collect();
        while j < c.len() && c[j] != '{' && c[j] != ';' {
            j += 1;
        }
        if name.is_empty() || j >= c.len() || c[j] == ';' {
            i = j.max(i + 1);
            continue;
        }
        let mut depth = 0usize;
        let mut k = j;
        while k < c.len() {
            match c[k] {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            k += 1;
        }
        let (first, last) = (line_at(i), line_at(k.min(c.len() - 1)));
        out.push((name, first, last - first + 1));
        i += 2;
    }
    out
}

pub(crate) fn crate_of(files: &[(&str, &str)]) -> Vec<Source> {
    files.iter().map(|(p, t)| Source { path: (*p).to_string(), text: (*t).to_string() }).collect()
}

fn words(path: &str) -> Vec<String> {
    path.split("::").map(str::to_string).collect()
}

#[test]
fn a_grouped_use_names_each_leaf() {
    let paths = named_paths("use crate::a::{b, c::{D, e::F as G}, self};\nuse super::*;");
    let want: Vec<Vec<String>> =
        ["crate::a::b", "crate::a::c::D", "crate::a::c::e::F", "crate::a", "super"].into_iter().map(words).collect();
    assert_eq!(paths, want);
}

#[test]
fn a_multi_line_use_and_inline_paths_are_read() {
    let code = "use crate::world::{\n    sim::choose::Objects,\n    village,\n};\nfn f() { super::x::go(); crate::data::TreeKind::A }";
    let paths = named_paths(code);
    assert!(paths.contains(&words("crate::world::sim::choose::Objects")), "{paths:?}");
    assert!(paths.contains(&words("crate::world::village")), "{paths:?}");
    assert!(paths.contains(&words("super::x::go")), "{paths:?}");
    assert!(paths.contains(&words("crate::data::TreeKind::A")), "{paths:?}");
}

#[test]
fn comments_strings_and_test_modules_name_nothing() {
    let text = "// use crate::a::B;\n/// crate::b::C\nfn f() -> &'static str { \"crate::c::D\" }\nconst Q: char = '\"';\n#[cfg(test)]\nmod tests {\n    use crate::d::E;\n}\n";
    let code = without_test_items(&blank_comments_and_strings(text));
    assert_eq!(code.lines().count(), text.lines().count(), "newlines stay where they were");
    assert_eq!(named_paths(&code), Vec::<Vec<String>>::new());
}

#[test]
fn a_test_row_at_the_end_of_a_list_ends_at_the_list() {
    let text = "table! {\n    A => 1,\n    #[cfg(test)]\n    B => crate::x::Y,\n}\nuse crate::z::W;\n";
    let code = without_test_items(&blank_comments_and_strings(text));
    assert_eq!(code.lines().count(), text.lines().count());
    assert!(code.contains("A => 1") && code.contains('}') && !code.contains("crate::x"), "{code}");
    assert_eq!(named_paths(&code), vec![words("crate::z::W")]);
}

#[test]
fn a_path_lands_in_the_longest_prefix_that_is_a_module() {
    let modules: BTreeSet<Vec<String>> =
        [vec![], words("world"), words("world::sim"), words("world::sim::choose"), words("data")].into_iter().collect();
    let here = words("world::sim");
    let land = |p: &str| absolute(&words(p), &here, &modules).map(|a| longest_module(&a, &modules));
    assert_eq!(land("crate::world::sim::choose::Objects"), Some(words("world::sim::choose")));
    assert_eq!(land("crate::data::TreeKind"), Some(words("data")));
    assert_eq!(land("super::super::data::X"), Some(words("data")));
    assert_eq!(land("self::choose::f"), Some(words("world::sim::choose")));
    assert_eq!(land("choose::f"), Some(words("world::sim::choose")), "a child named without `self::`");
    assert_eq!(land("std::fmt::Debug"), None, "another crate");
}

#[test]
fn super_is_the_parent_module_for_both_file_layouts() {
    assert_eq!(module_of("a/b.rs"), words("a::b"));
    assert_eq!(module_of("a/b/mod.rs"), words("a::b"));
    assert_eq!(module_of("lib.rs"), Vec::<String>::new());
    let two = |layout: &str| {
        let files = [("lib.rs", "mod a;"), ("a/mod.rs", "mod b; mod c;"), (layout, "use super::c::X;"), ("a/c.rs", "")];
        let sources = crate_of(&files);
        let e = edges(&sources);
        e[2].iter().map(|&n| sources[n].path.clone()).collect::<Vec<_>>()
    };
    assert_eq!(two("a/b.rs"), ["a/c.rs"]);
    assert_eq!(two("a/b/mod.rs"), ["a/c.rs"]);
}

#[test]
fn two_files_naming_each_other_are_a_circle() {
    let files = [
        ("lib.rs", "mod a; mod b;"),
        ("a.rs", "use crate::b::B;\npub struct A;"),
        ("b.rs", "pub struct B;\npub fn f() -> crate::a::A { crate::a::A }"),
    ];
    assert_eq!(circles(&crate_of(&files)), [["a.rs", "b.rs"]]);
}

#[test]
fn a_loop_through_three_files_is_one_circle() {
    let files = [
        ("lib.rs", "mod x;"),
        ("x/mod.rs", "mod a; mod b; mod c;"),
        ("x/a.rs", "use super::b::B;"),
        ("x/b.rs", "use super::{c::C};"),
        ("x/c.rs", "fn f() { super::a::go() }"),
    ];
    assert_eq!(circles(&crate_of(&files)), [["x/a.rs", "x/b.rs", "x/c.rs"]]);
}

#[test]
fn a_name_re_exported_by_a_parent_still_names_the_parent() {
    let files = [
        ("lib.rs", "mod a; mod b;"),
        ("a/mod.rs", "mod inner;\npub use inner::{Thing as Other, Whole};"),
        ("a/inner.rs", "use crate::b::B;\npub struct Thing;\npub struct Whole;"),
        ("b.rs", "pub struct B;\nfn f(_: crate::a::Other) {}"),
    ];
    assert_eq!(circles(&crate_of(&files)), [["a/mod.rs", "a/inner.rs", "b.rs"]]);
    let next = edges(&crate_of(&files));
    assert!(next[3].contains(&2), "followed through the re-export, b.rs reaches a/inner.rs: {next:?}");
}

#[test]
fn ancestors_self_and_tests_make_no_circle() {
    let files = [
        ("lib.rs", "mod a; mod b; pub struct Root;"),
        ("a/mod.rs", "mod c; use self::c::C; use crate::b::B; pub struct A;"),
        ("a/c.rs", "use super::A; use crate::Root; use crate::a::c::C;"),
        ("b.rs", "// use crate::a::A;\n#[cfg(test)]\nmod tests {\n    use crate::a::A;\n}\n"),
    ];
    assert_eq!(circles(&crate_of(&files)), Vec::<Vec<String>>::new());
}

#[test]
fn function_lengths_run_from_signature_to_closing_brace() {
    let text = "pub fn short() {\n    let s = \"}\";\n}\n\ntrait T {\n    fn decl(&self);\n}\n\nfn long(\n    x: u8,\n) -> u8 {\n    if x > 0 {\n        x\n    } else {\n        0\n    }\n}\n";
    let f = functions(text);
    assert_eq!(f, [("short".to_string(), 1, 3), ("long".to_string(), 9, 9)]);
    assert_eq!(lines_before_tests("a\nb\n#[cfg(test)]\nmod tests {}\n"), 2);
}

#[test]
fn a_test_module_declared_early_or_a_test_helper_hides_no_code() {
    let declared = "//! A file.\n\n#[cfg(test)]\nmod tests;\nmod child;\n\nfn a() {}\nfn b() {}\n";
    assert_eq!(lines_before_tests(declared), 8);
    let helper = "fn a() {}\n#[cfg(test)]\nfn helper() {}\nfn b() {}\n#[cfg(test)]\n#[allow(unused)]\nmod tests {\n}\n";
    assert_eq!(lines_before_tests(helper), 4);
    assert_eq!(lines_before_tests("fn a() {}\n#[cfg(test)] mod tests { }\n"), 1);
}

fn report_circles(src: &str) {
    let found = circles_in(src);
    let shown: Vec<String> = found.iter().map(|c| c.join(" <-> ")).collect();
    assert!(found.is_empty(), "{} circle(s) between the files of {src}:\n{shown:#?}", found.len());
}

#[test]
fn the_core_crate_has_no_circles() {
    report_circles(CRATES[0]);
}

#[test]
fn the_workspace_crate_has_no_circles() {
    report_circles(CRATES[1]);
}

#[test]
fn the_studio_crate_has_no_circles() {
    report_circles(CRATES[2]);
}

#[test]
fn the_shadow_crate_has_no_circles() {
    report_circles(CRATES[3]);
}

/// The files of the crate in `src` whose code before their tests is over the limit.
fn long_files(src: &str) -> Vec<String> {
    let mut long = Vec::new();
    for s in crate_sources(src) {
        let n = lines_before_tests(&s.text);
        if n > MAX_FILE_LINES {
            long.push(format!("{src}/{}: {n} lines", s.path));
        }
    }
    long
}

/// The functions of the crate in `src` longer than the limit.
fn long_functions(src: &str) -> Vec<String> {
    let mut long = Vec::new();
    for s in crate_sources(src) {
        for (name, line, n) in functions(&s.text) {
            if n > MAX_FN_LINES {
                long.push(format!("{src}/{}:{line}: fn {name}, {n} lines", s.path));
            }
        }
    }
    long
}

fn report_long_files(src: &str) {
    let long = long_files(src);
    assert!(long.is_empty(), "files over {MAX_FILE_LINES} lines before their tests:\n{long:#?}");
}

fn report_long_functions(src: &str) {
    let long = long_functions(src);
    assert!(long.is_empty(), "functions over {MAX_FN_LINES} lines:\n{long:#?}");
}

#[test]
fn no_core_file_holds_more_than_600_lines_before_its_tests() {
    report_long_files(CRATES[0]);
}

#[test]
fn no_workspace_file_holds_more_than_600_lines_before_its_tests() {
    report_long_files(CRATES[1]);
}

#[test]
fn no_studio_file_holds_more_than_600_lines_before_its_tests() {
    report_long_files(CRATES[2]);
}

#[test]
fn no_shadow_file_holds_more_than_600_lines_before_its_tests() {
    report_long_files(CRATES[3]);
}

#[test]
fn no_core_function_is_longer_than_120_lines() {
    report_long_functions(CRATES[0]);
}

#[test]
fn no_workspace_function_is_longer_than_120_lines() {
    report_long_functions(CRATES[1]);
}

#[test]
fn no_studio_function_is_longer_than_120_lines() {
    report_long_functions(CRATES[2]);
}

#[test]
fn no_shadow_function_is_longer_than_120_lines() {
    report_long_functions(CRATES[3]);
}
