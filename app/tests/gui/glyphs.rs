//! Every character the editor writes in its interface has a glyph in the fonts it ships
//! with: a missing one shows as an empty box ("File □ Open path…"). The strings are read
//! from the editor's sources, so a new label is checked as soon as it is written.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The non-ASCII characters inside string literals of `text`, comments left out.
fn literal_chars(text: &str) -> Vec<char> {
    let mut found = Vec::new();
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let mut inside = false;
        let mut escaped = false;
        for c in line.chars() {
            match c {
                '\\' if inside && !escaped => escaped = true,
                '"' if !escaped => inside = !inside,
                _ => {
                    escaped = false;
                    if inside && !c.is_ascii() {
                        found.push(c);
                    }
                }
            }
        }
    }
    found
}

#[test]
fn every_character_in_the_editors_labels_has_a_glyph() {
    let gui = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gui");
    let mut files = Vec::new();
    sources(&gui, &mut files);
    let mut used: BTreeMap<char, PathBuf> = BTreeMap::new();
    for f in &files {
        for c in literal_chars(&std::fs::read_to_string(f).unwrap()) {
            used.entry(c).or_insert_with(|| f.clone());
        }
    }
    assert!(used.contains_key(&'·'), "the scan finds the labels' characters");
    let ctx = egui::Context::default();
    let mut out = ctx.run_ui(egui::RawInput::default(), |_| {});
    out.textures_delta.clear();
    // A character without a glyph is drawn with the replacement glyph, egui's '◻'.
    let missing: Vec<String> = ctx.fonts_mut(|f| {
        let mut uv = |c: char| {
            let galley = f.layout_no_wrap(c.to_string(), egui::FontId::proportional(14.0), egui::Color32::WHITE);
            galley.rows.first().and_then(|r| r.glyphs.first()).map(|g| g.uv_rect)
        };
        let replacement = uv('◻');
        used.iter()
            .filter(|(c, _)| **c != '◻' && uv(**c) == replacement)
            .map(|(c, file)| format!("{c:?} (U+{:04X}) in {}", *c as u32, file.display()))
            .collect()
    });
    assert!(missing.is_empty(), "no glyph for:\n{}", missing.join("\n"));
}
