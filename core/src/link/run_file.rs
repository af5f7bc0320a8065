//! A game's run as a studio received it over the link (SPEC §23), saved to a file of its
//! own (`NAME.run.ron`) and read back: each creature the game named, its states in the
//! order they came, numbered from the first kept, and the marks on that timeline (the
//! game's events, the person's bookmarks, the link lost and back). A state is what a
//! `state` message says of a creature (its desires, plan and agenda, liking, phase and
//! place), so the studio keeps the game's words and this file holds them as they came.
//!
//! The file is RON, one state a line. It is read by the one reader, within
//! [`Limit::Run`], and checked against the same bounds the studio keeps a run within
//! while it receives one: a problem is placed at its line and column.

use std::collections::BTreeSet;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{LoadError, parse_ron};
use crate::file_reader::{Limit, read_text_within};
use crate::file_writer::Policy;
use crate::names::Desire;

/// How a saved run's file name ends.
pub const SUFFIX: &str = crate::read_limit::RUN_SUFFIX;

/// The version of the format written.
pub const VERSION: u32 = 1;

/// How many states a creature keeps: an hour at ten a second.
pub const MAX_STATES: usize = 36_000;

/// How many marks a run keeps.
pub const MAX_MARKS: usize = 10_000;

/// How many creatures a saved run may hold.
pub const MAX_CREATURES: usize = 1_000;

/// The longest name, species, address or mark text, in characters.
pub const MAX_WORDS: usize = 4_096;

/// A creature's `state` (SPEC §23): its desires, plan and agenda, liking, phase and place
/// at the game's time.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct State {
    pub sim_time: f64,
    pub desires: Vec<f64>,
    pub plan: Option<Plan>,
    #[serde(default)]
    pub agenda: Vec<String>,
    pub liking: f64,
    pub phase: u8,
    pub position: Option<[f64; 2]>,
}

/// The plan under way, as a state says it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Plan {
    pub desire: String,
    pub action: String,
    pub object: String,
}

/// What a mark on a game's timeline is.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum MarkKind {
    /// An event the game sent: a plan, a lesson, a phase, a reload, a breakpoint hit.
    Event,
    /// A moment the person named.
    Bookmark,
    /// The link was lost here, or came back.
    Link,
}

/// One mark: where on a creature's timeline (the number of the state it follows) and
/// what it says.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Mark {
    pub creature: u32,
    pub at: u64,
    pub sim_time: f64,
    pub kind: MarkKind,
    pub text: String,
}

/// One creature of the game, as its `welcome` named it, with its states: `first` is the
/// number of the oldest kept.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RunCreature {
    pub id: u32,
    pub name: String,
    pub species: String,
    pub first: u64,
    pub states: Vec<State>,
}

/// A game's run, saved.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SavedRun {
    pub version: u32,
    /// Where the game was when the run was received (its address), for people.
    pub game: String,
    pub creatures: Vec<RunCreature>,
    /// The marks, oldest first.
    pub marks: Vec<Mark>,
    /// States that gave way to newer ones before the run was saved, over all creatures.
    #[serde(default)]
    pub dropped: u64,
}

/// True when `path` is named as a saved run.
#[must_use]
pub fn is_run_file(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n.to_string_lossy().to_ascii_lowercase().ends_with(SUFFIX))
}

impl SavedRun {
    /// The run as the file's text: RON, one state a line.
    #[must_use]
    pub fn to_text(&self) -> String {
        let pretty = ron::ser::PrettyConfig::new().depth_limit(4).indentor("    ".to_owned());
        ron::ser::to_string_pretty(self, pretty).unwrap_or_else(|e| format!("// cannot write: {e}\n"))
    }

    /// Saves the run at `path` through the one writer, atomically.
    ///
    /// # Errors
    /// A write the policy refuses or that fails, in a sentence naming the file.
    pub fn save(&self, path: &Path, policy: &Policy) -> Result<(), String> {
        crate::file_writer::write(path, self.to_text().as_bytes(), policy)
    }

    /// Reads the run saved at `path` through the one reader.
    ///
    /// # Errors
    /// A file that cannot be read, is larger than [`Limit::Run`], or does not parse or
    /// keep the bounds, with its line and column.
    pub fn load(path: &Path) -> Result<SavedRun, LoadError> {
        let text = read_text_within(path, Limit::Run)?;
        SavedRun::parse(&path.display().to_string(), &text)
    }

    /// The run written in `text`, read from the file problems name `file`.
    ///
    /// # Errors
    /// Text that does not parse, or a run past the bounds, placed at its line and column.
    pub fn parse(file: &str, text: &str) -> Result<SavedRun, LoadError> {
        let run: SavedRun = parse_ron(file, text)?;
        run.check(file, text)?;
        Ok(run)
    }

    /// The bounds of a run: its version, how many creatures, states and marks, forty
    /// desires a state, finite numbers, each creature once and each mark on one of them.
    fn check(&self, file: &str, text: &str) -> Result<(), LoadError> {
        let at_field = |field: &str, message: String| LoadError::at_item(file, text, (field, None), None, message);
        if self.version != VERSION {
            return Err(at_field("version", format!("version {} is not known; expected {VERSION}", self.version)));
        }
        if self.game.chars().count() > MAX_WORDS {
            return Err(at_field("game", format!("the game's address is longer than {MAX_WORDS} characters")));
        }
        if self.creatures.len() > MAX_CREATURES {
            return Err(at_field(
                "creatures",
                format!("{} creatures; a saved run holds at most {MAX_CREATURES}", self.creatures.len()),
            ));
        }
        if self.marks.len() > MAX_MARKS {
            return Err(at_field(
                "marks",
                format!("{} marks; a saved run holds at most {MAX_MARKS}", self.marks.len()),
            ));
        }
        let mut ids = BTreeSet::new();
        for (i, c) in self.creatures.iter().enumerate() {
            let at =
                |key: &str, message: String| LoadError::at_item(file, text, ("creatures", Some(i)), Some(key), message);
            if !ids.insert(c.id) {
                return Err(at("id", format!("creature {} is named twice; each creature is given once", c.id)));
            }
            if c.name.chars().count() > MAX_WORDS || c.species.chars().count() > MAX_WORDS {
                return Err(at("name", format!("a name or species longer than {MAX_WORDS} characters")));
            }
            if c.states.len() > MAX_STATES {
                return Err(at("states", format!("{} states; a creature keeps at most {MAX_STATES}", c.states.len())));
            }
            if c.first.checked_add(c.states.len() as u64).is_none() {
                return Err(at("first", format!("state {} is past the last number a state can have", c.first)));
            }
            if let Some((n, problem)) = c.states.iter().enumerate().find_map(|(n, s)| Some((n, state_problem(s)?))) {
                return Err(at("states", format!("state {} of creature {}: {problem}", c.first + n as u64, c.id)));
            }
        }
        for (j, m) in self.marks.iter().enumerate() {
            let at =
                |key: &str, message: String| LoadError::at_item(file, text, ("marks", Some(j)), Some(key), message);
            if !ids.contains(&m.creature) {
                return Err(at("creature", format!("creature {} is not among the run's creatures", m.creature)));
            }
            if !m.sim_time.is_finite() {
                return Err(at("sim_time", "expected a finite number of seconds".to_owned()));
            }
            if m.text.chars().count() > MAX_WORDS {
                return Err(at("text", format!("a mark's text is longer than {MAX_WORDS} characters")));
            }
        }
        Ok(())
    }
}

/// What is wrong with a state, if anything: forty desires, finite numbers.
fn state_problem(s: &State) -> Option<String> {
    if s.desires.len() != Desire::COUNT {
        return Some(format!("{} desires; expected {}, one for each desire", s.desires.len(), Desire::COUNT));
    }
    let numbers = [s.sim_time, s.liking].into_iter().chain(s.desires.iter().copied());
    if numbers.chain(s.position.into_iter().flatten()).any(|x| !x.is_finite()) {
        return Some("expected finite numbers, found NaN or an infinity".to_owned());
    }
    let words = s.plan.iter().flat_map(|p| [&p.desire, &p.action, &p.object]).chain(&s.agenda);
    if s.agenda.len() > MAX_WORDS || words.map(|w| w.chars().count()).any(|n| n > MAX_WORDS) {
        return Some(format!("a plan or agenda longer than {MAX_WORDS} characters"));
    }
    None
}

/// Checks the saved run at `path` whose text is `text`, for `check`.
#[must_use]
pub fn check(path: &Path, text: &str) -> Vec<LoadError> {
    SavedRun::parse(&path.display().to_string(), text).err().into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(t: f64) -> State {
        State {
            sim_time: t,
            desires: (0..40).map(|i| f64::from(i) / 41.0 + t / 7.0).collect(),
            plan: Some(Plan { desire: "Hunger".into(), action: "Eat".into(), object: "home_field".into() }),
            agenda: vec!["walk to home_field".into(), "eat".into()],
            liking: -0.1 / 3.0,
            phase: 2,
            position: Some([12.25, 1.0 / 3.0]),
        }
    }

    fn run() -> SavedRun {
        SavedRun {
            version: VERSION,
            game: "127.0.0.1:7878".into(),
            creatures: vec![
                RunCreature {
                    id: 0,
                    name: "Daisy".into(),
                    species: "Cow".into(),
                    first: 5,
                    states: vec![state(0.5), state(0.6)],
                },
                RunCreature {
                    id: 3,
                    name: "Ruth \"the\" cow".into(),
                    species: "Cow".into(),
                    first: 0,
                    states: vec![State { plan: None, position: None, agenda: Vec::new(), ..state(1.0) }],
                },
            ],
            marks: vec![
                Mark { creature: 0, at: 6, sim_time: 0.6, kind: MarkKind::Event, text: "lesson".into() },
                Mark { creature: 3, at: 0, sim_time: 1.0, kind: MarkKind::Link, text: "link lost: gone".into() },
                Mark { creature: 0, at: 5, sim_time: 0.5, kind: MarkKind::Bookmark, text: "bookmark at 0.5 s".into() },
            ],
            dropped: 5,
        }
    }

    #[test]
    fn a_run_written_reads_back_equal_one_state_a_line() {
        let run = run();
        let text = run.to_text();
        assert_eq!(SavedRun::parse("a.run.ron", &text).unwrap(), run);
        let whole_states = text.lines().filter(|l| l.contains("sim_time:") && l.contains("position:")).count();
        assert_eq!(whole_states, 3, "{text}");
    }

    #[test]
    fn a_run_saved_through_the_writer_is_loaded_through_the_reader() {
        let dir = crate::fsutil::scratch_dir("run-file");
        let path = dir.join("game.run.ron");
        run().save(&path, &Policy::new_file()).unwrap();
        assert!(run().save(&path, &Policy::new_file()).unwrap_err().contains("already exists"));
        assert_eq!(SavedRun::load(&path).unwrap(), run());
        assert!(is_run_file(&path) && !is_run_file(&dir.join("game.ron")));
        assert_eq!(Limit::of_path(&path), Limit::Run);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_past_a_runs_limit_is_refused_before_it_is_read() {
        let dir = crate::fsutil::scratch_dir("run-file-large");
        let path = dir.join("huge.run.ron");
        // Sparse: no disk is used for the length.
        std::fs::File::create(&path).unwrap().set_len(Limit::Run.bytes() + 1).unwrap();
        let e = SavedRun::load(&path).unwrap_err();
        assert!(e.message.contains("larger than the 512 MiB a game's run may be"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn text_that_does_not_parse_is_placed_at_its_line_and_column() {
        let text = run().to_text().replacen("liking: ", "liking: \"much\", x: ", 1);
        let e = SavedRun::parse("g.run.ron", &text).unwrap_err();
        let line = text.lines().position(|l| l.contains("\"much\"")).unwrap() + 1;
        assert_eq!((e.file.as_str(), e.line), ("g.run.ron", line), "{e}");
        assert!(e.col > 1 && e.to_string().starts_with(&format!("g.run.ron:{line}:")), "{e}");
        let e =
            SavedRun::parse("g.run.ron", "(version: 1, game: \"\", creatures: [], marks: [], extra: 2)").unwrap_err();
        assert!(e.message.contains("extra"), "an unknown field is named: {e}");
    }

    #[test]
    fn a_run_past_the_bounds_is_refused_where_it_goes_past_them() {
        let refused = |run: &SavedRun| SavedRun::parse("g.run.ron", &run.to_text()).unwrap_err();
        let line_of = |run: &SavedRun, needle: &str, nth: usize| {
            run.to_text().lines().enumerate().filter(|(_, l)| l.contains(needle)).nth(nth).unwrap().0 + 1
        };

        let mut short = run();
        short.creatures[1].states[0].desires.pop();
        let e = refused(&short);
        assert!(e.message.contains("39 desires; expected 40"), "{e}");
        assert_eq!(e.line, line_of(&short, "states:", 1), "at the second creature's states: {e}");

        let mut nan = run();
        nan.creatures[0].states[1].liking = f64::NAN;
        let e = refused(&nan);
        assert!(e.message.starts_with("state 6 of creature 0") && e.message.contains("finite"), "{e}");

        let mut stray = run();
        stray.marks[2].creature = 9;
        let e = refused(&stray);
        assert!(e.message.contains("creature 9 is not among"), "{e}");
        assert_eq!(e.line, line_of(&stray, "creature: 9", 0), "{e}");

        let mut twice = run();
        twice.creatures[1].id = 0;
        assert!(refused(&twice).message.contains("named twice"));

        let mut long = run();
        long.creatures[0].states = vec![state(0.0); MAX_STATES + 1];
        assert!(refused(&long).message.contains(&format!("a creature keeps at most {MAX_STATES}")));

        let mut many = run();
        many.marks = vec![many.marks[0].clone(); MAX_MARKS + 1];
        assert!(refused(&many).message.contains(&format!("at most {MAX_MARKS}")));

        let mut newer = run();
        newer.version = 2;
        let e = refused(&newer);
        assert!(e.message.contains("expected 1") && e.line == line_of(&newer, "version:", 0), "{e}");
    }
}
