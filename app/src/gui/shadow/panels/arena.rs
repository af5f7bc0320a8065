//! The arena preview (SPEC §13): play the 1-D fighting game with the keyboard against a
//! scripted bot or a shadow, record while playing, keep or discard the recording into the
//! bank at the match end, and see beside the fight which segment the shadow is playing
//! and why it was picked.

use creature_shadow::arena::{Action, MAX_HEALTH, MAX_METER, Phase, STAGE_WIDTH, UNITS};
use creature_shadow::bots::Style;
use creature_shadow::fight::{Bout, Player};

use super::query::breakdown_bar;
use crate::gui::command::keys::Scope;
use crate::gui::command::{ArenaCommand, Command, Tab};
use crate::gui::panels::{Cx, Home, Panel};
use crate::gui::shadow::view::arena::{ArenaUi, Billing};
use crate::gui::view::View;
use creature_workspace::Workspace;
/// This panel's tab.
pub const TAB: Tab = Tab::new("Arena", "Arena");

/// The arena and its settings: what a new match is started with. Only this panel
/// changes them; a league's replay leaves them as they are.
pub struct ArenaPanel {
    /// Who the keyboard side fights: a bot style name, or "shadow".
    pub opponent: String,
    /// The near side is played by a scripted bot (a recorded demonstration) instead of
    /// the keyboard.
    pub autoplay: bool,
    /// The keyboard's side is recorded, to be kept in the bank at the match end.
    pub record: bool,
    /// Where the last frame drew the fight's parts, in the window.
    pub drawn: Option<Drawn>,
    /// Who played the match the settings last followed: a match started elsewhere (the
    /// start page's "Fight your shadow") sets the settings to what plays it.
    followed: Option<Billing>,
}

impl Default for ArenaPanel {
    fn default() -> Self {
        Self { opponent: "zoner".into(), autoplay: false, record: true, drawn: None, followed: None }
    }
}

impl Panel for ArenaPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Strip
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [true, true]
    }

    /// The arena's keys are live while the keyboard plays a running match.
    fn keys(&self, _ctx: &egui::Context, _ws: &Workspace, view: &View) -> Option<Scope> {
        view.shadow.arena.keyboard_playing().then_some(Scope::Arena)
    }

    fn shows_shadow_files(&self) -> bool {
        true
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        self.follow(cx.view.shadow.arena.billing.as_ref());
        self.drawn = show(ui, self, cx.view, cx.out);
    }
}

impl ArenaPanel {
    /// The Opponent box names the opponent playing: a new match (not a league's
    /// replay, whose banks are not an opponent to choose) sets the settings to it.
    fn follow(&mut self, billing: Option<&Billing>) {
        if billing == self.followed.as_ref() {
            return;
        }
        self.followed = billing.cloned();
        if let Some(b) = billing.filter(|b| !b.replay) {
            self.opponent = b.against.map_or_else(|| "shadow".to_owned(), |s| s.name().to_owned());
        }
    }
}

/// The settings row: the opponent (the shadow named by the bank it plays, `shown`),
/// autoplay, recording, and the buttons to start a match, play it to the end and pause it.
fn settings_row(ui: &mut egui::Ui, s: &mut ArenaPanel, a: &ArenaUi, shown: Option<&str>, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Opponent");
        let shadow = shown.map_or_else(
            || "shadow (of the bank shown: none yet)".to_owned(),
            |b| format!("shadow of {b} (the bank shown)"),
        );
        let selected = if s.opponent == "shadow" { shadow.clone() } else { s.opponent.clone() };
        egui::ComboBox::from_id_salt("arena-opponent").selected_text(selected).show_ui(ui, |ui| {
            for st in Style::ALL {
                ui.selectable_value(&mut s.opponent, st.name().to_owned(), format!("{} (scripted bot)", st.name()));
            }
            ui.selectable_value(&mut s.opponent, "shadow".to_owned(), shadow);
        });
        ui.checkbox(&mut s.autoplay, "Autoplay my side (scripted rushdown)")
            .on_hover_text("Records a scripted match instead of your keyboard play");
        ui.checkbox(&mut s.record, "Record my side");
        if ui.button("▶ Start match").clicked() {
            out.push(Command::Arena(ArenaCommand::Start {
                opponent: s.opponent.clone(),
                autoplay: s.autoplay,
                record: s.record,
            }));
        }
        if ui.button("⏩ Play to the end").clicked() {
            out.push(Command::Arena(ArenaCommand::Finish));
        }
        if a.bout.is_some() {
            let mut paused = a.paused;
            if ui.toggle_value(&mut paused, "⏸ Pause").changed() {
                out.push(Command::Arena(ArenaCommand::Pause(paused)));
            }
        }
    });
}

fn show(ui: &mut egui::Ui, settings: &mut ArenaPanel, view: &View, out: &mut Vec<Command>) -> Option<Drawn> {
    let sh = &view.shadow;
    if !sh.loaded() {
        ui.ctx().request_repaint();
    }
    let bank = sh.shared_bank();
    // Where "Keep" puts a recording: the bank shown, or a new bank in the shadow folder.
    let shown = sh.bank_path.as_deref().map(crate::gui::words::short);
    let keep_in = shown.clone().unwrap_or_else(|| "a new bank".to_owned());
    let a = &sh.arena;
    settings_row(ui, settings, a, shown.as_deref(), out);
    ui.weak(
        "Keys: Left/Right arrows walk · Up jump · Down crouch · Z light · X heavy · C low · Space block · \
         Shift+Left/Right dash · A projectile · S anti-air · D throw · F1/F2 take or give back the left/right fighter",
    );
    take_over_row(ui, a, out);
    gauntlet_section(ui, a, settings.record, out);
    if let Some(p) = &a.pending {
        ui.horizontal(|ui| {
            ui.strong(format!("Recorded {}.", crate::gui::words::count(p.events.len(), "decision")));
            if ui.button(format!("Keep in {keep_in}")).clicked() {
                out.push(Command::Arena(ArenaCommand::Keep(true)));
            }
            if ui.button("Discard").clicked() {
                out.push(Command::Arena(ArenaCommand::Keep(false)));
            }
        });
    }
    ui.separator();
    let whose = a.whose();
    let Some(bout) = a.bout.as_ref() else {
        ui.label("Start a match: you play the left fighter with the keyboard.");
        return None;
    };
    if let Some(b) = &a.billing {
        ui.strong(b.headline());
    }
    if let Some(whose) = whose {
        ui.colored_label(ui.visuals().warn_fg_color, whose);
    }
    let h = (ui.available_height() * 0.45).clamp(160.0, 320.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), h), egui::Sense::hover());
    let drawn = draw_arena(ui, rect, bout);
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
    if let Some(text) = a.outcome_text() {
        ui.strong(text);
    }
    // Side by side: the segment the shadow is playing and why it was picked.
    let pick = a.last_pick();
    // A replay's shadows play banks of their own, not the one shown: their events are
    // not listed from it.
    let bank = bank.filter(|_| !a.billing.as_ref().is_some_and(|b| b.replay));
    if let (Some(shadow), Some(pick)) = (a.shadow(), pick) {
        ui.separator();
        ui.columns(2, |cols| {
            cols[0].strong(format!("Shadow plays segment {} · event {}", pick.segment, pick.index));
            cols[0].label(format!(
                "{} · best score {:.3} · {}",
                if pick.continued { "continuing its segment (bias)" } else { "a new pick" },
                pick.best,
                crate::gui::words::count(pick.candidates, "candidate")
            ));
            if let Some(bank) = &bank {
                egui::ScrollArea::vertical().id_salt("arena-seg").max_height(160.0).show(&mut cols[0], |ui| {
                    for (i, e) in bank.events().iter().enumerate().filter(|(_, e)| e.segment == pick.segment) {
                        let text = format!("{:>3}  frame {:>5}  {}", e.index, e.frame, e.action);
                        let rt = egui::RichText::new(text).monospace();
                        let rt = if i == pick.event { rt.strong().color(ui.visuals().warn_fg_color) } else { rt };
                        // One row each: wrapped in the column's justified layout, a row's
                        // letters would be spread over its width.
                        ui.add(egui::Label::new(rt).truncate());
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
    Some(drawn)
}

/// Take-over: how long an idle keyboard keeps a side, and a button per fighter to take
/// it or give it back while a match is on.
fn take_over_row(ui: &mut egui::Ui, a: &ArenaUi, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("A shadow takes a side the keyboard leaves idle for");
        let mut idle = a.idle_seconds;
        let drag = egui::DragValue::new(&mut idle).range(0.5..=60.0).speed(0.1).suffix(" s");
        if ui.add(drag).changed() {
            out.push(Command::Arena(ArenaCommand::IdleSeconds(idle)));
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
fn gauntlet_section(ui: &mut egui::Ui, a: &ArenaUi, record: bool, out: &mut Vec<Command>) {
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
            out.push(Command::Arena(ArenaCommand::GauntletFight { record }));
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

/// Where the arena's picture put its parts, in the window, for what is drawn over
/// what to be checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drawn {
    /// The strip at the top with the health and meter bars and who plays each side.
    pub hud: egui::Rect,
    /// The stage below it, where the fighters move.
    pub stage: egui::Rect,
    /// The highest point a fighter's head reaches, at the top of a jump.
    pub highest: f32,
}

/// The height of the strip above the stage: the health bar, the meter and the line
/// saying who plays each side.
const HUD_HEIGHT: f32 = 50.0;
/// The tallest a fighter stands, in arena units (drawn, not simulated).
const STANDING: f32 = 1.8;
/// How high a jump lifts a fighter's feet, in arena units (the simulation's jump
/// height with some room above it).
const JUMP_ROOM: f32 = 1.3;

/// Draws the fight: the bars and who plays in a strip of their own at the top, and the
/// stage below it, scaled so that a fighter at the top of a jump stays below the strip.
fn draw_arena(ui: &egui::Ui, rect: egui::Rect, bout: &Bout) -> Drawn {
    let p = ui.painter_at(rect);
    p.rect_filled(rect, 4.0, egui::Color32::from_rgb(32, 36, 48));
    let hud = egui::Rect::from_min_max(rect.min, egui::pos2(rect.right(), rect.top() + HUD_HEIGHT));
    let stage = egui::Rect::from_min_max(egui::pos2(rect.left(), hud.bottom()), rect.max);
    let floor = stage.bottom() - 24.0;
    p.line_segment(
        [egui::pos2(rect.left(), floor), egui::pos2(rect.right(), floor)],
        egui::Stroke::new(2.0, egui::Color32::from_gray(120)),
    );
    let sx = rect.width() / STAGE_WIDTH as f32;
    // Heights are scaled down when the stage is short for its width.
    let sy = sx.min((floor - stage.top() - 4.0).max(1.0) / ((STANDING + JUMP_ROOM) * UNITS as f32));
    let to_x = |x: i32| rect.left() + x as f32 * sx;
    let to_y = |y: i32| floor - y as f32 * sy;
    let colours = [egui::Color32::from_rgb(90, 160, 240), egui::Color32::from_rgb(230, 110, 80)];
    for (side, f) in bout.arena.fighters.iter().enumerate() {
        let crouch = matches!(f.phase, Phase::Neutral(Action::Crouch | Action::BlockLow));
        let down = matches!(f.phase, Phase::KnockedDown { .. });
        let (w, hgt) = if down {
            (1.6, 0.4)
        } else if crouch {
            (0.6, 1.1)
        } else {
            (0.6, STANDING)
        };
        // A body keeps its proportions; only where it stands follows the stage's width.
        let w = w * UNITS as f32 * sy;
        let hgt = hgt * UNITS as f32 * sy;
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
        hud_side(&p, hud, side, colours[side], f, bout);
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
    Drawn { hud, stage, highest: floor - (STANDING + JUMP_ROOM) * UNITS as f32 * sy }
}

/// One side's health and meter bars in the strip at the top, and who plays it, from
/// its own edge inwards.
fn hud_side(
    p: &egui::Painter,
    hud: egui::Rect,
    side: usize,
    colour: egui::Color32,
    f: &creature_shadow::arena::Fighter,
    bout: &Bout,
) {
    let bar_w = hud.width() * 0.4;
    let left = if side == 0 { hud.left() + 10.0 } else { hud.right() - 10.0 - bar_w };
    let hp = egui::Rect::from_min_size(egui::pos2(left, hud.top() + 8.0), egui::vec2(bar_w, 10.0));
    p.rect_filled(hp, 2.0, egui::Color32::from_gray(60));
    let frac = (f.health.max(0) as f32 / MAX_HEALTH as f32).clamp(0.0, 1.0);
    p.rect_filled(egui::Rect::from_min_size(hp.min, egui::vec2(bar_w * frac, 10.0)), 2.0, colour);
    let meter = (f.meter.max(0) as f32 / MAX_METER as f32).clamp(0.0, 1.0);
    let m = egui::Rect::from_min_size(egui::pos2(left, hud.top() + 22.0), egui::vec2(bar_w * meter, 4.0));
    p.rect_filled(m, 1.0, egui::Color32::from_rgb(240, 200, 60));
    let (at, align) = if side == 0 {
        (egui::pos2(left, hud.top() + 30.0), egui::Align2::LEFT_TOP)
    } else {
        (egui::pos2(hud.right() - 10.0, hud.top() + 30.0), egui::Align2::RIGHT_TOP)
    };
    let name = player_name(bout.player(side));
    p.text(
        at,
        align,
        format!("{name}: {}", bout.held(side).name()),
        egui::FontId::proportional(12.0),
        egui::Color32::from_gray(220),
    );
}
