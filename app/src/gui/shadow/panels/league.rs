//! League (SPEC §20): the project's banks play each other, every pair from both sides,
//! off the editor's thread; the table of ratings with each one's uncertainty drawn as a
//! bar, and the head-to-head grid, whose cell plays that pair's first match again in the
//! arena; and a training gauntlet of the banks, weakest first, written and opened in the
//! arena.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};

use creature_shadow::bank::{Bank, Matchup};
use creature_shadow::fight::ShadowPlayer;
use creature_shadow::league::{self, DEFAULT_MATCHES, League, Rules, Winner};
use creature_shadow::schema::Schema;
use egui::{Color32, Sense, Stroke, Vec2};

use crate::gui::command::{ArenaCommand, Command, DockCommand, LeagueCommand, Replay, Tab};
use crate::gui::panels::{Cx, Home, Panel};

/// This panel's tab.
pub const TAB: Tab = Tab::new("League", "League");

/// A league played: the banks' names, their prepared shadows, the matchup and the result.
pub struct Played {
    /// The banks' files.
    pub paths: Vec<PathBuf>,
    pub names: Vec<String>,
    pub players: Vec<ShadowPlayer>,
    pub matchup: Matchup,
    pub league: League,
}

/// The league being played or last played, and how.
pub struct LeaguePanel {
    pub matches: u32,
    pub seed: u64,
    working: Option<Receiver<Result<Played, String>>>,
    pub played: Option<Result<Played, String>>,
}

impl Default for LeaguePanel {
    fn default() -> Self {
        Self { matches: DEFAULT_MATCHES, seed: 1, working: None, played: None }
    }
}

/// Prepares a shadow per bank, read by `schema`, and plays the league: what `shadow
/// league` does, refusals included (the studio has read the files).
fn play(paths: &[PathBuf], schema: &Schema, loaded: &[Arc<Bank>], rules: Rules) -> Result<Played, String> {
    let refs: Vec<&Bank> = loaded.iter().map(AsRef::as_ref).collect();
    let names: Vec<String> = paths.iter().map(|p| crate::gui::words::short(p)).collect();
    let matchup = league::matchup_of(&refs).map_err(|r| match r.bank {
        Some(i) => format!("{}: {}", names[i], r.message),
        None => r.message,
    })?;
    let players = loaded
        .iter()
        .zip(&names)
        .map(|(b, n)| ShadowPlayer::new(schema, b, 0).map_err(|e| format!("{n}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let league = league::run(&players, &matchup, rules);
    Ok(Played { paths: paths.to_vec(), names, players, matchup, league })
}

impl LeaguePanel {
    /// Starts playing the league of the banks at `paths` on a worker thread, with the
    /// schema and banks the studio read for them (or why it could not).
    pub fn start(&mut self, paths: Vec<PathBuf>, read: Result<(Schema, Vec<Arc<Bank>>), String>) {
        let (tx, rx) = channel();
        let rules = Rules { matches: self.matches, seed: self.seed };
        std::thread::spawn(move || {
            let _ = tx.send(read.and_then(|(schema, banks)| play(&paths, &schema, &banks, rules)));
        });
        self.working = Some(rx);
    }

    /// Takes the league's result once the worker has it; true while it plays.
    pub fn poll(&mut self) -> bool {
        let Some(rx) = &self.working else { return false };
        match rx.try_recv() {
            Ok(result) => {
                self.played = Some(result);
                self.working = None;
                false
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => true,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.played = Some(Err("the league stopped before its end".into()));
                self.working = None;
                false
            }
        }
    }
}

impl Panel for LeaguePanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Strip
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        let banks = cx.view.shadow.bank_files.clone();
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "{} of the project; matches per pair and side",
                crate::gui::words::count(banks.len(), "bank")
            ));
            ui.add(egui::DragValue::new(&mut self.matches).range(1..=league::MAX_MATCHES));
            ui.label("seed");
            ui.add(egui::DragValue::new(&mut self.seed));
            let idle = self.working.is_none();
            if ui.add_enabled(idle && banks.len() >= 2, egui::Button::new("▶ Play the league")).clicked() {
                let schema = cx.view.shadow.schema_path.clone();
                cx.out.push(Command::League(LeagueCommand::Play { banks, schema }));
            }
        });
        if self.poll() {
            ui.spinner();
            ui.weak("playing every pair from both sides…");
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(50));
            return;
        }
        match &self.played {
            None => {
                ui.weak(
                    "Every pair of banks plays from both sides; each bank is rated by Glicko-2 with its uncertainty.",
                );
            }
            Some(Err(e)) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            Some(Ok(p)) => {
                table(ui, p);
                if ui
                    .button("Train in a gauntlet of these banks")
                    .on_hover_text("Writes a gauntlet of the banks, weakest first, and fights it in the arena")
                    .clicked()
                {
                    let ratings = p.league.standings.iter().map(|s| (p.paths[s.bank].clone(), s.rating)).collect();
                    cx.out.push(Command::Arena(ArenaCommand::TrainIn(ratings)));
                }
                ui.separator();
                if let Some((a, b)) = grid(ui, p) {
                    replay(cx, p, a, b);
                }
            }
        }
    }
}

/// The ratings, highest first, each with a bar from rating − deviation to rating +
/// deviation on a scale shared by all, and its wins, losses and draws.
fn table(ui: &mut egui::Ui, p: &Played) {
    let s = &p.league.standings;
    let lo = s.iter().map(|x| x.rating - x.deviation).fold(f64::INFINITY, f64::min);
    let hi = s.iter().map(|x| x.rating + x.deviation).fold(f64::NEG_INFINITY, f64::max);
    egui::Grid::new("league-table").striped(true).spacing([12.0, 4.0]).show(ui, |ui| {
        for h in ["bank", "rating", "± deviation", "", "won", "lost", "drawn"] {
            ui.strong(h);
        }
        ui.end_row();
        for x in s {
            ui.label(&p.names[x.bank]);
            ui.monospace(format!("{:.0}", x.rating));
            ui.monospace(format!("± {:.0}", x.deviation));
            let (rect, r) = ui.allocate_exact_size(Vec2::new(200.0, 12.0), Sense::hover());
            let at = |v: f64| rect.left() + rect.width() * ((v - lo) / (hi - lo).max(1e-9)) as f32;
            let painter = ui.painter();
            painter.rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
            let bar =
                egui::Rect::from_x_y_ranges(at(x.rating - x.deviation)..=at(x.rating + x.deviation), rect.y_range());
            painter.rect_filled(bar, 2.0, Color32::from_rgb(90, 170, 255).gamma_multiply(0.6));
            painter.line_segment(
                [egui::pos2(at(x.rating), rect.top()), egui::pos2(at(x.rating), rect.bottom())],
                Stroke::new(2.0, Color32::WHITE),
            );
            r.on_hover_text(format!("{:.0} to {:.0}", x.rating - x.deviation, x.rating + x.deviation));
            ui.monospace(x.wins.to_string());
            ui.monospace(x.losses.to_string());
            ui.monospace(x.draws.to_string());
            ui.end_row();
        }
    });
}

/// Head to head: the row bank's wins against the column bank, of their matches from
/// both sides. A click on a cell returns the pair.
fn grid(ui: &mut egui::Ui, p: &Played) -> Option<(usize, usize)> {
    let n = p.names.len();
    let mut clicked = None;
    ui.strong("Head to head: the row's wins against the column (a click plays their first match in the arena)");
    egui::Grid::new("league-grid").spacing([8.0, 4.0]).show(ui, |ui| {
        ui.label("");
        for name in &p.names {
            ui.strong(name);
        }
        ui.end_row();
        for i in 0..n {
            ui.strong(&p.names[i]);
            for j in 0..n {
                if i == j {
                    ui.weak("—");
                    continue;
                }
                let met = p.league.matches.iter().filter(|m| (m.a, m.b) == (i, j) || (m.a, m.b) == (j, i));
                let (mut won, mut all) = (0, 0);
                for m in met {
                    all += 1;
                    let winner = match m.winner {
                        Winner::A => Some(m.a),
                        Winner::B => Some(m.b),
                        Winner::Draw => None,
                    };
                    won += usize::from(winner == Some(i));
                }
                let share = if all == 0 { 0.5 } else { won as f32 / all as f32 };
                let fill = Color32::from_rgb(235, 80, 60).lerp_to_gamma(Color32::from_rgb(110, 210, 120), share);
                let cell = egui::Button::new(format!("{won}/{all}")).fill(fill.gamma_multiply(0.5));
                let tip = format!("{} against {}: play their first match again in the arena", p.names[i], p.names[j]);
                if ui.add(cell).on_hover_text(tip).clicked() {
                    clicked = Some((i, j));
                }
            }
            ui.end_row();
        }
    });
    clicked
}

/// Hands the first match of banks `a` and `b` (`a` on the left) to the arena to play
/// again, with the banks' names; the arena's own settings stay as they are.
fn replay(cx: &mut Cx<'_>, p: &Played, a: usize, b: usize) {
    let Some(m) = p.league.matches.iter().find(|m| (m.a, m.b) == (a, b)) else { return };
    let bout = Arc::new(league::bout(&p.players[m.a], &p.players[m.b], &p.matchup, m.seed));
    let names = [p.names[m.a].clone(), p.names[m.b].clone()];
    cx.out.push(Command::Arena(ArenaCommand::Replay(Replay { bout, names })));
    cx.out.push(Command::Dock(DockCommand::Show(super::arena::TAB)));
}
