//! `creature-studio teach FILE.ron [--json] [--creature SAVE.ron] [-o OUT.ron]`
//! (SPEC §15): play a lesson script and show what the creature learnt and why.

use std::fmt::Write as _;
use std::path::PathBuf;

use creature_core::creature::lesson::{Lesson, Reaction, run_script};
use creature_core::creature::{Creature, DesireState};
use creature_core::error::LoadError;
use creature_core::file_reader::read_text;
use creature_core::mind::script::LessonScript;
use creature_core::mind::tree::{Example, ExampleMemory};
use creature_core::species::data::Data;
use serde_json::{Map, Value, json};

use super::tree::{draw, tree_json};
use super::{CliResult, check_out, load_data, print_json};
use creature_core::file_writer::Policy;

#[derive(clap::Args, Debug)]
pub struct TeachArgs {
    /// The lesson script: `(species: "Cow", seed: 1, phase: 2, objects: {...}, events: [...])`.
    pub file: PathBuf,
    /// Print the machine output of SPEC §15 instead of a readable account.
    #[arg(long)]
    pub json: bool,
    /// Teach this saved creature instead of a newborn (its species must be the script's;
    /// its own phase is used).
    #[arg(long)]
    pub creature: Option<PathBuf>,
    /// Write the taught creature to this save (atomically).
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    /// Replace the save at OUTPUT if there is one.
    #[arg(long, requires = "output")]
    pub force: bool,
    /// Species data folder to use instead of the built-in data.
    #[arg(long)]
    pub species_dir: Option<PathBuf>,
}

pub fn run(args: &TeachArgs) -> CliResult {
    let policy = Policy::forced(args.force).flag("-o");
    if let Some(out) = &args.output {
        check_out(out, &policy)?;
    }
    let data = load_data(args.species_dir.as_deref())?;
    let name = args.file.display().to_string();
    let text = read_text(&args.file)?;
    let script = LessonScript::parse(&name, &text, &data)?;
    let mut creature = match &args.creature {
        Some(path) => {
            let c = Creature::load(path, &data)?;
            if c.species != script.species {
                let msg = format!(
                    "the script teaches the species {} but {} is of the species {}; change `species` or pick another save",
                    script.species,
                    path.display(),
                    c.species
                );
                return Err(LoadError::at_text(&name, &text, "species", msg).into());
            }
            c
        }
        None => {
            let mut c = Creature::newborn(&data, script.species, script.seed);
            c.phase = script.phase;
            c
        }
    };
    let start = creature.clone();
    let run = run_script(&script, &data, &mut creature);
    if args.json {
        print_json(&teach_json(&run.lessons, &creature, &data));
    } else {
        print!("{}", account(&name, &start, &creature, &run, &data));
    }
    if let Some(out) = &args.output {
        creature.save(out, &policy)?;
        if !args.json {
            println!("saved the taught creature to {}", out.display());
        }
    }
    Ok(())
}

fn teach_json(lessons: &[Lesson], creature: &Creature, data: &Data) -> Value {
    let lessons: Vec<Value> = lessons.iter().map(lesson_json).collect();
    let mut trees = Map::new();
    for t in creature.trees.iter().filter(|t| !t.activity.is_empty() || !t.acton.is_empty()) {
        let tree = |m: &ExampleMemory| json!({"examples": m.examples.iter().map(example_json).collect::<Vec<_>>(), "tree": tree_json(&m.tree(&data.attributes))});
        trees.insert(t.desire.to_string(), json!({"activity": tree(&t.activity), "acton": tree(&t.acton)}));
    }
    json!({"lessons": lessons, "liking": creature.liking, "trees": trees, "opinions": creature.opinions})
}

fn example_json(e: &Example) -> Value {
    json!({"answers": e.answers, "feedback": e.feedback})
}

fn lesson_json(l: &Lesson) -> Value {
    let credit: Vec<Value> = l
        .credit
        .iter()
        .map(|c| json!({"desire": c.plan.desire, "action": c.plan.action, "object": c.plan.object, "score": c.score}))
        .collect();
    let mut m = Map::new();
    m.insert("at".into(), json!(l.at));
    m.insert("total".into(), json!(l.total));
    m.insert("lesson".into(), json!(l.lesson));
    m.insert("credit".into(), Value::Array(credit));
    m.insert(
        "taught".into(),
        l.taught.as_ref().map_or(Value::Null, |t| json!({"desire": t.desire, "action": t.action, "object": t.object})),
    );
    if let Some(d) = &l.desire {
        m.insert("desire".into(), desire_json(d));
    }
    if let Some(o) = l.opinion {
        m.insert("opinion".into(), json!(o));
    }
    Value::Object(m)
}

fn desire_json(d: &DesireState) -> Value {
    json!({"name": d.name, "increase_seconds": d.increase_seconds, "thresholds": d.thresholds, "max": d.max})
}

/// The readable account: each release with its credit table, what it taught and the
/// taught desire's trees afterwards; then the liking and the opinions that moved.
fn account(
    name: &str,
    start: &Creature,
    end: &Creature,
    run: &creature_core::creature::lesson::ScriptRun,
    data: &Data,
) -> String {
    let mut out = String::new();
    let phase = data.phases.get(usize::from(start.phase)).map_or("", |p| p.name.as_str());
    let species = start.species.name();
    let article = if species.starts_with(['A', 'E', 'I', 'O', 'U']) { "an" } else { "a" };
    let _ = writeln!(out, "{name}: {article} {species} (seed {}) at phase {} {phase}", start.seed, start.phase);
    for (at, note) in &run.notes {
        let _ = writeln!(out, "{at:>8.1} s  {note}");
    }
    if run.lessons.is_empty() {
        out.push_str("no release: nothing was taught\n");
    }
    for (l, examples) in run.lessons.iter().zip(&run.examples) {
        lesson_text(&mut out, l, examples.as_ref());
    }
    let _ = writeln!(out, "liking of the player: {:+.3} → {:+.3}", start.liking, end.liking);
    let moved: Vec<String> = end
        .opinions
        .iter()
        .filter(|(a, v)| start.opinions.get(*a) != Some(*v))
        .map(|(a, v)| format!("{a} {:+.3} → {v:+.3}", start.opinions.get(a).copied().unwrap_or(0.0)))
        .collect();
    if !moved.is_empty() {
        let _ = writeln!(out, "opinions: {}", moved.join(", "));
    }
    out
}

fn lesson_text(out: &mut String, l: &Lesson, examples: Option<&(Vec<Example>, Vec<Example>)>) {
    let lesson = l.lesson.map_or("nothing to teach".to_owned(), |v| format!("lesson {v:+.2}"));
    let _ = writeln!(out, "{:>8.1} s  release: total {:+.2} → {lesson}", l.at, l.total);
    if l.credit.is_empty() {
        out.push_str("           no remembered plans\n");
    } else {
        out.push_str("           credit  plan (oldest first)\n");
    }
    for (i, c) in l.credit.iter().enumerate() {
        let p = &c.plan;
        let state = p.ended.map_or("active".to_owned(), |e| format!("ended {e:.1} s"));
        let plan = format!("{} / {} / {}", p.desire, p.action, p.object);
        let mark = if l.winner == Some(i) { "  ← taught" } else { "" };
        let _ = writeln!(out, "           {:.3}   {plan:<30} started {:.1} s, {state}{mark}", c.score, p.started);
    }
    let Some(t) = &l.taught else {
        let why = if l.lesson.is_none() {
            "the total was zero"
        } else if l.credit.iter().any(|c| c.score > 0.0) {
            "the creature is too young to learn from the hand (before phase 2)"
        } else {
            "no plan scored above 0"
        };
        let _ = writeln!(out, "           nothing taught ({why}): only the liking changed");
        return;
    };
    if let (Some(b), Some(a)) = (&l.desire_before, &l.desire) {
        let th = |d: &DesireState| d.thresholds.iter().map(|x| format!("{x:.3}")).collect::<Vec<_>>().join(" ");
        let _ = writeln!(
            out,
            "           {}: grows in {:.2} s → {:.2} s; thresholds {} → {}; max {:.3} → {:.3}",
            t.desire,
            b.increase_seconds,
            a.increase_seconds,
            th(b),
            th(a),
            b.max,
            a.max
        );
    }
    if let (Some(b), Some(a)) = (l.opinion_before, l.opinion) {
        let _ = writeln!(out, "           opinion of {}: {b:+.3} → {a:+.3}", t.action);
    }
    let then = match &l.reaction {
        Reaction::None => String::new(),
        Reaction::DropPlan { desire } => format!("{desire} drops to 0, the weakest desire, and the plan is dropped"),
        Reaction::Repeat { action, kind, .. } => format!("it does it again: {action} on the nearest {kind}"),
        Reaction::EatAtOnce { object } => format!("it eats `{object}` at once"),
    };
    if !then.is_empty() {
        let _ = writeln!(out, "           then {then}");
    }
    if let (Some((activity, acton)), Some((activity_examples, acton_examples))) = (&l.trees, examples) {
        let trees = [("Activity", activity, activity_examples, &t.target), ("ActOn", acton, acton_examples, &t.object)];
        for (kind, tree, examples, from) in trees {
            let _ = writeln!(out, "           {} {kind} tree, with the example from `{from}`:", t.desire);
            out.push_str(&draw(tree, examples, "             "));
        }
    }
}
