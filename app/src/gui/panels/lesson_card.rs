//! A lesson as the simulation returns it (SPEC §5–§7): the credit table, the plan
//! taught, what each of the four lessons changed and the reaction. The same card shows
//! the last release in the preview and, worked out on a copy of the run, what a release
//! would teach now (the lesson's foresight).

use creature_core::creature::lesson::{Lesson, Reaction};
use creature_core::decimals::decimal;
use creature_core::species::data::TreeKind;
use creature_core::species::rules::Kind;
use creature_core::world::sim::{Act, Sim};
use creature_workspace::live_preview::LivePreview;

/// Objects near the creature whose scores the foresight shows.
const NEAR: usize = 4;

/// `l` under `title`; `rule` is the phase rule when it holds the hand back
/// (`view::village::hand_rule`), which says why no plan is taught.
pub fn show(ui: &mut egui::Ui, title: &str, l: &Lesson, rule: Option<&str>) {
    ui.strong(title);
    let Some(value) = l.lesson else {
        ui.label(format!("nothing taught: the total is {:+.2}", l.total));
        return;
    };
    let colour = crate::gui::panels::verdict_colour(value);
    ui.colored_label(colour, format!("L = {value:+.2} (total {:+.2})", l.total));
    for (i, c) in l.credit.iter().enumerate().rev() {
        let mark = if Some(i) == l.winner { "◀ taught" } else { "" };
        ui.add(
            egui::Label::new(format!("{:.2} {} {} {} {mark}", c.score, c.plan.desire, c.plan.action, c.plan.object))
                .truncate(),
        );
    }
    let Some(t) = &l.taught else {
        match rule {
            Some(rule) => ui.colored_label(ui.visuals().warn_fg_color, format!("Only the liking changes: {rule}")),
            None => ui.weak("no plan scores above 0: only the liking changes"),
        };
        return;
    };
    ui.label(format!("taught: {} {} {} (about {})", t.desire, t.action, t.object, t.target));
    if let (Some(before), Some(after)) = (&l.desire_before, &l.desire) {
        ui.label(format!("growth time: {:.1} s, was {:.1} s", after.increase_seconds, before.increase_seconds));
        for (i, (b, a)) in before.thresholds.iter().zip(&after.thresholds).enumerate() {
            ui.label(format!("threshold {i}: {a:.2}, was {b:.2}"));
        }
        ui.label(format!("max: {:.2}, was {:.2}", after.max, before.max));
    }
    if let (Some(before), Some(after)) = (l.opinion_before, l.opinion) {
        ui.label(format!("opinion of {}: {after:+.2}, was {before:+.2}", t.action));
    }
    let then = match &l.reaction {
        Reaction::None => "nothing more".to_owned(),
        Reaction::DropPlan { desire } => format!("{desire} falls to 0 and the plan is dropped"),
        Reaction::Repeat { action, kind, .. } => format!("{action} again on the nearest {kind}"),
        Reaction::EatAtOnce { object } => format!("eats {object} at once"),
    };
    ui.label(format!("then: {then}"));
}

/// What letting go after `touches` would teach now, and how the taught desire's two
/// trees would then score the objects nearest the creature; worked out on a copy, so
/// the run is never touched.
pub fn foresight(ui: &mut egui::Ui, p: &LivePreview, touches: &[Act]) {
    let title = if touches.is_empty() { "If you let go now" } else { "This, then letting go, would teach" };
    let Some((lesson, after)) = p.foresee(touches) else {
        ui.weak("nothing can be worked out for this touch now");
        return;
    };
    show(ui, title, &lesson, crate::gui::view::village::hand_rule(p.shown()).as_deref());
    let Some(t) = &lesson.taught else { return };
    let now = p.shown();
    for tree in [TreeKind::ActOn, TreeKind::Activity] {
        let changed: Vec<String> = near(now)
            .into_iter()
            .filter_map(|id| {
                let (a, b) = (now.usefulness(t.desire, tree, &id).ok()?, after.usefulness(t.desire, tree, &id).ok()?);
                (a != b).then(|| format!("{id} {}, was {}", decimal(b), decimal(a)))
            })
            .collect();
        if !changed.is_empty() {
            ui.label(format!("{} {tree:?} scores near: {}", t.desire, changed.join(" · ")));
        }
    }
}

/// The ids of the objects nearest the creature that a tree can judge.
fn near(sim: &Sim) -> Vec<String> {
    let at = sim.position();
    let mut objects: Vec<_> =
        sim.village().objects.iter().filter(|o| o.present && !matches!(o.kind, Kind::Hand | Kind::Myself)).collect();
    objects.sort_by(|a, b| a.distance_from(at).total_cmp(&b.distance_from(at)));
    objects.into_iter().take(NEAR).map(|o| o.id.clone()).collect()
}
