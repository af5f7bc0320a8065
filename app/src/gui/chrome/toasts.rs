//! Toasts: short messages in the corner of the window that go by themselves.

/// How long a toast stays on screen, in seconds.
const TOAST_SECONDS: f64 = 6.0;
/// The most toasts shown at once; older ones give way.
const MAX_TOASTS: usize = 5;

/// A short message in the corner of the window.
#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    pub text: String,
    pub error: bool,
    /// `ctx` time (seconds) at which it goes.
    pub until: f64,
}

/// The toasts on screen.
#[derive(Default)]
pub struct Toasts(pub Vec<Toast>);

impl Toasts {
    pub fn push(&mut self, now: f64, text: String, error: bool) {
        self.0.push(Toast { text, error, until: now + TOAST_SECONDS });
        if self.0.len() > MAX_TOASTS {
            self.0.remove(0);
        }
    }

    /// Drops the toasts whose time is up; returns the seconds until the next one goes.
    pub fn expire(&mut self, now: f64) -> Option<f64> {
        self.0.retain(|t| t.until > now);
        self.0.iter().map(|t| t.until - now).reduce(f64::min)
    }

    /// Draws the toasts over everything, in the bottom right corner.
    pub fn show(&self, ctx: &egui::Context) {
        if self.0.is_empty() {
            return;
        }
        egui::Area::new(egui::Id::new("live-toasts"))
            .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -36.0))
            .order(egui::Order::Foreground)
            .interactable(false)
            .show(ctx, |ui| {
                for t in &self.0 {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        ui.set_max_width(520.0);
                        let colour = if t.error { ui.visuals().error_fg_color } else { ui.visuals().text_color() };
                        ui.label(egui::RichText::new(&t.text).color(colour).monospace());
                    });
                }
            });
    }
}
