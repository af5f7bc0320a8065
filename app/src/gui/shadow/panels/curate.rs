//! The bank view's Curate and Score sections (SPEC §13): the counts of each curation
//! flag, deleting the flagged events as one undoable edit, the coverage table with its
//! thin classes highlighted, and the shadow's scorecard.

use creature_shadow::arena::state_name;
use creature_shadow::bots::Style;
use creature_shadow::curate::{Curation, FlagKind};
use creature_shadow::score::{Scorecard, situation_name};

use crate::gui::command::{BankCommand, Command};
use crate::gui::shadow::view::curate::CurateUi;
use crate::gui::shadow::view::state::ShadowState;

/// The height of the coverage and situation tables.
const TABLE_HEIGHT: f32 = 150.0;

/// The Curate and Score sections side by side.
pub fn show(ui: &mut egui::Ui, sh: &ShadowState, curate: &mut CurateUi, out: &mut Vec<Command>) {
    if curate.busy() {
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(50));
    }
    ui.columns(2, |cols| {
        cols[0].push_id("curate", |ui| curate_section(ui, sh, curate, out));
        cols[1].push_id("score", |ui| score_section(ui, sh, curate, out));
    });
}

fn curate_section(ui: &mut egui::Ui, sh: &ShadowState, curate: &mut CurateUi, out: &mut Vec<Command>) {
    ui.strong("Curate");
    ui.horizontal_wrapped(|ui| {
        let o = &mut curate.options;
        ui.label("near ≤");
        ui.add(egui::DragValue::new(&mut o.near).speed(0.005).range(0.0..=10.0).max_decimals(3))
            .on_hover_text("The largest schema distance (Σ weight · similarity) at which two events with the same action are near duplicates");
        ui.label("fences k");
        ui.add(egui::DragValue::new(&mut o.fence).speed(0.1).range(0.5..=20.0).max_decimals(1))
            .on_hover_text("Outliers lie beyond P5 − k·(P95 − P5) or P95 + k·(P95 − P5)");
        ui.label("thin <");
        ui.add(egui::DragValue::new(&mut o.thin).speed(0.2).range(1..=10_000))
            .on_hover_text("Situation classes with fewer events are thin");
    });
    let (Some(schema), Some(bank)) = (sh.schema().cloned(), sh.shared_bank()) else {
        ui.weak("Curation needs a schema and a bank.");
        return;
    };
    let generation = sh.generation;
    let kinds_on = curate.delete;
    match curate.curation(generation, &schema, &bank) {
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!("Curating {}…", crate::gui::words::count(bank.len(), "event")));
            });
        }
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, format!("Cannot curate: {e}"));
        }
        Some(Ok(c)) => {
            let c = std::sync::Arc::clone(c);
            let mut delete = kinds_on;
            let counts = curate.counts(generation, &c);
            flags(ui, &c, counts, &mut delete, |on| curate.flagged(generation, &c, on), out);
            curate.delete = delete;
            coverage(ui, &c);
        }
    }
}

/// The counts of each flag, which to delete, and the delete button.
fn flags(
    ui: &mut egui::Ui,
    c: &Curation,
    counts: [usize; 3],
    delete: &mut [bool; 3],
    mut flagged: impl FnMut([bool; 3]) -> usize,
    out: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        for ((k, on), count) in FlagKind::ALL.into_iter().zip(delete.iter_mut()).zip(counts) {
            let name = match k {
                FlagKind::Duplicates => "exact duplicates",
                FlagKind::NearDuplicates => "near duplicates",
                FlagKind::Outliers => "outliers",
            };
            ui.checkbox(on, format!("{count} {name}"));
        }
        let kinds: Vec<FlagKind> =
            FlagKind::ALL.into_iter().zip(*delete).filter(|(_, on)| *on).map(|(k, _)| k).collect();
        let n = flagged(*delete);
        let button = egui::Button::new(format!("🗑 Delete {n} flagged events"));
        if ui
            .add_enabled(n > 0, button)
            .on_hover_text("One edit: Ctrl+Z brings them all back. Only the ticked kinds are deleted.")
            .clicked()
        {
            let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            let ids = c.ids(&kinds).into_iter().collect();
            out.push(Command::Bank(BankCommand::DeleteFlagged { ids, kinds: names.join(", ") }));
        }
    });
}

/// The coverage table, thin classes highlighted.
fn coverage(ui: &mut egui::Ui, c: &Curation) {
    if let Some(f) = &c.coverage.missing {
        ui.weak(format!("No coverage table: the bank records no `{f}`."));
        return;
    }
    ui.label(format!(
        "Coverage: {} situation classes, {} thin (< {} events)",
        c.coverage.rows.len(),
        c.coverage.thin(),
        c.options.thin
    ));
    let warn = ui.visuals().warn_fg_color;
    let name = |code: i64| state_name(code as f64).map_or_else(|| code.to_string(), str::to_owned);
    egui::ScrollArea::vertical().id_salt("coverage").max_height(TABLE_HEIGHT).auto_shrink([false, true]).show(
        ui,
        |ui| {
            egui::Grid::new("coverage-grid").num_columns(4).striped(true).spacing([10.0, 2.0]).show(ui, |ui| {
                for h in ["distance", "own state", "opponent state", "events"] {
                    ui.strong(h);
                }
                ui.end_row();
                for r in &c.coverage.rows {
                    let cells = [
                        r.class.band.name().to_owned(),
                        name(r.class.own_state),
                        name(r.class.opp_state),
                        if r.thin { format!("{} thin", r.events) } else { r.events.to_string() },
                    ];
                    for text in cells {
                        if r.thin {
                            ui.colored_label(warn, text);
                        } else {
                            ui.label(text);
                        }
                    }
                    ui.end_row();
                }
            });
        },
    );
}

fn score_section(ui: &mut egui::Ui, sh: &ShadowState, curate: &mut CurateUi, out: &mut Vec<Command>) {
    ui.strong("Shadow scorecard");
    ui.horizontal_wrapped(|ui| {
        ui.label("against");
        let mut against = curate.against;
        egui::ComboBox::from_id_salt("score-bot").selected_text(against.name()).show_ui(ui, |ui| {
            for s in Style::ALL {
                ui.selectable_value(&mut against, s, s.name());
            }
        });
        curate.against = against;
        let busy = curate.scoring();
        if ui
            .add_enabled(!busy, egui::Button::new("▶ Score the shadow"))
            .on_hover_text("Hold out matches for agreement, then play five matches against the bot")
            .clicked()
        {
            out.push(Command::Bank(BankCommand::ScoreShadow(against.name().to_owned())));
        }
        if busy {
            ui.spinner();
            ui.label("playing…");
        }
    });
    let generation = sh.generation;
    match curate.scorecard() {
        None => {
            ui.weak("Not scored yet: score it here, or play a match in the Arena.");
        }
        Some((Err(e), ..)) => {
            ui.colored_label(ui.visuals().error_fg_color, format!("Cannot score: {e}"));
        }
        Some((Ok(card), against, scored_at)) => {
            if scored_at != generation {
                ui.weak("Scored before the bank's last change.");
            }
            scorecard(ui, card, against);
        }
    }
}

fn percent(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}

fn scorecard(ui: &mut egui::Ui, card: &Scorecard, against: Style) {
    match &card.agreement {
        Some(a) => ui.label(format!(
            "Agreement on {} held-out events ({} match{}): top-1 {} · expected {} · top-3 {}",
            a.events,
            a.held_out.len(),
            if a.held_out.len() == 1 { "" } else { "es" },
            percent(a.top1),
            percent(a.expected),
            percent(a.top3)
        )),
        None => ui.label("Agreement: the bank has one match, so none can be held out."),
    };
    let p = &card.play;
    ui.label(format!(
        "Against {}: {} won · {} lost · {} drawn, {} decisions{}",
        against.name(),
        p.wins,
        p.losses,
        p.draws,
        p.decisions,
        if p.fallback { " (fallback bank)" } else { "" }
    ));
    let r = &card.reaction;
    ui.label(match (r.ks, r.wasserstein) {
        (Some(ks), Some(w)) => format!(
            "Reaction times: shadow median {} f ({}), recording {} f ({}); KS {ks:.2} · Wasserstein {w:.1} f",
            r.shadow.quantile(0.5).unwrap_or(0),
            r.shadow.count(),
            r.recorded.quantile(0.5).unwrap_or(0),
            r.recorded.count()
        ),
        _ => "Reaction times: too few responses to compare".into(),
    });
    ui.label(format!(
        "Action distributions (total variation; mean {}):",
        card.tvd_mean.map_or_else(|| "–".into(), |m| format!("{m:.2}"))
    ));
    egui::ScrollArea::vertical().id_salt("score-classes").max_height(TABLE_HEIGHT).auto_shrink([false, true]).show(
        ui,
        |ui| {
            egui::Grid::new("score-grid").num_columns(4).striped(true).spacing([10.0, 2.0]).show(ui, |ui| {
                for h in ["situation", "shadow", "recorded", "TVD"] {
                    ui.strong(h);
                }
                ui.end_row();
                for c in &card.classes {
                    ui.label(situation_name(c.situation));
                    ui.label(c.shadow.to_string());
                    ui.label(c.recorded.to_string());
                    ui.label(c.tvd.map_or_else(|| "–".into(), |t| format!("{t:.2}")));
                    ui.end_row();
                }
            });
        },
    );
}
