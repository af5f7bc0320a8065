//! The checkers of the file kinds whose formats core keeps beside the project's own
//! (lesson scripts, tree examples, shadow files, gauntlets, worlds), wired into core's
//! `check`, and the shadow's rules for `check --lint`.

use creature_core::lint::FileRule;
use creature_core::mind::{script, tree_file};
use creature_core::project::Checkers;
use creature_core::world::file::check_world;
use creature_shadow::bank::{Bank, StateMap};
use creature_shadow::schema::Schema;
use creature_shadow::{fit, gauntlet, gauntlet_progress, lint};

/// The rules of `check --lint` beside core's own: the shadow's.
pub const LINT_RULES: &[FileRule] = &[lint::dead_features];

/// The checkers for every kind of studio file, for `check`, the problems panel and the
/// hot reload.
pub fn checkers() -> Checkers {
    Checkers {
        lesson_script: Some(script::check_file),
        tree_examples: Some(tree_file::check_file),
        shadow_schema: Some(|file, text, _| Schema::parse(file, text).err().into_iter().collect()),
        shadow_bank: Some(|file, text, _| Bank::parse_ron(file, text).err().into_iter().collect()),
        shadow_state: Some(|file, text, _| StateMap::parse(file, text).err().into_iter().collect()),
        world: Some(check_world),
        binary_bank: Some(fit::check_binary),
        bank_fit: Some(|path, dir| fit::check_file(path, true, dir)),
        state_fit: Some(|path, dir| fit::check_file(path, false, dir)),
        gauntlet: Some(gauntlet::check_text),
        gauntlet_progress: Some(gauntlet_progress::check_text),
    }
}
