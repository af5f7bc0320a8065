//! Compare with a game's run on either side (SPEC §17 on SPEC §23's states): what the
//! states say, and only that: the first second at which what can be seen differs, the
//! plans only one started, how far apart the likings and the places got, and the desires
//! that differ most over time, both runs overlaid as two recordings are.

use super::compare_plot::desire_plot;
use crate::gui::view::compare::CompareUi;
use creature_workspace::Workspace;

/// The comparison of two runs told as states, one of them a game's.
pub fn show(ui: &mut egui::Ui, ws: &Workspace, run: &CompareUi) {
    let c = match &run.states {
        None => {
            ui.weak("Pick the run to compare with: a branch, the game's run, a recording or a saved game's run.");
            return;
        }
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, e);
            return;
        }
        Some(Ok(c)) => c,
    };
    let d = &c.diff;
    match (d.both, d.first_difference) {
        (None, _) => {
            ui.label("The two runs cover no time in common: nothing to compare.");
            return;
        }
        (Some(_), None) => ui.label("What the two runs' states say never differs."),
        (Some(_), Some(t)) => ui.strong(format!("They first differ at {t:.1} s.")),
    };
    let mut apart = format!("Plans only in this run: {} · only in the other: {}", d.plans.only_a, d.plans.only_b);
    if let Some(l) = d.liking {
        apart.push_str(&format!(" · likings up to {:.2} apart (at {:.1} s)", l.max_abs, l.at));
    }
    if let Some(p) = d.position {
        apart.push_str(&format!(" · up to {:.1} m apart (at {:.1} s)", p.max_abs, p.at));
    }
    ui.label(apart);
    if let Some((from, to)) = d.both {
        ui.weak(format!(
            "Compared from {from:.1} s to {to:.1} s, where both runs go; a game's run holds only its states."
        ));
    }
    // The preview's shown turn is marked when the preview is a side.
    let cursor = (run.this == crate::gui::view::compare::This::Preview)
        .then(|| ws.preview.as_ref().map(|p| p.shown().time()))
        .flatten();
    desire_plot(ui, (&c.a, &c.b), &c.desires, d.first_difference, cursor);
}
