//! Every command that has a key, with its key and where the key is live (rerun's
//! `UICommand` shortcuts, Zed's key contexts): the menus and the palette show these keys,
//! the editor reads them here and nowhere else, and a test fails when two commands of
//! one scope share a key.

use creature_core::mind::hand::Slap;
use creature_core::world::sim::Act;
use egui::{Key, KeyboardShortcut, Modifiers};

use super::Command;
use super::UiCommand;
use super::preview::PreviewCommand;
use super::time::TimeCommand;
use super::{ArenaCommand, ArenaKey};

/// Where a key is live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Anywhere, while no palette, prompt or question is open.
    Global,
    /// While the preview panel is shown, no arena match runs and nothing takes typing.
    Preview,
    /// While an arena match runs with the keyboard side playing: keys are held, and read
    /// every frame.
    Arena,
}

impl Scope {
    /// Whether keys of `self` and `other` can be live at once. The preview's keys rest
    /// while a match runs and the arena's only live while one does, so those two never
    /// are; global keys are live with every scope.
    pub fn overlaps(self, other: Scope) -> bool {
        self == other || self == Scope::Global || other == Scope::Global
    }
}

/// A command a person can run by name, with its key if it has one.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    pub command: Command,
    pub scope: Scope,
    pub key: Option<KeyboardShortcut>,
}

const fn bind(command: Command, scope: Scope, modifiers: Modifiers, key: Key) -> Binding {
    Binding { command, scope, key: Some(KeyboardShortcut::new(modifiers, key)) }
}

const fn unbound(command: Command) -> Binding {
    Binding { command, scope: Scope::Global, key: None }
}

const NONE: Modifiers = Modifiers::NONE;
const CMD: Modifiers = Modifiers::COMMAND;
const SHIFT: Modifiers = Modifiers::SHIFT;
const CMD_SHIFT: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);
const CMD_ALT: Modifiers = Modifiers::COMMAND.plus(Modifiers::ALT);

const fn global(command: Command, modifiers: Modifiers, key: Key) -> Binding {
    bind(command, Scope::Global, modifiers, key)
}

const fn preview(command: PreviewCommand, key: Key) -> Binding {
    bind(Command::Preview(command), Scope::Preview, NONE, key)
}

const fn time(command: TimeCommand, modifiers: Modifiers, key: Key) -> Binding {
    bind(Command::Time(command), Scope::Preview, modifiers, key)
}

const fn arena(k: ArenaKey, modifiers: Modifiers, key: Key) -> Binding {
    bind(Command::Arena(ArenaCommand::Press(k)), Scope::Arena, modifiers, key)
}

/// The commands a person can run by name, in menu order. A command listed twice has a
/// second key (Ctrl+Y redoes, Ctrl+P opens the palette); menus show the first.
pub const BINDINGS: &[Binding] = &[
    global(Command::Ui(UiCommand::OpenProject), CMD_SHIFT, Key::O),
    global(Command::Ui(UiCommand::OpenFile), CMD, Key::O),
    global(Command::Ui(UiCommand::OpenPath), CMD, Key::L),
    global(Command::Ui(UiCommand::Save), CMD, Key::S),
    global(Command::Ui(UiCommand::SaveAs), CMD_SHIFT, Key::S),
    global(Command::Ui(UiCommand::SaveAll), CMD_ALT, Key::S),
    unbound(Command::Ui(UiCommand::Revert)),
    global(Command::Ui(UiCommand::Reload), NONE, Key::F5),
    global(Command::Ui(UiCommand::Undo), CMD, Key::Z),
    global(Command::Ui(UiCommand::Redo), CMD_SHIFT, Key::Z),
    global(Command::Ui(UiCommand::Redo), CMD, Key::Y),
    global(Command::Ui(UiCommand::Palette), CMD_SHIFT, Key::P),
    global(Command::Ui(UiCommand::Palette), CMD, Key::P),
    unbound(Command::Ui(UiCommand::ResetLayout)),
    global(Command::Ui(UiCommand::MaximiseFocused), NONE, Key::F11),
    global(Command::Ui(UiCommand::NewbornsBorn), CMD, Key::B),
    global(Command::Ui(UiCommand::FitGraph), CMD, Key::Num0),
    global(Command::Ui(UiCommand::Play), NONE, Key::F6),
    global(Command::Ui(UiCommand::ApplyLesson), CMD, Key::Enter),
    global(Command::Ui(UiCommand::Quit), CMD, Key::Q),
    preview(PreviewCommand::TogglePause, Key::Space),
    Binding { command: Command::Preview(PreviewCommand::StepTurn), scope: Scope::Preview, key: None },
    preview(PreviewCommand::Act(Act::Hold), Key::H),
    preview(PreviewCommand::Act(Act::Stroke), Key::T),
    preview(PreviewCommand::Act(Act::Slap(Slap::Gentle)), Key::G),
    preview(PreviewCommand::Act(Act::Slap(Slap::Hard)), Key::B),
    preview(PreviewCommand::Act(Act::Release), Key::R),
    time(TimeCommand::Step(-1), NONE, Key::ArrowLeft),
    time(TimeCommand::Step(1), NONE, Key::ArrowRight),
    time(TimeCommand::Marker(false), SHIFT, Key::ArrowLeft),
    time(TimeCommand::Marker(true), SHIFT, Key::ArrowRight),
    time(TimeCommand::Hit(false), NONE, Key::PageUp),
    time(TimeCommand::Hit(true), NONE, Key::PageDown),
    time(TimeCommand::Bookmark(false), SHIFT, Key::PageUp),
    time(TimeCommand::Bookmark(true), SHIFT, Key::PageDown),
    time(TimeCommand::ScrubTo(0), NONE, Key::Home),
    time(TimeCommand::Head, NONE, Key::End),
    arena(ArenaKey::Left, NONE, Key::ArrowLeft),
    arena(ArenaKey::Right, NONE, Key::ArrowRight),
    arena(ArenaKey::Up, NONE, Key::ArrowUp),
    arena(ArenaKey::Down, NONE, Key::ArrowDown),
    arena(ArenaKey::Light, NONE, Key::Z),
    arena(ArenaKey::Heavy, NONE, Key::X),
    arena(ArenaKey::Low, NONE, Key::C),
    arena(ArenaKey::Block, NONE, Key::Space),
    arena(ArenaKey::DashLeft, SHIFT, Key::ArrowLeft),
    arena(ArenaKey::DashRight, SHIFT, Key::ArrowRight),
    arena(ArenaKey::Projectile, NONE, Key::A),
    arena(ArenaKey::AntiAir, NONE, Key::S),
    arena(ArenaKey::Throw, NONE, Key::D),
    bind(Command::Arena(ArenaCommand::HandOver(0)), Scope::Arena, NONE, Key::F1),
    bind(Command::Arena(ArenaCommand::HandOver(1)), Scope::Arena, NONE, Key::F2),
];

/// The key of `c` (its first), if it has one.
pub fn shortcut(c: &Command) -> Option<KeyboardShortcut> {
    BINDINGS.iter().find(|b| b.command == *c).and_then(|b| b.key)
}

/// Every command a person can run by name, once each, in menu order.
pub fn named() -> impl Iterator<Item = &'static Binding> {
    BINDINGS.iter().enumerate().filter(|(i, b)| !BINDINGS[..*i].iter().any(|e| e.command == b.command)).map(|(_, b)| b)
}

/// The commands of `scope`, once each, in menu order.
pub fn commands_of(scope: Scope) -> impl Iterator<Item = &'static Command> {
    named().filter(move |b| b.scope == scope).map(|b| &b.command)
}

/// The commands of `scope` whose keys were pressed this frame and that `allowed`
/// lets through, each press taken from the input so that nothing else reads it. The
/// most specific keys go first, so that Ctrl+Shift+S is never taken for Ctrl+S, nor
/// Shift+Left for Left.
pub fn pressed(ctx: &egui::Context, scope: Scope, allowed: impl Fn(&Command) -> bool) -> Vec<Command> {
    let mut keyed: Vec<(KeyboardShortcut, &Command)> = BINDINGS
        .iter()
        .filter(|b| b.scope == scope && allowed(&b.command))
        .filter_map(|b| b.key.map(|k| (k, &b.command)))
        .collect();
    keyed.sort_by_key(|(k, _)| std::cmp::Reverse(u8::from(k.modifiers.shift) + u8::from(k.modifiers.alt)));
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        for (k, c) in keyed {
            if i.consume_shortcut(&k) {
                out.push(c.clone());
            }
        }
    });
    out
}

/// The arena keys held down now. A key counts whatever else is held, as a fighting
/// game's keys do, except that a key bound with Shift needs Shift too.
pub fn held_arena_keys(ctx: &egui::Context) -> Vec<ArenaKey> {
    ctx.input(|i| {
        BINDINGS
            .iter()
            .filter_map(|b| match (&b.command, b.key) {
                (Command::Arena(ArenaCommand::Press(a)), Some(k))
                    if i.key_down(k.logical_key) && (!k.modifiers.shift || i.modifiers.shift) =>
                {
                    Some(*a)
                }
                _ => None,
            })
            .collect()
    })
}

/// Every two bindings of `list` that share a key while both can be live, as their
/// indices.
pub fn clashes(list: &[Binding]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (i, a) in list.iter().enumerate() {
        for (j, b) in list.iter().enumerate().skip(i + 1) {
            if a.key.is_some() && a.key == b.key && a.scope.overlaps(b.scope) {
                out.push((i, j));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_for_clashing_command_shortcuts() {
        let found: Vec<String> = clashes(BINDINGS)
            .into_iter()
            .map(|(i, j)| {
                format!(
                    "{} and {} share {:?}",
                    BINDINGS[i].command.label(),
                    BINDINGS[j].command.label(),
                    BINDINGS[i].key
                )
            })
            .collect();
        assert!(found.is_empty(), "{found:#?}");
    }

    #[test]
    fn a_shared_key_clashes_in_one_scope_and_with_global_keys_but_not_across_scopes() {
        let list = [
            bind(Command::Ui(UiCommand::Save), Scope::Global, CMD, Key::S),
            bind(Command::Preview(PreviewCommand::StepTurn), Scope::Preview, NONE, Key::Space),
            bind(Command::Arena(ArenaCommand::Press(ArenaKey::Block)), Scope::Arena, NONE, Key::Space),
            bind(Command::Preview(PreviewCommand::TogglePause), Scope::Preview, NONE, Key::Space),
            bind(Command::Arena(ArenaCommand::Press(ArenaKey::AntiAir)), Scope::Arena, CMD, Key::S),
            bind(Command::Ui(UiCommand::SaveAs), Scope::Global, CMD_SHIFT, Key::S),
        ];
        assert_eq!(clashes(&list), vec![(0, 4), (1, 3)]);
    }

    #[test]
    fn every_key_the_preview_and_the_arena_answer_is_a_command_with_its_key() {
        let keys = |s: Scope| -> Vec<Key> {
            BINDINGS.iter().filter(|b| b.scope == s).filter_map(|b| b.key.map(|k| k.logical_key)).collect()
        };
        for k in [Key::H, Key::T, Key::G, Key::B, Key::R, Key::Space, Key::ArrowLeft, Key::Home, Key::End] {
            assert!(keys(Scope::Preview).contains(&k), "{k:?} in the preview");
        }
        for k in [Key::ArrowUp, Key::Z, Key::X, Key::C, Key::Space, Key::A, Key::S, Key::D] {
            assert!(keys(Scope::Arena).contains(&k), "{k:?} in the arena");
        }
        assert_eq!(
            shortcut(&Command::Ui(UiCommand::Redo)).map(|k| k.logical_key),
            Some(Key::Z),
            "menus show the first key"
        );
        assert_eq!(commands_of(Scope::Global).filter(|c| **c == Command::Ui(UiCommand::Redo)).count(), 1);
    }
}
