//! The query inspector (SPEC §13): for the arena shadow's last decision or a typed
//! state, the best candidates with their per-feature score breakdown as bars.

use std::collections::BTreeMap;

use creature_shadow::select::{Breakdown, Index, Selection};

use super::schema::feature_colour;
use crate::gui::command::{Command, Tab};
use crate::gui::panels::{Cx, Home, Panel};
use crate::gui::shadow::view::state::ShadowState;
use crate::gui::view::View;

/// The most candidates the inspector lists.
const TOP: usize = 10;

/// One candidate's score as a stacked bar of feature contributions, with recency and
/// the continuation bias; `max` is the score the full width stands for.
pub fn breakdown_bar(ui: &mut egui::Ui, b: &Breakdown, max: f64, legend: bool) {
    let width = ui.available_width().max(100.0);
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(width, 16.0), egui::Sense::hover());
    let p = ui.painter_at(rect);
    p.rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
    let scale = if max > 0.0 { f64::from(width) / max } else { 0.0 };
    let mut x = rect.left();
    let mut tip = Vec::new();
    for (i, t) in b.terms.iter().enumerate() {
        let w = (t.contribution.max(0.0) * scale) as f32;
        if w > 0.0 {
            let r = egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(w.min(rect.right() - x), 16.0));
            p.rect_filled(r, 0.0, feature_colour(i));
            x += w;
        }
        if t.contribution > 0.0 {
            tip.push(format!(
                "{}: {:.3} × {:.3} = {:.3} (now {:.2}, recorded {:.2})",
                t.feature, t.weight, t.similarity, t.contribution, t.present, t.recorded
            ));
        }
    }
    if b.recency > 0.0 {
        let w = (b.recency * scale) as f32;
        let r =
            egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(w.min(rect.right() - x).max(0.0), 16.0));
        p.rect_filled(r, 0.0, egui::Color32::from_gray(110));
        tip.push(format!("recency: age {:.2} gives {:.3}", b.age, b.recency));
    }
    if b.continuation {
        tip.push(format!("continues the segment playing: −{:.3} bias", b.bias));
        p.text(
            rect.right_center(),
            egui::Align2::RIGHT_CENTER,
            "−bias",
            egui::FontId::monospace(11.0),
            egui::Color32::WHITE,
        );
    }
    resp.on_hover_text(tip.join("\n"));
    if legend {
        let mut terms: Vec<(usize, &creature_shadow::select::Term)> =
            b.terms.iter().enumerate().filter(|(_, t)| t.contribution > 0.0).collect();
        terms.sort_by(|a, b| b.1.contribution.total_cmp(&a.1.contribution));
        for (i, t) in terms.into_iter().take(8) {
            // Wrapped, so that a narrow column (the arena's) never cuts a line off.
            ui.horizontal_wrapped(|ui| {
                let (r, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                ui.painter().rect_filled(r, 2.0, feature_colour(i));
                ui.label(format!("{} {:.3} (now {:.2}, then {:.2})", t.feature, t.contribution, t.present, t.recorded));
            });
        }
    }
}
/// This panel's tab.
pub const TAB: Tab = Tab::new("Query", "Query inspector");

/// Where the query inspector's present state comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QuerySource {
    /// The state typed in the inspector.
    #[default]
    Typed,
    /// The arena shadow's last decision.
    Arena,
}

type QueryCache = ((u64, Vec<f64>, Option<usize>), Result<(Selection, Vec<Breakdown>), String>);

/// The query inspector, with its own state: the typed present state, where the present
/// state comes from, the candidate drawn large, and its caches of the prepared bank and
/// the last query (kept for the shown schema and bank's [`ShadowState::generation`]).
#[derive(Default)]
pub struct QueryPanel {
    /// The typed present state, by feature name.
    pub typed: BTreeMap<String, f64>,
    pub source: QuerySource,
    /// The candidate whose breakdown is drawn large.
    pub selected: Option<usize>,
    /// The bank change ([`ShadowState::bank_changes`]) whose first event filled the typed
    /// state.
    filled_for: Option<u64>,
    index: Option<(u64, Result<Index, String>)>,
    /// The last query: (generation, state, playing) and its answer.
    query_cache: Option<QueryCache>,
}

impl QueryPanel {
    /// Fills the typed state's missing features from the shown bank's first event, once
    /// for each change of the bank.
    fn fill_typed(&mut self, sh: &ShadowState) {
        if self.filled_for == Some(sh.bank_changes) {
            return;
        }
        self.filled_for = Some(sh.bank_changes);
        let Some(b) = sh.bank() else { return };
        if b.is_empty() {
            return;
        }
        for (k, name) in b.features().iter().enumerate() {
            let v = b.state(0).get(k).copied().unwrap_or(0.0);
            self.typed.entry(name.clone()).or_insert(v);
        }
    }

    /// The prepared bank for the schema, or why the schema does not fit the bank.
    fn index(&mut self, sh: &ShadowState) -> Option<Result<&Index, &str>> {
        let (schema, bank) = (sh.schema()?, sh.bank()?);
        if self.index.as_ref().is_none_or(|(g, _)| *g != sh.generation) {
            let built = if let Err(p) = schema.check() {
                Err(format!("the schema has a problem: {}", p.message))
            } else {
                Index::build(schema, bank).map_err(|e| e.to_string())
            };
            self.index = Some((sh.generation, built));
        }
        self.index.as_ref().map(|(_, r)| r.as_ref().map_err(String::as_str))
    }

    /// The present state for the query inspector, in schema order, and the event
    /// playing (from the arena's shadow, or typed).
    pub fn present(&self, sh: &ShadowState) -> Option<(Vec<f64>, Option<usize>)> {
        let schema = sh.schema()?;
        if self.source == QuerySource::Arena
            && let Some(q) = sh.arena.last_query()
        {
            return Some(q);
        }
        Some((schema.features.iter().map(|f| self.typed.get(&f.name).copied().unwrap_or(0.0)).collect(), None))
    }

    /// The query of SPEC §13 for the present state, and the breakdown of the `top`
    /// lowest-scoring events (the candidates first, then the nearest misses), computed
    /// once per state, schema and bank.
    pub fn query(&mut self, sh: &ShadowState, top: usize) -> Option<Result<(Selection, Vec<Breakdown>), String>> {
        self.fill_typed(sh);
        let (state, playing) = self.present(sh)?;
        let key = (sh.generation, state.clone(), playing);
        if let Some((k, result)) = &self.query_cache
            && *k == key
        {
            return Some(result.clone());
        }
        let result = match self.index(sh)? {
            Err(e) => Err(e.to_owned()),
            Ok(index) => {
                let sel = index.select(&state, playing)?;
                let mut parts: Vec<Breakdown> =
                    (0..index.len()).filter_map(|e| index.breakdown(&state, e, playing)).collect();
                parts.sort_by(|a, b| a.total.total_cmp(&b.total).then(a.id.cmp(&b.id)));
                parts.truncate(top);
                Ok((sel, parts))
            }
        };
        self.query_cache = Some((key, result.clone()));
        Some(result)
    }
}

impl Panel for QueryPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Strip
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    fn shows_shadow_files(&self) -> bool {
        true
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.view, self, cx.out);
    }
}

fn show(ui: &mut egui::Ui, view: &View, own: &mut QueryPanel, _out: &mut Vec<Command>) {
    if !view.shadow.loaded() {
        ui.ctx().request_repaint();
    }
    let sh = &view.shadow;
    own.fill_typed(sh);
    let bank = sh.shared_bank();
    ui.horizontal(|ui| {
        ui.label("Present state:");
        ui.selectable_value(&mut own.source, QuerySource::Typed, "typed");
        let has_arena = sh.arena.last_query().is_some();
        ui.add_enabled_ui(has_arena, |ui| {
            ui.selectable_value(&mut own.source, QuerySource::Arena, "the arena shadow's last decision");
        });
    });
    if own.source == QuerySource::Typed
        && let Some(schema) = sh.schema().cloned()
    {
        egui::CollapsingHeader::new("Typed state").default_open(false).show(ui, |ui| {
            egui::Grid::new("typed").num_columns(4).show(ui, |ui| {
                for (k, f) in schema.features.iter().enumerate() {
                    let v = own.typed.entry(f.name.clone()).or_insert(0.0);
                    let name = ui.label(&f.name);
                    ui.add(egui::DragValue::new(v).speed(0.05)).labelled_by(name.id);
                    if k % 2 == 1 {
                        ui.end_row();
                    }
                }
            });
        });
    }
    ui.separator();
    match own.query(sh, TOP) {
        None => {
            ui.label("Open a bank and a schema to query.");
        }
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        Some(Ok((sel, parts))) => {
            ui.label(format!(
                "best {:.3} · {} within the neighbourhood (one is picked at random); the nearest {}:",
                sel.best,
                crate::gui::words::count(sel.candidates.len(), "candidate"),
                crate::gui::words::count(parts.len(), "event")
            ));
            let max = parts.iter().map(|b| b.total + if b.continuation { b.bias } else { 0.0 }).fold(1e-9, f64::max);
            egui::ScrollArea::vertical().id_salt("query").auto_shrink(false).show(ui, |ui| {
                for (rank, b) in parts.iter().enumerate() {
                    let action = bank.as_ref().and_then(|bk| bk.events().get(b.event)).map_or("?", |e| e.action);
                    let selected = own.selected == Some(rank);
                    let candidate = sel.candidates.iter().any(|c| c.event == b.event);
                    let text = format!(
                        "#{} event {} · {} · score {:.3}{}",
                        rank + 1,
                        b.id,
                        action,
                        b.total,
                        if candidate { " · candidate" } else { "" }
                    );
                    if ui.selectable_label(selected, text).clicked() {
                        own.selected = if selected { None } else { Some(rank) };
                    }
                    breakdown_bar(ui, b, max, selected);
                    ui.add_space(4.0);
                }
            });
        }
    }
}
