//! Image snapshots of the whole editor at a laptop's 1280×720 and a desktop's
//! 1920×1080: the default layout on a first run, and with the example creature open the
//! Creature panel, the Tree (at first sight, after Fit and after a search), the Preview
//! (paused), the Examples and the bank view. Run
//! with `--features snapshots`; `UPDATE_SNAPSHOTS=1` rewrites the images.

#![cfg(feature = "snapshots")]

use creature_studio::gui::command::{Command, DockCommand, PreviewCommand, UiCommand};
use creature_studio::gui::panels;
use egui_kittest::kittest::Queryable;

use crate::support::{project_copy_at, settle, studio_sized, until_bank_work_done};

#[test]
fn every_named_view_on_a_laptop() {
    every_named_view(1280.0, 720.0);
}

#[test]
fn every_named_view_on_a_desktop() {
    every_named_view(1920.0, 1080.0);
}

/// The pixels two runs may differ by.
const STRICT: usize = 16;

fn every_named_view(w: f32, h: f32) {
    // The tree is laid out from sizes known before it is drawn, so two runs draw the
    // same pixels: a few of tolerance, for the rasteriser's rounding.
    let options = egui_kittest::SnapshotOptions::new().max_failed_pixels(STRICT);
    {
        let size = format!("{w}x{h}");
        // The start page shows the project's path: a copy at a fixed place draws the
        // same pixels wherever the repository is checked out.
        let project = project_copy_at(&std::env::temp_dir().join(format!("creature-studio-layout-{size}")));
        let mut app = studio_sized(&project, egui::vec2(w, h));
        app.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
        settle(&mut app);
        app.snapshot_options(format!("layout_default_{size}"), &options);
        app.get_by_label("🐄 Open the example creature").click();
        settle(&mut app);
        for (name, tab) in [
            ("creature", panels::creature::TAB),
            ("tree", panels::graph::TAB),
            ("tree_fit", panels::graph::TAB),
            ("tree_search", panels::graph::TAB),
            ("preview", panels::village::TAB),
            ("examples", panels::examples::TAB),
            ("bank", creature_studio::gui::shadow::panels::bank::TAB),
        ] {
            app.state_mut().run(Command::Dock(DockCommand::Show(tab)));
            match name {
                "tree_fit" => app.state_mut().run(UiCommand::FitGraph),
                "tree_search" => {
                    app.state_mut().graph_mut().search("sheep");
                }
                _ => {}
            }
            settle(&mut app);
            if name == "bank" {
                assert!(until_bank_work_done(&mut app), "the bank view's curation finishes");
                settle(&mut app);
            }
            app.snapshot_options(format!("layout_{name}_{size}"), &options);
        }
    }
}
