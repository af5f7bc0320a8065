//! The command line on the real binary and the real example project (SPEC §15), in one
//! test binary.

mod common;

mod bounds;
mod circles;
mod crash;
mod floors;
mod focus_source;
mod foundation;
mod hostile;
mod layers;
mod league;
mod league_shards;
mod learning;
mod lint_diff;
mod own_inputs;
mod panel_state;
mod parquet;
mod pinned;
mod preview;
mod recording;
mod robust;
mod scenario;
mod serve;
mod serve_run;
mod shadow;
mod shadow_compose;
mod shadow_curate;
mod sim;
mod train;
mod writers;
