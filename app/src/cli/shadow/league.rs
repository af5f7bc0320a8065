//! `creature-studio shadow league` and `shadow gauntlet` (SPEC §20): banks playing
//! each other, rated by Glicko-2, with a regression check against an earlier league
//! (`--baseline`), and a training gauntlet made from a league's ratings.
//!
//! Everything a league can refuse is refused before its first match: the count of
//! banks, the baseline, where the Parquet table goes, the schema, each bank (loaded
//! with its `FILE:LINE:COL`), empty banks, banks of another matchup, banks that do not
//! fit the schema.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use creature_core::error::LoadError;
use creature_core::file_reader::read_text;
use creature_core::file_writer::{self, Policy};
use creature_core::paths::normalize;
use creature_shadow::bank::Bank;
use creature_shadow::fight::ShadowPlayer;
use creature_shadow::gauntlet::{GAUNTLET_SUFFIX, Gauntlet};
use creature_shadow::league::{self, DEFAULT_MATCHES, League, MAX_MATCHES, Refusal, Rules};
use creature_shadow::league_parquet;
use creature_shadow::schema::Schema;
use creature_shadow::select::Index;
use serde::Deserialize;
use serde_json::{Value, json};

use super::shared::mismatch;
use crate::cli::{CliError, CliResult, check_out, print_json};

#[derive(clap::Args, Debug)]
pub struct LeagueArgs {
    /// The banks: two or more, all of one matchup.
    #[arg(required = true, num_args = 1..)]
    banks: Vec<PathBuf>,
    /// The schema the shadows compare with; the built-in arena schema by default.
    #[arg(long)]
    schema: Option<PathBuf>,
    /// Matches each pair plays from each side: 1 to 1000.
    #[arg(long, default_value_t = DEFAULT_MATCHES, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_MATCHES)))]
    matches: u32,
    /// The league's seed: the same seed gives the same league on any number of threads.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long)]
    json: bool,
    /// Write one row per match to this Parquet file.
    #[arg(long, value_name = "OUT")]
    parquet: Option<PathBuf>,
    /// Replace the Parquet file if there is one.
    #[arg(long, requires = "parquet")]
    force: bool,
    /// An earlier league's --json output: exit 1 when a bank's rating fell below its
    /// rating there by more than its deviation there.
    #[arg(long, value_name = "FILE.json")]
    baseline: Option<PathBuf>,
    /// Play only the matches whose place in the league is ≡ I (mod K), each exactly as
    /// in the whole league, into the --parquet table: one task of a league split
    /// over machines (app/tools/dask_league.py).
    #[arg(long, value_name = "I/K", requires = "parquet", conflicts_with_all = ["results", "baseline"])]
    shard: Option<String>,
    /// Play nothing: rate the league from the tables its shards wrote with --parquet,
    /// which must hold each of its matches once (same banks, --matches and --seed).
    #[arg(long, value_name = "TABLE.parquet", num_args = 1..)]
    results: Vec<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct GauntletArgs {
    /// A league's --json output, whose ratings order the gauntlet.
    #[arg(long, value_name = "LEAGUE.json")]
    from: PathBuf,
    /// The gauntlet to write; its name ends in .gauntlet.ron.
    #[arg(short = 'o', long = "out", value_name = "FILE.gauntlet.ron")]
    out: PathBuf,
    /// Replace the gauntlet if there is one.
    #[arg(long)]
    force: bool,
    #[arg(long)]
    json: bool,
}

/// A league as its `--json` output gives it, read back for `--baseline` and `gauntlet`.
#[derive(Deserialize, Debug)]
struct SavedLeague {
    banks: Vec<SavedBank>,
    /// The file's text, to place a problem found after reading it.
    #[serde(skip)]
    text: String,
}

#[derive(Deserialize, Debug)]
struct SavedBank {
    bank: String,
    rating: f64,
    deviation: f64,
}

impl SavedLeague {
    /// Reads a league's JSON through the one reader; a parse error names its line and
    /// column.
    fn load(path: &Path) -> Result<SavedLeague, CliError> {
        let file = path.display().to_string();
        let text = read_text(path)?;
        let mut saved: SavedLeague = serde_json::from_str(&text).map_err(|e| {
            let message = e.to_string();
            let message = message.rsplit_once(" at line ").map_or(message.as_str(), |(m, _)| m).to_owned();
            LoadError::new(
                &file,
                e.line(),
                e.column(),
                format!("{message}; expected the --json output of `shadow league`"),
            )
        })?;
        if let Some(i) = saved.banks.iter().position(|b| !(b.rating.is_finite() && b.deviation.is_finite())) {
            let message = "a rating and a deviation are finite numbers";
            return Err(LoadError::at_item(&file, &text, ("banks", Some(i)), None, message).into());
        }
        saved.text = text;
        Ok(saved)
    }
}

/// A refusal said about the bank it names, or about the league.
fn refused(r: &Refusal, banks: &[PathBuf]) -> CliError {
    match r.bank.and_then(|i| banks.get(i)) {
        Some(p) => format!("{}: {}", p.display(), r.message).into(),
        None => r.message.clone().into(),
    }
}

/// Refuses a bank named twice, by whatever name (another path to it, a link to it): each
/// bank plays once, and the table names it once.
fn refuse_repeats(banks: &[PathBuf]) -> CliResult {
    for (i, p) in banks.iter().enumerate() {
        if let Some(q) = banks[..i].iter().find(|q| file_writer::same_file(q, p)) {
            return Err(if q == p {
                format!("{} is named twice; a league plays each bank once", p.display())
            } else {
                format!("{} is {}, named again; a league plays each bank once", p.display(), q.display())
            }
            .into());
        }
    }
    Ok(())
}

/// The shadows of the league's banks, each prepared once: a bank that does not fit the
/// schema is refused with the place of the mismatch.
fn shadows(
    schema: &Schema,
    schema_file: Option<(&Path, &str)>,
    banks: &[Bank],
    paths: &[PathBuf],
) -> Result<Vec<ShadowPlayer>, CliError> {
    banks
        .iter()
        .zip(paths)
        .map(|(bank, path)| {
            ShadowPlayer::new(schema, bank, 0).map_err(|message| {
                // The index says where a schema and a bank disagree; only a refused bank
                // asks it.
                match (Index::build(schema, bank), schema_file) {
                    (Err(e), Some(file)) => mismatch(&e, file, path),
                    _ => format!("{}: {message}", path.display()).into(),
                }
            })
        })
        .collect()
}

/// `shadow league BANK... [--schema S] [--matches N] [--seed S] [--json] [--parquet OUT]
/// [--force] [--baseline FILE.json] [--shard I/K | --results TABLE...]`.
pub fn run(a: &LeagueArgs) -> CliResult {
    league::check_count(a.banks.len()).map_err(|r| refused(&r, &a.banks))?;
    refuse_repeats(&a.banks)?;
    let baseline = a.baseline.as_deref().map(SavedLeague::load).transpose()?;
    let policy = Policy::forced(a.force).flag("--parquet");
    if let Some(out) = &a.parquet {
        check_out(out, &policy)?;
    }
    let names: Vec<String> = a.banks.iter().map(|p| p.display().to_string()).collect();
    let rules = Rules { matches: a.matches, seed: a.seed };
    let shard = a.shard.as_deref().map(league::Shard::parse).transpose()?;
    if !a.results.is_empty() {
        let started = Instant::now();
        let mut rows = Vec::new();
        for table in &a.results {
            rows.extend(league_parquet::load(table, &names, rules)?);
        }
        let matches = league::gather(names.len(), rules, rows).map_err(|e| {
            let tables: Vec<String> = a.results.iter().map(|p| p.display().to_string()).collect();
            format!("{}: {e}", tables.join(", "))
        })?;
        let standings = league::standings(names.len(), &matches, rules.matches * 2);
        let played = League { matches, standings };
        return finish(a, &played, &names, started, &policy, baseline.as_ref());
    }
    let schema_text = a.schema.as_deref().map(read_text).transpose()?;
    let schema = match (&a.schema, &schema_text) {
        (Some(p), Some(text)) => Schema::parse(&p.display().to_string(), text)?,
        _ => Schema::arena(),
    };
    let banks = a.banks.iter().map(|p| Bank::load(p)).collect::<Result<Vec<_>, _>>()?;
    let refs: Vec<&Bank> = banks.iter().collect();
    let matchup = league::matchup_of(&refs).map_err(|r| refused(&r, &a.banks))?;
    let schema_file = a.schema.as_deref().zip(schema_text.as_deref());
    let players = shadows(&schema, schema_file, &banks, &a.banks)?;
    let started = Instant::now();
    if let Some(shard) = shard {
        let matches = league::play_shard(&players, &matchup, rules, shard);
        let league_ms = started.elapsed().as_secs_f64() * 1000.0;
        if let Some(out) = &a.parquet {
            league_parquet::save(out, &names, &matches, &policy)?;
        }
        let shard = format!("{}/{}", shard.index, shard.of);
        if a.json {
            print_json(&json!({"shard": shard, "matches": matches.len(), "league_ms": league_ms}));
        } else {
            println!("shard {shard}: {} matches in {league_ms:.0} ms", matches.len());
        }
        return Ok(());
    }
    let played = league::run(&players, &matchup, rules);
    finish(a, &played, &names, started, &policy, baseline.as_ref())
}

/// A league played or gathered: its table written (`--parquet`), reported, and held
/// against the baseline.
fn finish(
    a: &LeagueArgs,
    played: &League,
    names: &[String],
    started: Instant,
    policy: &Policy,
    baseline: Option<&SavedLeague>,
) -> CliResult {
    let league_ms = started.elapsed().as_secs_f64() * 1000.0;
    if let Some(out) = &a.parquet {
        league_parquet::save(out, names, &played.matches, policy)?;
    }
    report(played, names, league_ms, a.json);
    match baseline {
        Some(b) => compare(played, names, b),
        None => Ok(()),
    }
}

/// The league's table: SPEC §20's JSON, or a short table for people.
fn report(played: &League, names: &[String], league_ms: f64, as_json: bool) {
    let name = |i: usize| names.get(i).map_or("", String::as_str);
    if as_json {
        let banks: Vec<Value> = played
            .standings
            .iter()
            .map(|s| {
                json!({
                    "bank": name(s.bank),
                    "rating": s.rating,
                    "deviation": s.deviation,
                    "wins": s.wins,
                    "losses": s.losses,
                    "draws": s.draws,
                })
            })
            .collect();
        print_json(&json!({"banks": banks, "matches": played.matches.len(), "league_ms": league_ms}));
        return;
    }
    let width = names.iter().map(String::len).max().unwrap_or(4).max(4);
    println!(
        "{:>4}  {:<width$}  {:>7}  {:>6}  {:>4}  {:>4}  {:>4}",
        "rank", "bank", "rating", "±", "won", "lost", "drew"
    );
    for (rank, s) in played.standings.iter().enumerate() {
        println!(
            "{:>4}  {:<width$}  {:>7.1}  {:>6.1}  {:>4}  {:>4}  {:>4}",
            rank + 1,
            name(s.bank),
            s.rating,
            s.deviation,
            s.wins,
            s.losses,
            s.draws
        );
    }
    println!(
        "{} matches in {league_ms:.0} ms on {} threads",
        played.matches.len(),
        creature_core::world::batch::threads()
    );
}

/// Exits 1 when a bank's rating fell below its baseline rating by more than the
/// baseline's deviation, naming every such bank; a bank the baseline lacks is told on
/// stderr and passes.
fn compare(played: &League, names: &[String], baseline: &SavedLeague) -> CliResult {
    let saved: BTreeMap<PathBuf, &SavedBank> =
        baseline.banks.iter().map(|b| (normalize(Path::new(&b.bank)), b)).collect();
    let mut fell = Vec::new();
    for s in &played.standings {
        let name = names.get(s.bank).map_or("", String::as_str);
        let by_name = saved.get(&normalize(Path::new(name))).copied();
        // The baseline may name a bank by another path to the same file.
        let by_file = || baseline.banks.iter().find(|b| file_writer::same_file(Path::new(&b.bank), Path::new(name)));
        match by_name.or_else(by_file) {
            None => eprintln!("{name}: not in the baseline; its rating {:.1} ± {:.1} is new", s.rating, s.deviation),
            Some(b) if b.rating - s.rating > b.deviation => fell.push(format!(
                "{name}: rating {:.1} fell below its baseline {:.1} by {:.1}, more than the baseline's deviation {:.1}",
                s.rating,
                b.rating,
                b.rating - s.rating,
                b.deviation
            )),
            Some(_) => {}
        }
    }
    if fell.is_empty() { Ok(()) } else { Err(CliError(fell)) }
}

/// `shadow gauntlet --from LEAGUE.json -o FILE.gauntlet.ron [--force]`: the league's
/// banks, weakest first, their paths (as the league was given them, from the current
/// folder) made relative to the gauntlet's folder.
pub fn gauntlet(a: &GauntletArgs) -> CliResult {
    let out = &a.out;
    let policy = Policy::forced(a.force).flag("-o");
    check_out(out, &policy)?;
    if !out.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(GAUNTLET_SUFFIX)) {
        return Err(format!(
            "{}: a gauntlet's file name ends in {GAUNTLET_SUFFIX}, so that `check` and the editor know it",
            out.display()
        )
        .into());
    }
    let saved = SavedLeague::load(&a.from)?;
    if saved.banks.is_empty() {
        return Err(format!("{}: the league lists no banks; a gauntlet needs one or more", a.from.display()).into());
    }
    let ratings: Vec<(PathBuf, f64)> = saved.banks.iter().map(|b| (PathBuf::from(&b.bank), b.rating)).collect();
    let folder = out.parent().unwrap_or(Path::new(""));
    // What the file written could not hold (too many banks, an empty name, a bank
    // twice) is the league's fault: said at its place in the league's file, before
    // anything is written.
    let g = Gauntlet::from_ratings(&ratings, folder).map_err(|r| {
        let file = a.from.display().to_string();
        LoadError::at_item(&file, &saved.text, ("banks", r.bank), Some("bank"), r.message)
    })?;
    g.save(out, &policy)?;
    if a.json {
        let banks: Vec<String> = g.banks.iter().map(|b| b.display().to_string()).collect();
        print_json(&json!({"banks": banks, "out": out.display().to_string()}));
    } else {
        println!("{}: {} banks, weakest first", out.display(), g.banks.len());
        // The banks' paths come from the league's file.
        for b in &g.banks {
            println!("  {}", creature_core::printable::escaped(&b.display().to_string()));
        }
    }
    Ok(())
}
