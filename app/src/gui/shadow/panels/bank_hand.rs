//! The bank view's tools for writing a bank by hand: the picked event's action and
//! values typed in place (in the table's row and, for every feature, in the strip above
//! it), each judged against the schema as it is typed and written as one undoable edit
//! when the field is left; inserting an event, splitting, joining and moving segments.

use std::sync::Arc;

use creature_shadow::bank::{Bank, HandEdit};
use creature_shadow::schema::Schema;

use crate::gui::command::{BankCommand, Command};
use crate::gui::shadow::view::hand_draft::{ACTION, HandDraft};
use crate::gui::shadow::view::state::ShadowState;

/// The picked event's field `field` (a feature or [`ACTION`]) as a text field: red with
/// the reason when what is typed is refused, an edit of the bank when it is left good.
/// `label` names it for assistive technology (the column's header or the strip's label).
#[allow(clippy::too_many_arguments)]
pub fn field(
    ui: &mut egui::Ui,
    draft: &mut HandDraft,
    field: &str,
    label: egui::Id,
    schema: Option<&Schema>,
    bank: &Bank,
    width: f32,
    out: &mut Vec<Command>,
) {
    let refused = draft.problem.as_ref().filter(|(f, _)| f == field).map(|(_, why)| why.clone());
    let Some(text) = draft.text_mut(field) else { return };
    let mut edit = egui::TextEdit::singleline(text).id_salt(("hand", field)).desired_width(width);
    if refused.is_some() {
        edit = edit.text_color(ui.visuals().error_fg_color);
    }
    let mut r = ui.add(edit).labelled_by(label);
    if let Some(why) = &refused {
        r = r.on_hover_text(why);
    }
    if r.changed() {
        let _ = draft.judge(field, schema);
    }
    if r.lost_focus()
        && let Some(e) = draft.edit_of(field, schema, bank)
    {
        out.push(Command::Bank(BankCommand::Hand(e)));
    }
}

/// The strip for the picked event: every value, the action, and the segment tools.
pub fn strip(
    ui: &mut egui::Ui,
    sh: &ShadowState,
    (picked_row, hand): (&mut Option<usize>, &mut HandDraft),
    out: &mut Vec<Command>,
) {
    let (Some(bank), Some(path)) = (sh.shared_bank(), sh.bank_path.clone()) else { return };
    if picked_row.is_none()
        && let Some((p, id)) = &hand.of
        && *p == path
    {
        // An edit gives a new bank: the event written keeps being the one picked.
        *picked_row = bank.position_of(*id);
    }
    let Some(pos) = picked_row.filter(|&p| p < bank.len()) else {
        ui.weak("Click a row to write its event by hand: its action and values, split, join, move, insert.");
        return;
    };
    hand.follow(&path, &bank, pos);
    let schema = sh.schema().cloned();
    let e = bank.event(pos);
    let has_arena = sh.arena.bout.is_some();
    let draft = hand;
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Event {} (segment {}, index {})", e.id, e.segment, e.index));
        let l = ui.label(ACTION).id;
        field(ui, draft, ACTION, l, schema.as_ref(), &bank, 90.0, out);
        let names: Vec<String> = draft.values.iter().map(|(f, _)| f.clone()).collect();
        for name in names {
            // A name and its field wrap together.
            ui.horizontal(|ui| {
                let l = ui.label(&name).id;
                field(ui, draft, &name, l, schema.as_ref(), &bank, 48.0, out);
            });
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button("Insert after").on_hover_text("A new event after this one: the values and action typed above").clicked() {
            // A refused value is shown below; nothing is inserted.
            if let Ok(state) = draft.state(schema.as_ref()) {
                let action = draft.action.trim().to_owned();
                out.push(Command::Bank(BankCommand::Hand(HandEdit::Insert { after: Some(e.id), state, action })));
            }
        }
        let arena = egui::Button::new("Insert from the arena");
        if ui
            .add_enabled(has_arena, arena)
            .on_hover_text("A new event after this one: the arena's present frame as its player sees it, and the action typed above")
            .on_disabled_hover_text("Start a match in the Arena: its present frame gives the state")
            .clicked()
            && draft.judge(ACTION, schema.as_ref()).is_ok()
        {
            out.push(Command::Bank(BankCommand::InsertFromArena {
                after: Some(e.id),
                action: draft.action.trim().to_owned(),
            }));
        }
        if ui.button("Split here").on_hover_text("This event and those after it become a new segment").clicked() {
            out.push(Command::Bank(BankCommand::Hand(HandEdit::Split { id: e.id })));
        }
        if let Some(next) = next_segment(&bank, e.segment, e.match_id)
            && ui.button(format!("Join segment {next}")).on_hover_text("The next segment of this match goes after this one").clicked()
        {
            out.push(Command::Bank(BankCommand::Hand(HandEdit::Join { first: e.segment, second: next })));
        }
        ui.add(egui::DragValue::new(&mut draft.move_to).prefix("segment "));
        if ui.button("Move to segment").on_hover_text("This event goes last in the segment chosen").clicked() {
            out.push(Command::Bank(BankCommand::Hand(HandEdit::Move { id: e.id, to: draft.move_to })));
        }
    });
    if let Some((_, why)) = &draft.problem {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }
}

/// The segment of match `match_id` that starts next after segment `segment` in bank order.
fn next_segment(bank: &Arc<Bank>, segment: u64, match_id: u64) -> Option<u64> {
    let mut seen = false;
    for e in bank.iter() {
        if e.segment == segment {
            seen = true;
        } else if seen && e.match_id == match_id {
            return Some(e.segment);
        }
    }
    None
}
