//! A plot's legend as a row of coloured names above the plot, never inside it: egui_plot
//! draws its legend over a corner of the data, which covers curves wherever they run.

use egui::Color32;

/// One entry: the colour of its curve or points, and its name.
pub type Entry = (Color32, String);

/// Draws `entries` in a row (wrapping when narrow), each a coloured mark and its name,
/// then `note` (how to read the marks, say) when it is not empty.
pub fn row(ui: &mut egui::Ui, entries: &[Entry], note: &str) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 10.0;
        for (colour, name) in entries {
            ui.label(egui::RichText::new(format!("■ {name}")).color(*colour));
        }
        if !note.is_empty() {
            ui.weak(note);
        }
    });
}
