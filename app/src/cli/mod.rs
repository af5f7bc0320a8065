//! The command line (SPEC §15): machine output is JSON with `--json`, a readable
//! account without it; errors go to stderr as `FILE:LINE:COL: message`, exit code 1.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use creature_core::error::LoadError;
use creature_core::file_writer::{self, Policy};
use creature_core::species::data::Data;

pub mod bounds;
pub mod check;
pub mod diff;
pub mod new;
pub mod parquet;
pub mod preview_headless;
pub mod recording;
pub mod scenario;
pub mod serve;
pub mod shadow;
pub mod sim;
pub mod species;
pub mod teach;
pub mod train;
pub mod tree;

#[derive(Parser, Debug)]
#[command(
    name = "creature-studio",
    version,
    about = "Shape learning game characters: Black & White creature minds and Killer Instinct shadows."
)]
pub struct Cli {
    /// Project folder (with a studio.ron) to open in the editor; the bundled example when omitted.
    #[arg(long, global = false)]
    pub project: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Write a newborn creature of a species to a save file.
    New(new::NewArgs),
    /// Validate RON files or whole project folders; `--lint` warns of what cannot work.
    Check(check::CheckArgs),
    /// What changed between two creature saves, species files or folders, worlds or banks.
    Diff(diff::DiffArgs),
    /// Species data: the report of time-to-full and miracle learning per species.
    #[command(subcommand)]
    Species(species::SpeciesCommand),
    /// Decision trees: learn a tree from examples and ask it about objects.
    #[command(subcommand)]
    Tree(tree::TreeCommand),
    /// Run a lesson script (hold, stroke, slap, release) and show what was learned.
    Teach(teach::TeachArgs),
    /// The fewest lessons that make a target hold, per species, written as a lesson script.
    Train(train::TrainArgs),
    /// The live preview with hot reload; `--headless` prints JSON events.
    Preview(preview_headless::PreviewArgs),
    /// The reference game: the project's preview behind the link, for studios to attach to.
    Serve(serve::ServeArgs),
    /// Shadow replay banks: query, bench, record, fight, merge, stats, curate, score, league, gauntlet.
    #[command(subcommand)]
    Shadow(shadow::ShadowCommand),
    /// Run the creature simulation headless: one creature, or a batch of newborns.
    Sim(sim::SimArgs),
    /// Scenarios: scripted runs with expectations, a designer's behaviour tests.
    #[command(subcommand)]
    Scenario(scenario::ScenarioCommand),
    /// Recorded runs: info, the state at a second, forks on changed data, differences.
    #[command(subcommand)]
    Recording(recording::RecordingCommand),
}

pub fn run(command: Command) -> ExitCode {
    // The command never writes over a file it reads (docs/files.md).
    creature_core::opened_files::note_for_this_command();
    let result = match command {
        Command::New(a) => new::run(&a),
        Command::Check(a) => check::run(&a),
        Command::Diff(a) => diff::run(&a),
        Command::Species(c) => species::run(&c),
        Command::Tree(c) => tree::run(&c),
        Command::Teach(a) => teach::run(&a),
        Command::Train(a) => train::run(&a),
        Command::Preview(a) => preview_headless::run(&a),
        Command::Serve(a) => serve::run(&a),
        Command::Shadow(c) => shadow::run(c),
        Command::Sim(a) => sim::run(&a),
        Command::Scenario(c) => scenario::run(&c),
        Command::Recording(c) => recording::run(&c),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Why a command failed: one line per problem.
#[derive(Debug)]
pub struct CliError(pub Vec<String>);

pub type CliResult = Result<(), CliError>;

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A problem quotes what the user wrote: its control characters are escaped.
        let lines: Vec<_> = self.0.iter().map(|l| creature_core::printable::escaped_lines(l)).collect();
        write!(f, "{}", lines.join("\n"))
    }
}

impl From<LoadError> for CliError {
    fn from(e: LoadError) -> Self {
        Self(vec![e.to_string()])
    }
}

impl From<Vec<LoadError>> for CliError {
    fn from(errors: Vec<LoadError>) -> Self {
        Self(errors.iter().map(ToString::to_string).collect())
    }
}

impl From<String> for CliError {
    fn from(message: String) -> Self {
        Self(vec![message])
    }
}

impl From<&str> for CliError {
    fn from(message: &str) -> Self {
        Self(vec![message.to_owned()])
    }
}

/// Prints a value as one line of JSON on stdout.
pub fn print_json(value: &serde_json::Value) {
    println!("{value}");
}

/// Where a command writes its one new file, and how it reports.
#[derive(clap::Args, Debug)]
pub struct Output {
    /// The file to write: a bank is RON for .ron and the binary form otherwise; an
    /// export is Parquet.
    #[arg(short = 'o', long = "out")]
    pub out: PathBuf,
    /// Replace OUT if it exists.
    #[arg(long)]
    pub force: bool,
    #[arg(long)]
    pub json: bool,
}

impl Output {
    /// How OUT is written: a file there is replaced only with `--force`, and never a
    /// file the command reads.
    #[must_use]
    pub fn policy(&self) -> Policy {
        Policy::forced(self.force).flag("-o")
    }
}

/// Refuses a write to `path` that `policy` does not allow, naming the file. Called
/// before the work, so a refused command leaves every file as it was; a file the
/// command reads is refused here when it was read already, and by the write itself
/// otherwise.
pub fn check_out(path: &Path, policy: &Policy) -> CliResult {
    file_writer::check(path, policy).map_err(CliError::from)
}

/// The species data from `dir`, or the built-in data.
pub fn load_data(dir: Option<&Path>) -> Result<Data, CliError> {
    Ok(match dir {
        Some(d) => Data::load_dir(d)?,
        None => Data::builtin()?,
    })
}
