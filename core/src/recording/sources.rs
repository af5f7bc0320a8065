//! The files a scenario runs from, as text (SPEC §17), and `scenario run --record`; a
//! scenario that stills sources runs on data no file holds, and is not recorded.

use super::format::{Recording, Sources};
use super::recorder::Recorder;
use crate::error::LoadResult;
use crate::file_reader::read_text;
use crate::scenario::file::{Expect, Loaded};
use crate::scenario::run::{Outcome, Prepared, check_state_at, prepare, run_with};
use crate::species::data::Data;
use crate::world::file::BUILTIN_WORLD;

impl Sources {
    /// The texts a prepared scenario runs from: its species folder (or the built-in
    /// data), its world file (or the bundled village) and its creature as it starts
    /// (with the scenario's phase).
    pub fn of_scenario(p: &Prepared) -> LoadResult<Sources> {
        let sc = &p.loaded.scenario;
        if !sc.sources.is_empty() {
            let m = "the scenario stills desires' sources (`sources`), which changes its species data for the run: \
                     a recording keeps the data's files as they are, so it cannot be recorded";
            let (line, col) = crate::ronpos::Placer::new(&p.loaded.text).field("sources");
            return Err(vec![crate::error::LoadError::new(&p.loaded.file, line, col, m)]);
        }
        let species = Data::texts(sc.species_dir.as_ref().map(|d| p.loaded.resolve(d)).as_deref())?;
        let world = match &sc.world {
            Some(w) => read_text(&p.loaded.resolve(w)).map_err(|e| vec![e])?,
            None => BUILTIN_WORLD.to_owned(),
        };
        Ok(Sources { species, creature: p.sim.creature().to_ron(), world })
    }
}

/// Runs a prepared scenario as [`crate::scenario::run()`] does, recording it.
pub fn run_scenario_recorded(p: Prepared, state_at: Option<f64>) -> LoadResult<(Outcome, Recording)> {
    let start = Sources::of_scenario(&p)?;
    let Prepared { loaded, sim } = p;
    let mut recorder = Recorder::new(sim, loaded.scenario.seed, start);
    recorder.forward_events(true);
    let out = run_with(&mut recorder, &loaded, state_at);
    Ok((out, recorder.into_recording()))
}

/// [`run_file`](crate::scenario::run_file) on a scenario already loaded, recording the
/// run (SPEC §17 `scenario run --record`): the caller has read the file once, to know
/// what the recording must not overwrite, and the run uses that same reading.
pub fn run_file_recorded(loaded: Loaded, state_at: Option<f64>) -> LoadResult<(Outcome, Vec<Expect>, Recording)> {
    check_state_at(std::path::Path::new(&loaded.file), &loaded, state_at)?;
    let expect = loaded.scenario.expect.clone();
    let (out, rec) = run_scenario_recorded(prepare(loaded)?, state_at)?;
    Ok((out, expect, rec))
}
