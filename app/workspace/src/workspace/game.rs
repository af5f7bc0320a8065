//! The game attached to the open project (SPEC §23): attaching and letting go, the link
//! polled with the frame, and a saved species folder file or creature save pushed to the
//! game as a reload, so that a save in the editor reaches the game's creatures as it
//! reaches the preview.

use std::path::Path;
use std::time::Instant;

use creature_core::error::LoadError;
use creature_core::link::message::{Control, Role};

use super::Workspace;
use crate::document::DocId;
use crate::remote_game::RemoteGame;

/// States a second the editor asks of a game: enough for meters that move smoothly.
pub const GAME_HZ: f64 = 10.0;

impl Workspace {
    /// Attaches to the game at `address` with `token`; as the controller, saves are
    /// pushed to it. A game attached before is let go.
    pub fn attach_game(&mut self, address: &str, token: &str, role: Role) -> Result<(), String> {
        self.game = None;
        self.game = Some(RemoteGame::attach(address, token, role, GAME_HZ)?);
        Ok(())
    }

    /// Lets the attached game go; what was received of its run stays to look back over,
    /// until another game is attached.
    pub fn detach_game(&mut self) {
        if let Some(game) = self.game.as_mut() {
            game.let_go();
        }
    }

    /// Opens the game's run saved at `path` to look back over, in place of any game
    /// attached (which is let go); a file that does not load changes nothing.
    pub fn open_game_run(&mut self, path: &Path) -> Result<(), LoadError> {
        self.game = Some(RemoteGame::opened(path)?);
        Ok(())
    }

    /// Reads what the attached game sent; whether anything changed. A mind it told is
    /// read with the project's species folder.
    pub fn poll_game(&mut self) -> bool {
        let Some(game) = self.game.as_mut() else { return false };
        let changed = game.poll(Instant::now());
        if changed {
            game.read_minds(&self.data);
        }
        changed
    }

    /// After `id` was saved to `path` as `bytes`: a species folder file or a creature
    /// save goes to the attached game, when the studio controls it, as that file's reload.
    pub(crate) fn push_saved(&mut self, id: &DocId, path: &Path, bytes: &[u8]) {
        let Some(game) = self.game.as_mut().filter(|g| g.role == Role::Controller && g.attached()) else { return };
        if !matches!(id, DocId::Desires | DocId::Species(_) | DocId::Creature(_)) {
            return;
        }
        let (Some(name), Ok(text)) = (path.file_name().and_then(|n| n.to_str()), std::str::from_utf8(bytes)) else {
            return;
        };
        let control = Control::Reload { file: name.to_owned(), text: text.to_owned() };
        // A link lost as the save is sent is said by the next poll.
        let _ = game.ask(&format!("reload {name}"), &control);
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    use std::time::Duration;

    use creature_core::names::Species;

    use super::*;
    use crate::test_support::example_copy;

    const TOKEN: &str = "a-token-of-twenty-characters";

    #[test]
    fn a_saved_species_file_is_pushed_to_the_game_the_studio_controls() {
        if !Command::new("python3").args(["-c", "import websockets.sync.server"]).status().is_ok_and(|s| s.success()) {
            eprintln!("skipped: python3 with websockets is not installed here (CI installs it)");
            return;
        }
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools/link_host.py");
        let mut child = Command::new("python3").arg(script).args([TOKEN, "30"]).stdout(Stdio::piped()).spawn().unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
        let address = serde_json::from_str::<serde_json::Value>(&line).unwrap()["address"].as_str().unwrap().to_owned();

        let tmp = example_copy();
        let mut ws = Workspace::open(&tmp.path().join("projects/example")).unwrap();
        ws.attach_game(&address, TOKEN, Role::Controller).unwrap();
        ws.save(&DocId::Species(Species::Cow)).unwrap();
        ws.save(&DocId::Lesson(tmp.path().join("nothing.lesson.ron"))).unwrap_err();
        let start = Instant::now();
        while ws.game.as_ref().unwrap().answers.is_empty() && start.elapsed() < Duration::from_secs(10) {
            ws.poll_game();
            std::thread::sleep(Duration::from_millis(5));
        }
        let answers = &ws.game.as_ref().unwrap().answers;
        assert_eq!(answers.len(), 1, "{answers:?}");
        assert_eq!(answers[0], ("reload cow.ron".to_owned(), Ok(())));
        child.kill().unwrap();
        child.wait().unwrap();
    }
}
