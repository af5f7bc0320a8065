//! A lesson script's events as the lesson panels show them: the plans as bars from their
//! start to their end, and each event's short name.

use creature_core::mind::hand::Slap;
use creature_core::mind::script::{Do, LessonScript};
use creature_core::names::Desire;

/// A plan as the timeline draws it: from its start event to its end (a `PlanEnd`, the
/// next plan's start, or still active at the end of the script).
#[derive(Clone, Debug, PartialEq)]
pub struct PlanBar {
    pub desire: Desire,
    pub action: String,
    pub object: String,
    pub start: f64,
    pub end: Option<f64>,
    pub start_event: usize,
    /// The `PlanEnd` event, if one ended it.
    pub end_event: Option<usize>,
}

/// The plans of a script, in order (SPEC §6: starting a plan ends the active one).
pub fn plan_bars(script: &LessonScript) -> Vec<PlanBar> {
    let mut bars: Vec<PlanBar> = Vec::new();
    let mut active: Option<usize> = None;
    for (i, e) in script.events.iter().enumerate() {
        match &e.what {
            Do::PlanStart { desire, action, object, .. } => {
                if let Some(a) = active.take() {
                    bars[a].end = Some(e.at);
                }
                bars.push(PlanBar {
                    desire: *desire,
                    action: action.clone(),
                    object: object.clone(),
                    start: e.at,
                    end: None,
                    start_event: i,
                    end_event: None,
                });
                active = Some(bars.len() - 1);
            }
            Do::PlanEnd { desire } => {
                if let Some(a) = active.filter(|a| bars[*a].desire == *desire) {
                    bars[a].end = Some(e.at);
                    bars[a].end_event = Some(i);
                    active = None;
                }
            }
            _ => {}
        }
    }
    bars
}

/// A short name of an event for lists and tooltips.
pub fn describe(what: &Do) -> String {
    match what {
        Do::PlanStart { desire, action, object, target } => match target {
            Some(t) => format!("plan: {desire} {action} {object} (about {t})"),
            None => format!("plan: {desire} {action} {object}"),
        },
        Do::PlanEnd { desire } => format!("end {desire} plan"),
        Do::Hold => "hold".into(),
        Do::Stroke => "stroke".into(),
        Do::Slap(Slap::Gentle) => "slap (gentle)".into(),
        Do::Slap(Slap::Hard) => "slap (hard)".into(),
        Do::Release => "release".into(),
        Do::Give { object } => format!("give {object}"),
    }
}

#[cfg(test)]
mod tests {
    use creature_core::species::data::Data;

    use super::*;

    #[test]
    fn a_new_plan_ends_the_active_one_and_plan_end_closes_its_own() {
        let text = include_str!("../../../../projects/example/lessons/slap_after_rock_throw.ron");
        let data = Data::builtin().unwrap();
        let s = LessonScript::parse("s", text, &data).unwrap();
        let bars = plan_bars(&s);
        assert_eq!(bars.len(), 2);
        assert_eq!((bars[0].desire, bars[0].start, bars[0].end), (Desire::Hunger, 0.0, Some(4.0)));
        assert_eq!((bars[1].action.as_str(), bars[1].end_event), ("Throw", Some(3)));
    }
}
