//! `creature-studio tree learn FILE.ron [--json]` (SPEC §15): learn a decision tree from
//! examples and ask it about objects.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use creature_core::file_reader::read_text;
use creature_core::mind::tree::{Example, Explanation, Tree};
use creature_core::mind::tree_file::TreeFile;
use creature_core::mind::usefulness::UsefulnessCurve;
use creature_core::words::count;
use serde_json::{Map, Value, json};

use super::{CliResult, print_json};

#[derive(clap::Subcommand, Debug)]
pub enum TreeCommand {
    /// Build a tree from the examples in FILE.ron and ask it the file's queries.
    Learn {
        /// `(attributes: [...], examples: [(answers: {...}, feedback: X), ...], queries: [{...}, ...])`.
        file: PathBuf,
        /// Print the machine output of SPEC §15 instead of a readable account.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(command: &TreeCommand) -> CliResult {
    match command {
        TreeCommand::Learn { file, json } => learn(file, *json),
    }
}

fn learn(path: &Path, json: bool) -> CliResult {
    let name = path.display().to_string();
    let text = read_text(path)?;
    let input = TreeFile::parse(&name, &text)?;
    let tree = input.tree();
    let curve = UsefulnessCurve::default();
    if json {
        let queries: Vec<Value> = input
            .queries
            .iter()
            .map(|q| {
                let v = tree.predict(q);
                json!({"verdict": v, "score": curve.usefulness(v)})
            })
            .collect();
        print_json(&json!({"tree": tree_json(&tree), "queries": queries}));
    } else {
        let mut out = format!(
            "{name}: a tree of {} over {}\n",
            count(input.examples.len(), "example"),
            if input.attributes.is_empty() { "no attributes".to_owned() } else { input.attributes.join(", ") }
        );
        out.push_str(&draw(&tree, &input.examples, "  "));
        if !input.queries.is_empty() {
            out.push_str("queries:\n");
            for q in &input.queries {
                let why = tree.explain(q);
                let _ = writeln!(out, "  {}", describe_answers(q));
                out.push_str(&explain_text(&why, &curve, "    "));
            }
        }
        print!("{out}");
    }
    Ok(())
}

/// `NODE` of SPEC §15, or null for a tree without examples.
pub fn tree_json(tree: &Tree) -> Value {
    if tree.is_empty() { Value::Null } else { node_json(tree, 0) }
}

fn node_json(tree: &Tree, at: usize) -> Value {
    let node = &tree.nodes[at];
    let mut m = Map::new();
    m.insert("verdict".into(), json!(node.verdict));
    m.insert("examples".into(), json!(node.len()));
    if let Some(q) = &node.question {
        m.insert("question".into(), json!(q));
        let branches: Map<String, Value> =
            node.branches.iter().map(|(a, c)| (a.clone(), node_json(tree, *c))).collect();
        m.insert("branches".into(), Value::Object(branches));
    }
    Value::Object(m)
}

/// The tree as indented text: each question, then one line per answer; leaves show
/// their verdict, usefulness and examples (numbered from 1).
pub fn draw(tree: &Tree, examples: &[Example], indent: &str) -> String {
    let curve = UsefulnessCurve::default();
    let mut out = String::new();
    if tree.is_empty() {
        let _ = writeln!(out, "{indent}(no examples: every object is unknown, score {:.3})", curve.usefulness(None));
        return out;
    }
    let mut stack = vec![(0usize, None::<String>, 0usize)];
    while let Some((at, label, depth)) = stack.pop() {
        let node = &tree.nodes[at];
        let pad = format!("{indent}{}", "  ".repeat(depth));
        let head = label.map(|l| format!("{l}: ")).unwrap_or_default();
        match &node.question {
            Some(q) => {
                let _ = writeln!(out, "{pad}{head}ask {q}? ({} examples, verdict {:+.3})", node.len(), node.verdict);
                for (answer, child) in node.branches.iter().rev() {
                    stack.push((*child, Some(format!("{q} = {answer}")), depth + 1));
                }
            }
            None => {
                let _ = writeln!(
                    out,
                    "{pad}{head}verdict {:+.3} ({}), score {:.4}; examples {}",
                    node.verdict,
                    if node.verdict > 0.0 { "good" } else { "bad" },
                    curve.usefulness(Some(node.verdict)),
                    numbered(tree.examples(at), examples)
                );
            }
        }
    }
    out
}

fn numbered(indices: &[usize], examples: &[Example]) -> String {
    indices
        .iter()
        .map(|&i| match examples.get(i) {
            Some(e) => format!("#{} {} ({:+.2})", i + 1, describe_answers(&e.answers), e.feedback),
            None => format!("#{}", i + 1),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `{kind: sheep, alive: yes}`.
pub fn describe_answers(answers: &std::collections::BTreeMap<String, String>) -> String {
    let parts: Vec<String> = answers.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    format!("{{{}}}", parts.join(", "))
}

/// The path of questions that led to a verdict, one line per step.
pub fn explain_text(why: &Explanation, curve: &UsefulnessCurve, indent: &str) -> String {
    let mut out = String::new();
    for s in &why.steps {
        let note = if s.followed { "" } else { " (no example had this answer: stop here)" };
        let _ = writeln!(out, "{indent}{}? {}{note}", s.question, s.answer);
    }
    match why.verdict {
        Some(v) => {
            let _ = writeln!(
                out,
                "{indent}verdict {v:+.3}, score {:.4}, from examples {}",
                curve.usefulness(Some(v)),
                why.examples.iter().map(|i| format!("#{}", i + 1)).collect::<Vec<_>>().join(", ")
            );
        }
        None => {
            let _ = writeln!(out, "{indent}unknown (no examples), score {:.4}", curve.usefulness(None));
        }
    }
    out
}
