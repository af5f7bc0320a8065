//! Training to a target (SPEC §22): the target file, the lessons a trainer may give,
//! the search for the fewest of them that make the target hold on every seed, and the
//! report per species as a Parquet table.

pub mod moves;
pub mod report_parquet;
pub mod search;
pub mod searched;
pub mod target;

pub use search::{
    Beginning, Closest, DEFAULT_BUDGET, DEFAULT_SEEDS, FIRST_SEED, MAX_BUDGET, MAX_SEEDS, Progress, Settings, Trained,
    Trainer, train_each, train_each_while,
};
pub use searched::Searched;
pub use target::{LoadedTarget, TARGET_SUFFIX, Target, check_file, is_target_file, load};
