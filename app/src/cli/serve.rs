//! `creature-studio serve` (SPEC §23): the reference game. The project's live preview
//! runs headless, one preview a creature (each the creature the editor opens the project
//! on, from its own seed), behind the link's host: studios attach over a
//! WebSocket, watch every creature's state and events, and one controller at a time may
//! reload species and creature files, touch a creature with the hand, set its phase,
//! break on a condition, pause, step and go on, and hold a tree's verdict for an object.
//! Beyond SPEC §23, any client may ask for a creature's mind (its save's text), the
//! reasons of its decision now (Why?) or the heat of one of its trees, which serve tells.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use creature_core::error::LoadError;
use creature_core::file_writer::{self, Policy};
use creature_core::link::host::{Host, Request};
use creature_core::link::message::{Ask, Control, HandAct, Told, ToldHeat, Wanted};
use creature_core::link::token::Token;
use creature_core::mind::hand::Slap;
use creature_core::names::Desire;
use creature_core::project::Project;
use creature_core::species::data::{Data, TreeKind};
use creature_core::world::link_state;
use creature_core::world::sim::Act;
use creature_workspace::heat::Heat;
use creature_workspace::live_preview::LivePreview;
use creature_workspace::opening_creature::opening_creature;
use serde_json::json;

use super::{CliResult, bounds};

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The project folder (with a studio.ron) whose preview the game runs.
    #[arg(long)]
    pub project: PathBuf,
    /// How many creatures run, each the project's preview from its own seed: 1 to 64.
    #[arg(long, default_value_t = 1, value_parser = bounds::count(1..=64))]
    pub creatures: usize,
    /// The address to listen on: this machine only unless told otherwise.
    #[arg(long, default_value = "127.0.0.1:7878")]
    pub listen: String,
    /// Writes the run's token to this file, which only its user can read.
    #[arg(long)]
    pub token_file: Option<PathBuf>,
    /// Replaces a token file already there.
    #[arg(long)]
    pub force: bool,
    /// The most states a second a client may ask for: 1 to 60.
    #[arg(long, default_value_t = 30.0, value_parser = bounds::number(1.0..=60.0))]
    pub hz: f64,
    /// Wall-clock seconds to run, 0 to 604800 (a week); 0 runs until stopped.
    #[arg(long, default_value_t = 0.0, value_parser = bounds::number(0.0..=bounds::WEEK))]
    pub seconds: f64,
    /// The seed of the first creature; the others follow it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The time a turn of the loop gives the link, whatever its clients do.
const LINK_BUDGET: Duration = Duration::from_millis(2);

/// How long the loop sleeps between turns.
const IDLE: Duration = Duration::from_millis(2);

pub fn run(args: &ServeArgs) -> CliResult {
    let project = Project::open(&args.project)?;
    // The creature the editor opens the project on, by the one rule.
    let data = Data::load_dir(&project.species_dir())?;
    let creature = opening_creature(&project, &data).map(|(path, _)| path);
    let mut previews = Vec::with_capacity(args.creatures);
    for i in 0..args.creatures as u64 {
        previews.push(LivePreview::open_on(&project, args.seed + i, creature.as_deref())?);
    }
    let token = Token::random()?;
    if let Some(path) = &args.token_file {
        write_private(path, token.text(), args.force)?;
    }
    let mut host = Host::bind(args.listen.as_str(), token.clone(), welcome(&previews), args.hz)
        .map_err(|e| format!("{}: cannot listen: {e}", args.listen))?;
    host.tell_asks();
    let addr = host.local_addr().map_err(|e| e.to_string())?;
    println!("{}", json!({"event": "listening", "address": addr.to_string(), "token": token.text()}));
    // Each creature's heat as last told, so that asking again plays only the new turns.
    let mut heats = vec![Heat::default(); previews.len()];
    let start = Instant::now();
    let mut last = start;
    loop {
        // A hit made by a request (a release that teaches) is told as one made by a turn.
        let hits_before: Vec<_> = previews.iter().map(|p| p.breakpoints.hit.clone()).collect();
        for request in host.poll(LINK_BUDGET) {
            let result = carry_out(&mut host, &mut previews, &request);
            host.answer(&request, result);
            host.set_creatures(welcome(&previews));
        }
        for asked in host.take_asks() {
            let i = asked.ask.creature as usize;
            let told = match (previews.get(i), heats.get_mut(i)) {
                (Some(p), Some(heat)) if asked.ask.what == Wanted::Heat => told_heat(p, heat, &asked.ask),
                (Some(p), _) => link_state::told(p.sim(), &asked.ask),
                _ => Err(format!("there is no creature {}; they are 0 to {}", asked.ask.creature, previews.len() - 1)),
            };
            host.tell(&asked, told);
        }
        let now = Instant::now();
        let wall = now.duration_since(last).as_secs_f64();
        last = now;
        for ((id, p), was_hit) in (0u32..).zip(previews.iter_mut()).zip(hits_before) {
            p.advance(wall);
            publish_events(&mut host, p, id);
            if let Some(hit) = p.breakpoints.hit.as_ref().filter(|h| Some(*h) != was_hit.as_ref()) {
                let what = hit.what.to_string();
                host.publish_event(id, &json!({"t": "event", "creature": id, "sim_time": p.sim_time(), "event": "breakpoint", "what": what}));
            }
        }
        let states: Vec<_> = host
            .due(now)
            .into_iter()
            .filter_map(|id| Some((id, link_state::state(previews.get(id as usize)?.sim(), id))))
            .collect();
        host.publish_states(now, &states);
        if args.seconds > 0.0 && now.duration_since(start).as_secs_f64() >= args.seconds {
            return Ok(());
        }
        std::thread::sleep(IDLE);
    }
}

/// The heat `ask` wants of creature `p` runs: its tree of the desire and kind asked,
/// built from its examples now, and per node the asks of the last seconds that passed
/// it, counted over the recording by the studio's own heat ([`Heat::update`]).
fn told_heat(p: &LivePreview, heat: &mut Heat, ask: &Ask) -> Result<Told, String> {
    let of = ask.heat.ok_or("a heat ask names its tree and window")?;
    let sim = p.shown();
    let built;
    let tree = match sim.built_tree(of.desire, of.kind) {
        Some(tree) => tree,
        None => {
            built = sim.creature().tree(of.desire, of.kind).tree(&sim.data().attributes);
            &built
        }
    };
    let counts = heat
        .update(p, of.desire, of.kind, tree, of.seconds)
        .ok_or("the run's recording cannot be played again to count the heat")?
        .to_vec();
    let told = ToldHeat { desire: of.desire, kind: of.kind, seconds: of.seconds, counts };
    Ok(Told { heat: Some(told), ..Told::of(ask.creature, Wanted::Heat, sim.time()) })
}

/// The `welcome`'s list: each creature as it is now.
fn welcome(previews: &[LivePreview]) -> Vec<serde_json::Value> {
    (0u32..).zip(previews).map(|(id, p)| link_state::creature(p.sim(), id)).collect()
}

fn publish_events(host: &mut Host, p: &mut LivePreview, id: u32) {
    for e in p.take_events() {
        if let Some(v) = link_state::event(p.sim(), id, &e) {
            host.publish_event(id, &v);
        }
    }
}

/// Carries out a controller's request on the previews, as the editor would.
fn carry_out(host: &mut Host, previews: &mut [LivePreview], request: &Request) -> Result<(), String> {
    let one = |previews: &mut [LivePreview], creature: u32| -> Result<usize, String> {
        let i = creature as usize;
        if i < previews.len() {
            Ok(i)
        } else {
            Err(format!("there is no creature {creature}; they are 0 to {}", previews.len() - 1))
        }
    };
    match &request.control {
        Control::Reload { file, text } => reload(host, previews, file, text),
        Control::Hand { creature, act } => {
            let i = one(previews, *creature)?;
            let act = match act {
                HandAct::Hold => Act::Hold,
                HandAct::Stroke => Act::Stroke,
                HandAct::SlapGentle => Act::Slap(Slap::Gentle),
                HandAct::SlapHard => Act::Slap(Slap::Hard),
                HandAct::Release => Act::Release,
            };
            previews[i].act(act).map(|_| ())
        }
        Control::Phase { creature, phase } => {
            let i = one(previews, *creature)?;
            let last = creature_core::species::data::PHASE_COUNT - 1;
            if usize::from(*phase) > last {
                return Err(format!("a phase is 0 to {last}, not {phase}"));
            }
            previews[i].act(Act::Phase(*phase)).map(|_| ())
        }
        Control::Break { creature, condition } => {
            let i = one(previews, *creature)?;
            let p = &mut previews[i];
            let sim = p.sim().clone();
            p.breakpoints.add(condition, &sim).map_err(|e| e.to_string())
        }
        Control::Unbreak { creature, condition } => {
            let i = one(previews, *creature)?;
            let p = &mut previews[i];
            let at = p.breakpoints.list().iter().position(|b| b.text == *condition);
            let at = at.ok_or_else(|| format!("creature {creature} has no breakpoint `{condition}`"))?;
            p.breakpoints.remove(at);
            Ok(())
        }
        Control::Pause => {
            previews.iter_mut().for_each(|p| _ = p.set_speed(0.0));
            Ok(())
        }
        Control::Continue => {
            previews.iter_mut().for_each(|p| _ = p.set_speed(1.0));
            Ok(())
        }
        Control::Step { turns } => {
            let turns = (*turns).clamp(1, 36_000);
            previews.iter_mut().for_each(|p| _ = p.run(turns));
            Ok(())
        }
        Control::Force { creature, tree, object, verdict } => {
            let i = one(previews, *creature)?;
            let (desire, tree) = tree_named(tree)?;
            previews[i].act(Act::Force { desire, tree, object: object.clone(), verdict: *verdict }).map(|_| ())
        }
        Control::Unforce { creature, tree, object } => {
            let i = one(previews, *creature)?;
            let (desire, tree) = tree_named(tree)?;
            previews[i].act(Act::Unforce { desire, tree, object: object.clone() }).map(|_| ())
        }
    }
}

/// A tree as a `force` names it: a desire (both its trees), or a desire and `Activity`
/// or `ActOn` after a space, a dot or a slash.
fn tree_named(tree: &str) -> Result<(Desire, Option<TreeKind>), String> {
    let mut words = tree.split([' ', '.', '/']).filter(|w| !w.is_empty());
    let desire = Desire::parse(words.next().unwrap_or(""))?;
    let kind = match words.next() {
        None => None,
        Some("Activity") => Some(TreeKind::Activity),
        Some("ActOn") => Some(TreeKind::ActOn),
        Some(other) => return Err(format!("a desire has an Activity and an ActOn tree, not `{other}`")),
    };
    match words.next() {
        None => Ok((desire, kind)),
        Some(more) => Err(format!("`{tree}` names a tree and then `{more}`: expected a desire and its tree")),
    }
}

/// A file's text put into every creature's run, as a hot reload of that file would: a
/// species folder file (`cow.ron`, `desires.ron`, `phases.ron`, …) or a creature save
/// (`*.creature.ron`, or any text that reads as one). Refused with the file's positions;
/// each creature's `reloaded` or `reload_failed` event tells every client.
fn reload(host: &mut Host, previews: &mut [LivePreview], file: &str, text: &str) -> Result<(), String> {
    let name =
        Path::new(file).file_name().and_then(|n| n.to_str()).ok_or_else(|| format!("`{file}` is not a file name"))?;
    let in_species = previews[0].species_texts().iter().any(|(n, _)| n == name);
    for (id, p) in (0u32..).zip(previews.iter_mut()) {
        let done = if in_species {
            p.reload_species(&[(name.to_owned(), text.to_owned())])
        } else {
            p.reload_creature(text.to_owned())
        };
        let refused = LoadError::whole_file(name, "the reload was refused");
        let first = done.as_ref().copied().map_err(|e| e.first().unwrap_or(&refused));
        host.publish_event(id, &link_state::reload(p.sim(), id, name, first));
        done.map_err(|errors| {
            let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
            lines.join("\n")
        })?;
    }
    Ok(())
}

/// Writes the token where only the user can read it: the file is first made empty and
/// private, so that the save that puts the token in keeps those permissions from its
/// first byte.
fn write_private(path: &Path, token: &str, force: bool) -> Result<(), String> {
    file_writer::write(path, b"", &Policy::forced(force).flag("--token-file"))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .map_err(|e| format!("{}: cannot make the token file private: {e}", path.display()))?;
    }
    file_writer::write(path, format!("{token}\n").as_bytes(), &Policy::replacing())
}
