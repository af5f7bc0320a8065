//! Every change a person can make to a document, as data: panels send these inside
//! commands and [`crate::Workspace::apply`] carries them out after the frame.

use std::collections::BTreeMap;

use creature_core::creature::Creature;
use creature_core::mind::script::Do;
use creature_core::mind::tree::Example;
use creature_core::names::{Desire, Species, Trait};
use creature_core::species::data::TreeKind;
use creature_shadow::bank::{HandEdit, PendingMatch};
use creature_shadow::compose::Filter;
use creature_shadow::schema::Schema;

use crate::document::{DocId, SharedBank};

/// A number of a species' body (SPEC §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyField {
    Strength,
    Speed,
    EnergyPerMeal,
    GrowUpSeconds,
}

/// A number of a desire's definition in `desires.ron` (SPEC §2, §7, §12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DesireField {
    Max,
    IncreaseSeconds,
    Decay,
    DistanceWeight,
    Growth,
    ThresholdSensitivity,
    MaximumSensitivity,
    Phase,
}

/// One edit of one document.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    // A species file.
    Trait {
        species: Species,
        t: Trait,
        value: f64,
    },
    AggressionConnected {
        species: Species,
        on: bool,
    },
    Body {
        species: Species,
        field: BodyField,
        value: f64,
    },
    Climate {
        species: Species,
        warm: bool,
    },
    Miracle {
        species: Species,
        value: f64,
    },
    /// The species' own increase time for a desire; `None` goes back to the default.
    IncreaseOverride {
        species: Species,
        desire: Desire,
        seconds: Option<f64>,
    },
    // desires.ron.
    Steepness(f64),
    DesireNumber {
        desire: Desire,
        field: DesireField,
        value: f64,
    },
    Threshold {
        desire: Desire,
        source: usize,
        value: f64,
    },
    // A creature save.
    Liking {
        creature: DocId,
        value: f64,
    },
    Phase {
        creature: DocId,
        phase: u8,
    },
    DesireValue {
        creature: DocId,
        desire: Desire,
        value: f64,
    },
    Opinion {
        creature: DocId,
        action: String,
        value: f64,
    },
    CreatureTrait {
        creature: DocId,
        t: Trait,
        value: f64,
    },
    /// Adds an example; in a full memory it takes the rotating 16th slot (SPEC §8).
    ExampleAdd {
        creature: DocId,
        desire: Desire,
        kind: TreeKind,
        example: Example,
    },
    ExampleSet {
        creature: DocId,
        desire: Desire,
        kind: TreeKind,
        index: usize,
        example: Example,
    },
    ExampleRemove {
        creature: DocId,
        desire: Desire,
        kind: TreeKind,
        index: usize,
    },
    /// The whole creature at once, as after applying a lesson script.
    ReplaceCreature {
        creature: DocId,
        with: Box<Creature>,
    },
    // A lesson script.
    LessonHeader {
        lesson: DocId,
        species: Species,
        seed: u64,
        phase: u8,
    },
    /// Moves an event in time, between its neighbours (the script stays in order).
    EventTime {
        lesson: DocId,
        index: usize,
        at: f64,
    },
    EventSet {
        lesson: DocId,
        index: usize,
        what: Do,
    },
    /// Adds an event after every event at or before its time.
    EventAdd {
        lesson: DocId,
        at: f64,
        what: Do,
    },
    EventRemove {
        lesson: DocId,
        index: usize,
    },
    /// Sets (or with `None` removes) a scene object's answers.
    LessonObject {
        lesson: DocId,
        id: String,
        answers: Option<BTreeMap<String, String>>,
    },
    // A shadow schema (SPEC §13).
    /// The whole schema at once (every schema editor change but the weights).
    SchemaReplace {
        schema: DocId,
        with: Box<Schema>,
    },
    /// A feature's weight: a finite number, at least 0.
    SchemaWeight {
        schema: DocId,
        feature: usize,
        weight: f64,
    },
    // A replay bank (SPEC §13).
    BankDeleteMatch {
        bank: DocId,
        match_id: u64,
    },
    BankDeleteSegment {
        bank: DocId,
        segment: u64,
    },
    /// Merges `other` (as loaded when the person asked, named `label`) into the bank:
    /// the union, with provenance.
    BankMerge {
        bank: DocId,
        other: SharedBank,
        label: String,
    },
    /// Deletes the events with these ids at once, as curation flagged them: one edit,
    /// so one undo brings them all back.
    BankDeleteEvents {
        bank: DocId,
        ids: Vec<u64>,
    },
    /// Adds a match recorded in the arena, kept at its end.
    BankKeep {
        bank: DocId,
        pending: Box<PendingMatch>,
        recorded_at: Option<u64>,
    },
    /// The bank becomes the composition of `parts` (each a source bank's name, the bank as
    /// loaded when the person asked, and the filter of the events it gives).
    BankCompose {
        bank: DocId,
        parts: Vec<(String, SharedBank, Filter)>,
    },
    /// One change of a bank written by hand, event by event (its values already judged
    /// by the schema where it was typed).
    BankHand {
        bank: DocId,
        edit: HandEdit,
    },
}

impl Edit {
    /// The document the edit changes.
    pub fn doc(&self) -> DocId {
        match self {
            Edit::Trait { species, .. }
            | Edit::AggressionConnected { species, .. }
            | Edit::Body { species, .. }
            | Edit::Climate { species, .. }
            | Edit::Miracle { species, .. }
            | Edit::IncreaseOverride { species, .. } => DocId::Species(*species),
            Edit::Steepness(_) | Edit::DesireNumber { .. } | Edit::Threshold { .. } => DocId::Desires,
            Edit::Liking { creature, .. }
            | Edit::Phase { creature, .. }
            | Edit::DesireValue { creature, .. }
            | Edit::Opinion { creature, .. }
            | Edit::CreatureTrait { creature, .. }
            | Edit::ExampleAdd { creature, .. }
            | Edit::ExampleSet { creature, .. }
            | Edit::ExampleRemove { creature, .. }
            | Edit::ReplaceCreature { creature, .. } => creature.clone(),
            Edit::LessonHeader { lesson, .. }
            | Edit::EventTime { lesson, .. }
            | Edit::EventSet { lesson, .. }
            | Edit::EventAdd { lesson, .. }
            | Edit::EventRemove { lesson, .. }
            | Edit::LessonObject { lesson, .. } => lesson.clone(),
            Edit::SchemaReplace { schema, .. } | Edit::SchemaWeight { schema, .. } => schema.clone(),
            Edit::BankDeleteMatch { bank, .. }
            | Edit::BankDeleteSegment { bank, .. }
            | Edit::BankMerge { bank, .. }
            | Edit::BankDeleteEvents { bank, .. }
            | Edit::BankKeep { bank, .. }
            | Edit::BankHand { bank, .. }
            | Edit::BankCompose { bank, .. } => bank.clone(),
        }
    }
}
