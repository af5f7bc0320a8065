//! A running game attached over the link (SPEC §23): the form that attaches, then the
//! game's creatures as it last said them (desires, plan and agenda, liking, phase, where
//! it is), the hand and the clock for the studio that controls it, and what the game
//! told and answered; the run received, to look back over and bookmark, also once the link
//! is lost or the game let go, saved to a file and opened from one. The form's fields, the
//! creature picked, the moment looked at and the breakpoints asked for (each pending until
//! the game's `ok`) are this panel's own.

use creature_core::link::message::{Control, HandAct, Role};
use creature_core::names::Desire;
use creature_workspace::remote_game::{RemoteCreature, RemoteGame, RemoteState};
use creature_workspace::remote_run::MarkKind;

use super::{Cx, Home, Panel};
use crate::gui::command::{Command, GameCommand, Tab};
use crate::gui::view::View;
use creature_workspace::Workspace;

/// This panel's tab.
pub const TAB: Tab = Tab::new("Game", "Game");

/// The attach form and the creature picked.
pub struct GamePanel {
    pub address: String,
    pub token: String,
    /// Attach as the controller rather than an observer.
    pub control: bool,
    picked: usize,
    /// The number of the state looked back at in the picked creature's run; none follows
    /// the newest.
    pub looking: Option<u64>,
    /// The condition typed to break on (SPEC §19).
    pub break_when: String,
    /// The conditions asked to break on, by creature, until taken away here.
    breaks: Vec<Break>,
    /// Why the game refused the last breakpoint asked for.
    refused: Option<String>,
}

/// A condition asked to break on: pending until the game's answer, which is one more
/// than `answers` answers to its request.
struct Break {
    creature: u32,
    condition: String,
    set: bool,
    answers: usize,
}

impl Break {
    /// The request that sets it, as asked and answered.
    fn request(&self) -> String {
        format!("break when {}", self.condition)
    }
}

impl Default for GamePanel {
    fn default() -> GamePanel {
        GamePanel {
            address: "127.0.0.1:7878".into(),
            token: String::new(),
            control: true,
            picked: 0,
            looking: None,
            break_when: String::new(),
            breaks: Vec::new(),
            refused: None,
        }
    }
}

impl Panel for GamePanel {
    fn tab(&self) -> Tab {
        TAB
    }

    /// In the strip along the bottom, beside the shadow's tools, which has room for
    /// one more tab on a laptop.
    fn home(&self) -> Home {
        Home::Strip
    }

    /// Says where the creatures live once attached.
    fn title(&self, ws: &Workspace, _view: &View) -> String {
        match &ws.game {
            Some(g) if g.attached() => format!("Game ({})", g.address),
            Some(g) if g.let_go_of() => "Game (a run kept)".into(),
            Some(_) => "Game (link lost)".into(),
            None => TAB.title().to_owned(),
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        if let Some(game) = &cx.ws.game {
            super::game_focus::row(ui, cx.ws, game, self.picked, cx.view, cx.out);
        }
        match &cx.ws.game {
            None => self.form(ui, cx.out),
            Some(game) if game.let_go_of() => {
                self.form(ui, cx.out);
                ui.separator();
                self.attached(ui, game, cx.out);
            }
            Some(game) => self.attached(ui, game, cx.out),
        }
    }
}

impl GamePanel {
    fn form(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        ui.label("Attach to a game that hosts the link (creature-studio serve, or your own game).");
        egui::Grid::new("game_form").num_columns(2).show(ui, |ui| {
            ui.label("Address");
            ui.add(egui::TextEdit::singleline(&mut self.address).desired_width(220.0));
            ui.end_row();
            ui.label("Token");
            ui.add(egui::TextEdit::singleline(&mut self.token).password(true).desired_width(220.0))
                .on_hover_text("The token the game printed, or the first line of its token file");
            ui.end_row();
        });
        ui.checkbox(&mut self.control, "Control it: the hand, the clock, and species saves pushed to it")
            .on_hover_text("One studio controls a game at a time; the others watch");
        ui.horizontal(|ui| {
            if ui.button("Attach").clicked() {
                let role = if self.control { Role::Controller } else { Role::Observer };
                out.push(Command::Game(GameCommand::Attach {
                    address: self.address.clone(),
                    token: self.token.clone(),
                    role,
                }));
            }
            if ui
                .button("Open a saved run…")
                .on_hover_text("A game's run saved before (*.run.ron), to look back over")
                .clicked()
            {
                out.push(Command::Game(GameCommand::OpenRun));
            }
        });
    }

    fn attached(&mut self, ui: &mut egui::Ui, game: &RemoteGame, out: &mut Vec<Command>) {
        ui.horizontal_wrapped(|ui| {
            ui.label(game.status());
            if !game.let_go_of() && ui.button("Let go").clicked() {
                out.push(Command::Game(GameCommand::Detach));
            }
            if ui.button("Save run…").on_hover_text("Save the run received, its states and marks, to a file").clicked()
            {
                out.push(Command::Game(GameCommand::SaveRun));
            }
        });
        if game.creatures.is_empty() {
            ui.label("The game runs no creature.");
            return;
        }
        self.picked = self.picked.min(game.creatures.len() - 1);
        let before = self.picked;
        egui::ComboBox::from_label("Creature").selected_text(label(&game.creatures[self.picked])).show_ui(ui, |ui| {
            for (i, c) in game.creatures.iter().enumerate() {
                ui.selectable_value(&mut self.picked, i, label(c));
            }
        });
        if self.picked != before {
            self.looking = None;
        }
        let creature = &game.creatures[self.picked];
        match (game.attached(), game.role) {
            (false, _) => {}
            (true, Role::Controller) => {
                controls(ui, creature.id, out);
                self.breakpoints(ui, game, creature.id, out);
            }
            (true, Role::Observer) => {
                ui.label("Watching: another studio may control this game.");
            }
        }
        match self.look_back(ui, game, creature, out) {
            None => {
                ui.label("Waiting for the game's first state…");
            }
            Some(s) => {
                let plan =
                    s.plan.as_ref().map_or("idle".to_owned(), |p| format!("{} {} ({})", p.action, p.object, p.desire));
                ui.label(format!("{:.1} s · phase {} · liking {:+.2} · {plan}", s.sim_time, s.phase, s.liking));
                if !s.agenda.is_empty() {
                    ui.label(format!("Agenda: {}", s.agenda.join(", then ")));
                }
                desires(ui, &s.desires);
            }
        }
        told(ui, game, creature.id);
    }
}

impl GamePanel {
    /// The conditions the game's run of `creature` pauses on: one typed and asked for,
    /// those asked before with a button to take each away; a hit is the game's event.
    fn breakpoints(&mut self, ui: &mut egui::Ui, game: &RemoteGame, creature: u32, out: &mut Vec<Command>) {
        self.answered(game);
        ui.horizontal_wrapped(|ui| {
            ui.label("Break when");
            ui.add(
                egui::TextEdit::singleline(&mut self.break_when).hint_text("Lesson(sign: Slap)").desired_width(200.0),
            )
            .on_hover_text("A condition of the debugger's (SPEC §19): the game pauses its run where it holds");
            let condition = self.break_when.trim().to_owned();
            if ui.add_enabled(!condition.is_empty(), egui::Button::new("Break")).clicked() {
                self.breaks.retain(|b| (b.creature, b.condition.as_str()) != (creature, condition.as_str()));
                let mut asked = Break { creature, condition, set: false, answers: 0 };
                let what = asked.request();
                asked.answers = game.answers_to(&what).0;
                out.push(Command::Game(GameCommand::Ask {
                    what,
                    control: Control::Break { creature, condition: asked.condition.clone() },
                }));
                self.breaks.push(asked);
                self.break_when.clear();
                self.refused = None;
            }
        });
        if let Some(why) = &self.refused {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        let mut gone = None;
        for (i, b) in self.breaks.iter().enumerate().filter(|(_, b)| b.creature == creature) {
            ui.horizontal(|ui| {
                if ui.small_button("✖").on_hover_text("Take this breakpoint away").clicked() {
                    gone = Some(i);
                }
                if b.set {
                    ui.label(format!("breaks when {}", b.condition));
                } else {
                    ui.weak(format!("breaks when {} (pending: waiting for the game's ok)", b.condition));
                }
            });
        }
        if let Some(i) = gone {
            let Break { creature, condition, .. } = self.breaks.remove(i);
            out.push(Command::Game(GameCommand::Ask {
                what: format!("take away the break when {condition}"),
                control: Control::Unbreak { creature, condition },
            }));
        }
    }

    /// Each breakpoint pending is set by the game's `ok` and dropped by its `error`, said
    /// with the game's reason; one whose request was never sent (the link down) is
    /// dropped too.
    fn answered(&mut self, game: &RemoteGame) {
        let mut refused = None;
        self.breaks.retain_mut(|b| {
            if b.set {
                return true;
            }
            let what = b.request();
            match game.answers_to(&what) {
                (n, Some(Ok(()))) if n > b.answers => b.set = true,
                (n, Some(Err(e))) if n > b.answers => {
                    refused = Some(format!("The game refused to {what}: {e}"));
                    return false;
                }
                _ if game.awaits(&what) => {}
                _ => {
                    refused = Some(format!("Could not ask the game to {what}: {}", game.status()));
                    return false;
                }
            }
            true
        });
        if refused.is_some() {
            self.refused = refused;
        }
    }

    /// The run's timeline for `creature`: live or a moment looked back at, a bookmark, and
    /// the last marks to go to; returns the state to show.
    fn look_back<'g>(
        &mut self,
        ui: &mut egui::Ui,
        game: &'g RemoteGame,
        creature: &'g RemoteCreature,
        out: &mut Vec<Command>,
    ) -> Option<&'g RemoteState> {
        let Some((first, last)) = game.run.span(creature.id) else { return game.run.newest(creature.id) };
        self.looking = self.looking.filter(|at| (first..last).contains(at));
        let mut at = self.looking.unwrap_or(last);
        ui.horizontal_wrapped(|ui| {
            if ui
                .selectable_label(self.looking.is_none(), "Live")
                .on_hover_text("Follow the game's newest state")
                .clicked()
            {
                self.looking = None;
                at = last;
            }
            let slider = egui::Slider::new(&mut at, first..=last).show_value(false).text("Look back");
            if ui.add(slider).on_hover_text("Every state received from the game, oldest on the left").changed() {
                self.looking = (at < last).then_some(at);
            }
            let sim_time = game.run.state(creature.id, at).map_or(0.0, |s| s.sim_time);
            if ui.button("Bookmark").on_hover_text("Mark this moment of the game's run").clicked() {
                out.push(Command::Game(GameCommand::Bookmark { creature: creature.id, at, sim_time }));
            }
            if self.looking.is_some() {
                ui.label(format!("looking back at {sim_time:.1} s"));
            }
            if game.run.dropped > 0 {
                ui.label(format!(
                    "({} older gave way)",
                    creature_core::words::count(game.run.dropped as usize, "state")
                ));
            }
        });
        let marks: Vec<_> = game.run.marks(creature.id).collect();
        ui.horizontal_wrapped(|ui| {
            for m in marks.iter().rev().take(6) {
                let kind = match m.kind {
                    MarkKind::Bookmark => "🔖",
                    MarkKind::Link => "⚡",
                    MarkKind::Event => "•",
                };
                let go = ui.small_button(format!("{kind} {:.1} s {}", m.sim_time, m.text));
                if go.on_hover_text("Look back at this moment").clicked() && (first..=last).contains(&m.at) {
                    self.looking = (m.at < last).then_some(m.at);
                }
            }
        });
        match self.looking {
            Some(at) => game.run.state(creature.id, at),
            None => game.run.newest(creature.id),
        }
    }
}

fn label(c: &RemoteCreature) -> String {
    format!("{} ({}, {})", c.name, c.species, c.id)
}

/// The hand and the clock, each a request the game answers.
fn controls(ui: &mut egui::Ui, creature: u32, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        let hand = [
            ("Hold", HandAct::Hold),
            ("Stroke", HandAct::Stroke),
            ("Slap gently", HandAct::SlapGentle),
            ("Slap hard", HandAct::SlapHard),
            ("Release", HandAct::Release),
        ];
        for (name, act) in hand {
            if ui.button(name).clicked() {
                out.push(Command::Game(GameCommand::Ask {
                    what: name.to_lowercase(),
                    control: Control::Hand { creature, act },
                }));
            }
        }
        ui.separator();
        for (name, control) in
            [("Pause", Control::Pause), ("Step", Control::Step { turns: 1 }), ("Continue", Control::Continue)]
        {
            if ui.button(name).clicked() {
                out.push(Command::Game(GameCommand::Ask { what: name.to_lowercase(), control }));
            }
        }
    });
}

/// The strongest desires as bars, named.
fn desires(ui: &mut egui::Ui, values: &[f64]) {
    let mut order: Vec<usize> = (0..values.len().min(Desire::ALL.len())).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
    egui::Grid::new("game_desires").num_columns(2).show(ui, |ui| {
        for &i in order.iter().take(8) {
            ui.label(Desire::ALL[i].name());
            let v = values[i].clamp(0.0, 1.0);
            ui.add(egui::ProgressBar::new(v as f32).text(format!("{:.2}", values[i])).desired_width(160.0));
            ui.end_row();
        }
    });
}

/// The creature's last events and the game's last answers, newest first.
fn told(ui: &mut egui::Ui, game: &RemoteGame, creature: u32) {
    ui.separator();
    for (what, answer) in game.answers.iter().rev().take(3) {
        match answer {
            Ok(()) => ui.label(format!("✔ {what}")),
            Err(e) => ui.colored_label(ui.visuals().error_fg_color, format!("✖ {what}: {e}")),
        };
    }
    let events = game.events.iter().rev().filter(|e| e["creature"].as_u64() == Some(u64::from(creature))).take(6);
    for e in events {
        ui.label(format!("{:.1} s  {}", e["sim_time"].as_f64().unwrap_or(0.0), e["event"].as_str().unwrap_or("?")));
    }
}
