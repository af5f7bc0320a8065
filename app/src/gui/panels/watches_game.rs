//! Watches while a game's creature is in focus: of the values watched, those a `state` of
//! the link carries (a desire's value, the liking) are drawn over the game's run as it was
//! received (SPEC §23); the others (drives, opinions, scores, the hand's total) the game
//! does not say, and each is named as such.

use creature_core::watched::{Unit, Watched};
use creature_workspace::Workspace;
use creature_workspace::remote_game::RemoteState;
use egui_plot::{Line, Plot};

/// `watched` as a state says it, or `None` for a value no state carries.
fn value(watched: &Watched, s: &RemoteState) -> Option<f64> {
    match watched {
        Watched::Desire(d) => s.desires.get(d.index()).copied(),
        Watched::Liking => Some(s.liking),
        _ => None,
    }
}

/// The project's watches drawn over the game's run of creature `id`.
pub fn show(ui: &mut egui::Ui, ws: &Workspace, id: u32, palette: &[egui::Color32]) {
    let Some(game) = &ws.game else { return };
    let name = game.creatures.iter().find(|c| c.id == id).map_or_else(|| format!("creature {id}"), |c| c.name.clone());
    ui.weak(format!("{name} lives in the game at {}: its watches are drawn from the states received.", game.address));
    let list = ws.watches.list();
    if list.is_empty() {
        ui.weak("No watches yet: put the studio's creature in focus again to add some.");
        return;
    }
    let newest = game.run.newest(id);
    let (told, untold): (Vec<_>, Vec<_>) =
        list.iter().enumerate().partition(|(_, w)| newest.is_none_or(|s| value(&w.watched, s).is_some()));
    for (_, w) in &untold {
        ui.weak(format!("{}: the game's states do not say it", w.watched.describe()));
    }
    let mut units: Vec<Unit> = told.iter().map(|(_, w)| w.watched.unit()).collect();
    units.sort();
    units.dedup();
    for unit in units {
        let plot = Plot::new(("game-watches", unit.name()))
            .height(140.0)
            .x_axis_label("the game's seconds")
            .y_axis_label(unit.name())
            .include_y(unit.span().0)
            .include_y(unit.span().1);
        plot.show(ui, |plot| {
            for (i, w) in told.iter().filter(|(_, w)| w.watched.unit() == unit) {
                let points: Vec<[f64; 2]> =
                    game.run.states(id).filter_map(|(_, s)| Some([s.sim_time, value(&w.watched, s)?])).collect();
                plot.line(Line::new(w.watched.describe(), points).color(palette[i % palette.len()]).width(2.0));
            }
        });
    }
}
