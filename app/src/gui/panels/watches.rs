//! Watches: values followed over the whole recorded run of the preview (a desire, its
//! drive, an opinion, the liking, an object's score by a tree, the hand's total), each
//! a line; values of one kind share a plot and its axis. A line at the shown turn
//! follows the timeline, and dragging in a plot looks back to the turn under the
//! pointer. The list is kept in the project's `watches.ron`.

use creature_core::watched::{Unit, Watched};
use egui::Color32;
use egui_plot::{Line, Plot, VLine};

use super::{Cx, Home, Panel};
use crate::gui::command::TimeCommand;
use crate::gui::command::{Command, PreviewCommand, Tab};
use crate::gui::time_travel::shown_turn;
use creature_workspace::Workspace;

/// This panel's tab.
pub const TAB: Tab = Tab::new("Watches", "Watches");

/// Some watches to start from, offered under the field.
const EXAMPLES: [&str; 5] = [r#"Desire("Hunger")"#, r#"Drive("Hunger")"#, r#"Opinion("Eat")"#, "Liking", "HandTotal"];

const PALETTE: [Color32; 6] = [
    Color32::from_rgb(240, 170, 60),
    Color32::from_rgb(90, 170, 255),
    Color32::from_rgb(110, 210, 120),
    Color32::from_rgb(230, 100, 180),
    Color32::from_rgb(200, 200, 90),
    Color32::from_rgb(160, 130, 240),
];

/// The watch being written.
#[derive(Default)]
pub struct WatchesPanel {
    draft: String,
}

impl Panel for WatchesPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::UnderPictures
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, true]
    }

    /// The watches follow the run: it goes on while they are in view.
    fn runs_preview(&self) -> bool {
        true
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        if let Some(id) = cx.view.focus.game() {
            super::watches_game::show(ui, cx.ws, id, &PALETTE);
            return;
        }
        show(ui, cx.ws, &mut self.draft, cx.out);
    }
}

/// The panel with the watch being written in `draft`.
pub fn show(ui: &mut egui::Ui, ws: &Workspace, draft: &mut String, out: &mut Vec<Command>) {
    let Some(p) = ws.preview.as_ref() else {
        ui.weak("Watches follow values over the preview's run: open a project whose preview starts.");
        return;
    };
    let read = (!draft.trim().is_empty())
        .then(|| Watched::parse(draft, p.sim().data(), p.sim().world()).map(|w| w.describe()));
    if let Some(text) = super::draft_field(ui, "Watch", draft, read.as_ref(), &EXAMPLES) {
        out.push(Command::Preview(PreviewCommand::AddWatch(text)));
    }
    let watches = &ws.watches;
    for e in &watches.problems {
        ui.colored_label(ui.visuals().error_fg_color, e.to_string());
    }
    if watches.list().is_empty() {
        ui.weak("No watches yet. Right click a desire's bar in the preview to watch it.");
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for (i, w) in watches.list().iter().enumerate() {
            ui.colored_label(PALETTE[i % PALETTE.len()], format!("■ {}", w.watched.describe()));
            if ui.small_button("🗑").on_hover_text(format!("Stop watching {}", w.text)).clicked() {
                out.push(Command::Preview(PreviewCommand::RemoveWatch(i)));
            }
        }
    });
    let shown = shown_turn(p) as f64 / 10.0;
    let mut units: Vec<Unit> = watches.list().iter().map(|w| w.watched.unit()).collect();
    units.sort();
    units.dedup();
    let height = ((ui.available_height() - 8.0) / units.len() as f32).max(110.0);
    for unit in units {
        let plot = Plot::new(("watches", unit.name()))
            .height(height)
            .x_axis_label("simulated seconds")
            .y_axis_label(unit.name())
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .include_x(0.0)
            .include_y(unit.span().0)
            .include_y(unit.span().1);
        let shown_plot = plot.show(ui, |plot| {
            for (i, w) in watches.list().iter().enumerate().filter(|(_, w)| w.watched.unit() == unit) {
                let points: Vec<[f64; 2]> = watches
                    .values()
                    .iter()
                    .filter_map(|(_, t, v)| v.get(i).copied().flatten().map(|y| [*t, y]))
                    .collect();
                plot.line(Line::new(w.watched.describe(), points).color(PALETTE[i % PALETTE.len()]).width(2.0));
            }
            plot.vline(VLine::new("shown turn", shown).color(Color32::from_rgb(255, 200, 40)));
        });
        let r = &shown_plot.response;
        if (r.dragged() || r.clicked())
            && let Some(pos) = r.interact_pointer_pos()
        {
            let seconds = shown_plot.transform.value_from_position(pos).x.max(0.0);
            let turn = ((seconds * 10.0).round() as u64).min(p.sim().turns());
            out.push(Command::Time(TimeCommand::ScrubTo(turn)));
        }
    }
}
