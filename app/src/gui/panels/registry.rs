//! The registry of panels: one of each, in the View menu's order. It sits beside the
//! panels rather than in their parent module, so that a panel naming what the panels
//! share (`Panel`, `Cx`) never names the list that names it.

use std::any::Any;

use super::{Home, Panel};
use super::{
    breakpoints, compare, creature, examples, game, graph, lesson, plots, problems, project, results, scenarios,
    source, species, start, train, village, watches, why,
};
use crate::gui::command::Tab;
use crate::gui::shadow::panels as shadow;

/// Every panel, in the View menu's order, each with its state as it starts: a new tab is
/// its module and one line here.
fn registry() -> Vec<Box<dyn Panel>> {
    vec![
        Box::new(start::StartPanel::default()),
        Box::new(project::ProjectPanel::default()),
        Box::new(problems::ProblemsPanel),
        Box::new(species::SpeciesPanel::default()),
        Box::new(creature::CreaturePanel::default()),
        Box::new(graph::GraphPanel::default()),
        Box::new(plots::PlotsPanel::default()),
        Box::new(examples::ExamplesPanel::default()),
        Box::new(lesson::LessonPanel::default()),
        Box::new(results::ResultsPanel::default()),
        Box::new(scenarios::ScenariosPanel::default()),
        Box::new(village::PreviewPanel::default()),
        Box::new(shadow::bank::BankPanel::default()),
        Box::new(shadow::schema::SchemaPanel),
        Box::new(shadow::query::QueryPanel::default()),
        Box::new(shadow::arena::ArenaPanel::default()),
        Box::new(shadow::league::LeaguePanel::default()),
        Box::new(source::SourcePanel::default()),
        Box::new(why::WhyPanel),
        Box::new(breakpoints::BreakpointsPanel::default()),
        Box::new(watches::WatchesPanel::default()),
        Box::new(train::TrainPanel::default()),
        Box::new(compare::ComparePanel::default()),
        Box::new(game::GamePanel::default()),
    ]
}

/// The studio's panels, one of each, in the registry's order.
pub struct Panels(Vec<Box<dyn Panel>>);

impl Default for Panels {
    fn default() -> Panels {
        Panels(registry())
    }
}

impl Panels {
    /// Every tab, in the View menu's order.
    pub fn tabs(&self) -> Vec<Tab> {
        self.0.iter().map(|p| p.tab()).collect()
    }

    /// Every tab with its place in the default layout.
    pub fn homes(&self) -> Vec<(Tab, Home)> {
        self.0.iter().map(|p| (p.tab(), p.home())).collect()
    }

    /// The tab stored by `name`.
    pub fn named(&self, name: &str) -> Option<Tab> {
        self.tabs().into_iter().find(|t| t.name() == name)
    }

    pub fn get(&self, tab: Tab) -> Option<&dyn Panel> {
        self.0.iter().find(|p| p.tab() == tab).map(AsRef::as_ref)
    }

    pub fn get_mut(&mut self, tab: Tab) -> Option<&mut (dyn Panel + 'static)> {
        self.0.iter_mut().find(|p| p.tab() == tab).map(AsMut::as_mut)
    }

    /// The panel of type `P`, to read its state.
    pub fn state<P: Panel>(&self) -> Option<&P> {
        self.0.iter().find_map(|p| (p.as_ref() as &dyn Any).downcast_ref())
    }

    /// The panels of types `A` and `B` (two types), to change both their states, as a
    /// command that touches two panels' state does.
    pub fn two_mut<A: Panel, B: Panel>(&mut self) -> (Option<&mut A>, Option<&mut B>) {
        let (mut a, mut b) = (None, None);
        for p in &mut self.0 {
            let any = p.as_mut() as &mut dyn Any;
            if any.is::<A>() {
                a = any.downcast_mut::<A>();
            } else if any.is::<B>() {
                b = any.downcast_mut::<B>();
            }
        }
        (a, b)
    }

    /// The panel of type `P`, to change its state (as a test would).
    pub fn state_mut<P: Panel>(&mut self) -> Option<&mut P> {
        self.0.iter_mut().find_map(|p| (p.as_mut() as &mut dyn Any).downcast_mut())
    }
}
