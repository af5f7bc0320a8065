//! What a lesson script teaches: at each release, the credit scores of the remembered
//! plans (the seed's "which plan gets the lesson") with the winner marked and the
//! lesson value; then what the whole run changed in the creature (desires, opinions,
//! liking, tree examples, and the trees before and after). The run can be applied to
//! the open creature as one undoable edit.

use creature_core::creature::Creature;
use creature_core::creature::lesson::{Lesson, Reaction};
use creature_core::mind::tree::{Example, Tree, build};
use creature_core::names::Desire;
use creature_core::species::data::{Data, TreeKind};
use egui::Color32;
use egui_plot::{AxisHints, Bar, BarChart, GridMark, Plot};

use super::{Cx, Home, Panel};
use crate::gui::command::{Command, SelectCommand, Tab, kind_name};
use crate::gui::command::{LessonCommand, UiCommand};
use crate::gui::panels::verdict_colour;
use crate::gui::view::{Outcome, View};
use creature_core::mind::script::LessonScript;
use creature_workspace::Workspace;

const WINNER: Color32 = Color32::from_rgb(255, 200, 40);
/// This panel's tab.
pub const TAB: Tab = Tab::new("LessonResults", "Lesson results");

/// What the lesson script taught, with its own cache: the script and target its last
/// run was for, and that run.
#[derive(Default)]
pub struct ResultsPanel {
    run: Option<(LessonScript, Option<Creature>, Outcome)>,
}

impl ResultsPanel {
    /// The outcome of running `script` on `target` (a newborn of the script when
    /// `None`), computed once per script and target.
    fn outcome(&mut self, script: &LessonScript, target: Option<&Creature>, data: &Data) -> &Outcome {
        let fresh = self.run.as_ref().is_none_or(|(s, t, _)| s != script || t.as_ref() != target);
        if fresh {
            self.run = Some((script.clone(), target.cloned(), Outcome::of(script, target, data)));
        }
        &self.run.as_ref().expect("filled above").2
    }
}

impl Panel for ResultsPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::UnderEditors
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, cx.view, self, cx.out);
    }
}

fn show(ui: &mut egui::Ui, ws: &Workspace, view: &View, own: &mut ResultsPanel, out: &mut Vec<Command>) {
    let Some(id) = view.lesson.clone() else {
        ui.weak("Open a lesson script to see what it teaches.");
        return;
    };
    let Some(script) = ws.lesson(&id) else { return };
    let creature = view.focus.creature().cloned().filter(|c| ws.creature(c).is_some());
    ui.horizontal_wrapped(|ui| {
        ui.label("Run on");
        let newborn = format!("a newborn {} (seed {}, phase {})", script.species, script.seed, script.phase);
        let mut on = view.lesson_ui.on_creature;
        ui.radio_value(&mut on, false, newborn);
        match &creature {
            Some(c) => {
                ui.radio_value(&mut on, true, c.label());
            }
            // Without a creature in focus the script runs on a newborn.
            None => on = false,
        }
        if on != view.lesson_ui.on_creature {
            out.push(Command::Lesson(LessonCommand::OnCreature(on)));
        }
        let can_apply = creature.is_some();
        // The button names where the run goes; applying shows the run on that creature.
        let apply = egui::Button::new(
            creature.as_ref().map_or("Apply to a creature".to_owned(), |c| format!("Apply to {}", c.label())),
        );
        let tip = match &creature {
            Some(c) => format!("Teach {} everything this script teaches (one undo step)", c.label()),
            None => "Open a creature first".to_owned(),
        };
        if ui.add_enabled(can_apply, apply).on_hover_text(tip).clicked() {
            out.push(Command::Ui(UiCommand::ApplyLesson));
        }
    });
    let target = if view.lesson_ui.on_creature { creature.as_ref().and_then(|c| ws.creature(c)) } else { None };
    if let Some(t) = target
        && t.species != script.species
    {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "⚠ the script is written for {}; {} is {}",
                crate::gui::words::a_or_an(&script.species.to_string()),
                t.name,
                crate::gui::words::a_or_an(&t.species.to_string())
            ),
        );
    }
    if let Some(t) = target
        && !ws.data.has_ability(t.phase, creature_core::species::data::Ability::HandTeaches)
    {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("⚠ {} is in phase {}: before phase 2 the hand teaches only the liking", t.name, t.phase),
        );
    }
    // After Apply, the run applied is what the panel shows, not the script run again on
    // the creature it changed.
    let applied = view.lesson_ui.applied_now(ws, view.focus.creature(), script).cloned();
    let outcome = match &applied {
        Some(a) => a.outcome.clone(),
        None => own.outcome(script, target, &ws.data).clone(),
    };
    let playhead = view.lesson_ui.playhead;
    ui.separator();
    egui::ScrollArea::vertical().id_salt("results").auto_shrink([false, false]).show(ui, |ui| {
        let shown: Vec<&Lesson> = outcome.run.lessons.iter().filter(|l| playhead.is_none_or(|p| l.at <= p)).collect();
        if outcome.run.lessons.is_empty() {
            ui.label("The script never releases the creature, so it teaches nothing.");
        } else if shown.is_empty() {
            ui.weak("No release yet: the playhead has not reached one.");
        }
        for (i, l) in shown.iter().enumerate() {
            release(ui, i, l);
            ui.separator();
        }
        for (t, note) in outcome.run.notes.iter().filter(|(t, _)| playhead.is_none_or(|p| *t <= p)) {
            ui.weak(format!("{t:.1} s: {note}"));
        }
        if playhead.is_none() {
            // Only while the creature shown still holds what was applied: an undo, or
            // another creature chosen, and the panel shows the run's changes again.
            match &applied {
                Some(a) => {
                    ui.heading(format!("Applied to {}", a.creature.label()));
                    ui.weak("Ctrl+Z takes it back.");
                    diff(ui, &ws.data, &a.outcome, out);
                }
                None => {
                    ui.heading("What the run changes");
                    diff(ui, &ws.data, &outcome, out);
                }
            }
        }
    });
}

fn plan_name(c: &creature_core::mind::credit::Credit) -> String {
    let p = &c.plan;
    if p.target == p.object {
        format!("{} {} {}", p.desire, p.action, p.object)
    } else {
        format!("{} {} {} (about {})", p.desire, p.action, p.object, p.target)
    }
}

fn release(ui: &mut egui::Ui, i: usize, l: &Lesson) {
    let lesson = l.lesson.map_or("nothing (a zero total)".to_owned(), |v| format!("{v:+.2}"));
    ui.strong(format!("Release {} at {:.1} s: hand total {:+.2}, lesson {lesson}", i + 1, l.at, l.total));
    match (&l.taught, l.winner.and_then(|w| l.credit.get(w))) {
        (Some(_), Some(w)) => {
            ui.label(egui::RichText::new(format!("winner: {} ({:.2})", plan_name(w), w.score)).color(WINNER));
        }
        _ if l.lesson.is_none() => {
            ui.weak("Nothing to teach: only the liking changed.");
        }
        _ if l.credit.iter().all(|c| c.score <= 0.0) => {
            ui.weak("No plan scores above 0: only the liking changed.");
        }
        _ => {
            ui.weak("Too young to learn from the hand (before phase 2): only the liking changed.");
        }
    }
    if !l.credit.is_empty() {
        let n = l.credit.len();
        let bars: Vec<Bar> = l
            .credit
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let won = l.winner == Some(k) && l.taught.is_some();
                let active = if c.plan.ended.is_none() { " (active)" } else { "" };
                Bar::new((n - 1 - k) as f64, c.score)
                    .width(0.6)
                    .fill(if won { WINNER } else { Color32::from_rgb(110, 140, 190) })
                    .name(format!("{}{active}: {:.2}", plan_name(c), c.score))
            })
            .collect();
        let names: Vec<String> = l
            .credit
            .iter()
            .map(|c| {
                let p = &c.plan;
                if p.target == p.object {
                    format!("{} {}", p.action, p.object)
                } else {
                    format!("{} {} ➡ {}", p.action, p.object, p.target)
                }
            })
            .collect();
        Plot::new(("credit", i))
            .height(26.0 * n as f32 + 44.0)
            .include_x(0.0)
            .include_x(1.0)
            .include_y(-0.5)
            .include_y(n as f64 - 0.5)
            .y_grid_spacer(move |_| (0..n).map(|k| GridMark { value: k as f64, step_size: 1.0 }).collect())
            .custom_y_axes(vec![
                AxisHints::new_y()
                    .formatter(move |m, _| {
                        let k = n as i64 - 1 - m.value.round() as i64;
                        usize::try_from(k).ok().and_then(|k| names.get(k)).cloned().unwrap_or_default()
                    })
                    .label_spacing(10.0..=12.0)
                    .min_thickness(170.0),
            ])
            .x_axis_label("credit score (1 active, fading after the plan ends)")
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .show(ui, |p| {
                p.bar_chart(
                    BarChart::new("credit", bars).horizontal().element_formatter(Box::new(|b, _| b.name.clone())),
                );
            });
    }
    if let (Some(before), Some(after)) = (&l.desire_before, &l.desire) {
        ui.label(format!(
            "{}: increase {:.1} ➡ {:.1} s · thresholds {} ➡ {} · max {:.2} ➡ {:.2}",
            after.name,
            before.increase_seconds,
            after.increase_seconds,
            list(&before.thresholds),
            list(&after.thresholds),
            before.max,
            after.max
        ));
    }
    if let (Some(t), Some(b), Some(a)) = (&l.taught, l.opinion_before, l.opinion) {
        ui.label(format!("opinion of {}: {b:+.2} ➡ {a:+.2}", t.action));
    }
    let reaction = match &l.reaction {
        Reaction::None => String::new(),
        Reaction::DropPlan { desire } => {
            format!("then: {desire} drops to 0, the weakest desire, and the plan is dropped")
        }
        Reaction::Repeat { action, kind, .. } => format!("then: it will {action} the nearest {kind} again"),
        Reaction::EatAtOnce { object } => format!("then: it eats {object} at once"),
    };
    if !reaction.is_empty() {
        ui.weak(reaction);
    }
}

/// What changed in a desire, only the numbers that moved.
fn desire_change(b: &creature_core::creature::DesireState, a: &creature_core::creature::DesireState) -> String {
    let mut parts = vec![a.name.name().to_owned()];
    if (b.value - a.value).abs() > 1e-12 {
        parts.push(format!("value {:.2} ➡ {:.2}", b.value, a.value));
    }
    if (b.increase_seconds - a.increase_seconds).abs() > 1e-12 {
        parts.push(format!("increase {:.1} ➡ {:.1} s", b.increase_seconds, a.increase_seconds));
    }
    if b.thresholds != a.thresholds {
        parts.push(format!("thresholds {} ➡ {}", list(&b.thresholds), list(&a.thresholds)));
    }
    if (b.max - a.max).abs() > 1e-12 {
        parts.push(format!("max {:.2} ➡ {:.2}", b.max, a.max));
    }
    parts.join(" · ")
}

fn list(v: &[f64]) -> String {
    v.iter().map(|x| format!("{x:.2}")).collect::<Vec<_>>().join(", ")
}

/// A tree as indented text: questions and the answers under them, leaves with their verdict.
pub fn outline(tree: &Tree) -> Vec<(usize, String, Option<f64>)> {
    let mut out = Vec::new();
    let mut stack = vec![(0usize, 0usize, String::new())];
    while let Some((node, depth, via)) = stack.pop() {
        let Some(n) = tree.nodes.get(node) else { continue };
        let prefix = if via.is_empty() { String::new() } else { format!("{via}: ") };
        match &n.question {
            Some(q) => out.push((depth, format!("{prefix}{q}?"), None)),
            None => out.push((depth, format!("{prefix}{:+.2} ({} ex)", n.verdict, n.len()), Some(n.verdict))),
        }
        for (a, c) in n.branches.iter().rev() {
            stack.push((*c, depth + 1, format!("= {a}")));
        }
    }
    out
}

fn draw_outline(ui: &mut egui::Ui, tree: &Tree) {
    if tree.is_empty() {
        ui.weak("(no examples)");
    }
    for (depth, text, verdict) in outline(tree) {
        let t = egui::RichText::new(format!("{}{text}", "   ".repeat(depth))).monospace();
        ui.label(match verdict {
            Some(v) => t.color(verdict_colour(v)),
            None => t,
        });
    }
}

fn answers(e: &Example) -> String {
    let a: Vec<String> = e.answers.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("{} ➡ {:+.2}", a.join(" "), e.feedback)
}

fn diff(ui: &mut egui::Ui, data: &Data, o: &Outcome, out: &mut Vec<Command>) {
    let (b, a) = (&o.before, &o.after);
    let mut any = false;
    if (b.liking - a.liking).abs() > 1e-12 {
        ui.label(format!("liking of the player: {:+.2} ➡ {:+.2}", b.liking, a.liking));
        any = true;
    }
    for (db, da) in b.desires.iter().zip(&a.desires) {
        if db != da {
            any = true;
            ui.label(desire_change(db, da));
        }
    }
    for (action, va) in &a.opinions {
        let vb = b.opinions.get(action).copied().unwrap_or(0.0);
        if (va - vb).abs() > 1e-12 {
            any = true;
            ui.label(format!("opinion of {action}: {vb:+.2} ➡ {va:+.2}"));
        }
    }
    for d in Desire::ALL {
        for k in [TreeKind::Activity, TreeKind::ActOn] {
            let (mb, ma) = (b.tree(*d, k), a.tree(*d, k));
            if mb == ma {
                continue;
            }
            any = true;
            tree_diff(ui, data, *d, k, b, a, out);
        }
    }
    if !any {
        ui.weak("Nothing changes.");
    }
}

fn tree_diff(
    ui: &mut egui::Ui,
    data: &Data,
    d: Desire,
    k: TreeKind,
    b: &Creature,
    a: &Creature,
    out: &mut Vec<Command>,
) {
    let (mb, ma) = (b.tree(d, k), a.tree(d, k));
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.strong(format!("{d} {}: {} ➡ {} examples", kind_name(k), mb.examples.len(), ma.examples.len()));
        if ui.small_button("show in graph").clicked() {
            out.push(Command::Select(SelectCommand::Tree(d, k)));
        }
    });
    for (slot, e) in ma.examples.iter().enumerate() {
        if mb.examples.get(slot) != Some(e) {
            let what = if slot < mb.examples.len() { "replaces" } else { "new" };
            ui.label(
                egui::RichText::new(format!("slot {} ({what}): {}", slot + 1, answers(e)))
                    .color(verdict_colour(e.feedback)),
            );
        }
    }
    ui.columns(2, |cols| {
        cols[0].weak("before");
        draw_outline(&mut cols[0], &build(&data.attributes, &mb.examples));
        cols[1].weak("after");
        draw_outline(&mut cols[1], &build(&data.attributes, &ma.examples));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use creature_core::mind::tree::Example;

    #[test]
    fn an_outline_lists_questions_before_their_answers() {
        let e = |kind: &str, f: f64| Example {
            answers: [("kind".to_owned(), kind.to_owned())].into_iter().collect(),
            feedback: f,
        };
        let t = build(&["kind".to_owned()], &[e("sheep", 0.5), e("villager", -0.5)]);
        let lines: Vec<String> = outline(&t).into_iter().map(|(d, s, _)| format!("{d}{s}")).collect();
        assert_eq!(lines, vec!["0kind?", "1= sheep: +0.50 (1 ex)", "1= villager: -0.50 (1 ex)"]);
    }
}
