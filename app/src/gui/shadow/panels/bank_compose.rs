//! The bank view's Compose section: the shown bank made of parts of the project's banks
//! (each a bank and a filter, as `shadow compose` takes them) as one undoable edit, and
//! the situation classes two parts both gave, their actions side by side.

use creature_shadow::arena::state_name;

use crate::gui::command::{BankCommand, Command};
use crate::gui::shadow::view::compose_draft::{ComposeDraft, PartDraft};
use crate::gui::shadow::view::state::ShadowState;

pub fn show(ui: &mut egui::Ui, sh: &ShadowState, draft: &mut ComposeDraft, out: &mut Vec<Command>) {
    let files = sh.bank_files.clone();
    if draft.parts.is_empty() {
        draft.parts.push(PartDraft { bank: sh.bank_path.clone(), filter: String::new() });
    }
    ui.weak("Filters: close, mid, far, own=STATE, opp=STATE, action=NAME, FEATURE<X, FEATURE>X, joined by commas; empty takes all.");
    let mut remove = None;
    for k in 0..draft.parts.len() {
        let refusal = draft.refusal(k);
        let p = &mut draft.parts[k];
        ui.horizontal(|ui| {
            let shown = p.bank.as_deref().map_or_else(|| "choose a bank".into(), crate::gui::words::short);
            egui::ComboBox::from_id_salt(("compose-bank", k)).selected_text(shown).show_ui(ui, |ui| {
                for f in &files {
                    if ui.selectable_label(p.bank.as_ref() == Some(f), crate::gui::words::short(f)).clicked() {
                        p.bank = Some(f.clone());
                    }
                }
            });
            let mut edit = egui::TextEdit::singleline(&mut p.filter)
                .id_salt(("compose-filter", k))
                .hint_text("all")
                .desired_width(180.0);
            if refusal.is_some() {
                edit = edit.text_color(ui.visuals().error_fg_color);
            }
            ui.add(edit);
            if ui.small_button("✖").on_hover_text("Remove this part").clicked() {
                remove = Some(k);
            }
        });
        if let Some(why) = refusal {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
    }
    if let Some(k) = remove {
        draft.parts.remove(k);
    }
    ui.horizontal(|ui| {
        if ui.button("➕ Add part").clicked() {
            draft.parts.push(PartDraft::default());
        }
        let ready = !draft.parts.is_empty()
            && draft.parts.iter().all(|p| p.bank.is_some())
            && (0..draft.parts.len()).all(|k| draft.refusal(k).is_none());
        let b = egui::Button::new("Compose into the shown bank");
        if ui
            .add_enabled(ready, b)
            .on_hover_text("The shown bank becomes these parts, each event keeping its source (Ctrl+Z undoes it)")
            .clicked()
        {
            let parts = draft.parts.iter().filter_map(|p| Some((p.bank.clone()?, p.filter.clone()))).collect();
            out.push(Command::Bank(BankCommand::Compose(parts)));
        }
    });
    if draft.conflicts.is_empty() {
        return;
    }
    ui.strong(format!("{}: classes two parts both give", crate::gui::words::count(draft.conflicts.len(), "conflict")));
    let name = |code: i64| state_name(code as f64).map_or_else(|| code.to_string(), str::to_owned);
    egui::ScrollArea::vertical().id_salt("compose-conflicts").max_height(160.0).show(ui, |ui| {
        for (class, sides) in &draft.conflicts {
            ui.label(format!("{} · {} vs {}", class.band.name(), name(class.own_state), name(class.opp_state)));
            ui.columns(sides.len().max(1), |cols| {
                for (col, s) in cols.iter_mut().zip(sides) {
                    col.strong(format!("{}: {}", s.bank, crate::gui::words::count(s.events, "event")));
                    for (a, n) in s.actions.iter().take(4) {
                        col.label(format!("{a} · {n}"));
                    }
                }
            });
            ui.separator();
        }
    });
}
