//! The editor's UI tests: the real app driven through egui_kittest, in one test binary
//! so the editor and wgpu are linked once. The image snapshots need the `snapshots`
//! feature and a Vulkan device (lavapipe will do).

mod support;

mod arena_keys;
mod arena_laptop;
mod bank_compose;
mod bank_curate;
mod bank_hand;
mod bank_rows;
mod breakpoints;
mod creature;
mod default_project;
mod desire_menu;
mod first_hour;
mod focus;
mod game;
mod game_run;
mod gauntlet;
mod glyphs;
mod hand_words;
mod heat;
mod hot_reload;
mod layout;
mod layout_snapshots;
mod league;
mod lesson;
mod lint;
mod live_path;
mod map;
mod messages;
mod one_truth;
mod own_dialog;
mod own_writes;
mod palette;
mod plot_legends;
mod preview;
mod query_typed;
mod scenarios;
mod shadow;
mod shadow_docs;
mod shadow_files;
mod shell;
mod snapshots;
mod source;
mod species;
mod start;
mod strip;
mod timeline;
mod train;
mod tree_layout;
mod watches;
mod why;
