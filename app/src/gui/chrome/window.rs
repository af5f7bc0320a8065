//! The editor's window: the size it first opens at, and its fit to the screen it lands
//! on, so that the status bar (the creature picker, the messages) is never off-screen.

/// The first window's inner size: it fits a laptop's 1280 × 720 screen under a window
/// manager's title bar and a desktop panel.
pub const FIRST_SIZE: egui::Vec2 = egui::vec2(1200.0, 640.0);
/// The size the window grows to on a screen with room for it.
pub const ROOMY_SIZE: egui::Vec2 = egui::vec2(1600.0, 1000.0);
/// What a screen keeps outside a window's inner area: a title bar and a panel above or
/// below, the window's frame at the sides.
const CHROME: egui::Vec2 = egui::vec2(16.0, 80.0);

/// The window the editor opens: [`FIRST_SIZE`], no smaller than a usable editor.
pub fn viewport() -> egui::ViewportBuilder {
    egui::ViewportBuilder::default()
        .with_title("Creature Studio")
        .with_app_id("creature-studio")
        .with_inner_size(FIRST_SIZE)
        .with_min_inner_size([800.0, 500.0])
}

/// What the first frame asks of the window on a monitor of `monitor` points, the window's
/// inner size being `inner`: maximised when it does not fit (the window manager then
/// keeps it inside the work area), grown to [`ROOMY_SIZE`] when it opened at
/// [`FIRST_SIZE`] on a screen with room for that, else nothing. Nothing either when the
/// monitor is not known.
pub fn first_fit(monitor: Option<egui::Vec2>, inner: egui::Vec2) -> Option<egui::ViewportCommand> {
    let room = monitor? - CHROME;
    if inner.x > room.x || inner.y > room.y {
        return Some(egui::ViewportCommand::Maximized(true));
    }
    let first = (inner - FIRST_SIZE).length() < 1.0;
    (first && ROOMY_SIZE.x <= room.x && ROOMY_SIZE.y <= room.y).then_some(egui::ViewportCommand::InnerSize(ROOMY_SIZE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_window_fits_a_laptops_screen_with_its_title_bar_and_panel() {
        let size = viewport().inner_size.expect("an inner size");
        assert!(size.x + CHROME.x <= 1280.0 && size.y + CHROME.y <= 720.0, "{size:?}");
    }

    #[test]
    fn a_window_larger_than_its_screen_is_maximised_and_a_roomy_screen_grows_the_first() {
        let laptop = Some(egui::vec2(1280.0, 720.0));
        let desktop = Some(egui::vec2(1920.0, 1080.0));
        assert_eq!(first_fit(laptop, egui::vec2(1280.0, 720.0)), Some(egui::ViewportCommand::Maximized(true)));
        assert_eq!(first_fit(laptop, ROOMY_SIZE), Some(egui::ViewportCommand::Maximized(true)));
        assert_eq!(first_fit(laptop, FIRST_SIZE), None, "the first size fits a laptop");
        assert_eq!(first_fit(desktop, FIRST_SIZE), Some(egui::ViewportCommand::InnerSize(ROOMY_SIZE)));
        // A size the person chose, which fits, is kept.
        assert_eq!(first_fit(desktop, egui::vec2(1400.0, 900.0)), None);
        assert_eq!(first_fit(None, ROOMY_SIZE), None, "an unknown monitor leaves the window alone");
    }
}
