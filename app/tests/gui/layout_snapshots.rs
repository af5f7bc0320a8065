//! Image snapshots of the whole editor at a laptop's 1280×720 and a desktop's
//! 1920×1080: the default layout on a first run, and with the example creature open the
//! Creature panel, the Tree, the Preview (paused), the Examples and the bank view. Run
//! with `--features snapshots`; `UPDATE_SNAPSHOTS=1` rewrites the images.

#![cfg(feature = "snapshots")]

use creature_studio::gui::command::{Command, PreviewCommand};
use creature_studio::gui::panels;
use egui_kittest::kittest::Queryable;

use crate::support::{example, settle, studio_sized, until_bank_work_done};

#[test]
fn every_named_view_on_a_laptop() {
    every_named_view(1280.0, 720.0);
}

#[test]
fn every_named_view_on_a_desktop() {
    every_named_view(1920.0, 1080.0);
}

fn every_named_view(w: f32, h: f32) {
    // egui-snarl sizes a node's frame from the frame before, and a few pixels of each
    // tree leaf's frame differ from run to run (up to about 7,000 with a desktop's many
    // leaves); a changed layout moves hundreds of thousands.
    let options = egui_kittest::SnapshotOptions::new().max_failed_pixels(15_000);
    {
        let size = format!("{w}x{h}");
        let mut app = studio_sized(&example(), egui::vec2(w, h));
        app.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
        settle(&mut app);
        app.snapshot_options(format!("layout_default_{size}"), &options);
        app.get_by_label("🐄 Open the example creature").click();
        settle(&mut app);
        for (name, tab) in [
            ("creature", panels::creature::TAB),
            ("tree", panels::graph::TAB),
            ("preview", panels::village::TAB),
            ("examples", panels::examples::TAB),
            ("bank", panels::bank::TAB),
        ] {
            app.state_mut().run(Command::ShowTab(tab));
            settle(&mut app);
            if name == "bank" {
                assert!(until_bank_work_done(&mut app), "the bank view's curation finishes");
                settle(&mut app);
            }
            app.snapshot_options(format!("layout_{name}_{size}"), &options);
        }
    }
}
