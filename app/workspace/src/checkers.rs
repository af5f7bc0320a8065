//! The checkers of the file kinds whose formats core keeps beside the project's own
//! (lesson scripts, tree examples, shadow files, worlds), wired into core's `check`.

use creature_core::mind::{script, tree_file};
use creature_core::project::Checkers;
use creature_core::shadow::bank::{Bank, StateMap};
use creature_core::shadow::schema::Schema;
use creature_core::world::file::check_world;

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
    }
}
