//! Breakpoints (SPEC §19): conditions that pause the running preview at the turn they
//! fire. Type one (`PlanStarted(kind: Villager)`), see it read as a sentence or its
//! problem with its column before adding it, switch each on or off, delete it; the
//! list is kept in the project. "Continue" plays on to the next hit.

use creature_core::cond::Cond;
use creature_core::printable::escaped;

use super::{Cx, Home, Panel};
use crate::gui::command::{Command, PreviewCommand, Tab};

/// This panel's tab.
pub const TAB: Tab = Tab::new("Breakpoints", "Breakpoints");

/// Some conditions to start from, offered under the field.
const EXAMPLES: [&str; 4] =
    ["PlanStarted(kind: Villager)", "Lesson(sign: Slap)", "Above(desire: \"Hunger\", value: 0.5)", "Learnt"];

/// The preview's breakpoints and the condition being written.
#[derive(Default)]
pub struct BreakpointsPanel {
    draft: String,
}

impl Panel for BreakpointsPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::UnderPictures
    }

    /// The debugger's list is the preview's: the run goes on while it is in view.
    fn runs_preview(&self) -> bool {
        true
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        let live = |out: &mut Vec<Command>, c: PreviewCommand| out.push(Command::Preview(c));
        let Some(p) = cx.ws.preview.as_ref() else {
            ui.weak("Breakpoints pause the running preview: open a project whose preview starts.");
            return;
        };
        // The draft read as the preview would read it, at every change.
        let read = (!self.draft.trim().is_empty())
            .then(|| Cond::parse(&self.draft, p.sim().data(), p.sim().world()).map(|c| c.describe()));
        if let Some(text) = super::draft_field(ui, "Break when", &mut self.draft, read.as_ref(), &EXAMPLES) {
            live(cx.out, PreviewCommand::AddBreakpoint(text));
        }
        ui.separator();
        for e in &p.breakpoints.problems {
            ui.colored_label(ui.visuals().error_fg_color, e.to_string());
        }
        if p.breakpoints.list().is_empty() {
            ui.weak("No breakpoints yet.");
        }
        for (i, b) in p.breakpoints.list().iter().enumerate() {
            ui.horizontal(|ui| {
                let mut on = b.on;
                // Both come from breakpoints.ron: shown with their control characters escaped.
                let said = format!("{}. {}", i + 1, escaped(&b.cond.describe()));
                if ui.checkbox(&mut on, said).changed() {
                    live(cx.out, PreviewCommand::SetBreakpoint(i, on));
                }
                ui.weak(escaped(&b.text).into_owned());
                if ui.small_button("🗑").on_hover_text("Delete this breakpoint").clicked() {
                    live(cx.out, PreviewCommand::RemoveBreakpoint(i));
                }
            });
        }
        if p.speed == 0.0 && p.breakpoints.any_on() {
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                if ui.button("▶ Continue").on_hover_text("Play on to the next hit").clicked() {
                    live(cx.out, PreviewCommand::TogglePause);
                }
                if ui.button("⏭ Step").on_hover_text("Run one turn (0.1 s) and pause again").clicked() {
                    live(cx.out, PreviewCommand::StepTurn);
                }
            });
        }
    }
}
