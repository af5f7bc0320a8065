//! `creature-studio shadow score` (SPEC §13): how faithfully a bank's shadow plays the
//! player it was recorded from — agreement on held-out matches, and its action and
//! reaction-time distributions in matches against a scripted bot.

use std::path::PathBuf;

use creature_core::words::count;
use creature_shadow::bank::{Bank, ReactionTimes};
use creature_shadow::schema::Schema;
use creature_shadow::score::{ScoreOptions, Scorecard, score, situation_name};
use serde_json::{Value, json};

use super::shared::style;
use crate::cli::{CliError, CliResult, bounds, print_json};

#[derive(clap::Args, Debug)]
pub struct ScoreArgs {
    /// The bank the shadow plays from.
    #[arg(long)]
    bank: PathBuf,
    /// The bot the shadow fights: zoner, rushdown or turtle.
    #[arg(long)]
    against: String,
    /// The schema; the built-in arena schema by default.
    #[arg(long)]
    schema: Option<PathBuf>,
    /// Matches against the bot: 0 to 1000.
    #[arg(long, default_value_t = ScoreOptions::default().matches, value_parser = clap::value_parser!(u32).range(0..=i64::from(bounds::MAX_MATCHES)))]
    matches: u32,
    #[arg(long, default_value_t = ScoreOptions::default().seed)]
    seed: u64,
    /// The share of the bank's matches held out for agreement: 0 to 1.
    #[arg(long, default_value_t = ScoreOptions::default().holdout, value_parser = bounds::number(0.0..=1.0))]
    holdout: f64,
    /// The shadow's character name (which matchup bank it plays).
    #[arg(long, default_value = "Jago")]
    character: String,
    /// The bot's character name.
    #[arg(long, default_value = "Jago")]
    opponent: String,
    #[arg(long)]
    json: bool,
}

pub fn run(a: &ScoreArgs) -> CliResult {
    let against = style(&a.against, "--against")?;
    let schema = match &a.schema {
        Some(p) => Schema::load(p)?,
        None => Schema::arena(),
    };
    let bank = Bank::load(&a.bank)?;
    let options = ScoreOptions {
        holdout: a.holdout,
        matches: a.matches,
        seed: a.seed,
        character: a.character.clone(),
        opponent: a.opponent.clone(),
        ..ScoreOptions::default()
    };
    let card =
        score(&schema, &bank, against, &options).map_err(|e| CliError::from(format!("{}: {e}", a.bank.display())))?;
    if a.json {
        print_json(&scorecard_json(&card));
        return Ok(());
    }
    match &card.agreement {
        Some(g) => println!(
            "agreement on {} held-out events of {}: top-1 {:.1}%, expected {:.1}%, top-3 {:.1}%",
            g.events,
            count(g.held_out.len(), "match"),
            100.0 * g.top1,
            100.0 * g.expected,
            100.0 * g.top3
        ),
        None => println!("agreement: the bank has one match; nothing can be held out"),
    }
    let p = &card.play;
    println!(
        "{} against {}: {} won, {} lost, {} drawn; {} decisions{}",
        count(p.matches as usize, "match"),
        p.against.name(),
        p.wins,
        p.losses,
        p.draws,
        p.decisions,
        if p.fallback { " (from the fallback bank)" } else { "" }
    );
    println!("action distributions, shadow against recording (total variation distance):");
    for c in &card.classes {
        let tvd = c.tvd.map_or_else(|| "–".into(), |t| format!("{t:.3}"));
        println!("  {:<14} {tvd:>6}   ({} shadow, {} recorded)", situation_name(c.situation), c.shadow, c.recorded);
    }
    if let Some(m) = card.tvd_mean {
        println!("  mean over well-sampled classes: {m:.3}");
    }
    let r = &card.reaction;
    match (r.ks, r.wasserstein) {
        (Some(ks), Some(w)) => println!(
            "reaction times: shadow median {} f ({} responses), recording median {} f; KS {ks:.3}, Wasserstein {w:.1} frames",
            r.shadow.quantile(0.5).unwrap_or(0),
            r.shadow.count(),
            r.recorded.quantile(0.5).unwrap_or(0)
        ),
        _ => println!("reaction times: not enough responses on both sides to compare"),
    }
    Ok(())
}

fn reactions(r: &ReactionTimes) -> Value {
    json!({"count": r.count(), "mean": r.mean(), "median": r.quantile(0.5)})
}

/// The scorecard as JSON (docs/commands.md: `shadow score`).
pub fn scorecard_json(card: &Scorecard) -> Value {
    let agreement = card.agreement.as_ref().map_or(Value::Null, |g| {
        json!({
            "held_out_matches": g.held_out,
            "events": g.events,
            "top1": g.top1,
            "expected": g.expected,
            "top3": g.top3,
        })
    });
    let classes: Vec<Value> = card
        .classes
        .iter()
        .map(|c| {
            json!({
                "situation": situation_name(c.situation),
                "distance": c.situation.0.name(),
                "airborne": c.situation.1,
                "shadow": c.shadow,
                "recorded": c.recorded,
                "tvd": c.tvd,
            })
        })
        .collect();
    let p = &card.play;
    json!({
        "agreement": agreement,
        "classes": classes,
        "tvd_mean": card.tvd_mean,
        "reaction": {
            "shadow": reactions(&card.reaction.shadow),
            "recorded": reactions(&card.reaction.recorded),
            "ks": card.reaction.ks,
            "wasserstein_frames": card.reaction.wasserstein,
        },
        "play": {
            "against": p.against.name(),
            "matches": p.matches,
            "wins": p.wins,
            "losses": p.losses,
            "draws": p.draws,
            "decisions": p.decisions,
            "fallback": p.fallback,
        },
    })
}
