//! The tree graph of a game's creature in focus (SPEC §23, with the optional `ask` beyond
//! it): its trees built from the mind the game told, by the studio's attributes; the gold
//! path the plan's object takes through its ActOn tree as the game's reasons told it;
//! the heat of the tree shown as the game told it, while it is of the tree drawn. A game
//! that tells no mind is said so, and a lost link keeps the last mind told, said as lost.

use creature_core::species::data::TreeKind;
use creature_core::world::sim::TurnWhy;
use creature_workspace::Workspace;

use super::graph_header::PathNote;
use super::graph_heat;
use crate::gui::view::View;
use crate::gui::view::graph::{GraphView, Whose};

/// Brings the graph up to date with the game's creature `id`'s selected tree and its
/// gold path; returns the header's words of whose tree it is, its count of examples and
/// the path's note, or `None` once it said why there is no tree to draw. `node` is the
/// view's selected node, let go when the tree no longer has it.
pub(super) fn sync(
    ui: &mut egui::Ui,
    ws: &Workspace,
    view: &View,
    g: &mut GraphView,
    id: u32,
    node: &mut Option<usize>,
) -> Option<(String, usize, Option<PathNote>)> {
    let Some(game) = &ws.game else {
        ui.weak("No game is attached: put a creature in focus from the Game panel or the status bar.");
        return None;
    };
    let name = game.creatures.iter().find(|c| c.id == id).map_or_else(|| format!("creature {id}"), |c| c.name.clone());
    let mind = game.minds.get(&id);
    let Some((told_at, creature)) = mind.and_then(|m| m.creature.as_ref()) else {
        match mind.and_then(|m| m.not_told.as_deref()) {
            Some(why) => {
                ui.label(format!("{name} lives in the game at {}: this game does not tell its trees.", game.address));
                ui.weak(why);
            }
            None => {
                ui.weak(format!("Asking the game at {} for {name}'s mind…", game.address));
            }
        }
        return None;
    };
    let (d, k) = view.tree;
    let whose = Whose::Game(game.address.clone(), id);
    g.sync_game(whose, creature, &ws.data.attributes, (view.tree, view.tree_changed), node);
    let heat = mind.and_then(|m| m.heat.as_ref()).map(|(_, h)| h);
    graph_heat::from_game(g, (heat, mind.and_then(|m| m.heat_not_told.as_deref())), view.tree);
    let why = mind.and_then(|m| m.why.as_ref()).filter(|(at, _)| at >= told_at);
    let note = gold_path(view, g, why);
    let lost = if game.attached() { "" } else { "; the link is lost" };
    let who = format!("{name}, in the game at {} (its mind as told at {told_at:.1} s{lost})", game.address);
    Some((who, creature.tree(d, k).examples.len(), note))
}

/// Sets the path the graph draws in gold: "Ask the tree" draws the draft's path; else
/// the path of the plan's object through its desire's ActOn tree, as the game's reasons
/// (told no earlier than the mind shown) said it.
fn gold_path(view: &View, g: &mut GraphView, why: Option<&(f64, TurnWhy)>) -> Option<PathNote> {
    let (d, k) = view.tree;
    if let Some(object) = &view.asked {
        let path = g.tree.path(&object.answers);
        if path != g.path {
            g.focus = path.last().copied();
        }
        g.path = path;
        return Some(PathNote::Asking);
    }
    g.path.clear();
    let (at, why) = why?;
    let told = why.path.as_ref()?;
    if told.desire != d {
        return Some(PathNote::Elsewhere(told.desire));
    }
    if k != TreeKind::ActOn {
        return None;
    }
    g.path = told.steps.iter().map(|s| s.node).chain(told.node).collect();
    let verdict = told.verdict.map_or("no verdict".to_owned(), |v| format!("verdict {v:+.2}"));
    Some(PathNote::Live(format!(
        "as the game told it at {at:.1} s: the plan's object {}, {verdict}: the gold path",
        told.object
    )))
}
