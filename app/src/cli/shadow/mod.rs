//! `creature-studio shadow …` (SPEC §13, §15): query a bank, measure query speed,
//! record bots into banks, fight a shadow headless, merge banks, delete matches or
//! segments, and summarise a bank; leagues and gauntlets are in `league`. Files are saved atomically; JSON with `--json`.

pub mod bench;
pub mod compose;
pub mod curate;
pub mod league;
pub mod score;
mod shared;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use creature_core::error::LoadError;
use creature_core::file_reader::read_text;
use creature_core::rng::Rng;
use creature_shadow::arena::{Action, MAX_HEALTH, MatchOutcome};
use creature_shadow::bank::{Bank, BankSet, BankStats, StateMap, merge};
use creature_shadow::bots::{Bot, Style};
use creature_shadow::fight::{Bout, Controller, ShadowPlayer};
use creature_shadow::schema::Schema;
use creature_shadow::select::{Index, state_vector};
use serde_json::{Value, json};

use self::shared::{mismatch, save, style};
use super::{CliError, CliResult, Output, check_out, print_json};
use creature_core::file_writer::Policy;
use creature_core::words::count;

/// The character every arena fighter plays unless told otherwise.
const DEFAULT_CHARACTER: &str = "Jago";

#[derive(clap::Subcommand, Debug)]
pub enum ShadowCommand {
    /// Score every event of a bank against a state and pick the next event (SPEC §13).
    Query(QueryArgs),
    /// Measure query time on a large bank recorded from bot matches.
    Bench(bench::BenchArgs),
    /// Record a scripted bot into a bank, match after match.
    Record(RecordArgs),
    /// Let a shadow play a bank against a scripted bot, headless.
    Fight(FightArgs),
    /// Merge banks into one, keeping where each event came from.
    Merge(MergeArgs),
    /// A bank made of slices of others (situation classes or filters), each event
    /// keeping its source; the classes two parts both give are listed as conflicts.
    Compose(compose::ComposeArgs),
    /// Delete a match or a segment from a bank.
    Delete(DeleteArgs),
    /// Events, segments, matches, actions and reaction times of a bank.
    Stats(StatsArgs),
    /// Write a bank as a Parquet file, one row per event (SPEC §18).
    Export(super::parquet::ExportArgs),
    /// Read a bank back from a Parquet file that export wrote.
    Import(super::parquet::ImportArgs),
    /// Flag duplicates, near duplicates and outliers, show the coverage of situations,
    /// and delete flagged events when asked.
    Curate(curate::CurateArgs),
    /// How faithfully the shadow plays its bank: agreement on held-out matches, and
    /// action and reaction-time distributions in play against a bot.
    Score(score::ScoreArgs),
    /// Every pair of banks plays matches from each side; each bank is rated by
    /// Glicko-2 (SPEC §20).
    League(league::LeagueArgs),
    /// A training gauntlet, weakest bank first, from a league's --json ratings.
    Gauntlet(league::GauntletArgs),
}

#[derive(clap::Args, Debug)]
pub struct QueryArgs {
    /// The schema (RON).
    #[arg(long)]
    schema: PathBuf,
    /// The bank (RON or binary).
    #[arg(long)]
    bank: PathBuf,
    /// The present state (RON map of feature → value).
    #[arg(long)]
    state: PathBuf,
    /// The event now playing, as SEGMENT:INDEX; the event after it gets the bias.
    #[arg(long, value_name = "SEGMENT:INDEX")]
    playing: Option<String>,
    /// Seed of the uniform pick among the candidates.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
pub struct RecordArgs {
    /// The bot to record: zoner, rushdown or turtle.
    #[arg(long)]
    bot: String,
    /// Its opponent; by default the three bots in turn.
    #[arg(long)]
    vs: Option<String>,
    /// Matches to record: 0 to 1000.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(0..=i64::from(super::bounds::MAX_MATCHES)))]
    matches: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Which matches to keep: all, won or lost.
    #[arg(long, default_value = "all")]
    keep: String,
    /// Add to the bank at OUT instead of replacing it (recording is additive).
    #[arg(long)]
    append: bool,
    /// Replace the bank at OUT if there is one.
    #[arg(long)]
    force: bool,
    /// The recorded fighter's character name.
    #[arg(long, default_value = DEFAULT_CHARACTER)]
    character: String,
    /// The opponent's character name.
    #[arg(long, default_value = DEFAULT_CHARACTER)]
    opponent: String,
    /// Where to save the bank: RON for .ron, the binary form otherwise.
    #[arg(short = 'o', long = "out")]
    out: PathBuf,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
pub struct FightArgs {
    /// The bank the shadow plays from.
    #[arg(long)]
    bank: PathBuf,
    /// The schema; the built-in arena schema by default.
    #[arg(long)]
    schema: Option<PathBuf>,
    /// The bot to fight: zoner, rushdown or turtle.
    #[arg(long)]
    vs: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The shadow's character name (which matchup bank it plays).
    #[arg(long, default_value = DEFAULT_CHARACTER)]
    character: String,
    /// The bot's character name.
    #[arg(long, default_value = DEFAULT_CHARACTER)]
    opponent: String,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// The banks to merge.
    #[arg(required = true, num_args = 1..)]
    banks: Vec<PathBuf>,
    #[command(flatten)]
    o: Output,
}

#[derive(clap::Args, Debug)]
pub struct DeleteArgs {
    bank: PathBuf,
    /// Delete every event of this match.
    #[arg(long = "match", conflicts_with = "segment", required_unless_present = "segment")]
    match_id: Option<u64>,
    /// Delete every event of this segment.
    #[arg(long)]
    segment: Option<u64>,
    /// Save to this file instead of over BANK.
    #[arg(short = 'o', long = "out")]
    out: Option<PathBuf>,
    /// Replace OUT if it exists.
    #[arg(long, requires = "out")]
    force: bool,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    bank: PathBuf,
    #[arg(long)]
    json: bool,
}

pub fn run(command: ShadowCommand) -> CliResult {
    match command {
        ShadowCommand::Query(a) => query(&a),
        ShadowCommand::Bench(a) => bench::bench(&a),
        ShadowCommand::Record(a) => record(&a),
        ShadowCommand::Fight(a) => fight(&a),
        ShadowCommand::Merge(a) => merge_banks(&a),
        ShadowCommand::Compose(a) => compose::run(&a),
        ShadowCommand::Delete(a) => delete(&a),
        ShadowCommand::Stats(a) => stats(&a),
        ShadowCommand::Export(a) => super::parquet::export(&a),
        ShadowCommand::Import(a) => super::parquet::import(&a),
        ShadowCommand::Curate(a) => curate::run(&a),
        ShadowCommand::Score(a) => score::run(&a),
        ShadowCommand::League(a) => league::run(&a),
        ShadowCommand::Gauntlet(a) => league::gauntlet(&a),
    }
}

fn query(a: &QueryArgs) -> CliResult {
    let schema_text = read_text(&a.schema)?;
    let schema = Schema::parse(&a.schema.display().to_string(), &schema_text)?;
    let bank = Bank::load(&a.bank)?;
    let state_file = a.state.display().to_string();
    let state_text = read_text(&a.state)?;
    let state = StateMap::parse(&state_file, &state_text)?;
    let state = state_vector(&schema, &state).map_err(|e| {
        CliError::from(LoadError::at_text(&state_file, &state_text, &format!("\"{}\"", e.feature), e.message))
    })?;
    let index = Index::build(&schema, &bank).map_err(|e| mismatch(&e, (&a.schema, &schema_text), &a.bank))?;
    let playing = match &a.playing {
        None => None,
        Some(text) => {
            let parsed = text
                .split_once(':')
                .and_then(|(s, i)| Some((s.trim().parse::<u64>().ok()?, i.trim().parse::<u32>().ok()?)));
            let (segment, index) = parsed.ok_or_else(|| {
                CliError::from(format!("--playing `{text}`: expected SEGMENT:INDEX, two whole numbers"))
            })?;
            Some(bank.find(segment, index).ok_or_else(|| {
                CliError::from(format!(
                    "--playing {text}: {} has no event with segment {segment} and index {index}",
                    a.bank.display()
                ))
            })?)
        }
    };
    let selection = index
        .select(&state, playing)
        .ok_or_else(|| CliError::from(format!("{}: the bank has no events to choose from", a.bank.display())))?;
    let chosen = selection.choose(&mut Rng::seeded(a.seed));
    if a.json {
        let candidates: Vec<Value> =
            selection.candidates.iter().map(|c| json!({"event": c.id, "score": c.score})).collect();
        print_json(&json!({"best": selection.best, "candidates": candidates, "chosen": chosen.id}));
        return Ok(());
    }
    let ev = &bank.event(chosen.event);
    println!(
        "best score {:.6}; {} within {:.0}% of it",
        selection.best,
        count(selection.candidates.len(), "candidate"),
        schema.neighbourhood * 100.0
    );
    for c in &selection.candidates {
        let e = &bank.event(c.event);
        println!(
            "  event {:>6}  score {:>12.6}  match {} segment {} index {}  {}",
            c.id, c.score, e.match_id, e.segment, e.index, e.action
        );
    }
    println!("chosen: event {} ({}), seed {}", chosen.id, ev.action, a.seed);
    if let Some(b) = index.breakdown(&state, chosen.event, playing) {
        println!("why: ");
        for t in &b.terms {
            println!(
                "  {:<28} now {:>10.4}  recorded {:>10.4}  sim {:>9.4} × weight {:<6} = {:>9.4}",
                t.feature, t.present, t.recorded, t.similarity, t.weight, t.contribution
            );
        }
        println!("  recency  {:.4} (age {:.3})", b.recency, b.age);
        if b.continuation {
            println!("  continues the event playing: −{}", b.bias);
        }
        println!("  total    {:.6}", b.total);
    }
    Ok(())
}

fn now() -> Option<u64> {
    SystemTime::now().duration_since(UNIX_EPOCH).ok().map(|d| d.as_secs())
}

fn record(a: &RecordArgs) -> CliResult {
    let bot = style(&a.bot, "--bot")?;
    let vs = a.vs.as_deref().map(|v| style(v, "--vs")).transpose()?;
    if !["all", "won", "lost"].contains(&a.keep.as_str()) {
        return Err(format!("--keep `{}`: expected all, won or lost", a.keep).into());
    }
    // Appending reads the bank and writes it back: replacing it is the point.
    // `--append` adds to the bank at OUT, read first: a change in place.
    let policy = if a.append && a.out.exists() {
        Policy::replacing_its_own_input()
    } else {
        Policy::forced(a.force || a.append).flag("-o").telling("pass --append to add to it or --force to replace it")
    };
    check_out(&a.out, &policy)?;
    let mut bank = if a.append && a.out.exists() { Bank::load(&a.out)? } else { Bank::default() };
    let mut kept = Vec::new();
    let mut discarded = 0;
    for m in 0..a.matches {
        let seed = a.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(m) * 2);
        let opponent = vs.unwrap_or(Style::ALL[m as usize % 3]);
        let mut bout = Bout::new(
            [Controller::Bot(Bot::new(bot, seed)), Controller::Bot(Bot::new(opponent, seed + 1))],
            [&a.character, &a.opponent],
        );
        bout.record(0);
        bout.run();
        let won = bout.arena.outcome == Some(MatchOutcome::Winner(0));
        let keep = match a.keep.as_str() {
            "won" => won,
            "lost" => bout.arena.outcome == Some(MatchOutcome::Winner(1)),
            _ => true,
        };
        let Some(pending) = bout.take_recording(0) else { continue };
        if keep {
            let id = bank.keep(&pending, now()).map_err(|e| CliError::from(format!("{}: {e}", a.out.display())))?;
            kept.push(json!({"match": id, "vs": opponent.name(), "events": pending.events.len(), "won": won}));
        } else {
            discarded += 1;
        }
    }
    save(&bank, &a.out, &policy)?;
    if a.json {
        print_json(
            &json!({"bot": bot.name(), "kept": kept, "discarded": discarded, "events": bank.len(), "out": a.out.display().to_string()}),
        );
    } else {
        for k in &kept {
            println!(
                "kept match {} ({} vs {}): {} events{}",
                k["match"],
                bot.name(),
                k["vs"].as_str().unwrap_or(""),
                k["events"],
                if k["won"] == true { ", won" } else { "" }
            );
        }
        if discarded > 0 {
            println!("discarded {}", count(discarded, "match"));
        }
        println!("{}: {} events", a.out.display(), bank.len());
    }
    Ok(())
}

fn fight(a: &FightArgs) -> CliResult {
    let opponent = style(&a.vs, "--vs")?;
    let schema = match &a.schema {
        Some(p) => Schema::load(p)?,
        None => Schema::arena(),
    };
    let all = Bank::load(&a.bank)?;
    let set = BankSet::from_bank(&all);
    let matchup = creature_shadow::bank::Matchup::new(a.character.clone(), a.opponent.clone());
    let (bank, fallback) = set.bank_for(&matchup);
    let shadow =
        ShadowPlayer::new(&schema, bank, a.seed).map_err(|e| CliError::from(format!("{}: {e}", a.bank.display())))?;
    let mut bout = Bout::new(
        [Controller::Shadow(Box::new(shadow)), Controller::Bot(Bot::new(opponent, a.seed.wrapping_add(1)))],
        [&a.character, &a.opponent],
    );
    bout.run();
    let winner = match bout.arena.outcome {
        Some(MatchOutcome::Winner(0)) => "shadow",
        Some(MatchOutcome::Winner(_)) => opponent.name(),
        _ => "draw",
    };
    let health = |side: usize| bout.arena.fighters[side].health;
    let actions: BTreeMap<&str, usize> = bout.action_histogram(0).into_iter().map(|(a, n)| (a.name(), n)).collect();
    let continued = bout.decisions.iter().filter(|d| d.pick.is_some_and(|p| p.continued)).count();
    let decisions = bout.decisions.iter().filter(|d| d.side == 0).count();
    if a.json {
        print_json(&json!({
            "winner": winner,
            "health": {"shadow": health(0), opponent.name(): health(1)},
            "frames": bout.arena.frame,
            "actions": actions,
            "decisions": decisions,
            "continued": continued,
            "fallback": fallback,
        }));
        return Ok(());
    }
    println!(
        "{winner} {} after {:.1} s: shadow {}/{MAX_HEALTH}, {} {}/{MAX_HEALTH}",
        if winner == "draw" { "" } else { "wins" },
        f64::from(bout.arena.frame) / 60.0,
        health(0),
        opponent.name(),
        health(1)
    );
    if fallback {
        println!("(no bank for {matchup}; the shadow played the fallback bank)");
    }
    println!("the shadow decided {decisions} times, {continued} of them continuing the segment it played");
    let mut sorted: Vec<(&str, usize)> = actions.into_iter().collect();
    sorted.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(y.0)));
    for (name, n) in sorted {
        println!("  {name:<12} {n:>5}");
    }
    Ok(())
}

fn merge_banks(a: &MergeArgs) -> CliResult {
    let policy = a.o.policy();
    check_out(&a.o.out, &policy)?;
    let mut banks = Vec::with_capacity(a.banks.len());
    for p in &a.banks {
        let name = p.file_stem().map_or_else(|| p.display().to_string(), |s| s.to_string_lossy().into_owned());
        banks.push((name, Bank::load(p)?));
    }
    let sources: Vec<(&str, &Bank)> = banks.iter().map(|(n, b)| (n.as_str(), b)).collect();
    let merged = merge(&sources).map_err(|e| CliError::from(format!("cannot merge: {e}")))?;
    save(&merged, &a.o.out, &policy)?;
    if a.o.json {
        let from: Vec<Value> = banks.iter().map(|(n, b)| json!({"bank": n, "events": b.len()})).collect();
        print_json(&json!({"events": merged.len(), "from": from, "out": a.o.out.display().to_string()}));
    } else {
        for (n, b) in &banks {
            println!("{n}: {} events", b.len());
        }
        println!("{}: {} events, {} matches", a.o.out.display(), merged.len(), merged.stats().matches);
    }
    Ok(())
}

fn delete(a: &DeleteArgs) -> CliResult {
    // Without -o the events are deleted in BANK itself, as asked.
    let policy = match &a.out {
        Some(out) => {
            let policy = Policy::forced(a.force)
                .flag("-o")
                .telling("pass --force to replace it, or leave out -o to delete in BANK itself");
            check_out(out, &policy)?;
            policy
        }
        None => Policy::replacing_its_own_input(),
    };
    let mut bank = Bank::load(&a.bank)?;
    let (what, removed) = match (a.match_id, a.segment) {
        (Some(m), _) => (format!("match {m}"), bank.delete_match(m)),
        (None, Some(s)) => (format!("segment {s}"), bank.delete_segment(s)),
        (None, None) => return Err("say which: --match N or --segment N".into()),
    };
    if removed == 0 {
        return Err(format!("{}: there is no {what}", a.bank.display()).into());
    }
    let out = a.out.as_deref().unwrap_or(&a.bank);
    save(&bank, out, &policy)?;
    if a.json {
        print_json(&json!({"removed": removed, "events": bank.len(), "out": out.display().to_string()}));
    } else {
        println!("deleted {what}: {removed} events; {} has {} events", out.display(), bank.len());
    }
    Ok(())
}

pub(super) fn stats_json(s: &BankStats) -> Value {
    let r = &s.reaction;
    json!({
        "events": s.events,
        "segments": s.segments,
        "matches": s.matches,
        "matchups": s.matchups,
        "actions": s.actions,
        "reaction_frames": {
            "count": r.count(),
            "mean": r.mean(),
            "p10": r.quantile(0.10),
            "median": r.quantile(0.50),
            "p90": r.quantile(0.90),
            "histogram": r.histogram(5).into_iter().map(|(from, n)| json!([from, n])).collect::<Vec<_>>(),
        },
    })
}

fn stats(a: &StatsArgs) -> CliResult {
    let bank = Bank::load(&a.bank)?;
    let s = bank.stats();
    if a.json {
        print_json(&stats_json(&s));
        return Ok(());
    }
    println!("{}: {} events in {} segments of {} matches", a.bank.display(), s.events, s.segments, s.matches);
    for (m, n) in &s.matchups {
        println!("  {m}: {n} events");
    }
    println!("actions:");
    let mut actions: Vec<(&String, &usize)> = s.actions.iter().collect();
    actions.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
    for (name, n) in actions {
        let known = if Action::from_name(name).is_some() { "" } else { "  (not an arena action)" };
        println!("  {name:<12} {n:>6}  {:>5.1}%{known}", 100.0 * *n as f64 / s.events.max(1) as f64);
    }
    let r = &s.reaction;
    match (r.mean(), r.quantile(0.1), r.quantile(0.5), r.quantile(0.9)) {
        (Some(mean), Some(p10), Some(p50), Some(p90)) => {
            println!(
                "reaction time of {} responses: median {p50} frames ({:.0} ms), mean {mean:.1}, 10%–90% {p10}–{p90} frames",
                r.count(),
                f64::from(p50) * 1000.0 / 60.0
            );
            for (from, n) in r.histogram(5) {
                println!(
                    "  {:>3}–{:<3} frames {:>5} {}",
                    from,
                    from + 4,
                    n,
                    "#".repeat((n * 40).div_ceil(r.count().max(1)))
                );
            }
        }
        _ => println!("no recorded responses to opponent attacks"),
    }
    Ok(())
}
