//! The arena preview (SPEC §13): play the 1-D fighting game with the keyboard against a
//! scripted bot or a shadow, record while playing, keep or discard the recording into the
//! bank at the match end, and see beside the fight which segment the shadow is playing
//! and why it was picked.

use creature_core::shadow::arena::{Action, MAX_HEALTH, MAX_METER, Outcome, Phase, STAGE_WIDTH, UNITS};
use creature_core::shadow::bots::Style;
use creature_core::shadow::fight::{Bout, Player};

use super::query::breakdown_bar;
use super::{Cx, Home, Panel};
use crate::gui::command::keys::Scope;
use crate::gui::command::{ArenaCommand, Command, Tab};
use crate::gui::view::View;
use creature_workspace::Workspace;
/// This panel's tab.
pub const TAB: Tab = Tab::new("Arena", "Arena");

/// The arena.
pub struct ArenaPanel;

impl Panel for ArenaPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Editors
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [true, true]
    }

    /// The arena's keys are live while the keyboard plays a running match.
    fn keys(&self, _ctx: &egui::Context, _ws: &Workspace, view: &View) -> Option<Scope> {
        view.shadow.arena.keyboard_playing().then_some(Scope::Arena)
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.view, cx.out);
    }
}

fn show(ui: &mut egui::Ui, view: &mut View, out: &mut Vec<Command>) {
    let sh = &mut view.shadow;
    if !sh.ensure_loaded() {
        ui.ctx().request_repaint();
    }
    let bank = sh.shared_bank();
    // Where "Keep" puts a recording: the bank shown, or a new bank in the shadow folder.
    let keep_in = sh.bank_path.as_deref().map_or_else(|| "a new bank".to_owned(), crate::gui::chrome::short);
    let a = &mut sh.arena;
    ui.horizontal_wrapped(|ui| {
        ui.label("Opponent");
        egui::ComboBox::from_id_salt("arena-opponent").selected_text(a.opponent.clone()).show_ui(ui, |ui| {
            for s in Style::ALL {
                ui.selectable_value(&mut a.opponent, s.name().to_owned(), format!("{} (scripted bot)", s.name()));
            }
            ui.selectable_value(&mut a.opponent, "shadow".to_owned(), "shadow (plays from the bank shown)");
        });
        ui.checkbox(&mut a.autoplay, "Autoplay my side (scripted rushdown)")
            .on_hover_text("Records a scripted match instead of your keyboard play");
        ui.checkbox(&mut a.record, "Record my side");
        if ui.button("▶ Start match").clicked() {
            out.push(Command::Arena(ArenaCommand::Start {
                opponent: a.opponent.clone(),
                autoplay: a.autoplay,
                record: a.record,
            }));
        }
        if ui.button("⏩ Play to the end").clicked() {
            out.push(Command::Arena(ArenaCommand::Finish));
        }
        if a.bout.is_some() {
            ui.toggle_value(&mut a.paused, "⏸ Pause");
        }
    });
    ui.weak(
        "Keys: Left/Right arrows walk · Up jump · Down crouch · Z light · X heavy · C low · Space block · \
         Shift+Left/Right dash · A projectile · S anti-air · D throw · F1/F2 take or give back the left/right fighter",
    );
    take_over_row(ui, a, out);
    gauntlet_section(ui, a, out);
    if let Some(p) = &a.pending {
        ui.horizontal(|ui| {
            ui.strong(format!("Recorded {}.", crate::gui::chrome::count(p.events.len(), "decision")));
            if ui.button(format!("Keep in {keep_in}")).clicked() {
                out.push(Command::Arena(ArenaCommand::Keep(true)));
            }
            if ui.button("Discard").clicked() {
                out.push(Command::Arena(ArenaCommand::Keep(false)));
            }
        });
    }
    ui.separator();
    let Some(bout) = a.bout.as_mut() else {
        ui.label("Start a match: you play the left fighter with the keyboard.");
        return;
    };
    let h = (ui.available_height() * 0.45).clamp(160.0, 320.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), h), egui::Sense::hover());
    draw_arena(ui, rect, bout);
    let recorded = bout.recording(0).map_or(0, |p| p.events.len());
    ui.label(format!(
        "frame {} · {:.1} s left · left: {} {} · right: {} {}{}",
        bout.arena.frame,
        bout.arena.seconds_left(),
        player_name(bout.player(0)),
        bout.held(0).name(),
        player_name(bout.player(1)),
        bout.held(1).name(),
        if recorded > 0 { format!(" · ⏺ {recorded} decisions recorded") } else { String::new() }
    ));
    if let Some(o) = bout.arena.outcome {
        ui.strong(outcome_text(o, a.autoplay, &a.opponent));
    }
    // Side by side: the segment the shadow is playing and why it was picked.
    let pick = a.last_pick();
    if let (Some(shadow), Some(pick)) = (a.shadow(), pick) {
        ui.separator();
        ui.columns(2, |cols| {
            cols[0].strong(format!("Shadow plays segment {} · event {}", pick.segment, pick.index));
            cols[0].label(format!(
                "{} · best score {:.3} · {}",
                if pick.continued { "continuing its segment (bias)" } else { "a new pick" },
                pick.best,
                crate::gui::chrome::count(pick.candidates, "candidate")
            ));
            if let Some(bank) = &bank {
                egui::ScrollArea::vertical().id_salt("arena-seg").max_height(160.0).show(&mut cols[0], |ui| {
                    for (i, e) in bank.events().iter().enumerate().filter(|(_, e)| e.segment == pick.segment) {
                        let text = format!("{:>3}  frame {:>5}  {}", e.index, e.frame, e.action);
                        let rt = egui::RichText::new(text).monospace();
                        ui.label(if i == pick.event { rt.strong().color(ui.visuals().warn_fg_color) } else { rt });
                    }
                });
            }
            cols[1].strong("Why it was picked");
            // A merged or composed bank's event names the bank it came from.
            if let Some(p) = bank.as_ref().and_then(|b| b.events().get(pick.event)).and_then(|e| e.provenance.cloned())
            {
                cols[1].label(format!("from {}: its match {}, segment {}", p.bank, p.match_id, p.segment));
            }
            if let Some(b) = shadow.inspect(pick.event) {
                let full = b.total + if b.continuation { b.bias } else { 0.0 };
                breakdown_bar(&mut cols[1], &b, full.max(1e-9), true);
            }
        });
    }
}

/// Take-over: how long an idle keyboard keeps a side, and a button per fighter to take
/// it or give it back while a match is on.
fn take_over_row(ui: &mut egui::Ui, a: &mut crate::gui::view::arena::ArenaUi, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("A shadow takes a side the keyboard leaves idle for");
        let mut idle = a.idle_seconds;
        let drag = egui::DragValue::new(&mut idle).range(0.5..=60.0).speed(0.1).suffix(" s");
        if ui.add(drag).changed() {
            a.set_idle_seconds(idle);
        }
        if a.bout.as_ref().is_some_and(|b| !b.arena.is_over()) {
            for (side, name) in [(0, "left"), (1, "right")] {
                if ui.button(format!("Take/give back the {name} fighter")).clicked() {
                    out.push(Command::Arena(ArenaCommand::HandOver(side)));
                }
            }
        }
    });
}

/// The open training gauntlet: where the player stands, each bank beaten or not, and a
/// button to fight the next one (or again after a loss).
fn gauntlet_section(ui: &mut egui::Ui, a: &crate::gui::view::arena::ArenaUi, out: &mut Vec<Command>) {
    let Some(g) = &a.gauntlet else { return };
    ui.separator();
    let standing = g.standing();
    ui.strong(g.headline());
    ui.horizontal_wrapped(|ui| {
        for (i, beaten) in standing.beaten.iter().enumerate() {
            let mark = if *beaten {
                "✔"
            } else if Some(i) == standing.next {
                "▶"
            } else {
                "·"
            };
            let text = egui::RichText::new(format!("{mark} {}", g.name(i)));
            ui.label(if Some(i) == standing.next { text.strong() } else { text });
        }
    });
    ui.horizontal(|ui| {
        if standing.next.is_some() && g.fighting.is_none() && ui.button("▶ Fight the next shadow").clicked() {
            out.push(Command::Arena(ArenaCommand::GauntletFight));
        }
        if let Some(note) = &a.gauntlet_note {
            ui.label(note);
        }
    });
}

/// Who plays a side, in words.
fn player_name(p: Player) -> &'static str {
    match p {
        Player::Human => "⌨ you",
        Player::Shadow => "shadow",
        Player::Bot => "bot",
    }
}

/// Who won, in words: the left fighter is the person (or the autoplay bot), the right
/// one the opponent chosen.
fn outcome_text(o: Outcome, autoplay: bool, opponent: &str) -> String {
    let me = if autoplay { "your side (autoplay)" } else { "you" };
    match o {
        Outcome::Winner(0) => format!("Match over: {me} won against the {opponent}."),
        Outcome::Winner(_) => format!("Match over: the {opponent} won."),
        Outcome::Draw => "Match over: a draw.".to_owned(),
    }
}

fn draw_arena(ui: &egui::Ui, rect: egui::Rect, bout: &Bout) {
    let p = ui.painter_at(rect);
    p.rect_filled(rect, 4.0, egui::Color32::from_rgb(32, 36, 48));
    let floor = rect.bottom() - 24.0;
    p.line_segment(
        [egui::pos2(rect.left(), floor), egui::pos2(rect.right(), floor)],
        egui::Stroke::new(2.0, egui::Color32::from_gray(120)),
    );
    let sx = rect.width() / STAGE_WIDTH as f32;
    let to_x = |x: i32| rect.left() + x as f32 * sx;
    let to_y = |y: i32| floor - y as f32 * sx;
    let colours = [egui::Color32::from_rgb(90, 160, 240), egui::Color32::from_rgb(230, 110, 80)];
    for (side, f) in bout.arena.fighters.iter().enumerate() {
        let crouch = matches!(f.phase, Phase::Neutral(Action::Crouch | Action::BlockLow));
        let down = matches!(f.phase, Phase::KnockedDown { .. });
        let (w, hgt) = if down {
            (1.6, 0.4)
        } else if crouch {
            (0.6, 1.1)
        } else {
            (0.6, 1.8)
        };
        let w = w * UNITS as f32 * sx;
        let hgt = hgt * UNITS as f32 * sx;
        let base = to_y(f.y);
        let body = egui::Rect::from_min_max(
            egui::pos2(to_x(f.x) - w / 2.0, base - hgt),
            egui::pos2(to_x(f.x) + w / 2.0, base),
        );
        let colour = match f.phase {
            Phase::Hitstun { .. } => egui::Color32::WHITE,
            Phase::Blockstun { .. } => egui::Color32::from_rgb(200, 200, 120),
            _ => colours[side],
        };
        p.rect_filled(body, 3.0, colour);
        if let Phase::Attack { .. } = f.phase {
            let reach = egui::pos2(to_x(f.x) + f.facing as f32 * w * 1.4, base - hgt * 0.6);
            p.line_segment([body.center(), reach], egui::Stroke::new(5.0, colour));
        }
        // Health and meter bars at the top, one per side.
        let bar_w = rect.width() * 0.4;
        let left = if side == 0 { rect.left() + 10.0 } else { rect.right() - 10.0 - bar_w };
        let hp = egui::Rect::from_min_size(egui::pos2(left, rect.top() + 8.0), egui::vec2(bar_w, 10.0));
        p.rect_filled(hp, 2.0, egui::Color32::from_gray(60));
        let frac = (f.health.max(0) as f32 / MAX_HEALTH as f32).clamp(0.0, 1.0);
        p.rect_filled(egui::Rect::from_min_size(hp.min, egui::vec2(bar_w * frac, 10.0)), 2.0, colours[side]);
        let meter = (f.meter.max(0) as f32 / MAX_METER as f32).clamp(0.0, 1.0);
        let m = egui::Rect::from_min_size(egui::pos2(left, rect.top() + 22.0), egui::vec2(bar_w * meter, 4.0));
        p.rect_filled(m, 1.0, egui::Color32::from_rgb(240, 200, 60));
        let name = player_name(bout.player(side));
        p.text(
            egui::pos2(left, rect.top() + 30.0),
            egui::Align2::LEFT_TOP,
            format!("{name}: {}", bout.held(side).name()),
            egui::FontId::proportional(12.0),
            egui::Color32::from_gray(220),
        );
    }
    for pr in &bout.arena.projectiles {
        p.circle_filled(egui::pos2(to_x(pr.x), to_y(UNITS)), 7.0, colours[pr.owner.min(1)]);
    }
    p.text(
        egui::pos2(rect.center().x, rect.top() + 8.0),
        egui::Align2::CENTER_TOP,
        format!("{:.0}", bout.arena.seconds_left().ceil()),
        egui::FontId::proportional(18.0),
        egui::Color32::WHITE,
    );
}
