//! The running preview's record, which the studio keeps as the simulation runs and
//! several panels read: the event log, the measured pace and frame rate, the speed to
//! resume at, the last lesson, and whether a panel of the preview's is on screen (the simulation runs only
//! while it is, so a hidden preview costs nothing and an idle editor does not redraw
//! sixty times a second).

use creature_core::creature::lesson::Lesson;
use creature_core::world::sim::{Act, Event, Sim};
use creature_workspace::live_preview::LivePreview;

/// Lines kept in the preview's event log.
const LOG_LINES: usize = 400;

/// One line of the preview's event log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub t: f64,
    pub text: String,
    /// −1 bad (slap, failure, problem), 0 neutral, +1 good (stroke, skill).
    pub tone: i8,
}

/// The phase rule when it holds back the hand now (SPEC §5): before the phase that
/// grants the hand's teaching, strokes and slaps change only the liking and a release
/// teaches no plan. `None` when the creature's phase lets the hand teach.
pub fn hand_rule(sim: &Sim) -> Option<String> {
    let (data, phase) = (sim.data(), sim.creature().phase);
    if data.has_ability(phase, creature_core::species::data::Ability::HandTeaches) {
        return None;
    }
    let from =
        data.phases.iter().position(|p| p.abilities.contains(&creature_core::species::data::Ability::HandTeaches));
    Some(match from {
        Some(n) => format!("in phase {phase}, before phase {n} the hand teaches only the liking: no plan is taught"),
        None => format!("in phase {phase} the hand teaches only the liking (no phase lets it teach plans)"),
    })
}

/// What the hand did, for the log, with its tone: the act, then the running total and
/// the liking as it left them (`before` and `after`: total, liking, held), and on a
/// hold the phase rule when it holds the hand back (`rule`, from [`hand_rule`]). `None`
/// for what is not the hand's touch (a release is told by its lesson).
pub fn hand_line(
    act: &Act,
    before: (f64, f64, bool),
    after: (f64, f64, bool),
    rule: Option<&str>,
) -> Option<(String, i8)> {
    let what = match act {
        Act::Hold => {
            let rule = rule.map_or_else(String::new, |r| format!("; {r}"));
            return Some((format!("held: a new running total{rule}"), 0));
        }
        Act::Stroke => "stroked",
        Act::Slap(creature_core::mind::hand::Slap::Gentle) => "slapped gently",
        Act::Slap(creature_core::mind::hand::Slap::Hard) => "slapped hard",
        _ => return None,
    };
    if !after.2 {
        return Some((format!("{what}, but not held: nothing changes"), 0));
    }
    let tone = if matches!(act, Act::Stroke) { 1 } else { -1 };
    Some((
        format!("{what}: total {:+.2} (was {:+.2}) · liking {:+.2} (was {:+.2})", after.0, before.0, after.1, before.1),
        tone,
    ))
}

/// The running preview's record (the map and the desires' settings are the Preview
/// panel's own, `panels/village.rs`).
pub struct VillageUi {
    pub log: Vec<LogLine>,
    /// The log of each branch of the preview (as `LivePreview::branches` lists them):
    /// the lines of the run it was until a fork left it, given back by a switch to it.
    branch_logs: Vec<Vec<LogLine>>,
    /// Measured simulated seconds per wall second.
    pub rate: f64,
    rate_window: (f64, f64),
    /// Whether a panel of the preview's (the Preview, Breakpoints, Watches) was drawn in this frame.
    pub shown: bool,
    /// Whether it was drawn in the last frame.
    pub shown_last: bool,
    /// Measured frames per second of the whole window, while the preview runs.
    pub fps: f64,
    fps_window: (u32, f64),
    /// The studio's own time per frame in milliseconds (the app's pass, not the GPU's
    /// drawing), smoothed, as measured in the real window.
    pub frame_ms: Option<f64>,
    /// The speed to go back to after a pause.
    pub resume_speed: f64,
    /// The lesson the last release in the preview sent, as the simulation returned it,
    /// with the creature save the preview ran then: another creature's run never shows
    /// it ([`VillageUi::last_lesson`]).
    last_lesson: Option<(Option<std::path::PathBuf>, Lesson)>,
}

impl Default for VillageUi {
    fn default() -> Self {
        Self {
            log: Vec::new(),
            branch_logs: Vec::new(),
            rate: 0.0,
            rate_window: (0.0, 0.0),
            shown: false,
            shown_last: false,
            fps: 0.0,
            fps_window: (0, 0.0),
            frame_ms: None,
            resume_speed: 1.0,
            last_lesson: None,
        }
    }
}

impl VillageUi {
    /// The last release's lesson, if it was taught in `preview`'s run of its creature.
    pub fn last_lesson(&self, preview: &LivePreview) -> Option<&Lesson> {
        self.last_lesson.as_ref().filter(|(c, _)| c.as_deref() == preview.creature_path()).map(|(_, l)| l)
    }

    /// Keeps the lesson a release in `preview` sent (`None` forgets the last one).
    pub fn set_last_lesson(&mut self, preview: Option<&LivePreview>, lesson: Option<Lesson>) {
        self.last_lesson =
            lesson.map(|l| (preview.and_then(|p| p.creature_path().map(std::path::Path::to_path_buf)), l));
    }

    /// The status bar's figure: simulated seconds per wall second.
    pub fn status(&self, preview: Option<&LivePreview>) -> Option<String> {
        let p = preview?;
        Some(if p.speed == 0.0 {
            format!("preview paused at {:.1} s", p.sim_time())
        } else if !self.shown_last {
            format!("preview ×{} paused: no Preview, Breakpoints or Watches in view", p.speed)
        } else if self.rate == 0.0 {
            format!("preview ×{}", p.speed)
        } else {
            let own = self.frame_ms.map_or_else(String::new, |ms| format!(" · studio {ms:.1} ms per frame"));
            format!("preview ×{} · {:.1} sim s / wall s · {:.0} fps{own}", p.speed, self.rate, self.fps)
        })
    }

    /// Records how long the studio's pass over one frame took, in seconds.
    pub fn note_frame_time(&mut self, seconds: f64) {
        let ms = seconds * 1000.0;
        self.frame_ms = Some(self.frame_ms.map_or(ms, |old| 0.9 * old + 0.1 * ms));
    }

    /// Starts a frame: whether the preview should run in it (its panel was drawn in the
    /// last frame and it is not paused). The measurements restart while it does not.
    pub fn begin_frame(&mut self, preview: Option<&LivePreview>) -> bool {
        self.shown_last = std::mem::take(&mut self.shown);
        let running = self.shown_last && preview.is_some_and(|p| p.speed > 0.0);
        if !running {
            self.rate = 0.0;
            self.rate_window = (0.0, 0.0);
            self.fps_window = (0, 0.0);
        }
        running
    }

    /// Measures a frame in which the simulation ran `simulated` seconds in `dt` wall
    /// seconds (`frame_dt`: the frame's own, unsmoothed length).
    pub fn measure(&mut self, simulated: f64, dt: f64, frame_dt: f64) {
        if simulated < 0.0 {
            // The run went back (a fork from an earlier turn): a pace measured across
            // that would be negative, so the measuring starts again.
            self.rate = 0.0;
            self.rate_window = (0.0, 0.0);
            return;
        }
        self.rate_window.0 += simulated;
        self.rate_window.1 += dt;
        // Two seconds a figure: the simulation runs whole 0.1 s turns, and a shorter
        // window would show their rounding rather than the pace.
        if self.rate_window.1 >= 2.0 {
            self.rate = self.rate_window.0 / self.rate_window.1;
            self.rate_window = (0.0, 0.0);
        }
        // Frames counted over real time, half a second at a time.
        self.fps_window.0 += 1;
        self.fps_window.1 += frame_dt;
        if self.fps_window.1 >= 0.5 {
            self.fps = f64::from(self.fps_window.0) / self.fps_window.1;
            self.fps_window = (0, 0.0);
        }
    }

    /// Keeps the log to the run as it is now, whose newest time is `end`, with branches
    /// that parted from it at the simulated seconds `parted`: after a fork the run's whole
    /// log is kept as the new branch's, and the lines of the future left behind (after
    /// the fork) go from the log.
    pub fn keep_to(&mut self, end: f64, parted: &[f64]) {
        // A restarted preview has no branches: nor have their logs.
        self.branch_logs.truncate(parted.len());
        for &at in &parted[self.branch_logs.len()..] {
            self.branch_logs.push(self.log.clone());
            self.log.retain(|l| l.t <= at);
        }
        if self.log.last().is_some_and(|l| l.t > end) {
            self.log.retain(|l| l.t <= end);
        }
    }

    /// The preview made branch `i` the run and the run branch `i`: so do their logs.
    pub fn switched_branch(&mut self, i: usize) {
        if let Some(b) = self.branch_logs.get_mut(i) {
            std::mem::swap(&mut self.log, b);
        }
    }

    pub fn log(&mut self, t: f64, text: String, tone: i8) {
        self.log.push(LogLine { t, text, tone });
        if self.log.len() > LOG_LINES {
            let extra = self.log.len() - LOG_LINES;
            self.log.drain(..extra);
        }
    }

    /// Writes one of the simulation's events into the log; `rule` is the phase rule
    /// when it holds the hand back ([`hand_rule`]), which says why a release taught no
    /// plan.
    pub fn log_event(&mut self, e: &Event, rule: Option<&str>) {
        match e {
            Event::Lesson { t, total, lesson, taught, liking } => {
                let tone = match lesson {
                    Some(l) if *l > 0.0 => 1,
                    Some(_) => -1,
                    None => 0,
                };
                let text = match (lesson, taught) {
                    (Some(l), Some(tp)) => format!(
                        "lesson {l:+.2} (total {total:+.2}) taught to {} {} {} · liking {liking:+.2}",
                        tp.desire, tp.action, tp.object
                    ),
                    (Some(l), None) if rule.is_some() => {
                        format!("lesson {l:+.2}: {}; liking {liking:+.2}", rule.unwrap_or_default())
                    }
                    (Some(l), None) => format!("lesson {l:+.2}: no plan to credit; liking {liking:+.2}"),
                    _ => format!("released; nothing taught (total {total:+.2})"),
                };
                self.log(*t, text, tone);
            }
            Event::Plan { t, desire, action, object, why, .. } => {
                self.log(*t, format!("plan: {desire} {action} {object} ({why:?})"), 0);
            }
            Event::Skill { t, skill } => self.log(*t, format!("learnt the skill {skill} by watching"), 1),
            Event::Miracle { t, miracle, result, sightings } => {
                self.log(*t, format!("tried {miracle}: {result:?} after {sightings} sightings"), 0);
            }
            Event::Sighting { t, miracle, counted } => {
                self.log(*t, format!("saw {miracle} (+{counted} sightings)"), 0);
            }
            Event::Failed { t, desire, action, object } => {
                self.log(*t, format!("gave up: {desire} {action} {object}"), -1);
            }
            Event::Copied { t, desire, action, object } => {
                self.log(*t, format!("copied you: {desire} {action} {object}"), 1);
            }
            Event::Phase { t, phase, name } => self.log(*t, format!("phase {phase} {name} reached"), 1),
            Event::Unforced { t, desire, tree, object } => {
                self.log(
                    *t,
                    format!("{desire}'s {tree:?} verdict for {object} no longer forced: the world lost it"),
                    -1,
                );
            }
            Event::Done { .. } => {}
        }
    }
}
