//! `creature-studio preview --headless`: the live preview with hot reload (SPEC §15),
//! run for a number of wall-clock seconds, printing one line per event. (Without
//! `--headless` the binary opens the editor on the project instead.)

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use creature_workspace::{Change, Workspace};
use serde_json::json;

use super::{CliResult, bounds};

#[derive(clap::Args, Debug)]
pub struct PreviewArgs {
    /// Run without a window, printing events.
    #[arg(long)]
    pub headless: bool,
    /// The project folder (with a studio.ron).
    #[arg(long)]
    pub project: PathBuf,
    /// Wall-clock seconds to run (headless): 0 to 604800, a week.
    #[arg(long, default_value_t = 10.0, value_parser = bounds::number(0.0..=bounds::WEEK))]
    pub seconds: f64,
    /// Simulated seconds per wall second: 0 to 1000.
    #[arg(long, default_value_t = 1.0, value_parser = bounds::number(0.0..=bounds::MAX_SPEED))]
    pub speed: f64,
    /// The seed of the simulation.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print JSON lines (SPEC §15); without it, readable lines.
    #[arg(long)]
    pub json: bool,
}

/// How long the loop sleeps between its looks at the watcher and the clock: short, so
/// that a reload is printed within a few milliseconds of the watcher reporting it.
const IDLE: Duration = Duration::from_millis(2);

pub fn run(args: &PreviewArgs) -> CliResult {
    if !args.headless {
        return Err("without --headless, `preview` opens the editor".into());
    }
    let mut ws = Workspace::open(&args.project)?;
    if !ws.start_preview(args.seed) {
        return Err(std::mem::take(&mut ws.preview_errors).into());
    }
    if let Some(p) = ws.preview.as_mut() {
        p.speed = args.speed;
    }
    ws.watch(|| {}).map_err(|e| format!("{}: cannot watch the project folder: {e}", args.project.display()))?;

    let out = std::io::stdout();
    let emit = |value: serde_json::Value, text: String| {
        let mut lock = out.lock();
        // A closed stdout ends the output, not the run's reloads.
        let _ = if args.json { writeln!(lock, "{value}") } else { writeln!(lock, "{text}") };
        let _ = lock.flush();
    };
    let start = Instant::now();
    let mut last = start;
    let mut next_tick = 1.0;
    loop {
        for change in ws.poll() {
            match &change {
                Change::Reloaded { file } => {
                    let f = file.display().to_string();
                    emit(json!({"event": "reloaded", "file": f}), format!("reloaded {f}"));
                }
                Change::Unchanged { .. } => {}
                Change::Removed { file } => {
                    let f = file.display().to_string();
                    emit(json!({"event": "removed", "file": f}), format!("{f} is gone; keeping the last good version"));
                }
                Change::Refused { file, errors } | Change::Failed { file, errors } => {
                    let f = file.display().to_string();
                    let e: Vec<String> = errors.iter().map(ToString::to_string).collect();
                    let e = e.join("\n");
                    let (event, text) = if matches!(change, Change::Refused { .. }) {
                        ("preview_refused", format!("{f} loaded, but the running preview cannot take it:\n{e}"))
                    } else {
                        ("reload_failed", format!("reload failed, keeping the last good version:\n{e}"))
                    };
                    emit(json!({"event": event, "file": f, "error": e}), text);
                }
            }
        }
        let now = Instant::now();
        let Some(preview) = ws.preview.as_mut() else { return Ok(()) };
        preview.advance(now.duration_since(last).as_secs_f64());
        last = now;
        let elapsed = now.duration_since(start).as_secs_f64();
        if elapsed >= next_tick {
            let t = preview.sim_time();
            emit(json!({"event": "tick", "sim_time": t}), format!("{elapsed:>6.1} s wall  {t:>10.1} s simulated"));
            next_tick += 1.0;
        }
        if elapsed >= args.seconds {
            return Ok(());
        }
        std::thread::sleep(IDLE);
    }
}
