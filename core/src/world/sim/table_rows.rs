//! One row per action and per desire, as the turns use them: what an action does and
//! what it can be done to, what a desire's sources read and what it can be about.

use crate::species::data::ActionCategory;
use crate::species::rules::Kinds;

/// What an action does to body and world when its act step ends (SPEC §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Effect {
    Eat,
    Fight,
    Throw,
    Drink,
    Sleep,
    Rest,
    Poo,
    Puke,
    Scratch,
    LookAround,
    Fish,
    Farm,
    Help,
    Greet,
    Flee,
    Steal,
    Fetch,
    Climb,
    Obey,
    /// No effect beyond the desire's satisfaction (play, dance, gestures, …).
    Other,
}

impl Effect {
    /// The effect of the action named `action`; `Other` for one the rules do not know.
    pub(super) fn of(action: &str) -> Effect {
        match action {
            "Eat" => Effect::Eat,
            "Fight" => Effect::Fight,
            "Throw" => Effect::Throw,
            "Drink" => Effect::Drink,
            "Sleep" => Effect::Sleep,
            "Rest" => Effect::Rest,
            "Poo" => Effect::Poo,
            "Puke" => Effect::Puke,
            "Scratch" => Effect::Scratch,
            "LookAround" => Effect::LookAround,
            "Fish" => Effect::Fish,
            "Farm" => Effect::Farm,
            "Help" => Effect::Help,
            "Greet" => Effect::Greet,
            "Flee" => Effect::Flee,
            "Steal" => Effect::Steal,
            "Fetch" => Effect::Fetch,
            "Climb" => Effect::Climb,
            "Obey" => Effect::Obey,
            _ => Effect::Other,
        }
    }
}

/// An action as the simulation uses it.
#[derive(Clone, Debug)]
pub(super) struct ActionRt {
    pub(super) name: String,
    pub(super) category: ActionCategory,
    pub(super) seconds: f64,
    pub(super) skill: Option<String>,
    pub(super) effect: Effect,
    /// What it can be done to; empty: anything.
    pub(super) affords: Kinds,
}

/// A desire as the simulation uses it.
#[derive(Clone, Debug)]
pub(super) struct DesireRt {
    /// The input each source reads.
    pub(super) sources: Vec<usize>,
    /// The inputs its sources read, one bit each.
    pub(super) reads: u64,
    /// Where its sources start in the list of every desire's sources, in desire order.
    pub(super) first_source: usize,
    /// Indices into the action table.
    pub(super) actions: Vec<usize>,
    /// What it can be about; empty: anything.
    pub(super) about: Kinds,
    pub(super) social: bool,
    pub(super) distance_weight: f64,
    pub(super) decay: f64,
}
