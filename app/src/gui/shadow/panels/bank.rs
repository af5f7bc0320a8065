//! The replay bank view (SPEC §13): a virtualised table of the bank's events (only the
//! rows on screen are laid out, so 40,000 rows scroll smoothly), filters by match,
//! segment and action, deleting a match or a segment, merging banks, exporting and
//! importing Parquet (SPEC §18), curation and the shadow's scorecard (`curate`), and the
//! bank's stats as plots (action histogram, reaction-time distribution).

use std::path::PathBuf;
use std::sync::Arc;

use creature_shadow::bank::BankStats;
use egui_extras::{Column, TableBuilder};
use egui_plot::{Bar, BarChart, Plot};

use crate::gui::command::{BankCommand, Command, Tab};
use crate::gui::panels::{Cx, Home, Panel};
use crate::gui::shadow::view::compose_draft::ComposeDraft;
use crate::gui::shadow::view::curate::CurateUi;
use crate::gui::shadow::view::hand_draft::{ACTION, HandDraft};
use crate::gui::shadow::view::state::ShadowState;
use crate::gui::view::View;
use creature_workspace::Workspace;

const ROW_HEIGHT: f32 = 18.0;
/// This panel's tab.
pub const TAB: Tab = Tab::new("Bank", "Replay bank");

/// The bank view's filters: a match, a segment, an action (empty: any).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BankFilter {
    pub match_id: Option<u64>,
    pub segment: Option<u64>,
    pub action: String,
}

/// The replay bank, with its own state: the filters, the row picked, the drafts written
/// in place (the picked event's values, the composition of parts), the Curate and Score
/// sections, and its caches of the shown bank (kept for the shown schema and bank's
/// [`ShadowState::generation`]).
#[derive(Default)]
pub struct BankPanel {
    pub filter: BankFilter,
    /// The bank row picked in the table.
    pub picked_row: Option<usize>,
    /// The picked event's action and values as typed, to write it by hand.
    pub hand: HandDraft,
    /// The composition of parts, and its conflicts.
    pub compose: ComposeDraft,
    /// The Curate and Score sections.
    pub curate: CurateUi,
    /// The bank the filters and the picked row are for, and its change
    /// ([`ShadowState::bank_changes`]).
    shown: (Option<PathBuf>, u64),
    rows: Option<(u64, BankFilter, Arc<[usize]>)>,
    stats: Option<(u64, BankStats)>,
}

impl BankPanel {
    /// Follows the bank shown: another bank starts from its first row with no filter,
    /// and any change of the bank (an edit, an undo, a reload) lets the picked row go.
    pub fn follow(&mut self, sh: &ShadowState) {
        if self.shown.0 != sh.bank_path {
            self.filter = BankFilter::default();
            self.picked_row = None;
        } else if self.shown.1 != sh.bank_changes {
            self.picked_row = None;
        }
        self.shown = (sh.bank_path.clone(), sh.bank_changes);
    }

    /// The bank positions that pass the filters, shared so that a frame need not copy
    /// a million of them.
    pub fn rows(&mut self, sh: &ShadowState) -> Arc<[usize]> {
        let stale = self.rows.as_ref().is_none_or(|(g, f, _)| *g != sh.generation || *f != self.filter);
        if stale {
            let f = &self.filter;
            let action = f.action.to_lowercase();
            let rows: Arc<[usize]> = sh.bank().map_or_else(
                || Arc::from([]),
                |b| {
                    if f.match_id.is_none() && f.segment.is_none() && action.is_empty() {
                        return (0..b.len()).collect();
                    }
                    // Each action name is matched once, not once per event.
                    let mut named: std::collections::HashMap<&str, bool> = std::collections::HashMap::new();
                    b.events()
                        .iter()
                        .enumerate()
                        .filter(|(_, e)| {
                            f.match_id.is_none_or(|m| e.match_id == m)
                                && f.segment.is_none_or(|s| e.segment == s)
                                && (action.is_empty()
                                    || *named
                                        .entry(e.action)
                                        .or_insert_with(|| e.action.to_lowercase().contains(&action)))
                        })
                        .map(|(i, _)| i)
                        .collect()
                },
            );
            self.rows = Some((sh.generation, self.filter.clone(), rows));
        }
        self.rows.as_ref().map_or_else(|| Arc::from([]), |(_, _, r)| Arc::clone(r))
    }

    /// The bank's numbers (SPEC §13).
    pub fn stats(&mut self, sh: &ShadowState) -> Option<&BankStats> {
        let bank = sh.bank()?;
        if self.stats.as_ref().is_none_or(|(g, _)| *g != sh.generation) {
            self.stats = Some((sh.generation, bank.stats()));
        }
        self.stats.as_ref().map(|(_, s)| s)
    }
}

impl Panel for BankPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Strip
    }

    /// A dozen rows of the table and the plots under it.
    fn strip_share(&self) -> f32 {
        0.7
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    fn shows_shadow_files(&self) -> bool {
        true
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, cx.view, self, cx.out);
    }
}

/// The bank view. The bank is the workspace's document; the table and the plots draw
/// from the shadow state's mirror of it.
pub fn show(ui: &mut egui::Ui, ws: &Workspace, view: &View, own: &mut BankPanel, out: &mut Vec<Command>) {
    if !view.shadow.loaded() {
        ui.label("Loading the replay bank…");
        ui.ctx().request_repaint();
        return;
    }
    let sh = &view.shadow;
    own.follow(sh);
    let doc = sh.bank_doc();
    let dirty = doc.as_ref().is_some_and(|id| ws.is_dirty(id));
    // A bank started by a kept recording is not a file yet: it can be saved unedited.
    let unwritten = sh.bank_path.as_deref().is_some_and(|p| !p.exists());
    ui.horizontal_wrapped(|ui| {
        let shown = sh.bank_path.as_deref().map_or_else(|| "no bank".into(), crate::gui::words::short);
        egui::ComboBox::from_id_salt("bank-pick")
            .selected_text(format!("{shown}{}", crate::gui::panels::dirty_mark(dirty)))
            .show_ui(ui, |ui| {
                // A bank deleted from disk leaves the list, unless the studio holds it.
                for f in sh.bank_files.iter().filter(|f| f.exists() || ws.doc_for_path(f).is_some()) {
                    let edited = ws.doc_for_path(f).is_some_and(|id| ws.is_dirty(&id));
                    let name = format!("{}{}", crate::gui::words::short(f), crate::gui::panels::dirty_mark(edited));
                    if ui.selectable_label(sh.bank_path.as_ref() == Some(f), name).clicked() {
                        out.push(Command::Bank(BankCommand::Open(f.clone())));
                    }
                }
            });
        ui.menu_button("Merge in…", |ui| {
            for f in sh.bank_files.iter().filter(|f| f.exists()) {
                if sh.bank_path.as_ref() != Some(f) && ui.button(crate::gui::words::short(f)).clicked() {
                    out.push(Command::Bank(BankCommand::Merge(f.clone())));
                }
            }
        });
        if ui.add_enabled(dirty || unwritten, egui::Button::new("Save bank")).clicked() {
            out.push(Command::Bank(BankCommand::Save));
        }
        let has_bank = sh.bank().is_some();
        if ui
            .add_enabled(has_bank, egui::Button::new("Export…"))
            .on_hover_text("Write the bank, with its unsaved edits, as a Parquet file (one row per event)")
            .clicked()
        {
            out.push(Command::Bank(BankCommand::Export));
        }
        if ui.button("Import…").on_hover_text("Read a Parquet file as a new bank of the shadow folder").clicked() {
            out.push(Command::Bank(BankCommand::Import));
        }
    });
    if let Some(e) = &sh.error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
    if own.stats(sh).is_none() {
        ui.label("The project has no replay bank yet: record one in the Arena.");
        return;
    }
    // Below the bar, the view scrolls as a whole: the table keeps the room of at least
    // `TABLE_ROWS` rows however short the panel, and the sections around it scroll.
    let view_h = ui.available_height();
    egui::ScrollArea::vertical().id_salt("bank-view").auto_shrink([false, false]).show(ui, |ui| {
        body(ui, view_h, sh, own, out);
    });
}

/// The rows the table shows at least, however short the panel.
pub const TABLE_ROWS: f32 = 12.0;

/// The bank's numbers, the filters, the sections, the table and the plots; `view_h` is
/// the height the panel shows of them.
fn body(ui: &mut egui::Ui, view_h: f32, sh: &ShadowState, own: &mut BankPanel, out: &mut Vec<Command>) {
    // What is left of the panel's height below what is drawn so far.
    let top = ui.cursor().top();
    let left = |ui: &egui::Ui| view_h - (ui.cursor().top() - top);
    let Some(stats) = own.stats(sh).cloned() else { return };
    ui.label(format!(
        "{} events · {} segments · {} matches · {}",
        stats.events,
        stats.segments,
        stats.matches,
        stats.matchups.iter().map(|(m, n)| format!("{m}: {n}")).collect::<Vec<_>>().join(", ")
    ));
    // Filters.
    // A filter switched on starts at the bank's first match or segment, not at 0 (which
    // a bank need not have), and stays within the ids the bank has.
    let (matches, segments) = sh.bank().and_then(creature_shadow::bank::Bank::id_spans).unwrap_or(((0, 0), (0, 0)));
    ui.horizontal_wrapped(|ui| {
        let f = &mut own.filter;
        ui.label("match");
        opt_u64(ui, "f-match", &mut f.match_id, matches);
        ui.label("segment");
        opt_u64(ui, "f-seg", &mut f.segment, segments);
        ui.label("action");
        ui.add(egui::TextEdit::singleline(&mut f.action).hint_text("any").desired_width(110.0));
        if let Some(m) = f.match_id
            && ui.button(format!("🗑 Delete match {m}")).clicked()
        {
            out.push(Command::Bank(BankCommand::DeleteMatch(m)));
        }
        if let Some(s) = f.segment
            && ui.button(format!("🗑 Delete segment {s}")).clicked()
        {
            out.push(Command::Bank(BankCommand::DeleteSegment(s)));
        }
    });
    // The sections scroll within at most 40% of the view, so the table keeps its room.
    let room = (view_h * 0.4).clamp(90.0, 330.0);
    egui::CollapsingHeader::new("Compose from parts").id_salt("compose").default_open(false).show(ui, |ui| {
        super::bank_compose::show(ui, sh, &mut own.compose, out);
    });
    // Open at first when the panel has room for it and the table's rows together.
    let tall = view_h >= 680.0;
    egui::CollapsingHeader::new("Curate and score").id_salt("curate-score").default_open(tall).show(ui, |ui| {
        egui::ScrollArea::vertical()
            .id_salt("curate-scroll")
            .max_height(room)
            .auto_shrink([false, true])
            .show(ui, |ui| super::curate::show(ui, sh, &mut own.curate, out));
    });
    // The filters as last drawn, to start the table from its top when they change
    // (typed here, or set by a click on a row's match or segment).
    let drawn = egui::Id::new("bank-filter-drawn");
    let last: Option<BankFilter> = ui.data(|d| d.get_temp(drawn));
    ui.data_mut(|d| d.insert_temp(drawn, own.filter.clone()));
    let filtered = last.is_some_and(|l| l != own.filter);
    let n_rows = own.rows(sh).len();
    super::bank_hand::strip(ui, sh, (&mut own.picked_row, &mut own.hand), out);
    ui.label(crate::gui::words::count(n_rows, "row"));
    // The header, the rows with the spacing between them, and the horizontal scroll bar.
    let table_h = (left(ui) * 0.58).max(20.0 + TABLE_ROWS * (ROW_HEIGHT + 3.0) + 24.0);
    ui.allocate_ui(egui::vec2(ui.available_width(), table_h), |ui| {
        // Wider than the panel, the table scrolls sideways by itself rather than widening
        // the panel past its edge (and the plots below with it).
        egui::ScrollArea::horizontal().id_salt("bank-table-h").show(ui, |ui| {
            events_table(ui, sh, own, filtered, out);
        });
    });
    ui.separator();
    // The header above the plots.
    let plots_h = (left(ui) - 24.0).max(140.0);
    stats_plots(ui, &stats, plots_h);
}

/// An optional id: off means any; on, a value within `(first, last)`.
fn opt_u64(ui: &mut egui::Ui, id: &str, v: &mut Option<u64>, (first, last): (u64, u64)) {
    let mut on = v.is_some();
    ui.push_id(id, |ui| {
        if ui.checkbox(&mut on, "").changed() {
            *v = on.then_some(first);
        }
        if let Some(x) = v {
            ui.add(egui::DragValue::new(x).speed(0.2).range(first..=last));
        } else {
            ui.weak("any");
        }
    });
}

/// The bank's events as rows; `from_top` after the filters changed.
fn events_table(ui: &mut egui::Ui, sh: &ShadowState, own: &mut BankPanel, from_top: bool, out: &mut Vec<Command>) {
    let rows = own.rows(sh);
    let Some(bank) = sh.shared_bank() else { return };
    let schema = sh.schema().cloned();
    // The picked row's action and values are written in place.
    let writing = own.picked_row.filter(|_| own.hand.event().is_some());
    let draft = &mut own.hand;
    // The headers name the fields written in place.
    let mut heads: Vec<egui::Id> = Vec::new();
    let features = bank.features().to_vec();
    let shown_features = features.len().min(6);
    let mut picked = own.picked_row;
    let mut filter_to = None;
    let mut table = TableBuilder::new(ui)
        .striped(true)
        .resizable(true)
        .sense(egui::Sense::click())
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::auto().at_least(50.0))
        .column(Column::auto().at_least(40.0))
        .column(Column::auto().at_least(60.0))
        .column(Column::auto().at_least(40.0))
        .column(Column::auto().at_least(50.0))
        .column(Column::auto().at_least(90.0))
        .column(Column::auto().at_least(50.0));
    for _ in 0..shown_features {
        table = table.column(Column::auto().at_least(60.0));
    }
    if from_top {
        table = table.vertical_scroll_offset(0.0);
    }
    table
        .column(Column::remainder())
        .min_scrolled_height(0.0)
        .header(20.0, |mut h| {
            for name in ["id", "match", "segment", "index", "frame", "action", "reaction"] {
                h.col(|ui| {
                    heads.push(ui.strong(name).id);
                });
            }
            for f in features.iter().take(shown_features) {
                h.col(|ui| {
                    heads.push(ui.strong(f).id);
                });
            }
            h.col(|ui| {
                ui.strong("matchup");
            });
        })
        .body(|body| {
            body.rows(ROW_HEIGHT, rows.len(), |mut row| {
                let Some(&i) = rows.get(row.index()) else { return };
                let Some(e) = bank.events().get(i) else { return };
                row.set_selected(picked == Some(i));
                row.col(|ui| {
                    ui.label(e.id.to_string());
                });
                row.col(|ui| {
                    if ui.link(e.match_id.to_string()).on_hover_text("Show only this match").clicked() {
                        filter_to = Some((Some(e.match_id), None));
                    }
                });
                row.col(|ui| {
                    if ui.link(e.segment.to_string()).on_hover_text("Show only this segment").clicked() {
                        filter_to = Some((None, Some(e.segment)));
                    }
                });
                row.col(|ui| {
                    ui.label(e.index.to_string());
                });
                row.col(|ui| {
                    ui.label(e.frame.to_string());
                });
                let written = writing == Some(i) && draft.event() == Some(e.id);
                row.col(|ui| {
                    if written {
                        super::bank_hand::field(ui, draft, ACTION, heads[5], schema.as_ref(), &bank, 90.0, out);
                    } else {
                        ui.label(e.action);
                    }
                });
                row.col(|ui| {
                    ui.label(e.reaction.map_or_else(String::new, |r| format!("{r} f")));
                });
                let state = bank.state(i);
                for k in 0..shown_features {
                    row.col(|ui| {
                        if written {
                            let head = heads[7 + k];
                            super::bank_hand::field(ui, draft, &features[k], head, schema.as_ref(), &bank, 56.0, out);
                        } else {
                            ui.label(state.get(k).map_or_else(String::new, |v| format!("{v:.2}")));
                        }
                    });
                }
                row.col(|ui| {
                    ui.label(e.matchup.to_string());
                });
                if row.response().clicked() {
                    picked = Some(i);
                }
            });
        });
    own.picked_row = picked;
    if let Some((m, s)) = filter_to {
        if m.is_some() {
            own.filter.match_id = m;
        }
        if s.is_some() {
            own.filter.segment = s;
        }
    }
}

/// The actions' histogram as rows, the most frequent first: each bar with its action's
/// name and count before it, so every bar is named however many there are.
fn action_bars(ui: &mut egui::Ui, actions: &[(&String, &usize)], height: f32) {
    let most = actions.first().map_or(1, |(_, c)| **c).max(1);
    let width = (ui.available_width() - 140.0).max(60.0);
    egui::ScrollArea::vertical().id_salt("bank-actions").max_height(height).auto_shrink([false, true]).show(ui, |ui| {
        egui::Grid::new("bank-actions-rows").num_columns(2).spacing([8.0, 2.0]).show(ui, |ui| {
            let fill = ui.visuals().selection.bg_fill;
            for (name, count) in actions {
                ui.label(format!("{name} · {count}"));
                let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 12.0), egui::Sense::hover());
                let share = **count as f32 / most as f32;
                let bar = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width() * share, rect.height()));
                ui.painter().rect_filled(bar, 2.0, fill);
                ui.end_row();
            }
        });
    });
}

fn stats_plots(ui: &mut egui::Ui, stats: &creature_shadow::bank::BankStats, height: f32) {
    ui.columns(2, |cols| {
        cols[0].strong("Actions (the whole bank: the filters apply to the table)");
        let mut actions: Vec<(&String, &usize)> = stats.actions.iter().collect();
        actions.sort_by(|a, b| b.1.cmp(a.1));
        action_bars(&mut cols[0], &actions, height);
        let rt = &stats.reaction;
        cols[1].strong(format!(
            "Reaction times of the whole bank: {} responses · mean {} · median {}",
            rt.count(),
            rt.mean().map_or_else(|| "–".into(), |m| format!("{m:.1} f")),
            rt.quantile(0.5).map_or_else(|| "–".into(), |m| format!("{m} f"))
        ));
        let bars: Vec<Bar> =
            rt.histogram(2).into_iter().map(|(f, n)| Bar::new(f64::from(f) + 1.0, n as f64).width(1.8)).collect();
        Plot::new("bank-reactions")
            .height(height)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .x_axis_label("frames after the attack started")
            .show(&mut cols[1], |p| {
                p.bar_chart(BarChart::new("responses", bars).color(egui::Color32::from_rgb(230, 126, 34)));
            });
    });
}
