//! What surrounds the panels: the menu and status bars, the command palette, the modal
//! questions, the file dialogs, the dock, the toasts, the recent projects' names and the
//! window's first size. Each draws from what it is given and returns the person's answer
//! or commands; the studio applies them.

pub mod chooser;
pub mod dialogs;
pub mod dock;
pub mod file_browser;
pub mod menu;
pub mod modal;
pub mod palette;
pub mod recent;
pub mod toasts;
pub mod window;
